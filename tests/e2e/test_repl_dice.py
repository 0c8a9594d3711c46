"""Who rolls, for real: ``--dice players``, ``set NAME dice=``, the ``dice`` verb, results shown
before the next roll is asked, Ctrl-C during a running command, the toolbar after loading.
Scripts run through subprocess, the REPL through pexpect, on real files (the D6 ruleset)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pexpect
import pytest

from combat_cli.store.savefile import read_json
from tests.conftest import combat_cmd

PROMPT = "combat>"
ROSTER = """\
add Mina side=pc Instincts=3D+2 Dodge=4D "Missile Weapons=5D" weapon="Repeating Crossbow"
add Lector side=pc Instincts=3D+1 Dodge=4D Brawling=4D Strength=3D Constitution=4D
add Thug Instincts=2D Brawling=3D Strength=3D Constitution=3D
"""
pexpect_only = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


def d6_file(tmp_path, lines: str = ROSTER):  # noqa: ANN201
    f = tmp_path / "f.json"
    subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", "d6"], check=True,
                   capture_output=True, cwd=tmp_path)
    subprocess.run([*combat_cmd(), "play", str(f)], input=lines, text=True, check=True,
                   capture_output=True, cwd=tmp_path)
    return f


def play(f, script: str, *extra: str) -> subprocess.CompletedProcess[str]:  # noqa: ANN001
    return subprocess.run([*combat_cmd(), "play", str(f), "--seed", "3", *extra],
                          input=script, text=True, capture_output=True, cwd=f.parent,
                          env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200"})


def log_of(f) -> list[dict]:  # noqa: ANN001
    return read_json(f)["log"]


def test_players_mode_asks_the_pcs_rolls_and_rolls_the_npcs(tmp_path):
    f = d6_file(tmp_path)
    # Mina shoots the Thug (asked: 4 3 5 6 6 = 24 vs 10), her damage (asked), the Thug's
    # resistance is rolled; the Thug punches Lector and rolls damage (rolled), Lector's
    # resistance is his player's (asked).
    r = play(f, "start\ndeclare Mina shoot Thug\ndeclare Thug brawl Lector\nresolve all\n"
                "4 3 5 6 6\n-\n-\n", "--dice", "players")
    assert r.returncode == 0, r.stderr
    asked = [x.split(":")[0] for x in r.stdout.splitlines() if x.startswith("  roll ")]
    assert asked == ["  roll Mina", "  roll Mina", "  roll Lector"], r.stdout
    shot = next(e for e in log_of(f) if e["kind"] == "attack")
    assert shot["faces"] == [4, 3, 5, 6, 6] and shot["data"].get("manual") is True
    assert not any(e.get("data", {}).get("manual") for e in log_of(f)
                   if e.get("actor") == "Thug")


def test_result_is_printed_before_the_next_roll_is_asked(tmp_path):
    f = d6_file(tmp_path)
    # 30 vs 10: +2D Effect Value, so the damage is 6D
    r = play(f, "start\nact Mina shoot Thug\n6 6 6 6 6\n1 1 1 1 1 1\n6 6 6\n", "--dice", "manual")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    hit = out.index("Mina shoots at Thug")
    dmg_prompt = out.index("  roll Mina: damage")
    dmg = out.index("Mina rolls 6 damage")
    resist_prompt = out.index("  roll Thug: resist damage 3D (Constitution 3D) vs 6 damage")
    assert hit < dmg_prompt < dmg < resist_prompt
    assert out.count("Mina shoots at Thug") == 1  # not printed again at the end


def test_a_failed_command_after_shown_results_is_abandoned_and_kept_nowhere(tmp_path):
    f = d6_file(tmp_path)
    before = len(log_of(f))
    r = play(f, "act Mina shoot Thug\n", "--dice", "manual")  # setup: no fight yet
    assert r.returncode == 1
    r = play(f, "start\n", "--dice", "auto")
    n = len(log_of(f))
    r = play(f, "act Mina shoot Thug\n6 6 6 6 6\n9 9 9 9 9 9\n", "--dice", "manual")
    assert r.returncode == 1
    assert "Mina shoots at Thug" in r.stdout  # shown as it happened ...
    assert "the command was abandoned" in r.stdout  # ... then taken back
    assert "a d6 shows 1..6, not 9" in r.stdout
    assert len(log_of(f)) == n > before


def test_set_dice_and_the_dice_verb_switch_who_rolls_and_are_saved(tmp_path):
    f = d6_file(tmp_path)
    r = play(f, "set Thug dice=manual\nset Mina dice=auto\ndice players\nstart\n"
                "act Thug brawl Lector\n2 2 2\n-\n-\n")
    assert r.returncode == 0, r.stderr
    assert "Thug: dice=manual" in r.stdout and "dice: players" in r.stdout
    asked = [x for x in r.stdout.splitlines() if x.startswith("  roll ")]
    assert asked[0].startswith("  roll Thug: Brawling 3D") and asked[0].endswith(": 2 2 2")
    assert asked[1].startswith("  roll Thug: damage") and asked[1].endswith("(rolled)")
    assert asked[2].startswith("  roll Lector: resist damage") and len(asked) == 3
    data = read_json(f)
    assert data["encounter"]["data"]["dice"] == "players"
    own = {c["name"]: c["data"].get("dice") for c in data["encounter"]["combatants"]}
    assert own == {"Mina": "auto", "Lector": None, "Thug": "manual"}
    # resumed without --dice: the saved mode; Mina's own dice=auto wins over it
    r = play(f, "dice\nset Thug dice=auto\nact Mina shoot Thug\n")
    assert r.returncode == 0, r.stderr
    assert "  roll " not in r.stdout
    assert "dice: players (the PCs' rolls are typed, the rest rolled); own dice: " \
           "Mina=auto, Thug=manual" in r.stdout
    # --dice on the command line wins over the saved mode; undo takes the switch back
    r = play(f, "dice\nset Thug dice=default\ndice manual\nundo\ndice\n", "--dice", "auto")
    assert r.returncode == 0, r.stderr
    lines = [x for x in r.stdout.splitlines() if x.startswith("dice: ")]
    assert lines[0].startswith("dice: auto") and lines[-1].startswith("dice: auto")


def test_bad_dice_words_are_one_line_errors(tmp_path):
    f = d6_file(tmp_path)
    for line, words in (("dice sometimes", "dice mode (auto, manual or players)"),
                        ("set Mina dice=players", "dice (manual, auto or default)"),
                        ("set Mina dice=default", "already follows the table's dice mode"),
                        ("dice auto manual", "usage dice")):
        r = play(f, line + "\n")
        assert r.returncode == 1 and words in r.stdout, (line, r.stdout)
        assert "Traceback" not in r.stderr
    r = play(f, "status\n", "--dice", "some")
    assert r.returncode == 2 and "is not one of auto, manual, players" in r.stderr


def test_zero_on_a_d10_is_ten(tmp_path):
    f = tmp_path / "sp.json"
    subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", "storypath"], check=True,
                   capture_output=True, cwd=tmp_path)
    r = play(f, "roll 3d10\n0 0 7\n", "--dice", "manual")
    assert r.returncode == 0, r.stderr
    e = log_of(f)[-1]
    assert e["faces"] == [10, 10, 7]


def spawn(path, *extra: str, cpr: bool = False) -> pexpect.spawn:  # noqa: ANN001
    env = dict(os.environ)
    env.update({"TERM": "xterm-256color", "NO_COLOR": "1", "COMBAT_HISTORY": ""})
    if not cpr:
        env["PROMPT_TOOLKIT_NO_CPR"] = "1"
    cmd = combat_cmd()
    child = pexpect.spawn(cmd[0], [*cmd[1:], "play", str(path), "--seed", "3", *extra],
                          env=env, encoding="utf-8", timeout=20, dimensions=(40, 200),
                          cwd=str(path.parent))
    child.delaybeforesend = None
    return child


def control(child: pexpect.spawn, key: str) -> None:
    """A control key once the prompt (or the blocked command) is really reading."""
    time.sleep(0.4)
    child.sendcontrol(key)


@pexpect_only
def test_repl_players_prompt_says_what_to_beat_and_dash_rolls(tmp_path):
    f = d6_file(tmp_path)
    child = spawn(f, "--dice", "players")
    child.expect_exact(PROMPT)
    child.sendline("start")
    child.expect_exact(PROMPT)
    child.sendline("act Mina shoot Thug")
    child.expect_exact("Mina: Missile Weapons 5D (5D) vs 10 - shoot Thug")
    child.expect_exact("Enter or - rolls")
    child.sendline("6 6 6 6 6")
    child.expect_exact("Mina shoots at Thug")  # the hit, before the damage is asked
    child.expect_exact("Mina: damage ")
    child.sendline("-")  # lets the tracker roll
    child.expect(r"Mina rolls \d+ damage")
    child.expect_exact("Thug resists")  # the Thug's roll is the tracker's: not asked
    child.expect_exact(PROMPT)
    control(child, "d")
    child.expect(pexpect.EOF)
    shot = [e for e in log_of(f) if e.get("action") == "shoot"]
    assert shot[0]["faces"] == [6, 6, 6, 6, 6]


@pexpect_only
def test_repl_ctrl_c_stops_a_running_command_and_keeps_the_state(tmp_path):
    f = tmp_path / "toy.json"
    subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", "toy"], check=True,
                   capture_output=True, cwd=tmp_path)
    subprocess.run([*combat_cmd(), "play", str(f)], input="add Mina hp=7\n", text=True,
                   check=True, capture_output=True, cwd=tmp_path)
    fifo = tmp_path / "ear"
    os.mkfifo(fifo)  # reading it blocks until someone writes: a command that runs and runs
    before = read_json(f)
    child = spawn(f)
    child.expect_exact(PROMPT)
    child.sendline("status")  # loaded: the next line runs at once
    child.expect_exact("Mina")
    child.expect_exact(PROMPT)
    child.sendline(f"listen Mina {fifo.name}")  # Mina drops to 0 hp, then it waits
    child.expect_exact(f"listen Mina {fifo.name}")
    control(child, "c")
    child.expect_exact("interrupted: the command was stopped; nothing was changed")
    child.expect_exact(PROMPT)
    child.sendline("status Mina")  # the REPL goes on, Mina as she was
    child.expect_exact("7")
    child.expect_exact(PROMPT)
    control(child, "d")
    child.expect(pexpect.EOF)
    after = read_json(f)
    assert after["encounter"] == before["encounter"] and after["log"] == before["log"]


@pexpect_only
def test_toolbar_shows_the_table_once_loaded_without_a_key_press(tmp_path):
    f = d6_file(tmp_path)
    child = spawn(f, "--dice", "players", cpr=True)
    child.expect_exact("\x1b[6n")  # the terminal is asked where the cursor is ...
    child.send("\x1b[1;1R")  # ... and answers, as a real one does: the toolbar is drawn
    child.expect_exact("loading")
    # the full toolbar, with no key pressed (only what changed is redrawn)
    child.expect_exact("undo 3 · Ctrl-D saves and quits")
    child.sendline("dice manual")
    child.expect_exact("dice: manual (every roll is typed")
    child.expect_exact("\x1b[6n")  # each new prompt asks again
    child.send("\x1b[1;1R")
    child.expect_exact("manual · undo 4")
    control(child, "d")
    child.expect(pexpect.EOF)


def test_config_dice_players_is_the_default_until_the_file_says_otherwise(tmp_path):
    f = d6_file(tmp_path)
    conf = tmp_path / "config.toml"
    conf.write_text('dice = "players"\n')
    env = {**os.environ, "NO_COLOR": "1", "COMBAT_CONFIG": str(conf)}

    def run(script: str) -> str:
        r = subprocess.run([*combat_cmd(), "play", str(f)], input=script, text=True,
                           capture_output=True, cwd=tmp_path, env=env)
        assert r.returncode == 0, r.stderr
        return r.stdout
    assert "dice: players" in run("dice\n")  # the config file's
    run("dice auto\n")  # the file now says auto: it wins over the config
    assert "dice: auto" in run("dice\n")


EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
ROUNDS = {
    "storypath": ("import {ex}/storypath.toml\nadd Ann template=ann\nadd Ben template=ben\n"
                  "add Thug x2 template=thug\nstart\n-\n-\nslot Ann\nact Ann attack \"Thug 1\"\n"
                  "-\n", ["Ann", "Ben", "Ann"], "vs Thug 1's Defense 1"),
    "d12": ("import {ex}/d12.toml\nadd Cory template=cory\nadd Puncher template=puncher\n"
            "add Shooter x2 template=shooter\nstart\n"
            "declare Cory attack Puncher bid=3, defend 2 from=\"Shooter 1,Shooter 2\"\n"
            "declare Puncher attack Cory bid=full\ndeclare \"Shooter 1\" attack Cory bid=3\n"
            "declare \"Shooter 2\" attack Cory bid=3\nresolve all\n-\n-\n-\n",
            ["Cory", "Cory", "Cory"], ": needs "),
    "czech_pool": ("import {ex}/czech_pool.toml\nadd Bořek template=borek\n"
                   "add Lučištník template=lucistnik\nadd Zbojník template=zbojnik\nstart\n-\n"
                   "declare Bořek boj Zbojník\ndeclare Lučištník střelba Bořek\n"
                   "declare Zbojník boj Bořek\nresolve all\n-\n",
                   ["Bořek", "Bořek"], "vs Zbojník (diff "),
}


@pytest.mark.parametrize("ruleset", sorted(ROUNDS))
def test_players_mode_in_each_other_ruleset(tmp_path, ruleset):
    """Only the PCs' rolls are asked; a contested roll's prompt says what it must beat."""
    script, who, beat = ROUNDS[ruleset]
    f = tmp_path / "f.json"
    subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", ruleset], check=True,
                   capture_output=True, cwd=tmp_path)
    r = play(f, script.format(ex=os.path.abspath(EXAMPLES)), "--dice", "players", "--lang", "en")
    assert r.returncode == 0, r.stdout + r.stderr
    asked = [x for x in r.stdout.splitlines() if x.startswith("  roll ")]
    assert [x[len("  roll "):].split(":")[0] for x in asked] == who, asked
    assert any(beat in x for x in asked), asked
