"""``ctx.view`` (what ``can_act`` gets from rules code) sees the typed state the command has
changed so far, without writing it; a ruleset may merge its own house rules."""

from __future__ import annotations

from combat_cli.api import CombatantState, Ruleset, RulesView
from combat_cli.dice import FixedDice
from combat_cli.engine.contract.context import RulesContext
from combat_cli.engine.domain.models import Combatant, Encounter


class Mark(CombatantState):
    marked: int = 0


class Marking(Ruleset):
    name = "marking"
    combatant_state = Mark

    def can_act(self, view: RulesView, c: Combatant) -> str | None:
        return "marked" if Mark.of(view, c).marked else None


def test_ctx_view_sees_the_changes_of_the_command_so_far():
    rs = Marking()
    enc = Encounter(ruleset="marking")
    c = Combatant(id="c1", name="A")
    enc.combatants.append(c)
    ctx = RulesContext(enc, FixedDice([]), {}, ruleset=rs)
    assert rs.can_act(ctx.view, c) is None
    Mark.of(ctx, c).marked = 2
    assert rs.can_act(ctx.view, c) == "marked"
    assert c.data == {}                  # the view writes nothing (rules code may hold data)
    Mark.of(ctx.view, c).marked = 7      # a copy: a display hook cannot change the state
    assert Mark.of(ctx, c).marked == 2
    Mark.of(ctx, c).marked += 1          # the same typed object, still kept at the end
    ctx.commit()
    assert c.data == {"marked": 3}


def test_a_ruleset_may_merge_its_own_house_rules():
    """``merge_house_rules``: the core caches and validates what the ruleset merged."""
    from combat_cli.api import merge_tables

    class Catalogue(Ruleset):
        name = "catalogue"
        calls = 0

        def load_tables(self) -> dict:
            return {"items": {"rope": 1}, "mode": "a"}

        def merge_house_rules(self, tables: dict, house_rules: dict) -> dict:
            Catalogue.calls += 1
            rest = {k: v for k, v in house_rules.items() if k != "items"}
            return {**merge_tables(tables, rest),
                    "items": {**tables["items"], **house_rules.get("items", {})}}

    rs = Catalogue()
    house = {"items": {"lamp": 2}, "mode": "b"}
    assert rs.tables_for(house) == {"items": {"rope": 1, "lamp": 2}, "mode": "b"}
    assert rs.tables_for(dict(house)) is rs.tables_for(house) and Catalogue.calls == 1
