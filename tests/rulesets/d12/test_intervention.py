"""Intervention (D12-INT-1, AMB-D12-3, AMB-D12-12)."""

from __future__ import annotations

import pytest

from .helpers import body, kinds, out, run, table, who


@pytest.mark.parametrize(("check", "kind"), [(1, "demonic"), (12, "angelic")])
def test_D12_INT_1_natural_one_check_gives_intervention(check, kind):
    t = table([1, check])
    run(t, "add Cory allegiance=angelic")
    o = run(t, "task Cory tn=7 skill=2")
    inter = kinds(o, "intervention")
    assert inter[0].outcome == kind and inter[0].faces == [check]
    assert any("halts" in e.text for e in inter)
    task = kinds(o, "task")[0]
    assert task.outcome == kind          # neither success nor failure
    assert t.enc.data["interventions"] == [
        {"round": 0, "who": "Cory", "kind": kind, "where": "Cory's task"}]


def test_D12_INT_1_check_2_to_11_proceeds_as_normal():
    t = table([1, 7])
    run(t, "add Cory")
    o = run(t, "task Cory tn=7 skill=2")
    assert not kinds(o, "intervention")
    task = kinds(o, "task")[0]
    assert task.total == -1 and task.outcome == "success"   # the 1 stands: 1 - 2
    assert "interventions" not in t.enc.data


def test_D12_INT_1_natural_12_is_not_an_intervention():
    t = table([12])
    run(t, "add Cory")
    o = run(t, "task Cory tn=7")
    assert kinds(o, "task")[0].outcome == "failure"
    assert len(t.dice.asked) == 1


def test_AMB_D12_3_reroll_replaces_switch():
    t = table([1, 7], house={"intervention": {"reroll_replaces": True}})
    run(t, "add Cory")
    task = kinds(run(t, "task Cory tn=7 skill=2"), "task")[0]
    assert task.total == 5     # the check 7 replaces the 1: 7 - 2


def _mob(faces, house=None):
    t = table(faces, house)
    run(t, "add Cory physical=6", "add Shooter weapon=.22", "start",
        "declare Shooter attack Cory bid=3")
    return t


def test_D12_INT_1_in_a_contest_halts_the_exchange():
    t = _mob([9, 1, 12])           # Shooter 9, Cory natural 1, check 12: angelic
    o = out(t, "resolve").entries
    assert any("ANGELIC INTERVENTION" in e.text and "halts" in e.text for e in o)
    assert kinds(o, "intervention")[-1].outcome == "angelic"
    assert not kinds(o, "wound")
    assert body(t, "Cory") == 8
    assert t.enc.data["interventions"][0]["kind"] == "angelic"
    assert t.enc.queue[0].data["result"] == "halted"


def test_D12_INT_1_attacker_intervention_stops_before_the_defender_rolls_AMB_D12_13_off():
    t = _mob([1, 1], house={"intervention": {"check_both": False}})   # Shooter 1, check 1
    o = run(t, "resolve")
    assert kinds(o, "intervention")[-1].outcome == "demonic"
    assert len(t.dice.asked) == 2
    assert body(t, "Cory") == 8


def test_AMB_D12_12_contests_without_intervention_switch():
    t = _mob([9, 1], house={"intervention": {"in_contests": False}})
    o = run(t, "resolve")            # Shooter 9+3 = 12 vs Cory 1 + 0 = 1: hit
    assert not kinds(o, "intervention")
    assert body(t, "Cory") == 7
    assert who(t, "Cory").status == "Hurt"


def _three(faces, house=None):
    t = table(faces, house)
    run(t, "add Cory physical=6", "add A Agility=3", "add B Agility=2", "add C Agility=1",
        "start", "declare A attack Cory bid=1", "declare B attack Cory bid=1",
        "declare C attack Cory bid=1")
    return t


def test_D12_INT_1_intervention_stops_resolve_all_after_that_exchange():
    # A 9 vs Cory 2: hit; B natural 1, check 1: demonic, Cory 5 -> resolve all stops; C
    # still pending
    t = _three([9, 2, 1, 5, 1, 9, 2])
    res = out(t, "resolve all")
    assert [e.outcome for e in kinds(res.entries, "attack")] == ["hit"]
    assert kinds(res.entries, "intervention")[-1].outcome == "demonic"
    assert any(n.startswith("Stopped: demonic intervention (B attacks Cory)") for n in res.notes)
    assert [i.state for i in t.enc.queue] == ["done", "done", "pending"]
    assert t.enc.queue[1].data["result"] == "halted"
    assert body(t, "Cory") == 7 and len(t.dice.asked) == 5       # C has not rolled
    res = out(t, "resolve all")                                   # the GM goes on
    assert [(e.actor, e.outcome) for e in kinds(res.entries, "attack")] == [("C", "hit")]
    assert body(t, "Cory") == 6 and not res.notes


def test_D12_INT_1_check_2_to_11_does_not_stop_resolve_all():
    t = _three([9, 2, 1, 9, 7, 9, 2])      # B natural 1, Cory 9, check 7: no intervention
    res = out(t, "resolve all")
    assert [e.outcome for e in kinds(res.entries, "attack")] == ["hit", "miss", "hit"]
    assert all(i.state == "done" for i in t.enc.queue) and not res.notes


def test_D12_INT_1_defender_intervention_halts_too():
    t = _three([9, 1, 12, 9, 2, 9, 2])         # Cory natural 1 against A, check 12: angelic
    res = out(t, "resolve all")
    assert kinds(res.entries, "intervention")[-1].actor == "Cory"
    assert [i.state for i in t.enc.queue] == ["done", "pending", "pending"]
    assert body(t, "Cory") == 8


def test_D12_INT_1_declared_task_intervention_stops_resolve_all():
    t = table([1, 12, 9, 2])
    run(t, "add Cory physical=6 Agility=6", "add A", "start", "declare Cory task tn=7",
        "declare A wait")
    res = out(t, "resolve all")
    assert kinds(res.entries, "task")[0].outcome == "angelic"
    assert [i.state for i in t.enc.queue] == ["done", "pending"]
    assert any(n.startswith("Stopped: angelic intervention") for n in res.notes)


def test_intervention_on_rolloffs_switch():
    t = table([1, 1, 5], house={"intervention": {"on_rolloffs": True}})
    run(t, "add Ann Agility=4", "add Bob Agility=4", "start", "declare Ann move to=door",
        "declare Bob move to=door")
    res = out(t, "resolve all")              # Ann natural 1, check 1: demonic; Bob 5
    inter = [e for e in kinds(res.entries, "intervention") if e.data.get("halted")]
    assert inter[0].outcome == "demonic" and "roll-off stands" in inter[0].text
    assert [i.state for i in t.enc.queue] == ["done", "pending"]     # Bob moved first
    assert kinds(res.entries, "move")[0].actor == "Bob"


def test_after_an_intervention_the_gm_can_play_the_exchange_with_act():
    t = _three([9, 2, 1, 4, 12, 9, 2])        # B natural 1, check 12: angelic; resolve all stops
    run(t, "resolve all")
    o = run(t, "act B attack Cory bid=1")     # the GM plays it after all: 9 + 1 vs 2 + 0
    assert [(e.actor, e.total, e.difficulty, e.outcome) for e in kinds(o, "attack")] == [
        ("B", 10, 2, "hit")]
    assert body(t, "Cory") == 6               # A's punch and B's
    assert [i.state for i in t.enc.queue] == ["done", "done", "pending"]


def test_intervention_enabled_switch_off():
    t = table([1], house={"intervention": {"enabled": False}})
    run(t, "add Cory")
    task = kinds(run(t, "task Cory tn=7 skill=2"), "task")[0]
    assert task.outcome == "success" and task.total == -1 and len(t.dice.asked) == 1


def test_intervention_exchange_proceed_switch_plays_it_out_and_still_stops():
    # B natural 1, check 1: demonic; with "proceed" Cory still rolls: 1 + 1 vs 2 + 0, a tie
    t = _three([9, 2, 1, 2, 1, 9, 2], house={"intervention": {"exchange": "proceed"}})
    res = out(t, "resolve all")
    assert [(e.actor, e.total, e.difficulty, e.outcome) for e in kinds(res.entries, "attack")] == [
        ("A", 10, 2, "hit"), ("B", 2, 2, "standoff")]
    assert "the exchange is played out" in kinds(res.entries, "intervention")[-1].text
    assert [i.state for i in t.enc.queue] == ["done", "done", "pending"]
    t = table([1, 12], house={"intervention": {"exchange": "proceed"}})
    run(t, "add Cory")
    o = run(t, "task Cory tn=7 skill=2")
    assert kinds(o, "task")[0].outcome == "success"
    assert kinds(o, "intervention")[-1].outcome == "angelic"
