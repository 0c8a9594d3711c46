"""Undo/redo by snapshots: each command keeps the state before it (as JSON) and how long the
log was, so undo restores it exactly and redo puts back the state and log entries after it.
Entries are kept as JSON text, so saving them costs nothing per command."""

from __future__ import annotations

from dataclasses import dataclass, field

LIMIT = 100


@dataclass
class UndoEntry:
    line: str
    state: str
    log_len: int


@dataclass
class RedoEntry:
    line: str
    state: str
    log: list[str]


@dataclass
class History:
    undo: list[UndoEntry] = field(default_factory=list)
    redo: list[RedoEntry] = field(default_factory=list)

    def push(self, entry: UndoEntry) -> None:
        self.undo.append(entry)
        if len(self.undo) > LIMIT:
            del self.undo[: len(self.undo) - LIMIT]
        self.redo.clear()
