"""Exact odds against brute force over every face."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from combat_cli.dice import parse, pool
from combat_cli.dice.odds import chance
from combat_cli.dice.sources import evaluate


def brute(text: str, at_least: int) -> Fraction:
    spec = parse(text)
    dice = [t.sides for t in spec.terms for _ in range(t.count)]
    hits = total = 0
    for faces in itertools.product(*(range(1, s + 1) for s in dice)):
        signed = []
        i = 0
        for t in spec.terms:
            for _ in range(t.count):
                signed.append(faces[i])
                i += 1
        total += 1
        hits += evaluate(spec, signed) >= at_least
    return Fraction(hits, total)


@pytest.mark.parametrize("text,target", [
    ("3d6", 10), ("3D+2", 15), ("2d6+1d4-1", 8), ("1d12", 9), ("4d10>=8", 2), ("5d10>=6", 3),
    ("2d6-1d4", 4), ("2D", 13), ("2D", 2), ("3d6", 0),
])
def test_exact_odds_match_brute_force(text, target):
    assert chance(parse(text), target) == brute(text, target)


def test_exploding_pool_is_exact():
    # one d10 exploding on 10, success on 8+: P(>=2 successes) = P(10 then 8+) = 1/10 * 3/10
    assert chance(pool(1, 10, 8, explode=True), 2) == Fraction(3, 100)
    assert chance(pool(1, 10, 8, explode=True), 1) == Fraction(3, 10)


def test_exploding_sum_is_exact():
    # 1d6!: P(>=8) = P(6, then 2..6) + P(6, 6, ...) = 1/6 * 5/6
    assert chance(parse("1d6!"), 8) == Fraction(5, 36)


def test_large_pools_are_fast():
    import time

    start = time.perf_counter()
    chance(parse("40d6"), 140)
    chance(pool(30, 10, 8), 9)
    assert time.perf_counter() - start < 2


def test_odds_verb(make_table):
    from tests.conftest import fails, run

    t = make_table()
    out = run(t, "odds 3D+2 15")
    assert out.notes == ["3D+2: 15 or more: 25.9% (7/27)"]  # 3d6 >= 13: 56/216
    assert "number" in fails(t, "odds 3D+2 lots")
    assert "at most 100 dice" in fails(t, "odds 500d6 3")
