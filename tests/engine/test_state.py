"""Typed ruleset state (engine/contract/state.py): read and written as fields, kept only when the command
succeeds, validated and migrated on load; display hooks get a read-only view; a system without a
capability refuses its verbs in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import Field

from combat_cli import plugins
from combat_cli.api import (
    ActionRequest,
    ActionSpec,
    Combatant,
    CombatantState,
    EncounterState,
    RuleError,
    RulesContext,
    Ruleset,
    RulesView,
    StatSpec,
)
from combat_cli.commands.registry import dispatch
from combat_cli.dice import RandomDice
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.table import Table
from combat_cli.store.fileio import SaveError
from combat_cli.store.savefile import load, save
from tests.conftest import fails, unchanged
from tests.saves import edit_encounter


class Fighter(CombatantState):
    marks: list[str] = Field(default_factory=list)
    focus: int = 0


class Fight(EncounterState):
    alarm: int = 0


class Marks(Ruleset):
    """Turn-based, no healing: ``act NAME mark`` marks; ``act NAME fail`` marks, then refuses."""

    name = "marks"
    title = "test"
    stats = (StatSpec("skill", "", int, 0),)
    actions = (ActionSpec("mark", target="none"), ActionSpec("fail", target="none"))
    combatant_state = Fighter
    encounter_state = Fight

    def act(self, ctx: RulesContext, c: Combatant, action: ActionRequest) -> None:
        me = Fighter.of(ctx, c)
        me.marks.append(f"r{ctx.enc.round}")
        me.focus += 1
        Fight.of(ctx, ctx.enc).alarm += 1
        if action.name == "fail":
            raise RuleError("no: nothing is kept")
        ctx.log(f"{c.name} marks", actor=c)

    def migrate_state(self, kind: str, data: dict[str, Any]) -> dict[str, Any]:
        if kind == "combatant" and "old_focus" in data:   # a file from before the rename
            data["focus"] = data.pop("old_focus")
        return data

    def status_columns(self, view: RulesView, c: Combatant) -> dict[str, str]:
        me = Fighter.of(view, c)
        me.focus = 99   # a view is a copy: this must not reach the encounter
        return {"Marks": str(len(me.marks))}


def _table() -> Table:
    t = Table.new(Marks(), RandomDice(1))
    for line in ("add Ann side=pc", "add Bob", "start"):
        assert dispatch(t, line).error is None, line
    return t


def test_fields_are_kept_when_the_command_succeeds() -> None:
    t = _table()
    assert dispatch(t, "act Ann mark").error is None
    ann = t.enc.combatants[0]
    assert ann.data == {"marks": ["r1"], "focus": 1}
    assert t.enc.data == {"alarm": 1}
    assert t.enc.combatants[1].data == {}        # defaults are not written


def test_a_refused_command_keeps_nothing_it_wrote() -> None:
    t = _table()
    assert fails(t, "act Ann fail") == "no: nothing is kept"


def test_undo_gives_back_the_same_bytes() -> None:
    t = _table()
    before = t.state_json
    assert dispatch(t, "act Ann mark").error is None
    assert dispatch(t, "undo").error is None
    assert t.state_json == before


def test_typed_writes_merge_with_the_cores_own_keys() -> None:
    t = _table()
    assert dispatch(t, "set Ann dice=manual").error is None
    assert dispatch(t, "act Ann mark").error is None
    assert t.enc.combatants[0].data == {"dice": "manual", "marks": ["r1"], "focus": 1}


def test_a_context_commits_what_rules_code_changed_by_hand() -> None:
    t = _table()
    ctx = t.context(t.enc.model_copy(deep=True))
    ann = ctx.enc.combatants[0]
    Fighter.of(ctx, ann).focus = 3
    ann.data["dice"] = "auto"        # a direct write to another key survives the commit
    ctx.commit()
    assert ann.data == {"dice": "auto", "focus": 3}
    Fighter.of(ctx, ann).focus = 0   # back to the default: the key goes
    ctx.commit()
    assert ann.data == {"dice": "auto"}


def test_the_contexts_view_sees_what_the_command_changed_so_far() -> None:
    t = _table()
    ctx = t.context(t.enc.model_copy(deep=True))
    ann = ctx.enc.combatants[0]
    Fighter.of(ctx, ann).focus = 3          # not committed yet: can_act asked mid-command
    assert Fighter.of(ctx.view, ann).focus == 3
    Fighter.of(ctx, ann).focus += 1         # the context's object is still the live one
    assert Fighter.of(ctx.view, ann).focus == 4


def test_data_keeps_the_models_field_order_whatever_order_it_was_set_in() -> None:
    t = _table()
    ctx = t.context(t.enc.model_copy(deep=True))
    ann, bob = ctx.enc.combatants[:2]
    Fighter.of(ctx, ann).focus = 1
    Fighter.of(ctx, bob).marks.append("x")
    ctx.commit()
    Fighter.of(ctx, ann).marks.append("x")
    Fighter.of(ctx, bob).focus = 1
    ctx.commit()
    assert list(ann.data) == list(bob.data) == ["marks", "focus"]


def test_rules_code_holding_its_data_writes_on_across_a_mid_command_view() -> None:
    from combat_cli.engine.contract.state import OpenCombatantState

    class Loose(Marks):
        combatant_state = OpenCombatantState   # a ruleset that declares no model

    t = Table.new(Loose(), RandomDice(1))
    assert dispatch(t, "add Ann").error is None
    ctx = t.context(t.enc.model_copy(deep=True))
    ann = ctx.enc.combatants[0]
    box = ann.data.setdefault("box", {})
    CombatantState.of(ctx, ann).dice = "manual"   # the state read (and changed) first
    box["a"] = 1
    assert ctx.view is not None                   # can_act asked mid-command: a commit
    ann.data["box"]["b"] = 2                      # found again, and through the old hold
    box["c"] = 3
    ctx.commit()
    assert ann.data == {"dice": "manual", "box": {"a": 1, "b": 2, "c": 3}}


def test_a_display_hook_reads_a_copy() -> None:
    t = _table()
    assert dispatch(t, "act Ann mark").error is None
    before = t.state_json
    view = RulesView(t.enc, t.ruleset)
    assert t.ruleset.status_columns(view, t.enc.combatants[0]) == {"Marks": "1"}
    assert dispatch(t, "status").error is None
    assert t.enc.model_dump_json() == before


def test_the_wrong_model_is_a_programming_error() -> None:
    t = _table()
    ctx = t.context()
    with pytest.raises(TypeError, match="Fight is not the state model"):
        Fight.of(ctx, ctx.enc.combatants[0])


# -- loading ------------------------------------------------------------------------------


@pytest.fixture
def marks(monkeypatch: pytest.MonkeyPatch) -> Marks:
    rs = Marks()
    real = plugins.load

    def fake(name: str) -> Ruleset:
        return rs if name == "marks" else real(name)
    monkeypatch.setattr(plugins, "load", fake)
    monkeypatch.setattr(plugins, "known", lambda name: True)
    return rs


def _saved(tmp_path: Path, edit: Any = None) -> Path:
    t = _table()
    assert dispatch(t, "act Ann mark").error is None
    path = tmp_path / "f.json"
    save(path, t)
    if edit is not None:
        edit_encounter(path, edit)
    return path


def test_a_valid_file_loads_unchanged(tmp_path: Path, marks: Marks) -> None:
    path = _saved(tmp_path)
    t = load(path, RandomDice(1))
    assert t.enc.combatants[0].data == {"marks": ["r1"], "focus": 1}
    assert not t.changed
    assert dispatch(t, "act Bob mark").error is None


@pytest.mark.parametrize(("edit", "message"), [
    (lambda e: e["combatants"][0]["data"].update(focus="lots"),
     "Ann: focus must be a valid integer"),
    (lambda e: e["combatants"][1]["data"].update(fokus=2),
     "Bob: no fokus in this ruleset's state"),
    (lambda e: e["data"].update(alarm=[1]), "the encounter: alarm must be a valid integer"),
    (lambda e: e["data"].update(fight_over="maybe"), "the encounter: fight_over must be a valid"),
])
def test_a_wrong_state_is_one_line_naming_who_and_what(tmp_path: Path, marks: Marks, edit: Any,
                                                       message: str) -> None:
    path = _saved(tmp_path, edit)
    with unchanged(path), pytest.raises(SaveError) as e:
        load(path, RandomDice(1))
    assert message in str(e.value) and "\n" not in str(e.value)
    assert "internal error" not in str(e.value)


def test_an_older_shape_is_migrated_on_load(tmp_path: Path, marks: Marks) -> None:
    def old(e: dict[str, Any]) -> None:
        data = e["combatants"][0]["data"]
        data["old_focus"] = data.pop("focus")
    t = load(_saved(tmp_path, old), RandomDice(1))
    assert t.enc.combatants[0].data == {"marks": ["r1"], "focus": 1}
    assert t.changed   # written back in the new shape at the next save


# -- capabilities and the registry --------------------------------------------------------


@pytest.mark.parametrize(("line", "said"), [
    ("damage Ann 2", "marks does not take direct damage or healing"),
    ("heal Ann", "marks does not take direct damage or healing"),
    ("react Ann mark", "marks has no reactions"),
])
def test_a_system_without_a_capability_refuses_its_verbs(line: str, said: str) -> None:
    t = _table()
    error = fails(t, line)
    assert said in error and "internal" not in error


def test_rest_without_healing_just_moves_the_clock() -> None:
    t = _table()
    assert dispatch(t, "rest Ann 1h").error is None
    assert t.enc.clock.seconds == 3600


def test_the_registry_checks_the_declared_models() -> None:
    class Wrong(Marks):
        combatant_state = Fight   # type: ignore[assignment]

    with pytest.raises(CommandError, match="combatant_state must be a subclass of "
                                           "CombatantState"):
        plugins.check("marks", "x:RULESET", Wrong())
    assert plugins.check("marks", "x:RULESET", Marks()).name == "marks"


@pytest.mark.parametrize(("edit", "czech"), [
    (lambda e: e["combatants"][1]["data"].update(fokus=2),
     "Bob: fokus tato pravidla nevedou (nalezeno 2)"),
    (lambda e: e["combatants"][0]["data"].update(focus="lots"),
     "Ann: focus musí být celé číslo (nalezeno 'lots')"),
    (lambda e: e["data"].update(fight_over=3),
     "střetnutí: fight_over musí být true, nebo false (nalezeno 3)"),
])
def test_a_wrong_state_is_told_in_czech_too(tmp_path: Path, marks: Marks, edit: Any,
                                            czech: str) -> None:
    from combat_cli.locale import text

    path = _saved(tmp_path, edit)
    with unchanged(path), pytest.raises(SaveError) as e:
        load(path, RandomDice(1))
    assert text(e.value, "cs") == f"{path} je poškozený: {czech}"
