"""Issue 9 end to end, from the installed program: tags and groups typed in a real REPL,
value completion, end asking first, Storypath's open slot, help on one screen, end fight and
combat new --from."""

from __future__ import annotations

import subprocess
import sys

import pexpect
import pytest

from tests.conftest import BUILT_IN, combat_cmd
from tests.e2e.test_repl import PROMPT, spawn, tab

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


def state(path) -> dict:  # noqa: ANN001
    """The encounter as saved (the journal replayed)."""
    from combat_cli.store.savefile import read_raw

    return read_raw(path)["encounter"]


def combat(tmp_path, *args: str, input: str | None = None) -> subprocess.CompletedProcess:  # noqa: ANN001
    return subprocess.run([*combat_cmd(), *args], input=input, capture_output=True, text=True,
                          cwd=tmp_path, env=None, timeout=60)


def make(tmp_path, ruleset: str, lines: str, name: str = "f.json"):  # noqa: ANN001, ANN201
    f = tmp_path / name
    assert combat(tmp_path, "new", str(f), "--ruleset", ruleset).returncode == 0
    r = combat(tmp_path, "play", str(f), "--seed", "3", input=lines)
    assert r.returncode == 0, r.stderr + r.stdout
    return f


def test_group_tag_and_diacritics_in_the_repl(tmp_path):
    f = make(tmp_path, "d6", 'add Bořek side=pc Dodge=3D\nadd "Demon Thug" x3 Brawling=3D\n'
             "start\n")
    child = spawn(f)
    child.sendline('declare "Demon Thug" brawl borek')
    for n in (1, 2, 3):
        child.expect_exact(f"Demon Thug {n} declares: brawl borek")
    child.expect_exact(PROMPT)
    child.sendline("move DT3 before dt1")
    child.expect_exact("Demon Thug 3 moves before Demon Thug 1 in the order")
    child.expect_exact(PROMPT)
    tab(child, "damage DT2 Mort", "\"Mortally Wounded\"")  # the damage level completes
    child.sendline("")
    child.expect_exact("Demon Thug 2 is Mortally Wounded")
    child.expect_exact(PROMPT)
    child.sendline("undo")
    child.expect_exact("undone: damage DT2")
    child.expect_exact(PROMPT)
    # end with planned actions: the REPL names them and asks; n keeps the round
    child.sendline("end")
    child.expect_exact("3 unresolved, lapsing: Demon Thug 1: brawl borek")
    child.expect_exact("End round 1? [y/N]")
    child.sendline("n")
    child.expect_exact("round 1 goes on")
    child.expect_exact(PROMPT)
    child.sendline("end")
    child.expect_exact("[y/N]")
    child.sendline("y")
    child.expect_exact("Demon Thug 1's brawl borek lapses (round ended)")
    child.expect_exact("Round 2")
    child.expect_exact(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    enc = state(f)
    assert enc["round"] == 2
    assert [c["tag"] for c in enc["combatants"]] == ["Bo", "DT1", "DT2", "DT3"]
    assert enc["combatants"][2]["status"] != "Mortally Wounded"


def test_storypath_next_at_an_open_slot_asks_who(tmp_path):
    f = make(tmp_path, "storypath",
             "add Ann side=pc cunning=3 close_combat=2\nadd Ben side=pc cunning=3 firearms=2\n"
             "add Orc cunning=0\nstart\n")
    assert state(f)["data"]["roster"][0]["side"] == "pc"
    child = spawn(f)
    child.sendline("next")
    child.expect("who takes it\\? (Ann or Ben|Ben or Ann)")
    child.sendline("")  # no answer: nobody's turn is spent
    child.expect_exact("is open:")
    child.expect_exact(PROMPT)
    child.sendline("next")
    child.expect_exact("who takes it?")
    child.sendline("ben")
    child.expect_exact("Ben takes PC slot")
    child.expect_exact("Ben's turn: act Ben ..., next ends it")
    child.expect_exact(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    roster = state(f)["data"]["roster"]
    assert roster[0]["who"] == "c2"
    # a script is told the choices and stops
    r = combat(tmp_path, "play", str(f), input="next\nnext\n")
    assert r.returncode == 0, r.stderr  # Ben's turn ends; Ann is the only one left for slot 2
    g = make(tmp_path, "storypath", "add Ann side=pc cunning=3\nadd Ben side=pc cunning=3\n"
             "add Orc cunning=0\nstart\n", name="g.json")
    r = combat(tmp_path, "play", str(g), input="next\n")
    assert r.returncode == 1
    assert "is open: " in r.stdout and "takes it (slot NAME" in r.stdout


@pytest.mark.parametrize("ruleset", BUILT_IN)
def test_help_fits_one_screen(tmp_path, ruleset):
    f = make(tmp_path, ruleset, "")
    env_cols = {"COLUMNS": "100"}
    import os

    r = subprocess.run([*combat_cmd(), "play", str(f)], input="help\n", capture_output=True,
                       text=True, cwd=tmp_path, env={**os.environ, **env_cols}, timeout=60)
    lines = r.stdout.splitlines()[1:]  # after the echo of the line
    assert 10 <= len(lines) <= 40, r.stdout
    assert all(len(line) <= 100 for line in lines)
    assert "AMB-" not in r.stdout and "house-rules" not in r.stdout
    r = subprocess.run([*combat_cmd(), "play", str(f)], input="help rules\n",
                       capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert r.returncode == 0
    if ruleset == "d6":
        assert "AMB-D6-3" in r.stdout and "actions.max" in r.stdout


def test_end_fight_then_new_from(tmp_path):
    f = make(tmp_path, "d6", "add Mina side=pc Dodge=3D\nadd Thug x2\nstart\n"
             "damage Mina Wounded\ncondition Mina +Prone for=1h\nend fight\n")
    r = combat(tmp_path, "play", str(f), input="end\nrest Mina 1h\n")
    assert r.returncode == 1 and "the fight is over" in r.stdout
    r = combat(tmp_path, "play", str(f), input="advance 10m\n")
    assert r.returncode == 0, r.stdout
    old = state(f)
    nxt = tmp_path / "next.json"
    r = combat(tmp_path, "new", str(nxt), "--ruleset", "d6", "--from", str(f))
    assert r.returncode == 0, r.stderr
    assert "carried from" in r.stdout and "Mina" in r.stdout
    enc = state(nxt)
    assert [c["name"] for c in enc["combatants"]] == ["Mina"]
    assert enc["combatants"][0]["status"] == "Wounded"
    assert enc["clock"] == old["clock"]
    assert enc["phase"] == "setup" and enc["round"] == 0
    assert any(t["combatant"] == enc["combatants"][0]["id"] for t in enc["timers"])
    r = combat(tmp_path, "play", str(nxt), input='add "Cult Guard" x2\nstart\n')
    assert r.returncode == 0, r.stdout + r.stderr
    r = combat(tmp_path, "new", str(tmp_path / "x.json"), "--ruleset", "d12", "--from", str(f))
    assert r.returncode == 1 and "same ruleset" in r.stderr
