"""Contests, player vs player (D12-BID-1..2), damage by realm (D12-DMG-1..2), AMB-D12-5/6/11."""

from __future__ import annotations

import pytest

from .helpers import body, fails, hits, kinds, run, table, who


def _pair(faces, *, house=None, a="", b="", decl_a="attack B bid=5", decl_b="defend 3",
          realm=None):
    t = table(faces, house)
    run(t, _add("A", "Strength=5 Agility=5 Fighting=2", a), _add("B", "Agility=3 Dodge=1", b))
    if realm:
        run(t, f"realm {realm}")
    run(t, "start", f"declare A {decl_a}")
    if decl_b:
        run(t, f"declare B {decl_b}")
    return t


def _add(name: str, base: str, extra: str) -> str:
    stats = dict(w.split("=", 1) for w in base.split())
    stats.update(dict(w.split("=", 1) for w in extra.split()))
    return f"add {name} " + " ".join(f"{k}={v}" for k, v in stats.items())


def test_D12_BID_1_total_is_d12_plus_bid_plus_skill():
    t = _pair([7, 9])
    rolls = kinds(run(t, "resolve"), "roll")
    assert (rolls[0].actor, rolls[0].faces, rolls[0].total) == ("A", [7], 14)   # 7 + 5 + 2
    assert rolls[0].data["bid"] == 5 and rolls[0].data["skill"] == 2
    assert (rolls[1].actor, rolls[1].faces, rolls[1].total) == ("B", [9], 13)   # 9 + 3 + 1
    assert rolls[1].data["bid"] == 3 and rolls[1].data["skill"] == 1


def test_D12_BID_1_bid_is_at_most_the_relevant_stat():
    t = _pair([], decl_a="wait", decl_b="")
    err = fails(t, "declare A attack B bid=6")
    assert "at most Strength 5" in err
    run(t, "declare A attack B bid=full")
    assert t.enc.declarations[who(t, "A").id].actions[0].options["_bid"] == 5
    assert "at most Agility 3" in fails(t, "declare B defend 4")
    fails(t, "declare A attack B bid=-1")
    fails(t, "declare A attack B bid=lots")


def test_D12_BID_2_higher_total_wins():
    t = _pair([7, 9])
    o = run(t, "resolve")
    res = kinds(o, "attack")[0]
    assert (res.total, res.difficulty, res.outcome) == (14, 13, "hit")
    assert body(t, "B") == 7


def test_D12_BID_2_lower_total_loses():
    t = _pair([2, 9])           # 2+5+2 = 9 vs 13
    res = kinds(run(t, "resolve"), "attack")[0]
    assert (res.total, res.difficulty, res.outcome) == (9, 13, "miss")
    assert body(t, "B") == 8 and body(t, "A") == 10


def test_D12_DMG_1_corporeal_fixed_damage_by_weapon():
    t = _pair([12, 2], a="weapon=long-dagger")      # 19 vs 6: a big margin, still Power 2
    o = run(t, "resolve")
    wound = kinds(o, "wound")[0]
    assert wound.data["damage"] == 2 and wound.data["track"] == "body"
    assert body(t, "B") == 6


def test_D12_DMG_1_corporeal_strength_full_bid_punch():
    t = _pair([6, 2], a="Strength=7 physical=7", decl_a="attack B bid=full")
    run(t, "resolve")
    assert body(t, "B") == 6          # punch by Strength 7 with full bid: Power 2
    t = _pair([6, 2], a="Strength=7 physical=7", decl_a="attack B bid=6")
    run(t, "resolve")
    assert body(t, "B") == 7          # below full bid: Power 1


def test_D12_DMG_2_ethereal_difference():
    t = _pair([8, 8], a="Intelligence=6", b="Intelligence=4 Precision=4",
              decl_a="attack B bid=5 skill=2", decl_b="defend 3 skill=0", realm="ethereal")
    o = run(t, "resolve")
    res = kinds(o, "attack")[0]
    assert (res.total, res.difficulty) == (15, 11)
    wound = kinds(o, "wound")[0]
    assert wound.data["damage"] == 4 and wound.data["track"] == "mind"
    assert hits(t, "B", "mind") == 4 and body(t, "B") == 8


def test_D12_DMG_2_celestial_difference_plus_weapon_bonus():
    t = _pair([8, 8], a="Will=6", b="Will=4 Perception=4",
              decl_a="attack B bid=5 skill=2 with=thunder", decl_b="defend 3 skill=0",
              realm="celestial")
    o = run(t, "resolve")
    wound = kinds(o, "wound")[0]
    assert wound.data["damage"] == 6 and wound.data["track"] == "soul"   # 4 + Thunder 2
    assert hits(t, "B", "soul") == 2


def test_AMB_D12_11_no_weapon_bonus_switch():
    t = _pair([8, 8], a="Will=6", b="Will=4 Perception=4",
              decl_a="attack B bid=5 skill=2 with=thunder", decl_b="defend 3 skill=0",
              realm="celestial", house={"power": {"other_realm_bonus": "none"}})
    run(t, "resolve")
    assert hits(t, "B", "soul") == 4


def test_realm_per_attack_option():
    t = _pair([8, 8], a="Intelligence=6", b="Intelligence=4 Precision=4",
              decl_a="attack B bid=5 skill=2 realm=ethereal",
              decl_b="defend 3 skill=0 realm=ethereal")
    run(t, "resolve")
    assert hits(t, "B", "mind") == 4


def test_AMB_D12_5_pure_defender_who_wins_deals_no_damage():
    t = _pair([1, 12, 5])   # A natural 1 needs a check (after B's die): 5, none; 1+5+2 = 8 vs 12+3+1 = 16
    res = kinds(run(t, "resolve"), "attack")[0]
    assert res.outcome == "miss"
    assert body(t, "A") == 10 and body(t, "B") == 8


def test_AMB_D12_5_loser_always_takes_damage_switch():
    t = _pair([2, 12], house={"contest": {"loser_always_takes_damage": True}})
    res = kinds(run(t, "resolve"), "attack")[0]
    assert res.outcome == "countered"
    assert body(t, "A") == 9          # B's punch, Power 1


def test_AMB_D12_5_mutual_duel_loser_takes_winners_damage():
    t = _pair([3, 9], b="weapon=long-dagger Strength=4", decl_b="attack A bid=3")
    o = run(t, "resolve all")
    assert len(t.enc.queue) == 1                        # one duel, not two exchanges
    res = kinds(o, "attack")[0]
    # 3 + 5 + Fighting 2 = 10 vs 9 + 3 + 0 (B has no Fighting) = 12
    assert (res.total, res.difficulty, res.outcome) == (10, 12, "countered")
    assert body(t, "A") == 8                            # long dagger Power 2
    assert body(t, "B") == 8


@pytest.mark.parametrize(("mode", "faces", "a_body", "b_body", "outcome"), [
    ("standoff", [6, 9], 10, 8, "standoff"),       # 6+5+2 = 13 vs 9+3+1 = 13
    ("defender", [6, 9], 10, 8, "miss"),
    ("reroll", [6, 9, 9, 2], 10, 7, "hit"),        # then 16 vs 6
])
def test_AMB_D12_6_ties(mode, faces, a_body, b_body, outcome):
    t = _pair(faces, house={"contest": {"ties": mode}})
    o = run(t, "resolve")
    res = kinds(o, "attack")[-1]
    assert res.outcome == outcome
    assert body(t, "A") == a_body and body(t, "B") == b_body


def test_act_resolves_one_attack_now():
    t = _pair([9, 2], decl_a="wait", decl_b="defend 3")
    o = run(t, "act A attack B bid=2 with=large+edged")
    res = kinds(o, "attack")[0]
    assert (res.total, res.difficulty, res.outcome) == (13, 6, "hit")   # 9+2+2 vs 2+3+1
    assert body(t, "B") == 5                                           # Walton large+edged 3


def test_ethereal_duel_loser_takes_the_difference():
    t = _pair([4, 10], a="Intelligence=6", b="Intelligence=5 Precision=3",
              decl_a="attack B bid=4", decl_b="attack A bid=5", realm="ethereal")
    o = run(t, "resolve all")
    res = kinds(o, "attack")[0]
    assert (res.total, res.difficulty, res.outcome) == (8, 15, "countered")   # 4+4+0 vs 10+5+0
    assert hits(t, "A", "mind") == 12 - 7 and hits(t, "B", "mind") == 10


def test_default_skill_per_realm_house_rule():
    t = _pair([4, 10], a="Intelligence=6 Dreaming=3", b="Intelligence=5 Precision=3",
              decl_a="attack B bid=4", decl_b="attack A bid=5", realm="ethereal",
              house={"skills": {"ethereal": {"melee": "Dreaming"}}})
    res = kinds(run(t, "resolve all"), "attack")[0]
    assert res.total == 11                      # 4 + 4 + Dreaming 3


def test_AMB_D12_10_duel_full_bid_counts_the_offensive_bid_only():
    # A: Strength 7, bids 5 against B and defends 2 against B: 7 in the duel, not a full punch
    t = _pair([9, 2], a="Strength=7 physical=7", decl_a="attack B bid=5, defend 2 from=B",
              decl_b="attack A bid=1")
    o = run(t, "resolve all")
    res = kinds(o, "attack")[0]
    assert (res.total, res.difficulty, res.outcome) == (18, 3, "hit")   # 9+5+2+2 vs 2+1+0
    assert [e.text for e in kinds(o, "roll")] == [
        "A duels B: d12 9 + bid 7 (attack 5 + defend 2) + Fighting 2 = 18",
        "B duels A: d12 2 + bid 1 + no skill = 3"]
    assert kinds(o, "wound")[0].data["damage"] == 1 and body(t, "B") == 7
    t = _pair([9, 2], a="Strength=7 physical=7", decl_a="attack B bid=full",
              decl_b="attack A bid=1")
    run(t, "resolve all")
    assert body(t, "B") == 6                                           # full bid: Power 2
