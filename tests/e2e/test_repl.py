"""The REPL in a real pseudo-terminal (pexpect)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pexpect
import pytest

from combat_cli.store.savefile import read_json
from tests.conftest import combat_cmd

PROMPT = "combat>"
BRACKETED_PASTE_ON = "\x1b[?2004h"


def spawn(path, *extra: str, history=None) -> pexpect.spawn:  # noqa: ANN001
    env = dict(os.environ)
    env.update({"PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm-256color", "NO_COLOR": "1",
                "COMBAT_HISTORY": str(history) if history else ""})
    cmd = combat_cmd()
    child = pexpect.spawn(cmd[0], [*cmd[1:], "play", str(path), *extra], env=env,
                          encoding="utf-8", timeout=20, dimensions=(40, 140),
                          cwd=str(path.parent))
    child.delaybeforesend = None
    ready(child)
    return child


def ready(child: pexpect.spawn, prompt: str = PROMPT) -> None:
    """Wait for a prompt that is really reading. prompt-toolkit switches the terminal to raw
    mode and then, drawing a new prompt, turns bracketed paste on; a prompt redrawn when Enter
    is pressed lacks it. Between two prompts the terminal is in cooked mode, where the tty
    itself would swallow Ctrl-C / Ctrl-D, so control keys go only after this."""
    child.expect(re.compile(re.escape(BRACKETED_PASTE_ON) + r"[^\n]*" + re.escape(prompt)))


def control(child: pexpect.spawn, key: str) -> None:
    """Send a control key (call :func:`ready` first)."""
    child.sendcontrol(key)


def tab(child: pexpect.spawn, text: str, candidate: str) -> None:
    """Type ``text``, wait for the live completer to show ``candidate`` (prompt-toolkit drops
    a Tab that comes while it is still completing), press Tab and wait for the rest of the
    candidate on the line (the terminal is redrawn by difference: only new letters are
    written)."""
    child.send(text)
    child.expect_exact(candidate)
    child.send("\t")
    partial = text.split()[-1]
    child.expect_exact(candidate[len(partial):])


def new(tmp_path, lines: str = "add Mina side=pc speed=3\nadd Lector speed=2\n"):  # noqa: ANN201
    f = tmp_path / "f.json"
    subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", "toy"], check=True,
                   capture_output=True, cwd=tmp_path)
    subprocess.run([*combat_cmd(), "play", str(f)], input=lines, text=True, check=True,
                   capture_output=True, cwd=tmp_path)
    return f


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_prompt_completion_error_and_ctrl_d(tmp_path):
    f = new(tmp_path)
    child = spawn(f)
    # the completer comes with the table, loaded in the background; the first line waits for it
    child.sendline("status")
    child.expect_exact("setup")
    ready(child)
    # completion offers a combatant name from the live state
    tab(child, "set Le", "Lector")
    child.sendline(" speed=5")
    child.expect_exact("Lector: speed=5")
    child.sendline("remove Minna")
    child.expect_exact('no combatant "Minna"')
    child.expect_exact("did you mean Mina?")
    ready(child)
    child.sendline("add Carl speed=1")
    child.expect_exact("Carl joins")
    ready(child)
    # Ctrl-C cancels the line, the REPL goes on
    child.send("remove Carl")
    child.expect_exact("remove Carl")
    control(child, "c")
    ready(child)
    control(child, "d")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    data = read_json(f)
    assert [c["name"] for c in data["encounter"]["combatants"]] == ["Mina", "Lector", "Carl"]
    assert data["encounter"]["combatants"][1]["stats"]["speed"] == 5
    assert not (tmp_path / "f.json.lock").exists()


def test_verb_action_and_target_completion(tmp_path):
    f = new(tmp_path)
    child = spawn(f)
    child.sendline("start")
    child.expect_exact("Round 1")
    ready(child)
    tab(child, "decl", "declare")
    tab(child, " Mina att", "attack")
    child.sendline(" Lector")
    child.expect_exact("Mina declares: attack Lector")
    ready(child)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    data = read_json(f)
    assert data["encounter"]["phase"] == "declare"
    assert data["encounter"]["declarations"]


def test_manual_dice_prompt_shows_what_the_roll_is_for(tmp_path):
    f = new(tmp_path, "add Mina side=pc speed=3 skill=5\nadd Lector speed=2\nstart\n")
    child = spawn(f, "--dice", "manual")
    child.sendline("act Mina attack Lector")
    child.expect_exact("Mina: attack 1d20+5")
    child.sendline("25")
    child.expect_exact("a d20 shows 1..20")
    child.sendline("12")
    child.expect_exact("Mina attacks Lector: 17 vs 10, hit")  # shown before the next roll
    child.expect_exact("Mina: damage 1d6")
    child.sendline("")  # Enter rolls it
    ready(child)
    child.sendline("act Mina attack Lector")
    ready(child, "1d20+5")
    control(child, "c")  # cancelling the roll cancels the command
    child.expect_exact("roll cancelled")
    ready(child)
    control(child, "d")
    child.expect(pexpect.EOF)
    data = read_json(f)
    attacks = [e for e in data["log"] if e["kind"] == "attack"]
    assert len(attacks) == 1 and attacks[0]["faces"] == [12]


def test_history_persists_between_sessions(tmp_path):
    f = new(tmp_path)
    hist = tmp_path / "history"
    child = spawn(f, history=hist)
    child.sendline("status")
    child.expect_exact("setup")
    ready(child)
    control(child, "d")
    child.expect(pexpect.EOF)
    child = spawn(f, history=hist)
    for _ in range(100):  # the history file loads in the background: Up until it is there
        child.send("\x1b[A")  # Up arrow recalls the last line
        if child.expect_exact(["status", pexpect.TIMEOUT], timeout=0.2) == 0:
            break
    else:
        raise AssertionError("Up never recalled the last session's line")
    child.send("\r")
    child.expect_exact("setup")
    ready(child)
    control(child, "d")
    child.expect(pexpect.EOF)
    assert "+status" in hist.read_text()


def test_damaged_file_is_refused_even_after_the_prompt_appears(tmp_path):
    """The JSON is checked before the prompt; the models load meanwhile and a bad field ends
    the session with one clear line, leaving the file as it was."""
    f = tmp_path / "bad.json"
    content = ('{"schema": 1, "app": "combat-cli", "ruleset": "toy", '
               '"encounter": {"ruleset": "toy", "round": "x"}, "log": []}')
    f.write_text(content)
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm-256color", COMBAT_HISTORY="")
    cmd = combat_cmd()
    child = pexpect.spawn(cmd[0], [*cmd[1:], "play", str(f)], env=env, encoding="utf-8",
                          timeout=20, cwd=str(tmp_path))
    child.expect_exact("is damaged: round")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert f.read_text() == content
    g = tmp_path / "other.json"
    g.write_text(content.replace('"toy"', '"nosuch"'))
    child = pexpect.spawn(cmd[0], [*cmd[1:], "play", str(g)], env=env, encoding="utf-8",
                          timeout=20, cwd=str(tmp_path))
    child.expect_exact('no ruleset "nosuch"')
    child.expect(pexpect.EOF)


def test_first_line_typed_at_once_waits_for_the_table(tmp_path):
    f = new(tmp_path)
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm-256color", COMBAT_HISTORY="")
    cmd = combat_cmd()
    child = pexpect.spawn(cmd[0], [*cmd[1:], "play", str(f)], env=env, encoding="utf-8",
                          timeout=20, cwd=str(tmp_path))
    child.delaybeforesend = None
    child.sendline("add Zed")  # typed before the prompt is even drawn
    child.expect_exact("Zed joins")
    ready(child)
    control(child, "d")
    child.expect(pexpect.EOF)
    assert "Zed" in f.read_text()
