"""Exact odds from the same roll description the dice roll: ``chance(spec, at_least)``.

Sums are convolutions of each die's faces; pools count successes per die. Exploding dice have
no largest result, but the chance of reaching a target only depends on results below it, so
each die's distribution is kept exactly up to the target and the rest is lumped into one
"target or more" bucket: the answer stays an exact :class:`~fractions.Fraction`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from combat_cli.dice.expr import DiceTerm, RollSpec

Dist = tuple[tuple[int, Fraction], ...]


def _convolve(a: dict[int, Fraction], b: dict[int, Fraction], cap: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            v = min(x + y, cap)
            out[v] = out.get(v, Fraction(0)) + p * q
    return out


@lru_cache(maxsize=256)
def _one_die(sides: int, explode: bool, at_least: int | None, cap: int) -> Dist:
    """One die's result (its face, or 1/0 success), exact below ``cap``, lumped at ``cap``."""
    face = Fraction(1, sides)
    out: dict[int, Fraction] = {}
    if not explode:
        for f in range(1, sides + 1):
            v = min((1 if f >= at_least else 0) if at_least is not None else f, cap)
            out[v] = out.get(v, Fraction(0)) + face
        return tuple(sorted(out.items()))
    # exploding: each highest face adds its value (or one success) and rolls again
    top = 1 if at_least is not None else sides
    carried, weight = 0, Fraction(1)
    while weight and carried < cap:
        for f in range(1, sides):
            v = (1 if at_least is not None and f >= at_least else 0) if at_least is not None else f
            v = min(carried + v, cap)
            out[v] = out.get(v, Fraction(0)) + weight * face
        carried += top
        weight *= face
    if weight:
        out[cap] = out.get(cap, Fraction(0)) + weight
    return tuple(sorted(out.items()))


def chance(spec: RollSpec, at_least: int) -> Fraction:
    """The exact probability that rolling ``spec`` gives ``at_least`` or more."""
    need = at_least - spec.constant
    if any(t.sign < 0 for t in spec.terms):
        return _chance_signed(spec, at_least)
    if need <= 0:
        return Fraction(1)
    total: dict[int, Fraction] = {0: Fraction(1)}
    for term in spec.terms:
        die = dict(_one_die(term.sides, term.explode, spec.at_least, need))
        for _ in range(term.count):
            total = _convolve(total, die, need)
    return total.get(need, Fraction(0))


def _chance_signed(spec: RollSpec, at_least: int) -> Fraction:
    """Sums that subtract dice (``2d6-1d4``): full distributions (no exploding there)."""
    total: dict[int, Fraction] = {spec.constant: Fraction(1)}
    big = 1 << 30
    for term in spec.terms:
        die = {term.sign * f: p for f, p in _one_die(term.sides, False, None, big)}
        for _ in range(term.count):
            total = _convolve(total, die, big)
    return sum((p for v, p in total.items() if v >= at_least), Fraction(0))


__all__ = ["DiceTerm", "chance"]
