"""What a line produced (:class:`Output`), as the front end (REPL, script, demo) reads it.

A handler fills it through :class:`combat_cli.commands.registry.Cmd`; the dispatcher adds
the log entries and the notes in the table's language, or puts one error in their place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from combat_cli.locale import Msg

if TYPE_CHECKING:
    from combat_cli.commands.views import View
    from combat_cli.engine.domain.models import LogEntry


@dataclass(frozen=True)
class SaveRequest:
    """``save``: write the table's own file now (``copy_to`` None), or ``save FILE``: a
    copy to a new file. Not a view: the front end that owns the file acts on it."""

    copy_to: Path | None = None


@dataclass
class Output:
    """What a line produced: new log entries, notes, views to render, a save asked for, or
    one error (then nothing else: the line changed nothing)."""

    entries: list[LogEntry] = field(default_factory=list)
    notes: list[Any] = field(default_factory=list)
    """Lines for the GM: :class:`~combat_cli.locale.Msg` (or words) while the command runs,
    the table's words once the line is done."""
    views: list[View] = field(default_factory=list)
    save: SaveRequest | None = None
    error: str | None = None
    """One line in the table's language, what was wrong and what would be right."""
    refusal: Msg | None = None
    """That error as data: its catalogue key and values (a test asks "which error?" by
    ``refusal.key``, not by the English)."""
    internal: bool = False
    """The error is a bug caught on its way to the GM (recorded in the crash log), not a
    refusal of what was typed: tests tell the two apart by this, not by the wording."""
    quit: bool = False


__all__ = ["Output", "SaveRequest"]
