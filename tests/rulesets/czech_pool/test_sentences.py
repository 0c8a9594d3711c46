"""Generated Czech sentences agree with the fighter's gender and count things by the
catalogue's plural (1 tah, 2 tahy, 5 tahů; stupeň, kostka, úspěch), names in the nominative."""

from __future__ import annotations

import pytest
from combat_rulesets.czech_pool import lang

from combat_cli.engine.domain.models import Combatant
from tests.rulesets.czech_pool.conftest import T

JITKA = Combatant(id="c1", name="Jitka")  # feminine, guessed from -a
BOREK = Combatant(id="c2", name="Bořek")  # masculine
KURE = Combatant(id="c3", name="Kuře", stats={"Rod": "s"})  # neuter, set by the GM
VLK = Combatant(id="c4", name="Vlk")
who = {"f": JITKA, "m": BOREK, "n": KURE}


def ctx() -> object:
    return T().t.context()


ROWS: list[tuple[str, str, int, str]] = [
    # gender, what, n, expected Czech
    ("f", "wounds", 1, "Zranění: Vlk 1 stupeň (zbraň 1; útočila Jitka)"),
    ("m", "wounds", 2, "Zranění: Vlk 2 stupně (zbraň 2; útočil Bořek)"),
    ("n", "wounds", 5, "Zranění: Vlk 5 stupňů (zbraň 5; útočilo Kuře)"),
    ("f", "heals", 1, "Léčení: Jitka o 1 stupeň, zbývá 4/5"),
    ("m", "heals", 2, "Léčení: Bořek o 2 stupně, zbývá 4/5"),
    ("n", "heals", 5, "Léčení: Kuře o 5 stupňů, zbývá 4/5"),
    ("f", "taken", 1, "Jitka: −1 stupeň (GM), zbývá 4/5"),
    ("m", "taken", 2, "Bořek: −2 stupně (GM), zbývá 4/5"),
    ("n", "taken", 5, "Kuře: −5 stupňů (GM), zbývá 4/5"),
    ("f", "check", 1, "Jitka byla zraněna před svou akcí: kontrolní hod (rovnováha) 1 úspěch "
                      "při obt. 6 — jedná"),
    ("m", "check", 2, "Bořek byl zraněn před svou akcí: kontrolní hod (rovnováha) 2 úspěchy "
                      "při obt. 6 — jedná"),
    ("n", "check", 5, "Kuře bylo zraněno před svou akcí: kontrolní hod (rovnováha) 5 úspěchů "
                      "při obt. 6 — jedná"),
    ("f", "check_lost", 0, "Jitka byla zraněna před svou akcí: kontrolní hod (rovnováha) "
                           "0 úspěchů při obt. 6 — její akce propadá"),
    ("m", "check_lost", 0, "Bořek byl zraněn před svou akcí: kontrolní hod (rovnováha) "
                           "0 úspěchů při obt. 6 — jeho akce propadá"),
    ("f", "lost_all", 0, "Jitka ztratila všechny stupně zranění: v bezvědomí"),
    ("m", "lost_all", 0, "Bořek ztratil všechny stupně zranění: v bezvědomí"),
    ("n", "lost_all", 0, "Kuře ztratilo všechny stupně zranění: v bezvědomí"),
    ("f", "dead", 0, "Jitka je mrtvá: nejdřív revive Jitka"),
    ("m", "dead", 0, "Bořek je mrtvý: nejdřív revive Bořek"),
    ("n", "dead", 0, "Kuře je mrtvé: nejdřív revive Kuře"),
    ("f", "forced", 0, "Jitka musí v tomto tahu bojovat: Boj/Rvačka (minule prohrála): "
                       "ohlas Jitka boj ..."),
    ("m", "forced", 0, "Bořek musí v tomto tahu bojovat: Boj/Rvačka (minule prohrál): "
                       "ohlas Bořek boj ..."),
    ("f", "stopped", 1, "Jitka přestala pouze bránit: nevýhoda Jitka → Vlk +1 zaniká"),
    ("m", "stopped", 2, "Bořek přestal pouze bránit: nevýhoda Bořek → Vlk +2 zaniká"),
    ("n", "stopped", 3, "Kuře přestalo pouze bránit: nevýhoda Kuře → Vlk +3 zaniká"),
    ("f", "surprised", 0, " — překvapena, v 1. tahu nikoho neohrozí"),
    ("m", "surprised", 0, " — překvapen, v 1. tahu nikoho neohrozí"),
    ("n", "surprised", 0, " — překvapeno, v 1. tahu nikoho neohrozí"),
    ("f", "self", 0, "Jitka nemůže ohrozit sama sebe"),
    ("m", "self", 0, "Bořek nemůže ohrozit sám sebe"),
    ("n", "self", 0, "Kuře nemůže ohrozit samo sebe"),
    ("f", "status", 0, "Zraněná"),
    ("m", "status", 0, "Zraněný"),
    ("n", "status", 0, "Zraněné"),
    ("f", "notice", 1, "Jitka – postřeh + obezřetnost: 1 úspěch při obt. 6"),
    ("m", "notice", 2, "Bořek – postřeh + obezřetnost: 2 úspěchy při obt. 6"),
    ("n", "notice", 5, "Kuře – postřeh + obezřetnost: 5 úspěchů při obt. 6"),
    ("m", "limit", 1, "Bořek může ohrozit nejvýše 1 soupeře (Boj 2: 1 + 1 za bod nad 2, "
                      "talenty +1)"),
    ("m", "limit", 5, "Bořek může ohrozit nejvýše 5 soupeřů (Boj 2: 1 + 1 za bod nad 2, "
                      "talenty +1)"),
]


def sentence(what: str, c: Combatant, n: int) -> str:
    x = ctx()
    lv = lang.levels(x, n)
    if what == "wounds":
        return lang.say(x, "{name} wounds {other}: {n} levels ({parts})", c, name=c.name,
                        other=VLK.name, n=n, levels=lv, parts=f"zbraň {n}")
    if what == "heals":
        return lang.say(x, "{name} heals {n} levels: {rest}/{max} left", c, name=c.name, n=n,
                        levels=lv, rest=4, max=5)
    if what == "taken":
        return lang.say(x, "{name} takes a {n}-level wound{src}: {rest}/{max} left", c,
                        name=c.name, n=n, levels=lv, src=" (GM)", rest=4, max=5)
    if what in ("check", "check_lost"):
        end = "acts" if what == "check" else "his action is lost"
        return lang.say(x, "{name} was wounded before acting: check roll ({kind}) {hits} at "
                        "diff {diff} — " + end, c, name=c.name, kind="rovnováha",
                        hits=lang.successes(x, n), diff=6)
    if what == "lost_all":
        return lang.say(x, "{name} has lost every wound level: unconscious", c, name=c.name)
    if what == "dead":
        return lang.say(x, "{name} is dead: revive {name} first", c, name=c.name)
    if what == "forced":
        return lang.say(x, "{name} must fight with {skills} this turn (lost to it last turn): "
                        "declare {name} {first} ...", c, name=c.name, skills="Boj/Rvačka",
                        first="boj")
    if what == "stopped":
        return lang.say(x, "{name} stopped only defending: his +{level} disadvantage on "
                        "{other} is lost", c, name=c.name, level=n, other=VLK.name)
    if what == "surprised":
        return lang.say(x, " — surprised, threatens nobody in turn 1", c)
    if what == "self":
        return lang.say(x, "{name} cannot threaten himself", c, name=c.name)
    if what == "status":
        return lang.status(x, c.model_copy(update={"status": "Zraněný"}))
    if what == "notice":
        return lang.say(x, "{name} – perception + caution: {hits} at diff {diff}",
                        name=c.name, hits=lang.successes(x, n), diff=6)
    assert what == "limit"
    return lang.say(x, "{name} can threaten at most {limit} opponent(s) with {skill} {value} "
                    "(1 + 1 per point above 2)", name=c.name, limit=n, skill="Boj", value=2,
                    opponents=lang.count(x, "{n} opponent", "{n} opponents", n))


def test_the_table_is_big_enough() -> None:
    assert len(ROWS) >= 30
    assert {g for g, *_ in ROWS} == {"f", "m", "n"}


@pytest.mark.parametrize(("gender", "what", "n", "expected"), ROWS)
def test_generated_sentence(gender: str, what: str, n: int, expected: str) -> None:
    assert sentence(what, who[gender], n) == expected


@pytest.mark.parametrize(("n", "rounds", "levels", "dice", "hits"), [
    (1, "1 tah", "1 stupeň", "1 kostka", "1 úspěch"),
    (2, "2 tahy", "2 stupně", "2 kostky", "2 úspěchy"),
    (5, "5 tahů", "5 stupňů", "5 kostek", "5 úspěchů"),
])
def test_counted_things(n: int, rounds: str, levels: str, dice: str, hits: str) -> None:
    x = ctx()
    assert x.span(n * 6) == rounds  # the core's span, through the table's context
    assert lang.levels(x, n) == levels and lang.successes(x, n) == hits
    assert lang.count(x, "{n} die", "{n} dice", n) == dice


def test_gender_is_set_or_guessed_through_play() -> None:
    t = T()
    t("add Jitka", "add Honza", "add Bára rod=m", "add Vlk rod=ž")
    assert t.c("Bára").stats["Rod"] == "m" and t.c("Vlk").stats["Rod"] == "ž"
    t("damage Jitka 9", "damage Honza 9", "damage Bára 9", "damage Vlk 9")
    texts = [e.text for e in t.entries if "všechny" in e.text]
    assert texts == ["Jitka ztratila všechny stupně zranění: v bezvědomí",
                     "Honza ztratil všechny stupně zranění: v bezvědomí",
                     "Bára ztratil všechny stupně zranění: v bezvědomí",
                     "Vlk ztratila všechny stupně zranění: v bezvědomí"]
    assert t.fails("add Eva rod=x") == 'Rod: m|ž|s (mužský, ženský, střední rod), ne \'x\''
    t("set Jitka rod=s", "heal Jitka 2")
    assert t.entries[-1].text.startswith("Léčení: Jitka o 2 stupně")


def test_english_keeps_its_sentences() -> None:
    x = T(lang="en").t.context()
    assert lang.say(x, "{name} wounds {other}: {n} levels ({parts})", JITKA, name="Jitka",
                    other="Vlk", n=3, levels="3", parts="weapon 3") == \
        "Jitka wounds Vlk: 3 levels (weapon 3)"
    assert lang.status(x, JITKA.model_copy(update={"status": "Zraněný"})) == "Wounded"
