"""Who rolls: the table's dice mode (auto, manual, players) and each combatant's override.

:class:`TableDice` is the source a table at play uses. For every roll it is told who rolls (a
:class:`Roller`, or None for the GM's own rolls: difficulty dice, a trap, a free roll) and
decides whether to ask for the physical dice or roll them itself:

- ``auto``: the tracker rolls everything; ``manual``: every roll is asked;
- ``players``: the PCs' rolls are asked, everything else is rolled;
- a combatant's own ``dice=manual|auto`` (``set NAME dice=...``) wins over the mode.
"""

from __future__ import annotations

from dataclasses import replace

from combat_cli.dice.expr import RollSpec
from combat_cli.dice.sources import (
    Answer,
    Asker,
    DiceAsker,
    DiceQuestion,
    DiceSource,
    Roll,
    Roller,
    parse_answer,
)

MODES = ("auto", "manual", "players")
"""The table's dice modes."""
OWN_MODES = ("auto", "manual")
"""What a combatant's ``dice=`` may say."""


def asks(mode: str, by: Roller | None) -> bool:
    """True when a roll by ``by`` under ``mode`` is typed from physical dice."""
    if by is not None and by.dice in OWN_MODES:
        return by.dice == "manual"
    if mode == "manual":
        return True
    return mode == "players" and by is not None and by.pc


class _Typed:
    """A plain ``ask(spec, purpose)`` function as a :class:`DiceAsker` (tests, old callers)."""

    def __init__(self, ask: Asker) -> None:
        self.ask = ask

    def ask_dice(self, question: DiceQuestion) -> Answer | None:
        text = self.ask(question.spec, question.purpose)
        return None if text is None else Answer(text)


class TableDice(DiceSource):
    """The table's source: rolls or asks per roll, by mode and roller. The asking goes
    through the front end's :class:`DiceAsker` (None: nobody to ask, everything rolled)."""

    def __init__(self, mode: str, rolled: DiceSource, ask: DiceAsker | Asker | None) -> None:
        self.mode = mode
        """The mode in force (switched by the ``dice`` verb)."""
        self.start_mode = mode
        """The mode the session started with (``--dice``, or the one saved)."""
        self.start_saved: object = None
        """The mode the file was saved with when the session started."""
        self.rolled = rolled
        self.asker: DiceAsker | None = None
        if hasattr(ask, "ask_dice"):
            self.asker = ask
        elif ask is not None:
            self.asker = _Typed(ask)

    def will_ask(self, by: Roller | None) -> bool:
        return self.asker is not None and asks(self.mode, by)

    def roll(self, spec: RollSpec, purpose: str = "", *, by: Roller | None = None) -> Roll:
        if not self.will_ask(by) or not spec.terms:
            return self.rolled.roll(spec, purpose)
        assert self.asker is not None
        answer = self.asker.ask_dice(DiceQuestion(spec, purpose, by))
        if answer is None or answer.rolls_it:
            return self.rolled.roll(spec, purpose)
        return replace(parse_answer(spec, answer.text, purpose), entered=answer.entered)
