"""docs/writing-a-ruleset.md: its example plug-in is complete and short, and its code runs."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "writing-a-ruleset.md"
EXAMPLE = ROOT / "examples" / "plugin"


def test_the_example_plugin_is_at_most_60_lines_and_imports_only_the_api():
    code = (EXAMPLE / "combat_duel" / "__init__.py").read_text(encoding="utf-8")
    assert len(code.splitlines()) <= 60
    imported = set(re.findall(r"^\s*from (combat_cli[\w.]*) import", code, re.M))
    assert imported == {"combat_cli.api"}


def test_the_guides_test_snippet_runs(monkeypatch):
    monkeypatch.syspath_prepend(str(EXAMPLE))
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    snippet = next(b for b in blocks if "FixedDice" in b)
    scope: dict[str, object] = {}
    exec(compile(snippet, str(GUIDE), "exec"), scope)  # noqa: S102 - our own documentation
    t = scope["t"]
    log = [e.text for e in t.log]  # type: ignore[attr-defined]
    assert "Ann attacks Orc: 18 vs 12, hit" in log and "Orc takes 4: 2 hp left" in log
    sys.modules.pop("combat_duel", None)
