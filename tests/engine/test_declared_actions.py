"""The plug-in contract of issue 24: an action carries its handler, the core routes every
``act``, ``resolve`` and ``react`` to it in one way, and a capability has one truth."""

from __future__ import annotations

from typing import Any

import pytest

from combat_cli.api import (
    ActionRequest,
    ActionSpec,
    Combatant,
    DeclarePhase,
    Reactions,
    RulesContext,
    Ruleset,
    handler_for,
)
from tests.conftest import run

SEEN: list[tuple[str, str, bool]] = []


def _poke(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    SEEN.append(("poke", c.name, ctx.resolving is not None))
    ctx.log(f"{c.name} pokes", actor=c)


def _duck(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    SEEN.append(("duck", c.name, ctx.resolving is not None))


def _duck_now(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    SEEN.append(("duck now", c.name, ctx.resolving is not None))


class Pokes(DeclarePhase, Reactions, Ruleset):
    """A whole ruleset's actions: declarations with their handlers, no routing code."""

    name = "pokes"
    actions = (
        ActionSpec("poke", "a poke", target="required", handler=_poke),
        ActionSpec("duck", "a duck", target="none", reaction=True, handler=_duck,
                   on_react=_duck_now),
        ActionSpec("wave", "declared without a handler", target="none"),
    )


@pytest.fixture
def table(make_table: Any) -> Any:
    from combat_cli.dice import FixedDice
    from combat_cli.engine.table import Table

    SEEN.clear()
    t = Table.new(Pokes(), FixedDice([]))
    run(t, "add Ann side=pc", "add Bob", "start")
    return t


def test_a_declared_actions_handler_resolves_it_with_the_queue_item(table: Any) -> None:
    run(table, "declare Ann poke Bob", "declare Bob duck", "resolve all")
    assert ("poke", "Ann", True) in SEEN and ("duck", "Bob", True) in SEEN


def test_act_runs_the_handler_at_once_without_a_queue_item(table: Any) -> None:
    run(table, "act Ann poke Bob")
    assert SEEN == [("poke", "Ann", False)]


def test_react_runs_the_actions_reaction_handler(table: Any) -> None:
    run(table, "declare Ann poke Bob", "react Bob duck")
    assert ("duck now", "Bob", False) in SEEN


def test_an_action_without_a_handler_is_refused_in_one_line(table: Any) -> None:
    from combat_cli.commands.registry import dispatch

    out = dispatch(table, "act Ann wave")
    assert out.error is not None and "cannot resolve wave" in out.error and "\n" not in out.error


def test_a_handler_named_by_reference_is_imported_on_first_use() -> None:
    class Lazy(Ruleset):
        name = "lazy"
        actions = (ActionSpec("poke", handler="tests.engine.test_declared_actions:_poke"),)

    assert handler_for(Lazy(), "POKE") is _poke
    assert handler_for(Lazy(), "nothing") is None


def test_react_never_routes_to_an_action_that_is_no_reaction() -> None:
    assert handler_for(Pokes(), "poke", react=True) is None
    assert handler_for(Pokes(), "duck", react=True) is _duck_now


def test_the_built_in_rulesets_route_by_declaration_not_by_name() -> None:
    """No built-in ruleset overrides ``react``; every action a ruleset resolves alone has a
    handler (czech_pool's defences only shape the clashes)."""
    from combat_cli import plugins
    from tests.conftest import BUILT_IN

    for name in BUILT_IN:
        rs = plugins.load(name)
        assert "react" not in type(rs).__dict__, name
        missing = [a.name for a in rs.actions if handler_for(rs, a.name) is None
                   and handler_for(rs, a.name, react=True) is None]
        assert missing == ([] if name != "czech_pool" else
                           ["bránit", "pouze_bránit", "nebránit"]), name


def test_a_declare_phase_is_the_capability_not_a_second_attribute() -> None:
    class Turns(Ruleset):
        name = "turns"

    class Declares(DeclarePhase, Ruleset):
        name = "declares"
        declare_phase = True   # an older plug-in's attribute that agrees: dropped

    assert Turns().declare_phase is False and Declares().declare_phase is True
    assert "declare_phase" not in Declares.__dict__
    with pytest.raises(TypeError, match="DeclarePhase"):
        class Says(Ruleset):
            declare_phase = True
    with pytest.raises(TypeError, match="DeclarePhase"):
        class Denies(DeclarePhase, Ruleset):
            declare_phase = False


def test_the_host_caches_the_tables_not_the_plug_in_object() -> None:
    from combat_cli.engine.contract.host import host

    class Tabled(Ruleset):
        name = "tabled"
        loads = 0

        def load_tables(self) -> dict[str, Any]:
            type(self).loads += 1
            return {"difficulty": 10}

    rs = Tabled()
    before = dict(vars(rs))
    a = host(rs).tables({})
    assert host(rs).tables({}) is a and rs.tables_for({}) is a
    assert host(rs).tables({"difficulty": 12})["difficulty"] == 12
    assert Tabled.loads == 1 and host(rs).cached() == 2
    assert vars(rs) == before   # nothing of the core's is kept in the plug-in's object
    assert host(rs) is host(rs) and host(Tabled()) is not host(rs)


def test_every_reference_a_built_in_ruleset_declares_imports() -> None:
    """A ``hook("module:function")`` or a handler named by reference is checked by nothing
    until it is used: each one of the built-in rulesets names a function that exists."""
    import inspect

    from combat_cli import plugins
    from combat_cli.engine.contract.ruleset import hook, load_ref
    from tests.conftest import BUILT_IN

    for name in BUILT_IN:
        rs = plugins.load(name)
        refs = [v.ref for k in type(rs).__mro__ for v in vars(k).values()
                if isinstance(v, hook)]
        refs += [h for a in rs.actions for h in (a.handler, a.on_react) if isinstance(h, str)]
        refs += [v.handler for v in rs.verbs if isinstance(v.handler, str)]
        assert refs, name
        for ref in refs:
            assert inspect.isfunction(load_ref(ref)), ref


def test_a_handler_that_is_neither_a_function_nor_a_reference_is_refused_when_declared() -> None:
    with pytest.raises(TypeError, match="module:function"):
        ActionSpec("poke", handler="tests.engine.test_declared_actions._poke")
    with pytest.raises(TypeError, match="module:function"):
        ActionSpec("poke", on_react=42)  # type: ignore[arg-type]
