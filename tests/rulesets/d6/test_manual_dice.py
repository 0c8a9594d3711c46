"""A typed answer that does not fit (or a cancelled roll prompt) abandons the whole command:
the planned action stays planned, nothing changes, and the GM can type it again."""

from __future__ import annotations

from combat_cli import plugins
from combat_cli.commands.registry import dispatch
from combat_cli.dice import ManualDice, RandomDice
from combat_cli.engine.domain.errors import RollAborted
from combat_cli.engine.table import Table
from tests.conftest import fails


def test_a_wrong_manual_answer_does_not_lapse_the_planned_shot() -> None:
    answers = iter(["4 4"])

    def ask(spec, purpose):  # noqa: ANN001, ANN202
        return next(answers)
    t = Table.new(plugins.load("d6"), ManualDice(ask, RandomDice(1)))
    for line in ('add Mina side=pc Instincts=3D Firearms=4D weapon="Heavy Pistol"',
                 "add Orc Instincts=2D Constitution=3D", "start", "declare Mina shoot Orc"):
        assert dispatch(t, line).error is None
    assert fails(t, "resolve") == "4D needs 4 faces, got 2"  # still declaring, the shot planned
    assert t.enc.phase == "declare"


def test_a_cancelled_roll_prompt_abandons_the_command() -> None:
    def ask(spec, purpose):  # noqa: ANN001, ANN202
        raise RollAborted("roll cancelled; nothing was changed")
    t = Table.new(plugins.load("d6"), ManualDice(ask, RandomDice(1)))
    for line in ('add Mina side=pc Instincts=3D Firearms=4D weapon="Heavy Pistol"',
                 "add Orc Instincts=2D Constitution=3D", "start", "declare Mina shoot Orc"):
        assert dispatch(t, line).error is None
    assert fails(t, "resolve all") == "roll cancelled; nothing was changed"
