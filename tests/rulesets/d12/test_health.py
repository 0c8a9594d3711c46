"""The proposed health model (digest section 3): Body/Mind/Soul hits, damage and heal verbs."""

from __future__ import annotations

from .helpers import body, fails, hits, kinds, run, table, who


def test_hits_from_forces_constructed_check():
    t = table()
    run(t, "add Cory Strength=4 cf=3 Intelligence=5 ef=2 Will=3 celestial_forces=1")
    assert (hits(t, "Cory", "body"), hits(t, "Cory", "mind"), hits(t, "Cory", "soul")) == (12, 10, 3)
    for _ in range(4):                  # four Power-3 hits
        run(t, "damage Cory 3")
    assert body(t, "Cory") == 0 and who(t, "Cory").status == "Incapacitated"
    assert who(t, "Cory").out
    run(t, "damage Cory 4")
    assert body(t, "Cory") == -4 and who(t, "Cory").status == "Incapacitated"   # not below -4
    run(t, "damage Cory 1")
    assert who(t, "Cory").status == "Dead"


def test_hits_without_forces_and_defaults():
    t = table()
    run(t, "add A Strength=5 Intelligence=3", "add B", "add C body=20 mind=1")
    assert (hits(t, "A", "body"), hits(t, "A", "mind"), hits(t, "A", "soul")) == (10, 6, 8)
    assert (hits(t, "B", "body"), hits(t, "C", "body"), hits(t, "C", "mind")) == (8, 20, 1)


def test_damage_verb_tracks():
    t = table()
    run(t, "add Cory Strength=5")
    e = kinds(run(t, "damage Cory 3"), "wound")[0]
    assert e.data["track"] == "body" and e.data["hits"] == 7 and e.outcome == "Hurt"
    run(t, "damage Cory 2 mind", "damage Cory soul 1", "damage Cory 1 ethereal")
    assert (body(t, "Cory"), hits(t, "Cory", "mind"), hits(t, "Cory", "soul")) == (7, 5, 7)


def test_mind_and_soul_at_zero():
    t = table()
    run(t, "add A mind=2", "add B soul=2", "damage A 2 mind", "damage B 3 soul")
    assert who(t, "A").status == "Unconscious" and who(t, "A").out
    assert who(t, "B").status == "Soul destroyed" and who(t, "B").out


def test_heal_verb():
    t = table()
    run(t, "add Cory Strength=4", "damage Cory 6", "damage Cory 2 mind")
    e = kinds(run(t, "heal Cory 2"), "heal")[0]
    assert e.data["healed"] == 2 and body(t, "Cory") == 4
    run(t, "heal Cory 5")
    assert body(t, "Cory") == 8                      # no more than the damage taken
    run(t, "heal Cory")
    assert hits(t, "Cory", "mind") == 8 and who(t, "Cory").status == "OK"


def test_heal_brings_back_from_incapacitated():
    t = table()
    run(t, "add Cory body=2", "damage Cory 2")
    assert who(t, "Cory").out
    run(t, "heal Cory 1")
    assert not who(t, "Cory").out and who(t, "Cory").status == "Hurt"


def test_out_combatant_cannot_declare():
    t = table()
    run(t, "add Cory body=2", "add X", "damage Cory 2", "start")
    assert "Incapacitated" in fails(t, "declare Cory attack X")


def test_stats_edit_keeps_wounds():
    t = table()
    run(t, "add Cory Strength=4", "damage Cory 3", "set Cory Strength=6")
    assert body(t, "Cory") == 9


def test_damage_heal_bad_input():
    t = table()
    run(t, "add Cory")
    fails(t, "damage Cory")
    fails(t, "damage Cory lots")
    fails(t, "damage Cory 3 spleen")
    fails(t, "damage Cory 3 4")
    fails(t, "damage Nobody 3")
    fails(t, "heal Cory x")
    fails(t, "damage Cory 5000")
