"""Duel: an example ruleset. Turn by turn, highest skill first; ``attack TARGET`` rolls
1d20 + skill against the target's defence, a hit deals the tables' damage, 0 hp is out."""

from typing import Literal  # noqa: I001 - one compact import of the api

from combat_cli.api import (ActionRequest, ActionSpec, Combatant, Encounter,
                            OptionSpec, RuleError, RulesContext, Ruleset, StatSpec, TablesModel)


class Tables(TablesModel):  # tables.toml, typed: a bad house rule is refused with its choices
    damage: str
    crit: Literal["double", "none"]


class Duel(Ruleset):
    name = "duel"
    title = "Example: d20 + skill vs defence, hit points"
    tables_package = "combat_duel"
    tables_model = Tables
    stats = (StatSpec("skill", "added to attacks; the turn order", int, 0),
             StatSpec("defence", "what an attack must reach", int, 10),
             StatSpec("hp", "hit points", int, 6))
    actions = (ActionSpec("attack", "1d20 + skill vs the target's defence", target="required",
                          options=(OptionSpec("bonus", "added to the roll", kind="int"),)),)
    house_rules = {"damage": "a hit's damage (1d6)", "crit": "a natural 20: double or none"}

    def begin_round(self, ctx: RulesContext) -> None:
        ranked = sorted(ctx.enc.combatants, key=lambda c: -c.stats["skill"])
        ctx.enc.order = [c.id for c in ranked]

    def act(self, ctx: RulesContext, c: Combatant, action: ActionRequest) -> None:
        target = ctx.combatant(action.target or "")
        if target.out:
            raise RuleError(f"{target.name} is already out")
        bonus = c.stats["skill"] + int(action.options.get("bonus", 0))
        r = ctx.roll(f"1d20{bonus:+d}", f"{c.name}: attack 1d20{bonus:+d}")
        hit = r.total >= target.stats["defence"]
        ctx.log(f"{c.name} attacks {target.name}: {r.total} vs {target.stats['defence']}, "
                f"{'hit' if hit else 'miss'}", kind="attack", actor=c, target=target, roll=r)
        if hit:
            tables = self.typed_tables(ctx.enc.house_rules)
            assert isinstance(tables, Tables)
            d = ctx.roll(tables.damage, f"{c.name}: damage {tables.damage}")
            crit = r.faces == (20,) and tables.crit == "double"
            self.damage(ctx, target, str(d.total * (2 if crit else 1)))

    def damage(self, ctx: RulesContext, c: Combatant, value: str) -> None:
        if not value.isdigit():
            raise RuleError(f"damage is a number of hit points, not {value!r}")
        c.stats["hp"] = max(0, c.stats["hp"] - int(value))
        ctx.set_status(c, "Out" if c.stats["hp"] == 0 else "Hurt", out=c.stats["hp"] == 0)
        ctx.log(f"{c.name} takes {value}: {c.stats['hp']} hp left", kind="wound", target=c)

    def status_columns(self, enc: Encounter, c: Combatant) -> dict[str, str]:
        return {"HP": str(c.stats["hp"])}


RULESET = Duel()
