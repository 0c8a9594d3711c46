"""Shared helpers for the d12 tests: a table with fixed dice, and line runners."""

from __future__ import annotations

from typing import Any

from combat_cli.commands.registry import Output, dispatch
from combat_cli.dice import FixedDice
from combat_cli.engine.domain.models import Combatant, LogEntry
from combat_cli.engine.table import Table
from tests.conftest import fails

__all__ = ["body", "faces", "fails", "hits", "kinds", "out", "run", "table", "typed", "who"]


def table(faces: list[int] | None = None, house: dict[str, Any] | None = None) -> Table:
    from combat_cli import plugins

    return Table.new(plugins.load("d12"), FixedDice(faces or []), house_rules=house or {})


def typed(t: Table) -> Any:
    """The table's tables (house rules merged) as d12's typed model."""
    from combat_rulesets.d12.schema import Tables

    found = t.ruleset.typed_tables(t.enc.house_rules)
    assert isinstance(found, Tables)
    return found


def run(t: Table, *lines: str) -> list[LogEntry]:
    """Dispatch lines (each must succeed); return all log entries they made."""
    entries: list[LogEntry] = []
    for line in lines:
        out = dispatch(t, line)
        assert out.error is None, f"{line!r}: {out.error}"
        entries += out.entries
    return entries


def out(t: Table, line: str) -> Output:
    o = dispatch(t, line)
    assert o.error is None, f"{line!r}: {o.error}"
    return o


def faces(t: Table, *more: int) -> None:
    t.dice.queue.extend(more)  # type: ignore[attr-defined]


def who(t: Table, name: str) -> Combatant:
    return next(c for c in t.enc.combatants if c.name == name)


def body(t: Table, name: str) -> int:
    c = who(t, name)
    return int(c.data["max_hits"]["body"]) - int(c.data["taken"]["body"])


def hits(t: Table, name: str, track: str) -> int:
    c = who(t, name)
    return int(c.data["max_hits"][track]) - int(c.data["taken"][track])


def kinds(entries: list[LogEntry], kind: str) -> list[LogEntry]:
    return [e for e in entries if e.kind == kind]
