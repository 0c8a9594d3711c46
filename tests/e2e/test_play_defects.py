"""Issue 13 item 31: the lowest declared typer must work (.ci/lowest runs this folder)."""

from __future__ import annotations

from tests.e2e.test_cli import combat


def test_i13_31_missing_argument_and_bad_option_are_usage_errors() -> None:
    # typer < 0.18 with a current click: a traceback (None.exists(), make_metavar())
    r = combat("new")
    assert r.returncode == 2 and "Missing argument" in r.stderr
    assert "Traceback" not in r.stderr
    r = combat("roll", "2d6", "--seed", "x")
    assert r.returncode == 2 and "Traceback" not in r.stderr
