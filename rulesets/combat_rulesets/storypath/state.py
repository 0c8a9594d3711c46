"""What Storypath keeps per combatant (:class:`Fighter`) and per encounter (:class:`Fight`).

Rules code reads and writes fields: ``me = fighter(ctx, c); me.done_round = enc.round``
(kept when the command succeeds); display hooks read them through their view. In the save
file they are the same JSON keys as before the state was typed."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from combat_cli.api import Combatant, CombatantState, EncounterState, RulesContext, RulesView

Where = RulesContext | RulesView
"""Rules code's context (changes are kept) or a display hook's view (read-only)."""


class Record(BaseModel):
    """A nested record of the state: unknown keys are refused."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


# -- per combatant -------------------------------------------------------------------------
class Injury(Record):
    """One Injury Condition (SP-INJ-*): its box (bruised, injured, maimed, ``hit`` for an SGC
    on Health, ``taken_out``), the name the player gave it, Persistent, first aid once."""

    level: str
    name: str | None = None
    persistent: bool = False
    downgraded: bool = False


class Turn(Record):
    """This turn's action budget (SP-ACT-*): the round, the simple/mixed action taken, the
    attacks and the reflexive actions counted toward a mixed action."""

    round: int
    used: str | None = None
    attacks: int = 0
    reflexive: int = 0


class DefenseNow(Record):
    """The Defense that holds (AMB-SP-5): its value, how it was had (rolled, standard,
    full ...), the round, and whether it is a Full Defense (lasting to the next turn)."""

    value: int
    how: str
    round: int
    full: bool = False


class Pending(Record):
    """An Enhance / Complicate Stunt waiting for the next action roll (``from``: who gave it)."""

    kind: Literal["enh", "cmp"]
    n: int
    source: str = Field(alias="from")

    @model_serializer(mode="wrap")
    def _as_saved(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        out: dict[str, Any] = handler(self)
        out["from"] = out.pop("source")
        return out


class Fighter(CombatantState):
    injuries: list[Injury] = Field(default_factory=list)
    init: int | None = None
    """The initiative result (None: not rolled in this fight)."""
    init_seq: int | None = None
    """The order in which initiative was rolled (ties in line for an open slot)."""
    turn: Turn | None = None
    done_round: int | None = None
    """The round in which the combatant's turn was had."""
    held_round: int | None = None
    """The round in which the turn was held (a held combatant may still act)."""
    lose_turn_round: int | None = None
    """The first round, lost to an unbought Surprise Complication (SP-AMB-3)."""
    surprise_cmp: int | None = None
    """The Surprise Complication an ambush put on this target's initiative (SP-AMB-3)."""
    defense: DefenseNow | None = None
    pending: list[Pending] = Field(default_factory=list)
    aid_session: int | None = None
    """The session in which this patient had first aid (``first_aid.per = "patient"``)."""
    aid_given_session: int | None = None
    """The session in which this medic gave first aid (``first_aid.per = "medic"``)."""


# -- per encounter -------------------------------------------------------------------------
class Slot(Record):
    """A slot of the initiative roster (SP-INIT-*): its side and value, who rolled it and in
    which order, who holds it (None: open, the players choose), a surprise round's slot."""

    side: str
    value: int | None = None
    roller: str | None = None
    seq: int = 0
    who: str | None = None
    surprise: bool = False

    @model_serializer(mode="wrap")
    def _as_saved(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        out: dict[str, Any] = handler(self)  # a surprise round's slot: no roll behind it
        for key in ("roller", "seq") if self.surprise else ("surprise",):
            out.pop(key)
        return out


class Momentum(Record):
    players: int = 0
    storyguide: int = 0


class Rolled(Record):
    """Initiative was rolled in this round (the roster holds from then on)."""

    round: int


class SurpriseRound(Record):
    """A surprise attack's round (SP-SURP-3): pending until ``start``, then played."""

    attackers: list[str]
    pending: bool = True
    targets: list[str] = Field(default_factory=list)
    round: int | None = None


class Ambush(Record):
    """A prepared ambush (SP-AMB-*): who ambushed whom, the result and the Surprise bought."""

    ambushers: list[str]
    targets: list[str]
    result: int
    difficulty: int
    surprise: int
    success: bool


class Fight(EncounterState):
    roster: list[Slot] = Field(default_factory=list)
    slot: int = -1
    """The index of the acting slot (-1: none yet this round)."""
    initiative: Rolled | None = None
    surprise: SurpriseRound | None = None
    ambush: Ambush | None = None
    ranges: dict[str, str] = Field(default_factory=dict)
    """The range band between two combatants, by ``ID|ID`` (sorted)."""
    momentum: Momentum = Field(default_factory=Momentum)
    session: int = 1


def fighter(where: Where, c: Combatant) -> Fighter:
    """``c``'s Storypath state (in rules code, changes are kept)."""
    return Fighter.of(where, c)


def fight(where: Where) -> Fight:
    """The encounter's Storypath state."""
    return Fight.of(where, where.enc)


def reset(state: Fighter | Fight, keys: tuple[str, ...]) -> None:
    """Put the fields ``keys`` of ``state`` back to their defaults (the fight is over)."""
    fields = type(state).model_fields
    for key in keys:
        setattr(state, key, fields[key].get_default(call_default_factory=True))
