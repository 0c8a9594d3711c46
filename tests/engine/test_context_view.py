"""``ctx.view`` (what ``can_act`` gets from rules code) sees the typed state the command has
changed so far."""

from __future__ import annotations

from combat_cli.api import CombatantState, Ruleset, RulesView
from combat_cli.dice import FixedDice
from combat_cli.engine.context import RulesContext
from combat_cli.engine.models import Combatant, Encounter


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
    Mark.of(ctx, c).marked += 1          # the same typed object, still kept at the end
    ctx.commit()
    assert c.data == {"marked": 3}
