"""What d12 keeps per combatant and per encounter, typed (the save file holds the same JSON).

Per combatant: the hits taken and the maximum hits of each track (Body, Mind, Soul), the bids
spent in earlier rounds (``bid.budget = "per_fight"``) and the round a combatant went out (so
it finishes that round's exchanges, ``mob.simultaneous``). Per encounter: the realm the GM set
(``realm``) and the interventions that happened.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from combat_cli.api import Combatant, CombatantState, EncounterState, RulesContext, RulesView, State

Track = Literal["body", "mind", "soul"]
Realm = Literal["corporeal", "ethereal", "celestial"]
TRACKS: tuple[Track, ...] = ("body", "mind", "soul")

Where = RulesContext | RulesView
"""Rules code's context (changes are kept) or a display hook's view (read-only): both give the
typed state (``Fighter.of(where, c)``) and the tables."""


class Fighter(CombatantState):
    taken: dict[Track, int] = Field(default_factory=dict)
    """Hits taken per track (kept apart from the maximum, so editing stats keeps wounds)."""
    max_hits: dict[Track, int] = Field(default_factory=dict)
    """The maximum hits per track when last worked out (for readers of the file)."""
    spent: dict[Realm, int] = Field(default_factory=dict)
    """``bid.budget = "per_fight"``: what earlier rounds bid, per realm."""
    out_round: int | None = None
    """The round the combatant went out (a full heal clears it)."""


class Intervention(State):
    """One divine or infernal intervention, for the record (``show --json``)."""

    round: int
    who: str | None
    kind: Literal["demonic", "angelic"]
    where: str


class Fight(EncounterState):
    realm: Realm | None = None
    """The realm the GM set with ``realm`` (None: the tables' ``default_realm``)."""
    interventions: list[Intervention] = Field(default_factory=list)


def fighter(where: Where, c: Combatant) -> Fighter:
    """``c``'s d12 state."""
    return Fighter.of(where, c)


def fight(where: Where) -> Fight:
    """The encounter's d12 state."""
    return Fight.of(where, where.enc)
