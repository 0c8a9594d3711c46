"""The installed program, run as a new user would: subprocess, real files."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile

import pytest

from combat_cli.store.savefile import read_json
from tests.conftest import BUILT_IN, combat_cmd


def combat(*args: str, input: str | None = None, env: dict | None = None,
           cwd=None) -> subprocess.CompletedProcess:  # noqa: ANN001
    """Run the installed program from outside the source tree."""
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([*combat_cmd(), *args], input=input, capture_output=True, text=True,
                          timeout=60, env=e, cwd=cwd or tempfile.gettempdir())


SCRIPT = """\
# a toy fight
add Ann side=pc speed=3 skill=5
add "Demon Thug" x2 speed=1
start
declare Ann attack "Demon Thug 1"
declare "Demon Thug 1" attack Ann, wait
declare "Demon Thug 2" wait
resolve
hold "Demon Thug 1"
resolve
release "Demon Thug 1"
resolve all
condition Ann +Prone for=2r
timer Reinforcements in=1r
end
"""


def test_new_play_script_show_json(tmp_path):
    f = tmp_path / "fight.json"
    r = combat("new", str(f), "--ruleset", "toy")
    assert r.returncode == 0, r.stderr
    s = tmp_path / "round.txt"
    s.write_text(SCRIPT)
    r = combat("play", str(f), "--script", str(s), "--seed", "4")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Ann attacks Demon Thug 1" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr
    r = combat("show", str(f), "--json")
    data = json.loads(r.stdout)
    for key in ("schema", "ruleset", "round", "phase", "clock", "order", "combatants", "log"):
        assert key in data
    assert data["ruleset"] == "toy" and data["round"] == 2 and data["phase"] == "declare"
    assert data["clock"] == {"rounds": 1, "seconds": 6}
    assert data["order"] == ["Ann", "Demon Thug 1", "Demon Thug 2"]
    ann = data["combatants"][0]
    assert ann["name"] == "Ann" and ann["side"] == "pc"
    assert ann["conditions"] == [{"name": "Prone", "until": 12}]
    assert "Due: Reinforcements" in [e["text"] for e in data["log"]]
    attack = next(e for e in data["log"] if e["kind"] == "attack" and e["actor"] == "Ann")
    assert attack["dice"] == "1d20+5" and attack["difficulty"] == 10
    assert len(attack["faces"]) == 1 and attack["total"] == attack["faces"][0] + 5
    assert attack["outcome"] in ("hit", "miss")
    assert attack["target"] == "Demon Thug 1"
    r = combat("show", str(f))
    assert r.returncode == 0 and "Demon Thug 2" in r.stdout


def test_resume_and_undo_across_runs(tmp_path):
    f = tmp_path / "f.json"
    combat("new", str(f), "--ruleset", "toy")
    combat("play", str(f), input="add Ann\nadd Bob\n")
    r = combat("play", str(f), input="undo\n")
    assert "undone: add Bob" in r.stdout
    data = json.loads(combat("show", str(f), "--json").stdout)
    assert [c["name"] for c in data["combatants"]] == ["Ann"]


def test_script_error_stops_with_the_line_number(tmp_path):
    f = tmp_path / "f.json"
    combat("new", str(f), "--ruleset", "toy")
    r = combat("play", str(f), input="add Ann\n\nadd Bob\ndeclare Zed attack Ann\nadd Carl\n")
    assert r.returncode == 1
    assert "line 4" in r.stderr and "declare Zed" in r.stderr
    assert "the fight has not started" in r.stdout
    names = [c["name"] for c in json.loads(combat("show", str(f), "--json").stdout)["combatants"]]
    assert names == ["Ann", "Bob"]


def test_manual_dice_in_a_script_take_the_next_line(tmp_path):
    f = tmp_path / "f.json"
    combat("new", str(f), "--ruleset", "toy")
    script = "add Ann skill=5\nadd Bob\nstart\nact Ann attack Bob\n7\n4\n"
    r = combat("play", str(f), "--dice", "manual", input=script)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Ann: attack 1d20+5" in r.stdout
    log = json.loads(combat("show", str(f), "--json").stdout)["log"]
    attack = next(e for e in log if e["kind"] == "attack")
    assert attack["faces"] == [7] and attack["total"] == 12 and attack["outcome"] == "hit"
    bob = json.loads(combat("show", str(f), "--json").stdout)["combatants"][1]
    assert bob["stats"]["hp"] == 6
    r = combat("play", str(f), "--dice", "manual", input="act Ann attack Bob\n=30\n")
    assert r.returncode == 1 and "6..25" in r.stdout


def test_bad_files_and_names_from_the_command_line(tmp_path):
    f = tmp_path / "f.json"
    f.write_text("{not json")
    r = combat("play", str(f), input="status\n")
    assert r.returncode == 1 and "damaged or truncated" in r.stderr
    assert f.read_text() == "{not json"
    r = combat("show", str(tmp_path / "missing.json"))
    assert r.returncode == 1 and "no such file" in r.stderr
    r = combat("new", str(tmp_path / "g.json"), "--ruleset", "toyy")
    assert r.returncode == 2 and "did you mean toy?" in r.stderr  # the parser checks it
    assert "Traceback" not in r.stderr
    combat("new", str(tmp_path / "h.json"), "--ruleset", "toy")
    r = combat("new", str(tmp_path / "h.json"), "--ruleset", "toy")
    assert r.returncode == 1 and "already exists" in r.stderr


def test_house_rules_are_checked_and_used(tmp_path):
    hr = tmp_path / "house.toml"
    hr.write_text("difficulty = 15\n")
    f = tmp_path / "f.json"
    assert combat("new", str(f), "--ruleset", "toy", "--house-rules", str(hr)).returncode == 0
    r = combat("play", str(f), "--dice", "manual",
               input="add Ann skill=5\nadd Bob\nstart\nact Ann attack Bob\n9\n")
    assert "14 vs 15, miss" in r.stdout
    hr.write_text("dificulty = 15\n")
    r = combat("new", str(tmp_path / "g.json"), "--ruleset", "toy", "--house-rules", str(hr))
    assert r.returncode == 1 and "did you mean difficulty" in r.stderr


def test_roll_rulesets_and_help(tmp_path):
    r = combat("roll", "3D+2", "--seed", "1")
    assert r.returncode == 0 and r.stdout.startswith("3D+2: [")
    r = combat("roll", "6d10>=8")
    assert " success" in r.stdout  # "1 success" or "N successes"
    r = combat("roll", "1000d6")
    assert r.returncode == 2 and "at most 100 dice" in r.stderr
    r = combat("rulesets")
    assert "toy" in r.stdout and "Test-only rules" in r.stdout
    r = combat("--help")
    assert r.returncode == 0 and "demo" in r.stdout


def test_demo_runs_without_input():
    r = combat("demo", "--ruleset", "toy")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Round 2" in r.stdout


def test_output_is_plain_when_piped_and_no_color(tmp_path):
    r = combat("demo", "--ruleset", "toy", env={"NO_COLOR": "1", "TERM": "xterm-256color"})
    assert "\x1b[" not in r.stdout


def test_lock_refuses_second_play(tmp_path):
    import time

    f = tmp_path / "f.json"
    combat("new", str(f), "--ruleset", "toy")
    env = dict(os.environ)
    p = subprocess.Popen([*combat_cmd(), "play", str(f)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        for _ in range(100):
            if (tmp_path / "f.json.lock").exists():
                break
            time.sleep(0.05)
        r = combat("play", str(f), input="status\n")
        assert r.returncode == 1 and "in use" in r.stderr
    finally:
        p.communicate("quit\n", timeout=30)
    assert combat("play", str(f), input="status\n").returncode == 0


def test_installed_rulesets_load_with_their_data_files(tmp_path):
    """From outside the source tree: every built-in ruleset's tables.toml was installed."""
    code = ("import sys\nfrom combat_cli import plugins\n"
            "for n in ('d6', 'storypath', 'd12', 'czech_pool'):\n"
            "    rs = plugins.load(n)\n"
            "    assert rs.load_tables(), n\n"
            "    print(n, sys.modules[type(rs).__module__].__file__)\n")
    r = subprocess.run([combat_cmd()[0], "-c", code], capture_output=True, text=True,
                       cwd=tmp_path, timeout=60)
    assert r.returncode == 0, r.stderr
    assert str(tmp_path) not in r.stdout


def test_every_builtin_demo_runs_from_the_installed_program(tmp_path):
    for name in BUILT_IN:
        r = combat("demo", "--ruleset", name, cwd=tmp_path)
        assert r.returncode == 0, f"{name}: {r.stdout[-2000:]} {r.stderr}"
        assert "Traceback" not in r.stdout + r.stderr
    r = combat("demo", cwd=tmp_path)
    assert r.returncode == 0 and "d6" in combat("rulesets", cwd=tmp_path).stdout


def test_sigterm_ends_cleanly_with_the_file_saved_and_unlocked(tmp_path):
    import signal
    import time

    f = tmp_path / "f.json"
    combat("new", str(f), "--ruleset", "toy")
    p = subprocess.Popen([*combat_cmd(), "play", str(f)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         cwd=tmp_path)
    p.stdin.write("add Ann\n")
    p.stdin.flush()
    for _ in range(100):
        if "Ann" in f.read_text():
            break
        time.sleep(0.05)
    p.send_signal(signal.SIGTERM)
    p.communicate(timeout=30)
    assert "Ann" in json.dumps(read_json(f)["encounter"])
    assert not (tmp_path / "f.json.lock").exists()


def test_unknown_display_language_and_dice_mode_are_refused(tmp_path):
    f = tmp_path / "f.json"
    combat("new", str(f), "--ruleset", "toy")
    r = combat("show", str(f), "--lang", "de")      # the parser knows the languages
    assert r.returncode == 2 and "'de' is not one of en, cs" in r.stderr
    r = combat("demo", "--ruleset", "czech_pool", "--lang", "de")
    assert r.returncode == 2 and "'de' is not one of en, cs" in r.stderr
    r = combat("show", str(f), "--lang", "cs")      # any language with a catalogue: files only
    assert r.returncode == 0 and "příprava" in r.stdout, r.stderr
    assert combat("show", str(f), "--lang", "en").returncode == 0  # the toy's own language
    r = combat("play", str(f), "--dice", "magic", input="status\n")
    assert r.returncode == 2 and "'magic' is not one of auto, manual, players" in r.stderr


def test_save_copy_never_overwrites_and_a_failed_save_stops_a_script(tmp_path):
    f = tmp_path / "f.json"
    other = tmp_path / "monsters.toml"
    other.write_text("[thug]\n")
    combat("new", str(f), "--ruleset", "toy")
    r = combat("play", str(f), input=f"add Ann\nsave {other}\nadd Bob\n")
    assert r.returncode == 1 and "already exists" in r.stdout and "line 2" in r.stderr
    assert other.read_text() == "[thug]\n"
    r = combat("play", str(f), input=f"save {tmp_path / 'nodir' / 'x.json'}\nadd Carl\n")
    assert r.returncode == 1 and "could not save" in r.stdout and "line 1" in r.stderr
    r = combat("play", str(f), input=f"save {tmp_path / 'copy.json'}\n")
    assert r.returncode == 0 and read_json(tmp_path / "copy.json")["app"] == "combat-cli"


def test_house_rule_values_keep_their_kind(tmp_path):
    hr = tmp_path / "house.toml"
    hr.write_text('difficulty = "hard"\n')
    r = combat("new", str(tmp_path / "g.json"), "--ruleset", "toy", "--house-rules", str(hr))
    assert r.returncode == 1 and "difficulty must be a whole number (like 10)" in r.stderr
    assert not (tmp_path / "g.json").exists()


def test_a_script_with_a_byte_order_mark_runs(tmp_path):
    f = tmp_path / "f.json"
    combat("new", str(f), "--ruleset", "toy")
    s = tmp_path / "s.txt"
    s.write_bytes("\ufeffadd Ann\n".encode())
    r = combat("play", str(f), "--script", str(s))
    assert r.returncode == 0, r.stdout + r.stderr
    r = combat("play", str(f), input='save ""\n')
    assert r.returncode == 1 and "save needs a file name" in r.stdout


@pytest.mark.parametrize(("args", "said"), [
    (("odds", "100d1000", "50000"), "is too big to work out exactly"),
    (("odds", "3d6", "9" * 30), "a number of 30 digits is too long"),
])
def test_odds_too_big_or_too_long_is_one_line_not_a_crash(args: tuple[str, ...],
                                                          said: str) -> None:
    r = combat(*args)
    assert r.returncode == 2, r.stderr
    assert said in r.stderr and "internal error" not in r.stderr
    assert r.stderr.count("\\n") == 0 and len(r.stderr.splitlines()) == 1
