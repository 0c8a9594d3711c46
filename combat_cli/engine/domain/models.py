"""The encounter state: pydantic models, saved as JSON.

Combatants have stable ids (``c1``, ``c2`` ...); everything refers to them by id, and names are
looked up through :mod:`combat_cli.engine.domain.queries`. Rulesets keep their own state in the
``data`` dicts (per combatant, per encounter, per declaration, per queue item), as plain JSON.
Times are absolute clock seconds, so "remaining" is derived, never counted down.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

Side = Literal["pc", "npc"]
Phase = Literal["setup", "declare", "resolve", "turns"]


class Condition(BaseModel):
    name: str
    until: int | None = None
    """Clock second at which it ends by itself; None: until removed."""
    data: dict[str, Any] = Field(default_factory=dict)
    secret: bool = False
    """Kept from the players' view (``condition NAME +COND secret``)."""


class Combatant(BaseModel):
    id: str
    name: str
    tag: str = ""
    """Short unique tag (``DT1``, ``Mi``) that works wherever the name does."""
    side: Side = "npc"
    template: str | None = None
    stats: dict[str, Any] = Field(default_factory=dict)
    status: str = "OK"
    """Short health/status word the ruleset keeps current (``Wounded``, ``Taken Out``)."""
    out: bool = False
    """Out of the fight (killed, unconscious, taken out): skipped in the order."""
    conditions: list[Condition] = Field(default_factory=list)
    held: bool = False
    data: dict[str, Any] = Field(default_factory=dict)
    hidden: bool = False
    """Unseen by the players until the GM reveals it (``set NAME hidden=no``)."""
    notes: list[str] = Field(default_factory=list)
    """The GM's notes (``note NAME TEXT``); never shown to the players."""

    def has_condition(self, name: str) -> bool:
        low = name.lower()
        return any(c.name.lower() == low for c in self.conditions)


class ActionRequest(BaseModel):
    """One action as the GM typed it, with names already resolved to ids."""

    name: str
    target: str | None = None
    args: list[str] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)
    text: str = ""


class Declaration(BaseModel):
    actor: str
    actions: list[ActionRequest]
    data: dict[str, Any] = Field(default_factory=dict)
    sealed: bool = False
    """Made while the table is served, not yet revealed: only the GM (and, for its own, the
    character's phone) sees it (``reveal`` opens them all)."""
    by: str = ""
    """"phone" when the player sent it from the phone; "" when the GM typed it."""


class QueueItem(BaseModel):
    """A planned action waiting in the round's resolution queue."""

    id: int
    actor: str
    action: ActionRequest
    segment: int = 1
    state: Literal["pending", "done", "skipped", "lapsed"] = "pending"
    data: dict[str, Any] = Field(default_factory=dict)


class Timer(BaseModel):
    """Something due on the game clock (a healing roll, the end of a first-aid lockout)."""

    id: int
    name: str
    due: int
    kind: str
    combatant: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)


class Clock(BaseModel):
    """Game time elapsed since the encounter began (rounds = seconds // the round's length)."""

    rounds: int = 0
    seconds: int = 0


class Template(BaseModel):
    side: Side | None = None
    stats: dict[str, Any] = Field(default_factory=dict)


class Encounter(BaseModel):
    ruleset: str
    round: int = 0
    phase: Phase = "setup"
    clock: Clock = Field(default_factory=Clock)
    order: list[str] = Field(default_factory=list)
    """Combatant ids in acting order, as the ruleset computed it."""
    turn: int = 0
    """In the ``turns`` phase: index into ``order`` of who acts."""
    combatants: list[Combatant] = Field(default_factory=list)
    declarations: dict[str, Declaration] = Field(default_factory=dict)
    queue: list[QueueItem] = Field(default_factory=list)
    timers: list[Timer] = Field(default_factory=list)
    templates: dict[str, Template] = Field(default_factory=dict)
    house_rules: dict[str, Any] = Field(default_factory=dict)
    data: dict[str, Any] = Field(default_factory=dict)
    next_id: int = 1

    @model_validator(mode="after")
    def _tagged(self) -> Encounter:
        """Older saves (and combatants made by rules code) get their short tags on load."""
        if any(not c.tag for c in self.combatants):
            from combat_cli.engine.domain.queries import ensure_tags

            ensure_tags(self)
        return self

    def new_id(self) -> int:
        n = self.next_id
        self.next_id += 1
        return n

    def get(self, cid: str) -> Combatant:
        for c in self.combatants:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def name_of(self, cid: str | None) -> str:
        if cid is None:
            return ""
        try:
            return self.get(cid).name
        except KeyError:
            return cid


class LogEntry(BaseModel):
    """One event of the record: a roll, a hit, a wound, a condition, a timer, a note.

    The binding JSON keys are ``round actor action target dice difficulty faces total outcome
    text``; ``kind`` and ``data`` carry the rest (the numbers that produced it)."""

    seq: int = 0
    round: int = 0
    kind: str = "note"
    actor: str | None = None
    action: str | None = None
    target: str | None = None
    dice: str | None = None
    difficulty: int | None = None
    faces: list[int] | None = None
    total: int | None = None
    outcome: str | None = None
    text: str = ""
    data: dict[str, Any] = Field(default_factory=dict)
    actor_id: str | None = None
    target_id: str | None = None
    """The ids of ``actor`` and ``target`` when they were combatants (names can change and be
    reused: what the players may see of an entry is decided by id)."""
