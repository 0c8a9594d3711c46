"""What d6 keeps with the core's queued actions, timers and log entries, as :class:`Record`
models read and written as fields (the JSON stays what it was: the fields given, in this
order, then the core's own keys such as a queued action's ``replaced`` or a roll's ``for``).

d6 keeps nothing with a condition: who is Stunned or Unconscious and why lives in its
combatant state (:class:`~combat_rulesets.d6.state.D6Fighter`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat_cli.api import Record


class Planned(Record):
    """A queued action of the round (D6-INIT-3)."""

    n: int | None = None
    """Which of the actor's declared actions it is (1: the first, in segment 1)."""
    replaced_by: str | None = None
    """What the GM typed instead of it (a save of an earlier version: ``release`` now puts the
    new action in its place)."""
    counted: bool = False
    """The action typed instead was counted against this one (not counted twice)."""


class HealDue(Record):
    """The natural-healing timer (D6-HEAL-2): the wound level it heals."""

    level: str


class AttackLog(Record):
    """An attack roll: the pool and skill, the reaction it met, a full dodge added."""

    pool: str
    skill: str
    reaction: str | None = None
    full_dodge: bool = False


class ReactionLog(Record):
    """A dodge, parry or block roll: its pool; declared (held) or an extra action."""

    pool: str
    declared: bool = False


class DamageLog(Record):
    """A damage roll: the Effect Value's extra dice."""

    effect_value: int


class ResistLog(Record):
    """A damage resistance roll: the damage and by how much it beat the roll."""

    damage: int
    margin: int


class LevelLog(Record):
    """A wound level reached (a wound, a heal, a natural-healing roll) and the one before."""

    level: str
    was: str | None = None


class RestLog(Record):
    """Resting: how (rest, easy, work)."""

    care: str


class FirstAidLog(Record):
    """First aid given: the kit uses the medic has left."""

    kit_uses: int


class SituationLog(Record):
    """What the GM said stands between a shooter and a target (``position``)."""

    range: str | None = None
    cover: str | None = None
    conceal: str | None = None
    protection: str | None = None


def situation_data(said: Mapping[str, Any]) -> dict[str, Any]:
    """The log data of a situation, its keys in the order they were said."""
    data = SituationLog.model_validate(dict(said)).dump()
    return {k: data[k] for k in said}
