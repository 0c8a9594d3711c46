from __future__ import annotations

import pytest

from combat_cli.dice import (
    DiceError,
    DiceExhausted,
    FixedDice,
    FixedDiceError,
    ManualDice,
    RandomDice,
    parse,
    parse_answer,
)


def test_random_dice_are_reproducible_with_a_seed():
    spec = parse("10d6")
    assert RandomDice(5).roll(spec).faces == RandomDice(5).roll(spec).faces


def test_fixed_dice_give_faces_in_order_and_refuse_to_guess():
    d = FixedDice([3, 4, 6])
    r = d.roll(parse("2D+1"), "test")
    assert r.faces == (3, 4) and r.total == 8
    with pytest.raises(DiceExhausted, match="ran out of faces rolling 2D"):
        d.roll(parse("2D"))
    with pytest.raises(FixedDiceError, match="face 7 does not fit a d6"):
        FixedDice([7]).roll(parse("1D"), "test")


def test_fixed_dice_running_out_is_a_crash_for_the_helpers_not_a_refusal(make_table):
    """A test that queued too few faces fails loudly: fails() does not take the dispatcher's
    "internal error" for a refusal."""
    from tests.conftest import fails, run

    t = make_table([], ruleset="toy")
    run(t, "add Ann skill=2", "add Bob", "start")
    with pytest.raises(AssertionError, match="crashed: internal error .*DiceExhausted"):
        fails(t, "act Ann attack Bob")


def test_a_crash_in_czech_is_a_crash_for_the_helpers_too():
    """The internal-error line is translated; the helpers tell a crash by the Output's flag."""
    from combat_cli import plugins
    from combat_cli.dice import FixedDice
    from combat_cli.engine.table import Table
    from tests.conftest import fails, run

    t = Table.new(plugins.load("czech_pool"), FixedDice([]))
    run(t, "add Ann Obratnost=3 Boj=2", "add Bob Obratnost=2 Boj=1", "start",
        "declare Ann boj Bob")
    with pytest.raises(AssertionError, match="crashed: "):
        fails(t, "resolve")


def test_manual_answer_faces_and_totals():
    spec = parse("3D+2")
    r = parse_answer(spec, "3 4 6")
    assert r.faces == (3, 4, 6) and r.total == 15 and r.manual
    r = parse_answer(spec, "=17")
    assert r.faces is None and r.total == 17
    with pytest.raises(DiceError, match="needs 3 faces"):
        parse_answer(spec, "3 4")
    with pytest.raises(DiceError, match="1..6"):
        parse_answer(spec, "3 4 7")
    with pytest.raises(DiceError, match="5..20"):
        parse_answer(spec, "=21")
    with pytest.raises(DiceError, match="faces"):
        parse_answer(spec, "three")


def test_manual_pool_total_is_successes():
    spec = parse("5d10>=8")
    assert parse_answer(spec, "=2").total == 2
    assert parse_answer(spec, "8 9 1 2 3").total == 2
    with pytest.raises(DiceError):
        parse_answer(spec, "=6")


def test_manual_dice_ask_with_purpose_and_roll_on_empty():
    asked = []

    def ask(spec, purpose):
        asked.append(purpose)
        return "" if len(asked) > 1 else "2 2"

    d = ManualDice(ask, RandomDice(1))
    assert d.roll(parse("2d6"), "Mina: shoot 2D").total == 4
    assert asked == ["Mina: shoot 2D"]
    r = d.roll(parse("2d6"), "again")
    assert not r.manual and len(r.faces) == 2


def test_a_faces_only_pool_refuses_a_typed_total():
    from combat_cli.dice import pool

    spec = pool(4, 10, 6, faces_only=True)
    with pytest.raises(DiceError, match="type the faces of the 4 dice"):
        parse_answer(spec, "=2")
    assert parse_answer(spec, "7 3 9 1").total == 2
