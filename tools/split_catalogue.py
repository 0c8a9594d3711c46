"""Move the entries of the core's catalogue that only a ruleset uses into that ruleset's own
catalogue: ``python tools/split_catalogue.py [LANG]`` (Czech by default).

An entry belongs to a ruleset when its message (or, for a plural, either form) is a string
of that ruleset's code or tables and of no module of ``combat_cli``; an entry two rulesets
use goes to both. What is left stays in the core's. The blocks are moved as written
(comments too), so the files stay readable; run ``python -m combat_cli.locale.build``
after."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "combat_cli"
RULESETS = ROOT / "rulesets" / "combat_rulesets"


def literals(folder: Path) -> set[str]:
    """Every string constant and keyword argument's name of the package's modules, and every
    string of its TOML data (keys too)."""
    found: set[str] = set()
    for py in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(py.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
            elif isinstance(node, ast.keyword) and node.arg:  # a detail's key, shown as a word
                found.add(node.arg)
    for data in folder.rglob("*.toml"):
        if "locale" in data.parts:
            continue
        found |= _toml_strings(tomllib.loads(data.read_text(encoding="utf-8")))
    return found


def _toml_strings(data: object) -> set[str]:
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return {*map(str, data), *(s for v in data.values() for s in _toml_strings(v))}
    if isinstance(data, list):
        return {s for v in data for s in _toml_strings(v)}
    return set()


def blocks(text: str) -> tuple[str, list[str]]:
    """The header (up to and with the ``msgid ""`` entry) and the entries, each with the
    comments before it."""
    parts = text.split("\n\n")
    return parts[0], [p for p in parts[1:] if p.strip()]


def ids(block: str, fields: tuple[str, ...] = ("msgid ", "msgid_plural ")) -> list[str]:
    """The message (``msgid`` and ``msgid_plural``) of one entry (or its other ``fields``:
    ``("msgstr",)`` for its translations)."""
    out: list[str] = []
    current: list[str] | None = None
    for line in block.splitlines():
        line = line.strip()
        if line.startswith(fields):
            current = [ast.literal_eval(line.split(" ", 1)[1])]
            out.append("")
        elif line.startswith(("msg",)):
            current = None
        elif line.startswith('"') and current is not None:
            current.append(ast.literal_eval(line))
        if current is not None and out:
            out[-1] = "".join(current)
    return out


def header(core_header: str, name: str) -> str:
    """The core's header (its plural rule) under a comment naming the ruleset."""
    body = "\n".join(line for line in core_header.splitlines() if not line.startswith("#"))
    return (f"# The {name} ruleset's own words. English is the source (msgid); msgstr is the\n"
            f"# translation. Found beside its tables; the core's words are in combat_cli.po.\n"
            + body.replace("combat-cli", f"combat-cli {name}", 1))


def main(lang: str = "cs") -> int:
    core_po = CORE / "locale" / lang / "LC_MESSAGES" / "combat_cli.po"
    head, entries = blocks(core_po.read_text(encoding="utf-8"))
    core = literals(CORE)
    names = sorted(p.name for p in RULESETS.iterdir() if (p / "__init__.py").is_file())
    used = {name: literals(RULESETS / name) for name in names}
    # an entry's forms (its gendered contexts) go together: owned as the message is
    owned: dict[str, set[str]] = {}
    for block in entries:
        msg = ids(block)
        # a ruleset whose data holds the translation (a status stored in Czech) uses it too
        words = msg + ids(block, ("msgstr",))
        owned.setdefault("\0".join(msg), set()).update(
            n for n in names if any(m in used[n] for m in words))
    keep: list[str] = []
    moved: dict[str, list[str]] = {name: [] for name in names}
    for block in entries:
        msg = ids(block)
        owners = sorted(owned.get("\0".join(msg), ()))
        if not msg or any(m in core for m in msg) or not owners:
            keep.append(block)
            continue
        for n in owners:
            moved[n].append(block)
    core_po.write_text("\n\n".join([head, *keep]) + "\n", encoding="utf-8")
    for n, found in moved.items():
        if not found:
            continue
        po = RULESETS / n / "locale" / lang / "LC_MESSAGES" / f"{n}.po"
        po.parent.mkdir(parents=True, exist_ok=True)
        old = blocks(po.read_text(encoding="utf-8"))[1] if po.is_file() else []
        po.write_text("\n\n".join([header(head, n), *old, *found]) + "\n", encoding="utf-8")
        print(f"{n}: {len(found)} entries")
    print(f"core: {len(keep)} entries kept")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
