"""SP-AMB-* and SP-SURP-*: ambush (team successes divided by heads, Surprise on initiative),
surprise attacks (half Composure, ties per AMB-SP-8, a full round before initiative)."""

from __future__ import annotations

import pytest

from combat_cli.api import RulesView

from .conftest import F, S, fails, last, new_table, run, texts, who


def _teams(faces, house=None, extra_amb: str = ""):  # noqa: ANN001, ANN202
    """Ambushers A, B, C (Subterfuge 2 + Dexterity 1 = 3 dice), targets X, Y (Integrity 2 +
    Cunning 1 = 3 dice)."""
    t = new_table(faces, house)
    for n in "ABC":
        run(t, f"add {n} side=pc subterfuge=2 dexterity=1 cunning=1 close_combat=1 {extra_amb}")
    for n in "XY":
        run(t, f"add {n} integrity=2 cunning=1 close_combat=1")
    return t


def test_SP_AMB_1_AMB_SP_6_pools_agility_else_subterfuge_vs_integrity_cunning():
    t = _teams([F] * 15)
    run(t, "ambush A B C vs X Y")
    assert "Subterfuge 2 + Dexterity 1" in t.dice.asked[0]  # no Agility: AMB-SP-6
    assert "Integrity 2 + Cunning 1" in t.dice.asked[3]
    t = _teams([F] * 18, extra_amb="agility=2")
    run(t, "ambush A B C vs X Y")
    assert "Agility 2 + Dexterity 1" in t.dice.asked[0]


def test_SP_AMB_1_other_pools_if_justified():
    t = _teams([F] * 15)
    run(t, "ambush A B C vs X Y pool=empathy+cunning tpool=3")
    assert "Empathy 0 + Cunning 1" in t.dice.asked[0]


def test_SP_AMB_2_team_successes_divided_by_heads():
    # the digest's check: 3 ambushers roll 7 in total -> 2; 2 targets roll 5 -> 2 -> Difficulty 2
    t = _teams([S, S, S, S, S, F, S, S, F] + [S, S, S, S, S, F])
    out = run(t, "ambush A B C vs X Y")
    e = last(t, "ambush")
    assert e.data["ambushers"] == 2 and e.data["targets"] == 2 and e.difficulty == 2
    assert e.outcome == "success" and e.data["surprise"] == 0
    assert "7 successes / 3 = 2" in texts(out)


def test_SP_AMB_2_failure():
    t = _teams([S, F, F, S, F, F, F, F, F] + [S, S, S, S, S, F])
    run(t, "ambush A B C vs X Y")
    assert last(t, "ambush").outcome == "failure"
    assert "surprise_cmp" not in who(t, "X").data


def test_SP_AMB_3_surprise_complication_on_initiative_lose_first_turn():
    # ambushers 9 / 3 = 3 vs Difficulty 1 (targets 1 / 2 = 0 -> minimum 1): Surprise 2
    t = _teams([S] * 9 + [S, F, F, F, F, F])
    run(t, "ambush A B C vs X Y")
    assert last(t, "ambush").data["surprise"] == 2
    assert who(t, "X").data["surprise_cmp"] == 2
    # initiative: A, B, C (2 dice each) all 0; X rolls 2 successes (buys off 2 -> 0), Y 1 (fails)
    t.dice.queue = [F, F, F, F, F, F, S, S, S, F]
    run(t, "start")
    assert who(t, "X").data["init"] == 0 and "lose_turn_round" not in who(t, "X").data
    assert who(t, "Y").data["init"] == 1 and who(t, "Y").data["lose_turn_round"] == 1
    slots = [(s["side"], s["value"]) for s in t.enc.data["roster"]]
    assert slots[0] == ("npc", 1)
    # Y's slot is skipped in the first turn: a PC slot is up
    assert any("gets no action in the first turn" in e.text for e in t.log)
    assert t.ruleset.current(t.enc).side == "pc"
    assert "surprised" in fails(t, "act Y reflexive")


def test_SP_AMB_3_surprised_character_acts_from_round_2():
    t = _teams([S] * 9 + [S, F, F, F, F, F])
    run(t, "ambush A B C vs X Y")
    t.dice.queue = [F, F, F, F, F, F, S, S, S, F]
    run(t, "start")
    assert "already had a turn" in fails(t, "act Y do pool=3")
    run(t, "end")
    assert t.ruleset.current(t.enc).name == "Y"


def test_SP_AMB_3_spend_fewer():
    t = _teams([S] * 9 + [S, F, F, F, F, F])
    run(t, "ambush A B C vs X Y spend=1")
    assert who(t, "Y").data["surprise_cmp"] == 1


def test_SP_AMB_3_buyoff_not_reducing_result_switch():
    t = _teams([S] * 9 + [S, F, F, F, F, F],
               {"initiative": {"buyoff_reduces_result": False}})
    run(t, "ambush A B C vs X Y")
    t.dice.queue = [F, F, F, F, F, F, S, S, S, F]
    run(t, "start")
    assert who(t, "X").data["init"] == 2


# -- surprise attacks ---------------------------------------------------------------------------
def _sucker(composure: int, faces, attacker_side="pc", target_side="npc", house=None):  # noqa: ANN001, ANN202
    t = new_table(faces, house)
    run(t, f"add Ann side={attacker_side} subterfuge=2 dexterity=2 intellect=3 cunning=1",
        f"add Vic side={target_side} composure={composure} cunning=1")
    return t


@pytest.mark.parametrize("composure,diff", [(5, 2), (3, 1), (1, 1), (4, 2)])
def test_SP_SURP_1_difficulty_half_composure_rounded_down(composure, diff):
    t = _sucker(composure, [S, S, S, F])
    run(t, "surprise Ann vs Vic")
    e = last(t, "surprise")
    assert next(x for x in t.log if x.action == "surprise").difficulty == diff
    assert e.outcome == "surprise round"


def test_SP_SURP_1_pool_subterfuge_plus_dexterity_or_intellect():
    t = _sucker(5, [S, S, F, F])
    run(t, "surprise Ann vs Vic")
    assert "Subterfuge 2 + Dexterity 2" in t.dice.asked[0]
    t = _sucker(5, [S, S, F, F, F])
    run(t, "surprise Ann vs Vic attr=intellect")
    assert "Subterfuge 2 + Intellect 3" in t.dice.asked[0]


def test_SP_SURP_1_AMB_SP_8_tie_favours_the_pc_attacker():
    t = _sucker(5, [S, S, F, F])  # 2 = Difficulty 2
    run(t, "surprise Ann vs Vic")
    e = next(x for x in t.log if x.action == "surprise")
    assert e.outcome == "success" and "tie favours the player character" in e.text


def test_SP_SURP_1_AMB_SP_8_sgc_tie_against_a_pc_fails():
    t = _sucker(5, [S, S, F, F], attacker_side="npc", target_side="pc")
    run(t, "surprise Ann vs Vic")
    assert next(x for x in t.log if x.action == "surprise").outcome == "failure"
    assert "surprise" not in t.enc.data


def test_SP_SURP_1_AMB_SP_8_meet_switch():
    t = _sucker(5, [S, S, F, F], attacker_side="npc", target_side="pc",
                house={"surprise": {"ties": "meet"}})
    run(t, "surprise Ann vs Vic")
    assert next(x for x in t.log if x.action == "surprise").outcome == "success"


def test_SP_SURP_1_below_difficulty_fails():
    t = _sucker(5, [S, F, F, F])
    run(t, "surprise Ann vs Vic")
    assert next(x for x in t.log if x.action == "surprise").outcome == "failure"


def test_SP_SURP_2_group_uses_highest_composure_bandmates_tie_favours_defender():
    t = new_table([S, S, S, F])
    run(t, "add Ann side=pc subterfuge=2 dexterity=2", "add V1 composure=2", "add V2 composure=6")
    run(t, "surprise Ann vs V1 V2")
    assert next(x for x in t.log if x.action == "surprise").difficulty == 3
    t = new_table([S, S, F, F])
    run(t, "add Ann side=pc subterfuge=2 dexterity=2", "add Bo side=pc composure=5")
    run(t, "surprise Ann vs Bo")
    e = next(x for x in t.log if x.action == "surprise")
    assert e.outcome == "failure" and "bandmates" in e.text


def test_SP_SURP_3_a_full_round_before_initiative():
    t = _sucker(3, [S, F, F, F])
    run(t, "surprise Ann vs Vic", "start")
    assert t.ruleset.current(t.enc).name == "Ann"
    assert t.ruleset.order_labels(RulesView(t.enc, t.ruleset)) == ["▶ Surprise slot: Ann"]
    assert "not Vic's" in fails(t, "act Vic do pool=1")
    run(t, "next")
    assert t.ruleset.current(t.enc) is None
    t.dice.queue = [S, S]  # round 2: initiative for Ann (2 dice) and Vic (1)
    run(t, "end")
    assert [s["value"] for s in t.enc.data["roster"]] == [1, 1]
    assert t.enc.data["initiative"]["round"] == 2


def test_SP_SURP_3_only_before_the_fight():
    t = _sucker(3, [F, F])
    run(t, "start")
    assert "before start" in fails(t, "surprise Ann vs Vic")
    assert "before the fight" in fails(t, "ambush Ann vs Vic")


def test_SP_AMB_3_a_surprised_pcs_slot_goes_to_a_bandmate_who_can_act():
    # X ambushes A and B: 4 successes vs Difficulty 1 -> Surprise 3 on their initiative
    t = new_table([S, S, S, S] + [F] + [F])
    run(t, "add X subterfuge=3 dexterity=1 cunning=1",
        "add A side=pc cunning=1 close_combat=2", "add B side=pc cunning=1 close_combat=2",
        "ambush X vs A B")
    assert who(t, "A").data["surprise_cmp"] == 3
    t.dice.queue = [S] + [S, S, F] + [S, S, S]  # X 1; A 2 (cannot buy off 3); B 3 - 3 = 0
    run(t, "start")
    assert [(s["side"], s["value"]) for s in t.enc.data["roster"]] == [("pc", 2), ("npc", 1),
                                                                       ("pc", 0)]
    # A's result made the first PC slot, but A cannot act: B takes it, before X
    assert t.ruleset.current(t.enc).name == "B"
    assert "surprised" in fails(t, "slot A")
    run(t, "next")
    assert t.ruleset.current(t.enc).name == "X"
    run(t, "next")
    assert any("A is surprised and gets no action" in e.text for e in t.log)
    assert t.ruleset.current(t.enc) is None
