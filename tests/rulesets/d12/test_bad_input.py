"""Bad input: one short error, and the state is left unchanged."""

from __future__ import annotations

from .helpers import fails, run, table


def _t():
    t = table()
    run(t, "add Cory physical=6 Strength=5 Agility=6 Dodge=1", "add Shooter weapon=.22",
        "add Puncher", "start")
    return t


def test_stats_bad_input():
    t = table()
    assert "did you mean Strength" in fails(t, "add Cory Strenght=5")
    fails(t, "add Cory Strength=strong")
    fails(t, "add Cory Strength=-1")
    assert "did you mean" in fails(t, "add Cory weapon=shotgn")
    fails(t, "add Cory Dodge=13")
    fails(t, "add Cory allegiance=purple")
    run(t, "add Cory weapon=medium+edged Fighting=2 allegiance=dem")
    c = t.enc.combatants[0]
    assert c.stats["weapon"] == "medium+edged" and c.stats["allegiance"] == "demonic"


def test_attack_bad_input():
    t = _t()
    fails(t, "declare Cory attack")                     # missing target
    fails(t, "declare Cory attack Nobody")
    fails(t, "declare Cory attack Cory")                # themself
    fails(t, "declare Cory attack Shooter colour=red")  # wrong option
    fails(t, "declare Cory attack Shooter bid=9")       # over Strength 5
    fails(t, "declare Cory attack Shooter with=bazooka")
    fails(t, "declare Cory attack Shooter realm=astral")
    fails(t, "declare Cory attack Shooter range=miles")
    fails(t, "declare Cory attack Shooter skill=Shooting")
    fails(t, "declare Cory fly")                        # impossible action


def test_defend_bad_input():
    t = _t()
    fails(t, "declare Cory defend 7")                   # over Agility 6
    fails(t, "declare Cory defend 1 from=Cory")
    fails(t, "declare Cory defend 1 from=Nobody")
    fails(t, "declare Cory defend 1 2")
    fails(t, "defend Cory")
    fails(t, "defend Nobody 2")
    fails(t, "defend Cory x")


def test_verbs_bad_input():
    t = _t()
    fails(t, "realm astral")
    fails(t, "realm")
    fails(t, "path Shooter Cory")                       # no pending attack
    run(t, "declare Puncher attack Cory", "declare Shooter attack Cory")
    fails(t, "path Puncher Shooter")                    # not ranged
    fails(t, "path Shooter Nobody")
    fails(t, "reach Puncher maybe")
    fails(t, "reach Puncher")
    fails(t, "declare Cory move, move")
    fails(t, "declare Cory task")


def test_defend_outside_a_round():
    t = table()
    run(t, "add Cory", "add X")
    fails(t, "defend Cory 1")


def test_more_bad_input_found_in_review():
    t = _t()
    assert fails(t, "task tn=7").startswith("usage: task NAME")
    assert "0 or more" in fails(t, "power punch bid=-3")
    assert "given twice" in fails(t, "declare Cory defend 2 bid=3")
    assert "names no attacker" in fails(t, 'declare Cory defend 1 from=","')
    assert "named twice" in fails(t, 'declare Shooter attack Cory path="Puncher,Puncher"')
    assert "reach= is for brawlers" in fails(t, "declare Shooter attack Cory reach=no")
    run(t, "declare Shooter attack Cory")
    assert "reach is for brawlers" in fails(t, "reach Shooter no")
