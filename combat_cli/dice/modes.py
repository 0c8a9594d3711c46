"""Who rolls: the table's dice mode (auto, manual, players) and each combatant's override.

:class:`TableDice` is the source a table at play uses. For every roll it is told who rolls (a
:class:`Roller`, or None for the GM's own rolls: difficulty dice, a trap, a free roll) and
decides whether to ask for the physical dice or roll them itself:

- ``auto``: the tracker rolls everything; ``manual``: every roll is asked;
- ``players``: the PCs' rolls are asked, everything else is rolled;
- a combatant's own ``dice=manual|auto`` (``set NAME dice=...``) wins over the mode.
"""

from __future__ import annotations

from combat_cli.dice.expr import RollSpec
from combat_cli.dice.sources import Asker, DiceSource, ManualDice, Roll, Roller

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


class TableDice(DiceSource):
    """The table's source: rolls or asks per roll, by mode and roller."""

    def __init__(self, mode: str, rolled: DiceSource, ask: Asker | None) -> None:
        self.mode = mode
        """The mode in force (switched by the ``dice`` verb)."""
        self.start_mode = mode
        """The mode the session started with (``--dice``, or the one saved)."""
        self.start_saved: object = None
        """The mode the file was saved with when the session started."""
        self.rolled = rolled
        self.manual = ManualDice(ask, rolled) if ask is not None else None

    def will_ask(self, by: Roller | None) -> bool:
        return self.manual is not None and asks(self.mode, by)

    def roll(self, spec: RollSpec, purpose: str = "", *, by: Roller | None = None) -> Roll:
        if not self.will_ask(by) or not spec.terms:
            return self.rolled.roll(spec, purpose)
        assert self.manual is not None
        return self.manual.roll(spec, purpose)


