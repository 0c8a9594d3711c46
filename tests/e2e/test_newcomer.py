"""A newcomer's command line (issue 14), run as installed: --version, -h, completion, choices
checked by the parser, combat paths, the config file, the demo's framing and --pace, help
without rule IDs, and the error log named by an internal error (issue 13 item 30)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pexpect
import pytest

from tests.conftest import BUILT_IN, combat_cmd

RULE_ID = re.compile(r"\b(?:AMB|T|D6|D12|SP|CZ)(?:-[A-Z0-9]+)*-\d+[a-z]?\b")


def combat(*args: str, input: str | None = None, env: dict | None = None,
           cmd: list[str] | None = None, **kw) -> subprocess.CompletedProcess:  # noqa: ANN003
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([*(cmd or combat_cmd()), *args], input=input, capture_output=True,
                          text=True, timeout=60, env=e, cwd=tempfile.gettempdir(), **kw)


def home(tmp_path: Path) -> dict[str, str]:
    """A home of its own: config and state folders under tmp_path."""
    return {"XDG_CONFIG_HOME": str(tmp_path / "cfg"), "XDG_STATE_HOME": str(tmp_path / "state"),
            "COMBAT_CONFIG": ""}


def config(tmp_path: Path, text: str) -> dict[str, str]:
    f = tmp_path / "cfg" / "combat-cli" / "config.toml"
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(text, encoding="utf-8")
    return home(tmp_path)


def test_version_from_the_installed_command():
    from combat_cli import __version__

    script = Path(sys.executable).with_name("combat")
    for cmd in ([[str(script)]] if script.exists() else []) + [combat_cmd()]:
        r = combat("--version", cmd=cmd)
        assert r.returncode == 0 and r.stdout == f"combat-cli {__version__}\n"


def test_dash_h_is_help_everywhere():
    r = combat("-h")
    assert r.returncode == 0 and "paths" in r.stdout and "demo" in r.stdout
    r = combat("play", "-h")
    assert r.returncode == 0
    assert "[auto|manual|players]" in r.stdout and "[en|cs]" in r.stdout
    r = combat("new", "-h")
    assert re.search(r"\[[^]]*d6[^]]*storypath[^]]*\]|\[czech_pool\|d12\|d6\|storypath", r.stdout)


def test_the_parser_refuses_what_is_not_a_choice_in_one_error_line():
    for args, bad in ((("new", "x.json", "--ruleset", "d7"), "'d7' is not one of"),
                      (("play", "x.json", "--dice", "magic"), "'magic' is not one of auto, manual"),
                      (("demo", "--lang", "xx"), "'xx' is not one of en, cs"),
                      (("roll", "1d6", "--ruleset", "nope"), "'nope' is not one of")):
        r = combat(*args)
        assert r.returncode == 2 and bad in r.stderr, (args, r.stderr)
        assert sum("Error" in line for line in r.stderr.splitlines()) == 1
    assert "did you mean d6?" in combat("new", "x.json", "--ruleset", "d7").stderr


def test_shell_completion_is_on_and_completes_the_choices():
    def complete(words: str) -> list[str]:
        env = {"_COMBAT_COMPLETE": "complete_bash", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
        script = Path(sys.executable).with_name("combat")
        if not script.exists():
            pytest.skip("no combat script installed beside this Python")
        return combat(env=env, cmd=[str(script)]).stdout.split()

    assert "--install-completion" in combat("-h").stdout
    assert set(BUILT_IN) <= set(complete("combat new f.json --ruleset "))
    assert complete("combat play f.json --dice ") == ["auto", "manual", "players"]
    assert complete("combat pa") == ["paths"]


def test_paths_prints_where_config_history_and_error_log_are(tmp_path):
    r = combat("paths", env={**home(tmp_path), "COMBAT_HISTORY": str(tmp_path / "h")})
    assert r.returncode == 0
    lines = dict(line.split(None, 1) for line in r.stdout.replace("error log", "errorlog")
                 .splitlines())
    assert lines["config"].startswith(str(tmp_path / "cfg" / "combat-cli" / "config.toml"))
    assert "none yet" in lines["config"]
    assert lines["history"] == str(tmp_path / "h")
    assert lines["errorlog"] == str(tmp_path / "state" / "combat-cli" / "errors.log")
    env = {k: v for k, v in os.environ.items() if k != "COMBAT_HISTORY"}
    env.update(home(tmp_path))
    r = subprocess.run([*combat_cmd(), "paths"], capture_output=True, text=True, env=env,
                       cwd=tempfile.gettempdir())
    assert f"history    {tmp_path / 'state' / 'combat-cli' / 'history'}" in r.stdout


def test_the_repl_history_goes_where_paths_says(tmp_path):
    from combat_cli import paths

    old = dict(os.environ)
    try:
        os.environ.pop("COMBAT_HISTORY", None)
        os.environ["XDG_STATE_HOME"] = str(tmp_path)
        assert paths.history_file() == tmp_path / "combat-cli" / "history"
        os.environ["COMBAT_HISTORY"] = ""
        assert paths.history_file() is None
    finally:
        os.environ.clear()
        os.environ.update(old)


def test_the_config_file_sets_the_dice_mode_and_a_flag_overrides_it(tmp_path):
    env = config(tmp_path, 'dice = "manual"\n')
    f = tmp_path / "f.json"
    combat("new", str(f), "--ruleset", "toy", env=env)
    r = combat("play", str(f), input="add Ann\nroll 1d6\n=4\n", env=env)
    assert r.returncode == 0 and "= 4" in r.stdout, r.stdout + r.stderr
    r = combat("play", str(f), "--dice", "auto", input="roll 1d6\n=4\n", env=env)
    assert r.returncode == 1 and "line 2: =4" in r.stderr   # "=4" is a command again


def test_the_config_file_sets_the_language_and_a_flag_overrides_it(tmp_path):
    env = config(tmp_path, 'lang = "en"\n')
    f = tmp_path / "f.json"
    combat("new", str(f), "--ruleset", "czech_pool", env=env)
    combat("play", str(f), input="add Ada Konstituce=2\n", env=env)
    assert "Name" in combat("show", str(f), env=env).stdout
    assert "Jméno" in combat("show", str(f), "--lang", "cs", env=env).stdout


def _show_on_a_terminal(f: Path, env: dict[str, str]) -> str:
    cmd = combat_cmd()
    child = pexpect.spawn(cmd[0], [*cmd[1:], "show", str(f)], encoding="utf-8", timeout=30,
                          env={**os.environ, "TERM": "xterm-256color", "NO_COLOR": "", **env},
                          dimensions=(40, 120), cwd=tempfile.gettempdir())
    child.expect(pexpect.EOF)
    return child.before


def test_the_config_file_sets_colour(tmp_path):
    f = tmp_path / "f.json"
    combat("new", str(f), "--ruleset", "toy")
    combat("play", str(f), input="add Ann\nstart\n")
    cyan = "\x1b[1;36m"                                   # the round header's colour
    assert cyan in _show_on_a_terminal(f, home(tmp_path))  # a terminal: colour by default
    assert cyan not in _show_on_a_terminal(f, config(tmp_path, 'color = "never"\n'))
    assert cyan not in _show_on_a_terminal(f, config(tmp_path, "colour = false\n"))
    env = config(tmp_path, 'colour = "always"\n')
    assert cyan in combat("show", str(f), env={**env, "NO_COLOR": ""}).stdout  # even piped
    assert cyan not in combat("show", str(f), env={**env, "NO_COLOR": "1"}).stdout


@pytest.mark.parametrize("text, message", [
    ('dcie = "manual"\n', 'unknown key "dcie" — did you mean dice? (keys: dice, lang, color)'),
    ('dice = "sometimes"\n', 'dice is auto or manual or players, not "sometimes"'),
    ("lang = 3\n", "lang is en or cs, not 3"),
    ("dice = \n", "is not valid TOML"),
    ('[dice]\nmode = "auto"\n', "dice is auto or manual or players, not {"),
    ('"\\u001b[31m" = 1\n', 'unknown key "?[31m"'),
])
def test_a_bad_config_file_is_refused_in_one_line(tmp_path, text, message):
    env = config(tmp_path, text)
    f = tmp_path / "f.json"
    combat("new", str(f), "--ruleset", "toy", env=env)
    for args in (("play", str(f)), ("show", str(f)), ("demo",)):
        r = combat(*args, input="status\n", env=env)
        assert r.returncode == 2 and message in r.stderr, r.stderr
        assert r.stderr.count("\n") == 1 and "config.toml" in r.stderr
        assert "\x1b" not in r.stderr
    assert combat("paths", env=env).returncode == 0       # paths still says where it is


def test_the_demo_says_what_the_gm_watches_and_what_to_type_next():
    r = combat("demo", "--ruleset", "d12")
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    assert lines[0].startswith("A d12 demo fight. Each line after > is what the GM types")
    assert "round table" in lines[1]
    assert lines[-3:] == ["  combat new fight.json --ruleset d12", "  combat play fight.json",
                          "and at its prompt: add NAME STAT=VALUE ..., start, declare ..., help"]
    assert "(combat demo --pace shows it" in r.stdout
    assert not RULE_ID.search(r.stdout) and "seed" not in r.stdout.replace("--seed", "")


def test_what_to_type_next_is_what_works_before_combat_is_on_the_path(tmp_path):
    script = Path(sys.executable).with_name("combat")
    if not script.exists():
        pytest.skip("no combat script installed beside this Python")
    env = {"PATH": "/usr/bin:/bin"}                        # the venv is not activated
    shown = min(os.path.relpath(script, tempfile.gettempdir()), str(script), key=len)
    r = combat("demo", "-r", "d12", env=env, cmd=[str(script)])
    assert f"  {shown} new fight.json --ruleset d12" in r.stdout.splitlines()
    r = combat("new", str(tmp_path / "f.json"), "-r", "d6", env=env, cmd=[str(script)])
    assert r.stdout.endswith(f"next: {shown} play {tmp_path / 'f.json'}\n")
    env = {"PATH": f"{script.parent}:/usr/bin:/bin"}       # activated: just combat
    r = combat("new", str(tmp_path / "g.json"), "-r", "d6", env=env, cmd=[str(script)])
    assert r.stdout.endswith(f"next: combat play {tmp_path / 'g.json'}\n")


def test_demo_pace_without_a_terminal_plays_straight_through():
    r = combat("demo", "--pace", stdin=subprocess.DEVNULL)
    assert r.returncode == 0 and "needs a terminal" in r.stderr
    assert "That was the demo" in r.stdout


def test_demo_pace_steps_on_enter_and_stops_on_q():
    cmd = combat_cmd()
    env = dict(os.environ, NO_COLOR="1", COLUMNS="120")
    child = pexpect.spawn(cmd[0], [*cmd[1:], "demo", "--pace", "--ruleset", "d12"], env=env,
                          encoding="utf-8", timeout=30, dimensions=(40, 120),
                          cwd=tempfile.gettempdir())
    child.expect_exact("[Enter: next, q: stop]")
    assert "> add" not in child.before                    # nothing ran before the first Enter
    child.sendline("")
    child.expect_exact("> add Cory")
    child.expect_exact("[Enter: next, q: stop]")
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert "> add Puncher" not in child.before
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("name", BUILT_IN)
def test_help_shows_no_rule_ids_and_help_rules_does(name):
    import io

    from combat_cli import plugins
    from combat_cli.commands.registry import all_verbs, dispatch
    from combat_cli.dice import RandomDice
    from combat_cli.engine.table import Table
    from combat_cli.render.console import make_console
    from combat_cli.render.output import print_output

    t = Table.new(plugins.load(name), RandomDice(1))

    def shown(line: str) -> str:
        out = dispatch(t, line)
        assert out.error is None, (line, out.error)
        buf = io.StringIO()
        print_output(make_console(buf, width=200), t, out)
        return buf.getvalue()

    words = ["help", *(f"help {v}" for v in all_verbs(t)),
             *(f"help {a.name}" for a in t.ruleset.actions)]
    for line in words:
        assert not RULE_ID.search(shown(line)), (line, RULE_ID.search(shown(line)))
    assert "AMB-" in shown("help rules")


def test_item_30_internal_error_names_the_error_log(make_table, monkeypatch, tmp_path):
    from combat_cli.commands import registry

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    t = make_table()
    registry.dispatch(t, "help")                         # the verbs are loaded
    verb = registry.find_verb("status", registry.all_verbs(t))

    def broken(cmd):  # noqa: ANN001, ANN202
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(verb, "handler", broken)
    out = registry.dispatch(t, "status")
    log = tmp_path / "combat-cli" / "errors.log"
    assert out.error == ("internal error (ZeroDivisionError: division by zero); nothing was "
                         f"changed; the traceback is in {log}")
    assert "ZeroDivisionError" in log.read_text() and "--- 'status'" in log.read_text()


def test_item_30_a_crash_outside_a_command_names_the_error_log_too(monkeypatch, tmp_path, capsys):
    from combat_cli import cli

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))

    def boom() -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(cli.typer.main, "get_command", lambda app: boom)  # the app crashes
    with pytest.raises(SystemExit) as e:
        cli.main()
    assert e.value.code == 1
    log = tmp_path / "combat-cli" / "errors.log"
    assert capsys.readouterr().err == (f"combat: internal error (RuntimeError: boom); the "
                                       f"traceback is in {log}\n")
    assert "RuntimeError: boom" in log.read_text()


def test_printed_errors_log_lines_and_notes_carry_no_rule_ids(make_table):
    import io

    from combat_cli.commands.registry import Output
    from combat_cli.render.console import make_console
    from combat_cli.render.output import print_output

    t = make_table()
    buf = io.StringIO()
    console = make_console(buf, width=200)
    print_output(console, t, Output(error="a full dodge must be the only action (D6-REACT-3)"))
    print_output(console, t, Output(notes=["Ann is surprised (SP-AMB-3/AMB-SP-8)"]))
    assert buf.getvalue() == "error: a full dodge must be the only action\nAnn is surprised\n"


def test_rule_ids_go_but_dice_and_words_stay():
    from combat_cli.render.ruleids import without_rule_ids as plain

    assert plain("actions.max: D6-MULTI-2/AMB-D6-3: most actions a round (5)") == \
        "actions.max: most actions a round (5)"
    assert plain("amb.success: AMB-CZ-2 a die succeeds") == "amb.success: a die succeeds"
    for kept in ("3D6-2 and 4D+1", "T-bone", "SP 3", "D6-style", "6d10>=8"):
        assert plain(kept) == kept
