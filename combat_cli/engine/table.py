"""A table at play: the encounter, its log, its undo history, its ruleset, tables and dice.

:meth:`Table.run` is the one way state changes: a command works on a deep copy of the
encounter through a :class:`RulesContext`; only if it finishes is the copy kept, its log
entries appended and an undo step (the change it made) pushed. An error leaves everything as
it was. With a :attr:`Table.journal` attached (a save file being played), every change is
handed to it *before* it is kept: if it cannot be written, the command fails and changes
nothing, so what the GM sees answered is what the file holds.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from combat_cli.engine.contract.context import RulesContext
from combat_cli.engine.contract.host import host
from combat_cli.engine.contract.port import Port, Quiet
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.domain.history import History, Step, apply, diff
from combat_cli.engine.domain.models import Encounter, LogEntry, Template
from combat_cli.locale import languages, use

if TYPE_CHECKING:
    from combat_cli.dice import DiceSource
    from combat_cli.engine.contract.ruleset import Ruleset


class Snapshot:
    """A table as it stood after a command, for views built in another thread (the served
    table's pages): its own copy of the encounter, the log as it was; nothing of it changes
    when the table plays on."""

    def __init__(self, table: Table) -> None:
        self.ruleset = table.ruleset
        self.lang, self.language = table.lang, table.language
        self.state_json = table.state_json
        self.log_json = list(table.log_json)
        self._enc: Encounter | None = None

    @property
    def enc(self) -> Encounter:
        if self._enc is None:
            self._enc = Encounter.model_validate_json(self.state_json)
        return self._enc

    def log_tail(self, n: int) -> list[LogEntry]:
        return [LogEntry.model_validate_json(x) for x in self.log_json[-n:]]


class Journal(Protocol):
    def __call__(self, op: str, step: Step, entries: list[str]) -> None:
        """Make ``op`` (``do``, ``undo``, ``redo``) durable, or raise CommandError."""


class Table:
    def __init__(self, enc: Encounter, ruleset: Ruleset, dice: DiceSource,
                 log: list[LogEntry] | None = None, log_json: list[str] | None = None,
                 history: History | None = None, lang: str = "") -> None:
        self.enc = enc
        self.ruleset = ruleset
        self.dice = dice
        if lang == ruleset.language:
            lang = ""
        if lang and lang not in ruleset.languages and lang not in languages():
            shown = ", ".join((ruleset.language, *ruleset.languages))
            raise CommandError('{ruleset} has no display language "{lang}" ({shown})',
                               ruleset=ruleset.name, lang=lang, shown=shown)
        self.lang = lang
        self.language = lang or ruleset.language
        """The language shown (``lang`` is "" for the ruleset's own)."""
        use(self.language)
        self.tables = host(ruleset).tables(enc.house_rules)
        self.log_json: list[str] = list(log_json) if log_json is not None else [
            _entry_json(e) for e in log or []]
        """Each log entry as JSON text; parsed only when something reads it."""
        self.history = history or History()
        self.library: dict[str, Template] = enc.templates
        """The stat-block library, shared by reference with each command's working copy."""
        self.core_json: str = ""
        """The state as JSON without the library (what each command copies)."""
        self._core: tuple[str, Any] = ("", None)
        self._library: tuple[dict[str, Template] | None, Any] = (None, None)
        self._full: str | None = None
        self._lib_json: tuple[dict[str, Template] | None, str] = (None, "")
        self._set_state(enc)
        self.changed = False
        """True when something changed since the last save (or the last full snapshot)."""
        self.journal: Journal | None = None
        self.port: Port = Quiet()
        """The front end the rules ask and show through (:meth:`connect`)."""
        self.sealing = False
        """Declarations are sealed until ``reveal`` (the table is served to the players'
        phones)."""
        self.phone: str | None = None
        """While a player's phone's request runs: the id of its character (it may declare
        for that character only, and do nothing else)."""

    def connect(self, port: Port) -> None:
        """Play through ``port`` (the REPL, a script, the phones): questions go to it."""
        self.port = port

    @classmethod
    def new(cls, ruleset: Ruleset, dice: DiceSource, house_rules: dict[str, Any] | None = None,
            lang: str = "") -> Table:
        enc = Encounter(ruleset=ruleset.name, house_rules=house_rules or {})
        return cls(enc, ruleset, dice, lang=lang)

    def context(self, enc: Encounter | None = None) -> RulesContext:
        rs, lang = self.ruleset, self.lang
        use(self.language)
        return RulesContext(enc or self.enc, self.dice, self.tables, rs.round_seconds, lang,
                            label=lambda word: host(rs).label(word, lang), language=self.language,
                            ruleset=rs, port=self.port)

    def run(self, line: str, work: Callable[[RulesContext], None], *,
            undoable: bool = True) -> RulesContext:
        """Run ``work`` on a copy of the state; keep the result only if it succeeds.
        ``undoable=False`` (a free roll): only its log entries are kept — no state change,
        no undo step, and a later undo leaves them in the log."""
        working = self._working()
        ctx = self.context(working)
        work(ctx)
        if ctx.aborted is not None:  # a rule caught it, but the command cannot stand
            raise ctx.aborted
        ctx.commit()
        if not undoable:
            for e in ctx.entries:
                e.data["free"] = True
            free = self._number(ctx.entries)
            if free:
                if self.journal is not None:
                    self.journal("log", Step(line, None, None, 0), free)
                self.log_json.extend(free)
                self.changed = True
            return ctx
        after = _core_json(working)
        library = working.templates
        if after == self.core_json and library is self.library and not ctx.entries:
            return ctx
        before_obj, after_obj = self._core_obj(), json.loads(after)
        fwd, back = diff(before_obj, after_obj), diff(after_obj, before_obj)
        if library is not self.library:   # ``import``: the library's change, at its key
            lib_before, lib_after = self._library_obj(), _library_obj(library)
            fwd += diff(lib_before, lib_after, [LIBRARY])
            back += diff(lib_after, lib_before, [LIBRARY])
        entries = self._number(ctx.entries)
        step = Step(line, fwd, back, len(entries))
        if self.journal is not None:
            self.journal("do", step, entries)
        self.history.push(step)
        self.enc = working
        self.core_json, self._core = after, (after, after_obj)
        if library is not self.library:
            self.library, self._library = library, (library, lib_after)
        self._full = None
        self.log_json.extend(entries)
        self.changed = True
        return ctx

    # -- the state: the fight's own part, copied by each command, and the library -------------
    # The stat-block library (``Encounter.templates``, filled by ``import``) is not fight state:
    # it is kept once, by reference, and handed to each command's working copy as it is; a
    # command that changes it (``import``) gives the copy a new dict, never edits it in place.
    # So a command costs what the fight holds, whatever the library's size. The save and the
    # undo history see one state as before: the library at its key (``templates``).

    def _set_state(self, enc: Encounter) -> None:
        self.enc = enc
        self.library = enc.templates
        self.core_json = _core_json(enc)
        self._core = ("", None)
        self._library = (None, None)
        self._full = None

    def _working(self) -> Encounter:
        """A deep copy of the fight's state for a command, the library shared with it."""
        working = Encounter.model_validate_json(self.core_json)  # a deep copy, faster
        working.templates = self.library
        return working

    @property
    def state_json(self) -> str:
        """The whole state as JSON (the library at its key), as the save file holds it."""
        full = self._full
        if full is None:   # the library's JSON at its place among the keys, as pydantic has it
            if self._lib_json[0] is not self.library:
                self._lib_json = (self.library, json.dumps(
                    self._library_obj(), ensure_ascii=False, separators=(",", ":")))
            head = self.enc.model_dump_json(include=_BEFORE)
            tail = self.enc.model_dump_json(include=_AFTER)
            full = self._full = f'{head[:-1]},"{LIBRARY}":{self._lib_json[1]},{tail[1:]}'
        return full

    @state_json.setter
    def state_json(self, text: str) -> None:
        self._set_state(Encounter.model_validate_json(text))

    def set_state(self, enc: Encounter) -> None:
        """Replace the state with ``enc`` (a fresh fight made from an earlier one)."""
        self._set_state(enc)

    def _core_obj(self) -> Any:
        if self._core[0] is not self.core_json:
            self._core = (self.core_json, json.loads(self.core_json))
        return self._core[1]

    def _library_obj(self) -> Any:
        if self._library[0] is not self.library:
            self._library = (self.library, _library_obj(self.library))
        return self._library[1]

    def setting(self, work: Callable[[RulesContext], None]) -> None:
        """A change that is the session's setting, not a step of the fight (``play --dice
        MODE``): kept and saved (as a fresh snapshot), logged nowhere, never undone."""
        working = self._working()
        ctx = self.context(working)
        work(ctx)
        if ctx.aborted is not None:  # a rule caught it, but the command cannot stand
            raise ctx.aborted
        ctx.commit()
        self._restore(working)

    def state_obj(self) -> Any:
        """The whole state as plain JSON values (a fresh object: the report reads it)."""
        return {**self._core_obj(), LIBRARY: self._library_obj()}

    def peek(self, work: Callable[[RulesContext], None]) -> RulesContext:
        """Run read-only ``work`` (status, help): nothing it does is kept."""
        ctx = self.context(self._working())
        work(ctx)
        return ctx

    @property
    def log(self) -> list[LogEntry]:
        """The whole log, parsed (for views and tests; the table itself keeps only text)."""
        return [LogEntry.model_validate_json(x) for x in self.log_json]

    def log_tail(self, n: int) -> list[LogEntry]:
        return [LogEntry.model_validate_json(x) for x in self.log_json[-n:]] if n else self.log

    def _number(self, entries: list[LogEntry]) -> list[str]:
        for i, e in enumerate(entries, start=len(self.log_json) + 1):
            e.seq = i
        return [_entry_json(e) for e in entries]

    def undo(self) -> str:
        if not self.history.undo:
            raise CommandError("nothing to undo")
        step = self.history.undo[-1]
        core, library = self._moved(step.back or [])
        enc = self._validate(core, library)
        if self.journal is not None:
            self.journal("undo", step, [])
        self.history.step_back(None, None, self.log_json, fwd=self._change(core, library))
        self._restore(enc)
        return step.line

    def redo(self) -> str:
        if not self.history.redo:
            raise CommandError("nothing to redo")
        step = self.history.redo[-1]
        core, library = self._moved(step.fwd or [])
        enc = self._validate(core, library)
        try:
            for text in step.log:
                LogEntry.model_validate_json(text)
        except ValueError:
            raise CommandError("the redo history is damaged; nothing was changed") from None
        if self.journal is not None:
            self.journal("redo", step, [])
        self.history.step_forward(None, None, self.log_json, back=self._change(core, library))
        self._restore(enc)
        return step.line

    def _moved(self, patch: list[list[Any]]) -> tuple[Any, Any]:
        """The fight's state and the library (None: unchanged) after ``patch``, made on fresh
        copies; only a patch that reaches the library copies it."""
        mine = [e for e in patch if e[:1] and e[0][:1] == [LIBRARY]]
        whole = any(e[:1] and not e[0] for e in patch)   # the root replaced: both parts
        try:
            if whole:
                state = apply({**json.loads(self.core_json), LIBRARY: self._library_copy()},
                              patch)
                library = state.pop(LIBRARY, {})
                return state, library
            rest = [e for e in patch if not (e[:1] and e[0][:1] == [LIBRARY])]
            core = apply(json.loads(self.core_json), rest)
            library = apply({LIBRARY: self._library_copy()}, mine)[LIBRARY] if mine else None
            return core, library
        except (LookupError, TypeError, ValueError):
            raise CommandError("the undo history is damaged; nothing was changed") from None

    def _library_copy(self) -> Any:
        return json.loads(json.dumps(self._library_obj()))

    def _change(self, core: Any, library: Any) -> list[list[Any]]:
        """The patch from ``core`` and ``library`` (None: the library now) to the state now."""
        out = diff(core, self._core_obj())
        if library is not None:
            out += diff(library, self._library_obj(), [LIBRARY])
        return out

    def _validate(self, core: Any, library: Any = None) -> Encounter:
        from combat_cli.engine.contract import state

        try:
            enc = Encounter.model_validate(core)
            state.check(self.ruleset, enc)   # the library is checked where it changed only
            if library is None:
                enc.templates = self.library
            else:
                lib = Encounter.model_validate({"ruleset": enc.ruleset, LIBRARY: library})
                state.check_stats(self.ruleset, lib)
                enc.templates = lib.templates
        except (ValueError, CommandError):
            raise CommandError("the undo history is damaged; nothing was changed") from None
        return enc

    def _restore(self, enc: Encounter) -> None:
        cached = self._library
        self._set_state(enc)
        if cached[0] is enc.templates:   # the same library: its JSON is still good
            self._library = cached
        self.tables = host(self.ruleset).tables(self.enc.house_rules)
        self.changed = True


LIBRARY = "templates"
"""The encounter's key for the stat-block library."""


_FIELDS = list(Encounter.model_fields)
_BEFORE = set(_FIELDS[:_FIELDS.index(LIBRARY)])
_AFTER = set(_FIELDS[_FIELDS.index(LIBRARY) + 1:])


def _core_json(enc: Encounter) -> str:
    """The fight's own state as JSON: all but the library."""
    return enc.model_dump_json(exclude={LIBRARY})


def _library_obj(library: dict[str, Template]) -> Any:
    return {k: v.model_dump(mode="json") for k, v in library.items()}


def _entry_json(e: LogEntry) -> str:
    """Compact JSON of a log entry: empty fields are left out (loading fills them back)."""
    return e.model_dump_json(exclude_defaults=True)
