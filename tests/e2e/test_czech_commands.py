"""A Czech GM types Czech commands: the verbs, keywords and option names of
``combat_cli/locale/cs/commands.toml`` (diacritics optional), with Czech help, completion,
"did you mean" and prompt; the English verbs keep working; an English table is unchanged."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pexpect

from tests.conftest import combat_cmd
from tests.e2e.test_repl import control, ready, tab
from tests.rulesets.czech_pool.test_czech_fight import combat, english_in

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CORE_VERBS = ("add", "import", "set", "remove", "note", "move", "start", "declare", "act",
              "react", "resolve", "hold", "release", "next", "end", "damage", "heal",
              "condition", "rest", "advance", "timer", "roll", "odds", "dice", "status", "log",
              "why", "undo", "redo", "save", "help", "quit", "players")


def play(tmp_path: Path, lines: str, ruleset: str = "czech_pool", seed: int = 3) -> str:
    f = tmp_path / "boj.json"
    if not f.exists():
        r = combat("new", str(f), "--ruleset", ruleset)
        assert r.returncode == 0, r.stderr
    r = combat("play", str(f), "--script", "-", "--seed", str(seed), stdin=lines)
    return r.stdout + r.stderr


FIGHT = f"""načti {EXAMPLES / 'czech_pool.toml'}
přidej Bořek šablona=borek
přidej Zbojník x2 šablona=zbojnik strana=cp
přidej Vlk šablona=zbojnik skrytý=ano
zacni
ohlas Bořek boj Z1
ohlas Zbojník boj Bořek
vyhodnot vse
proč
stav
záznam 3
zpět
znovu
ulož
uložit
konec
přesuň Bořek za Z1
kostky ručně
kostky auto
konec boje
"""


def test_a_czech_gm_runs_a_fight_typing_czech_verbs_with_or_without_diacritics(
        tmp_path: Path) -> None:
    out = play(tmp_path, FIGHT)
    assert "chyba" not in out and "neznámý" not in out, out
    for said in ("Bořek vstupuje do boje", "Tah 1 · ohlašování", "Bořek ohlašuje: boj Z1",
                 "vráceno: vyhodnot vse", "znovu provedeno", "uloženo:", "Tah 2 · ohlašování",
                 "Bořek se v pořadí přesouvá", "kostky: ručně", "Souboj skončil"):
        assert said in out, (said, out)
    show = combat("show", str(tmp_path / "boj.json"), "--json")
    assert '"hidden": true' in show.stdout.replace('"hidden":true', '"hidden": true')


def test_english_verbs_keep_working_at_a_czech_table(tmp_path: Path) -> None:
    out = play(tmp_path, f"import {EXAMPLES / 'czech_pool.toml'}\nadd Bořek template=borek\n"
                         "add Vlk template=zbojnik\nstart\ndeclare Bořek boj Vlk\nresolve all\n"
                         "end\nundo\nend fight\n")
    assert "chyba" not in out, out
    assert "Tah 2" in out and "Souboj skončil" in out, out


def test_a_wrong_czech_verb_gets_a_czech_guess_among_czech_verbs(tmp_path: Path) -> None:
    out = play(tmp_path, "vyhodnotit\n")
    assert "neznámý příkaz „vyhodnotit“ — myslíš vyhodnoť?" in out, out
    assert "nevýhoda" not in out
    out = play(tmp_path, "napovda\n")
    assert "myslíš nápověda?" in out and "(nápověda je vypíše)" in out, out


def test_czech_help_lists_the_verbs_in_czech_and_no_english_verb(tmp_path: Path) -> None:
    out = play(tmp_path, "nápověda\nnápověda konec\nnapoveda vyhodnot\nnápověda přidej\n"
                         "nápověda probrat\n")
    assert "chyba" not in out, out
    body = "\n".join(line for line in out.splitlines() if not line.startswith("> "))
    words = set(re.findall(r"[\w]+", body.replace("combat new", "").replace("combat play", "")))
    assert not words & set(CORE_VERBS) - {"start"}, sorted(words & set(CORE_VERBS))
    for said in ("  tah      začni  ohlas  jednej  reaguj  vyhodnoť  vyčkej  uvolni  další  konec",
                 "konec [boje]", "vyhodnoť [vše]", "přidej JMÉNO [xN] [strana=hráč|cp] [šablona=Š]",
                 "nevýhoda  prostředí  probrat  přehled", "probrat JMÉNO [N]"):
        assert said in out, (said, out)
    assert not english_in(out), english_in(out)


def test_an_english_table_neither_shows_nor_guesses_czech_verbs(tmp_path: Path) -> None:
    out = play(tmp_path, "help\n", ruleset="d6")
    assert "resolve" in out and "vyhodnoť" not in out, out
    out = play(tmp_path, "resolvx\n", ruleset="d6")
    assert "did you mean resolve?" in out, out


def test_czech_completion_offers_czech_verbs_and_keywords(tmp_path: Path) -> None:
    from combat_cli.commands.completion import suggest
    from combat_cli.dice.sources import RandomDice
    from combat_cli.engine.table import Table
    from combat_cli.plugins import load

    table = Table.new(load("czech_pool"), RandomDice(1))
    assert "vyhodnoť" in suggest("", table)[1] and "resolve" not in suggest("", table)[1]
    assert suggest("vyhodnot ", table)[1] == ["vše"]
    assert suggest("konec ", table)[1] == ["boje"]
    assert set(suggest("kostky ", table)[1]) == {"auto", "ručně", "hráči"}


def test_the_repl_prompt_of_a_czech_table_is_czech_and_tab_completes_czech(
        tmp_path: Path) -> None:
    f = tmp_path / "boj.json"
    assert combat("new", str(f), "--ruleset", "czech_pool").returncode == 0
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm-256color", NO_COLOR="1",
               COMBAT_HISTORY="")
    cmd = combat_cmd()
    child = pexpect.spawn(cmd[0], [*cmd[1:], "play", str(f)], env=env, encoding="utf-8",
                          timeout=30, dimensions=(40, 120))
    try:
        ready(child, "souboj>")
        assert "combat>" not in str(child.before)
        child.sendline("kostky")   # the table is loaded once a command has run
        child.expect_exact("kostky: auto")
        ready(child, "souboj>")
        tab(child, "vyhod", "vyhodnoť")
        child.send("\r")
        child.expect_exact("boj ještě nezačal: napiš začni")
        ready(child, "souboj>")
        control(child, "d")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
