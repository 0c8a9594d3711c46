"""Melee, damage, Effect Value, the wound chart and its effects (D6-MELEE, D6-DMG, T-D6-7)."""

from __future__ import annotations

import pytest

from tests.rulesets.d6.conftest import LECTOR, faces

FIGHTER = ('add Fighter Instincts=3D Brawling=4D "Martial Arts=4D" "Melee Combat=4D" '
           'Strength=3D Firearms=4D weapon=Knife')
DUMMY = 'add Dummy Instincts=1D Constitution=2D'


def test_D6_MELEE_1_brawling_difficulty_5_damage_strength_plus_ev(t):
    t(FIGHTER, DUMMY, "start")
    t.dice(faces(4, 16), faces(4, 4), faces(2, 12))  # 16 vs 5: 11 over -> +1D
    t("act Fighter brawl Dummy")
    a = t.last("attack")
    assert (a.difficulty, a.outcome) == (5, "hit")
    assert t.asked()[1] == "Fighter: damage 4D (Strength 3D +1D Effect Value) on Dummy"
    t.done()


def test_D6_MELEE_2_martial_arts_difficulty_10_damage_strength(t):
    t(FIGHTER, DUMMY, "start")
    t.dice(faces(4, 19), faces(3, 3), faces(2, 12))
    t("act Fighter martial Dummy")
    assert t.last("attack").difficulty == 10
    assert t.asked()[1] == "Fighter: damage 3D (Strength 3D) on Dummy"
    t.done()


def test_AMB_D6_8_effect_value_on_martial_arts_is_a_switch(mk):
    t = mk()
    t(FIGHTER, DUMMY, "start")
    t.dice(faces(4, 20), faces(4, 4), faces(2, 12))
    t("act Fighter martial Dummy")
    assert "+1D Effect Value" in t.asked()[1]
    t = mk({"melee": {"ev_on_unarmed": False}})
    t(FIGHTER, DUMMY, "start")
    t.dice(faces(4, 20), faces(3, 3), faces(2, 12))
    t("act Fighter martial Dummy")
    assert t.asked()[1] == "Fighter: damage 3D (Strength 3D) on Dummy"


def test_D6_MELEE_3_knife_is_strength_plus_1D(t):
    t(FIGHTER, DUMMY, "start")
    t.dice(faces(4, 10), faces(4, 4), faces(2, 12))
    t("act Fighter attack Dummy")
    assert t.asked()[0].startswith("Fighter: Melee Combat 4D (4D) vs 10")
    assert t.asked()[1] == "Fighter: damage 4D (Strength 3D + Knife 1D) on Dummy"
    assert "not a melee weapon" in t.err('act Fighter attack Dummy weapon="Heavy Pistol"')
    assert "melee weapon" in t.err("act Fighter shoot Dummy")


@pytest.mark.parametrize("attack,ev", [(27, 1), (35, 2), (24, 0), (25, 1)])
def test_D6_DMG_1_effect_value_each_full_10_over(t, attack, ev):
    """Constructed: 27 vs 15 -> +1D; 35 vs 15 -> +2D; 24 vs 15 -> +0D."""
    t('add G Instincts=3D Firearms=6D weapon="Heavy Pistol"', DUMMY, "start")
    t.dice(faces(6, attack), faces(5 + ev, 5 + ev), faces(2, 12))
    t("act G shoot Dummy range=medium")
    assert t.last("attack").difficulty == 15
    assert t.last("damage").dice == f"{5 + ev}D"
    assert t.last("damage").data["effect_value"] == ev
    t.done()


def test_D6_DMG_2_ranged_fixed_code_melee_strength_plus(t):
    t(LECTOR, FIGHTER, DUMMY, "start")
    t.dice(faces(4, 10), faces(5, 5), faces(2, 12))
    t("act Lector shoot Dummy")
    assert t.last("damage").dice == "5D"
    t("end")
    t.dice(faces(4, 10), faces(4, 4), faces(2, 12))
    t("act Fighter attack Dummy")
    assert t.last("damage").dice == "4D"


@pytest.mark.parametrize("damage,resist,level", [
    (10, 11, None), (10, 10, "Stunned"), (13, 10, "Stunned"), (14, 10, "Wounded"),
    (18, 10, "Wounded"), (19, 10, "Incapacitated"), (22, 10, "Incapacitated"),
    (23, 10, "Mortally Wounded"), (25, 10, "Mortally Wounded"), (26, 10, "Killed")])
def test_D6_DMG_3_and_T_D6_7_wound_chart(t, damage, resist, level):
    """Resisted only when Constitution is greater; ties hurt; then 0-3 Stunned, 4-8 Wounded,
    9-12 Incapacitated, 13-15 Mortally Wounded, 16+ Killed."""
    t('add Dummy Instincts=1D Constitution=4D', "start")
    t.dice(faces(4, resist))
    if level == "Incapacitated":
        t.dice([1] * 10)
    t(f"damage Dummy {damage}")
    r = t.last("resist")
    assert (r.total, r.difficulty) == (resist, damage)
    want = "OK" if level is None else level
    assert t.c("Dummy").status == want
    t.done()


def test_T_D6_7_wounded_falls_prone_and_loses_remaining_actions(t):
    t(LECTOR, 'add Shooter Instincts=4D Firearms=4D weapon="Heavy Pistol"', "start",
      'declare Shooter shoot Lector', 'declare Lector shoot Shooter, shoot Shooter')
    t.dice(faces(4, 12), faces(5, 15), faces(3, 8))  # 15 vs 8: 7 -> Wounded
    t("resolve")
    lector = t.c("Lector")
    assert lector.status == "Wounded" and lector.has_condition("Prone")
    t("resolve all")
    assert len(t.all("lapse")) == 2
    t("end")
    t.dice(faces(3, 3))
    t("act Lector shoot Shooter")
    assert t.asked()[-1].startswith("Lector: Firearms 3D (4D -1D wounded)")


def test_T_D6_7_wounded_twice_is_minus_2D(t):
    t(LECTOR, 'add X Instincts=1D', "start", "damage Lector Wounded", "damage Lector Wounded")
    assert t.c("Lector").status == "Wounded Twice"
    t("end")
    t.dice(faces(2, 2))
    t("act Lector shoot X")
    assert t.asked()[-1].startswith("Lector: Firearms 2D (4D -2D wounded twice)")


def test_T_D6_7_stunned_minus_1D_this_round_and_next(t):
    t(LECTOR, 'add X Instincts=1D', "start", "damage Lector Stunned")
    assert t.c("Lector").status == "Stunned"
    t.dice(faces(3, 3))
    t("act Lector shoot X")
    assert "-1D stunned" in t.asked()[-1]
    t("end")
    t.dice(faces(3, 3))
    t("act Lector shoot X")
    assert "-1D stunned" in t.asked()[-1]
    t("end")
    t.dice(faces(4, 4))
    t("act Lector shoot X")
    assert "stunned" not in t.asked()[-1]
    # the stun keeps counting for 30 minutes, then wears off
    t("advance 30m")
    assert t.c("Lector").status == "OK"


def test_AMB_D6_13_stuns_reaching_constitution_dice_knock_out(t):
    t('add Dummy Instincts=1D Constitution=2D', "start", "damage Dummy Stunned")
    t.dice([3, 4])  # second stun = Constitution 2D: unconscious 2D = 7 minutes
    t("damage Dummy Stunned")
    d = t.c("Dummy")
    assert d.has_condition("Unconscious")
    cond = next(c for c in d.conditions if c.name == "Unconscious")
    assert cond.until == t.enc.clock.seconds + 7 * 60
    assert "unconscious" in t.err("declare Dummy dodge")
    t.done()


def test_T_D6_7_incapacitated_unconscious_10D_minutes_and_out(t):
    t('add Dummy Instincts=1D Constitution=2D', "start")
    t.dice([1] * 10)
    t("damage Dummy Incapacitated")
    d = t.c("Dummy")
    assert d.status == "Incapacitated" and d.out and d.has_condition("Unconscious")
    assert "Incapacitated" in t.err("declare Dummy dodge")


def test_T_D6_7_mortally_wounded_dies_when_2D_below_rounds(t):
    t('add Dummy Instincts=1D Constitution=2D', 'add X Instincts=2D', "start",
      "damage Dummy Mortally Wounded")
    t.dice([1, 1])  # round 1 check: 2 vs 1 -> holds on
    t("end")
    t.dice([1, 1])  # round 2: 2 vs 2 -> holds on
    t("end")
    t.dice([1, 1])  # round 3: 2 < 3 -> dies
    t("end")
    assert t.c("Dummy").status == "Killed"
    checks = t.all("mortal")
    assert [(c.total, c.difficulty, c.outcome) for c in checks] == [
        (2, 1, "alive"), (2, 2, "alive"), (2, 3, "Killed")]
    t.done()


def test_AMB_D6_12_repeat_wounds_escalate_RandE(t):
    t('add Dummy Instincts=1D Constitution=2D', "start")
    t("damage Dummy Wounded")
    assert t.c("Dummy").status == "Wounded"
    t("damage Dummy Stunned")  # a stun does not escalate a wound
    assert t.c("Dummy").status == "Wounded"
    t("damage Dummy Wounded")
    assert t.c("Dummy").status == "Wounded Twice"
    t.dice([1] * 10)
    t("damage Dummy Wounded")
    assert t.c("Dummy").status == "Incapacitated"
    t("damage Dummy Wounded")
    assert t.c("Dummy").status == "Mortally Wounded"
    t("damage Dummy Stunned")
    assert t.c("Dummy").status == "Mortally Wounded"
    t("damage Dummy Wounded")
    assert t.c("Dummy").status == "Killed"


def test_AMB_D6_12_opend6_any_lesser_result_moves_up(mk):
    t = mk({"wounds": {"repeat": "opend6"}})
    t('add Dummy Instincts=1D Constitution=4D', "start", "damage Dummy Stunned")
    t("damage Dummy Stunned")
    assert t.c("Dummy").status == "Wounded"


def test_damage_with_dice_rolls_then_resists(t):
    t('add Dummy Instincts=1D Constitution=2D', "start")
    t.dice(faces(5, 15), faces(2, 7))  # 15 vs 7: 8 -> Wounded
    t("damage Dummy 5D")
    assert t.c("Dummy").status == "Wounded"
    t.done()
