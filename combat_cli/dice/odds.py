"""Exact odds from the same roll description the dice roll: ``chance(spec, at_least)``.

Sums are convolutions of each die's faces; pools count successes per die. Exploding dice have
no largest result, but the chance of reaching a target only depends on results below it, so
each die's distribution is kept exactly up to the target and the rest is lumped into one
"target or more" bucket. Weights are whole numbers over a common denominator (much faster
than fractions); the answer is an exact :class:`~fractions.Fraction`.

What cannot be worked out quickly is refused at once: :func:`steps` counts the work before
any is done, and more than :data:`LIMIT` steps raises :class:`OddsTooBig`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import lcm

from combat_cli.dice.expr import DiceError, DiceTerm, RollSpec

LIMIT = 500_000
"""The most convolution steps (face pairs) ``odds`` works through: well under a second."""

Dist = tuple[tuple[int, int], ...]
"""(value, weight) pairs; the weights share one denominator."""


class OddsTooBig(DiceError):
    """The exact odds would take too long to work out."""


def _convolve(a: dict[int, int], b: Dist, cap: int) -> dict[int, int]:
    out: dict[int, int] = {}
    for x, p in a.items():
        for y, q in b:
            v = min(x + y, cap)
            out[v] = out.get(v, 0) + p * q
    return out


@lru_cache(maxsize=256)
def _one_die(sides: int, explode: bool, at_least: int | None, cap: int) -> tuple[Dist, int]:
    """One die's result (its face, or 1/0 success), exact below ``cap``, lumped at ``cap``:
    the weights and their denominator."""
    face = Fraction(1, sides)
    out: dict[int, Fraction] = {}
    if not explode:
        for f in range(1, sides + 1):
            v = min((1 if f >= at_least else 0) if at_least is not None else f, cap)
            out[v] = out.get(v, Fraction(0)) + face
    else:  # each highest face adds its value (or one success) and rolls again
        top = 1 if at_least is not None else sides
        carried, weight = 0, Fraction(1)
        while weight and carried < cap:
            for f in range(1, sides):
                v = (1 if f >= at_least else 0) if at_least is not None else f
                v = min(carried + v, cap)
                out[v] = out.get(v, Fraction(0)) + weight * face
            carried += top
            weight *= face
        if weight:
            out[cap] = out.get(cap, Fraction(0)) + weight
    denom = lcm(*(p.denominator for p in out.values()))
    return tuple(sorted((v, int(p * denom)) for v, p in out.items())), denom


def steps(spec: RollSpec, at_least: int) -> int:
    """How many face pairs the convolutions would go through (counted, not done)."""
    signed = any(t.sign < 0 for t in spec.terms)
    cap = None if signed else at_least - spec.constant
    total, span = 0, 0
    for term in spec.terms:
        width = 2 if spec.at_least is not None and not term.explode else term.sides
        if term.explode:  # a target reached through explosions: one value per result
            width = max(term.sides, cap or term.sides)
        for _ in range(term.count):
            support = span + 1 if cap is None else min(span + 1, cap + 1)
            total += support * width
            span += width - 1
    return total


def chance(spec: RollSpec, at_least: int) -> Fraction:
    """The exact probability that rolling ``spec`` gives ``at_least`` or more; raises
    :class:`OddsTooBig` (before working) when that would take too long."""
    signed = any(t.sign < 0 for t in spec.terms)
    need = at_least - spec.constant
    if not signed and need <= 0:
        return Fraction(1)
    work = steps(spec, at_least)
    if work > LIMIT:
        raise OddsTooBig("odds {expr} {target} is too big to work out exactly (about {steps} steps; the limit is {most}): try fewer dice, fewer sides or a lower target", expr=spec.text(), target=at_least, steps=format(work, ','), most=format(LIMIT, ','))
    if signed:
        return _chance_signed(spec, at_least)
    total: dict[int, int] = {0: 1}
    denom = 1
    for term in spec.terms:
        die, d = _one_die(term.sides, term.explode, spec.at_least, need)
        for _ in range(term.count):
            total = _convolve(total, die, need)
            denom *= d
    return Fraction(total.get(need, 0), denom)


def _chance_signed(spec: RollSpec, at_least: int) -> Fraction:
    """Sums that subtract dice (``2d6-1d4``): full distributions (no exploding there)."""
    total: dict[int, int] = {spec.constant: 1}
    denom = 1
    big = 1 << 30
    for term in spec.terms:
        die, d = _one_die(term.sides, False, None, big)
        signed: Dist = tuple((term.sign * f, p) for f, p in die)
        for _ in range(term.count):
            total = _convolve(total, signed, big)
            denom *= d
    return Fraction(sum(p for v, p in total.items() if v >= at_least), denom)


__all__ = ["LIMIT", "DiceTerm", "OddsTooBig", "chance", "steps"]
