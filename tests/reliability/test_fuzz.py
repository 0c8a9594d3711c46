"""10,000 random lines over the four rulesets: no exception, no internal error, a refused line
changes nothing, and the journal on disk replays to exactly the state on the table."""

from __future__ import annotations

import os
import random

import pytest

from combat_cli import plugins
from combat_cli.commands.registry import dispatch
from combat_cli.dice import RandomDice
from combat_cli.engine.table import Table
from combat_cli.store.savefile import Saver, load, save
from tests.conftest import BUILT_IN

LINES_PER_RULESET = 2_500
CORE = ["add", "set", "remove", "start", "declare", "act", "resolve", "react", "hold", "release",
        "next", "end", "damage", "heal", "condition", "advance", "rest", "roll", "status", "log",
        "undo", "redo", "help", "timer", "note", "move", "why", "dice", "import", "odds", "end fight"]
NAMES = ["Ann", "Bob", '"Orc 1"', '"Orc 2"', "Orc", "Zed", "an", "o", '"Ann"']
WORDS = ["all", "x2", "x3", "+Prone", "-Prone", "+Stunned", "for=2r", "for=1m", "speed=3",
         "hp=0", "hp=-5", "skill=4", "side=pc", "side=npc", ",", "3d", "10m", "2r", "8h", "1w",
         "2D+1", "6d10>=8", "1d12", "3d6+2", "=", "=7", "bonus=2", "in=3r", "in=2m", '"', "5",
         "-3", "0", "", "é", "ř", "before", "after", "secret", "hidden=yes", "dice=manual",
         "care=none", "wounded", "incapacitated", "mortally", "killed", "stun", "1", "99",
         "999999999999", "-999999999999", "1e9", "nan", "inf", "[/]", "[red]x", "{}", "\\",
         "x" * 300, "1" * 13, "\x1b[2J", "\t", "a=b=c", "=x", "with=", "range=", "#"]


def words_for(rs) -> list[str]:  # noqa: ANN001
    out = [a.name for a in rs.actions] + [v.name for v in rs.verbs]
    for a in rs.actions:
        for o in a.options:
            out.append(f"{o.name}=")
            out.extend(f"{o.name}={c}" for c in (o.choices or ["1", "3", "-1", "x", "99"])[:4])
    return out


def random_line(rng: random.Random, rs, own: list[str], names: list[str]) -> str:  # noqa: ANN001
    """A line that is often a real command (so fights go on for rounds), sometimes junk."""
    if rng.random() < 0.25:
        verb = rng.choice(CORE + own[:20])
        words = [rng.choice(NAMES if rng.random() < 0.4 else WORDS + own)
                 for _ in range(rng.choice([0, 1, 2, 3, 4]))]
        if rng.random() < 0.1:
            words.append("".join(rng.choice("aé1 =,\"'+-x") for _ in range(rng.randint(1, 8))))
        return " ".join([verb, *words])
    who, other = rng.choice(names), rng.choice(names)
    action = rng.choice(rs.actions) if rs.actions else None
    opts = ""
    if action is not None and action.options and rng.random() < 0.5:
        o = rng.choice(action.options)
        opts = f" {o.name}={rng.choice(list(o.choices or ['1', '2', '3', '-1', '10']))}"
    act = f"{action.name} {other}{opts}" if action is not None else "wait"
    return rng.choice([
        f"declare {who} {act}", f"act {who} {act}", f"declare {who} {act}",
        "resolve", "resolve all", "resolve", "next", "next", "end", "end",
        f"react {who} {rng.choice([a.name for a in rs.actions if a.reaction] or ['dodge'])}",
        f"hold {who}", f"release {who}", f"damage {who} {rng.choice(['1', '3', '8', 'wounded', '2L', 'x'])}",
        f"heal {who} {rng.choice(['', '1', '5', 'wounded'])}",
        f"condition {who} +{rng.choice(['Prone', 'Stunned', 'Hex'])} for={rng.choice(['1r', '3r', '1m'])}",
        f"condition {who} -{rng.choice(['Prone', 'Stunned', 'Hex'])}",
        f"advance {rng.choice(['1r', '5r', '10m', '1h', '8h', '1d', '2w'])}",
        f"rest {who} {rng.choice(['8h', '1d', '3d'])}", f"roll {rng.choice(['3d6+1', '2D+1', '6d10>=8', '1d12'])}",
        f"status {who}", "status", "log 3", "undo", "undo", "redo", f"note {who} watch out",
        f"timer Bell{rng.randint(1, 9)} in={rng.choice(['1r', '2r', '10m'])}",
        f"move {who} before {other}", f"set {who} {rng.choice(['speed=2', 'skill=3', 'hp=4'])}",
        f"add Extra{rng.randint(1, 99)}", "why", "start",
        f"{rng.choice(own[:20] or ['help'])} {who}",
    ])


SETUP = ["add Ann side=pc", "add Bob side=pc", "add Orc x2", "add Zed", "start"]
NAMES_IN_PLAY = ["Ann", "Bob", '"Orc 1"', '"Orc 2"', "Zed"]


SEGMENT = 250
"""Lines per fight: each fight is a new file, played through a journal, then checked."""


@pytest.mark.parametrize("name", BUILT_IN)
def test_random_lines_never_crash_and_the_journal_replays_exactly(name, tmp_path, monkeypatch):
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # durability is the kill test's business
    rng = random.Random(f"fuzz-{name}")
    rs = plugins.load(name)
    own = words_for(rs)
    problems: list[str] = []
    answered = 0
    for fight in range(LINES_PER_RULESET // SEGMENT):
        t = Table.new(rs, RandomDice(fight))
        path = tmp_path / f"f{fight}.json"
        save(path, t)
        saver = Saver(path, t)
        lines = SETUP + [random_line(rng, rs, own, NAMES_IN_PLAY)
                         for _ in range(SEGMENT - len(SETUP))]
        for line in lines:
            answered += play_line(t, line, problems)
            saver.submit(t)
        back = load(path, RandomDice())
        assert back.state_json == t.state_json, "the journal did not replay to the table's state"
        assert back.log_json == t.log_json
        assert len(back.history.undo) == len(t.history.undo)
        saver.close()
        assert load(path, RandomDice()).state_json == t.state_json
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(sorted(set(problems))[:40])
    assert answered > LINES_PER_RULESET // 4  # the fuzz really plays (not only refusals)


def play_line(t: Table, line: str, problems: list[str]) -> int:
    before = (t.state_json, len(t.log_json), len(t.history.undo), len(t.history.redo))
    try:
        out = dispatch(t, line)
    except BaseException as e:  # noqa: BLE001 - the point of the test
        problems.append(f"{line!r}: raised {type(e).__name__}: {e}")
        return 0
    if out.error and "internal error" in out.error:
        problems.append(f"{line!r}: {out.error}")
    elif out.error:
        after = (t.state_json, len(t.log_json), len(t.history.undo), len(t.history.redo))
        if after != before:
            problems.append(f"{line!r}: refused but changed the state")
        if "\n" in out.error.strip():
            problems.append(f"{line!r}: error of several lines")
    return 0 if out.error else 1
