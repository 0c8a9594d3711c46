"""Helpers for the D6 tests: tables with fixed dice, running lines, reading the log."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import fails

LECTOR = ('add Lector side=pc Instincts=3D+1 Dodge=4D Brawling=4D Firearms=4D Strength=3D '
          'Constitution=3D "First Aid=3D" weapon="Heavy Pistol"')
MINA = ('add Mina side=pc Instincts=3D+2 Dodge=4D "Missile Weapons=5D" Strength=2D '
        'Constitution=3D weapon="Repeating Crossbow"')
THUG = ('add "Demon Thug" Instincts=2D Firearms=3D Brawling=3D Strength=2D Constitution=2D '
        'weapon="Heavy Pistol"')


def faces(n: int, total: int) -> list[int]:
    """``n`` d6 faces summing to ``total``."""
    assert n <= total <= 6 * n, (n, total)
    out = [1] * n
    left = total - n
    for i in range(n):
        add = min(5, left)
        out[i] += add
        left -= add
    return out


def lector_has_acted(t: T) -> None:
    """Lector shoots at the thug (and misses): he has acted once when the thug shoots back."""
    t(LECTOR, THUG, "start", 'declare Lector shoot "Demon Thug"',
      'declare "Demon Thug" shoot Lector')
    t.dice(faces(4, 4))
    t("resolve")


class T:
    """A D6 table driven by fixed dice: ``t.dice(...)`` queues faces, ``t(line)`` runs a line
    and fails on an error, ``t.err(line)`` expects one and checks nothing changed."""

    def __init__(self, house: dict[str, Any] | None = None) -> None:
        from combat_cli import plugins
        from combat_cli.dice import FixedDice
        from combat_cli.engine.table import Table

        self.fixed = FixedDice([])
        self.table = Table.new(plugins.load("d6"), self.fixed, house_rules=house or {})
        self.entries: list[Any] = []

    def dice(self, *groups: int | list[int]) -> T:
        for g in groups:
            self.fixed.queue.extend(g if isinstance(g, list) else [g])
        return self

    def __call__(self, *lines: str) -> Any:
        from combat_cli.commands.registry import dispatch

        out = None
        for line in lines:
            out = dispatch(self.table, line)
            assert out.error is None, f"{line!r}: {out.error}"
            self.entries.extend(out.entries)
        return out

    def err(self, line: str) -> str:
        queued = list(self.fixed.queue)
        error = fails(self.table, line)
        self.fixed.queue[:] = queued
        return error

    @property
    def enc(self) -> Any:
        return self.table.enc

    def c(self, name: str) -> Any:
        return next(x for x in self.enc.combatants if x.name == name)

    def state(self, name: str | None = None) -> Any:
        """The typed D6 state of the combatant ``name`` (None: of the encounter)."""
        from combat_cli.api import RulesView

        view = RulesView(self.enc, self.table.ruleset)
        return view.state(self.enc if name is None else self.c(name))

    def asked(self) -> list[str]:
        return list(self.fixed.asked)

    def last(self, kind: str, **match: Any) -> Any:
        for e in reversed(self.table.log):
            if e.kind == kind and all(getattr(e, k) == v for k, v in match.items()):
                return e
        raise AssertionError(f"no {kind} entry {match}")

    def all(self, kind: str, **match: Any) -> list[Any]:
        return [e for e in self.table.log
                if e.kind == kind and all(getattr(e, k) == v for k, v in match.items())]

    def done(self) -> None:
        assert not self.fixed.queue, f"unused faces {self.fixed.queue}"


@pytest.fixture
def t() -> T:
    return T()


@pytest.fixture
def mk():
    return T
