"""Czech and English input, labels and log texts by language, bad input, the demo."""

from __future__ import annotations

import pytest

from combat_cli import plugins
from combat_cli.commands.registry import dispatch
from combat_cli.dice import RandomDice
from combat_cli.engine.table import Table
from tests.rulesets.czech_pool.conftest import T


def test_english_input_and_english_log() -> None:
    t = T(lang="en")
    t("add Ann agility=3 melee=2 weapon=sword talents=shield",
      "add Bob Agility=2 melee=2 weapon=axe armour=1", "start",
      "declare Ann melee Bob choice=disadvantage", "declare Bob defend skill=melee")
    t.faces(6, 6, 1, 1, 1, 1, 1, 1, 1)
    out = t("resolve all")
    assert t.c("Ann").stats == {"Obratnost": 3, "Boj": 2, "Zbraň": "sword",
                                "Talenty": ["Boj se štítem"]}
    texts = [e.text for e in out]
    roll = next(e for e in out if e.kind == "roll")
    assert roll.text == "Ann rolls 5d10" and roll.faces == [6, 6, 1, 1, 1]
    assert roll.data["for"] == "Ann: pool 5d10 (Agility 3 + Melee 2) vs Bob (diff 6)"
    assert any("Ann wins" in x for x in texts)
    assert t.level("Ann", "Bob") == 1


def test_czech_input_without_diacritics_same_numbers() -> None:
    t = T()
    t("add Ann obratnost=3 boj=2 zbran=mec", "add Bob Obratnost=2 Boj=2 Zbraň=sekera zbroj=1",
      "start", "declare Ann boj Bob volba=nevyhoda", "declare Bob branit dovednost=boj")
    t.faces(6, 6, 1, 1, 1, 1, 1, 1, 1)
    out = t("resolve all")
    roll = next(e for e in out if e.kind == "roll")
    assert roll.data["for"] == "Ann: bank 5k10 (Obratnost 3 + Boj 2) → Bob (obt. 6)"
    assert t.level("Ann", "Bob") == 1


def test_labels_switch_with_lang() -> None:
    rs = plugins.load("czech_pool")
    assert rs.languages == ("en",)
    for word, cz in [("Name", "Jméno"), ("Round", "Tah"), ("declare", "ohlašování"),
                     ("resolve", "vyhodnocování"), ("Status", "Stav"), ("Log", "Záznam"),
                     ("Wounded", "Zraněný")]:
        assert rs.label(word) == cz
        assert rs.label(word, "en") == word
    assert rs.label("Bezvědomí", "en") == "Unconscious"
    assert rs.label("Bezvědomí") == "Bezvědomí"


def test_every_spec_has_czech_and_english_names() -> None:
    rs = plugins.load("czech_pool")
    en = {"Obratnost": "agility", "Pevnost mysli": "willpower", "Zbroj": "armour",
          "Únava": "fatigue"}
    for name, alias in en.items():
        spec = rs.stat_spec(alias)
        assert spec is not None and spec.name == name
    for a in rs.actions:
        assert a.aliases, a.name
    for c in rs.conditions:
        assert c.aliases, c.name
    assert rs.stat_spec("pevnost_mysli").name == "Pevnost mysli"


def test_conditions_czech_and_english() -> None:
    t = T()
    t("add Ann", "condition Ann +prone", "condition Ann +šero")
    assert [c.name for c in t.c("Ann").conditions] == ["Ležící", "Šero"]


@pytest.mark.parametrize("line", [
    "declare Ann boj",                       # missing target
    "declare Ann boj Zed",                   # unknown target
    "declare Ann boj Bob volba=možná",       # wrong choice
    "declare Ann boj Bob barva=1",           # no such option
    "declare Ann boj Bob míření=možná",      # flag is ano/ne
    "declare Ann boj Bob cíl=obří",          # size
    "declare Ann boj Bob překážka=obří",     # cover
    "declare Ann boj Bob atribut=Charisma",  # not for melee
    "declare Ann boj Ann",                   # himself
    "declare Ann boj Bob, boj Bob",          # twice
    "declare Ann pouze_bránit, boj Bob",     # full defence threatens nobody
    "declare Ann vstát",                     # not prone
    "declare Ann nebránit",                  # needs a target
    "declare Ann boj Bob, nebránit Bob",     # contradiction
    "declare Ann bránit dovednost=tanec",    # no such skill
    "declare Ann atletika Bob",              # Athletics never threatens
    "act Ann boj Bob",                       # declare + resolve
    "damage Ann hodně",
    "damage Ann 0",
    "heal Ann",                              # nothing to heal
    "nevýhoda Ann Bob 4",
    "nevýhoda Ann Ann 1",
    "add Cyril Zbraň=laser",
    "add Cyril Obratnost=-1",
    "add Cyril Talenty=létání",
    '"Démon=obří"',
])
def test_bad_input_one_line_state_unchanged(line: str) -> None:
    t = T()
    t("add Ann Obratnost=2 Boj=2", "add Bob Obratnost=2 Boj=2", "start")
    if line.startswith('"'):
        line = f"set Ann {line}"
    t.fails(line)


def test_bad_defence_skill_refused_on_resolve() -> None:
    t = T()
    t("add Ann Obratnost=2 Boj=2", "add Bob Zručnost=2 Střelba=2", "start",
      "declare Bob střelba Ann", "declare Ann bránit Bob dovednost=boj")
    assert "Atletika" in t.fails("resolve")


def test_surprised_threat_lapses_and_is_shown() -> None:
    t = T(amb={"notice_roll": True})
    t("add Ann Obratnost=2 Boj=2 Postřeh=0", "add Bob Obratnost=2 Boj=2 Obezřetnost=0", "start")
    out = dispatch(t.t, "declare Ann boj Bob")  # Postřeh + Obezřetnost 0 dice: surprised
    assert out.notes == ["Ann je překvapen: v 1. tahu nikoho neohrozí, jen se brání "
                         "(jeho útok propadne)"]
    t("declare Bob boj Ann")
    out = t("resolve all")  # both surprised: no pools
    assert [e.text for e in out if e.kind in ("lapse", "note")] == [
        "Ann je překvapen: boj Bob propadá, jen se brání",
        "Bob je překvapen: boj Ann propadá, jen se brání"]


@pytest.mark.parametrize("seed", [7, *range(0, 60)])
@pytest.mark.parametrize("lang", ["", "en"])
def test_demo_two_turns_without_errors_for_any_seed(seed: int, lang: str) -> None:
    rs = plugins.load("czech_pool")
    t = Table.new(rs, RandomDice(seed), lang=lang)
    for line in rs.demo():
        out = dispatch(t, line)
        assert out.error is None, f"seed {seed}, {line!r}: {out.error}"
    assert t.enc.round == 3  # two whole turns
    assert {e.round for e in t.log if e.kind == "clash"} == {1, 2}
    assert not [e for e in t.log if e.kind == "wound" and e.round == 1]  # nobody falls in turn 1


def test_errors_czech_by_default_english_with_lang() -> None:
    for lang, word in (("", "nejvýše"), ("en", "at most")):
        t = T(lang=lang)
        t("add Ann Obratnost=2 Boj=2", "add X", "add Y", "start")
        assert word in t.fails("declare Ann boj X, boj Y")


def test_condition_names_switch_with_lang() -> None:
    rs = plugins.load("czech_pool")
    assert [rs.label(c.name, "en") for c in rs.conditions] == ["Prone", "Dusk", "Darkness",
                                                                "Cramped"]
    assert [rs.label(c.name) for c in rs.conditions] == ["Ležící", "Šero", "Tma", "Stísněný"]


def test_verbs_bad_input() -> None:
    t = T()
    t("add Ann", "add Bob")
    t.fails("přehled")                 # before start
    t.fails("nevýhoda Ann")            # usage
    t.fails("nevýhoda Ann Bob tři")    # not a number
    t.fails("nevýhoda Ann Zed 1")      # no such fighter
    t("nevýhoda Ann Bob 2", "start")
    out = dispatch(t.t, "přehled")
    assert out.error is None and out.notes == ["zatím nikdo nebojuje: ohlas JMÉNO AKCE CÍL ..."]
    t("declare Ann boj Bob")
    out = dispatch(t.t, "přehled")
    assert out.notes == ["Ann: bank 0 (Obratnost 0 + Boj 0), rychlost 0; vs Bob: obt. 6",
                         "Bob: bank 0 (Obratnost 0 + Boj 0); vs Ann: obt. 8 (6 + nevýhoda 2)"]


def test_a_removed_target_lapses_and_the_rest_resolves() -> None:
    t = T()
    t("add Ann Obratnost=2 Boj=2", "add Bob Obratnost=2 Boj=2", "add Cid Obratnost=2 Boj=2",
      "start", "declare Ann boj Bob", "declare Cid boj Ann volba=nevýhoda")
    dropped = t("remove Bob")
    assert [e.text for e in dropped if e.kind == "lapse"] == [
        "Ann: ohlášené boj Bob padá (Bob opustil souboj)"]
    t.faces(1, 1, 1, 1, 6, 6, 1, 1)  # Cid (speed 4) none; Ann (only defends now) 2
    out = t("resolve all")
    assert [(e.actor, e.target, e.outcome) for e in out if e.kind == "clash"] == [
        ("Cid", "Ann", "loss")]
    assert t.pool("Ann")["n"] == 4 and t.level("Ann", "Cid") == 1


def test_AMB_CZ_14_no_perception_stats_given_no_notice_roll_not_surprised() -> None:
    t = T(amb={"notice_roll": True})
    t("add Ann Obratnost=2 Boj=2", "add Bob Obratnost=2 Boj=2 Postřeh=1")
    t.faces(1)  # only Bob rolls (1 die): no success, surprised
    t("start")
    notes = t.kinds("initiative")
    assert [(e.actor, e.outcome, e.dice) for e in notes] == [("Ann", "aware", None),
                                                           ("Bob", "surprised", "1d10>=6")]
    assert notes[0].text == ("Ann: bez Postřehu a Obezřetnosti — na všimnutí se nehází, "
                             "není překvapen (nastav Ann Postřeh=N Obezřetnost=N)")
    assert not t.me("Ann").surprised and t.me("Bob").surprised


def test_clock_toolbar_and_dice_prompts_in_czech_and_english() -> None:
    from combat_cli.render.tables import header
    from combat_cli.repl.toolbar import create_toolbar

    for lang, words in (("", ("den 1", "tah 1", "kostky: ručně", "zpět", "Ctrl-D uloží")),
                        ("en", ("day 1", "round 1", "dice: manual", "undo", "Ctrl-D saves"))):
        t = Table.new(plugins.load("czech_pool"), RandomDice(1), lang=lang)
        for line in ("add Ana side=pc Obratnost=3 Boj=2", "add Bert Obratnost=2 Boj=2", "start"):
            assert dispatch(t, line).error is None
        bar = create_toolbar(lambda t=t: t, "manual")()
        head = header(t.enc, t.ruleset, lang).plain
        assert all(w in bar + " " + head for w in words), (lang, bar, head)
        hint = t.ruleset.label("faces or =total (Enter or - rolls)", lang)
        assert hint == ("faces or =total (Enter or - rolls)" if lang == "en"
                        else "hozená čísla nebo =součet (Enter nebo - hodí)")
