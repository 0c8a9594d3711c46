"""Roll descriptions: what to roll, as data.

A :class:`RollSpec` is a sum of dice terms plus a constant, optionally read as a success pool
(count the dice showing at least a threshold). It is pure data, so the same description can be
rolled, shown to the GM, typed in by hand, or turned into exact odds (:mod:`combat_cli.dice.odds`).

Notation accepted by :func:`parse` (case-insensitive, spaces ignored):

- ``NdX``, ``dX``, ``NdX+M``, ``2d6+1d4-1`` — sums of dice (``k`` for ``d`` too, as Czech
  players write it: ``3k10``, ``2k6+1``);
- ``ND`` / ``ND+P`` — the D6 notation, N six-sided dice plus P pips (``3D+2``);
- ``Nd10>=8`` (or ``Nd10>7``) — a success pool: the result is the number of dice at or above 8;
- ``NdX!`` — exploding: a die showing its highest face is rolled again and added (or, in a pool,
  counts and adds a die).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from combat_cli.locale import MessageError
from combat_cli.textsafe import long_number

MAX_DICE = 100
MAX_SIDES = 1000
MAX_CONSTANT = 10_000


TOO_MANY = "=N: the successes, {lo}..{hi} for {n} dice (more, from {sides}s again: type the faces)"
"""A total typed for a pool with dice rolled again, above its dice (catalogue key)."""


class DiceError(MessageError, ValueError):
    """A roll expression or a typed answer that cannot be used; the message says why (a
    catalogue key and its values)."""


@dataclass(frozen=True)
class DiceTerm:
    count: int
    sides: int
    explode: bool = False
    sign: int = 1

    def text(self, d6: bool = False) -> str:
        if d6 and self.sides == 6 and not self.explode:
            return f"{self.count}D"
        return f"{self.count}d{self.sides}{'!' if self.explode else ''}"


@dataclass(frozen=True)
class RollSpec:
    """What is rolled: ``terms`` summed, plus ``constant``; or, with ``at_least``, a pool."""

    terms: tuple[DiceTerm, ...]
    constant: int = 0
    at_least: int | None = None
    d6_notation: bool = False
    label: str = field(default="", compare=False)
    faces_only: bool = field(default=False, compare=False)
    """The faces matter, not only the total (a pool counted at several difficulties): a GM
    typing the dice must give the faces."""

    @property
    def dice_count(self) -> int:
        return sum(t.count for t in self.terms)

    @property
    def is_pool(self) -> bool:
        return self.at_least is not None

    @property
    def explodes(self) -> bool:
        return any(t.explode for t in self.terms)

    def bounds(self) -> tuple[int, int | None]:
        """Lowest and highest possible result (None: unbounded, exploding dice)."""
        if self.is_pool:
            hi = None if self.explodes else self.dice_count + self.constant
            return (self.constant, hi)
        lo = sum(t.sign * (t.count if t.sign > 0 else t.count * t.sides) for t in self.terms)
        hi = sum(t.sign * (t.count * t.sides if t.sign > 0 else t.count) for t in self.terms)
        if self.explodes:
            return (lo + self.constant, None)
        return (lo + self.constant, hi + self.constant)

    def typed_total_error(self, total: int) -> str | None:
        """Why ``=total`` cannot be typed for this roll although :meth:`bounds` allows it: a
        pool whose dice are rolled again is typed as a total of at most one success a die (the
        successes of the dice rolled again are typed as faces)."""
        n = self.dice_count
        if not (self.is_pool and self.explodes) or total <= n + self.constant:
            return None
        sides = max(t.sides for t in self.terms)
        return TOO_MANY.format(lo=self.constant, hi=n + self.constant, n=n, sides=sides)

    def text(self) -> str:
        if self.label:
            return self.label
        parts: list[str] = []
        for t in self.terms:
            s = t.text(self.d6_notation)
            parts.append(s if not parts and t.sign > 0 else ("+" if t.sign > 0 else "-") + s)
        if not parts:
            parts.append("0D" if self.d6_notation else "0")
        if self.constant:
            parts.append(f"{self.constant:+d}")
        if self.is_pool:
            parts.append(f">={self.at_least}")
        return "".join(parts)

    def __str__(self) -> str:
        return self.text()


def sum_dice(count: int, sides: int, constant: int = 0, *, d6: bool = False) -> RollSpec:
    """``count`` dice of ``sides`` summed, plus ``constant`` (count may be 0)."""
    _check(count, sides, constant)
    terms = (DiceTerm(count, sides),) if count else ()
    return RollSpec(terms, constant, d6_notation=d6 or (sides == 6 and d6))


def pool(count: int, sides: int = 10, at_least: int = 8, *, explode: bool = False,
         bonus: int = 0, faces_only: bool = False) -> RollSpec:
    """A success pool: ``count`` dice, each at or above ``at_least`` is one success."""
    _check(count, sides, bonus)
    if not 1 <= at_least <= sides:
        raise DiceError("a success threshold must be 1..{sides}, not {at_least}", sides=sides, at_least=at_least)
    terms = (DiceTerm(count, sides, explode),) if count else ()
    return RollSpec(terms, bonus, at_least=at_least, faces_only=faces_only)


def _check(count: int, sides: int, constant: int) -> None:
    if not 0 <= count <= MAX_DICE:
        raise DiceError("at most {max} dice in one roll (asked for {n})", max=MAX_DICE, n=count)
    if not 2 <= sides <= MAX_SIDES:
        raise DiceError("a die needs 2..{MAX_SIDES} sides (asked for {sides})", MAX_SIDES=MAX_SIDES, sides=sides)
    if abs(constant) > MAX_CONSTANT:
        raise DiceError("a modifier must be within ±{n}", n=MAX_CONSTANT)


_TERM = re.compile(r"([+-]?)(\d*)([dDkK])(\d*)(!?)|([+-]?)(\d+)")
_POOL = re.compile(r"^(.*?)(>=|>)(\d+)$")
MAX_ROLL = 120
"""The longest roll expression read: a longer one is refused without being echoed."""


def too_long(text: str) -> str | None:
    """A one-line complaint if ``text`` is longer than any roll (it is not quoted back)."""
    if len(text) <= MAX_ROLL:
        return None
    return (f"a roll is at most {MAX_ROLL} characters (this one has {len(text):,}): "
            "try 3d6+1, 4D+2 or 6d10>=8")


def parse(text: str) -> RollSpec:
    """Parse a roll expression; raise :class:`DiceError` with a hint when it is not one."""
    problem = too_long(text)
    if problem:
        raise DiceError(problem)
    big = long_number(text)
    if big:
        raise DiceError(big[0], **big[1])
    src = re.sub(r"\s*(>=|>|[+-])\s*", r"\1", text.strip())
    if re.search(r"\s", src):
        raise DiceError("can't read {text}: join terms with + or -", text=repr(text))
    if not src:
        raise DiceError("empty roll: try 3d6+1, 4D+2 or 6d10>=8")
    at_least = None
    m = _POOL.match(src)
    if m:
        src, op, num = m.group(1), m.group(2), int(m.group(3))
        at_least = num + 1 if op == ">" else num
    pos = 0
    terms: list[DiceTerm] = []
    constant = 0
    d6 = False
    while pos < len(src):
        m = _TERM.match(src, pos)
        if not m or m.end() == pos:
            raise DiceError("can't read {text} at {where}: try 3d6+1, 4D+2 or 6d10>=8", text=repr(text), where=repr(src[pos:]))
        if pos and not (m.group(1) or m.group(6)):
            raise DiceError("can't read {text}: join terms with + or -", text=repr(text))
        if m.group(3):
            sign = -1 if m.group(1) == "-" else 1
            count = int(m.group(2)) if m.group(2) else 1
            if m.group(3) == "D" and not m.group(4):
                sides = 6
                d6 = True
            elif not m.group(4):
                raise DiceError("can't read {text}: say how many sides, e.g. 2d6", text=repr(text))
            else:
                sides = int(m.group(4))
            _check(count, sides, 0)
            if count:
                terms.append(DiceTerm(count, sides, bool(m.group(5)), sign))
        else:
            constant += int(m.group(6) + m.group(7))
        pos = m.end()
    if not terms and at_least is None:
        raise DiceError("{text} has no dice: try 3d6+1, 4D+2 or 6d10>=8", text=repr(text))
    total_dice = sum(t.count for t in terms)
    if total_dice > MAX_DICE:
        raise DiceError("at most {max} dice in one roll (asked for {n})", max=MAX_DICE, n=total_dice)
    if abs(constant) > MAX_CONSTANT:
        raise DiceError("a modifier must be within ±{n}", n=MAX_CONSTANT)
    if at_least is not None:
        if any(t.sign < 0 for t in terms):
            raise DiceError("a success pool can't subtract dice")
        kinds = {t.sides for t in terms}
        if len(kinds) > 1:
            raise DiceError("a success pool uses one kind of die, e.g. 6d10>=8")
        if kinds and not 1 <= at_least <= max(kinds):
            raise DiceError("no die can show {at_least} or more", at_least=at_least)
    return RollSpec(tuple(terms), constant, at_least, d6_notation=d6)
