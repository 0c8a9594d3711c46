"""The command line in Czech, through the installed program: the REPL's first lines before the
fight is loaded, click's own words (help, usage errors), rulesets, roll, odds, the fatal errors,
and which language wins (flag > config > file > environment > English)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pexpect
import pytest

from tests.conftest import combat_cmd
from tests.rulesets.czech_pool.test_czech_fight import english_in

CZECH_ENV = {"LANG": "cs_CZ.UTF-8"}
CLICK_ENGLISH = ("Usage", "Options", "Arguments", "Commands", "Show this message", "Missing",
                 "No such", "Invalid value", "Try ", "Error", "required", "default:",
                 "successes", "success ", "or more", "internal error", "traceback", "Input",
                 "should", "valid", "Field")


def combat(*args: str, env: dict[str, str] | None = None, stdin: str | None = None,
           cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([*combat_cmd(), *args], input=stdin, capture_output=True, text=True,
                          timeout=60, env=e, encoding="utf-8", cwd=cwd)


def no_english(text: str) -> None:
    found = english_in(text) + [w for w in CLICK_ENGLISH if w in text]
    assert not found, f"{found}\n{text}"


def czech_file(tmp_path: Path, name: str = "boj.json") -> Path:
    f = tmp_path / name
    r = combat("new", str(f), "--ruleset", "czech_pool")
    assert r.returncode == 0, r.stderr
    return f


# -- the REPL: the greeting comes before the ruleset is loaded ------------------------------------
def _spawn(path: Path, env: dict[str, str] | None = None) -> pexpect.spawn:
    e = dict(os.environ)
    e.update({"PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm-256color", "NO_COLOR": "1",
              "COMBAT_HISTORY": "", **(env or {})})
    cmd = combat_cmd()
    child = pexpect.spawn(cmd[0], [*cmd[1:], "play", str(path)], env=e, encoding="utf-8",
                          timeout=30, dimensions=(40, 140), cwd=str(path.parent))
    child.delaybeforesend = None
    return child


def _greeting(path: Path, env: dict[str, str] | None = None) -> str:
    child = _spawn(path, env)
    child.expect("(combat|souboj)>")
    first = child.before
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    return str(first)


def test_the_repl_greets_a_czech_fight_in_czech_without_lang(tmp_path: Path) -> None:
    f = czech_file(tmp_path)
    text = _greeting(f)
    assert "nápověda vypíše příkazy, Ctrl-D uloží a skončí" in text, text
    assert "help lists the verbs" not in text


def test_an_old_save_without_its_language_still_greets_in_czech(tmp_path: Path) -> None:
    f = czech_file(tmp_path)
    f.write_text(f.read_text(encoding="utf-8").replace('"lang":"cs",', "", 1), encoding="utf-8")
    assert '"lang"' not in f.read_text(encoding="utf-8").split("\n")[0]
    text = _greeting(f)
    assert "nápověda vypíše příkazy" in text, text
    r = combat("show", str(f))                     # and it loads as before
    assert r.returncode == 0 and "Tah" not in r.stderr, r.stderr


def test_an_english_ruleset_still_greets_in_english(tmp_path: Path) -> None:
    f = tmp_path / "f.json"
    assert combat("new", str(f), "--ruleset", "d6").returncode == 0
    assert "help lists the verbs" in _greeting(f)


def test_a_refused_lock_is_czech(tmp_path: Path) -> None:
    from combat_cli.store.savefile import Lock

    f = czech_file(tmp_path)
    with Lock(f):
        r = combat("play", str(f), "--script", "-", stdin="status\n")
    assert r.returncode == 1
    assert "už je otevřený v jiném combat play" in r.stderr, r.stderr
    no_english(r.stdout + r.stderr)


@pytest.mark.parametrize("head, czech", [
    ('{"schema":99,"app":"combat-cli","ruleset":"czech_pool","lang":"cs","encounter":{},'
     '"history":{},"log_lines":0}\n', "zapsal novější combat-cli"),
    ('{"schema":2,"app":"combat-cli","ruleset":"czech_pool","lang":"cs","encounter":{},'
     '"history":{},"log_lines":5}\n', "záznam je useknutý"),
    ('{"schema":2,"app":"combat-cli","ruleset":"czech_pool","encounter":{"ruleset":"czech_pool"'
     ',"round":"x"},"history":{},"log_lines":0}\n', "je poškozený"),
])
def test_a_damaged_czech_save_is_refused_in_czech(tmp_path: Path, head: str, czech: str) -> None:
    f = tmp_path / "boj.json"
    f.write_text(head, encoding="utf-8")
    for args in (("show", str(f)), ("report", str(f)), ("play", str(f), "--script", "-")):
        r = combat(*args, stdin="status\n")
        assert r.returncode == 1 and czech in r.stderr, (args, r.stderr)
        no_english(r.stderr)


# -- the command line outside a fight -----------------------------------------------------------
@pytest.mark.parametrize("args", [
    ("--help",), ("play", "--help"), ("new", "-h"), ("roll", "--help"), ("odds", "--help"),
    ("report", "--help"), ("serve", "--help"), ("show", "--help"), ("demo", "--help"),
    ("rulesets", "--help"), ("paths", "--help"), ("paths",), ("rulesets",),
])
def test_help_and_listings_are_czech(args: tuple[str, ...]) -> None:
    r = combat(*args, env=CZECH_ENV)
    assert r.returncode == 0, r.stderr
    # the tests' own plug-in rulesets (toy, toyturns) bring their English titles
    no_english("\n".join(x for x in (r.stdout + r.stderr).splitlines()
                         if not x.startswith("toy")))


@pytest.mark.parametrize("args, czech", [
    (("play",), "chybí argument 'soubor'"),
    (("play", "x.json", "--foo"), "neznámá volba"),
    (("plya",), "neznámý příkaz 'plya' — myslíš 'play'?"),
    (("play", "x.json", "--dice", "magic"), "není jedna z možností auto, manual, players"),
    (("roll", "3k6", "--seed", "x"), "'x' není celé číslo"),
    (("play", "x.json", "y.json"), "nečekan"),
    (("new", "x.json"), "chybí volba '--ruleset'"),
    (("play", "nic.json", "--script", "-"), "nic.json: soubor neexistuje"),
    (("roll", "3k"), "kolik má kostka stěn, např. 2k6"),
    (("roll", "2k6", "3"), "samostatných slov"),
    (("odds", "2k6"), "chybí výraz nebo cíl (např. 2k6 7)"),
    (("odds", "2k6", "x"), "cíl musí být číslo"),
    (("odds", "100k1000", "50000"), "nejde spočítat přesně"),
    (("odds", "3k6", "9" * 30), "příliš dlouhé"),
    (("new", "x.json", "--ruleset", "czech_pol"), "myslíš czech_pool?"),
])
def test_usage_errors_are_czech(tmp_path: Path, args: tuple[str, ...], czech: str) -> None:
    r = combat(*args, env=CZECH_ENV, cwd=tmp_path)
    assert r.returncode != 0
    assert czech.lower() in r.stderr.lower(), r.stderr  # older click: 'SOUBOR'
    no_english(r.stdout + r.stderr)


def test_roll_and_odds_write_dice_the_czech_way() -> None:
    r = combat("roll", "3k10>=6", "--seed", "2", env=CZECH_ENV)
    assert r.returncode == 0 and re.fullmatch(r"3k10>=6: \[[\d ]+\] = \d+ úspěch\w*\n", r.stdout)
    r = combat("roll", "2k6+1", "--seed", "2", "--lang", "cs")
    assert r.returncode == 0 and r.stdout.startswith("2k6+1: [")
    r = combat("odds", "6k10>=6", "3", "--lang", "cs")
    assert r.stdout == "6k10>=6: aspoň 3 úspěchy: 65,6 % (21/32)\n", r.stdout
    r = combat("odds", "1d8", "8", env=CZECH_ENV)
    assert r.stdout == "1k8: 8 a víc: 12,5 % (1/8)\n", r.stdout
    r = combat("odds", "6k10>=6", "3")                  # k is read in English too
    assert r.stdout == "6d10>=6: 3 successes or more: 65.6% (21/32)\n", r.stdout


def test_house_rules_and_file_errors_are_czech(tmp_path: Path) -> None:
    rules = tmp_path / "h.toml"
    for text, czech in (("[amb]\nnotice_rol = false\n", "neznámý klíč amb.notice_rol — myslíš"),
                        ("[amb]\nnotice_roll = 5\n", "musí být true, nebo false"),
                        ("[amb\n", "není platný TOML: chyba na řádku 1"),
                        ("[health]\nlevels_per_constitution = -5\n", "domácí pravidla")):
        rules.write_text(text, encoding="utf-8")
        r = combat("new", str(tmp_path / "n.json"), "-r", "czech_pool", "--house-rules",
                   str(rules))
        assert r.returncode == 1 and czech in r.stderr, (text, r.stderr)
        no_english(r.stderr)
    r = combat("new", str(tmp_path / "n.json"), "-r", "czech_pool", "--house-rules", "nic.toml")
    assert "nelze číst nic.toml: soubor neexistuje" in r.stderr, r.stderr
    f = czech_file(tmp_path)
    r = combat("new", str(f), "-r", "czech_pool")
    assert "už existuje" in r.stderr and "--force ho nahradí" in r.stderr, r.stderr


# -- which language wins ------------------------------------------------------------------------
def test_flag_beats_config_beats_environment(tmp_path: Path) -> None:
    config = Path(os.environ["COMBAT_CONFIG"])
    config.parent.mkdir(parents=True, exist_ok=True)
    try:
        assert "Usage:" in combat("--help").stdout                   # nothing said: English
        assert "Použití:" in combat("--help", env=CZECH_ENV).stdout  # the environment
        assert "Použití:" in combat("--help", env={"LC_ALL": "cs_CZ.UTF-8"}).stdout
        assert "Usage:" in combat("--lang", "en", "--help", env=CZECH_ENV).stdout  # the flag
        assert "Použití:" in combat("--lang", "cs", "--help").stdout
        config.write_text('lang = "cs"\n', encoding="utf-8")
        assert "Použití:" in combat("--help").stdout                 # the config file
        assert "Usage:" in combat("--lang", "en", "--help").stdout   # the flag beats it
        config.write_text('lang = "en"\n', encoding="utf-8")
        assert "Usage:" in combat("--help", env=CZECH_ENV).stdout    # it beats the environment
    finally:
        config.unlink(missing_ok=True)


def test_a_czech_file_speaks_czech_an_english_flag_english(tmp_path: Path) -> None:
    f = czech_file(tmp_path)
    r = combat("play", str(f), "--script", "-", stdin="nic\n")
    assert r.stderr.startswith("chyba") or "chyba" in r.stdout, r.stdout + r.stderr
    r = combat("play", str(f), "--script", "-", "--lang", "en", stdin="nothing\n")
    assert "error" in r.stdout + r.stderr


@pytest.mark.parametrize("ruleset, shown, typed, action", [
    ("d6", "úhyb", "úhyb", "dodge"), ("d6", "vykrytí", "VYKRYTI", "parry"),
    ("d6", "úhyb", "dodge", "dodge"), ("storypath", "obrana", "obrana", "defend"),
    ("storypath", "zalehnutí", "zalehnuti", "prone"),
])
def test_an_action_shown_in_czech_is_accepted_as_typed(tmp_path: Path, ruleset: str, shown: str,
                                                       typed: str, action: str) -> None:
    """A Czech table's help lists d6's dodge as úhyb and Storypath's prone as zalehnutí: typed
    (regardless of case and diacritics), that word names the action; English still works."""
    from combat_cli.engine.domain.models import Encounter
    from combat_cli.engine.grammar.parsing import parse_action
    from combat_cli.locale import use
    from combat_cli.plugins import load

    f = tmp_path / "boj.json"
    assert combat("new", str(f), "--ruleset", ruleset, "--lang", "cs").returncode == 0
    said = combat("play", str(f), "--lang", "cs", "--script", "-", stdin="nápověda\n").stdout
    assert re.search(rf"^  {shown}\b", said, re.M), said
    rs = load(ruleset)
    use("cs")
    try:
        assert parse_action(rs, Encounter(ruleset=ruleset), [typed]).name == action
    finally:
        use("")


@pytest.mark.parametrize("ruleset, verbs", [
    ("d6", ("pozice", "ošetři", "doplň", "oživ")),
    ("storypath", ("místo", "přepadni", "překvap", "vzdálenost", "dohra", "ošetři", "scéna",
                   "sezení")),
])
def test_a_rulesets_own_verbs_are_czech_in_a_czech_help(tmp_path: Path, ruleset: str,
                                                        verbs: tuple[str, ...]) -> None:
    f = tmp_path / "boj.json"
    assert combat("new", str(f), "--ruleset", ruleset, "--lang", "cs").returncode == 0
    said = combat("play", str(f), "--lang", "cs", "--script", "-", stdin="nápověda\n").stdout
    group = next(x for x in said.splitlines() if x.strip().startswith(ruleset))
    assert group.split()[1:len(verbs) + 1] == list(verbs), said
