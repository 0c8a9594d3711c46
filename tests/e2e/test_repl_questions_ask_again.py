"""Issue 22: at the REPL's non-dice questions (who takes the open slot? end the round with
actions left?) a typo dropped the question and the next line was read as a command. Every
question now says what it takes, in one line, and asks again; Enter and Ctrl-C still leave it
as before."""

from __future__ import annotations

import pexpect

from tests.e2e.test_repl import PROMPT, spawn
from tests.e2e.test_typing_less import make, state

STORYPATH = ("add Ann side=pc cunning=3 close_combat=2\nadd Ben side=pc cunning=3 firearms=2\n"
             "add Orc cunning=0\nstart\n")


def test_a_typo_at_who_takes_the_slot_is_asked_again_not_run_as_a_command(tmp_path):
    f = make(tmp_path, "storypath", STORYPATH)
    child = spawn(f)
    child.sendline("next")
    child.expect_exact("who takes it?")
    child.sendcontrol("c")        # abandoned as before: nobody's turn is spent
    child.expect_exact("is open:")
    child.expect_exact(PROMPT)
    child.sendline("next")
    child.expect_exact("who takes it?")
    child.sendline("Bne")
    child.expect_exact("type Ann or Ben, or Enter for nobody yet")
    child.expect_exact("who takes it?")
    child.sendline("status")      # not a command here either: a name is asked for
    child.expect_exact("type Ann or Ben, or Enter for nobody yet")
    child.sendline("be")
    child.expect_exact("Ben takes PC slot")
    child.expect_exact(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert state(f)["data"]["roster"][0]["who"] == "c2"


def test_a_typo_at_end_the_round_is_asked_again(tmp_path):
    f = make(tmp_path, "d6", "add Ann side=pc\nadd Orc Brawling=3D\nstart\ndeclare Orc brawl Ann\n")
    child = spawn(f)
    child.sendline("end")
    child.expect_exact("End round 1? [y/N]")
    child.sendline("yse")
    child.expect_exact("type y to end the round, or n (or Enter) to go on")
    child.expect_exact("[y/N]")
    child.sendline("y")
    child.expect_exact("Round 2")
    child.expect_exact(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert state(f)["round"] == 2


def test_in_a_script_an_answer_the_question_cant_use_stops_the_script_at_its_line(capsys):
    """A script answers a question only while a phone may answer it too (served): a line that
    is not an answer stops the script there (as a bad dice answer does), not run later as a
    command, and nothing changed."""
    import io

    from combat_cli import plugins
    from combat_cli.dice import RandomDice
    from combat_cli.engine.table import Table
    from combat_cli.render.console import make_console
    from combat_cli.repl.driver import Driver
    from combat_cli.repl.port import ScriptPort
    from combat_cli.repl.script import ScriptLines, run_script
    from combat_cli.web.hub import Race
    from tests.conftest import run, saved

    class Served(ScriptPort):  # a phone joined that does not answer
        def ask(self, question, race=None):  # noqa: ANN001, ANN201
            return super().ask(question, Race((), {}, lambda pc, body: None,
                                              alive=lambda: False))

    table = Table.new(plugins.load("storypath"), RandomDice(3))
    run(table, *STORYPATH.splitlines())
    before = saved(table)
    lines = ScriptLines(["next", "Bne", "status"])
    driver = Driver(table, None, make_console(io.StringIO(), 80), Served(lines))
    assert run_script(driver, lines) == 1
    err = capsys.readouterr().err
    assert "script stopped at line 2: Bne (answering line 1: next)" in err, err
    assert saved(table) == before
    table = Table.new(plugins.load("storypath"), RandomDice(3))
    run(table, *STORYPATH.splitlines())
    lines = ScriptLines(["next", "ben"])
    driver = Driver(table, None, make_console(io.StringIO(), 80), Served(lines))
    assert run_script(driver, lines) == 0
    assert table.enc.data["roster"][0]["who"] == "c2"
