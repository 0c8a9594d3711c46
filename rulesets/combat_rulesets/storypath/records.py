"""What Storypath keeps with the core's conditions and log entries, read as fields.

The stored JSON is what it always was (``{"by": "c2"}``): ``dump`` writes the fields given.
A Condition the GM set by hand has no data: every field has a default."""

from __future__ import annotations

from pydantic import Field

from combat_cli.api import Record


class Grappled(Record):
    """The Grappled Condition (SP-GRAP-*): who holds the grapple."""

    by: str | None = None


class Blocked(Record):
    """A Blocked Complication (SP-CMP-2): its rating, the task it blocks (or ``against``: attacks
    on that character), who imposed it (lifted on that character's next turn)."""

    blocked: int = 0
    task: str | None = None
    against: str | None = None
    blocked_by: str | None = None


class Disarmed(Record):
    """The Disarmed Condition: the weapon dropped (None: the stat block's)."""

    weapon: str | None = None


# -- what a log entry keeps beside its text (its ``data``, the log JSON's keys) ------------
class Successes(Record):
    """A rolled action's log entry: the successes rolled (or the total, where that counts)."""

    successes: int = 0


class DoLogged(Successes):
    """``act NAME do``: the successes over the Difficulty (0 on a failure)."""

    threshold: int


class StandLogged(Successes):
    """Standing up next to an enemy: whether the Complication was bought off."""

    bought_off: bool


class InitiativeLogged(Successes):
    """An initiative roll: its value (successes less a Surprise Complication)."""

    value: int


class SplitLogged(Successes):
    """An attack on several targets: the successes each target gets, their names."""

    shares: list[int]
    targets: list[str]


class AttackLogged(Successes):
    """An attack on one target (read by the brief view: the Stunts bought)."""

    enhancement: int = 0
    defense: int = 0
    stunts: list[str] = Field(default_factory=list)
    conditions: int = 0
    weapon: str | None = None
    range: str | None = None
    given: int = 0
    """A mixed action's successes split off to the other half (not the attack's)."""


class DefenseLogged(Record):
    """A Defense roll: its value, whether it is a Full Defense."""

    defense: int
    full: bool


class SideValue(Record):
    side: str
    value: int | None = None


class RosterLogged(Record):
    """The initiative roster once rolled: each slot's side and value."""

    roster: list[SideValue]


class WoundLogged(Record):
    """An Injury Condition taken: its box, the name given, Persistent."""

    level: str
    injury: str | None = None
    persistent: bool = False


class AmbushLogged(Record):
    """An ambush: the ambushers' and the targets' averaged results, the Surprise bought."""

    ambushers: int
    targets: int
    surprise: int


class AidLogged(Record):
    """First aid: the Injury Condition it was for."""

    injury: str
