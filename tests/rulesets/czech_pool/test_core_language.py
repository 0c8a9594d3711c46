"""The core's own sentences and the status columns follow the table's language: Czech by
default, English with ``--lang en`` (and then no Czech word but the names)."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from combat_cli import plugins
from combat_cli.api import RulesView
from combat_cli.commands.registry import dispatch
from combat_cli.dice import RandomDice
from combat_cli.engine.table import Table
from tests.rulesets.czech_pool.conftest import T

ROOT = Path(__file__).resolve().parents[3]


def core_templates() -> set[str]:
    """Every English template the core passes to ``say(...)`` (read from its source)."""
    files = sorted((ROOT / "combat_cli").rglob("*.py"))
    out: set[str] = set()
    for f in files:
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "say" and node.args):
                out |= {n.value for n in ast.walk(node.args[0])
                        if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    return out


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{[a-z_]+\}", template)
    return re.compile(".+".join(re.escape(p) for p in parts))


TEMPLATES = sorted(core_templates())


def test_the_core_has_templates_to_translate() -> None:
    assert {"Round {n} begins", "{name} declares: {actions}", "{name} joins ({side})",
            "{name} is {condition} for {span}", "{n} rounds", "Timer: {name} in {span}",
            "Clock: {before} -> {after}", "Stopped: {reason} — resolve goes on"} <= set(TEMPLATES)


@pytest.mark.parametrize("template", TEMPLATES)
def test_every_core_sentence_has_czech_with_the_same_placeholders(template: str) -> None:
    rs = plugins.load("czech_pool")
    cz = rs.label(template)
    assert cz != template, f"no Czech for {template!r}"
    assert fields(cz) == fields(template)
    en = rs.label(template, "en")
    # English keeps the sentence; {action} (the Czech canonical name) may be left out
    assert en == template or fields(en) == fields(template) - {"action"}


# a fight that makes the core say most of its sentences
FIGHT = [
    "add Ann Obratnost=3 Boj=3 Konstituce=3 Odolnost=2",
    "add Bob Obratnost=2 Boj=2 Konstituce=2 Odolnost=2",
    "add Cyril Obratnost=1 Boj=1",
    "start",
    "condition Ann +Ležící for=2r",
    "condition Bob +Šero",
    "condition Bob -Šero",
    "timer posila in=3r",
    "declare Ann boj Bob",
    "declare Bob boj Ann",
    "declare Cyril boj Bob",
    "hold Cyril",
    "resolve all",
    "end",
    "remove Cyril",
    "advance 5r",
    "roll 3d10>=6",
    "roll 1d10",
]


def run(lang: str) -> list[str]:
    t = Table.new(plugins.load("czech_pool"), RandomDice(4), lang=lang,
                  house_rules={"amb": {"notice_roll": False}})
    for line in FIGHT:
        out = dispatch(t, line)
        assert out.error is None, f"{line!r}: {out.error}"
    return [e.text for e in t.log]


def test_a_czech_fight_has_no_english_core_sentence() -> None:
    texts = run("")
    patterns = [pattern(x) for x in TEMPLATES]
    for text in texts:
        for template, p in zip(TEMPLATES, patterns, strict=True):
            assert not p.fullmatch(text), f"English {template!r} in a Czech log: {text!r}"
    for cz in ("Začíná tah 1", "Ann ohlašuje: boj Bob", "Ann vstupuje do boje (CP)",
               "Ann: Ležící na 2 tahy", "Časovač: posila za 3 tahy", "Cyril opouští souboj",
               "Cyril odkládá svou akci", "Cyril: odložená akce propadá", "Bob: Šero končí"):
        assert any(x.startswith(cz) for x in texts), cz
    assert any(x.startswith("Čas: ") and x.endswith("(spuštěn 1 časovač)") for x in texts)
    assert any(x.startswith("Hod 3d10>=6 [") and (x.endswith(" úspěchy") or x.endswith(" úspěch") or x.endswith(" úspěchů")) for x in texts)
    assert "Nastává: posila" in texts


# Czech words that must not reach an English GM (names here are ASCII)
CZECH = re.compile(r"[áčďéěíňóřšťúůýž]|\b(úsp|obt|bank|boj|zranění|vítězí|kolo|nevýhod|"
                   r"propadá|mimo|bránit|ohlašuje|vstupuje|Obratnost|Boj|Rvačka)\b", re.I)


def test_an_english_fight_says_it_in_english_without_czech() -> None:
    FIGHT_EN = [line.replace("Obratnost", "agility").replace("Boj=", "melee=")
                .replace("Konstituce", "constitution").replace("Odolnost", "resilience")
                .replace("boj ", "melee ").replace("+Ležící", "+prone").replace("Šero", "dusk")
                for line in FIGHT]
    t = Table.new(plugins.load("czech_pool"), RandomDice(4), lang="en",
                  house_rules={"amb": {"notice_roll": False}})
    for line in FIGHT_EN:
        out = dispatch(t, line)
        assert out.error is None, f"{line!r}: {out.error}"
    texts = [e.text for e in t.log]
    assert "Round 1 begins" in texts and "Ann declares: melee Bob" in texts
    assert "Ann is Prone for 2 rounds" in texts and "Due: posila" in texts
    assert any(x.startswith("Roll 3d10>=6 [") and x.endswith(" successes") for x in texts)
    for text in texts:
        assert not CZECH.search(text), f"Czech in an English log: {text!r}"
    for c in t.enc.combatants:
        cols = t.ruleset.status_columns(RulesView(t.enc, t.ruleset, "en"), c)
        assert not any(CZECH.search(v) for v in cols.values()), cols


def test_status_columns_follow_the_language() -> None:
    t = T()
    t("add Ann Obratnost=3 Boj=2", "add Bob Zručnost=3 Střelba=3 Boj=1", "start",
      "declare Ann boj Bob volba=nevýhoda", "declare Bob střelba Ann")
    t.faces(6, 6, 6, 6, 6, 1, 1, 1, 1)
    t("resolve all", "end")
    rs, enc, bob = t.t.ruleset, t.t.enc, t.c("Bob")
    assert rs.status_columns(RulesView(enc, rs, ""), bob)["Forced"] == "Boj/Rvačka"
    assert rs.status_columns(RulesView(enc, rs, "en"), bob)["Forced"] == "Melee/Brawl"
    assert rs.status_columns(RulesView(enc, rs, "en"), t.c("Ann"))["Disadvantages"] == "Bob +1"
    assert rs.label("Forced") == "Nucená" and rs.label("Forced", "en") == "Forced"


def test_out_of_the_fight_refused_and_lapsing_in_the_tables_language() -> None:
    for lang, refused, lapse, held in (
            ("", "Bob je mimo boj (Bezvědomí): nemůže ohlásit akci", "propadá — Bezvědomí",
             "Bob: bezvědomí — nemůže odložit akci"),
            ("en", "Bob is out of the fight (Unconscious) and cannot declare",
             "lapses: Unconscious", "Bob: unconscious and cannot hold an action")):
        t = T(lang=lang)
        t("add Ann Obratnost=5 Boj=5 Zranění_zbraně=9", "add Bob Obratnost=1 Boj=1",
          "add Cyril Obratnost=1 Boj=1", "start", "damage Bob 9 bez")
        assert t.fails("declare Bob boj Ann") == refused
        assert "Bob" in t.fails("declare Ann boj Bob")
        t("heal Bob", "revive Bob", "declare Ann boj Bob", "declare Bob boj Cyril")
        # Ann (speed 10) knocks Bob out (10 - 0 + 9 levels) before his speed-2 threat
        t.faces(*[6] * 10, 1, 1, 1, 1)
        out = t("resolve all")
        lapsed = [e for e in out if e.kind == "lapse"]
        assert len(lapsed) == 1 and lapsed[0].text.endswith(lapse)
        assert not t.me("Cyril").wounds
        # the core's own refusals follow the table's language too
        assert t.fails("hold Bob") == held


@pytest.mark.parametrize(("en", "cz"), [
    ("declare Ann melee Bob xyz", "declare Ann boj Bob xyz"),
    ("declare Ann melee Bob choice=maybe", "declare Ann boj Bob volba=možná"),
    ("declare Ann melee Bob range=huge", "declare Ann boj Bob dostřel=obří"),
    ("declare Ann melee Bob cover=huge", "declare Ann boj Bob překážka=obří"),
    ("declare Ann melee Bob size=huge", "declare Ann boj Bob cíl=obří"),
    ("declare Ann melee Bob check=luck", "declare Ann boj Bob kontrola=štěstí"),
    ("declare Ann melee Bob attribute=Charisma", "declare Ann boj Bob atribut=Charisma"),
    ("declare Ann melee Bob aim=maybe", "declare Ann boj Bob míření=možná"),
    ("declare Ann defend skill=dance", "declare Ann bránit dovednost=tanec"),
    ("declare Ann melee Bob, melee Bob", "declare Ann boj Bob, boj Bob"),
    ("declare Ann stand", "declare Ann vstát"),
    ("act Ann melee Bob", "act Ann boj Bob"),
    ("damage Ann x", "damage Ann x"),
    ("damage Ann 0", "damage Ann 0"),
    ("damage Ann 1 2", "damage Ann 1 2"),
    ("heal Bob", "heal Bob"),
    ("disadvantage Ann Bob 5", "nevýhoda Ann Bob 5"),
    ("disadvantage Ann", "nevýhoda Ann"),
    ("disadvantage Ann Ann 1", "nevýhoda Ann Ann 1"),
    ("environment wind=1", "prostředí vítr=1"),
    ("environment weather=5", "prostředí počasí=5"),
    ("add Cyril weapon=laser", "add Cyril Zbraň=laser"),
])
def test_refusals_in_the_tables_language(en: str, cz: str) -> None:
    t = T(lang="en")
    t("add Ann agility=3 melee=2", "add Bob agility=2 melee=2", "start")
    msg = t.fails(en)
    assert not CZECH.search(msg), msg
    t = T()
    t("add Ann Obratnost=3 Boj=2", "add Bob Obratnost=2 Boj=2", "start")
    msg = t.fails(cz)
    assert not re.search(r"\b(no|not|needs|choose|known|is|cannot)\b", msg), msg


def _render(lang: str, *lines: str) -> str:
    from rich.console import Console

    from combat_cli.render.tables import combatant_table, log_table

    t = T(lang=lang)
    t(*lines)
    console = Console(record=True, width=200)
    console.print(combatant_table(t.t.enc, t.t.ruleset, t.c("Ann"), lang))
    console.print(log_table(t.t.log, t.t.ruleset, lang))
    return console.export_text()


def test_views_follow_the_language() -> None:
    cz = _render("", "add Ann Obratnost=3 Boj=2 Zbraň=meč", "add Bob", "damage Ann 7 bez",
                 "timer posila in=2r who=Ann")
    assert "Obratnost" in cz and "kostky" in cz and "hozeno" in cz and "Odloženo" in cz
    assert "Bezvědomí (mimo boj)" in cz and "časovač" in cz
    assert "Agility" not in cz and "dice" not in cz and "(out)" not in cz
    en = _render("en", "add Ann agility=3 melee=2 weapon=sword", "add Bob", "damage Ann 7 bez")
    assert "Agility" in en and "Melee" in en and "Weapon" in en and "dice" in en
    assert "Unconscious" in en and not CZECH.search(en), en


def test_help_in_english_names_actions_and_options_in_english() -> None:
    rs = plugins.load("czech_pool")
    for a in rs.actions:
        en = rs.label(a.name, "en")
        assert en in a.aliases
        assert not CZECH.search(rs.label(a.help, "en")), a.help
        assert rs.label(a.help, "en") == a.help  # English is the source
        assert rs.label(a.help) != a.help and CZECH.search(rs.label(a.help)), a.help
        assert not re.search(r"\((melee|brawl|defend|full defence)", rs.label(a.help))
        for o in a.options:
            assert rs.label(o.name, "en") in o.aliases, o.name
            assert not CZECH.search(rs.label(o.help, "en")), o.help
            assert rs.label(o.help) != o.help, o.help
        if a.args:
            assert not CZECH.search(rs.label(a.args, "en")), a.args
