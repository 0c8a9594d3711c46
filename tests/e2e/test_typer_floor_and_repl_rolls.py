"""Issue 13 item 31: the lowest declared typer must work (.ci/lowest runs this folder)."""

from __future__ import annotations

import pexpect

from tests.e2e.test_cli import combat


def test_missing_argument_and_bad_option_are_usage_errors() -> None:
    # typer < 0.18 with a current click: a traceback (None.exists(), make_metavar())
    r = combat("new")
    assert r.returncode == 2 and "Missing argument" in r.stderr
    assert "Traceback" not in r.stderr
    r = combat("roll", "2d6", "--seed", "x")
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_repl_roll_words_and_ctrl_z_after_a_free_roll(tmp_path) -> None:  # noqa: ANN001
    from tests.e2e.test_repl import PROMPT, control, new, spawn

    f = new(tmp_path)  # Mina and Lector added: two undo steps
    child = spawn(f)
    child.sendline("roll 2d6 3")
    child.expect_exact("did you mean 2d6+3?")
    child.expect_exact(PROMPT)
    child.sendline("roll 1d6")
    child.expect_exact("Roll 1d6")
    child.expect_exact(PROMPT)
    control(child, "z")  # undoes the last game action, not the free roll
    child.expect_exact("undone: add Lector")
    child.expect_exact(PROMPT)
    child.sendline("log 3")
    child.expect_exact("Roll 1d6")
    child.expect_exact(PROMPT)
    control(child, "d")
    child.expect(pexpect.EOF)
