"""SP-ACT-*, SP-ATK-*, SP-CMP-*, SP-THROW-*, SP-PRONE-*, SP-GRAP-*: turns, mixed actions,
attack resolution with Defense and Stunts, complicate, throwing, prone, grappling."""

from __future__ import annotations

from .conftest import F, S, fails, feed, last, levels, new_table, run, texts, who


# -- SP-ACT ---------------------------------------------------------------------------------
def test_SP_ACT_1_one_action_per_turn_and_only_in_ones_slot(duel):
    t = duel
    assert t.ruleset.current(t.enc).name == "Ann"
    assert "Ann's turn" in fails(t, "act Orc attack Ann")
    feed(t, S, S, S, F, F, F)
    run(t, "act Ann attack Orc")
    assert "already taken a simple action" in fails(t, "act Ann attack Orc")
    assert "already taken" in fails(t, "act Ann do pool=athletics")


def test_SP_ACT_1_one_attack_per_turn(duel):
    t = duel
    feed(t, S, S, S, F, F, F)
    run(t, "act Ann attack Orc")
    who(t, "Ann").data["turn"]["used"] = None  # even with an action left (GM fiddling) ...
    t.state_json = t.enc.model_dump_json()
    assert "already attacked this turn" in fails(t, "act Ann attack Orc")


def test_SP_ACT_2_reflexive_actions_any_time_and_count_toward_mixed(duel):
    t = duel
    run(t, 'act Orc reflexive what="draws a knife"')  # off its turn: fine
    run(t, "react Orc draw what=\"looks around\"")
    assert who(t, "Orc").data.get("turn", {}).get("reflexive", 0) == 0  # off-turn: not counted
    run(t, 'act Ann move what="steps to the door"')
    assert who(t, "Ann").data["turn"]["reflexive"] == 1
    assert "count toward the mixed action" in fails(
        t, 'act Ann attack Orc mixed=athletics+dexterity other="vault"')
    feed(t, S, S, S, F, F, F)
    run(t, "act Ann attack Orc")  # a simple action is still fine


def test_SP_ACT_3_simple_action_rolls_the_full_pool(duel):
    t = duel
    feed(t, S, S, S, F, F, F)
    run(t, "act Ann attack Orc")
    e = last(t, "attack")
    assert len(e.faces) == 6  # Close Combat 3 + Might 3
    assert "Close Combat 3 + Might 3" in t.dice.asked[-1]


def test_SP_ACT_4_mixed_action_rolls_the_lower_pool_and_splits():
    # the digest's check: Athletics+Dex 5 and Close Combat+Might 3 -> 3 dice; 2 successes ->
    # 1 to the climb (Difficulty 1) and 1 to the attack (Defense 1)
    t = new_table([F] * 4 + [F])
    run(t, "add Cy side=pc athletics=3 dexterity=2 close_combat=1 might=2 cunning=1",
        "add Golem defense=1 cunning=1", "start")
    feed(t, S, S, F)
    out = run(t, 'act Cy attack Golem mixed=athletics+dexterity other="climb the golem"')
    e = last(t, "attack")
    assert e.faces == [8, 8, 1] and e.difficulty == 1 and e.outcome == "hit"
    assert "lower of Close Combat 1 + Might 2 = 3 and Athletics 3 + Dexterity 2 = 5" in t.dice.asked[-1]
    assert "1 to climb the golem" in e.text
    climb = last(t, "action")
    assert climb.outcome == "success" and climb.data["successes"] == 1
    assert "Golem takes" in texts(out)
    assert who(t, "Cy").data["turn"]["used"] == "mixed"


def test_SP_ACT_4_one_half_may_fail():
    t = new_table([F] * 4 + [F])
    run(t, "add Cy side=pc athletics=3 dexterity=2 close_combat=1 might=2 cunning=1",
        "add Golem defense=1 cunning=1", "start")
    feed(t, S, F, F)
    run(t, 'act Cy attack Golem mixed=athletics+dexterity other="climb" give=1')
    assert last(t, "attack").outcome == "miss"
    assert last(t, "action").outcome == "success"


# -- SP-ATK ---------------------------------------------------------------------------------
def _brawl(house=None):  # noqa: ANN001, ANN202
    """Orc 1 and Orc 2 (initiative 1 each) act before Ann (0)."""
    t = new_table([F] * 5 + [S, F, F] + [S, F, F], house)
    run(t, "add Ann side=pc might=3 dexterity=2 stamina=3 cunning=2 close_combat=3 athletics=2",
        "add Orc x2 cunning=1 close_combat=2 might=2 stamina=2 weapon=club", "start")
    return t


def test_SP_ATK_1_defense_is_rolled_the_first_time_attacked_in_the_round():
    t = _brawl()
    assert t.ruleset.current(t.enc).name == "Orc 1"
    feed(t, S, F, F, S, S, F, F)  # Ann's Defense (Stamina 3): 1; Orc 1's attack (4 dice): 2
    run(t, "act \"Orc 1\" attack Ann")
    e = last(t, "attack")
    assert e.difficulty == 1 and e.outcome == "hit"
    assert last(t, "defense").faces == [8, 1, 1]
    run(t, "next")
    feed(t, S, F, F, F)  # Orc 2's attack only: Ann's Defense 1 holds this round
    run(t, "act \"Orc 2\" attack Ann")
    assert sum(": Defense" in p for p in t.dice.asked) == 1
    assert last(t, "attack").difficulty == 1
    run(t, "next", "next", "end")
    feed(t, S, S, F, S, S, F, F)  # a new round: Ann rolls Defense again (2)
    run(t, "act \"Orc 1\" attack Ann")
    assert sum(": Defense" in p for p in t.dice.asked) == 2
    assert last(t, "attack").difficulty == 2


def test_SP_ATK_1_AMB_SP_5_scope_attack_rolls_every_time():
    t = _brawl({"defense": {"scope": "attack"}})
    feed(t, S, F, F, S, S, F, F)
    run(t, "act \"Orc 1\" attack Ann", "next")
    feed(t, S, S, S, S, F, F, F)
    run(t, "act \"Orc 2\" attack Ann")
    assert sum(": Defense" in p for p in t.dice.asked) == 2
    assert last(t, "attack").difficulty == 3


def test_SP_ATK_1_AMB_SP_5_pc_default_standard_defense():
    t = _brawl({"defense": {"pc_default": "standard"}})
    feed(t, S, F, F, F)
    run(t, "act \"Orc 1\" attack Ann")
    assert last(t, "attack").difficulty == 1
    assert not any(": Defense" in p for p in t.dice.asked)


def test_SP_ATK_1_react_defend_standard_or_roll_before_the_attack():
    t = _brawl()
    run(t, "react Ann defend mode=standard")
    feed(t, S, F, F, F)
    run(t, "act \"Orc 1\" attack Ann")
    assert last(t, "attack").difficulty == 1
    assert not any(": Defense" in p for p in t.dice.asked)
    assert "already 1" in fails(t, "react Ann defend")


def test_SP_ATK_1_full_defense_is_a_simple_action_with_double_pool(duel):
    t = duel
    feed(t, *([S] * 3 + [F] * 3))
    run(t, "act Ann defend")
    assert "2 x (Stamina 3)" in t.dice.asked[-1]
    assert who(t, "Ann").data["defense"]["value"] == 3
    run(t, "next")
    feed(t, S, S, S, F)  # the Orc's attack: 3 vs Full Defense 3 -> hit, no Defense roll
    run(t, "act Orc attack Ann")
    assert last(t, "attack").difficulty == 3


def test_SP_ATK_2_enhancements_add_to_the_total_and_range_is_checked(duel):
    t = duel
    assert "close range only" in fails(t, "act Ann attack Orc range=short")
    feed(t, S, F, F, F, F, F)
    run(t, "act Ann attack Orc enh=1")  # 1 success + 1 = 2 = Defense 2: hit
    e = last(t, "attack")
    assert e.outcome == "hit" and e.data["enhancement"] == 1


def test_SP_ATK_3_spend_defense_then_stunts_inflict_damage_costs_armor(duel):
    t = duel
    run(t, "set Orc armor=2")
    feed(t, S, S, S, F, F, F)  # 3 successes: 2 for Defense, 1 left < Inflict Damage 0 + Armor 2
    run(t, "act Ann attack Orc")
    e = last(t, "attack")
    assert e.outcome == "hit" and e.data["conditions"] == 0
    assert levels(t, "Orc") == []


def test_SP_ATK_3_and_SP_INJ_5_critical_costs_4_and_adds_a_condition(duel):
    t = duel
    feed(t, *([S] * 6))  # 6 successes - Defense 2 = 4: Inflict Damage (0) + Critical (4)
    run(t, "act Ann attack Orc stunts=damage+critical box=injured+bruised name=\"Cracked Skull\"")
    e = last(t, "attack")
    assert e.data["stunts"] == ["Inflict Damage (0)", "Critical (4)"]
    assert e.data["conditions"] == 2
    assert levels(t, "Orc") == ["injured", "bruised"]
    assert who(t, "Orc").data["injuries"][0]["name"] == "Cracked Skull"


def test_SP_ATK_3_not_enough_for_critical_is_skipped(duel):
    t = duel
    feed(t, S, S, S, S, S, F)  # 5 - 2 = 3 < 4
    run(t, "act Ann attack Orc stunts=damage,critical".replace(",", "+"))
    e = last(t, "attack")
    assert e.data["conditions"] == 1 and "not enough for critical" in e.text


def test_SP_ATK_miss_below_defense(duel):
    t = duel
    feed(t, S, F, F, F, F, F)
    run(t, "act Ann attack Orc")
    assert last(t, "attack").outcome == "miss"
    assert levels(t, "Orc") == []
    assert t.enc.data["momentum"]["players"] == 1  # SP-DICE-4 Consolation


def test_AMB_SP_9_scale_advantage_enhancement_and_extra_inflict_damage(duel):
    t = duel
    run(t, "set Ann scale=1")
    feed(t, S, S, F, F, F, F)  # 2 + Scale Enhancement 2 = 4 vs Defense 2: damage twice
    run(t, "act Ann attack Orc stunts=damage+damage")
    e = last(t, "attack")
    assert e.data["enhancement"] == 2 and e.data["conditions"] == 2


def test_AMB_SP_9_without_extra_damage_per_scale():
    t = new_table([S, S, F, F, F, S, F, F], {"stunts": {"extra_damage_per_scale": False}})
    run(t, "add Ann side=pc might=3 stamina=3 cunning=2 close_combat=3 scale=1",
        "add Orc cunning=1 close_combat=2 defense=2", "start")
    feed(t, S, S, F, F, F, F)
    run(t, "act Ann attack Orc stunts=damage+damage")
    assert last(t, "attack").data["conditions"] == 1


# -- SP-CMP ---------------------------------------------------------------------------------
def test_SP_CMP_1_complicate_is_part_of_a_mixed_action(duel):
    t = duel
    run(t, 'act Ann reflexive what="shouts"')
    assert "mixed action" in fails(t, 'act Ann complicate Orc task="open the door"')


def test_SP_CMP_2_blocked_must_be_bought_off_or_the_task_fails(duel):
    t = duel
    feed(t, S, S, F, F, F, F)
    run(t, 'act Ann complicate Orc task="open the door" pool=close_combat+might')
    assert who(t, "Orc").has_condition("Blocked 2")
    assert who(t, "Ann").data["turn"]["used"] == "mixed"
    run(t, "next")
    feed(t, S, S, F, F)  # 2 successes: Difficulty 1, 1 left < Blocked 2 -> fails
    run(t, 'act Orc do pool=close_combat+might task="open the door"')
    assert last(t, "action").outcome == "blocked"


def test_SP_CMP_2_blocked_bought_off_with_two_spare(duel):
    t = duel
    feed(t, S, S, F, F, F, F)
    run(t, 'act Ann complicate Orc task="open the door" pool=close_combat+might', "next")
    feed(t, S, S, S, F)  # 3: Difficulty 1 + Blocked 2
    run(t, 'act Orc do pool=close_combat+might task="open the door"')
    e = last(t, "action")
    assert e.outcome == "success" and "buys off Blocked 2" in e.text


def test_SP_CMP_2_blocked_attack_fails_automatically(duel):
    t = duel
    feed(t, S, S, F, F, F, F)
    run(t, "act Ann complicate Orc protect=Ann pool=close_combat+might", "next")
    feed(t, S, F, F, S, S, F, F)  # Ann's Defense 1; Orc's 2 successes: 1 left < Blocked 2
    run(t, "act Orc attack Ann")
    assert last(t, "attack").outcome == "blocked"
    assert levels(t, "Ann") == []


def test_SP_CMP_2_blocked_ends_when_the_complicator_acts_again(duel):
    t = duel
    feed(t, S, S, F, F, F, F)
    run(t, 'act Ann complicate Orc task="open the door"', "next", "next", "end")
    assert not any(c.name.startswith("Blocked") for c in who(t, "Orc").conditions)


def test_SP_CMP_mixed_half_complicates(duel):
    t = duel
    feed(t, S, S, S, S, F)  # lower pool: Athletics 2 + Might 3 = 5
    run(t, 'act Ann attack Orc mixed=athletics+might block=Orc task="flee" give=1')
    assert who(t, "Orc").has_condition("Blocked 1")
    assert last(t, "attack").outcome == "hit"


# -- SP-THROW ---------------------------------------------------------------------------------
def test_SP_THROW_1_lift_first_then_a_thrown_pushing_attack(duel):
    t = duel
    feed(t, S, F, F, F, F)          # lift: Athletics 2 + Might 3, 1 success vs weight 1
    feed(t, S, S, S, F, F)          # the throw: 3 vs Defense 2
    out = run(t, "act Ann throw Orc object=chair")
    assert last(t, "action").outcome == "success"
    e = last(t, "attack")
    assert e.outcome == "hit" and e.data["weapon"] == "chair"
    assert any(n.startswith("Pushing") for n in out.notes)
    assert levels(t, "Orc") == ["hit"]
    assert not who(t, "Orc").data["injuries"][0]["persistent"]  # Bashing by default


def test_SP_THROW_1_failed_lift_means_no_throw(duel):
    t = duel
    feed(t, S, F, F, F, F)
    run(t, "act Ann throw Orc object=anvil weight=2")
    assert last(t, "action").outcome == "failure"
    assert not any(e.kind == "attack" for e in t.log)


def test_SP_THROW_1_a_person_must_be_grappled_first():
    t = _three()
    assert "grapple them first" in fails(t, "act Ann throw Orc person=Bo")


def _three():  # noqa: ANN202
    """Ann (2), Bo (1), Orc (0): Ann then Bo then the Orc."""
    t = new_table([S, S, F, F, F] + [S, F] + [F, F, F])
    run(t, "add Ann side=pc might=3 dexterity=2 stamina=3 cunning=2 close_combat=3 athletics=2",
        "add Bo side=pc might=1 stamina=3 cunning=1 close_combat=1",
        "add Orc cunning=1 close_combat=2 defense=2", "start", "slot Ann")
    return t


def test_SP_THROW_2_a_thrown_person_takes_the_damage_too_and_large_objects_shockwave():
    t = _three()
    feed(t, S, S, S, S, F, F)  # Ann grapples Bo (Bo's Defense: roll Stamina 3 -> 1)
    t.dice.queue[:0] = [S, F, F]
    run(t, "act Ann grapple Bo", "next", "next", "next", "end", "slot Ann")
    assert who(t, "Bo").has_condition("Grappled")
    feed(t, S, S, F, F, F)   # opposed Might + Athletics: Ann 5 dice 2 successes
    feed(t, S, F)            # Bo: Might 1 + Athletics 0 -> 1 die: 1 success
    feed(t, S, S, S, F, F)   # the throw (Athletics + Might 5): 3 vs Defense 2
    out = run(t, "act Ann throw Orc person=Bo large=yes")
    assert levels(t, "Orc") == ["hit"]
    assert levels(t, "Bo") == ["bruised"]
    assert "thrown into Orc" in texts(out)
    assert any(n.startswith("Shockwave") for n in out.notes)
    assert not who(t, "Bo").has_condition("Grappled")


# -- SP-PRONE --------------------------------------------------------------------------------
def test_SP_PRONE_1_prone_defense_minus_1_close_plus_2_otherwise():
    t = _three()
    run(t, "set Bo defense=3", "condition Bo +Prone")
    feed(t, S, S, F, F, F, F)
    run(t, "act Ann attack Bo")
    assert last(t, "attack").difficulty == 2
    run(t, "next")
    feed(t, F)
    run(t, "next", "set Orc weapon=pistol firearms=2")
    feed(t, S, F, F, F)
    run(t, "act Orc attack Bo range=long")
    assert last(t, "attack").difficulty == 5


def test_SP_PRONE_2_standing_is_reflexive_without_an_enemy_close(duel):
    t = duel
    run(t, "condition Ann +Prone", "next")  # on the Orc's turn: reflexive, any time
    run(t, "act Ann stand")
    assert not who(t, "Ann").has_condition("Prone")
    assert not t.dice.queue and len(t.dice.asked) == 2


def test_SP_PRONE_2_with_an_enemy_close_it_is_a_mixed_action(duel):
    t = duel
    run(t, "condition Ann +Prone", "range Ann Orc close", "next")
    # off her turn she cannot: standing is now part of her (mixed) action
    assert "already had a turn" in fails(t, "act Ann stand")


def test_SP_PRONE_3_stand_up_complication_1_unbought_is_an_injury(duel):
    t = duel
    run(t, "condition Ann +Prone", "range Ann Orc close")
    feed(t, S, F, F, F)  # Athletics 2 + Dexterity 2
    run(t, "act Ann stand")
    e = last(t, "action")
    assert e.outcome == "stands" and e.data["bought_off"] is False
    assert not who(t, "Ann").has_condition("Prone")
    assert levels(t, "Ann") == ["bruised"]
    assert who(t, "Ann").data["turn"]["used"] == "mixed"


def test_SP_PRONE_3_two_successes_stand_cleanly(duel):
    t = duel
    run(t, "condition Ann +Prone", "range Ann Orc close")
    feed(t, S, S, F, F)
    run(t, "act Ann stand")
    assert levels(t, "Ann") == [] and not who(t, "Ann").has_condition("Prone")


def test_SP_PRONE_3_no_success_stays_down_and_is_hurt(duel):
    t = duel
    run(t, "condition Ann +Prone", "range Ann Orc close")
    feed(t, F, F, F, F)
    run(t, "act Ann stand box=injured name=\"Kicked Ribs\"")
    assert who(t, "Ann").has_condition("Prone")
    assert levels(t, "Ann") == ["injured"]


# -- SP-GRAP ---------------------------------------------------------------------------------
def test_SP_GRAP_1_grappled_drag_opposed_grappler_wins_ties():
    t = _three()
    feed(t, S, F, F)              # Bo's Defense 1
    feed(t, S, S, F, F, F, F)     # Ann's grapple: 2 vs 1
    run(t, "act Ann grapple Bo")
    assert who(t, "Bo").has_condition("Grappled")
    assert levels(t, "Bo") == []  # a grapple inflicts no damage by itself
    run(t, "next", "next", "next", "end", "slot Ann")
    feed(t, S, F, F, F, F)        # Ann: Might 3 + Athletics 2 -> 1
    feed(t, S)                    # Bo: Might 1 -> 1: a tie
    run(t, "act Ann drag Bo")
    e = last(t, "action")
    assert e.outcome == "success" and "grappler wins ties" in e.text


def test_SP_GRAP_2_escape_and_reverse():
    t = _three()
    feed(t, S, F, F, S, S, F, F, F, F)
    run(t, "act Ann grapple Bo", "next")
    feed(t, S, S)                 # Bo: Close Combat 1 + Might 1 = 2 dice -> 2
    feed(t, S, F, F, F, F, F)     # Ann: Close Combat 3 + Might 3 -> 1
    run(t, "act Bo escape reverse=yes")
    assert last(t, "action").outcome == "escaped"
    assert not who(t, "Bo").has_condition("Grappled")
    assert who(t, "Ann").has_condition("Grappled")


def test_SP_GRAP_2_failed_escape_stays_held():
    t = _three()
    feed(t, S, F, F, S, S, F, F, F, F)
    run(t, "act Ann grapple Bo", "next")
    feed(t, S, F)
    feed(t, S, S, F, F, F, F)
    run(t, "act Bo escape")
    assert last(t, "action").outcome == "held"
    assert who(t, "Bo").has_condition("Grappled")


def test_break_up_grapple_stunt():
    t = _three()
    feed(t, S, F, F, S, S, F, F, F, F)
    run(t, "act Ann grapple Bo", "next", "next")
    feed(t, S, F, F)        # Ann's Defense (Stamina 3): 1
    feed(t, S, S, S, F)     # the Orc: 3 = Defense 1 + Inflict Damage 0 + Break Up Grapple 1
    run(t, "act Orc attack Ann stunts=breakgrapple")
    assert not who(t, "Bo").has_condition("Grappled")


def test_SP_GRAP_1_grappled_cannot_move_from_the_spot(duel):
    t = duel
    run(t, "condition Ann +Grappled")
    assert "cannot move from the spot" in fails(t, 'act Ann move what="to the door"')
    assert "cannot move from the spot" in fails(t, "react Ann defend dive=Orc")
    run(t, 'act Ann reflexive what="looks around"')  # other reflexive actions are fine


def test_SP_CMP_2_blocked_lasts_until_the_complicators_own_next_turn_not_an_open_slot():
    t = new_table([S, F, F] + [S, S, F])  # Ann 1, Ben 2 (first in line), Orc 0 dice
    run(t, "add Ann side=pc cunning=2 close_combat=1 might=2",
        "add Ben side=pc cunning=1 close_combat=2 might=2",
        "add Orc cunning=0", "start", "slot Ann", "next")
    feed(t, S, S, F, F)  # Ben (Close Combat 2 + Might 2): Blocked 2 on the Orc
    run(t, 'act Ben complicate Orc task="flee" pool=close_combat+might', "next", "next", "end")
    # round 2: the first PC slot is open with Ben first in line; Ann takes it
    assert t.ruleset.current(t.enc).name == "Ben"
    assert who(t, "Orc").has_condition("Blocked 2")
    run(t, "slot Ann")
    assert who(t, "Orc").has_condition("Blocked 2")
    run(t, "next")  # Ben's own turn: his Block ends
    assert not who(t, "Orc").has_condition("Blocked 2")


def test_SP_GRAP_2_scale_enhances_the_opposed_rolls():
    t = _three()
    run(t, "set Ann scale=1")
    feed(t, S, F, F, S, F, F, F, F, F)  # Bo's Defense 1; Ann's grapple 1 + Scale 2 = 3 vs 1
    run(t, "act Ann grapple Bo", "next")
    feed(t, S, S)                 # Bo: Close Combat 1 + Might 1 -> 2
    feed(t, S, F, F, F, F, F)     # Ann: 1 + Scale 2 = 3: Bo needs 3
    run(t, "act Bo escape")
    e = last(t, "action")
    assert e.difficulty == 3 and e.outcome == "held"
    assert "Enhancement +2" in t.dice.asked[-1]


def test_SP_GRAP_1_an_injured_grapplers_complication_is_bought_with_the_margin():
    t = _three()
    feed(t, S, F, F, S, S, F, F, F, F)
    run(t, "act Ann grapple Bo", "next", "next", "next", "end", "slot Ann", "damage Ann bruised")
    feed(t, S, S, F, F, F)        # Ann: 2, Complication 1 (Bruised)
    feed(t, S)                    # Bo: 1 -> margin 1 buys it off
    run(t, "act Ann drag Bo")
    e = last(t, "action")
    assert e.outcome == "success" and "buys off Complication 1" in e.text
    assert t.enc.data.get("momentum", {}).get("storyguide", 0) == 0


def test_SP_CMP_2_a_blocked_reflexive_action_must_be_rolled(duel):
    t = duel
    feed(t, S, S, F, F, F, F)
    run(t, 'act Ann complicate Orc task="move" pool=close_combat+might', "next")
    assert "Blocked 2" in fails(t, "act Orc move")
    assert "Blocked 2" in fails(t, 'act Orc reflexive what="move away"')
    run(t, 'act Orc reflexive what="shout"')
