"""Property tests: random command lines never raise, never crash (no "internal error"), and
never corrupt the save file — for every ruleset, with words taken from the ruleset itself."""

from __future__ import annotations

import shlex
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combat_cli.commands.registry import dispatch
from combat_cli.dice import RandomDice
from combat_cli.store.savefile import load, read_json, save
from tests.conftest import BUILT_IN

RULESETS = ["toy", *BUILT_IN]
VERBS = ["add", "set", "remove", "start", "declare", "act", "resolve", "react", "hold", "release",
         "next", "end", "damage", "heal", "condition", "advance", "rest", "roll", "status", "log",
         "undo", "redo", "help", "timer", "import", "shout", "bogus", "save"]
WORDS = ["Ann", "Bob", '"Orc 1"', "Orc", "attack", "dodge", "wait", "all", "x3", "+Prone",
         "-Prone", "for=2r", "speed=3", "hp=0", "skill=-1", "side=pc", ",", "3d", "10m", "2D+1",
         "6d10>=8", "=", "bonus=2", "range=s", "care=none", "in=3r", '"', "5", "-3", "", "é"]
TEXT = st.text(st.characters(blacklist_characters="\n\r"), max_size=6)  # a line has no newline
TOY_SETUP = ["add Ann speed=3 skill=2", "add Bob", 'add "Orc 1"']


def setup_lines(ruleset: Any) -> list[str]:
    """The ruleset's demo up to its first ``start`` (a roster built from the rules' examples)."""
    lines = [x for x in ruleset.demo() if x.strip() and not x.lstrip().startswith("#")]
    if "start" not in lines:
        return lines or TOY_SETUP
    return lines[:lines.index("start") + 1]


def vocabulary(ruleset: Any, names: list[str]) -> tuple[list[str], list[str]]:
    """Verbs and words of this ruleset: its actions, options and choices, stats, conditions,
    verbs, and the combatants' names."""
    verbs = VERBS + [v.name for v in ruleset.verbs]
    words = WORDS + [shlex.quote(n) if " " in n else n for n in names]
    for a in ruleset.actions:
        words.append(a.name)
        for o in a.options:
            words += [f"{o.name}={c}" for c in o.choices] or [f"{o.name}=2", f"{o.name}=x"]
    words += [f"{s.name}=2" for s in ruleset.stats] + [f"+{c.name}" for c in ruleset.conditions]
    return verbs, sorted(set(words))


@pytest.mark.parametrize("name", RULESETS)
def test_random_lines_never_raise_or_corrupt(make_table, tmp_path_factory, name):
    t0 = make_table(ruleset=name, seed=2)
    setup = setup_lines(t0.ruleset) if name != "toy" else TOY_SETUP
    for line in setup:
        assert dispatch(t0, line).error is None, line
    verbs, words = vocabulary(t0.ruleset, [c.name for c in t0.enc.combatants])
    lines = st.builds(
        lambda v, ws: " ".join([v, *ws]),
        st.sampled_from(verbs),
        st.lists(st.one_of(st.sampled_from(words), TEXT), max_size=5),
    )

    @settings(max_examples=40, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(lines, max_size=25))
    def fuzz(script: list[str]) -> None:
        path = tmp_path_factory.mktemp("p") / "f.json"
        t = make_table(ruleset=name, seed=2)
        for line in setup:
            dispatch(t, line)
        save(path, t)
        for line in script:
            if line.startswith("save"):
                continue
            before = t.state_json
            out = dispatch(t, line)
            if out.error:
                assert not out.error.startswith("internal error"), (line, out.error)
                assert "\n" not in out.error, (line, out.error)
                assert t.state_json == before, line
            save(path, t)
            read_json(path)
        t2 = load(path, RandomDice())
        assert t2.enc == t.enc

    fuzz()
