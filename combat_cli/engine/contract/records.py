"""Typed records: what a ruleset keeps with a queued action, a condition, a timer or a log entry.

Those core objects carry a ``data`` dict for the ruleset (a queued action's speed, who holds a
grapple, the successes of a clash). A ruleset describes each kind with a :class:`Record`
model and reads and writes fields, never dict keys::

    class Slot(Record):
        speed: int = 0
        surprised: bool = False

    QueueItem(id=..., actor=..., action=a, data=Slot(speed=9).dump())
    if Slot.of(item).surprised: ...

The JSON stays as it is (``{"speed": 9}``): ``dump`` writes the fields given or set, nothing
else. Keys the model does not name (the core's own, such as a queued action's ``replaced``)
are kept as they are. A value of the wrong kind (a hand-damaged file) is one line naming the
record and the field, never a traceback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from combat_cli.engine.domain.errors import Msg, RuleError, Word, invalid

if TYPE_CHECKING:
    from combat_cli.engine.domain.models import Condition, LogEntry, QueueItem, Timer

    Holder = QueueItem | Condition | Timer | LogEntry

R = TypeVar("R", bound="Record")


class Record(BaseModel):
    """Base of a ruleset's record model (see the module)."""

    model_config = ConfigDict(extra="allow")

    @classmethod
    def of(cls: type[R], holder: Holder) -> R:
        """``holder.data`` as this model; RuleError (one line) if a value is of the wrong kind."""
        try:
            return cls.model_validate(holder.data)
        except ValidationError as e:
            raise RuleError(_problem(e, holder)) from None

    def dump(self) -> dict[str, Any]:
        """The JSON to keep: the fields given or set, and any other keys the record had."""
        return self.model_dump(mode="json", exclude_unset=True)

    def put(self, holder: Holder) -> None:
        """Write the record back to ``holder.data``."""
        holder.data = self.dump()


def _problem(e: ValidationError, holder: Holder) -> Msg:
    from combat_cli.engine.domain.models import Condition, QueueItem, Timer

    _kind, key, msg, found = invalid(e)
    what: Msg
    if isinstance(holder, QueueItem):
        what = Msg("the queued {action}", action=holder.action.text or holder.action.name)
    elif isinstance(holder, Condition):
        what = Msg("the condition {name}", name=holder.name)
    elif isinstance(holder, Timer):
        what = Msg("the timer {name}", name=holder.name)
    else:
        what = Msg("the log entry {kind}", kind=holder.kind)
    return Msg("{what}'s {key} {problem} (found {found})", what=what, key=Word(key),
               problem=msg, found=found)


__all__ = ["Record"]
