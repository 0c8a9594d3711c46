"""Who rolls (auto, manual, players, a combatant's own dice=) and what is shown before a roll
is asked; a physical d10's 0 read as 10."""

from __future__ import annotations

import pytest

from combat_cli.dice import (
    DiceError,
    FixedDice,
    ManualDice,
    Roller,
    TableDice,
    parse,
    parse_answer,
)
from combat_cli.dice.modes import asks
from combat_cli.engine.contract.context import RulesContext
from combat_cli.engine.contract.port import Quiet
from combat_cli.engine.domain.models import Combatant, Encounter

PC, NPC = Roller("Mina", True), Roller("Thug", False)


@pytest.mark.parametrize("mode,by,asked", [
    ("auto", PC, False), ("auto", NPC, False), ("auto", None, False),
    ("manual", PC, True), ("manual", NPC, True), ("manual", None, True),
    ("players", PC, True), ("players", NPC, False), ("players", None, False),
    ("auto", Roller("Thug", False, "manual"), True),
    ("players", Roller("Thug", False, "manual"), True),
    ("manual", Roller("Mina", True, "auto"), False),
    ("players", Roller("Mina", True, "auto"), False),
])
def test_who_is_asked(mode, by, asked):
    assert asks(mode, by) is asked


def test_table_dice_ask_only_the_rolls_the_mode_gives_to_people():
    questions: list[str] = []

    def ask(spec, purpose):  # noqa: ANN001, ANN202
        questions.append(purpose)
        return "6 6"
    d = TableDice("players", FixedDice([1, 2, 3, 4]), ask)
    assert d.roll(parse("2d6"), "Thug: punch", by=NPC).faces == (1, 2)
    r = d.roll(parse("2d6"), "Mina: shoot", by=PC)
    assert r.faces == (6, 6) and r.manual and questions == ["Mina: shoot"]
    d.mode = "auto"
    assert d.roll(parse("2d6"), "Mina: shoot", by=PC).faces == (3, 4)
    assert TableDice("manual", FixedDice([]), None).will_ask(PC) is False  # nobody to ask


def test_a_dash_or_nothing_lets_the_tracker_roll():
    for answer in ("-", "", "  ", None):
        d = ManualDice(lambda spec, purpose, a=answer: a, FixedDice([5]))
        r = d.roll(parse("1d6"), "x")
        assert r.faces == (5,) and not r.manual


def test_a_d10_showing_0_is_10():
    r = parse_answer(parse("3d10"), "0 0 7")
    assert r.faces == (10, 10, 7) and r.total == 27
    r = parse_answer(parse("4d10>=8"), "0 8 1 0")
    assert r.faces == (10, 8, 1, 10) and r.total == 3
    r = parse_answer(parse("2d10!"), "0 3 4")  # the 10 explodes: one more die
    assert r.faces == (10, 3, 4) and r.total == 17
    with pytest.raises(DiceError, match=r"1\.\.6, not 0"):
        parse_answer(parse("2d6"), "0 3")
    with pytest.raises(DiceError, match=r"0 counts as 10 on a d10"):
        parse_answer(parse("2d10"), "11 3")


class Shown(Quiet):
    """A front end that records what it was shown."""

    def __init__(self, shown: list[list[str]]) -> None:
        self.shown = shown

    def show(self, entries) -> None:  # noqa: ANN001
        self.shown.append([e.text for e in entries])


def _ctx(dice, port=None) -> RulesContext:  # noqa: ANN001
    enc = Encounter(ruleset="toy", combatants=[
        Combatant(id="1", name="Mina", side="pc"),
        Combatant(id="2", name="Mina Thug", side="npc"),
        Combatant(id="3", name="Ann", side="pc", data={"dice": "auto"})])
    return RulesContext(enc, dice, {}, port=port)


def test_the_roller_is_named_by_the_purpose_or_given():
    ctx = _ctx(FixedDice([]))
    assert ctx.roller(None, "Mina: shoot") == Roller("Mina", True)
    assert ctx.roller(None, "Mina Thug: punch") == Roller("Mina Thug", False)  # longest name
    assert ctx.roller(None, "difficulty +2D") is None  # the GM's own roll
    assert ctx.roller(None, "Ann: dodge") == Roller("Ann", True, "auto")
    assert ctx.roller(ctx.enc.combatants[1], "anything") == Roller("Mina Thug", False)


def test_what_is_logged_is_shown_before_a_roll_is_asked_and_only_once():
    shown: list[list[str]] = []
    asked_after: list[int] = []

    def ask(spec, purpose):  # noqa: ANN001, ANN202
        asked_after.append(sum(len(x) for x in shown))
        return None
    dice = TableDice("players", FixedDice([6, 6, 6, 6]), ask)
    ctx = _ctx(dice, Shown(shown))
    ctx.log("round starts")
    ctx.roll("1d6", "Mina Thug: punch")  # rolled: nothing needs showing yet
    assert shown == []
    ctx.log("Mina Thug hits")
    ctx.roll("1d6", "Mina: resist")  # asked: what is known is shown first
    assert shown == [["round starts", "Mina Thug hits"]] and asked_after == [2]
    ctx.log("Mina resists")
    ctx.roll("1d6", "Mina: again")
    assert shown[-1] == ["Mina resists"] and ctx.shown == 3
