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

from combat_cli.engine.context import RulesContext
from combat_cli.engine.errors import CommandError
from combat_cli.engine.history import History, Step, diff
from combat_cli.engine.models import Encounter, LogEntry
from combat_cli.engine.port import Port, Quiet
from combat_cli.locale import _, languages, use

if TYPE_CHECKING:
    from combat_cli.dice import DiceSource
    from combat_cli.engine.ruleset import Ruleset


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
            raise CommandError(_('{ruleset} has no display language "{lang}" ({shown})')
                               .format(ruleset=ruleset.name, lang=lang, shown=shown))
        self.lang = lang
        self.language = lang or ruleset.language
        """The language shown (``lang`` is "" for the ruleset's own)."""
        use(self.language)
        self.tables = ruleset.tables_for(enc.house_rules)
        self.log_json: list[str] = list(log_json) if log_json is not None else [
            _entry_json(e) for e in log or []]
        """Each log entry as JSON text; parsed only when something reads it."""
        self.history = history or History()
        self.state_json = enc.model_dump_json()
        self._obj: tuple[str, Any] = ("", None)
        self.changed = False
        """True when something changed since the last save (or the last full snapshot)."""
        self.journal: Journal | None = None
        self.port: Port = Quiet()
        """The front end the rules ask and show through (:meth:`connect`)."""

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
                            label=lambda word: rs.label(word, lang), language=self.language,
                            ruleset=rs, port=self.port)

    def run(self, line: str, work: Callable[[RulesContext], None], *,
            undoable: bool = True) -> RulesContext:
        """Run ``work`` on a copy of the state; keep the result only if it succeeds.
        ``undoable=False`` (a free roll): only its log entries are kept — no state change,
        no undo step, and a later undo leaves them in the log."""
        working = Encounter.model_validate_json(self.state_json)  # a deep copy, faster
        ctx = self.context(working)
        work(ctx)
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
        after = working.model_dump_json()
        if after == self.state_json and not ctx.entries:
            return ctx
        before_obj, after_obj = self.state_obj(), json.loads(after)
        entries = self._number(ctx.entries)
        step = Step(line, diff(before_obj, after_obj), diff(after_obj, before_obj), len(entries))
        if self.journal is not None:
            self.journal("do", step, entries)
        self.history.push(step)
        self.enc = working
        self.state_json = after
        self._obj = (after, after_obj)
        self.log_json.extend(entries)
        self.changed = True
        return ctx

    def state_obj(self) -> Any:
        """The state as plain JSON values (shared: never change it in place)."""
        if self._obj[0] is not self.state_json:
            self._obj = (self.state_json, json.loads(self.state_json))
        return self._obj[1]

    def peek(self, work: Callable[[RulesContext], None]) -> RulesContext:
        """Run read-only ``work`` (status, help): nothing it does is kept."""
        ctx = self.context(Encounter.model_validate_json(self.state_json))
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
        before = self._checked(self.history.before_last)
        enc = self._validate(before)
        if self.journal is not None:
            self.journal("undo", step, [])
        self.history.step_back(before, self.state_obj(), self.log_json)
        self._restore(enc)
        return step.line

    def redo(self) -> str:
        if not self.history.redo:
            raise CommandError("nothing to redo")
        step = self.history.redo[-1]
        after = self._checked(self.history.after_next)
        enc = self._validate(after)
        try:
            for text in step.log:
                LogEntry.model_validate_json(text)
        except ValueError:
            raise CommandError("the redo history is damaged; nothing was changed") from None
        if self.journal is not None:
            self.journal("redo", step, [])
        self.history.step_forward(self.state_obj(), after, self.log_json)
        self._restore(enc)
        return step.line

    def _checked(self, move: Callable[[Any], Any]) -> Any:
        """The state ``move`` leads to, from a fresh copy of the current one."""
        try:
            return move(json.loads(self.state_json))
        except (LookupError, TypeError, ValueError):
            raise CommandError("the undo history is damaged; nothing was changed") from None

    def _validate(self, obj: Any) -> Encounter:
        from combat_cli.engine import state

        try:
            enc = Encounter.model_validate(obj)
            state.check(self.ruleset, enc)
        except (ValueError, CommandError):
            raise CommandError("the undo history is damaged; nothing was changed") from None
        return enc

    def _restore(self, enc: Encounter) -> None:
        self.enc = enc
        self.state_json = enc.model_dump_json()
        self.tables = self.ruleset.tables_for(self.enc.house_rules)
        self.changed = True


def _entry_json(e: LogEntry) -> str:
    """Compact JSON of a log entry: empty fields are left out (loading fills them back)."""
    return e.model_dump_json(exclude_defaults=True)
