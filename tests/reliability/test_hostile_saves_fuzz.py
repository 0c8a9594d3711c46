"""Fuzzed save files: a few hundred seeded mutations of real saves of every ruleset (stats,
names, any value of the snapshot, journal lines cut, doubled, dropped, swapped or changed),
each read by the real command line's entry point (``combat show``, ``show --player --json``,
``report``): either a clean load or a one-line refusal, never an internal error or a
traceback, and each at once. (The hostile-input tests; select with ``-k hostile``.)"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from combat_cli import plugins
from combat_cli.commands.registry import dispatch
from combat_cli.dice import RandomDice
from combat_cli.engine.table import Table
from combat_cli.store.savefile import Saver, save

CASES = 120
"""Mutations per ruleset (four rulesets: 480 files, three commands each)."""
FIGHTS = {
    "d6": ['add Mina side=pc Firearms=4D Dodge=3D weapon="Heavy Pistol"', "add Orc x2",
           "add Ghost hidden=yes", "start", 'declare Mina shoot "Orc 1"', "resolve all",
           'damage "Orc 2" Wounded', "note Ghost secret", "undo", "redo", "end",
           "condition Mina +Prone for=2r", "advance 1h", "roll 2D+1"],
    "storypath": ["add Ann side=pc cunning=3 close_combat=3", "add Thug cunning=0 health=3",
                  "start", "damage Thug 2", "undo", "redo", "advance 10m"],
    "d12": ["add Cory side=pc Strength=5 Agility=3", "add Thug Strength=3 Agility=2", "start",
            "declare Cory attack Thug bid=2", "declare Thug attack Cory bid=1", "resolve all",
            "end"],
    "czech_pool": ["add Bořek side=pc Obratnost=4 Boj=4 Odolnost=4 Konstituce=5",
                   "add Zbojník Obratnost=3 Boj=3 Odolnost=2 Konstituce=3", "start",
                   "declare Bořek boj Zbojník", "declare Zbojník boj Bořek", "resolve all"],
}
VALUES: list[Any] = [
    10**9, 10**30, -1, -10**18, 0, 1.5, 1e308, True, None, "", "4D", "9999D", "x" * 5000,
    "\x1b[2J", "Mína\u200b", "\u202eevil", [], {}, [[[[[]]]]], {"a": {"b": {"c": []}}},
    ["4D"], "nan", "-", "1d6", 3, "c1", "c999", {"name": "Prone"}, [1, 2, 3],
]
NAMES: list[Any] = ["", " ", "x" * 65, "m" * 100_000, "Mina\u200b", "\u041cina", "\x07bell",
                    "Mi\u0301na", "Orc 1", None, 7, ["Mina"], "Ann\u2028Bob", "[red]x"]


def base_file(tmp: Path, ruleset: str) -> bytes:
    """A real save: a snapshot and a journal of the fight's commands (undo and redo too)."""
    t = Table.new(plugins.load(ruleset), RandomDice(25))
    path = tmp / f"{ruleset}.json"
    save(path, t)
    saver = Saver(path, t)
    for line in FIGHTS[ruleset]:
        out = dispatch(t, line)
        assert out.error is None, (line, out.error)
    data = path.read_bytes()
    if saver._fd is not None:
        os.close(saver._fd)
    assert data.count(b"\n") > 3
    return data


def leaves(obj: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value in ``obj``."""
    out = [path]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += leaves(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += leaves(v, (*path, i))
    return out


def put(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    target = obj
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = value
    return obj


def mutate(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """One mutation of a save, and what it was."""
    lines = data.decode("utf-8").splitlines()
    head = json.loads(lines[0])
    enc = head["encounter"]
    kind = rng.choice(["stat", "stat", "name", "value", "value", "journal", "journal",
                       "journal value"])
    if kind == "stat" and enc["combatants"]:
        c = rng.choice(enc["combatants"])
        key = rng.choice([*c["stats"], "Firearms", "health", "Strength", "Boj", "weapon"])
        c["stats"][key] = rng.choice(VALUES)
        what = f"stat {key}={str(c['stats'][key])[:30]!r}"
    elif kind == "name" and enc["combatants"]:
        c = rng.choice(enc["combatants"])
        c["name"] = rng.choice(NAMES)
        what = f"name {str(c['name'])[:30]!r}"
    elif kind in ("value", "stat", "name"):
        path = rng.choice(leaves(head)[1:])
        value = rng.choice(VALUES + NAMES)
        put(head, path, value)
        what = f"snapshot {path} = {str(value)[:30]!r}"
    else:
        journal = lines[1:]
        i = rng.randrange(len(journal))
        if kind == "journal value":
            rec = json.loads(journal[i])
            path = rng.choice(leaves(rec)[1:] or [("op",)])
            value = rng.choice(VALUES + NAMES)
            journal[i] = json.dumps(put(copy.deepcopy(rec), path, value), ensure_ascii=False)
            what = f"journal line {i + 2} {path} = {str(value)[:30]!r}"
        else:
            how = rng.choice(["cut", "double", "drop", "swap", "junk", "repeat"])
            if how == "cut":
                journal[i] = journal[i][:rng.randrange(len(journal[i]))]
            elif how == "double":
                journal.insert(i, journal[i])
            elif how == "drop":
                del journal[i]
            elif how == "swap":
                j = rng.randrange(len(journal))
                journal[i], journal[j] = journal[j], journal[i]
            elif how == "junk":
                journal.insert(i, rng.choice(['{"op":"teleport"}', "[]", "null", "{}",
                                              '{"op":"do"}', '{"op":"log","log":7}', "{{{",
                                              '{"op":"undo","n":1e999}']))
            else:
                journal += [journal[i]] * rng.randint(2, 50)
            what = f"journal {how} at line {i + 2}"
        lines[1:] = journal
    lines[0] = json.dumps(head, ensure_ascii=False)
    return what, ("\n".join(lines) + "\n").encode("utf-8")


def run_cli(*args: str) -> tuple[int, str, str]:
    """``combat ARGS`` through the console script's own entry point, in this process."""
    from combat_cli.cli import main

    out, err = io.StringIO(), io.StringIO()
    argv = sys.argv
    sys.argv = ["combat", *args]
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        sys.argv = argv
    return code, out.getvalue(), err.getvalue()


COMMANDS = [["show"], ["show", "--player", "--json"], ["report"]]


@pytest.mark.parametrize("ruleset", sorted(FIGHTS))
def test_fuzzed_saves_load_cleanly_or_are_refused_in_one_line(tmp_path: Path,
                                                              ruleset: str) -> None:
    base = base_file(tmp_path, ruleset)
    rng = random.Random(f"saves-{ruleset}")
    path = tmp_path / "fuzzed.json"
    problems: list[str] = []
    refused = loaded = 0
    start = time.monotonic()
    for case in range(CASES):
        what, data = mutate(rng, base)
        for args in COMMANDS:
            path.write_bytes(data)
            began = time.monotonic()
            code, out, err = run_cli(args[0], str(path), *args[1:])
            took = time.monotonic() - began
            said = f"case {case} ({what}), {' '.join(args)}"
            if "Traceback" in out + err or "internal error" in out + err:
                problems.append(f"{said}: {err.strip()[:300]}")
            elif code != 0:
                refused += 1
                if len(err.strip().splitlines()) != 1 or len(err) > 400:
                    problems.append(f"{said}: not one short line: {err[:300]!r}")
            else:
                loaded += 1
                if args[0] == "show" and "--json" in args:
                    json.loads(out)  # the players' JSON is whole
            if took > 5:
                problems.append(f"{said}: took {took:.1f} s")
            if path.read_bytes() != data:
                problems.append(f"{said}: the file was changed by a reader")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:30])
    print(f"{ruleset}: {loaded} loaded, {refused} refused")
    assert refused > CASES // 4 and loaded > CASES // 4, (refused, loaded)  # both kinds met
    assert time.monotonic() - start < 60
