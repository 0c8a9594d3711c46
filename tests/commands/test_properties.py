"""Property tests: random command lines never raise and never corrupt the save file."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combat_cli.commands.registry import dispatch
from combat_cli.dice import RandomDice
from combat_cli.store.savefile import load, read_json, save

VERBS = ["add", "set", "remove", "start", "declare", "act", "resolve", "react", "hold", "release",
         "next", "end", "damage", "heal", "condition", "advance", "rest", "roll", "status", "log",
         "undo", "redo", "help", "timer", "import", "shout", "bogus", "save"]
WORDS = ["Ann", "Bob", '"Orc 1"', "Orc", "attack", "dodge", "wait", "all", "x3", "+Prone",
         "-Prone", "for=2r", "speed=3", "hp=0", "skill=-1", "side=pc", ",", "3d", "10m", "2D+1",
         "6d10>=8", "=", "bonus=2", "range=s", "care=none", "in=3r", '"', "5", "-3", "", "é"]

lines = st.builds(
    lambda v, ws: " ".join([v, *ws]),
    st.sampled_from(VERBS),
    st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), max_size=5),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(lines, max_size=25))
def test_random_lines_never_raise_or_corrupt(make_table, tmp_path_factory, script):
    path = tmp_path_factory.mktemp("p") / "f.json"
    t = make_table(seed=2)
    for line in ["add Ann speed=3 skill=2", "add Bob", 'add "Orc 1"', *script]:
        if line.startswith("save"):
            continue
        before = t.state_json
        out = dispatch(t, line)
        if out.error:
            assert "internal error" not in out.error, (line, out.error)
            assert t.state_json == before
        save(path, t)
        read_json(path)
    t2 = load(path, RandomDice())
    assert t2.enc == t.enc
