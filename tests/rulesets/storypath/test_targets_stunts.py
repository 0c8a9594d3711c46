"""Attacks on several targets (SP-ATK-1), the tags' effects (Pushing, Stun, Shockwave:
SP-THROW-*), Enhance / Complicate Stunts, Dive for Cover, Scale against minor characters, and
the open PC slot's prompt."""

from __future__ import annotations

from combat_cli.api import RulesView

from .conftest import F, S, fails, feed, last, levels, new_table, run, texts, who


def _gang(house=None, weapon: str = "sword"):  # noqa: ANN001, ANN202
    """Ann (PC, initiative 1) against Orc 1 and Orc 2 (0 initiative dice, static Defense 1,
    Health 5): Ann's PC slot comes first and she takes it as the only PC."""
    t = new_table([S, F, F, F, F], house)
    run(t, f"add Ann side=pc might=3 stamina=3 cunning=2 close_combat=3 athletics=2 weapon={weapon}",
        "add Orc x2 cunning=0 stamina=2 health=5", "start")
    assert t.ruleset.current(t.enc).name == "Ann"
    return t


# -- several targets ---------------------------------------------------------------------------
def test_SP_ATK_1_several_targets_one_roll_successes_split_in_order():
    t = _gang()
    feed(t, S, S, S, S, F, F)  # 4 successes: Orc 1 gets 1 + the rest (2) = 3, Orc 2 gets 1
    out = run(t, 'act Ann attack "Orc 1" "Orc 2"')
    assert len(t.dice.asked) == 2  # initiative, one attack roll
    assert "attack Orc 1, Orc 2 (sword) 6d10" in t.dice.asked[-1]
    roll = last(t, "roll")
    assert roll.data["shares"] == [3, 1]
    hits = [e for e in out.entries if e.kind == "attack"]
    assert [(e.data["successes"], e.difficulty, e.outcome) for e in hits] == [(3, 1, "hit"),
                                                                            (1, 1, "hit")]
    assert levels(t, "Orc 1") == ["hit"] and levels(t, "Orc 2") == ["hit"]
    assert who(t, "Ann").data["turn"]["attacks"] == 1  # still one attack this turn


def test_SP_ATK_1_several_targets_split_chosen_and_checked():
    t = _gang()
    feed(t, S, S, S, S, F, F)
    assert "one per target" in fails(t, 'act Ann attack "Orc 1" "Orc 2" split=4')
    assert "only" not in fails(t, 'act Ann attack "Orc 1" split=4')
    feed(t, S, S, S, S, F, F)
    assert "the roll has 4" in fails(t, 'act Ann attack "Orc 1" "Orc 2" split=3+3')
    feed(t, S, F, F, F, F, F)
    run(t, 'act Ann attack "Orc 1" "Orc 2" split=0+1')
    hits = [e for e in t.log if e.kind == "attack"]
    assert [e.outcome for e in hits] == ["miss", "hit"]
    assert levels(t, "Orc 1") == [] and levels(t, "Orc 2") == ["hit"]


def test_SP_ATK_1_several_targets_too_few_successes_and_named_twice():
    t = _gang()
    assert "named twice" in fails(t, 'act Ann attack "Orc 1" "Orc 1"')
    assert "themself" in fails(t, 'act Ann attack "Orc 1" Ann')
    feed(t, S, F, F, F, F, F)  # 1 success: Orc 1 needs 1, nothing left for Orc 2
    run(t, 'act Ann attack "Orc 1" "Orc 2"')
    assert [e.outcome for e in t.log if e.kind == "attack"] == ["hit", "miss"]
    assert t.enc.data.get("momentum", {}).get("players", 0) == 0  # one hit: no Consolation


def test_SP_ATK_1_several_targets_each_mode():
    t = _gang({"attack": {"several_targets": "each"}})
    feed(t, S, S, F, F, F, F)  # 2 against each Defense 1
    run(t, 'act Ann attack "Orc 1" "Orc 2"')
    assert [(e.data["successes"], e.outcome) for e in t.log if e.kind == "attack"] == [
        (2, "hit"), (2, "hit")]


def test_SP_ATK_1_each_target_rolls_defense_the_first_time():
    t = new_table([S, S, F])  # the Orc's initiative (Close Combat 2 + Cunning 1): 2; PCs 0 dice
    run(t, "add Orc cunning=1 close_combat=2 might=2 attack_pool=6",
        "add Ann side=pc stamina=3 cunning=0", "add Ben side=pc stamina=2 cunning=0", "start")
    assert t.ruleset.current(t.enc).name == "Orc"
    feed(t, S, S, F)      # Ann's Defense (Stamina 3): 2
    feed(t, F, F)         # Ben's Defense (Stamina 2): 0 -> 1
    feed(t, S, S, S, F, F, F)  # the Orc: 3 = Ann 2 + Ben 1
    run(t, "act Orc attack Ann Ben")
    assert [e.outcome for e in t.log if e.kind == "defense"] == ["2", "1"]
    assert [(e.data["successes"], e.difficulty, e.outcome) for e in t.log
            if e.kind == "attack"] == [(2, 2, "hit"), (1, 1, "hit")]
    assert levels(t, "Ann") == ["bruised"] and levels(t, "Ben") == ["bruised"]


# -- tags ----------------------------------------------------------------------------------------
def test_SP_THROW_1_pushing_knocks_prone_on_request():
    t = _gang()
    assert "Pushing tag" in fails(t, 'act Ann attack "Orc 1" push=yes')
    feed(t, S, F, F, F, F)      # lift 1 vs 1
    feed(t, S, S, F, F, F)      # the throw: 2 vs Defense 1
    run(t, 'act Ann throw "Orc 1" object=crate push=yes')
    assert who(t, "Orc 1").has_condition("Prone")
    assert levels(t, "Orc 1") == ["hit"]


def test_SP_THROW_1_stun_taken_out_is_unconscious():
    t = _gang(weapon="club")
    run(t, 'set "Orc 1" health=0')
    feed(t, S, S, F, F, F, F)
    out = run(t, 'act Ann attack "Orc 1"')
    assert who(t, "Orc 1").out and who(t, "Orc 1").status == "Taken Out (unconscious)"
    assert "knocked unconscious (Stun)" in texts(out)


def test_SP_THROW_2_shockwave_hits_everyone_close_to_the_target():
    t = _gang()
    run(t, 'range "Orc 1" "Orc 2" close')
    feed(t, S, F, F, F, F)
    feed(t, S, S, F, F, F)
    out = run(t, 'act Ann throw "Orc 1" object=car large=yes weight=1')
    assert levels(t, "Orc 1") == ["hit"] and levels(t, "Orc 2") == ["hit"]
    assert "Shockwave from the hit on Orc 1" in texts(out)


def test_SP_THROW_2_shockwave_none_or_named():
    t = _gang({"attack": {"shockwave_hits_close": True}})
    run(t, 'range "Orc 1" "Orc 2" close')
    feed(t, S, F, F, F, F, S, S, F, F, F)
    run(t, 'act Ann throw "Orc 1" object=car large=yes shock=none')
    assert levels(t, "Orc 2") == []
    t2 = _gang()
    feed(t2, S, F, F, F, F, S, S, F, F, F)
    run(t2, 'act Ann throw "Orc 1" object=car large=yes shock="Orc 2"')
    assert levels(t2, "Orc 2") == ["hit"]


# -- Enhance / Complicate Stunts -------------------------------------------------------------
def test_enhance_stunt_goes_to_an_allys_next_roll():
    t = new_table([S, F, F, F, F] + [F, F, F])
    run(t, "add Ann side=pc might=3 cunning=2 close_combat=3",
        "add Ben side=pc cunning=0 firearms=2 dexterity=2 weapon=pistol",
        "add Orc cunning=0 health=5", "start", "slot Ann")
    feed(t, S, S, S, F, F, F)  # 3: Defense 1, Inflict Damage 0, Enhance 2
    run(t, "act Ann attack Orc stunts=damage+enhance2 ally=Ben")
    assert "Enhance 2 (Ben's next roll)" in last(t, "attack").text
    run(t, "next")
    feed(t, S, F, F, F)  # Ben: 1 success + 2 = 3
    run(t, "act Ben attack Orc range=short stunts=none")
    e = last(t, "attack")
    assert e.data["enhancement"] == 2 and "Enhancement +2 (Stunt by Ann)" in e.text
    assert "pending" not in who(t, "Ben").data


def test_complicate_stunt_is_a_complication_on_the_targets_next_roll():
    t = _gang()
    feed(t, S, S, F, F, F, F)  # 2: Defense 1, Inflict Damage 0, Complicate 1
    run(t, 'act Ann attack "Orc 1" stunts=damage+complicate1')
    run(t, "next")
    run(t, 'set "Orc 1" attack_pool=2')
    feed(t, S, F, F)   # Ann's Defense 1
    feed(t, S, F)      # Orc 1: 1 success = Defense 1, nothing left for Complication 1
    run(t, 'act "Orc 1" attack Ann')
    e = last(t, "attack")
    assert e.outcome == "hit" and "Complication 1 not bought off" in e.text
    assert t.enc.data["momentum"]["players"] == 1


def test_stunt_names_checked():
    t = _gang()
    assert "no stunt" in fails(t, 'act Ann attack "Orc 1" stunts=fly')
    assert "only enhance and complicate" in fails(t, 'act Ann attack "Orc 1" stunts=damage2')


# -- Dive for Cover (a Defensive Stunt) ------------------------------------------------------
def test_dive_for_cover_spends_a_defense_success_and_moves_a_band():
    t = _gang()
    run(t, 'range Ann "Orc 1" short')
    assert "mode=roll" in fails(t, 'react Ann defend dive="Orc 1" mode=standard')
    feed(t, S, S, S)  # Ann's Defense (Stamina 3): 3, 1 on Dive for Cover -> Defense 2
    run(t, 'react Ann defend dive="Orc 1"')
    e = last(t, "defense")
    assert e.outcome == "2" and "Dive for Cover (1): short -> medium" in e.text
    assert t.enc.data["ranges"][
        "|".join(sorted((who(t, "Ann").id, who(t, "Orc 1").id)))] == "medium"


def test_dive_for_cover_with_too_few_successes():
    t = _gang()
    feed(t, F, F, F)
    run(t, 'react Ann defend dive="Orc 1"')
    assert "too few successes to Dive for Cover" in last(t, "defense").text
    assert last(t, "defense").outcome == "1"


# -- Scale against minor characters ---------------------------------------------------------
def test_scale_multiplies_injuries_against_minor_characters():
    t = _gang()
    run(t, "set Ann scale=1", 'set "Orc 1" minor=yes')
    feed(t, S, F, F, F, F, F)  # 1 + Scale Enhancement 2 = 3 vs Defense 1
    run(t, 'act Ann attack "Orc 1" stunts=damage')
    assert "Scale x2 against a minor character: 1 -> 2" in last(t, "attack").text
    assert levels(t, "Orc 1") == ["hit", "hit"]


def test_scale_minor_multiplier_switch_off():
    t = _gang({"scale": {"minor_multiplies": False}})
    run(t, "set Ann scale=1", 'set "Orc 1" minor=yes')
    feed(t, S, F, F, F, F, F)
    run(t, 'act Ann attack "Orc 1" stunts=damage')
    assert levels(t, "Orc 1") == ["hit"]


# -- the players' choice of a PC slot -------------------------------------------------------
def test_SP_INIT_3_open_pc_slot_names_who_may_take_it():
    t = new_table([S, F, F] + [S, F, F])
    out = run(t, "add Ann side=pc cunning=1 close_combat=2", "add Ben side=pc cunning=1 firearms=2",
              "add Orc cunning=0", "start")
    line = next(e.text for e in out.entries if "is up" in e.text)
    assert "Ann or Ben" in line and "slot NAME" in line and "first in line" not in line
    roster = t.ruleset.json_extra(RulesView(t.enc, t.ruleset))["storypath"]["roster"]
    assert [(r["slot"], r["chosen"], r["may_take"]) for r in roster] == [
        ("PC slot (1)", False, ["Ann", "Ben"]), ("PC slot (1)", False, ["Ann", "Ben"]),
        ("SGC slot (0)", True, [])]


def test_SP_INIT_3_header_and_toolbar_show_the_open_pc_slot_not_a_player():
    from combat_cli.render.tables import header
    from combat_cli.repl.toolbar import create_toolbar

    t = new_table([S, F, F] + [S, F, F])
    run(t, "add Ann side=pc cunning=1 close_combat=2", "add Ben side=pc cunning=1 firearms=2",
        "add Orc cunning=0", "start")
    assert "Acts: PC slot (1), open: Ann or Ben" in header(t.enc, t.ruleset).plain
    assert "acts: PC slot (1), open: Ann or Ben" in create_toolbar(lambda: t, "auto")()
    run(t, "slot Ben")
    assert "Acts: Ben" in header(t.enc, t.ruleset).plain


def test_SP_INIT_3_wrong_character_in_an_open_pc_slot_is_told_who_may_take_it():
    t = new_table([S, F, F] + [S, F, F])
    run(t, "add Ann side=pc cunning=1 close_combat=2", "add Ben side=pc cunning=1 firearms=2",
        "add Orc cunning=0", "start")
    err = fails(t, "act Orc attack Ann")
    assert err.startswith("PC slot (1) is up: Ann or Ben takes it (slot NAME); Orc waits")
    assert fails(t, "slot Orc") == "Orc is an SGC and cannot take PC slot (1); Ann or Ben may take it"
    run(t, "act Ben reflexive")  # reflexive actions do not take the slot
    assert t.enc.data["roster"][0]["who"] is None


def test_scale_defender_static_defense_takes_half_the_enhancement():
    t = _gang()
    run(t, 'set "Orc 1" scale=1 defense=2')
    feed(t, S, S, S, F, F, F)  # 3 vs Defense 2 + Scale 1 (half of +2) = 3: hit
    run(t, 'act Ann attack "Orc 1" stunts=none')
    e = last(t, "attack")
    assert e.difficulty == 3 and "Scale +1" in e.text and e.outcome == "hit"
    t = _gang({"scale": {"static_defense_half": False}})
    run(t, 'set "Orc 1" scale=1 defense=2')
    feed(t, S, S, S, F, F, F)
    run(t, 'act Ann attack "Orc 1" stunts=none')
    assert last(t, "attack").difficulty == 4


def test_scale_defender_rolled_defense_takes_the_whole_enhancement():
    t = new_table([S, S, F])
    run(t, "add Orc cunning=1 close_combat=2 might=2 attack_pool=6",
        "add Ann side=pc stamina=3 cunning=0 scale=1", "start")
    feed(t, S, F, F)            # Ann's Defense: 1 + Scale 2 = 3
    feed(t, S, S, S, F, F, F)   # the Orc: 3 vs 3
    run(t, "act Orc attack Ann")
    e = last(t, "attack")
    assert e.difficulty == 3 and "Scale +2" in e.text and e.outcome == "hit"


def test_SP_INJ_3_no_more_conditions_after_taken_out():
    t = _gang()
    run(t, 'set "Orc 1" health=0')
    feed(t, S, S, S, S, S, F)  # 5 - Defense 1 = 4: Inflict Damage + Critical
    out = run(t, 'act Ann attack "Orc 1"')
    assert last(t, "attack").data["conditions"] == 2
    wounds = [e for e in out.entries if e.kind == "wound"]
    assert [e.outcome for e in wounds] == ["Taken Out"]
    assert any("1 more Injury Condition not needed" in n for n in out.notes)


def test_SP_ATK_1_several_targets_default_split_skips_a_target_it_cannot_hit():
    t = _gang()
    run(t, 'set "Orc 1" defense=3')
    feed(t, S, S, F, F, F, F)  # 2: too few for Orc 1 (3), so Orc 2 gets 1 and the rest Orc 1
    run(t, 'act Ann attack "Orc 1" "Orc 2"')
    assert last(t, "roll").data["shares"] == [1, 1]
    assert [e.outcome for e in t.log if e.kind == "attack"] == ["miss", "hit"]


def test_removing_a_character_frees_its_slot_and_ends_its_grapples():
    t = new_table([S, F, F] * 6)
    run(t, "add Ann side=pc cunning=1 might=3 athletics=3", "add Ben side=pc cunning=1",
        "add Orc cunning=0", "start", "slot Ann")
    run(t, "remove Ann")
    assert all(s.get("who") != "c1" for s in t.enc.data["roster"])
    run(t, "slot Ben")
    assert "Acts: Ben" in __import__("combat_cli.render.tables", fromlist=["header"]).header(
        t.enc, t.ruleset).plain
