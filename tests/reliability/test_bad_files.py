"""Every bad file, link, disk or line: one line, nothing hangs, nothing is lost or injected."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import tempfile
import textwrap

import pytest

from combat_cli.store.savefile import read_json
from tests.conftest import combat_cmd


def combat(*args: str, input: str | None = None, timeout: float = 30,
           pre: str = "") -> subprocess.CompletedProcess:
    """The installed program; ``pre``: Python run first in the same process (to break os.*)."""
    cmd = combat_cmd()
    if pre:
        code = pre + "\nimport sys\nfrom combat_cli.cli import main\nsys.argv[0] = 'combat'\nmain()"
        cmd = [sys.executable, "-c", code]
    return subprocess.run([*cmd, *args], input=input, capture_output=True, text=True,
                          timeout=timeout, cwd=tempfile.gettempdir())


def one_line(r: subprocess.CompletedProcess) -> str:
    err = r.stderr.strip()
    assert r.returncode != 0 and "Traceback" not in r.stderr and "internal error" not in r.stderr
    assert len(err.splitlines()) == 1, err
    return err


def new(tmp_path, script: str = "add Ann side=pc speed=3 skill=5\nadd Bob speed=1\n"):
    f = tmp_path / "fight.json"
    assert combat("new", str(f), "--ruleset", "toy").returncode == 0
    if script:
        r = combat("play", str(f), "--script", "-", input=script)
        assert r.returncode == 0, r.stderr
    return f


def test_json_nested_100k_deep_in_either_layout(tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    for text in ('{"schema": 1, "app": "combat-cli", "ruleset": "toy", "encounter": ' + deep + "}",
                 '{"schema":2,"app":"combat-cli","ruleset":"toy","encounter":{"data":' + deep
                 + '},"history":{},"log_lines":0}\n'):
        f = tmp_path / "deep.json"
        f.write_text(text)
        for verb in ("play", "show"):
            err = one_line(combat(verb, str(f), input="status\n"))
            assert "deep" in err
        assert f.read_text() == text


def test_a_fifo_is_refused_without_reading_and_leaves_no_lock(tmp_path):
    f = tmp_path / "pipe.json"
    os.mkfifo(f)
    for verb in ("play", "show"):
        err = one_line(combat(verb, str(f), input="status\n", timeout=10))
        assert "named pipe" in err
    r = combat("play", str(new(tmp_path)), "--script", "-", input=f"import {f}\n", timeout=10)
    assert "named pipe" in r.stdout + r.stderr and "Traceback" not in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.json", "pipe.json"]


def test_a_folder_and_a_device_are_refused(tmp_path):
    assert "folder" in one_line(combat("play", str(tmp_path)))
    assert "device" in one_line(combat("show", "/dev/null"))


@pytest.mark.parametrize("line", ["damage Ann {n}", "advance {n}r", "roll 1d{n}", "add Orc x{n}",
                                  "timer Bell in={n}r", "heal Ann {n}", "undo {n}"])
def test_numbers_of_5000_digits_name_the_limit(tmp_path, line):
    f = new(tmp_path)
    before = read_json(f)
    r = combat("play", str(f), "--script", "-", input=line.format(n="9" * 5000) + "\n")
    assert r.returncode == 1 and "at most 12 digits" in r.stdout
    assert "internal error" not in r.stdout and "Traceback" not in r.stderr
    assert read_json(f) == before


def test_deep_huge_and_many_valued_toml_imports(tmp_path):
    f = new(tmp_path)
    cases = {
        "deep.toml": "x = " + "[" * 50_000 + "]" * 50_000 + "\n",
        "inline.toml": "[a]\nb = " + "{c = " * 5_000 + "1" + "}" * 5_000 + "\n",
        "dotted.toml": "[a]\n" + ".".join(["k"] * 100_000) + " = 1\n",
        "header.toml": "[" + ".".join(["k"] * 100_000) + "]\n",
        "huge.toml": "[a]\n" + "x = 1\n" + "# " + "y" * 3_000_000 + "\n",
        "many.toml": "[a]\nhp = [" + ",".join(["1"] * 600_000) + "]\n",
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
    for name, word in (("deep.toml", "nested too deeply"), ("inline.toml", "nested too deeply"),
                       ("dotted.toml", "nested too deeply"), ("header.toml", "nested too deeply"),
                       ("huge.toml", "too large"), ("many.toml", "too many values")):
        out = combat("play", str(f), "--script", "-", input=f"import {tmp_path / name}\n",
                     timeout=30)
        assert word in out.stdout, (name, out.stdout)
        assert "Traceback" not in out.stderr and "internal error" not in out.stdout
        assert len([ln for ln in out.stdout.splitlines() if "error" in ln]) <= 1


def test_an_import_path_with_a_nul_byte(tmp_path):
    f = new(tmp_path)
    r = combat("play", str(f), "--script", "-", input="import a\x00b.toml\n")
    assert r.returncode == 1 and "control character (\\x00)" in r.stdout
    assert "internal error" not in r.stdout


BREAK = """
import errno, os
_real_{fn} = os.{fn}
_calls = [0]
def _broken(*a, **k):
    _calls[0] += 1
    if _calls[0] > {after}:
        raise OSError(errno.ENOSPC, "No space left on device")
    return _real_{fn}(*a, **k)
os.{fn} = _broken
"""


@pytest.mark.parametrize("fn,after", [("open", 0), ("write", 0), ("fsync", 0), ("replace", 0),
                                      ("write", 1), ("fsync", 1), ("write", 3), ("fsync", 3)])
def test_a_full_disk_at_any_step_is_one_line_and_loses_nothing_answered(tmp_path, fn, after):
    f = new(tmp_path)
    before = read_json(f)
    script = "add Carl\nadd Dora\nadd Emil\nadd Finn\n"
    r = combat("play", str(f), "--script", "-", input=script,
               pre=BREAK.format(fn=fn, after=after))
    assert "Traceback" not in r.stderr and "internal error" not in r.stdout
    errors = [ln for ln in (r.stdout + r.stderr).splitlines() if "No space left" in ln]
    assert errors or fn == "replace", (r.stdout, r.stderr)  # replace: only the snapshot on
    # quit, which may fail without loss (the journal holds every command)
    after_names = [c["name"] for c in read_json(f)["encounter"]["combatants"]]
    answered = [ln.split()[0] for ln in r.stdout.splitlines() if " joins " in ln]
    assert after_names[:2] == [c["name"] for c in before["encounter"]["combatants"]]
    assert after_names[2:] == answered  # exactly the commands that were answered
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    assert not (tmp_path / "fight.json.lock").exists()


def test_a_snapshot_that_cannot_be_written_at_open_leaves_the_journal_to_go_on(tmp_path):
    f = new(tmp_path)
    f.write_text(f.read_text() + '{"op":"do","li')  # a cut-off line: opening rewrites the file
    r = combat("play", str(f), "--script", "-", input="add Late\n",
               pre=BREAK.format(fn="replace", after=0))
    assert r.returncode == 0 and "Late joins" in r.stdout and "Traceback" not in r.stderr
    assert [c["name"] for c in read_json(f)["encounter"]["combatants"]][-1] == "Late"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.json"]


def test_a_read_only_save_is_refused_and_stays_read_only(tmp_path):
    f = new(tmp_path)
    os.chmod(f, 0o444)
    data = f.read_bytes()
    err = one_line(combat("play", str(f), "--script", "-", input="add Late\n"))
    assert "read-only" in err
    assert stat.S_IMODE(f.stat().st_mode) == 0o444 and f.read_bytes() == data
    assert combat("show", str(f)).returncode == 0


def test_the_mode_of_a_save_is_kept(tmp_path):
    f = new(tmp_path)
    os.chmod(f, 0o600)
    assert combat("play", str(f), "--script", "-", input="add Late\n").returncode == 0
    assert stat.S_IMODE(f.stat().st_mode) == 0o600


def test_links_and_other_names_are_the_same_fight(tmp_path):
    f = new(tmp_path)
    link = tmp_path / "current.json"
    link.symlink_to(f.name)
    cmd = combat_cmd()
    first = subprocess.Popen([*cmd, "play", str(f), "--script", "-"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             cwd=tempfile.gettempdir())
    first.stdin.write("add Carl\n")
    first.stdin.flush()
    first.stdout.readline()
    try:
        for name in (link, tmp_path / "." / "fight.json", tmp_path / "sub" / ".." / "fight.json"):
            (tmp_path / "sub").mkdir(exist_ok=True)
            assert "in use" in one_line(combat("play", str(name), "--script", "-", input="add X\n"))
    finally:
        first.stdin.close()
        first.wait(timeout=30)
    r = combat("play", str(link), "--script", "-", input="add Dora\n")
    assert r.returncode == 0, r.stderr
    assert link.is_symlink() and [c["name"] for c in read_json(f)["encounter"]["combatants"]][-2:] \
        == ["Carl", "Dora"]
    hard = tmp_path / "hard.json"
    os.link(f, hard)
    err = one_line(combat("play", str(hard), "--script", "-", input="add X\n"))
    assert "hard links" in err
    assert "hard links" in one_line(combat("play", str(f), "--script", "-", input="add X\n"))


def test_stale_temp_files_are_cleaned_at_the_next_open(tmp_path):
    f = new(tmp_path)
    (tmp_path / ".fight.json.99999.tmp").write_text('{"half')
    (tmp_path / ".other.json.99999.tmp").write_text("not ours")
    assert combat("play", str(f), "--script", "-", input="status\n").returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.json.99999.tmp", "fight.json"]


EVIL = ["\x1b]0;owned\x07", "\x1b[2J", "\x1b]52;c;ZXZpbA==\x07", "\x9b31m", "\x07\x08\x7f",
        "\u202egnp.exe\u2066"]


def test_control_characters_from_a_file_are_shown_escaped(tmp_path):
    f = new(tmp_path, "add Ann side=pc\nadd Bob\nstart\n")
    data = read_json(f)
    enc = data["encounter"]
    enc["combatants"][0]["name"] = "Ann" + EVIL[0]
    enc["combatants"][0]["conditions"] = [{"name": "Hex" + EVIL[1], "until": None}]
    enc["combatants"][1]["name"] = "Bob" + EVIL[2] + EVIL[3]
    enc["combatants"][1]["status"] = "OK" + EVIL[4] + EVIL[5]
    enc["timers"] = [{"id": 1, "name": "Bell" + EVIL[1], "due": 3600, "kind": "note"}]
    log = [{"seq": 1, "text": "note " + EVIL[0], "actor": "Ann" + EVIL[0]}]
    head = {"schema": 2, "app": "combat-cli", "ruleset": "toy", "encounter": enc,
            "history": {"undo": [], "redo": []}, "log_lines": 1}
    f.write_text(json.dumps(head) + "\n" + json.dumps(log[0]) + "\n")
    outs = [combat("show", str(f)), combat("show", str(f), "--json"),
            combat("play", str(f), "--script", "-", input="status\nlog all\nstatus Ann\nnext\n"
                   "damage Nobody 1\n")]
    for r in outs:
        text = r.stdout + r.stderr
        assert "Traceback" not in text
        for ch in "\x1b\x07\x08\x7f\x9b\u202e\u2066":
            assert ch not in text, (repr(ch), text)
    assert "\\x1b]0;owned" in outs[0].stdout and "\\u001b" in outs[1].stdout
    assert "\\u202egnp.exe\\u2066" in outs[0].stdout and "\\u202e" in outs[1].stdout
    assert "\\x1b]52;c;" in outs[2].stdout


@pytest.mark.parametrize("bad", ["\x1b", "\x07", "\x00", "\x7f", "\x9b", "\r", "\u202e",
                                 "\u2067"])
def test_control_characters_typed_are_refused_naming_them(make_table, bad):
    from tests.conftest import fails

    t = make_table()
    shown = f"\\x{ord(bad):02x}" if ord(bad) <= 0xFF else f"\\u{ord(bad):04x}"
    for line in (f"add Ev{bad}il", f"note Ann a{bad}b", f"condition Ann +Hex{bad}y",
                 f"timer T{bad} in=1r", f"set Ann skill={bad}4", f"import a{bad}b.toml"):
        assert f"control character ({shown})" in fails(t, line)


def test_a_control_character_typed_in_a_script_is_refused_and_never_echoed(tmp_path):
    f = new(tmp_path)
    before = read_json(f)
    r = combat("play", str(f), "--script", "-", input="add Ev\x1b]0;owned\x07il\n")
    assert r.returncode == 1 and "control character (\\x1b)" in r.stdout
    assert "\x1b" not in r.stdout + r.stderr and "\x07" not in r.stdout + r.stderr
    assert read_json(f) == before


def test_a_garbled_journal_line_in_the_middle_is_one_line(tmp_path):
    f = new(tmp_path)
    r = combat("play", str(f), "--script", "-", input="add Carl\n",
               pre="from combat_cli.store.savefile import Saver\nSaver.close = lambda self: None")
    assert r.returncode == 0
    f.write_text(f.read_text() + '{"op":"do"\n' + '{"op":"undo"}\n')
    assert "damaged at line" in one_line(combat("show", str(f)))


def test_a_script_that_keeps_the_file_open_never_blocks_a_reader(tmp_path):
    f = new(tmp_path)
    code = textwrap.dedent(f"""
        import subprocess, sys, time
        p = subprocess.Popen({[*combat_cmd(), "play", str(f), "--script", "-"]!r},
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        p.stdin.write("add Carl\\n"); p.stdin.flush(); p.stdout.readline(); p.stdout.readline()
        time.sleep(0.3)
        from combat_cli.store.savefile import read_json
        print([c["name"] for c in read_json({str(f)!r})["encounter"]["combatants"]])
        p.stdin.close(); p.wait()
    """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "'Carl'" in r.stdout, r.stderr


def _damaged_attack_entry(tmp_path) -> str:
    """A Storypath fight whose last attack's log record holds a number where its list of
    Stunts goes (a hand-edited file): the ruleset reads it to show the last lines."""
    src = os.path.join(os.path.dirname(__file__), "..", "rulesets", "storypath", "fixtures",
                       "mid.json")
    with open(src, encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    last = max(i for i, x in enumerate(lines) if i and '"kind":"attack"' in x)
    entry = json.loads(lines[last])
    entry["data"]["stunts"] = 5
    lines[last] = json.dumps(entry)
    f = tmp_path / "fight.json"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(f)


def test_a_damaged_record_a_display_reads_is_one_line_and_play_goes_on(tmp_path):
    f = _damaged_attack_entry(tmp_path)
    before = open(f, "rb").read()
    r = combat("play", f, "--script", "-", input="status\n")
    out = r.stdout + r.stderr
    assert "Traceback" not in out and "internal error" not in out, out
    said = [x for x in out.splitlines() if x.startswith("error:")]
    assert said == ["error: the log entry attack's stunts must be a valid list (found 5)"], out
    assert out.count("Round 2") == 2        # the table on resuming, and for status after it
    assert open(f, "rb").read() == before
