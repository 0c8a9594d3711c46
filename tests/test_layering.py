"""engine/ and rulesets/ never import rich, prompt-toolkit or typer (rules never print)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"rich", "prompt_toolkit", "typer", "click"}


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module.split(".")[0])
    return out


def test_engine_dice_and_rulesets_do_not_import_ui_libraries():
    files = [*(ROOT / "combat_cli" / "engine").rglob("*.py"), *(ROOT / "combat_cli" / "dice").rglob("*.py"),
             *(ROOT / "rulesets").rglob("*.py")]
    assert files
    for f in files:
        bad = imports(f) & FORBIDDEN
        assert not bad, f"{f.relative_to(ROOT)} imports {bad}"


def test_cli_module_imports_only_typer_at_top_level():
    tree = ast.parse((ROOT / "combat_cli" / "cli.py").read_text())
    top = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            top |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            top.add(node.module.split(".")[0])
    assert top <= {"__future__", "os", "sys", "pathlib", "typing", "typer"}
