"""Duel, an example ruleset: highest skill first; attack TARGET is 1d20 + skill vs defence."""
from typing import Literal  # noqa: I001 - one compact import of the api
from combat_cli.api import (ActionRequest, ActionSpec, Combatant, CombatantState, Healing,
                            Options, RuleError, RulesContext, Ruleset, RulesView, StatSpec,
                            TablesModel, opt)

class Tables(TablesModel):  # tables.toml, typed: a bad house rule is refused with its choices
    damage: str
    crit: Literal["double", "none"]

class Fighter(CombatantState):  # what the rules keep per combatant: typed, checked on load
    taken: int = 0

class Attack(Options):  # attack's options (bonus=N): its fields, typed, checked when typed
    bonus: int = opt("added to the roll", default=0)

def attack(ctx: RulesContext, c: Combatant, action: ActionRequest) -> None:  # its handler
    target = ctx.combatant(action.target or "")
    if target.out:
        raise RuleError(f"{target.name} is already out")
    bonus = c.stats["skill"] + Attack.of(action).bonus   # the options, typed
    r = ctx.roll(f"1d20{bonus:+d}", f"{c.name}: attack 1d20{bonus:+d}")
    hit = r.total >= target.stats["defence"]
    ctx.log(f"{c.name} attacks {target.name}: {r.total} vs {target.stats['defence']}, "
            f"{'hit' if hit else 'miss'}", kind="attack", actor=c, target=target, roll=r)
    if hit:
        t = Tables.of(ctx)   # the tables with the table's house rules, typed
        d = ctx.roll(t.damage, f"{c.name}: damage {t.damage}").total
        hurt(ctx, target, str(d * (2 if r.faces == (20,) and t.crit == "double" else 1)))

def hurt(ctx: RulesContext, c: Combatant, value: str) -> None:  # a hit, and `damage NAME N`
    if not value.isdigit():
        raise RuleError(f"damage is a number of hit points, not {value!r}")
    me = Fighter.of(ctx, c)
    me.taken = min(c.stats["hp"], me.taken + int(value))
    left = c.stats["hp"] - me.taken
    ctx.set_status(c, "Out" if left == 0 else "Hurt", out=left == 0)
    ctx.log(f"{c.name} takes {value}: {left} hp left", kind="wound", target=c)

class Duel(Healing, Ruleset):  # the declaration: what it has; Healing: `damage NAME N` works
    name = "duel"
    title = "Example: d20 + skill vs defence, hit points"
    tables_package = "combat_duel"
    tables_model = Tables
    combatant_state = Fighter
    stats = (StatSpec("skill", "added to attacks; the turn order", int, 0),
             StatSpec("defence", "what an attack must reach", int, 10),
             StatSpec("hp", "hit points", int, 6))
    actions = (ActionSpec("attack", "1d20 + skill vs defence", "required", model=Attack,
                          handler=attack),)   # one action: one declaration, one handler
    house_rules = {"damage": "a hit's damage (1d6)", "crit": "a natural 20: double or none"}
    damage = staticmethod(hurt)

    def begin_round(self, ctx: RulesContext) -> None:
        ctx.enc.order = [c.id for c in sorted(ctx.enc.combatants, key=lambda c: -c.stats["skill"])]

    def status_columns(self, view: RulesView, c: Combatant) -> dict[str, str]:
        return {"HP": str(c.stats["hp"] - Fighter.of(view, c).taken)}

RULESET = Duel()
