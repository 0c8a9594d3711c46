"""Ctrl-C while a command runs: stop it before it changes anything, never halfway through.

A command works on a copy of the state; the table keeps its result in one step that starts by
recording it (:attr:`Table.journal`). Until that step starts, Ctrl-C raises KeyboardInterrupt
and the copy is simply dropped; once it has started, Ctrl-C is held until the step is done, so
the state in memory and the file on disk never disagree.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType, TracebackType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from combat_cli.engine.domain.history import Step
    from combat_cli.engine.table import Journal, Table


class CommandGuard:
    """``with CommandGuard(table):`` around one command (in the main thread)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.keeping = False
        """True once the table has started keeping the command's result."""
        self.held = False
        """A Ctrl-C came while the result was being kept (the command was not stopped)."""
        self._journal: Journal | None = None
        self._handler: Any = None

    def _record(self, op: str, step: Step, entries: list[str]) -> None:
        self.keeping = True
        if self._journal is not None:
            self._journal(op, step, entries)

    def _on_sigint(self, signum: int, frame: FrameType | None) -> None:
        if self.keeping:
            self.held = True
            return
        raise KeyboardInterrupt

    def __enter__(self) -> CommandGuard:
        self._journal = self.table.journal
        self.table.journal = self._record
        if threading.current_thread() is threading.main_thread():
            self._handler = signal.signal(signal.SIGINT, self._on_sigint)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.table.journal = self._journal
        if self._handler is not None:
            signal.signal(signal.SIGINT, self._handler)
