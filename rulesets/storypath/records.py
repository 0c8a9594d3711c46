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


class AttackLogged(Record):
    """What an attack's log entry keeps beside its text (read by the brief view)."""

    stunts: list[str] = Field(default_factory=list)
