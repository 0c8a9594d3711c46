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


def test_a_condition_the_ruleset_lacks_is_kept_as_custom_and_the_near_one_is_named():
    """Issue 22: +Poisoned was refused as a typo of Prone while +Blessed was kept: whether a
    line worked hung on a likeness cut-off the GM can't see. Every unknown name is kept as
    the GM's own and one note says so, naming the ruleset's near one and how to get it."""
    from combat_cli import plugins

    for ruleset in plugins.names():
        t = Table_new(ruleset)
        run(t, "add Ann side=pc")
        for name in ("Poisoned", "Prnoe", "Blessed"):
            out = run(t, f"condition Ann +{name}")
            kept = ("„{name}“ zůstává jako vlastní efekt" if ruleset == "czech_pool" else
                    "{name} kept as a custom condition").format(name=name)
            assert len(out.notes) == 1 and out.notes[0].startswith(kept), out.notes
        assert [c.name for c in t.enc.combatants[0].conditions] == [
            "Poisoned", "Prnoe", "Blessed"], ruleset
    t = Table_new("d6")
    run(t, "add Ann")
    assert run(t, "condition Ann +Poisoned").notes == [
        "Poisoned kept as a custom condition; for Prone type +Prone"]
    assert run(t, "condition Ann +Blessed").notes == [
        "Blessed kept as a custom condition (not a d6 one)"]
    assert run(t, "condition Ann +Cursed custom=yes").notes == []  # said on purpose: no note
    for typed in ("prone", "PRONE", "Pro", "unconsc"):  # the ruleset's own, as before
        out = run(t, f"condition Ann +{typed}")
        assert out.notes == [], (typed, out.notes)
    assert [c.name for c in t.enc.combatants[0].conditions][-2:] == ["Prone", "Unconscious"]


def test_a_czech_condition_matches_without_diacritics_and_a_custom_one_is_said_in_czech():
    t = Table_new("czech_pool")
    run(t, "add Vlčice")
    for typed in ("Ležíci", "lezici", "prone"):
        assert run(t, f"condition Vlčice +{typed}").notes == [], typed
    assert run(t, "condition Vlčice +Otrávená").notes == [
        "„Otrávená“ zůstává jako vlastní efekt (pravidla czech_pool ho nemají)"]
    assert run(t, "condition Vlčice +Tmá").notes == []          # Tma, diacritics aside
    assert run(t, "condition Vlčice +Stísněná").notes == [
        "„Stísněná“ zůstává jako vlastní efekt; pro Stísněný napiš +Stísněný"]
    assert [c.name for c in t.enc.combatants[0].conditions] == [
        "Ležící", "Otrávená", "Tma", "Stísněná"]


def Table_new(ruleset: str):  # noqa: ANN201, N802 - a fresh table of a built-in ruleset
    from combat_cli import plugins
    from combat_cli.dice import RandomDice
    from combat_cli.engine.table import Table

    return Table.new(plugins.load(ruleset), RandomDice(1))
