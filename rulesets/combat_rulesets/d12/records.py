"""What d12 keeps with the core's objects, as typed records: a queued action's place in the
round (:class:`Slot`) and the numbers of its log entries (one model per kind of entry).

The JSON is what it always was: a record writes the fields given or set, in the order they are
declared here (``{"phase": "movement", "rank": 1, "why": "Agility 2"}``), and keeps keys it
does not name (the core's own, such as a roll entry's ``for``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import field_serializer

from combat_cli.api import ActionRequest, QueueItem, Record, RuleError

__all__ = ["BidNote", "Check", "Exchange", "Halt", "Healed", "SideRoll", "Slot", "TaskRoll",
           "Wound", "shown"]

Phase = Literal["movement", "exchange", "task"]


# -- a queued action (QueueItem.data) -----------------------------------------------------------
class Slot(Record):
    """A queued action's place in the round (D12-MOB-*): its phase; a mover's rank and why
    (``Agility 2``); a mutual attack filed as one duel (the opponent's id and attack); the
    result word once resolved (``hit``, ``miss``, ``countered``, ``success`` ...)."""

    phase: Phase = "exchange"
    rank: int = 1
    """A mover's place in the movement order (1: first)."""
    why: str = "movement"
    """Why a mover moves where it does in the order (``Agility 2``, ``acting now``)."""
    duel: str | None = None
    """The opponent's id when the two attacks are one duel filed under this item."""
    duel_action: ActionRequest | None = None
    """The opponent's attack in that duel."""
    result: str | None = None

    @field_serializer("duel_action")
    def _whole(self, a: ActionRequest | None) -> dict[str, Any] | None:
        """The opponent's attack in full, as saved before (every key, given or not)."""
        return None if a is None else a.model_dump(mode="json")

    def partner(self, cid: str) -> ActionRequest | None:
        """The attack of ``cid`` when it is the other side of the duel filed here."""
        return self.duel_action if self.duel == cid else None

    def solo(self) -> Slot:
        """This slot without its duel (the duel became two exchanges)."""
        return Slot.model_validate(self.model_dump(exclude_unset=True,
                                                   exclude={"duel", "duel_action"}))


def shown(item: QueueItem) -> Slot:
    """For the table only: ``item``'s slot, or a blank one if a hand-damaged file made it
    unreadable (the table still shows; the command that plays the item says what is wrong)."""
    try:
        return Slot.of(item)
    except RuleError:
        return Slot()


# -- log entries (LogEntry.data; ctx.log's keyword arguments) ----------------------------------
class SideRoll(Record):
    """One side's d12 in a contest (kind ``roll``): its bid, skill, natural face and value."""

    bid: int
    skill: int
    natural: int
    value: int


class Exchange(Record):
    """The outcome line of a contest (kind ``attack``): both totals, the realm, and the thing
    in the line of fire it was against (``path``)."""

    a_total: int
    d_total: int
    realm: str
    path: str | None = None


class Wound(Record):
    """Hits taken (kind ``wound``): how many, on which track, what is left of how many, and
    the realm of the exchange that did it."""

    damage: int | None = None
    track: str = ""
    hits: int | None = None
    max_hits: int | None = None
    realm: str | None = None


class Healed(Record):
    """Hits recovered (kind ``heal``)."""

    healed: int
    track: str


class Check(Record):
    """An intervention check after a natural 1 (D12-INT-*)."""

    check: int | None = None


class Halt(Record):
    """An intervention that happened: where (kind ``intervention``)."""

    halted: str


class BidNote(Record):
    """A defensive bid said in the log (a declared ``defend``, a general defence met by
    several attackers)."""

    bid: int


class TaskRoll(Record):
    """A task's roll (kind ``task``): the effective roll and what made it up."""

    effective: int
    skill: int
    rp: int
    penalty: int
    natural: int
