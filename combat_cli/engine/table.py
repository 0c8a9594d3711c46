"""A table at play: the encounter, its log, its undo history, its ruleset, tables and dice.

:meth:`Table.run` is the one way state changes: a command works on a deep copy of the
encounter through a :class:`RulesContext`; only if it finishes is the copy kept, its log
entries appended and an undo snapshot pushed. An error leaves everything as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from combat_cli.engine.context import RulesContext
from combat_cli.engine.errors import CommandError
from combat_cli.engine.history import History, RedoEntry, UndoEntry
from combat_cli.engine.models import Encounter, LogEntry
from combat_cli.locale import _, use

if TYPE_CHECKING:
    from combat_cli.dice import DiceSource
    from rulesets.base import Ruleset


class Table:
    def __init__(self, enc: Encounter, ruleset: Ruleset, dice: DiceSource,
                 log: list[LogEntry] | None = None, log_json: list[str] | None = None,
                 history: History | None = None, lang: str = "") -> None:
        self.enc = enc
        self.ruleset = ruleset
        self.dice = dice
        if lang == ruleset.language:
            lang = ""
        if lang and lang not in ruleset.languages:
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
        self.changed = False
        """True when something changed since the last save."""

    @classmethod
    def new(cls, ruleset: Ruleset, dice: DiceSource, house_rules: dict[str, Any] | None = None,
            lang: str = "") -> Table:
        enc = Encounter(ruleset=ruleset.name, house_rules=house_rules or {})
        return cls(enc, ruleset, dice, lang=lang)

    def context(self, enc: Encounter | None = None) -> RulesContext:
        rs, lang = self.ruleset, self.lang
        use(self.language)
        return RulesContext(enc or self.enc, self.dice, self.tables, rs.round_seconds, lang,
                            label=lambda word: rs.label(word, lang), language=self.language)

    def run(self, line: str, work: Callable[[RulesContext], None], *,
            undoable: bool = True) -> RulesContext:
        """Run ``work`` on a copy of the state; keep the result only if it succeeds.
        ``undoable=False`` (a free roll): only its log entries are kept — no state change,
        no undo step, and a later undo leaves them in the log."""
        working = Encounter.model_validate_json(self.state_json)  # a deep copy, faster
        ctx = self.context(working)
        work(ctx)
        if not undoable:
            for e in ctx.entries:
                e.data["free"] = True
            self._append(ctx.entries)
            self.changed = self.changed or bool(ctx.entries)
            return ctx
        after = working.model_dump_json()
        if after == self.state_json and not ctx.entries:
            return ctx
        self.history.push(UndoEntry(line, self.state_json, len(self.log_json)))
        self.enc = working
        self.state_json = after
        self._append(ctx.entries)
        self.changed = True
        return ctx

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

    def _append(self, entries: list[LogEntry]) -> None:
        for i, e in enumerate(entries, start=len(self.log_json) + 1):
            e.seq = i
        self.log_json.extend(_entry_json(e) for e in entries)

    def undo(self) -> str:
        if not self.history.undo:
            raise CommandError("nothing to undo")
        u = self.history.undo[-1]
        enc = self._parse(u.state)
        self.history.undo.pop()
        after = self.log_json[u.log_len:]
        free = [x for x in after if _free(x)]  # free rolls stay in the log
        self.history.redo.append(RedoEntry(u.line, self.state_json,
                                           [x for x in after if not _free(x)]))
        self._restore(enc, u.state)
        del self.log_json[u.log_len:]
        self._renumber(free)
        self.changed = True
        return u.line

    def redo(self) -> str:
        if not self.history.redo:
            raise CommandError("nothing to redo")
        r = self.history.redo[-1]
        enc = self._parse(r.state)
        try:
            for text in r.log:
                LogEntry.model_validate_json(text)
        except ValueError:
            raise CommandError("the redo history is damaged; nothing was changed") from None
        self.history.redo.pop()
        self.history.undo.append(UndoEntry(r.line, self.state_json, len(self.log_json)))
        self._restore(enc, r.state)
        self._renumber(r.log)
        self.changed = True
        return r.line

    def _renumber(self, texts: list[str]) -> None:
        """Append entries kept as JSON, numbered on from the end of the log."""
        if texts:
            self._append([LogEntry.model_validate_json(x) for x in texts])

    @staticmethod
    def _parse(state: str) -> Encounter:
        try:
            return Encounter.model_validate_json(state)
        except ValueError:
            raise CommandError("the undo history is damaged; nothing was changed") from None

    def _restore(self, enc: Encounter, state: str) -> None:
        self.enc = enc
        self.state_json = state
        self.tables = self.ruleset.tables_for(self.enc.house_rules)


def _free(text: str) -> bool:
    """A free roll's entry (logged, never an undo step)."""
    return '"free":true' in text and LogEntry.model_validate_json(text).data.get("free") is True


def _entry_json(e: LogEntry) -> str:
    """Compact JSON of a log entry: empty fields are left out (loading fills them back)."""
    return e.model_dump_json(exclude_defaults=True)
