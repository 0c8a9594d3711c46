"""The command line uses typer's public interface only (issue 23), so that a typer upgrade is a
version bump: no module imports a private module of typer or click (``typer._click``, the
click that typer >= 0.22 carries inside it; ``click._compat``...) or click itself (not the
click typer uses since 0.22), none reaches one through an attribute (``typer._click``), and
none patches a class it got from them (``Context.get_help = ...``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AREAS = ("combat_cli", "rulesets", "examples", "tools", "tests")
LIBRARIES = {"typer", "click"}


def _private(module: str) -> bool:
    parts = module.split(".")
    return parts[0] == "click" or (parts[0] in LIBRARIES and
                                   any(p.startswith("_") for p in parts[1:]))


def offences(path: Path) -> list[str]:
    """What ``path`` does against typer's public interface, one line each."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    imported: set[str] = set()   # the names bound to what typer and click define
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{node.lineno}: import {alias.name}")
                if alias.name.split(".")[0] in LIBRARIES:
                    imported.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] not in LIBRARIES:
                continue
            for alias in node.names:
                if _private(f"{node.module}.{alias.name}") or _private(node.module):
                    found.append(f"{node.lineno}: from {node.module} import {alias.name}")
                imported.add(alias.asname or alias.name)
        elif (isinstance(node, ast.Attribute) and node.attr.startswith("_")
              and not node.attr.startswith("__") and isinstance(node.value, ast.Name)
              and node.value.id in LIBRARIES):
            found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    for node in ast.walk(tree):
        targets = (node.targets if isinstance(node, ast.Assign) else
                   [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
        for target in targets:
            base = target
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(target, ast.Attribute) and isinstance(base, ast.Name) and \
                    base.id in imported:
                found.append(f"{node.lineno}: patches {ast.unparse(target)}")
    return found


def test_no_module_reaches_a_private_part_of_typer_or_click_or_patches_their_classes():
    files = [f for area in AREAS for f in (ROOT / area).rglob("*.py")
             if ".venv" not in f.parts and f.resolve() != Path(__file__).resolve()]
    assert len(files) > 100
    bad = {str(f.relative_to(ROOT)): o for f in files if (o := offences(f))}
    assert not bad, bad


def test_the_check_finds_each_kind_of_offence(tmp_path: Path) -> None:
    f = tmp_path / "bad.py"
    f.write_text("import typer\nimport click\nfrom typer._click.core import Context\n"
                 "from typer.core import TyperGroup\nfrom typer import _click\n"
                 "t = typer._click.types\nContext.get_help = print\n"
                 "TyperGroup.format_help = print\n", encoding="utf-8")
    assert offences(f) == ["2: import click", "3: from typer._click.core import Context",
                           "5: from typer import _click", "6: typer._click",
                           "7: patches Context.get_help", "8: patches TyperGroup.format_help"]
    f.write_text("import typer\nfrom typer.core import TyperCommand\n\n\n"
                 "class Command(TyperCommand):\n    name = 'x'\n\n\n"
                 "app = typer.Typer(cls=None)\nthing = typer.Option(None, metavar='N')\n",
                 encoding="utf-8")
    assert offences(f) == []
