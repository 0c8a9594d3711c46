"""Storypath in Czech: a short fight's log lines, slots, Injury levels and pools are the
catalogue's (storypath.po), a status agrees with the fighter, a stat or weapon is typed as the
table shows it; the same fight in English is worded as before."""

from __future__ import annotations

from pathlib import Path

from tests.rulesets.play import combat, play_fight

EX = Path(__file__).resolve().parents[3] / "examples"
FIGHT = (f"import {EX / 'storypath.toml'}\nadd Ann template=ann\nadd Ben template=ben\n"
         "add Thug x2 template=thug\nstart\nslot Ann\nact Ann attack \"Thug 1\"\nnext\nstatus\n"
         "end fight\n")


def _play(tmp_path: Path, lang: str, lines: str = FIGHT) -> tuple[str, Path]:
    f = tmp_path / f"storypath-{lang}.json"
    return play_fight(f, "storypath", lang, lines), f


def _lines(said: str) -> list[str]:
    return [" ".join(x.split()) for x in said.splitlines()]


def test_a_storypath_fight_in_czech(tmp_path: Path) -> None:
    said, f = _play(tmp_path, "cs")
    lines = _lines(said)
    assert "Ann vstupuje do boje (hráč): síla=3, obratnost=3, výdrž=5, lstivost=2, " \
        "intelekt=2, vyrovnanost=2, boj_zblízka=3, atletika=2, úskoky=2, medicína=1, " \
        "zbraň=meč" in " ".join(lines)
    assert "na řadě je místo PJ (4): hráči vyberou, kdo se ho ujme: Ann nebo Ben (místo " \
        "JMÉNO nebo jednej JMÉNO ...)" in lines
    assert "Ann přebírá místo PJ (4)" in lines
    assert "Ann útočí na Thug 1: 4 proti Obraně 1, zásah → Thug 1 Zdraví 4/5" in lines
    assert "místo PJ (4): Ben (zbývá jen on/ona)" in lines
    assert "› 3 Thug 1 T1 Zasažený Zdraví 4/5 Zásah, trvalé" in lines
    assert "Pořadí: místo PJ (4): Ann · ▶ místo PJ (4): Ben · místo ZNP (0): Thug 1 · " \
        "místo ZNP (0): Thug 2" in lines
    report = combat("report", str(f), "--lang", "cs")
    # the count in the form Czech gives it: 4 úspěchy, 0 úspěchů
    assert "- Ann, iniciativa: 5k10 \\[4 10 9 3 6 10 8\\] = 4 úspěchy" in report
    assert "- Thug 1, iniciativa: 0k10 (Atletika 0 + Lstivost 0) = 0 úspěchů" in report
    assert "Thug 1 utrpí stav zranění, trvalé (zbývá Zdraví 4/5)" in report


def test_the_same_fight_in_english_is_worded_as_before(tmp_path: Path) -> None:
    lines = _lines(_play(tmp_path, "en")[0])
    assert "PC slot (4) is up: the players choose who takes it: Ann or Ben (slot NAME, or " \
        "act NAME ...)" in lines
    assert "Ann takes PC slot (4)" in lines
    assert "Ann attacks Thug 1: 4 vs Defense 1, hit → Thug 1 Health 4/5" in lines
    assert "› 3 Thug 1 T1 Hurt Health 4/5 Hit, Persistent" in lines
    assert "Order: PC slot (4): Ann · ▶ PC slot (4): Ben · SGC slot (0): Thug 1 · SGC slot " \
        "(0): Thug 2" in lines


def test_a_status_agrees_with_the_fighter_and_the_injury_is_named_as_a_noun(
        tmp_path: Path) -> None:
    lines = _lines(_play(tmp_path, "cs", f"import {EX / 'storypath.toml'}\n"
                         "add Jitka template=ann\ndamage Jitka bruised\nstatus\n")[0])
    assert "Jitka utrpí Pohmoždění (damage)" in lines
    assert "1 Jitka hráč Ji Pohmožděná P●○○ Z○ M○ Kompl 1 Pohmoždění" in lines


def test_a_czech_gm_types_the_stats_and_weapons_as_the_table_shows_them(
        tmp_path: Path) -> None:
    line = "add Dana síla=3 boj_zblizka=2 zbraň=Meč\n"
    assert "Dana vstupuje do boje (CP): síla=3, boj_zblízka=2, zbraň=meč" in \
        _lines(_play(tmp_path, "cs", line)[0])
    # kept as the stats they name: an English table shows them in English
    assert "Dana joins (npc): might=3, close_combat=2, weapon=sword" in \
        _lines(_play(tmp_path, "en", line)[0])


def test_an_unknown_weapon_lists_the_catalogue_in_czech(tmp_path: Path) -> None:
    said = _play(tmp_path, "cs", "add Eva zbraň=kladivo\n")[0]
    assert "žádná zbraň „kladivo“ (známé: beze zbraně, nůž, meč, kyj, kopí, drápy, pistole, " \
        "puška, brokovnice, luk, vrhací)" in said
