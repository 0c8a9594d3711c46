"""Defects found in play (issue 13, items 9-12): Disarm, Consolation on first aid, a Blocked
task on an automatic opposed roll, and the wording and order of what is printed."""

from __future__ import annotations

import pytest

from .conftest import F, S, fails, feed, last, new_table, run, texts, who


# -- 9: a disarmed combatant fights unarmed until it picks its weapon up ---------------------
def _knife_fight(house=None):  # noqa: ANN001, ANN202
    """Ann (PC, mortal, sword) has disarmed the Cultist (knife); the Cultist's slot is up."""
    t = new_table([S, S, F, F, F, S, F, F], house)
    run(t, "add Ann side=pc might=3 dexterity=2 stamina=3 cunning=2 composure=2 close_combat=3 "
           "athletics=2 weapon=sword",
        "add Cultist cunning=1 close_combat=2 might=2 dexterity=2 stamina=2 defense=2 "
        "weapon=knife tags=Aggravated",
        "start")
    feed(t, S, S, S, S, S, F)  # 5 vs Defense 2: hit, Disarm (2), 1 unspent
    run(t, "act Ann attack Cultist stunts=disarm", "next")
    return t


def test_disarmed_fights_unarmed():
    t = _knife_fight()
    cult = who(t, "Cultist")
    assert cult.has_condition("Disarmed")
    feed(t, F, F, F)            # Ann's Defense: Stamina 3 -> 0 -> 1
    feed(t, S, S, F, F)         # unarmed: Close Combat 2 + Might 2 (the knife would roll Dex)
    run(t, "act Cultist attack Ann")
    e = last(t, "attack")
    assert "unarmed" in e.text and "knife" not in e.text.split(":")[0]
    assert e.data["weapon"] == "unarmed"
    assert "Close Combat 2 + Might 2" in t.dice.asked[-1]
    ann = who(t, "Ann").data["injuries"]
    assert len(ann) == 1 and not ann[0].get("persistent")  # neither Lethal nor Aggravated
    # the lost knife cannot be used until it is picked up
    run(t, "next", "end", "next")
    assert "pickup" in fails(t, "act Cultist attack Ann weapon=knife")
    out = run(t, "act Cultist pickup")
    assert "picks up" in texts(out) and "knife" in texts(out)
    assert not who(t, "Cultist").has_condition("Disarmed")
    assert "already taken a simple action" in fails(t, "act Cultist attack Ann")
    assert "not Disarmed" in fails(t, "act Ann pickup")
    # next round the knife is back, with its tags
    run(t, "end", "next")
    feed(t, F, F, F, S, S, S, F)  # Ann's Defense 1; knife: Close Combat 2 + Dexterity 2
    run(t, "act Cultist attack Ann")
    e = last(t, "attack")
    assert e.data["weapon"] == "knife"
    assert who(t, "Ann").data["injuries"][-1].get("persistent")


def test_pickup_is_listed_and_switchable():
    t = _knife_fight({"disarm": {"pickup": "reflexive"}})
    run(t, "act Cultist pickup")
    assert not who(t, "Cultist").has_condition("Disarmed")
    assert who(t, "Cultist").data["turn"]["used"] is None  # reflexive: the action is left
    names = [a.name for a in t.ruleset.actions]
    assert "pickup" in names
    from combat_cli.engine.domain.errors import RuleError

    with pytest.raises(RuleError, match="disarm.pickup is one of"):
        t.ruleset.tables_for({"disarm": {"pickup": "never"}})


def test_a_blocked_pickup_must_be_rolled_and_bought_off():
    t = new_table([S, S, F, F, F, S, F, F])
    run(t, "add Ann side=pc might=3 stamina=3 cunning=2 close_combat=3 athletics=2 weapon=sword",
        "add Cultist cunning=1 close_combat=2 dexterity=2 defense=2 weapon=knife", "start")
    feed(t, S, S, S, S, S)  # 5 dice (the lower pool): 1 to the Blocked, 4: Defense 2, Disarm 2
    run(t, 'act Ann attack Cultist stunts=disarm block=Cultist task="pick up the knife" '
           "mixed=athletics+might", "next")
    assert who(t, "Cultist").has_condition("Blocked 1")
    assert "pool=" in fails(t, "act Cultist pickup")
    feed(t, S, F)           # 1 success: meets Difficulty 1, none left for the Blocked
    run(t, "act Cultist pickup pool=athletics+dexterity")
    e = last(t, "action")
    assert e.outcome == "failure" and "cannot buy off Blocked 1" in e.text
    assert who(t, "Cultist").has_condition("Disarmed")


def test_disarm_needs_a_weapon_to_take():
    t = new_table([S, S, F, F, F, S, F, F])
    run(t, "add Ann side=pc might=3 stamina=3 cunning=2 close_combat=3 weapon=sword",
        "add Orc cunning=1 close_combat=2 defense=2", "start")
    feed(t, S, S, S, S, S, F)
    out = run(t, "act Ann attack Orc stunts=disarm")
    assert not who(t, "Orc").has_condition("Disarmed")
    assert "no weapon to disarm" in texts(out)


# -- 10: Consolation Momentum for a failed first-aid roll -----------------------------------
def _momentum(t) -> dict[str, int]:  # noqa: ANN001
    return t.enc.data.get("momentum", {"players": 0, "storyguide": 0})


def test_failed_first_aid_gives_consolation():
    t = new_table([S, F, F, F, F])
    run(t, "add Ann side=pc stamina=3", "add Doc side=pc intellect=3 medicine=2",
        "damage Ann injured")
    out = run(t, "aid Doc Ann")
    e = last(t, "heal")
    assert e.outcome == "failure"
    assert "Consolation: +1 Momentum to the players" in e.text
    assert _momentum(t)["players"] == 1
    assert any("Momentum now" in n for n in out.notes)


def test_consolation_switch_and_success_gives_none():
    t = new_table([S, F, F, F, F], {"first_aid": {"consolation": False}})
    run(t, "add Ann side=pc stamina=3", "add Doc side=pc intellect=3 medicine=2",
        "damage Ann injured", "aid Doc Ann")
    assert _momentum(t)["players"] == 0
    t = new_table([S, S, S, F, F])
    run(t, "add Ann side=pc stamina=3", "add Doc side=pc intellect=3 medicine=2",
        "damage Ann injured", "aid Doc Ann")
    assert last(t, "heal").outcome == "success" and _momentum(t)["players"] == 0


# -- 11: a Blocked task applies to the matching automatic opposed roll ------------------------
def _grapple_blocked(hold: list[int], house=None):  # noqa: ANN001, ANN202
    """Chi grapples Ann; Ben complicates Chi's "hold the grapple" (Blocked 2); Ann escapes
    (Close Combat 1 + Dexterity 1 -> 1 success) against Chi's hold roll ``hold``."""
    t = new_table([S, S, S, F, F, S, F, S, S, F], house)
    run(t, "add Chi cunning=2 close_combat=3 might=3 defense=1",
        "add Ann side=pc stamina=1 cunning=1 close_combat=1",
        "add Ben side=pc cunning=1 close_combat=2 might=2", "start")
    feed(t, F, S, S, F, F, F, F)  # Ann's Defense 1; Chi's grapple 2: hit
    run(t, "act Chi grapple Ann", "next")
    feed(t, S, S, F, F)
    run(t, 'act Ben complicate Chi task="hold the grapple" pool=close_combat+might', "next")
    assert who(t, "Chi").has_condition("Blocked 2")
    feed(t, S, F, *hold)
    return t, run(t, "act Ann escape")


def test_blocked_task_applies_to_escape():
    # Chi rolls 3 to hold: 2 buy off the Blocked, 1 is left as Ann's Difficulty: she escapes
    t, out = _grapple_blocked([S, S, S, F, F, F])
    e = last(t, "action")
    assert e.outcome == "escaped" and e.difficulty == 1
    assert "Chi buys off Blocked 2" in e.text
    assert not who(t, "Chi").has_condition("Blocked 2")
    assert not who(t, "Ann").has_condition("Grappled")


def test_blocked_hold_not_bought_off_fails():
    # Chi rolls 1: it cannot buy off Blocked 2, so its hold fails (Ann needs only Difficulty 1)
    t, out = _grapple_blocked([S, F, F, F, F, F])
    e = last(t, "action")
    assert e.outcome == "escaped" and e.difficulty == 1
    assert "Chi cannot buy off Blocked 2: the hold fails" in e.text
    assert who(t, "Chi").has_condition("Blocked 2")


def test_switch_off_keeps_blocked_to_own_actions():
    t, out = _grapple_blocked([S, S, S, F, F, F], {"complicate": {"opposed_rolls": False}})
    e = last(t, "action")
    assert e.outcome == "held" and e.difficulty == 3


def test_blocked_escape_must_be_bought_off():
    t = new_table([S, S, S, F, F, S, F, F, S, S, F])
    run(t, "add Chi cunning=2 close_combat=3 might=3 defense=1",
        "add Ann side=pc stamina=1 cunning=1 close_combat=2 dexterity=2",
        "add Ben side=pc cunning=1 close_combat=2 might=2", "start")
    feed(t, F, S, S, F, F, F, F)
    run(t, "act Chi grapple Ann", "next", "end")
    feed(t, S, F, F, F, F, F)  # round 2, Chi first: it complicates Ann's escape: Blocked 1
    run(t, 'act Chi complicate Ann task="escape" pool=close_combat+might', "next", "slot Ann")
    assert who(t, "Ann").has_condition("Blocked 1")
    feed(t, S, F, F, F, S, F, F, F, F, F)  # Ann 1 vs Chi 1: meets it, nothing to buy Blocked
    run(t, "act Ann escape")
    e = last(t, "action")
    assert e.outcome == "held" and "cannot buy off Blocked 1" in e.text
    assert "Consolation: +1 Momentum to the players" in e.text  # a failed escape, too


# -- 12: wording and order ----------------------------------------------------------------------
@pytest.mark.parametrize("attackers,verb", [(["Ann"], "gets"), (["Ann", "Ben"], "get")])
def test_a_surprise_full_round_agrees_with_the_number_of_attackers(attackers, verb):
    t = new_table([S, S, S, F] * 2)
    run(t, "add Ann side=pc subterfuge=2 dexterity=2 cunning=1",
        "add Ben side=pc subterfuge=2 dexterity=2 cunning=1",
        "add Vic composure=2 cunning=1", f"surprise {' '.join(attackers)} vs Vic")
    assert f"{' and '.join(attackers)} {verb} a full round" in last(t, "surprise").text
    run(t, "start")
    acts = "acts" if len(attackers) == 1 else "act"
    assert f"Surprise round: {' and '.join(attackers)} {acts} before" in texts_of(t)


def texts_of(t) -> str:  # noqa: ANN001
    return "\n".join(e.text for e in t.log)


def test_momentum_now_once_per_command(duel):
    t = duel
    run(t, "damage Ann bruised")  # Complication 1 on her roll
    feed(t, S, F, F, F, F, F)     # 1 success vs Defense 2: a miss, Complication unbought
    out = run(t, "act Ann attack Orc")
    shown = [n for n in out.notes if n.startswith("Momentum now")]
    assert shown == ["Momentum now: players 1, Storyguide 1"]


def test_disarmed_after_the_attack_line():
    t = new_table([S, S, F, F, F, S, F, F])
    run(t, "add Ann side=pc might=3 stamina=3 cunning=2 close_combat=3 weapon=sword",
        "add Cultist cunning=1 close_combat=2 defense=2 weapon=knife", "start")
    feed(t, S, S, S, S, S, S)
    lines = texts(run(t, "act Ann attack Cultist stunts=disarm+blind")).splitlines()
    attack = next(i for i, x in enumerate(lines) if x.startswith("Ann attacks Cultist"))
    disarmed = next(i for i, x in enumerate(lines) if x.startswith("Cultist is Disarmed"))
    blinded = next(i for i, x in enumerate(lines) if x.startswith("Cultist is Blinded"))
    assert attack < disarmed and attack < blinded


def test_a_blocked_drag_fails_when_the_margin_cannot_buy_it_off():
    t = new_table([S, S, S, F, F, S, F, S, S, F])
    run(t, "add Chi cunning=2 close_combat=3 might=3 defense=1",
        "add Ann side=pc stamina=1 cunning=1 close_combat=1",
        "add Ben side=pc cunning=1 close_combat=2 might=2", "start")
    feed(t, F, S, S, F, F, F, F)
    run(t, "act Chi grapple Ann", "next")
    feed(t, S, S, F, F)
    run(t, 'act Ben complicate Chi task="drag" pool=close_combat+might', "next", "next", "end")
    feed(t, S, S, F, S)  # Chi 2 vs Ann 1: a margin of 1 cannot buy off Blocked 2
    run(t, "act Chi drag Ann")
    e = last(t, "action")
    assert e.outcome == "failure" and "cannot buy off Blocked 2" in e.text
