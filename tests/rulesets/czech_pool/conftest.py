"""Helpers for the czech_pool tests: a table with fixed dice, lines that must work."""

from __future__ import annotations

from typing import Any

import pytest
from combat_rulesets.czech_pool.state import Czp, Fighter, Souboj

from combat_cli import plugins
from combat_cli.commands.registry import dispatch
from combat_cli.dice import FixedDice
from combat_cli.engine.contract.view import RulesView
from combat_cli.engine.table import Table
from tests.conftest import fails


class T:
    def __init__(self, faces: list[int] | None = None, lang: str = "",
                 **house: dict[str, Any]) -> None:
        hr: dict[str, Any] = {"amb": {"notice_roll": False}}
        for k, v in house.items():
            hr.setdefault(k, {}).update(v)
        self.dice = FixedDice(faces or [])
        self.t = Table.new(plugins.load("czech_pool"), self.dice, house_rules=hr, lang=lang)
        self.entries: list[Any] = []

    def __call__(self, *lines: str) -> list[Any]:
        out_entries = []
        for line in lines:
            out = dispatch(self.t, line)
            assert out.error is None, f"{line!r}: {out.error}"
            out_entries += out.entries
        self.entries += out_entries
        return out_entries

    def fails(self, line: str) -> str:
        return fails(self.t, line)

    def faces(self, *faces: int) -> None:
        self.dice.queue += list(faces)

    def c(self, name: str) -> Any:
        return next(x for x in self.t.enc.combatants if x.name == name)

    def me(self, name: str) -> Fighter:
        """The typed state of a combatant (as the display hooks read it)."""
        return Fighter.of(RulesView(self.t.enc, self.t.ruleset), self.c(name))

    @property
    def czp(self) -> Czp:
        return Souboj.of(RulesView(self.t.enc, self.t.ruleset), self.t.enc).czp

    @property
    def turn(self) -> dict[str, Any]:
        """This turn's model (typed in the state) as plain values."""
        turn = self.czp.turn
        return turn.model_dump(mode="json") if turn else {}

    def pool(self, name: str) -> dict[str, Any]:
        return self.turn["pools"][self.c(name).id]

    def diff(self, name: str, other: str) -> int:
        return self.turn["diff"][self.c(name).id][self.c(other).id]["value"]

    def level(self, holder: str, victim: str) -> int:
        p = self.czp.pairs.get(f"{self.c(holder).id}>{self.c(victim).id}")
        return p.level if p else 0

    def kinds(self, kind: str) -> list[Any]:
        return [e for e in self.entries if e.kind == kind]


@pytest.fixture
def mk():
    return T
