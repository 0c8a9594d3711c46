"""Helpers for the Storypath tests: tables with fixed dice, typed lines, the state."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import fails, run  # noqa: F401 - the core's helpers: dispatch, no error / one-line error, nothing changed

S = 8  # a success on a d10 (TN 8)
F = 1  # a failure
T = 10  # a success that is rolled again


def new_table(faces: list[int] | None = None, house: dict[str, Any] | None = None):  # noqa: ANN201
    from combat_cli import plugins
    from combat_cli.dice import FixedDice
    from combat_cli.engine.table import Table

    return Table.new(plugins.load("storypath"), FixedDice(faces or []), house_rules=house)


def feed(t, *faces: int) -> None:  # noqa: ANN001
    """Queue more faces for the next rolls."""
    t.dice.queue.extend(faces)


def who(t, name: str):  # noqa: ANN001, ANN201
    from combat_cli.engine.domain.queries import find_combatant

    return find_combatant(t.enc, name)


def texts(out) -> str:  # noqa: ANN001
    return "\n".join(e.text for e in out.entries)


def last(t, kind: str):  # noqa: ANN001, ANN201
    return next(e for e in reversed(t.log) if e.kind == kind)


def levels(t, name: str) -> list[str]:  # noqa: ANN001
    return [i["level"] for i in who(t, name).data.get("injuries", [])]


@pytest.fixture
def duel():  # noqa: ANN201
    """Ann (PC, initiative 5 dice) vs Orc (SGC, static Defense 2, initiative 3 dice), started:
    Ann rolls 2 successes, the Orc 1; Ann holds PC slot (2) and acts."""
    t = new_table([S, S, F, F, F, S, F, F])
    run(t, "add Ann side=pc might=3 dexterity=2 stamina=3 cunning=2 composure=2 close_combat=3 "
           "athletics=2 weapon=sword",
        "add Orc cunning=1 close_combat=2 might=2 stamina=2 defense=2 weapon=club",
        "start")
    return t


def view(t):  # noqa: ANN001, ANN201
    """What a display hook sees of the table now (typed state, tables)."""
    from combat_cli.api import RulesView

    return RulesView(t.enc, t.ruleset)
