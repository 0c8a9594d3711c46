from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from combat_cli.dice import DiceError, FixedDice, parse, pool, sum_dice
from combat_cli.dice.sources import evaluate


@pytest.mark.parametrize("text,count,sides,const,at_least,shown", [
    ("3d6+1", 3, 6, 1, None, "3d6+1"),
    ("d20", 1, 20, 0, None, "1d20"),
    ("3D+2", 3, 6, 2, None, "3D+2"),
    ("4D", 4, 6, 0, None, "4D"),
    ("6d10>=8", 6, 10, 0, 8, "6d10>=8"),
    ("6d10>7", 6, 10, 0, 8, "6d10>=8"),
    ("1d12", 1, 12, 0, None, "1d12"),
    (" 2d6 - 1 ", 2, 6, -1, None, "2d6-1"),
])
def test_parse_notations(text, count, sides, const, at_least, shown):
    spec = parse(text)
    assert spec.dice_count == count
    assert spec.terms[0].sides == sides
    assert spec.constant == const
    assert spec.at_least == at_least
    assert spec.text() == shown


def test_parse_sums_of_terms():
    spec = parse("2d6+1d4-1")
    assert [(t.count, t.sides, t.sign) for t in spec.terms] == [(2, 6, 1), (1, 4, 1)]
    assert spec.bounds() == (2, 15)


@pytest.mark.parametrize("text,fragment", [
    ("", "empty"), ("1000d6", "at most 100"), ("3d1", "2..1000"), ("2d", "sides"),
    ("abc", "can't read"), ("5", "no dice"), ("3d6+1d4>=3", "one kind"), ("6d10>=11", "no die"),
    ("3d6 4", "join terms"), ("1d6+99999", "within"),
])
def test_bad_expressions_explain(text, fragment):
    with pytest.raises(DiceError, match=fragment):
        parse(text)


def test_pool_counts_successes_and_explodes():
    spec = pool(3, 10, 8, explode=True)
    assert evaluate(spec, [10, 9, 2, 8]) == 3  # the 10 adds a die, which shows 8
    roll = FixedDice([10, 9, 2, 8]).roll(spec)
    assert roll.faces == (10, 9, 2, 8) and roll.total == 3


def test_sum_dice_zero_dice_is_the_constant():
    spec = sum_dice(0, 6, 2, d6=True)
    assert spec.text() == "0D+2"
    assert FixedDice([]).roll(spec).total == 2


@given(st.text(max_size=30))
def test_parse_never_raises_anything_but_dice_error(text):
    try:
        spec = parse(text)
    except DiceError:
        return
    assert spec.dice_count <= 100


@given(st.integers(1, 20), st.sampled_from([4, 6, 8, 10, 12, 20]), st.integers(-50, 50),
       st.randoms(use_true_random=False))
def test_rolls_stay_within_bounds(n, sides, const, rnd):
    from combat_cli.dice import RandomDice

    spec = sum_dice(n, sides, const)
    src = RandomDice(rnd.randint(0, 10**6))
    lo, hi = spec.bounds()
    r = src.roll(spec)
    assert lo <= r.total <= hi
    assert len(r.faces) == n


@pytest.mark.parametrize("text", ["1d6 " + "x" * 5000, "1d6+" * 200])
def test_a_roll_longer_than_any_roll_is_refused_without_being_quoted_back(text: str) -> None:
    from combat_cli.dice.words import roll_expression
    for attempt in (lambda: parse(text), lambda: roll_expression(parse, text.split())):
        with pytest.raises(DiceError) as err:
            attempt()
        assert len(str(err.value)) < 120 and "characters" in str(err.value)
