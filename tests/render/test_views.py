"""Typed views and results: every view a command can ask for renders, each verb asks for its
view as an object (no view names), ``save`` is a request the front end honours, not a view."""

from __future__ import annotations

import io
from pathlib import Path
from typing import get_args

import pytest

from combat_cli.commands import registry
from combat_cli.commands.registry import Verb, all_verbs, dispatch
from combat_cli.commands.results import Output, SaveRequest
from combat_cli.commands.views import (
    ActionHelp,
    CombatantView,
    HelpView,
    LogView,
    RosterView,
    RoundView,
    RulesHelp,
    StatusView,
    VerbHelp,
    View,
    WhereView,
    WhyView,
)
from combat_cli.render.console import make_console
from combat_cli.render.output import print_output, print_view
from combat_cli.repl.driver import Driver
from combat_cli.store.savefile import read_json
from tests.conftest import fails, run


def turns_table(make_table):  # noqa: ANN001, ANN201
    t = make_table([12, 4], ruleset="toyturns")
    run(t, "add Ann side=pc speed=2 skill=5", "add Bob", "start", "act Ann attack Bob",
        "timer Bell in=2h who=Ann")
    return t


def shown(t, view: View) -> str:  # noqa: ANN001
    buf = io.StringIO()
    print_view(make_console(buf, width=100), t, view)
    return buf.getvalue()


def test_every_view_type_renders(make_table) -> None:  # noqa: ANN001
    t = turns_table(make_table)
    ann = t.enc.combatants[0]
    hit = next(e for e in t.log if e.kind == "attack")
    expected: list[tuple[View, tuple[str, ...]]] = [
        (RoundView(), ("Acts: Ann", "Bob", "6/10")),
        (StatusView(), ("Bob", "due in 2h", "Bell")),
        (WhereView(), ("Round 1", "Acts: Ann")),
        (CombatantView(ann.id), ("Ann", "skill", "Bell (2h)")),
        (RosterView((ann,)), ("Ann", "skill=5")),
        (LogView(0), ("Ann joins (pc)", "Round 1 begins")),
        (WhyView(hit), ("#4", "Ann attacks Bob: 17 vs 10, hit", "faces 12")),
        (HelpView(), ("Verbs (toyturns)", "undo", "attack")),
        (VerbHelp(all_verbs(t)["act"]), ("act NAME ACTION [TARGET]", "dodge *")),
        (ActionHelp(t.ruleset.actions[0]), ("attack TARGET [bonus=...]", "bonus= (number)")),
        (RulesHelp(), ("House-rule switches", "difficulty")),
    ]
    assert {type(v) for v, _ in expected} == set(get_args(View)), "a view type is not tested"
    for view, words in expected:
        text = shown(t, view)
        for word in words:
            assert word in text, f"{view!r}: {word!r} not in {text!r}"


def test_where_says_nothing_while_declaring(make_table) -> None:  # noqa: ANN001
    t = make_table([12, 4])
    run(t, "add Ann", "add Bob", "start")
    assert t.enc.phase == "declare" and shown(t, WhereView()) == ""


@pytest.mark.parametrize(("line", "views"), [
    ("status", [StatusView()]),
    ("log", [LogView(20)]),
    ("log 3", [LogView(3)]),
    ("log all", [LogView(0)]),
    ("help", [HelpView()]),
    ("help rules", [RulesHelp()]),
    ("undo", [WhereView()]),
    ("next", [WhereView()]),
    ("end", [RoundView()]),
    ("save", []),
])
def test_verbs_ask_for_view_objects(make_table, line: str, views: list[View]) -> None:  # noqa: ANN001
    t = turns_table(make_table)
    assert run(t, line).views == views


def test_views_that_carry_what_the_command_found(make_table) -> None:  # noqa: ANN001
    t = turns_table(make_table)
    ann = t.enc.combatants[0]
    assert run(t, "status An").views == [CombatantView(ann.id)]
    (why,) = run(t, "why 4").views
    assert isinstance(why, WhyView) and why.entry.seq == 4 and why.entry.kind == "attack"
    (roster,) = run(t, "add Cid skill=2").views
    assert isinstance(roster, RosterView) and [c.name for c in roster.added] == ["Cid"]
    (verb_help,) = run(t, "help act").views
    assert isinstance(verb_help, VerbHelp) and verb_help.verb.name == "act"
    (action,) = run(t, "help dodge").views
    assert isinstance(action, ActionHelp) and action.action.name == "dodge"


def test_save_is_a_request_not_a_view(make_table) -> None:  # noqa: ANN001
    t = make_table()
    out = run(t, "save")
    assert out.save == SaveRequest(None) and out.views == []
    out = run(t, "save copy.json")
    assert out.save == SaveRequest(Path("copy.json")) and out.views == []
    assert run(t, "status").save is None
    assert "save takes at most one file" in fails(t, "save a b")


def test_the_driver_honours_a_save_request(make_table, tmp_path) -> None:  # noqa: ANN001
    f, copy = tmp_path / "f.json", tmp_path / "copy.json"
    buf = io.StringIO()
    driver = Driver(make_table(), f, make_console(buf, width=100))
    driver.handle("add Ann")
    assert driver.handle("save").error is None and f"saved {f}" in buf.getvalue()
    assert driver.handle(f"save {copy}").error is None
    assert f"copy saved to {copy}" in buf.getvalue()
    saved = read_json(copy)
    assert saved["app"] == "combat-cli"
    assert [c["name"] for c in saved["encounter"]["combatants"]] == ["Ann"]
    out = driver.handle(f"save {copy}")            # a copy never overwrites
    assert out.error is not None and "already exists" in out.error
    driver.close()


def test_a_demo_has_nothing_to_save_to_but_can_save_a_copy(make_table, tmp_path) -> None:  # noqa: ANN001
    buf = io.StringIO()
    driver = Driver(make_table(), None, make_console(buf, width=100))
    assert driver.handle("save").error is None and "nothing to save to" in buf.getvalue()
    assert driver.handle(f"save {tmp_path / 'demo.json'}").error is None
    assert (tmp_path / "demo.json").exists()


def test_a_crash_is_flagged_internal_a_refusal_is_not(make_table, monkeypatch) -> None:  # noqa: ANN001
    t = make_table()

    def boom(cmd: registry.Cmd) -> None:
        raise ZeroDivisionError("division by zero")

    all_verbs()  # the core verbs are registered before one is added for this test
    monkeypatch.setitem(registry.VERBS, "boom", Verb("boom", "boom", "crash", boom,
                                                     mutates=False))
    out = dispatch(t, "boom")
    assert out.internal and out.error is not None and out.error.startswith("internal error")
    out = dispatch(t, "status Nobody")
    assert out.error is not None and not out.internal


def test_output_prints_roster_and_round_entries_once(make_table) -> None:  # noqa: ANN001
    t = make_table([12, 4], ruleset="toyturns")
    run(t, "add Ann side=pc speed=2 skill=5")
    buf = io.StringIO()
    print_output(make_console(buf, width=100), t, dispatch(t, "add Bob skill=1"))
    assert buf.getvalue().count("Bob") == 1          # the roster view, not the entry too
    buf = io.StringIO()
    print_output(make_console(buf, width=100), t, dispatch(t, "start"))
    assert "Round 1 begins" not in buf.getvalue()  # the round view says it
    print_output(make_console(buf, width=100), t, Output(notes=["a note"]))
    assert "a note" in buf.getvalue()
