"""Tasks, player vs thing (D12-TASK-1..3, AMB-D12-1, AMB-D12-2)."""

from __future__ import annotations

import pytest

from .helpers import fails, kinds, run, table


def _task(face: int, line: str = "task Cory tn=7 skill=2", house=None):
    t = table([face], house)
    run(t, "add Cory")
    entries = run(t, line)
    return t, kinds(entries, "task")[0]


def test_D12_TASK_1_gm_sets_the_target_number():
    t, e = _task(8)
    assert e.difficulty == 7
    assert "TN 7" in e.text
    t = table([5])
    run(t, "add Cory")
    assert "Target Number" in fails(t, "task Cory skill=2")


def test_D12_TASK_2_d12_modified_by_skill_and_roleplay():
    t, e = _task(10, "task Cory tn=7 skill=2 rp=2")
    assert e.faces == [10]
    assert e.total == 6            # 10 - 2 skill - 2 rp
    assert e.data["effective"] == 6
    assert e.outcome == "success"
    t, e = _task(6, "task Cory tn=7 skill=1 mod=2")
    assert e.total == 7 and e.outcome == "failure"   # 6 - 1 + 2 penalty


@pytest.mark.parametrize(("face", "effective", "outcome"), [
    (8, 6, "success"),    # 8 - 2 = 6 < 7
    (10, 8, "failure"),   # 8 > 7
    (9, 7, "failure"),    # 7, not < 7 (strict)
])
def test_D12_TASK_3_success_under_the_tn(face, effective, outcome):
    t, e = _task(face)
    assert e.total == effective
    assert e.outcome == outcome


def test_D12_TASK_3_skill_by_name():
    t = table([9])
    run(t, "add Cory Dodge=2")
    e = kinds(run(t, "task Cory tn=8 skill=dodge"), "task")[0]
    assert e.total == 7 and e.outcome == "success"
    assert "Dodge 2" in e.text


def test_AMB_D12_2_under_or_equal_house_rule():
    t, e = _task(9, house={"task": {"success": "under_or_equal"}})
    assert e.total == 7 and e.outcome == "success"


def test_AMB_D12_1_target_display_same_outcome():
    t, e = _task(9, house={"task": {"display": "target"}})
    assert e.outcome == "failure"
    assert "TN 7 + skill 2 + rp 0 = 9" in e.text
    t, e = _task(8, house={"task": {"display": "target"}})
    assert e.outcome == "success"


def test_task_as_declared_action_in_a_round():
    t = table([8])
    run(t, "add Cory", "start", "declare Cory task tn=7 skill=2")
    e = kinds(run(t, "resolve"), "task")[0]
    assert e.total == 6 and e.outcome == "success"


def test_task_by_act():
    t = table([3])
    run(t, "add Cory", "start")
    e = kinds(run(t, "act Cory task tn=4 rp=1"), "task")[0]
    assert e.total == 2 and e.outcome == "success"


def test_task_bad_input():
    t = table([5])
    run(t, "add Cory Dodge=1")
    fails(t, "task Cory tn=x")
    fails(t, "task Cory tn=7 skill=Shooting")
    fails(t, "task Nobody tn=7")
    fails(t, "task Cory tn=7 rp=-1")
    fails(t, "task Cory tn=7 colour=3")
    fails(t, "task")
