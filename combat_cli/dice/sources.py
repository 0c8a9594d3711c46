"""Dice sources and rolls.

Every roll the rules make goes through :meth:`DiceSource.roll` with a spec and a purpose (the
text the GM sees: ``Lector: Dodge 2D (4D -1D acted -1D reaction)``). The returned :class:`Roll`
keeps every face so it can be shown, logged and explained.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from combat_cli.dice.expr import DiceError, RollSpec


@dataclass(frozen=True)
class Roll:
    """A finished roll: the spec, every face (None when the GM typed only a total), the result."""

    spec: RollSpec
    faces: tuple[int, ...] | None
    total: int
    purpose: str = ""
    manual: bool = False
    kept: tuple[int, ...] = field(default=(), compare=False)
    entered: str = ""
    """Where typed faces came from: "phone" for a player's phone, "" otherwise."""

    @property
    def dice(self) -> str:
        return self.spec.text()

    @property
    def successes(self) -> int:
        """For a pool, the number of successes (same as ``total``)."""
        return self.total

    def describe(self) -> str:
        faces = "" if self.faces is None else f" [{' '.join(map(str, self.faces))}]"
        return f"{self.dice}{faces} = {self.total}"


def evaluate(spec: RollSpec, faces: Iterable[int]) -> int:
    """The result of ``spec`` given all faces in order (exploded dice follow their die's term)."""
    faces = list(faces)
    if spec.is_pool:
        assert spec.at_least is not None
        return sum(1 for f in faces if f >= spec.at_least) + spec.constant
    total = spec.constant
    i = 0
    for term in spec.terms:
        n = term.count
        taken = 0
        while taken < n:
            f = faces[i]
            i += 1
            total += term.sign * f
            taken += 1
            if term.explode and f == term.sides:
                n += 1
    return total


@dataclass(frozen=True)
class Roller:
    """Who a roll belongs to: a player's character (``pc``), or the GM's."""

    name: str
    pc: bool
    dice: str | None = None
    """The combatant's own ``dice=manual|auto``, if set."""


def _expected_faces(spec: RollSpec, faces: list[int]) -> list[int]:
    """Check typed faces against the spec; raise DiceError naming the problem. A physical
    d10 shows 0 for 10: a typed 0 on a d10 is read as 10. Returns the faces as read."""
    faces = list(faces)
    base = spec.dice_count
    if spec.explodes:
        if len(faces) < base:
            raise DiceError("{spec} needs {n} faces (plus one per exploding die), got {k}", spec=spec.text(), n=base, k=len(faces))
    elif len(faces) != base:
        raise DiceError("{spec} needs {n} face, got {k}" if base == 1 else
                        "{spec} needs {n} faces, got {k}", spec=spec.text(), n=base, k=len(faces))
    i = 0
    for term in spec.terms:
        n = term.count
        taken = 0
        while taken < n:
            if i >= len(faces):
                raise DiceError("{spec}: an exploded die needs its extra face", spec=spec.text())
            f = faces[i]
            if f == 0 and term.sides == 10:
                f = faces[i] = 10
            if not 1 <= f <= term.sides:
                zero = " (0 counts as 10 on a d10)" if term.sides == 10 else ""
                raise DiceError("a d{sides} shows 1..{max}{zero}, not {face}", sides=term.sides, max=term.sides, zero=zero, face=f)
            i += 1
            taken += 1
            if term.explode and f == term.sides:
                n += 1
    if i != len(faces):
        raise DiceError("{spec}: {n} face too many", spec=spec.text(), n=len(faces) - i)
    return faces


@dataclass(frozen=True)
class DiceQuestion:
    """A roll a person is asked for: what it rolls, what for, and whose roll it is."""

    spec: RollSpec
    purpose: str
    by: Roller | None = None


@dataclass(frozen=True)
class Answer:
    """A typed answer to a :class:`DiceQuestion`: faces (``3 4 6``) or a total (``=17``);
    ``-`` or nothing lets the tracker roll. ``entered`` says where it came from (``phone``)."""

    text: str
    entered: str = ""

    @property
    def rolls_it(self) -> bool:
        return self.text.strip() in ("", "-")


class DiceAsker(Protocol):
    """Who answers the rolls that are typed (a front end: the keyboard, a script, a phone)."""

    def ask_dice(self, question: DiceQuestion) -> Answer | None:
        """The answer, or None to let the tracker roll; raise DiceError to cancel."""


def parse_answer(spec: RollSpec, text: str, purpose: str = "") -> Roll:
    """Read the GM's answer for a manual roll: faces (``3 4 6``) or a total (``=17``)."""
    text = text.strip()
    if text.startswith("=") and spec.faces_only:
        raise DiceError("type the faces of the {n} dice (7 3 9 ...), not a total: this roll is counted at several difficulties", n=spec.dice_count)
    if text.startswith("="):
        try:
            total = int(text[1:].strip())
        except ValueError:
            raise DiceError("after = give a number, e.g. ={n}", n=spec.bounds()[0]) from None
        if (why := spec.typed_total_error(total)) is not None:
            raise DiceError(why)
        lo, hi = spec.bounds()
        if total < lo or (hi is not None and total > hi):
            what = f"{lo}..{hi}" if hi is not None else f"{lo} or more"
            raise DiceError("{spec} can total {what}, not {total}", spec=spec.text(), what=what, total=total)
        return Roll(spec, None, total, purpose, manual=True)
    try:
        faces = [int(w) for w in text.replace(",", " ").split()]
    except ValueError:
        raise DiceError("type the faces (3 4 6) or a total (=13)") from None
    faces = _expected_faces(spec, faces)
    return Roll(spec, tuple(faces), evaluate(spec, faces), purpose, manual=True)


class DiceSource:
    """Where faces come from. Subclasses implement :meth:`faces_for`."""

    def roll(self, spec: RollSpec, purpose: str = "", *, by: Roller | None = None) -> Roll:
        """Roll ``spec`` for ``purpose``; ``by`` says whose roll it is (None: the GM's)."""
        faces = self.faces_for(spec, purpose)
        return Roll(spec, tuple(faces), evaluate(spec, faces), purpose)

    def will_ask(self, by: Roller | None) -> bool:
        """True when this roll will be typed by someone (show what is known first)."""
        return False

    def faces_for(self, spec: RollSpec, purpose: str) -> list[int]:
        raise NotImplementedError


class RandomDice(DiceSource):
    """Auto mode: a seeded RNG (``--seed N``), never the global ``random``."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def faces_for(self, spec: RollSpec, purpose: str) -> list[int]:
        out: list[int] = []
        for term in spec.terms:
            n = term.count
            taken = 0
            while taken < n:
                f = self.rng.randint(1, term.sides)
                out.append(f)
                taken += 1
                if term.explode and f == term.sides and n < 10 * term.count + 10:
                    n += 1
        return out


class FixedDiceError(Exception):
    """Tests only: :class:`FixedDice` was given a face that does not fit the die it rolls."""


class DiceExhausted(FixedDiceError):
    """Tests only: :class:`FixedDice` ran out of faces (the test queued too few)."""


class FixedDice(DiceSource):
    """Tests: faces come from a given list, in order; running out is an error, not luck."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.queue = list(faces)
        self.asked: list[str] = []

    def faces_for(self, spec: RollSpec, purpose: str) -> list[int]:
        self.asked.append(purpose or spec.text())
        out: list[int] = []
        for term in spec.terms:
            n = term.count
            taken = 0
            while taken < n:
                if not self.queue:
                    raise DiceExhausted(f"FixedDice ran out of faces rolling {spec.text()} "
                                        f"for {purpose or 'a roll'!r}: queue more faces")
                f = self.queue.pop(0)
                if not 1 <= f <= term.sides:
                    raise FixedDiceError(f"FixedDice face {f} does not fit a d{term.sides} "
                                         f"rolling {spec.text()} for {purpose or 'a roll'!r}")
                out.append(f)
                taken += 1
                if term.explode and f == term.sides:
                    n += 1
        return out


Asker = Callable[[RollSpec, str], "str | None"]


class ManualDice(DiceSource):
    """Manual mode: ask the GM for each roll. ``ask(spec, purpose)`` returns the typed answer,
    or None (an empty line or ``-``) to let the tracker roll it."""

    def __init__(self, ask: Asker, fallback: DiceSource | None = None) -> None:
        self.ask = ask
        self.fallback = fallback or RandomDice()

    def will_ask(self, by: Roller | None) -> bool:
        return True

    def roll(self, spec: RollSpec, purpose: str = "", *, by: Roller | None = None) -> Roll:
        if not spec.terms:
            return self.fallback.roll(spec, purpose)
        answer = self.ask(spec, purpose)
        if answer is None or Answer(answer).rolls_it:
            return self.fallback.roll(spec, purpose)
        return parse_answer(spec, answer, purpose)
