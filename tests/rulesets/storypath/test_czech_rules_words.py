"""Storypath in Czech: the rules' own sentences (grappling, the complicate action and its
Blocked, standing up, Dive for Cover, a do task, letting go, Momentum, aftermath, the turn's
refusals) come from storypath.po, a count of successes in its Czech plural form."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rulesets.play import combat

ROOT = Path(__file__).resolve().parents[3]
EX = ROOT / "examples"
FIGHT = (f"import {EX / 'storypath.toml'}\nadd Ann template=ann\nadd Ben template=ben\n"
         "add Thug x2 template=thug\nstart\nslot Ann\n"
         'act Ann grapple "Thug 1"\nnext\n'
         'act Ben complicate "Thug 2" protect=Ann pool=firearms+dexterity\nnext\n'
         'act "Thug 1" escape\nnext\nnext\nend\n'
         "condition Ann +Prone\nslot Ann\nact Ann stand\n"
         'react Ben defend dive="Thug 2"\nact Ben prone\nnext\n'
         'act Ben do pool=athletics+dexterity task="open the door"\n'
         'act Ann letgo "Thug 1"\n'
         "momentum +2\naftermath\nscene\nmomentum storyguide -1\n")


@pytest.fixture(scope="module")
def lines(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    tmp = tmp_path_factory.mktemp("czech_rules")
    f = tmp / "storypath.json"
    combat("new", str(f), "--ruleset", "storypath", "--lang", "cs", cwd=tmp)
    said = combat("play", str(f), "--lang", "cs", "--seed", "3", "--script", "-", stdin=FIGHT,
                  cwd=tmp)
    return [x.strip() for x in said.splitlines()]


def one(lines: list[str], start: str) -> str:
    found = [x for x in lines if x.startswith(start)]
    assert len(found) == 1, (start, lines)
    return found[0]


def test_a_grapple_holds_its_target_in_czech(lines: list[str]) -> None:
    assert "Ann drží Thug 1 v chvatu: nemůže se hnout z místa" in lines


def test_an_escape_that_fails_is_still_held_in_czech(lines: list[str]) -> None:
    line = one(lines, "Thug 1 se snaží vyprostit z chvatu (Ann): ")
    assert line.endswith("(Obtížnost 2): dál v chvatu")


def test_letting_go_gives_its_reason_in_czech(lines: list[str]) -> None:
    assert "Thug 1: Chycený končí (Ann pouští)" in lines


def test_a_complicate_action_imposes_blocked_in_czech(lines: list[str]) -> None:
    assert one(lines, "Ben komplikuje Thug 2 (útok na Ann): ")
    assert ("Ben komplikuje Thug 2: Komplikace (Blokováno) 1 na útoky na Ann "
            "(vykup ji, jinak akce selže)") in lines


def test_standing_up_counts_its_successes_in_the_czech_plural(lines: list[str]) -> None:
    assert one(lines, "Ann se snaží vstát, blízko je Thug 1: ")
    assert ("Ann vstává (2 úspěchy proti Obtížnosti 1 + Komplikace 1): stojí, "
            "Komplikace vykoupena") in lines


def test_dive_for_cover_moves_a_range_band_in_czech(lines: list[str]) -> None:
    line = one(lines, "Ben hází na Obranu: ")
    assert line.endswith("; Skok do krytu (1): vzdálenost od Thug 2 blízká -> krátká, v krytu"
                         " -> Obrana 1 (0 úspěchů -> 1)")


def test_a_failed_do_task_earns_the_consolation_in_czech(lines: list[str]) -> None:
    line = one(lines, "Ben: open the door ")
    assert line.endswith(" proti Obtížnosti 1: neúspěch; Útěcha: +1 Momentum hráčům")
    assert "Momentum teď: hráči 1, vypravěč 0" in lines


def test_the_momentum_verb_and_its_refusal_in_czech(lines: list[str]) -> None:
    assert "Momentum hráčů: +2 získáno (1 → 3)" in lines
    assert "Momentum teď: hráči 3, vypravěč 0" in lines
    assert any(x.endswith("Momentum vypravěče je 0: 1 nelze utratit") for x in lines)


def test_aftermath_and_scene_in_czech(lines: list[str]) -> None:
    assert ("Boj skončil (2 tahy): teď první pomoc (ošetři OŠETŘUJÍCÍ PACIENT); "
            "scéna ukončí scénu") in lines
    assert "Scéna končí" in lines


def test_a_turn_refusal_names_the_czech_commands(lines: list[str]) -> None:
    assert any(x.endswith("v tahu 1 už jednala všechna místa: konec začne další tah")
               for x in lines)
