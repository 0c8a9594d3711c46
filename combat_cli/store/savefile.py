"""Reading and writing save files.

The file is JSON with ``schema``, ``app``, ``ruleset``, ``encounter``, ``log`` and ``history``
(undo/redo). It is written by write-to-temp + fsync + rename after every command, so a crash or
a full disk never leaves half a file. Loading checks everything and never executes anything;
a file that is corrupt, foreign, of a future schema or for a missing ruleset gives one clear
:class:`SaveError` and is left untouched. The pieces (log entries, undo snapshots) are cached as
JSON text, so a save costs the same in round 200 as in round 1 apart from copying bytes.
"""

from __future__ import annotations

import atexit
import json
import os
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from combat_cli.engine.history import RedoEntry, UndoEntry
from combat_cli.store.migrations import MIGRATIONS, SCHEMA, upgrade

if TYPE_CHECKING:
    from combat_cli.dice import DiceSource
    from combat_cli.engine.table import Table

APP = "combat-cli"


class SaveError(Exception):
    """A save file that cannot be used, or a save that failed; the message is for the GM."""


@dataclass(frozen=True)
class Snapshot:
    """Everything a save writes, taken at one moment (immutable text: safe to write later)."""

    ruleset: str
    state: str
    undo: tuple[UndoEntry, ...]
    redo: tuple[RedoEntry, ...]
    log: tuple[str, ...]


def snapshot(table: Table) -> Snapshot:
    h = table.history
    return Snapshot(table.ruleset.name, table.state_json, tuple(h.undo), tuple(h.redo),
                    tuple(table.log_json))


def render(snap: Snapshot | Table) -> str:
    """The save file's text."""
    return "".join(pieces(snap if isinstance(snap, Snapshot) else snapshot(snap)))


def pieces(snap: Snapshot) -> Iterator[str]:
    """The save file's text in small pieces, so writing it never holds the interpreter long
    (the REPL stays responsive while a large file is written in the background)."""
    yield (f'{{"schema": {SCHEMA}, "app": "{APP}", "ruleset": {json.dumps(snap.ruleset)},\n'
           f'"encounter": {snap.state},\n"history": {{"undo": [')
    for i, u in enumerate(snap.undo):
        yield (f'{"," if i else ""}\n  {{"line": {json.dumps(u.line, ensure_ascii=False)}, '
               f'"log_len": {u.log_len}, "state": {u.state}}}')
    yield '\n], "redo": ['
    for i, r in enumerate(snap.redo):
        yield (f'{"," if i else ""}\n  {{"line": {json.dumps(r.line, ensure_ascii=False)}, '
               f'"state": {r.state}, "log": [{", ".join(r.log)}]}}')
    yield '\n]},\n"log": [\n  '
    log = snap.log
    for start in range(0, len(log), 200):
        yield ("," if start else "") + ",\n  ".join(log[start:start + 200])
    yield "\n]\n}\n"


def atomic_write(path: Path, text: str | Iterable[str]) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            for piece in [text] if isinstance(text, str) else text:
                f.write(piece)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as e:
        try:
            tmp.unlink()
        except OSError:
            pass
        kept = " (the previous save is intact)" if path.exists() else ""
        raise SaveError(f"could not save {path}: {e.strerror or e}{kept}") from None
    try:
        dfd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def save(path: Path, table: Table | Snapshot) -> None:
    atomic_write(path, pieces(table if isinstance(table, Snapshot) else snapshot(table)))
    if not isinstance(table, Snapshot):
        table.changed = False


class Saver:
    """Autosave off the critical path: the GM reads a command's result at once while its save
    is written by a background thread. Saves are whole, atomic and in order; when several are
    waiting only the newest is written (it contains the others). :meth:`flush` waits for the
    disk and reports a failed save; :meth:`close` flushes and stops the thread."""

    DELAY = 0.05
    """Seconds a save waits before it starts: the command's answer and the next prompt go
    first, and a burst of lines (a script) is written once. :meth:`flush` cuts it short."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._cond = threading.Condition()
        self._pending: Snapshot | None = None
        self._busy = False
        self._error: SaveError | None = None
        self._closed = False
        self._hurry = False
        self._line = ""
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()
        atexit.register(self._at_exit)

    def _at_exit(self) -> None:
        """However the program ends, what is pending is written (a Saver left open included)."""
        if not self._closed:
            try:
                self.close()
            except SaveError:
                pass

    def submit(self, table: Table, line: str = "") -> None:
        """Save the table's state (``line``: the command it follows, named if it fails)."""
        snap = snapshot(table)
        table.changed = False
        with self._cond:
            self._pending = snap
            self._line = line
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None and not self._closed:
                    self._cond.wait()
                if self._pending is None:
                    return
                self._cond.wait_for(lambda: self._hurry or self._closed, timeout=self.DELAY)
                snap, self._pending = self._pending, None
                line = self._line
                self._busy = True
            try:
                save(self.path, snap)
            except SaveError as e:
                with self._cond:
                    self._error = SaveError(f"the autosave after {line!r} failed: {e}"
                                            if line else str(e))
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def take_error(self) -> SaveError | None:
        with self._cond:
            err, self._error = self._error, None
        return err

    def flush(self) -> None:
        with self._cond:
            self._hurry = True
            self._cond.notify_all()
            while self._pending is not None or self._busy:
                self._cond.wait()
            self._hurry = False
        err = self.take_error()
        if err is not None:
            raise err

    def close(self) -> None:
        try:
            self.flush()
        finally:
            with self._cond:
                self._closed = True
                self._cond.notify_all()
            self._thread.join()
            atexit.unregister(self._at_exit)


def read_raw(path: Path) -> dict[str, Any]:
    """The checked, migrated JSON of a save file (SaveError if it is not one we can use)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file (combat new {path} --ruleset NAME makes one)") from None
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a save file") from None
    except OSError as e:
        raise SaveError(f"can't read {path}: {e.strerror or e}") from None
    if not data.strip():
        raise SaveError(f"{path} is empty: not a combat-cli save file")
    try:
        text = data.decode("utf-8")
        raw = json.loads(text)
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not text: not a combat-cli save file") from None
    except json.JSONDecodeError as e:
        raise SaveError(f"{path} is damaged or truncated (JSON error at line {e.lineno}, "
                        f"column {e.colno}); the file was left as it is") from None
    if not isinstance(raw, dict) or raw.get("app") != APP:
        raise SaveError(f"{path} is not a combat-cli save file")
    schema = raw.get("schema")
    if not isinstance(schema, int) or schema < 1:
        raise SaveError(f"{path} has no valid schema version")
    if schema > SCHEMA:
        raise SaveError(f"{path} was written by a newer combat-cli (schema {schema}; this one "
                        f"reads up to {SCHEMA}): upgrade combat-cli")
    if schema < SCHEMA and any(v not in MIGRATIONS for v in range(schema, SCHEMA)):
        raise SaveError(f"{path} has schema {schema}, which this combat-cli cannot upgrade")
    for key, kind in (("ruleset", str), ("encounter", dict), ("log", list)):
        if not isinstance(raw.get(key), kind):
            raise SaveError(f'{path} is damaged: "{key}" is missing or of the wrong kind')
    if schema == SCHEMA:
        raw["_log_texts"] = _log_texts(text, len(raw["log"]))
    return upgrade(raw)


_LOG_HEAD = '\n"log": [\n'
_LOG_TAIL = "\n]\n}\n"


def _log_texts(text: str, n: int) -> list[str] | None:
    """Each log entry's own text, cut from a file in the layout :func:`render` writes (one
    compact entry a line), so loading need not serialise them again. None: another layout."""
    _, sep, rest = text.rpartition(_LOG_HEAD)
    if not sep or not rest.endswith(_LOG_TAIL):
        return None
    lines = rest[: -len(_LOG_TAIL)].split("\n")
    if n == 0:
        return [] if lines == ["  "] else None
    if len(lines) != n:
        return None
    out = [ln[2:-1] for ln in lines[:-1]]
    out.append(lines[-1][2:])
    return out


def load(path: Path, dice: DiceSource, lang: str = "",
         raw: dict[str, Any] | None = None) -> Table:
    """The table saved in ``path`` (``raw``: its already checked JSON, from :func:`read_raw`)."""
    from pydantic import ValidationError

    from combat_cli import plugins
    from combat_cli.engine.errors import CommandError
    from combat_cli.engine.history import History
    from combat_cli.engine.models import Encounter
    from combat_cli.engine.table import Table

    if raw is None:
        raw = read_raw(path)
    try:
        ruleset = plugins.load(raw["ruleset"])
    except CommandError as e:
        raise SaveError(f"{path}: {e}") from None
    try:
        enc = Encounter.model_validate(raw["encounter"])
        texts = raw.pop("_log_texts", None)
        entries = [_entry(path, i, e) for i, e in enumerate(raw["log"], start=1)]
        log_json = texts if texts is not None else [
            e.model_dump_json(exclude_defaults=True) for e in entries]
        history = History()
        hist = raw.get("history") or {}
        for u in hist.get("undo", []):
            history.undo.append(UndoEntry(str(u["line"]), _state(u["state"]), int(u["log_len"])))
        for r in hist.get("redo", []):
            history.redo.append(RedoEntry(str(r["line"]), _state(r["state"]),
                                          [json.dumps(e, ensure_ascii=False) for e in r["log"]]))
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        raise SaveError(f"{path} is damaged: {where}: {err['msg']}") from None
    except (KeyError, TypeError, ValueError, AttributeError):
        raise SaveError(f"{path} is damaged: its undo history is unreadable") from None
    if enc.ruleset != raw["ruleset"]:
        raise SaveError(f"{path} is damaged: it names two rulesets")
    unknown = _dangling_ids(enc)
    if unknown:
        raise SaveError(f"{path} is damaged: it refers to combatant {unknown!r}, who is not in it")
    try:
        return Table(enc, ruleset, dice, log_json=log_json, history=history, lang=lang)
    except CommandError as e:
        raise SaveError(f"{path}: {e}") from None


def _entry(path: Path, n: int, value: Any) -> Any:
    from pydantic import ValidationError

    from combat_cli.engine.models import LogEntry

    try:
        return LogEntry.model_validate(value)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(x) for x in err["loc"]) or "entry"
        raise SaveError(f"{path} is damaged: log entry {n}: {where}: {err['msg']}") from None


def _dangling_ids(enc: Any) -> str | None:
    """A combatant id the order, declarations, queue or timers name but the roster lacks."""
    ids = {c.id for c in enc.combatants}
    refs = [*enc.order, *enc.declarations, *(d.actor for d in enc.declarations.values()),
            *(i.actor for i in enc.queue), *(t.combatant for t in enc.timers if t.combatant)]
    return next((r for r in refs if r not in ids), None)


def _state(value: Any) -> str:
    if not isinstance(value, dict):
        raise ValueError("state")
    return json.dumps(value, ensure_ascii=False)


class Lock:
    """An exclusive lock on a save file while it is played (``FILE.lock`` beside it)."""

    def __init__(self, path: Path) -> None:
        self.path = path.with_name(path.name + ".lock")
        self.fd: int | None = None

    def __enter__(self) -> Lock:
        try:
            import fcntl
        except ModuleNotFoundError:  # pragma: no cover - not POSIX
            return self
        try:
            self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise SaveError(f"can't lock {self.path}: {e.strerror or e}") from None
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self.fd)
            self.fd = None
            raise SaveError(f"{self.path.name[:-5]} is in use by another combat play "
                            "(quit that one first)") from None
        os.ftruncate(self.fd, 0)
        os.write(self.fd, f"{os.getpid()}\n".encode())
        return self

    def __exit__(self, *exc: object) -> None:
        if self.fd is not None:
            try:
                self.path.unlink()
            except OSError:
                pass
            os.close(self.fd)
            self.fd = None
