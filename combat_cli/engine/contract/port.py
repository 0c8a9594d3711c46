"""The port a front end implements: how the rules reach the people at the table.

The rules run synchronously inside one command. When they need something from a person they
go through the table's :class:`Port`: a roll typed from physical dice (:meth:`Port.ask_dice`),
a question in the middle of a command (:meth:`Port.ask`: end the round with actions left? who
takes the open slot?), and what is known so far, shown before a roll is asked
(:meth:`Port.show`). The REPL, script mode and the players' phones implement it; the table is
handed one (:meth:`combat_cli.engine.table.Table.connect`), never patched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from combat_cli.dice import Answer, DiceQuestion
    from combat_cli.engine.domain.models import LogEntry


@dataclass(frozen=True)
class Question:
    """A question a command asks: its text and, when one of the PCs may answer it from a
    phone (an open Storypath slot), their names and the choices."""

    text: str
    choices: tuple[str, ...] = ()
    pcs: tuple[str, ...] = ()
    kind: str = "claim"
    """"claim": a PC takes what is offered (yes, or nothing); "choice": one of ``choices``
    (a reaction to an incoming attack, or "pass")."""
    phones_only: bool = False
    """Asked only when a phone of one of ``pcs`` is there to answer it (the GM is not asked
    otherwise: a question the keyboard never needed, such as a reaction the GM would type
    with ``react``)."""
    accepts: Callable[[str], str | None] | None = None
    """What a typed answer must be: None when ``accepts(answer)`` can use it, else one short
    line saying what it takes (the front end says it and asks again; Enter, Ctrl-C and a
    "choice" question's own list work as before)."""


class Port(Protocol):
    def ask_dice(self, question: DiceQuestion) -> Answer | None:
        """The typed answer for a roll, or None to let the tracker roll it."""

    def ask(self, question: Question) -> str | None:
        """The answer to a question; None when nobody can answer (a script, a test)."""

    def show(self, entries: Sequence[LogEntry]) -> None:
        """Show what the running command has logged so far (before a roll is asked)."""


class Quiet:
    """No front end: nothing is asked (rolls are rolled), nothing shown until the end."""

    def ask_dice(self, question: DiceQuestion) -> Answer | None:
        return None

    def ask(self, question: Question) -> str | None:
        return None

    def show(self, entries: Sequence[LogEntry]) -> None:
        return None
