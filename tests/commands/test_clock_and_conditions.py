from __future__ import annotations

from tests.conftest import fails, run


def test_conditions_with_round_and_time_durations(make_table):
    t = make_table()
    run(t, "add Ann", "start", "condition Ann +prone for=2r", "condition Ann +Blessed for=10m",
        "condition Ann +stun")
    ann = t.enc.combatants[0]
    assert [c.name for c in ann.conditions] == ["Prone", "Blessed", "Stunned"]
    assert ann.conditions[0].until == 12 and ann.conditions[2].until is None
    run(t, "end")
    assert t.enc.combatants[0].has_condition("Prone")
    run(t, "end")
    assert not t.enc.combatants[0].has_condition("Prone")
    run(t, "advance 10m")
    assert [c.name for c in t.enc.combatants[0].conditions] == ["Stunned"]
    run(t, "condition Ann -stu")
    assert t.enc.combatants[0].conditions == []


def test_condition_bad_input(make_table):
    t = make_table()
    run(t, "add Ann")
    assert "+Prone" in fails(t, "condition Ann Prone")
    assert "no conditions" in fails(t, "condition Ann -Prone")
    assert "duration" in fails(t, "condition Ann +Prone for=soon")
    assert "only for=" in fails(t, "condition Ann +Prone until=3")


def test_timers_fire_in_order_when_the_clock_passes_them(make_table):
    t = make_table()
    run(t, "add Ann hp=10", "damage Ann 5", "timer Reinforcements in=2r", "rest Ann 3d")
    texts = [e.text for e in t.log]
    assert "Due: Reinforcements" in texts
    assert texts.index("Due: Reinforcements") < texts.index("Ann heals 1 overnight: 6 hp")
    assert t.enc.combatants[0].stats["hp"] == 8
    assert t.enc.clock.seconds == 3 * 86400
    assert "no option" in fails(t, "rest Ann 1d carefully=yes")
    run(t, "rest Ann 1d care=doc")
    assert [tm.kind for tm in t.enc.timers] == []


def test_advance_errors(make_table):
    t = make_table()
    assert "duration" in fails(t, "advance")
    assert "unknown unit" in fails(t, "advance 3y")


def test_a_misspelt_ruleset_condition_is_caught_but_own_ones_are_allowed(make_table):
    t = make_table()
    run(t, "add Ann")
    err = fails(t, "condition Ann +Prnoe")
    assert "did you mean Prone?" in err and "custom=yes" in err
    run(t, "condition Ann +Prnoe custom=yes", "condition Ann +Blessed")
    assert [c.name for c in t.enc.combatants[0].conditions] == ["Prnoe", "Blessed"]
