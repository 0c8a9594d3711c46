"""Test-only entry points that are not usable rulesets (each gives one line saying why), and a
minimal ruleset whose stat defaults the core must apply."""

from __future__ import annotations

from combat_cli.api import ActionSpec, RulesContext, Ruleset, StatSpec

NOT_A_RULESET = {"name": "dict"}


class Minimal(Ruleset):
    name = "minimal"
    title = "Test-only: a stat with a default, read as c.stats[...]"
    stats = (StatSpec("hp", "hit points", int, 7), StatSpec("note", "no default"))
    actions = (ActionSpec("poke", "lose 1 hp", target="none"),)

    def act(self, ctx: RulesContext, c, action) -> None:  # noqa: ANN001
        c.stats["hp"] -= 1
        ctx.log(f"{c.name} has {c.stats['hp']} hp", kind="note", actor=c)


MINIMAL = Minimal()
