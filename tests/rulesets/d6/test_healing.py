"""Healing: natural healing clocks, first aid, kits, lockouts, facilities (D6-HEAL, T-D6-8/9)."""

from __future__ import annotations

import pytest

from combat_cli.api import RulesView
from tests.rulesets.d6.conftest import T, faces

MEDIC = 'add Medic side=pc Instincts=2D "First Aid=4D" kits=1'
PATIENT = 'add Mina side=pc Instincts=3D Constitution=3D'
DAY = 86400


def hurt(t: T, level: str) -> None:
    if level == "Incapacitated":
        t.dice([1] * 10)
    t(f"damage Mina {level}")


@pytest.mark.parametrize("level,days", [("Wounded", 3), ("Wounded Twice", 3),
                                        ("Incapacitated", 14), ("Mortally Wounded", 30)])
def test_D6_HEAL_2_and_AMB_D6_15_rest_times(t, level, days):
    t(PATIENT)
    hurt(t, level)
    timer = next(x for x in t.enc.timers if x.kind == "d6_heal")
    assert timer.due == days * DAY
    assert "natural healing roll" in timer.name


@pytest.mark.parametrize("level,roll,after", [
    ("Wounded", 4, "Wounded Twice"), ("Wounded", 5, "Wounded"), ("Wounded", 6, "Wounded"),
    ("Wounded", 7, "OK"),
    ("Wounded Twice", 4, "Incapacitated"), ("Wounded Twice", 6, "Wounded Twice"),
    ("Wounded Twice", 7, "Wounded"),
    ("Incapacitated", 6, "Mortally Wounded"), ("Incapacitated", 8, "Incapacitated"),
    ("Incapacitated", 9, "Wounded Twice"),
    ("Mortally Wounded", 6, "Killed"), ("Mortally Wounded", 7, "Mortally Wounded"),
    ("Mortally Wounded", 9, "Incapacitated")])
def test_D6_HEAL_1_and_T_D6_8_natural_healing_roll(t, level, roll, after):
    t(PATIENT)
    hurt(t, level)
    days = {"Wounded": 3, "Wounded Twice": 3, "Incapacitated": 14, "Mortally Wounded": 30}[level]
    t.dice(faces(3, roll))
    worse_to_incap = after == "Incapacitated" and level == "Wounded Twice"
    if worse_to_incap:  # a new Incapacitated result knocks out for 10D minutes
        t.dice([1] * 10)
    t(f"advance {days}d")
    assert t.asked()[-2 if worse_to_incap else -1].startswith(
        "Mina: natural healing, Constitution 3D (3D) vs ")
    assert t.c("Mina").status == after
    if after not in ("OK", "Killed"):  # a new healing period starts
        assert any(x.kind == "d6_heal" and x.due == (days * DAY + {
            "Wounded": 3, "Wounded Twice": 3, "Incapacitated": 14,
            "Mortally Wounded": 30}[after] * DAY) for x in t.enc.timers)
    t.done()


def test_D6_HEAL_1_working_is_minus_1D(t):
    t(PATIENT, "damage Mina Wounded", "rest Mina 1d care=work")
    t.dice(faces(2, 7))
    t("advance 2d")
    assert t.asked()[-1] == (
        "Mina: natural healing, Constitution 2D (3D -1D worked while healing) "
        "vs 7 to improve (4 or less: worse)")
    assert t.c("Mina").status == "OK"


def test_D6_HEAL_1_taking_it_easy_twice_the_time_is_plus_1D(t):
    t(PATIENT, "damage Mina Wounded", "rest Mina 3d care=easy")
    assert t.c("Mina").status == "Wounded"  # not yet: twice the time
    t.dice(faces(4, 4))
    t("rest Mina 3d care=easy")
    assert t.asked()[-1] == (
        "Mina: natural healing, Constitution 4D (3D +1D took it easy) "
        "vs 7 to improve (4 or less: worse)")
    assert t.enc.clock.seconds == 6 * DAY


def test_status_columns_show_what_is_due(t):
    t(PATIENT, "damage Mina Wounded")
    cols = t.table.ruleset.status_columns(RulesView(t.enc, t.table.ruleset), t.c("Mina"))
    # the wound's penalty; the healing roll matters after the fight: status lists it, the
    # round table does not (issue 9)
    assert cols["Penalty"] == "-1D" and cols["Due"] == ""


def test_D6_HEAL_3_a_kit_has_two_uses(t):
    t(MEDIC, PATIENT, "damage Mina Wounded")
    assert t.c("Medic").data["kit_uses"] == 2
    t.dice(faces(4, 9))  # a miss by 1: no lockout
    t("firstaid Medic Mina")
    t.dice(faces(4, 14))  # second attempt the same day: Moderate 15, a miss
    t("firstaid Medic Mina")
    assert t.c("Medic").data["kit_uses"] == 0
    assert "no first-aid kit uses left" in t.err("firstaid Medic Mina")
    t("restock Medic 2")
    assert t.c("Medic").data["kit_uses"] == 2


@pytest.mark.parametrize("level,diff,after", [
    ("Stunned", 5, "OK"), ("Wounded", 10, "OK"), ("Wounded Twice", 10, "Wounded"),
    ("Incapacitated", 15, "Wounded Twice"), ("Mortally Wounded", 20, "Incapacitated")])
def test_D6_HEAL_4_and_T_D6_9_first_aid_heals_one_level(t, level, diff, after):
    t(MEDIC, PATIENT)
    hurt(t, level)
    t.dice(faces(4, diff))
    t("firstaid Medic Mina")
    fa = t.last("first_aid")
    assert (fa.difficulty, fa.total, fa.outcome) == (diff, diff, "success")
    assert t.c("Mina").status == after
    assert t.asked()[-1] == f"Medic: First Aid on Mina 4D (4D) vs {diff}"
    t.done()


def test_D6_HEAL_5_failure_changes_nothing_miss_by_more_than_10_locks_24h(t):
    t(MEDIC, PATIENT, "damage Mina Wounded")
    t.dice(faces(4, 5))  # 5 vs 10: miss by 5 -> no change, no lockout
    t("firstaid Medic Mina")
    assert t.c("Mina").status == "Wounded" and "fa_lock_until" not in t.c("Mina").data
    t("restock Medic 2", "advance 1d")
    t.dice(faces(4, 4))  # 4 vs 10: miss by 6 -> no lockout
    t("firstaid Medic Mina")
    t("restock Medic 2", "damage Mina Wounded")  # Wounded Twice: Easy 10, +1 level -> 15
    t.dice(faces(4, 4))  # 4 vs 15: miss by 11 -> locked for 24 hours
    t("firstaid Medic Mina")
    assert t.last("first_aid", outcome="locked")
    assert any(x.kind == "d6_fa_lock" and x.due == t.enc.clock.seconds + DAY
               for x in t.enc.timers)
    assert "cannot get first aid again" in t.err("firstaid Medic Mina")
    t("advance 24h")
    t.dice(faces(4, 10))
    t("firstaid Medic Mina")
    assert t.c("Mina").status == "Wounded"


def test_D6_HEAL_6_each_extra_attempt_the_same_day_is_one_level_harder(t):
    t(MEDIC, PATIENT, "restock Medic 9", "damage Mina Wounded")
    for want in (10, 15, 20, 25):
        t.dice(faces(4, want - 1))
        t("firstaid Medic Mina")
        assert t.last("first_aid").difficulty == want
    t("advance 1d")
    t.dice(faces(4, 9))
    t("firstaid Medic Mina")
    assert t.last("first_aid").difficulty == 10


def test_D6_HEAL_7_medical_facilities_need_medicine_A(t):
    t(MEDIC, PATIENT, 'add Doc Instincts=2D medicine=5D', "damage Mina Wounded Twice")
    assert "Medicine (A)" in t.err("firstaid Medic Mina facility=yes")
    t.dice(faces(5, 10))
    t("firstaid Doc Mina facility=yes")
    assert t.asked()[-1] == "Doc: Medicine (A) on Mina 5D (5D) vs 10"
    assert t.c("Mina").status == "Wounded"


def test_first_aid_in_a_round_is_an_action(t):
    t(MEDIC, PATIENT, 'add X Instincts=1D', "set Medic Dodge=2D", "start", "damage Mina Wounded",
      'declare Medic aid Mina, dodge')
    t.dice(faces(3, 10))
    t("resolve")
    assert t.asked()[-1] == "Medic: First Aid on Mina 3D (4D -1D 2 actions) vs 10"
    assert t.c("Mina").status == "OK"


def test_heal_verb_levels(t):
    t(PATIENT, "damage Mina Mortally Wounded")
    t("heal Mina Wounded")
    assert t.c("Mina").status == "Wounded" and not t.c("Mina").out
    t("heal Mina")
    m = t.c("Mina")
    assert m.status == "OK" and not m.conditions and not t.enc.timers
    t("damage Mina Wounded Twice", "heal Mina 1")
    assert t.c("Mina").status == "Wounded"
    assert "lower level" in t.err("heal Mina Incapacitated")


def test_resting_a_minute_clears_a_stun(t):
    t(PATIENT, "damage Mina Stunned", "rest Mina 1m")
    assert t.c("Mina").status == "OK"
