"""Import direction: engine/ and rulesets/ never import rich, prompt-toolkit or typer (rules never
print); no module of combat_cli imports rulesets, and the built-in rulesets import nothing of
combat_cli but combat_cli.api (the one contract)."""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"rich", "prompt_toolkit", "typer", "click"}


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@cache
def modules(path: Path) -> frozenset[str]:
    """Every module ``path`` imports, at any depth (TYPE_CHECKING and function-level too)."""
    tree = _tree(path)
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module == "combat_cli":
            out |= {f"combat_cli.{a.name}" for a in node.names}  # from combat_cli import api
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return frozenset(out)


def imports(path: Path) -> set[str]:
    return {m.split(".")[0] for m in modules(path)}


def test_the_core_never_imports_the_rulesets():
    files = list((ROOT / "combat_cli").rglob("*.py"))
    assert len(files) > 20
    for f in files:
        assert "combat_rulesets" not in imports(f), f"{f.relative_to(ROOT)} imports the rulesets"
        text = f.read_text(encoding="utf-8")
        assert "combat_rulesets." + "d6" not in text, f"{f.relative_to(ROOT)} names a built-in ruleset"


def test_rulesets_import_only_the_api_of_the_core():
    files = list((ROOT / "rulesets").rglob("*.py"))
    assert len(files) > 40
    for f in files:
        core = {m for m in modules(f) if m.split(".")[0] == "combat_cli"}
        assert core <= {"combat_cli.api"}, f"{f.relative_to(ROOT)} imports {core - {'combat_cli.api'}}"


def test_rulesets_hold_rules_only():
    """No contract, registry or base class lives beside the rules."""
    top = {p.name for p in (ROOT / "rulesets" / "combat_rulesets").iterdir() if p.suffix == ".py"}
    assert top == {"__init__.py"}
    init = (ROOT / "rulesets" / "combat_rulesets" / "__init__.py").read_text(encoding="utf-8")
    assert not ast.parse(init).body[1:], "combat_rulesets/__init__.py holds a docstring only"


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
    assert top <= light | {"typer", "combat_cli.choices", "combat_cli.clicommands"}
    # the parameters and command classes cli.py builds at import use nothing but typer
    for name in ("choices.py", "clicommands.py"):
        top = _top_level_imports(ROOT / "combat_cli" / name)
        assert {m.split(".")[0] for m in top} <= {m.split(".")[0] for m in light} | {
            "typer", "combat_cli"}, (name, top)


def test_the_repl_shows_its_prompt_before_the_models_are_imported():
    """The prompt appears while the fight loads: the REPL's own modules (session, toolbar)
    must not pull in pydantic or the engine's models at import."""
    code = ("import sys, combat_cli.cli, combat_cli.repl.session, combat_cli.repl.toolbar; "
            "print([m for m in ('pydantic', 'combat_cli.engine.domain.models', "
            "'combat_cli.engine.contract.state') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


LAYERS: list[tuple[str, ...]] = [
    ("__init__", "textsafe", "paths", "locale"),
    ("dice",),
    ("engine",),        # the domain, the plug-in contract, the grammar and its tokenizer
    ("plugins",),
    ("config", "store", "views"),  # views: what an audience sees, shared by the front-ends
    ("api",),           # the rulesets' one door
    ("commands",),
    ("render", "report", "web"),  # each reads the engine and the views, never one another
    ("repl",),
    ("clihelp", "clilang", "choices"),
    ("clicommands",),   # typer's cls=: click's help in English, clihelp's in another language
    ("cli",),
    ("__main__",),
]
"""The packages and top-level modules of combat_cli from the bottom up: each imports only what
lies below it (cli -> repl -> commands -> engine; render, report and web side by side)."""


def _unit(path: Path) -> str:
    """The package (or top-level module) of combat_cli that ``path`` belongs to."""
    rel = path.relative_to(ROOT / "combat_cli").parts
    return rel[0] if len(rel) > 1 else rel[0].removesuffix(".py")


def test_every_package_of_the_core_has_its_layer():
    units = {_unit(f) for f in (ROOT / "combat_cli").rglob("*.py")}
    placed = [u for layer in LAYERS for u in layer]
    assert len(placed) == len(set(placed))
    assert units == set(placed), f"not in LAYERS: {units - set(placed)}; gone: {set(placed) - units}"


RANK = {u: i for i, layer in enumerate(LAYERS) for u in layer}


def _against_the_layers(path: Path, me: str) -> list[str]:
    """The imports of ``path`` (in the unit ``me``) that reach its own layer or one above."""
    tree = _tree(path)
    assert not any(isinstance(n, ast.ImportFrom) and n.level for n in ast.walk(tree)), \
        f"{path}: a relative import (this test reads absolute ones)"
    wrong = []
    for m in sorted(modules(path)):
        parts = m.split(".")
        if parts[0] != "combat_cli" or len(parts) < 2:
            continue
        other = parts[1] if parts[1] in RANK else "__init__"  # from combat_cli import __version__
        if other != me and RANK[other] >= RANK[me]:
            wrong.append(f"{path.name} ({me}) imports {m} ({other})")
    return wrong


def test_each_package_of_the_core_imports_only_the_layers_below_it():
    wrong = [w for f in sorted((ROOT / "combat_cli").rglob("*.py"))
             for w in _against_the_layers(f, _unit(f))]
    assert not wrong, "\n".join(wrong)


def test_the_layering_check_catches_an_import_upwards_or_sideways(tmp_path):
    f = tmp_path / "grammar.py"
    f.write_text("def f():\n    from combat_cli.commands.parsing import split\n"
                 "from combat_cli.textsafe import plain\n", encoding="utf-8")
    assert _against_the_layers(f, "engine") == [
        "grammar.py (engine) imports combat_cli.commands.parsing (commands)"]
    f = tmp_path / "facts.py"  # a new file: what a path imports is read once
    f.write_text("from combat_cli.render.jsonview import player_json\n", encoding="utf-8")
    assert _against_the_layers(f, "report") == [
        "facts.py (report) imports combat_cli.render.jsonview (render)"]
    assert _against_the_layers(f, "web")
    assert not _against_the_layers(f, "repl")


ENGINE = ["domain", "grammar", "contract", "table", "clockwork", "__init__"]
"""The engine's own layers from the bottom up: the encounter as data, the verb grammar, the
plug-in contract, then the table at play and the clock on top."""


def _engine_unit(path: Path) -> str:
    rel = path.relative_to(ROOT / "combat_cli" / "engine").parts
    return rel[0] if len(rel) > 1 else rel[0].removesuffix(".py")


def _module_level_engine_imports(path: Path) -> set[str]:
    """The engine units ``path`` imports when it is loaded (not in a function, not for the
    type checker only): what decides the order the engine's layers can load in."""
    out = set()
    for node in _tree(path).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            parts = node.module.split(".")
            if parts[:2] == ["combat_cli", "engine"] and len(parts) > 2:
                out.add(parts[2])
    return out


def test_the_engine_folders_load_bottom_up_domain_grammar_contract():
    rank = {u: i for i, u in enumerate(ENGINE)}
    files = sorted((ROOT / "combat_cli" / "engine").rglob("*.py"))
    assert {_engine_unit(f) for f in files} == set(ENGINE)
    wrong = [f"{f.relative_to(ROOT)} imports engine.{u}" for f in files
             for u in _module_level_engine_imports(f)
             if u != _engine_unit(f) and rank[u] >= rank[_engine_unit(f)]]
    assert not wrong, "\n".join(wrong)
