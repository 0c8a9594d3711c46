"""The built-in rulesets read their data as typed fields, not dict keys: every action with
options declares an options model, and no rules module reads an action's options or any
``data`` (a combatant's, the encounter's, a queued action's, a condition's, a timer's, a log
entry's) as a dict (issue: the ruleset contract, typed data)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from combat_cli import plugins
from tests.conftest import BUILT_IN

ROOT = Path(__file__).resolve().parent.parent
DICT_READS = re.compile(r"\.options\[|\.options\.get\(|\.options\.setdefault\(|\.options\.pop\("
                        r"|(?<!info)\.data\[|(?<!info)\.data\.(?:get|setdefault|pop)\(")
"""An action's options, or a combatant's, the encounter's, a queued action's, a condition's, a
timer's or a log entry's data read as a dict (``info.data`` is pydantic's, in a validator)."""


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_action_with_options_declares_a_model(name: str) -> None:
    rs = plugins.load(name)
    untyped = [a.name for a in rs.actions if a.options and a.model is None]
    assert untyped == []


@pytest.mark.parametrize("name", BUILT_IN)
def test_rules_code_reads_fields_not_dict_keys(name: str) -> None:
    found = []
    for f in sorted((ROOT / "rulesets" / "combat_rulesets" / name).rglob("*.py")):
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), start=1):
            if DICT_READS.search(line):
                found.append(f"{f.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == []
