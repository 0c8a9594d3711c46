"""SP-INJ-* and SP-AID-*: Injury Condition boxes (the seed's Stamina 3/5/11 examples), the
player's choice of box, Taken Out, Persistent, penalties (AMB-SP-2), SGC Health (AMB-SP-4),
damage/heal, first aid (difficulties 2/3/5, Taken Out per condition), scene and session."""

from __future__ import annotations

import pytest
from combat_rulesets.storypath import injuries
from combat_rulesets.storypath.schema import Tables

from combat_cli.api import RulesView

from .conftest import F, S, fails, feed, last, levels, new_table, run, texts, view, who


def _boxes(stamina: int, scale: int = 0, house=None) -> dict[str, int]:  # noqa: ANN001
    t = new_table(house=house)
    run(t, f"add P side=pc stamina={stamina} scale={scale}")
    return injuries.boxes(Tables.of(view(t)), who(t, "P"))


# -- SP-INJ-2: the seed's worked examples -----------------------------------------------------
def test_SP_INJ_2_seed_example_stamina_3():
    assert _boxes(3) == {"bruised": 2, "injured": 1, "maimed": 1}  # + Taken Out


def test_SP_INJ_2_seed_example_stamina_5():
    assert _boxes(5) == {"bruised": 3, "injured": 1, "maimed": 1}


def test_SP_INJ_2_seed_example_stamina_11():
    assert _boxes(11)["bruised"] == 6


def test_SP_INJ_2_scale_adds_bruised_and_stamina_0_has_no_injured():
    assert _boxes(3, scale=2)["bruised"] == 4
    assert _boxes(1) == {"bruised": 1, "injured": 1, "maimed": 1}
    assert _boxes(0)["injured"] == 0


def test_SP_INJ_2_AMB_SP_3_even_stamina():
    assert _boxes(2)["bruised"] == 2
    assert _boxes(2, house={"injury": {"bruised_formula": "half_stamina"}})["bruised"] == 1
    assert _boxes(3, house={"injury": {"bruised_formula": "half_stamina"}})["bruised"] == 2


def test_SP_INJ_2_track_shown_in_status():
    t = new_table()
    run(t, "add Ann side=pc stamina=3", "damage Ann injured name=Broken Arm")
    cols = t.ruleset.status_columns(RulesView(t.enc, t.ruleset), who(t, "Ann"))
    assert cols["Injuries"] == "B○○ I● M○"
    assert cols["Injury Conditions"] == "Broken Arm (Injured)"


# -- SP-INJ-1/3 ---------------------------------------------------------------------------------
def test_SP_INJ_1_named_injuries_shown_with_their_level():
    t = new_table()
    out = run(t, "add Ann side=pc stamina=3", 'damage Ann injured name="Broken Arm"')
    assert "Ann takes Broken Arm (Injured)" in texts(out)
    assert injuries.names_text(view(t), who(t, "Ann")) == "Broken Arm (Injured)"
    assert who(t, "Ann").status == "Injured"


def test_SP_INJ_3_player_chooses_the_box_default_least_severe():
    t = new_table()
    run(t, "add Ann side=pc stamina=3")
    run(t, "damage Ann maimed")
    out = run(t, "damage Ann 1")
    assert "no box chosen: Bruised, the least severe free box" in texts(out)
    assert levels(t, "Ann") == ["maimed", "bruised"]
    assert "no free Maimed box" in fails(t, "damage Ann maimed")


def test_SP_INJ_3_taken_out_when_no_box_is_free():
    t = new_table([F] * 5)
    run(t, "add Ann side=pc stamina=3 cunning=2", "damage Ann 4")
    assert levels(t, "Ann") == ["bruised", "bruised", "injured", "maimed"]
    assert who(t, "Ann").status == "Maimed" and not who(t, "Ann").out
    out = run(t, "damage Ann 1")
    assert "no free box left" in texts(out)
    assert who(t, "Ann").out and who(t, "Ann").status == "Taken Out"
    run(t, "start")
    assert "Taken Out" in fails(t, "act Ann do pool=might")


def test_SP_INJ_1_AMB_SP_2_penalty_is_the_worst_complication():
    t = new_table([F] * 5 + [S, S, S, F, F])
    run(t, "add Ann side=pc might=3 athletics=2 stamina=3 cunning=2 close_combat=3",
        "damage Ann bruised", "damage Ann injured", "start")
    run(t, "act Ann do pool=athletics+might")
    e = last(t, "action")
    assert "buys off Complication 2" in e.text


def test_SP_INJ_1_AMB_SP_2_waived_when_the_injury_cannot_affect_the_action():
    t = new_table([F] * 5 + [S, F, F, F, F])
    run(t, "add Ann side=pc might=3 athletics=2 stamina=3 cunning=2 close_combat=3",
        "damage Ann injured", "start")
    run(t, "act Ann do pool=athletics+might waive=yes")
    assert "Complication" not in last(t, "action").text


@pytest.mark.parametrize("mode,dice,need", [("dice", 3, 1), ("difficulty", 5, 3)])
def test_AMB_SP_2_dice_or_difficulty_modes(mode, dice, need):
    t = new_table([F] * 5 + [S] * dice, {"penalties": {"mode": mode}})
    run(t, "add Ann side=pc might=3 athletics=2 stamina=3 cunning=2 close_combat=3",
        "damage Ann injured", "start")
    run(t, "act Ann do pool=athletics+might")
    e = last(t, "action")
    assert len(e.faces) == dice and e.difficulty == need


def test_AMB_SP_2_sum_mode():
    t = new_table([F] * 5 + [S, S, S, S, F], {"penalties": {"combine": "sum"}})
    run(t, "add Ann side=pc might=3 athletics=2 stamina=3 cunning=2 close_combat=3",
        "damage Ann bruised", "damage Ann injured", "start")
    run(t, "act Ann do pool=athletics+might")
    e = last(t, "action")
    assert "buys off Complication 3" in e.text


# -- SP-INJ-4 -----------------------------------------------------------------------------------
@pytest.mark.parametrize("weapon,tier,persistent", [
    ("claws", "heroic", True),    # Aggravated: always Persistent
    ("sword", "mortal", True),    # Lethal against a mortal
    ("sword", "heroic", False),   # Lethal against a hero
    ("club", "mortal", False),    # Bashing
])
def test_SP_INJ_4_persistent(weapon, tier, persistent):
    t = new_table([S, S, F, F, F, F, F])
    run(t, f"add Ann side=pc might=3 cunning=2 close_combat=3 weapon={weapon}",
        f"add Bo side=pc stamina=3 defense=1 tier={tier}", "start", "slot Ann")
    feed(t, S, S, F, F, F, F)
    run(t, "act Ann attack Bo")
    assert who(t, "Bo").data["injuries"][0]["persistent"] is persistent


def test_SP_INJ_4_damage_verb_aggravated_and_lethal():
    t = new_table()
    run(t, "add Ann side=pc stamina=3", "add Zeus side=pc stamina=3 tier=divine",
        "damage Ann lethal", "damage Zeus lethal", "damage Zeus aggravated")
    assert [i["persistent"] for i in who(t, "Ann").data["injuries"]] == [True]
    assert [i["persistent"] for i in who(t, "Zeus").data["injuries"]] == [False, True]


def test_SP_INJ_6_fated_injuries_are_just_named_conditions():
    t = new_table()
    out = run(t, "add Ann side=pc stamina=3", 'damage Ann bruised name="Fated: a near miss"')
    assert "Fated: a near miss (Bruised)" in texts(out)


# -- AMB-SP-4: SGC Health ----------------------------------------------------------------------
def test_AMB_SP_4_sgc_health_counter():
    t = new_table()
    run(t, "add Mook health=1", "damage Mook 1")
    assert not who(t, "Mook").out
    assert injuries.track_text(view(t), who(t, "Mook")) == "Health 0/1"
    run(t, "damage Mook 1")
    assert who(t, "Mook").out and who(t, "Mook").status == "Taken Out"


def test_AMB_SP_4_sgc_default_health_from_boxes_and_no_penalty():
    t = new_table([F] + [S, F])
    run(t, "add Brute stamina=3 might=1 athletics=1 cunning=0 close_combat=1")
    assert injuries.health(Tables.of(view(t)), who(t, "Brute")) == 4
    run(t, "damage Brute injured", "start", "act Brute do pool=athletics+might")
    assert "Complication" not in last(t, "action").text


def test_AMB_SP_4_switch_off_sgcs_use_boxes():
    t = new_table(house={"sgc": {"use_health": False}})
    run(t, "add Brute stamina=3", "damage Brute 1")
    assert levels(t, "Brute") == ["bruised"]


# -- damage / heal ------------------------------------------------------------------------------
def test_heal_values():
    t = new_table()
    run(t, "add Ann side=pc stamina=3", "damage Ann bruised name=Cut", "damage Ann injured",
        "damage Ann maimed name=Crushed Hand")
    run(t, "heal Ann injured")
    assert levels(t, "Ann") == ["bruised", "maimed"]
    run(t, "heal Ann Crushed Hand")
    assert levels(t, "Ann") == ["bruised"]
    run(t, "damage Ann 4")
    assert who(t, "Ann").out
    run(t, "heal Ann 1")  # the least severe
    assert levels(t, "Ann").count("bruised") == 1
    run(t, "heal Ann")
    assert levels(t, "Ann") == [] and not who(t, "Ann").out and who(t, "Ann").status == "OK"
    assert "no Injury Conditions" in fails(t, "heal Ann")


def test_damage_bad_values():
    t = new_table()
    run(t, "add Ann side=pc stamina=3")
    assert "not \"purple\"" in fails(t, "damage Ann purple")
    assert "no option colour=" in fails(t, "damage Ann 1 colour=red")
    assert "1..20" in fails(t, "damage Ann 99")
    run(t, "damage Ann 1")
    assert "no Maimed Condition" in fails(t, "heal Ann maimed")
    assert "heal reads" in fails(t, "heal Ann Nonsense Here")


# -- AMB-SP-10 --------------------------------------------------------------------------------
def test_AMB_SP_10_scene_clears_non_persistent():
    t = new_table()
    run(t, "add Ann side=pc stamina=3", "damage Ann bruised", "damage Ann injured aggravated",
        "scene")
    assert levels(t, "Ann") == ["injured"]
    t = new_table(house={"injury": {"clear_at": "never"}})
    run(t, "add Ann side=pc stamina=3", "damage Ann bruised", "scene")
    assert levels(t, "Ann") == ["bruised"]


# -- SP-AID ------------------------------------------------------------------------------------
def _ward(faces: list[int], house=None):  # noqa: ANN001, ANN202
    t = new_table(faces, house)
    run(t, "add Ann side=pc stamina=3", "add Doc side=pc intellect=3 medicine=2")
    return t


@pytest.mark.parametrize("level,diff,lower", [("bruised", 2, None), ("injured", 3, "bruised"),
                                              ("maimed", 5, "injured")])
def test_SP_AID_1_difficulty_by_severity(level, diff, lower):
    t = _ward([S] * diff + [F] * (5 - diff))
    run(t, f"damage Ann {level}", "aid Doc Ann")
    e = last(t, "heal")
    assert e.difficulty == diff and e.outcome == "success"
    assert "Intellect 3 + Medicine 2" in t.dice.asked[-1]
    assert levels(t, "Ann") == ([lower] if lower else [])


def test_SP_AID_1_one_short_fails():
    t = _ward([S, S, F, F, F])
    run(t, "damage Ann injured", "aid Doc Ann")
    assert last(t, "heal").outcome == "failure"
    assert levels(t, "Ann") == ["injured"]


def test_SP_AID_1_taken_out_one_per_other_condition():
    # the digest's check: Taken Out with Bruised, Bruised, Injured also marked -> Difficulty 3
    t = _ward([S, S, S, F, F], {"injury": {"bruised_formula": "one_plus_half_rest"}})
    run(t, "damage Ann bruised", "damage Ann bruised", "damage Ann injured",
        "damage Ann taken_out")
    run(t, "aid Doc Ann taken_out")
    e = last(t, "heal")
    assert e.difficulty == 3 and e.outcome == "success"
    assert levels(t, "Ann") == ["bruised", "bruised", "injured", "maimed"]  # into the empty Maimed
    assert not who(t, "Ann").out


def test_SP_AID_2_once_per_session_per_patient_and_session_resets():
    t = _ward([S, S, F, F, F, S, S, F, F, F])
    run(t, "damage Ann bruised", "damage Ann bruised", "aid Doc Ann")
    assert "already had first aid this session" in fails(t, "aid Doc Ann")
    run(t, "session", "aid Doc Ann")
    assert levels(t, "Ann") == []


def test_SP_AID_2_AMB_SP_7_per_medic():
    t = _ward([S, S, F, F, F], {"first_aid": {"per": "medic"}})
    run(t, "add Bo side=pc stamina=3", "damage Ann bruised", "damage Bo bruised", "aid Doc Ann")
    assert "already given first aid" in fails(t, "aid Doc Bo")


def test_SP_AID_2_downgrade_once_and_only_into_an_empty_lower_box():
    t = _ward([S] * 5)
    run(t, "damage Ann maimed", "damage Ann injured")
    run(t, "aid Doc Ann maimed")   # Injured is full: Maimed drops to Bruised
    assert levels(t, "Ann") == ["bruised", "injured"]
    run(t, "session")
    assert "downgraded once already" in fails(t, "aid Doc Ann bruised")
    t = _ward([])
    run(t, "damage Ann bruised", "damage Ann bruised", "damage Ann injured")
    assert "no empty box of a lower level" in fails(t, "aid Doc Ann injured")


def test_SP_AID_2_a_downgraded_condition_cannot_be_downgraded_again():
    t = _ward([S, S, S, S, S])
    run(t, "damage Ann maimed", "aid Doc Ann maimed", "session")
    assert levels(t, "Ann") == ["injured"]
    assert "downgraded once already" in fails(t, "aid Doc Ann injured")


def test_SP_AID_2_failed_attempt_does_not_use_the_session_unless_switched():
    t = _ward([F] * 5 + [S, S, F, F, F])
    run(t, "damage Ann bruised", "aid Doc Ann", "aid Doc Ann")
    assert levels(t, "Ann") == []
    t = _ward([F] * 5, {"first_aid": {"failed_attempt_counts": True}})
    run(t, "damage Ann bruised", "aid Doc Ann")
    assert "already had" in fails(t, "aid Doc Ann")


def test_SP_AID_3_enhancement_hook():
    t = _ward([S, F, F, F, F])
    run(t, "damage Ann injured", "aid Doc Ann enh=2")
    assert last(t, "heal").outcome == "success"


def test_SP_AID_after_combat_only():
    t = _ward([F, F])
    run(t, "damage Ann bruised", "start")
    assert "after combat" in fails(t, "aid Doc Ann")
    run(t, "aftermath")
    assert t.enc.phase == "setup"
    feed(t, S, S, F, F, F)
    run(t, "aid Doc Ann")
    assert levels(t, "Ann") == []


def test_SP_INJ_1_alike_unnamed_injuries_are_counted_in_the_status():
    t = new_table()
    run(t, "add Ann side=pc stamina=5", "damage Ann bruised", "damage Ann bruised",
        'damage Ann injured name="Broken Arm"')
    assert injuries.names_text(view(t), who(t, "Ann")) == "2x Bruised; Broken Arm (Injured)"


@pytest.mark.parametrize("others,diff", [(["bruised"], 1), (["bruised", "maimed"], 2),
                                          (["bruised", "bruised", "injured", "maimed"], 4)])
def test_SP_AID_1_taken_out_difficulty_counts_the_other_conditions(others, diff):
    t = _ward([S] * 4 + [F] * (5 - 4))
    for lv in others:
        run(t, f"damage Ann {lv}")
    run(t, "damage Ann taken_out")
    if diff == 4:  # every box is full: Taken Out cannot be downgraded
        assert "no empty box" in fails(t, "aid Doc Ann taken_out")
        return
    t.dice.queue[:] = [S] * diff + [F] * (5 - diff)
    run(t, "aid Doc Ann taken_out")
    e = last(t, "heal")
    assert e.difficulty == diff and e.outcome == "success"
    t2 = _ward([S] * (diff - 1) + [F] * (6 - diff))
    for lv in others:
        run(t2, f"damage Ann {lv}")
    run(t2, "damage Ann taken_out", "aid Doc Ann taken_out")
    assert last(t2, "heal").outcome == "failure"
