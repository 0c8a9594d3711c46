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


def _top_level_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    top = set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.Try)):
            for sub in ast.walk(node):
                if isinstance(sub, ast.Import):
                    top |= {a.name for a in sub.names}
                elif isinstance(sub, ast.ImportFrom) and sub.module:
                    top.add(sub.module)
        elif isinstance(node, ast.ImportFrom) and node.module:
            top.add(node.module if node.module != "combat_cli" else
                    f"combat_cli.{node.names[0].name}")
    return top


def test_cli_module_imports_only_typer_at_top_level():
    light = {"__future__", "os", "sys", "pathlib", "typing", "collections.abc"}
    top = {m for m in _top_level_imports(ROOT / "combat_cli" / "cli.py")}
    assert top <= light | {"typer", "combat_cli.choices"}
    # the parameter types cli.py builds at import use nothing but typer's own click
    top = _top_level_imports(ROOT / "combat_cli" / "choices.py")
    assert {m.split(".")[0] for m in top} <= {m.split(".")[0] for m in light} | {"typer", "click"}
