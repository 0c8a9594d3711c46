"""Reading and writing save files.

A save is a snapshot followed by a journal (:mod:`combat_cli.store.fileformat`): while a fight
is played, each command appends one line and fsyncs it *before* its answer is shown, so a
crash, a kill or a full disk loses at most the command in flight, and a command costs the
same in round 1,000 as in round 1. The snapshot is rewritten (temp + fsync + rename) when the
fight is opened, when the journal has grown as large as the snapshot, and on quit.

Reading is for anyone, at any time, without a lock: :func:`load` (or :func:`read_raw` for the
checked JSON) reads the file as it is on disk, replaying the journal, and never writes. A file
that is corrupt, foreign, of a future schema, not a regular file or for a missing ruleset gives
one :class:`SaveError` line and is left untouched; loading never executes anything.
"""

from __future__ import annotations

import json
import os
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any

from combat_cli.locale import Msg, Word
from combat_cli.store.fileformat import (
    APP,
    MAX_FILE_BYTES,
    SCHEMA,
    check_depth,
    check_state_depth,
    journal_head,
    parse,
    record,
    snapshot_pieces,
)
from combat_cli.store.fileio import SaveError, atomic_write, clean_temps, read_regular, write_all
from combat_cli.store.lock import Lock, real_path
from combat_cli.store.migrations import MIGRATIONS, upgrade

if TYPE_CHECKING:
    from combat_cli.dice import DiceSource
    from combat_cli.engine.domain.history import Step
    from combat_cli.engine.table import Table

__all__ = ["APP", "SCHEMA", "Lock", "SaveError", "Saver", "atomic_write", "load", "read_json", "read_raw",
           "render", "save"]


def render(table: Table) -> str:
    """The save file's text (a snapshot, no journal)."""
    return "".join(snapshot_pieces(table))


def save(path: Path, table: Table) -> None:
    """Write ``table`` to ``path`` whole (a new file, or one nobody is playing)."""
    atomic_write(path, snapshot_pieces(table))
    table.changed = False


def read_raw(path: Path) -> dict[str, Any]:
    """The checked, migrated JSON of a save file (SaveError if it is not one we can use):
    ``ruleset``, ``encounter`` (the state now, the journal replayed), ``_log_texts``,
    ``_history`` and, for the writer, ``_records`` and ``_torn``."""
    data = read_regular(path, Msg("{path}: no such file (combat new {path2} --ruleset NAME makes "
                                  "one)", path=path, path2=path), MAX_FILE_BYTES)
    if not data.strip():
        raise SaveError("{path} is empty: not a combat-cli save file", path=path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("{path} is not text: not a combat-cli save file", path=path) from None
    head = journal_head(str(path), text)
    if head is not None:
        raw = parse(str(path), text, head)
        raw["_valid_bytes"] = data.rfind(b"\n") + 1  # without a line cut short by a crash
        return raw
    return _read_whole(path, text)


def _read_whole(path: Path, text: str) -> dict[str, Any]:
    """A schema-1 file: one JSON document (or something that is not a save at all)."""
    try:
        raw = json.loads(text)
    except RecursionError:
        raise SaveError("{path} is damaged: nested too deeply; the file was left as it is", path=path) from None
    except json.JSONDecodeError as e:
        raise SaveError("{path} is damaged or truncated (JSON error at line {n}, column {k}); the file was left as it is", path=path, n=e.lineno, k=e.colno) from None
    except ValueError as e:  # a number of thousands of digits
        raise SaveError("{path} is damaged: {problem}", path=path, problem=str(e)[:100]) from None
    if not isinstance(raw, dict) or raw.get("app") != APP:
        raise SaveError("{path} is not a combat-cli save file", path=path)
    check_depth(str(path), raw)
    schema = raw.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise SaveError("{path} has no valid schema version", path=path)
    if schema >= SCHEMA:
        raise SaveError(f"{path} was written by a newer combat-cli (schema {schema}; this one "
                        f"reads up to {SCHEMA}): upgrade combat-cli" if schema > SCHEMA else
                        f"{path} is damaged: schema {schema} in the wrong layout")
    if any(v not in MIGRATIONS for v in range(schema, SCHEMA)):
        raise SaveError("{path} has schema {n}, which this combat-cli cannot upgrade", path=path, n=schema)
    for key, kind in (("ruleset", str), ("encounter", dict), ("log", list)):
        if not isinstance(raw.get(key), kind):
            raise SaveError("{path} is damaged: {key} is missing or of the wrong kind", path=path,
                            key=f'"{key}"')
    check_state_depth(str(path), raw["encounter"])
    try:
        raw = upgrade(raw)
        raw["_log_texts"] = [json.dumps(e, ensure_ascii=False, separators=(",", ":"))
                             for e in raw.pop("log")]
    except (KeyError, TypeError, ValueError, AttributeError):
        raise SaveError("{path} is damaged: its undo history is unreadable", path=path) from None
    raw["_migrated"] = True
    return raw


def read_json(path: Path) -> dict[str, Any]:
    """A save as one plain JSON document (``schema app ruleset encounter log``, ``undo`` and
    ``redo`` counts), the journal replayed: for scripts and tests that read the file itself.
    Read-only, needs no lock. (``combat show --json`` is the public, binding view.)"""
    raw = read_raw(path)
    return {"schema": SCHEMA, "app": APP, "ruleset": raw["ruleset"],
            "encounter": raw["encounter"], "log": [json.loads(x) for x in raw["_log_texts"]],
            "undo": len(raw["_history"].undo), "redo": len(raw["_history"].redo)}


def load(path: Path, dice: DiceSource, lang: str = "",
         raw: dict[str, Any] | None = None) -> Table:
    """The table saved in ``path`` (``raw``: its already checked JSON, from :func:`read_raw`).
    Read-only: safe while another process plays the file."""
    from pydantic import ValidationError

    from combat_cli import plugins
    from combat_cli.engine.domain.errors import CommandError
    from combat_cli.engine.domain.models import Encounter, LogEntry
    from combat_cli.engine.table import Table

    if raw is None:
        raw = read_raw(path)
    if not plugins.known(raw["ruleset"]):
        raise SaveError("{path}: no ruleset {name} is installed (combat rulesets lists them)",
                        path=path, name=f'"{raw["ruleset"]}"')
    try:
        ruleset = plugins.load(raw["ruleset"])
    except CommandError as e:
        raise SaveError("{path}: {problem}", path=path, problem=e) from None
    texts: list[str] = raw["_log_texts"]
    try:
        enc = Encounter.model_validate(raw["encounter"])
        for n, text in enumerate(texts, start=1):
            _entry(path, n, text, LogEntry)
    except ValidationError as e:
        raise SaveError("{path} is damaged: {problem}", path=path, problem=_where(e)) from None
    except RecursionError:
        raise SaveError("{path} is damaged: nested too deeply", path=path) from None
    if enc.ruleset != raw["ruleset"]:
        raise SaveError("{path} is damaged: it names two rulesets", path=path)
    from combat_cli.store.checks import problem

    bad = problem(enc)
    if bad:
        raise SaveError("{path} is damaged: {problem}; the file was left as it is", path=path, problem=bad)
    unknown = _dangling_ids(enc)
    if unknown:
        raise SaveError("{path} is damaged: it refers to combatant {id}, who is not in it", path=path, id=repr(unknown))
    from combat_cli.engine.contract import state
    from combat_cli.engine.domain.errors import RuleError

    before = enc.model_dump_json()
    try:
        state.check(ruleset, enc)   # the ruleset's typed state, older shapes migrated
    except RuleError as e:
        raise SaveError("{path} is damaged: {problem}", path=path, problem=e) from None
    migrated = enc.model_dump_json() != before
    try:
        table = Table(enc, ruleset, dice, log_json=texts, history=raw["_history"], lang=lang)
    except CommandError as e:
        raise SaveError("{path}: {problem}", path=path, problem=e) from None
    table.changed = bool(raw.get("_records") or raw.get("_torn") or raw.get("_migrated")
                         or migrated)
    if "_valid_bytes" in raw:
        _VALID_BYTES[table] = raw["_valid_bytes"]
    return table


_VALID_BYTES: weakref.WeakKeyDictionary[Table, int] = weakref.WeakKeyDictionary()
"""For a table loaded from a schema-2 file: how many bytes of it are whole lines (a Saver can
go on appending there when a fresh snapshot can't be written, say on a full disk)."""


def _entry(path: Path, n: int, text: str, model: Any) -> None:
    from pydantic import ValidationError

    try:
        model.model_validate_json(text)
    except ValidationError as e:
        raise SaveError("{path} is damaged: log entry {n}: {problem}", path=path, n=n, problem=_where(e)) from None


def _where(e: Any) -> Msg:
    err = e.errors()[0]
    where = ".".join(str(x) for x in err["loc"]) or "entry"
    return Msg("{path}: {problem}", path=Word(where), problem=Msg(str(err["msg"])))  # a field: a word


def _dangling_ids(enc: Any) -> str | None:
    """A combatant id the order, declarations, queue or timers name but the roster lacks."""
    ids = {c.id for c in enc.combatants}
    refs = [*enc.order, *enc.declarations, *(d.actor for d in enc.declarations.values()),
            *(i.actor for i in enc.queue), *(t.combatant for t in enc.timers if t.combatant)]
    return next((r for r in refs if r not in ids), None)


class Saver:
    """The writer of a fight being played (hold its :class:`Lock` first).

    Opening cleans the temp files a crash left and, if the file holds a journal, a cut-off line
    or an older schema, writes a fresh snapshot. Then every change the table makes is appended
    to the journal and fsynced before the table keeps it (a failed write fails the command,
    changing nothing). :meth:`submit` writes a new snapshot when the journal has grown as large
    as the last one; :meth:`close` writes one on quit."""

    COMPACT_MIN = 1 << 20
    """Bytes of journal below which no new snapshot is written (but on quit)."""
    COMPACT_LINES = 1_000
    """Journal lines after which a new snapshot is written anyway: a file never holds more
    than a reader replays (:data:`~combat_cli.store.fileformat.MAX_JOURNAL_LINES`,
    :data:`~combat_cli.store.fileformat.MAX_REPLAY`)."""

    def __init__(self, path: Path, table: Table) -> None:
        self.path = real_path(path)
        self.table = table
        self._fd: int | None = None
        self.snapshot_bytes = 0
        self.journal_bytes = 0
        self.journal_lines = 0
        self._appended = False
        clean_temps(self.path)
        try:
            st = os.stat(self.path)
            self.mode: int | None = st.st_mode & 0o777
        except OSError:
            self.mode = None
        if table.changed or self.mode is None:
            self._open_compacted()
        else:
            self.snapshot_bytes = st.st_size
            self._open()
        table.journal = self._record

    def _open_compacted(self) -> None:
        """Open with a fresh snapshot; if it can't be written (a full disk), a journal in the
        current layout is kept and appended to, a line cut short by a crash taken off."""
        try:
            self.compact()
        except SaveError:
            valid = _VALID_BYTES.get(self.table)
            if valid is None or self.mode is None:
                raise
            self._open()
            try:
                assert self._fd is not None
                os.ftruncate(self._fd, valid)
            except OSError as e:
                raise SaveError("can't write {path}: {problem}", path=self.path, problem=e.strerror or e) from None
            self.snapshot_bytes, self.journal_bytes = valid, 0
            self.table.changed = False  # the file holds the table: only not compactly

    def _open(self) -> None:
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        except OSError as e:
            raise SaveError("can't write {path}: {problem}", path=self.path, problem=e.strerror or e) from None

    def _record(self, op: str, step: Step, entries: list[str]) -> None:
        from combat_cli.engine.domain.errors import CommandError

        data = record(op, step, entries).encode("utf-8")
        if self.snapshot_bytes + self.journal_bytes + len(data) > MAX_FILE_BYTES:
            raise CommandError("{file} would grow past {n} MiB (the most a save holds); nothing was changed", file=self.path.name, n=MAX_FILE_BYTES >> 20)
        try:
            if self._fd is None:
                raise OSError(0, "the save file is not open")
            write_all(self._fd, data)
            os.fsync(self._fd)
        except OSError as e:
            self._cut_back()
            raise CommandError("could not save {name}: {value}; the command was not applied (nothing changed)", name=self.path.name, value=e.strerror or e) from None
        self.journal_bytes += len(data)
        self.journal_lines += 1
        self._appended = True

    def _cut_back(self) -> None:
        """Take a half-written line off the end again (the file stays loadable as it is)."""
        if self._fd is not None:
            try:
                os.ftruncate(self._fd, self.snapshot_bytes + self.journal_bytes)
            except OSError:
                pass

    def compact(self) -> None:
        """Write a fresh snapshot (SaveError if it cannot: the journal stays as it was)."""
        if self._fd is not None:  # closed first: Windows can't replace a file held open
            os.close(self._fd)
            self._fd = None
        try:
            size = atomic_write(self.path, snapshot_pieces(self.table), self.mode)
        finally:
            self._open()  # the new file, or the old one with its journal if that failed
        self.snapshot_bytes, self.journal_bytes, self.journal_lines = size, 0, 0
        self.table.changed = False

    def submit(self, table: Table | None = None, line: str = "") -> None:
        """After a command: a new snapshot if the journal is due for one (or if the table
        changed without a journal line, which no command does)."""
        due = (self.journal_bytes > max(self.COMPACT_MIN, self.snapshot_bytes)
               or self.journal_lines >= self.COMPACT_LINES)
        if due or (self.table.changed and not self._appended):
            try:
                self.compact()
            except SaveError:
                if not self._appended:
                    raise
        self._appended = False
        self.table.changed = False

    def close(self) -> None:
        """A last snapshot (if anything was journaled) and the file closed. A snapshot that
        cannot be written loses nothing: the journal holds every command."""
        self.table.journal = None
        try:
            if self.journal_bytes or self.table.changed:
                self.compact()
        except SaveError:
            pass  # the file already holds every change, as a journal
        finally:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
