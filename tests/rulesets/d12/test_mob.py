"""Mob rounds (D12-MOB-1..7, AMB-D12-4, AMB-D12-8, AMB-D12-9), with the seed's Cory example."""

from __future__ import annotations

from combat_cli.api import RulesView

from .helpers import body, fails, kinds, out, run, table, who

SHOOTERS = '"Shooter 1,Shooter 2,Shooter 3,Shooter 4"'


def _cory(faces=(), house=None):
    t = table(list(faces), house)
    run(t, "add Cory side=pc physical=6 Dodge=1", "add Puncher Agility=5 Fighting=1",
        "add Shooter x4 Agility=4 Guns=1 weapon=.22", "start",
        "declare Puncher attack Cory bid=3")
    for n in range(1, 5):
        run(t, f'declare "Shooter {n}" attack Cory bid=2')
    return t


# -- D12-MOB-6: the seed's example ----------------------------------------------------------------
def test_D12_MOB_6_cory_pools_five_against_the_table_and_one_against_the_punch():
    t = _cory([6, 6, 5, 4, 9, 2, 3, 3, 10, 5])
    run(t, f"declare Cory defend 1 from=Puncher, defend 5 from={SHOOTERS}")
    o = run(t, "resolve all")
    cory_rolls = [e for e in kinds(o, "roll") if e.actor == "Cory"]
    assert [e.data["bid"] for e in cory_rolls] == [1, 5, 5, 5, 5]
    assert [e.total for e in cory_rolls] == [8, 10, 8, 9, 11]       # d12 + bid + Dodge 1
    attacks = kinds(o, "attack")
    assert [(e.actor, e.total, e.difficulty, e.outcome) for e in attacks] == [
        ("Puncher", 10, 8, "hit"), ("Shooter 1", 8, 10, "miss"), ("Shooter 2", 12, 8, "hit"),
        ("Shooter 3", 6, 9, "miss"), ("Shooter 4", 13, 11, "hit")]
    # D12-MOB-7: the target takes damage from all who connect: punch 1 + .22 1 + .22 1.
    assert [e.data["damage"] for e in kinds(o, "wound")] == [1, 1, 1]
    assert body(t, "Cory") == 5


def test_D12_MOB_6_cory_budget_valid_and_invalid():
    t = _cory()
    run(t, f"declare Cory defend 1 from=Puncher, defend 5 from={SHOOTERS}")   # 1 + 5 = 6
    err = fails(t, f"declare Cory defend 2 from=Puncher, defend 5 from={SHOOTERS}")
    assert "bids 7" in err and "6 physical" in err


def test_D12_MOB_6_defend_verb_builds_the_allocation():
    t = _cory()
    run(t, "defend Cory 1 from=Puncher", f"defend Cory 5 from={SHOOTERS}")
    j = t.ruleset.json_extra(RulesView(t.enc, t.ruleset))["d12"]["bids"]["Cory"]
    assert j["defences"] == [
        {"from": ["Puncher"], "bid": 1, "realm": "corporeal"},
        {"from": ["Shooter 1", "Shooter 2", "Shooter 3", "Shooter 4"], "bid": 5,
         "realm": "corporeal"}]
    assert j["committed"] == {"corporeal": 6} and j["budget"] == {"corporeal": 6}
    assert "6 physical" in fails(t, "defend Cory 1")          # a 7th point
    assert "two of Cory's defence groups" in fails(t, 'defend Cory 0 from="Shooter 2"')


def test_D12_MOB_6_unquoted_comma_list_in_the_verb():
    t = table()
    run(t, "add Cory physical=6", "add S1", "add S2", "start", "defend Cory 5 from=S1, S2")
    d = t.enc.declarations[who(t, "Cory").id].actions[0]
    assert d.options["_from"] == [who(t, "S1").id, who(t, "S2").id]


def test_D12_MOB_6_general_defence_covers_attackers_outside_groups():
    t = table([7, 7, 7, 7])
    run(t, "add Cory physical=6", "add S1 weapon=.22", "add S2", "start",
        "declare Cory defend 4 from=S1, defend 2", "declare S1 attack Cory bid=1",
        "declare S2 attack Cory bid=1")
    o = run(t, "resolve all")
    assert [e.data["bid"] for e in kinds(o, "roll") if e.actor == "Cory"] == [4, 2]


def test_D12_MOB_6_two_general_defences_refused():
    t = table()
    run(t, "add Cory physical=6", "add S1", "start")
    assert "two general defences" in fails(t, "declare Cory defend 1, defend 2")


# -- D12-MOB-5: offensive bids divided ----------------------------------------------------------
def test_D12_MOB_5_offensive_bid_divided_among_targets():
    t = table([8, 2, 8, 2])
    run(t, "add Cory physical=6 Strength=6", "add X", "add Y", "start")
    err = fails(t, "declare Cory attack X bid=4, attack Y bid=3")
    assert "bids 7" in err and "attack X 4 + attack Y 3" in err
    run(t, "declare Cory attack X bid=4, attack Y bid=2")
    o = run(t, "resolve all")
    cory = [e for e in kinds(o, "roll") if e.actor == "Cory"]
    assert [(e.data["bid"], e.total) for e in cory] == [(4, 12), (2, 10)]


def test_AMB_D12_4_per_contest_budget_switch():
    t = table(house={"bid": {"budget": "per_contest"}})
    run(t, "add Cory physical=6 Strength=6", "add X", "add Y", "start",
        "declare Cory attack X bid=6, attack Y bid=6")
    assert "at most Strength 6" in fails(t, "declare Cory attack X bid=7")


def test_AMB_D12_4_per_fight_budget_switch():
    t = table([9, 2], house={"bid": {"budget": "per_fight"}})
    run(t, "add Cory physical=6", "add X", "start", "declare Cory attack X bid=4",
        "resolve all", "end")
    err = fails(t, "declare Cory attack X bid=3")
    assert "after 4 spent" in err
    run(t, "declare Cory attack X bid=2")


def test_AMB_D12_4_default_budget_is_the_realm_characteristic():
    t = table()
    run(t, "add Cory Agility=4", "add X", "start")
    assert "4 physical (= Agility)" in fails(t, "declare Cory attack X bid=5")
    run(t, "realm ethereal")
    run(t, "declare Cory attack X bid=5")          # no Intelligence: no ethereal limit known


# -- D12-MOB-1 / 2: declare, then movement first by Agility ---------------------------------------
def test_D12_MOB_1_everyone_declares_before_anything_resolves():
    t = table([9, 2])
    run(t, "add Cory physical=6", "add X Agility=3", "start")
    fails(t, "resolve")                               # nobody declared
    o = run(t, "declare X attack Cory bid=2", "declare Cory move to=door")
    assert not kinds(o, "roll") and not kinds(o, "attack")     # nothing rolled yet
    assert t.enc.phase == "declare"
    run(t, "resolve all")
    fails(t, "declare Cory move to=window")           # declarations are closed


def test_D12_MOB_2_movement_first_highest_agility_first():
    t = table([9, 2])
    run(t, "add Slow Agility=2", "add Fast Agility=6", "add Mid Agility=4", "start",
        "declare Slow attack Mid bid=1", "declare Mid move to=door",
        "declare Fast move to=bar")
    o = run(t, "resolve")
    moves = kinds(o, "move")
    assert moves[0].actor == "Fast"
    assert [(i.actor, i.action.name) for i in t.enc.queue] == [
        (who(t, "Fast").id, "move"), (who(t, "Mid").id, "move"), (who(t, "Slow").id, "attack")]
    o = run(t, "resolve")
    assert kinds(o, "move")[0].actor == "Mid"
    o = run(t, "resolve")
    assert kinds(o, "attack")[0].actor == "Slow"


def test_AMB_D12_9_equal_agility_roll_off():
    t = table([3, 9])
    run(t, "add Ann Agility=4", "add Bob Agility=4", "start", "declare Ann move to=door",
        "declare Bob move to=door")
    o = run(t, "resolve")
    assert "Movement order: Bob (Agility 4, roll-off 9), Ann (Agility 4, roll-off 3)" in [
        e.text for e in o]
    assert kinds(o, "move")[0].actor == "Bob"


def test_AMB_D12_9_declared_order_switch():
    t = table([], house={"movement": {"ties": "declared"}})
    run(t, "add Ann Agility=4", "add Bob Agility=4", "start", "declare Ann move to=door",
        "declare Bob move to=door")
    o = run(t, "resolve")
    assert kinds(o, "move")[0].actor == "Ann"


# -- D12-MOB-3: touch and clear path --------------------------------------------------------------
def test_D12_MOB_3_brawler_must_touch():
    t = table([])
    run(t, "add Puncher", "add Cory", "start", "declare Puncher attack Cory bid=0 reach=no")
    o = run(t, "resolve")
    assert kinds(o, "attack")[0].outcome == "out of reach"
    assert not t.dice.asked


def test_D12_MOB_3_reach_verb_after_movement():
    t = table([])
    run(t, "add Puncher", "add Cory Agility=5", "start", "declare Cory move to=door",
        "declare Puncher attack Cory", "resolve", "reach Puncher no")
    o = run(t, "resolve")
    assert kinds(o, "attack")[0].outcome == "out of reach"


def test_D12_MOB_3_clear_path_is_a_plain_contest():
    t = table([8, 3])
    run(t, "add Shooter weapon=shotgun", "add Cory", "start", "declare Shooter attack Cory bid=0")
    o = run(t, "resolve")
    assert kinds(o, "attack")[0].outcome == "hit"
    assert body(t, "Cory") == 5        # shotgun Power 3


# -- D12-MOB-4: blocked line of fire --------------------------------------------------------------
def _path(faces, house=None, path='"Table Guy,Bystander"'):
    t = table(faces, house)
    run(t, "add Shooter weapon=.22", "add Cory", 'add "Table Guy"',
        "add Bystander", "start", f"declare Shooter attack Cory bid=0 path={path}")
    return t


def test_D12_MOB_4_first_obstacle_that_loses_takes_the_hit():
    t = _path([9, 4])                  # Shooter 9 vs Table Guy 4: Table Guy is hit
    o = run(t, "resolve")
    a = kinds(o, "attack")
    assert [(e.target, e.outcome) for e in a] == [("Table Guy", "hit")]
    assert body(t, "Table Guy") == 7 and body(t, "Cory") == 8


def test_D12_MOB_4_obstacle_that_wins_avoids_and_the_shot_goes_on():
    t = _path([3, 9, 8, 2, 6, 5])      # Table Guy avoids; Bystander is hit
    o = run(t, "resolve")
    a = kinds(o, "attack")
    assert [(e.target, e.outcome) for e in a] == [("Table Guy", "avoided"),
                                                 ("Bystander", "hit")]
    assert body(t, "Bystander") == 7 and body(t, "Cory") == 8


def test_D12_MOB_4_all_obstacles_avoid_then_the_target():
    t = _path([3, 9, 2, 8, 7, 4])
    o = run(t, "resolve")
    a = kinds(o, "attack")
    assert [(e.target, e.outcome) for e in a] == [
        ("Table Guy", "avoided"), ("Bystander", "avoided"), ("Cory", "hit")]
    assert body(t, "Cory") == 7


def test_AMB_D12_8_must_beat_switch():
    t = _path([9, 4, 3, 8], house={"path": {"mode": "must_beat"}})
    o = run(t, "resolve")
    a = kinds(o, "attack")
    assert [(e.target, e.outcome) for e in a] == [("Table Guy", "past"),
                                                 ("Bystander", "stopped")]
    assert body(t, "Table Guy") == 8 and body(t, "Bystander") == 8 and body(t, "Cory") == 8


def test_D12_MOB_4_a_thing_in_the_path():
    t = _path([5, 6, 9, 2], path='"crate:2,Bystander"')   # 5 vs 6 + 2: the crate avoids it
    o = run(t, "resolve")
    assert [(e.target, e.outcome) for e in kinds(o, "attack")] == [
        (None, "avoided"), ("Bystander", "hit")]
    t = _path([9, 2], path="crate:2")
    o = run(t, "resolve")
    assert kinds(o, "attack")[0].outcome == "hit"
    assert any("hits crate" in e.text or "crate is hit" in e.text for e in o)


def test_D12_MOB_4_path_verb_after_movement():
    t = table([9, 4])
    run(t, "add Shooter weapon=.22", "add Cory", 'add "Table Guy" Agility=3', "start",
        'declare "Table Guy" move to="in the way"', "declare Shooter attack Cory",
        "resolve", 'path Shooter "Table Guy"')
    o = run(t, "resolve")
    assert kinds(o, "attack")[0].target == "Table Guy"


def test_D12_MOB_4_path_for_brawlers_refused():
    t = table()
    run(t, "add Puncher", "add Cory", "add X", "start")
    assert "ranged" in fails(t, "declare Puncher attack Cory path=X")
    assert "did you mean" in fails(t, "declare Puncher attack Cory with=.22 path=Coyr")


# -- D12-MOB-7 and simultaneity --------------------------------------------------------------------
def test_D12_MOB_7_damage_from_every_attacker_who_connects():
    t = table([9, 2, 9, 2, 2, 9])
    run(t, "add Cory", "add A Agility=3 weapon=shotgun", "add B Agility=2 weapon=long-dagger",
        "add C Agility=1", "start", "declare A attack Cory", "declare B attack Cory",
        "declare C attack Cory")
    o = run(t, "resolve all")
    assert [e.outcome for e in kinds(o, "attack")] == ["hit", "hit", "miss"]
    assert body(t, "Cory") == 3                       # 8 - 3 - 2
    assert who(t, "Cory").status == "Hurt"


def test_taken_out_this_round_still_finishes_its_exchange():
    t = table([9, 2, 9, 2])
    run(t, "add A Agility=6 weapon=shotgun", "add B Agility=5 body=2", "add C", "start",
        "declare A attack B", "declare B attack C")
    o = run(t, "resolve all")
    assert who(t, "B").status == "Incapacitated"
    assert [e.outcome for e in kinds(o, "attack")] == ["hit", "hit"]


def test_simultaneous_switch_off_lapses():
    t = table([9, 2], house={"mob": {"simultaneous": False}})
    run(t, "add A Agility=6 weapon=shotgun", "add B Agility=5 body=2", "add C", "start",
        "declare A attack B", "declare B attack C")
    o = run(t, "resolve all")
    assert kinds(o, "lapse")


def test_bids_verb_lists_budgets():
    t = _cory()
    run(t, f"declare Cory defend 1 from=Puncher, defend 5 from={SHOOTERS}")
    notes = out(t, "bids Cory").notes
    assert "corporeal 6/6 physical" in notes[0]


def test_react_defend_adds_a_defensive_bid_during_resolution():
    t = table([5, 5, 5, 5])
    run(t, "add Cory physical=6 Agility=6", "add A Agility=5", "add B Agility=4", "start",
        "declare A attack Cory bid=1", "declare B attack Cory bid=1", "resolve")
    run(t, "react Cory defend 3 from=B")
    o = run(t, "resolve")
    assert [e.data["bid"] for e in kinds(o, "roll") if e.actor == "Cory"] == [3]
    assert "6 physical" in fails(t, "react Cory defend 4")


def test_realm_is_fixed_at_declaration():
    t = table([8, 8])
    run(t, "add A Intelligence=6 physical=4", "add B Intelligence=4 Precision=4", "start",
        "declare A attack B bid=4", "realm ethereal")
    run(t, "resolve")
    assert body(t, "B") == 7 and t.enc.data["realm"] == "ethereal"   # declared corporeal


def test_shooter_not_in_own_path():
    t = table()
    run(t, "add S weapon=.22", "add X", "start")
    assert "own line of fire" in fails(t, "declare S attack X path=S")


# -- typing lists: quotes, the verb, and the errors for the unquoted form -------------------------
def test_D12_MOB_6_unquoted_spaced_names_in_declare_and_react_are_refused_clearly():
    t = _cory([6, 6])
    err = fails(t, "declare Cory defend 1 from=Puncher, defend 5 from=Shooter 1,Shooter 2")
    assert '"Shooter 2" after a comma is not an action' in err and "quote the list" in err
    err = fails(t, "declare Cory defend 5 from=Shooter 1")
    assert err == ('defend: unexpected "1" — a from= list with spaces or commas needs quotes: '
                   'from="Shooter 1"')
    run(t, "resolve")
    err = fails(t, "react Cory defend 5 from=Shooter 1, Shooter 2")
    assert 'from="Shooter 1,Shooter 2"' in err


def test_D12_MOB_6_defend_verb_takes_spaced_names_without_quotes():
    t = _cory()
    run(t, "defend Cory 5 from=Shooter 1, Shooter 2, Shooter 3, Shooter 4 realm=corporeal",
        "defend Cory 1 from=Puncher")
    j = t.ruleset.json_extra(RulesView(t.enc, t.ruleset))["d12"]["bids"]["Cory"]
    assert [(d["from"], d["bid"]) for d in j["defences"]] == [
        (["Shooter 1", "Shooter 2", "Shooter 3", "Shooter 4"], 5), (["Puncher"], 1)]
    assert "Cory: defend 5 vs Shooter 1, Shooter 2, Shooter 3, Shooter 4; defend 1 vs " \
        "Puncher [corporeal 6/6 physical]" == out(t, "bids Cory").notes[0]


def test_path_verb_takes_spaced_names_without_quotes():
    t = _path([3, 9, 9, 2], path="Bystander")
    run(t, "path Shooter Table Guy, Bystander")
    o = run(t, "resolve")                       # Table Guy avoids (3 vs 9); Bystander is hit
    assert [(e.target, e.outcome) for e in kinds(o, "attack")] == [
        ("Table Guy", "avoided"), ("Bystander", "hit")]


def test_AMB_D12_4_bids_verb_shows_what_per_fight_has_spent():
    t = table([9, 2], house={"bid": {"budget": "per_fight"}})
    run(t, "add Cory physical=6", "add X", "start", "declare Cory attack X bid=4",
        "resolve all", "end")
    assert out(t, "bids").notes == [
        "Cory: no bids [corporeal 0 bid + 4 spent earlier of 6 physical: 2 left]"]
    run(t, "declare Cory attack X bid=1, defend 1")
    assert out(t, "bids Cory").notes == [
        "Cory: attack X 1; defend 1 vs any other attacker [corporeal 2 bid + 4 spent earlier of "
        "6 physical: 0 left]"]
    j = t.ruleset.json_extra(RulesView(t.enc, t.ruleset))["d12"]["bids"]["Cory"]
    assert (j["committed"], j["budget"], j["spent"], j["left"]) == (
        {"corporeal": 2}, {"corporeal": 6}, {"corporeal": 4}, {"corporeal": 0})
    assert t.ruleset.status_columns(RulesView(t.enc, t.ruleset), who(t, "Cory"))["Bids"] == "X 1; def 1 (2/2)"


def test_AMB_D12_4_derived_budget_error_says_how_to_raise_it():
    t = table()
    run(t, "add Puncher Strength=7 Agility=5", "add Cory", "start")
    assert fails(t, "declare Puncher attack Cory bid=full") == (
        "Puncher bids 7 (attack Cory 7) but has 5 physical (= Agility): lower a bid, or set "
        "Puncher physical=7")


def test_D12_MOB_6_general_defence_met_by_several_attackers_is_pointed_out():
    t = table([5, 5, 5, 5, 5, 5])
    run(t, "add Cory physical=6", "add S1 weapon=.22", "add S2 weapon=.22", "add P", "start",
        "declare Cory defend 4, defend 2 from=P", "declare S1 attack Cory",
        "declare S2 attack Cory", "declare P attack Cory")
    notes = [e.text for e in kinds(run(t, "resolve"), "note")]
    assert notes == ["Cory's defence 4 (no from=) counts in full against each of S1, S2, as one "
                     "direction; if they come from different directions, undo and declare Cory "
                     "with from= groups"]
    t = _cory([5] * 10)
    run(t, f"declare Cory defend 1 from=Puncher, defend 5 from={SHOOTERS}")
    assert not kinds(run(t, "resolve"), "note")


def test_removed_combatant_leaves_paths_and_groups():
    t = table([5, 5])
    run(t, "add Cory physical=6 Dodge=1", "add Shooter weapon=.22 Guns=1", 'add "Table Guy"',
        "start", 'declare Shooter attack Cory bid=2 path="Table Guy"',
        'declare Cory defend 5 from="Table Guy,Shooter"', 'remove "Table Guy"')
    res = out(t, "resolve")                    # 5 + 2 + 1 vs 5 + 5 + 1: straight at Cory
    assert [(e.target, e.total, e.difficulty) for e in kinds(res.entries, "attack")] == [
        ("Cory", 8, 11)]
    assert res.notes == ["Table Guy is no longer in the encounter: left out of the line of fire"]
    assert out(t, "bids Cory").notes == ["Cory: defend 5 vs Shooter [corporeal 5/6 physical]"]


def test_react_defend_before_the_first_resolve_joins_the_declaration():
    t = table([5, 5])
    run(t, "add Cory physical=6 Agility=6 Dodge=1", "add Shooter weapon=.22 Guns=1", "start",
        "declare Shooter attack Cory bid=2", "react Cory dodge 4 from=Shooter")
    assert t.enc.phase == "declare"             # issue 13 item 15: others may still declare
    o = run(t, "resolve")                      # 5 + 2 + 1 vs 5 + 4 + 1
    assert [(e.total, e.difficulty, e.outcome) for e in kinds(o, "attack")] == [(8, 10, "miss")]
