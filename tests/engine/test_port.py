"""The table's port: the rules ask for dice and answers, and show what is known, through the
front end handed to the table, never through patched attributes. One command, with the
keyboard or a fake phone answering the same roll (the first answer wins)."""

from __future__ import annotations

import threading

from combat_cli import plugins
from combat_cli.commands.registry import dispatch
from combat_cli.dice import Answer, DiceQuestion, RandomDice, TableDice
from combat_cli.engine.contract.port import Question
from combat_cli.engine.table import Table
from combat_cli.repl.port import FrontPort
from combat_cli.web.hub import Hub, Race

ROSTER = ['add Mina side=pc Instincts=3D+2 "Missile Weapons=5D" weapon="Repeating Crossbow"',
          "add Thug Instincts=2D Brawling=3D Strength=3D Constitution=3D", "start",
          "declare Mina shoot Thug", "declare Thug brawl Mina"]


class Keyboard(FrontPort):
    """A GM who answers every roll with ``typed`` (after ``delay`` seconds, if a phone is
    racing), and records what was asked and shown."""

    def __init__(self, typed: str, delay: float = 0.0) -> None:
        super().__init__()
        self.typed, self.delay = typed, delay
        self.asked: list[DiceQuestion] = []
        self.shown: list[str] = []

    def show(self, entries) -> None:  # noqa: ANN001
        self.shown += [e.text for e in entries]

    def ask_dice(self, question: DiceQuestion, race: Race | None = None) -> Answer | None:
        self.asked.append(question)
        if race is not None and race.event.wait(self.delay):
            return race.answer  # the phone came first
        answer = Answer(" ".join([self.typed] * question.spec.dice_count))
        if race is not None and not race.offer(answer, ""):
            return race.answer
        return answer

    def ask(self, question: Question, race: Race | None = None) -> str | None:
        return "y"


def table_with(port: Keyboard) -> Table:
    dice = TableDice("auto", RandomDice(4), port)
    t = Table.new(plugins.load("d6"), dice)
    t.connect(port)
    for line in ROSTER:
        assert not dispatch(t, line).error
    dice.mode = "players"  # from now on, the PCs' rolls are asked
    return t


def test_the_keyboard_answers_a_pcs_roll_through_the_port() -> None:
    port = Keyboard("6")
    t = table_with(port)
    out = dispatch(t, "resolve")
    assert not out.error
    assert port.asked and all(q.by is not None and q.by.name == "Mina" for q in port.asked)
    assert "Missile Weapons 5D" in " ".join(q.purpose for q in port.asked)
    shot = next(e for e in t.log if e.action == "shoot" and e.faces)
    assert shot.faces == [6, 6, 6, 6, 6] and "by" not in shot.data
    assert port.shown  # what was known was shown before a roll was asked
    assert not hasattr(t, "ask") and not hasattr(t.dice, "sink")  # nothing patched on


class PhonePort(Keyboard):
    """The same front end with a phone that answers from another thread, first."""

    def __init__(self, hub: Hub) -> None:
        super().__init__("1", delay=5)
        self.hub = hub

    def ask_dice(self, question: DiceQuestion, race: Race | None = None) -> Answer | None:
        race = self.hub.ask(("c1",), {"kind": "dice"}, lambda pc, body: Answer(
            " ".join(map(str, body["faces"])), "phone"))
        phone = threading.Thread(target=lambda: self.hub.answer(
            _device(self.hub), {"id": race.question["id"], "faces": [5] * question.spec.dice_count}))
        phone.start()
        try:
            return super().ask_dice(question, race)
        finally:
            phone.join()
            self.hub.settle(race)


def _device(hub: Hub):  # noqa: ANN202
    hub.publish({}, {"c1": {"name": "Mina"}})
    status, token = hub.join("test", "phone", pc="Mina", code=hub.code)
    assert status == 200
    device = hub.device(token)
    assert device is not None
    return device


def test_a_phone_answers_the_same_roll_first_and_the_log_says_so() -> None:
    port = PhonePort(Hub())
    t = table_with(port)
    out = dispatch(t, "resolve")
    assert not out.error, out.error
    shot = next(e for e in t.log if e.action == "shoot" and e.faces)
    assert shot.faces == [5, 5, 5, 5, 5] and shot.data["by"] == "phone"
    assert shot.text.endswith("(phone)")


class Refusing(Keyboard):
    """A front end whose every answer to a question is one the rules cannot use."""

    def ask(self, question: Question, race: Race | None = None) -> str | None:
        from combat_cli.engine.domain.errors import RollAborted

        raise RollAborted("type one of: {choices}", choices=", ".join(question.choices))


def test_an_answer_that_cannot_be_had_abandons_the_command_even_if_a_rule_catches_it() -> None:
    """A rule that turns its errors into an outcome (a lapse) cannot keep a command whose
    roll or answer could not be had: the table refuses the whole command, nothing changed."""
    import pytest

    from combat_cli.engine.domain.errors import RollAborted, RuleError

    t = table_with(Refusing("6"))
    before = t.state_json

    def lapses_on_error(ctx) -> None:  # noqa: ANN001
        try:
            ctx.ask("react?", ("dodge", "pass"), ("Mina",))
        except RuleError:
            ctx.note("it lapses")

    with pytest.raises(RollAborted) as e:
        t.run("a rule that catches", lapses_on_error)
    assert e.value.key == "type one of: {choices}"
    assert t.state_json == before
