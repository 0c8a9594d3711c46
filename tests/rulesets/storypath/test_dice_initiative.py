"""SP-DICE-* and SP-INIT-*: d10 pools, target numbers, 10-again, Enhancement, Difficulty,
Complications, opposed rolls, teamwork; the initiative roster of PC and SGC slots."""

from __future__ import annotations

from combat_cli.api import RulesView

from .conftest import F, S, T, fails, feed, last, new_table, run, texts, who


def _ann(t, *extra: str) -> None:  # noqa: ANN001
    run(t, "add Ann side=pc might=3 dexterity=2 stamina=3 cunning=2 close_combat=3 athletics=2 "
        + " ".join(extra))


def _solo(faces: list[int], *extra: str, house=None):  # noqa: ANN001, ANN202
    """Ann alone in a fight (initiative 5 dice: all fail), then ``faces`` for the next rolls."""
    t = new_table([F] * 5 + faces, house)
    _ann(t, *extra)
    run(t, "start")
    return t


def test_SP_DICE_1_pool_is_attribute_plus_skill_tn8_for_mortals():
    t = _solo([S, 7, F, F, F])
    out = run(t, "act Ann do pool=athletics+might")
    e = last(t, "action")
    assert e.faces == [8, 7, 1, 1, 1]
    assert e.data["successes"] == 1
    assert "Athletics 2 + Might 3" in t.dice.asked[-1]
    assert "TN 8" in t.dice.asked[-1]
    assert "success" in texts(out)


def test_SP_DICE_1_demigods_succeed_on_7():
    t = _solo([S, 7, F, F, F], "tier=demigod")
    run(t, "act Ann do pool=athletics+might")
    assert last(t, "action").data["successes"] == 2
    assert "TN 7" in t.dice.asked[-1]


def test_SP_DICE_2_a_ten_counts_and_is_rolled_again():
    t = _solo([T, S, F, F, F, F])  # 5 dice + 1 extra for the 10
    run(t, "act Ann do pool=athletics+might")
    e = last(t, "action")
    assert e.faces == [10, 8, 1, 1, 1, 1]
    assert e.data["successes"] == 2


def test_SP_DICE_2_AMB_SP_1_ten_again_can_be_switched_off():
    t = _solo([T, S, F, F, F], house={"dice": {"ten_again": False}})
    run(t, "act Ann do pool=athletics+might")
    e = last(t, "action")
    assert e.faces == [10, 8, 1, 1, 1]
    assert e.data["successes"] == 2


def test_SP_DICE_3_enhancement_only_with_a_success():
    t = _solo([F] * 5)
    run(t, "act Ann do pool=athletics+might enh=2 diff=2")
    e = last(t, "action")
    assert e.outcome == "failure" and "Enhancement" not in e.text.split("vs")[0]
    t = _solo([S, F, F, F, F])
    run(t, "act Ann do pool=athletics+might enh=2 diff=3")
    e = last(t, "action")
    assert e.outcome == "success"
    assert "= 1 +2 Enh" in e.text


def test_SP_DICE_4_default_difficulty_1_failure_gives_consolation():
    t = _solo([F] * 5)
    run(t, "act Ann do pool=athletics+might")
    e = last(t, "action")
    assert e.difficulty == 1 and e.outcome == "failure"
    assert t.enc.data["momentum"]["players"] == 1
    t = _solo([S, F, F, F, F])
    run(t, "act Ann do pool=athletics+might diff=0")  # minimum 1
    assert last(t, "action").difficulty == 1


def test_SP_DICE_5_threshold_buys_off_a_complication_unbought_does_not_fail():
    # Ann is Bruised: Complication 1 on her rolls (AMB-SP-2 default)
    t = _solo([S, F, F, F, F])
    run(t, "damage Ann bruised", "act Ann do pool=athletics+might")
    e = last(t, "action")
    assert e.outcome == "success"
    assert "not bought off" in e.text
    assert t.enc.data["momentum"]["storyguide"] == 1
    t = _solo([S, S, F, F, F])
    run(t, "damage Ann bruised", "act Ann do pool=athletics+might")
    e = last(t, "action")
    assert e.outcome == "success" and "buys off Complication 1" in e.text
    assert t.enc.data.get("momentum", {}).get("storyguide", 0) == 0


def test_SP_DICE_6_opposed_defender_successes_are_the_difficulty():
    # Bo escapes Ann's grapple: Ann rolls 2 successes, Bo needs 2 (meets it: escapes).
    t = new_table([F] * 5 + [F] * 2)
    _ann(t)
    run(t, "add Bo side=pc dexterity=2 close_combat=1 cunning=1", "start")
    run(t, "condition Bo +Grappled")
    who(t, "Bo").conditions[0].data["by"] = who(t, "Ann").id
    t.state_json = t.enc.model_dump_json()
    # Bo's slot comes second: next from Ann's slot
    run(t, "slot Ann", "next")
    feed(t, S, S, F, S, S, F, F, F, F)  # Bo 3 dice (CC 1 + Dex 2); Ann 6 (CC 3 + Might 3)
    run(t, "act Bo escape")
    e = last(t, "action")
    assert e.difficulty == 2 and e.outcome == "escaped"


def test_SP_DICE_7_teamwork_enhancement_is_at_most_3():
    t = _solo([S, F, F, F, F])
    run(t, "act Ann do pool=athletics+might team=5 diff=4")
    e = last(t, "action")
    assert "= 1 +3 Enh" in e.text and e.outcome == "success"


# -- initiative -----------------------------------------------------------------------------
def test_SP_INIT_1_best_combat_skill_plus_cunning():
    t = new_table([S, S, S, F, F, F, F])
    run(t, "add Ann side=pc cunning=2 close_combat=1 firearms=4 athletics=2", "start")
    assert "Firearms 4 + Cunning 2" in t.dice.asked[0]
    e = next(e for e in t.log if e.action == "initiative")
    assert e.faces == [8, 8, 8, 1, 1, 1]
    assert who(t, "Ann").data["init"] == 3


def _four(faces):  # noqa: ANN001, ANN202
    """Two PCs (A, B) and two SGCs (X, Y), each with a 3-die initiative pool."""
    t = new_table(faces)
    run(t, "add A side=pc cunning=2 close_combat=1", "add B side=pc cunning=2 close_combat=1",
        "add X cunning=2 close_combat=1", "add Y cunning=2 close_combat=1", "start")
    return t


def test_SP_INIT_4_tie_between_sg_and_player_the_player_slot_goes_first():
    # the digest's check: PCs roll 3 and 1, SGCs roll 3 and 2 -> PC(3), SGC(3), SGC(2), PC(1)
    t = _four([S, S, S, S, F, F, S, S, S, S, S, F])
    slots = t.enc.data["roster"]
    assert [(s["side"], s["value"]) for s in slots] == [("pc", 3), ("npc", 3), ("npc", 2), ("pc", 1)]
    # the SGCs added first would rank first without the tie rule
    t = new_table([S, S, F] + [S, S, F])
    run(t, "add X cunning=2 close_combat=1", "add A side=pc cunning=2 close_combat=1", "start")
    assert [s["side"] for s in t.enc.data["roster"]] == ["pc", "npc"]


def test_SP_INIT_2_roster_of_pc_and_sgc_slots_highest_first():
    t = _four([S, F, F, S, S, S, S, S, F, F, F, F])
    slots = t.enc.data["roster"]
    assert [(s["side"], s["value"]) for s in slots] == [("pc", 3), ("npc", 2), ("pc", 1), ("npc", 0)]
    labels = t.ruleset.order_labels(RulesView(t.enc, t.ruleset))
    assert labels[0] == "▶ PC slot (3): open (B first in line)"
    assert labels[1] == "SGC slot (2): X"


def test_SP_INIT_3_players_choose_pc_slots_sg_orders_hers():
    t = _four([S, S, S, S, F, F, S, S, S, S, S, F])
    assert t.enc.data["roster"][0]["who"] is None  # the players' choice is pending
    assert "players choose" in last(t, "initiative").text
    run(t, "slot B")
    assert t.ruleset.current(t.enc).name == "B"
    run(t, "next")
    assert t.ruleset.current(t.enc).name == "X"
    run(t, "slot Y")  # the SG puts Y first; X moves to Y's slot
    assert t.ruleset.current(t.enc).name == "Y"
    run(t, "next")
    assert t.ruleset.current(t.enc).name == "X"
    run(t, "next")
    assert t.ruleset.current(t.enc).name == "A"  # the only PC left takes the last PC slot
    assert t.enc.data["roster"][3]["who"] == who(t, "A").id
    assert fails(t, "slot B").startswith("B has already acted")


def test_SP_INIT_3_acting_in_an_open_pc_slot_takes_it():
    t = _four([S, S, S, S, F, F, S, S, S, S, S, F])
    feed(t, F, F, F, F)  # A's do roll: pool 4
    run(t, "act A do pool=athletics+might+2")
    assert t.enc.data["roster"][0]["who"] == who(t, "A").id


def test_SP_INIT_initiative_is_rolled_once_per_fight_and_pc_slots_reopen():
    t = _four([S, S, S, S, F, F, S, S, S, S, S, F])
    run(t, "slot A", "next", "next", "next", "next", "end")  # FixedDice is empty: no new rolls
    assert [s["value"] for s in t.enc.data["roster"]] == [3, 3, 2, 1]
    assert t.enc.data["roster"][0]["who"] is None
    assert t.enc.round == 2


def test_SP_INIT_5_sgcs_may_share_one_roll():
    t = new_table([S, F, S, S, F])
    run(t, "add A side=pc cunning=1 athletics=1", "add X x2 cunning=2 close_combat=1 init_group=mob",
        "start")
    assert who(t, "X 1").data["init"] == who(t, "X 2").data["init"] == 2
    assert len(t.dice.asked) == 2


def test_SP_INIT_new_combatant_joins_the_roster():
    t = _four([S, S, S, S, F, F, S, S, S, S, S, F])
    feed(t, S, S, F)
    run(t, "add Z cunning=2 close_combat=1")
    assert [s["value"] for s in t.enc.data["roster"]] == [3, 3, 2, 2, 1]


def test_hold_and_release_within_the_round():
    t = _four([S, S, S, S, F, F, S, S, S, S, S, F])
    run(t, "slot A", "hold A")
    assert t.ruleset.current(t.enc).name == "X"
    feed(t, F, F, F)
    run(t, "release A do pool=3")
    assert last(t, "action").actor == "A"
    assert "already had a turn" in fails(t, "act A do pool=3")


def test_removing_a_combatant_keeps_the_roster_in_step():
    t = _four([S, S, S, S, F, F, S, S, S, S, S, F])
    run(t, "slot A", "next")           # X acts now (slot 2)
    run(t, "remove A")
    assert t.ruleset.current(t.enc).name == "X"
    run(t, "next")
    assert t.ruleset.current(t.enc).name == "Y"
    assert len(t.enc.data["roster"]) == 3
    run(t, "next")
    assert t.ruleset.current(t.enc).name == "B"


def test_undo_restores_the_roster_and_injuries():
    t = _four([S, S, S, S, F, F, S, S, S, S, S, F])
    run(t, "slot A")
    before = t.state_json
    feed(t, S, S, F)  # X is an SGC with static Defense 1: no Defense roll
    run(t, "act A attack X")
    assert levels_of(t, "X")
    run(t, "undo")
    assert t.state_json == before


def levels_of(t, name):  # noqa: ANN001, ANN201
    return who(t, name).data.get("injuries")


def test_SP_DICE_4_momentum_totals_are_shown_when_they_change():
    t = _solo([F] * 5)
    out = run(t, "act Ann do pool=athletics+might")  # a failed PC roll: +1 to the players
    assert "Momentum now: players 1, Storyguide 0" in out.notes
