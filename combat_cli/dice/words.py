"""The typed words of a roll (``roll``, ``odds``, ``combat roll``) read as ONE expression."""

from __future__ import annotations

from collections.abc import Callable

from combat_cli.dice.expr import DiceError, RollSpec, too_long


def roll_expression(parse: Callable[[str], RollSpec], words: list[str]) -> RollSpec:
    """Spaces around an operator are fine (``2d6 + 3``); words without one are never glued
    together (``2d6 3`` is refused, naming the reading that was probably meant)."""
    text = " ".join(words)
    problem = too_long(text)
    if problem:
        raise DiceError(problem)
    try:
        return parse(text)
    except DiceError:
        if len(words) < 2:
            raise
        guess = "+".join(words)
        try:
            parse(guess)
        except Exception:  # no better reading: say how to write one
            raise DiceError("can't read {text} as one roll: join terms with + or - (e.g. 2d6+3)", text=repr(text)) from None
        raise DiceError("{text} is {n} separate words, not one roll: did you mean {guess}?", text=repr(text), n=len(words), guess=guess) from None
