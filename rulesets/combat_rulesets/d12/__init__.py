"""d12 bid system (In Nomine Live house variant): one d12, stat bids, realms, interventions.

See README.md in this folder for the GM's view; the digest's rule IDs are in the docstrings of
the modules: tasks (D12-TASK-*), bids and contests (D12-BID-*, D12-DMG-*), mob rounds
(D12-MOB-*), weapon Power (D12-POW-*), intervention (D12-INT-*).
"""

from __future__ import annotations

from typing import Any

from combat_cli.api import (
    ActionRequest,
    ActionSpec,
    Combatant,
    Declaration,
    DeclarePhase,
    Healing,
    LogEntry,
    QueueItem,
    Reactions,
    RuleError,
    RulesContext,
    Ruleset,
    RulesView,
    StatSpec,
    hook,
)
from combat_rulesets.d12 import health, schema
from combat_rulesets.d12.options import Attack, Defend, Move, Task
from combat_rulesets.d12.records import shown
from combat_rulesets.d12.state import Fight, Fighter
from combat_rulesets.d12.stats import STATS, skill_value

HANDLERS = "combat_rulesets.d12.rounds"
"""Where the actions' handlers live (imported when the first one is done)."""

ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("move", "move first (highest Agility first when moves conflict)",
               target="optional", args="[WHERE ...]", model=Move, aliases=("mv",),
               handler=f"{HANDLERS}:do_move"),
    ActionSpec("attack", "a contest: d12 + bid + skill against the target's d12 + defensive "
               "bid + skill; the winner connects", target="required", attack=True,
               model=Attack, aliases=("a", "shoot", "punch", "hit"), handler=f"{HANDLERS}:do_attack"),
    ActionSpec("defend", "a defensive bid, in full against every attacker of its group "
               "(from=\"A 1,B 2\"); without from= against any other attacker. Also a verb: "
               "defend NAME BID from=A 1, B 2 adds one to NAME's declaration", target="none",
               args="[BID]", model=Defend, aliases=("def", "dodge"), reaction=True,
               handler=f"{HANDLERS}:add_defence"),
    ActionSpec("task", "player vs thing: d12 - skill - rp under the GM's Target Number, "
               "resolved after the round's exchanges (declare NAME task tn=N). Any time, also "
               "outside a round: the verb task NAME tn=N skill=S rp=N", target="none",
               model=Task, handler=f"{HANDLERS}:do_task"),
    ActionSpec("wait", "do nothing this round", target="none", handler=f"{HANDLERS}:do_wait"),
)

HOUSE_RULES = {
    "task.display": "AMB-D12-1: effective (d12 - skill - rp vs TN) or target (d12 vs TN + skill + rp)",
    "task.success": "AMB-D12-2: under (strictly under the TN) or under_or_equal (canon In Nomine)",
    "intervention.reroll_replaces": "AMB-D12-3: false = the first roll stands; true = a 2-11 "
                                    "check replaces it",
    "bid.budget": "AMB-D12-4: per_round (one budget per realm per round), per_contest (each bid "
                  "up to its stat) or per_fight (spent over the fight)",
    "bid.default_budget": "AMB-D12-4: the characteristic used as budget when physical/mental/"
                          "spiritual is not set (Agility, Intelligence, Will)",
    "bid.caps": "AMB-D12-4: the characteristic capping each single bid, per realm and kind",
    "contest.loser_always_takes_damage": "AMB-D12-5: false = only a winning attacker deals "
                                         "damage; true = the loser of any contest takes damage",
    "contest.ties": "AMB-D12-6: standoff (nobody connects), reroll, or defender (wins ties)",
    "power.scheme": "AMB-D12-7: list (the seed's Power list, Walton for the rest) or walton",
    "path.mode": "AMB-D12-8: literal (an obstacle that wins avoids the shot, which goes on; the "
                 "first that loses is hit) or must_beat (beat each obstacle or the shot stops)",
    "movement.ties": "AMB-D12-9: rolloff (d12, highest first) or declared (declaration order)",
    "power.strength_scope": "AMB-D12-10: unarmed_and_melee, unarmed or none get +strength_bonus "
                            "at Strength >= strength_threshold with a full bid",
    "power.other_realm_bonus": "AMB-D12-11: power (add the named weapon's/Song's Power to "
                               "ethereal/celestial damage) or none",
    "intervention.in_contests": "AMB-D12-12: true = every d12 (tasks and contests) can bring "
                                "intervention; false = tasks only",
    "intervention.enabled": "D12-INT-1: true = a natural 1 calls the intervention check; false = "
                            "no checks at all",
    "intervention.exchange": "halt (the exchange/task with the intervention has no result) or "
                             "proceed (it is played out); resolve all stops either way",
    "intervention.check_both": "AMB-D12-13: true = the two dice are thrown together: both are "
                               "asked first, then each natural 1 is checked; false = the "
                               "exchange halts before the defender rolls",
    "intervention.on_rolloffs": "movement roll-offs check for intervention too (default false)",
    "mob.simultaneous": "true = a combatant taken out this round still finishes its exchanges",
    "weapons": "[weapons.NAME] tables add weapons or change listed ones (power or size, "
               "ranged, skill, aliases, close_power, feet ...)",
    "health.no_forces_multiplier": "hits = this x characteristic when Forces are not set (2)",
    "health.default_hits": "hits of a track whose characteristic is not set (8)",
}


class D12Ruleset(DeclarePhase, Reactions, Healing, Ruleset):
    name = "d12"
    combatant_state = Fighter
    encounter_state = Fight
    fight_only = ("spent", "out_round")
    tables_model = schema.Tables
    title = "d12 bid system (In Nomine Live): 1d12 + stat bid + skill, realms, interventions"
    round_seconds = 6
    react_closes_declarations = False
    """``react NAME defend ...`` while declaring adds the defence to NAME's declaration."""
    tables_package = "combat_rulesets.d12"
    # issue 13 item 32: values whose 0 or negative would break the arithmetic
    table_ranges = {
        "intervention.demonic": (1, 12), "intervention.angelic": (1, 12),
        "contest.max_rerolls": (0, None), "power.size.*": (0, None),
        "power.strength_threshold": (1, None), "health.no_forces_multiplier": (1, None),
        "health.default_hits": (1, None), "weapons.*.power": (0, None),
        "weapons.*.close_power": (0, None), "weapons.*.feet": (0, None),
    }
    stats: tuple[StatSpec, ...] = STATS
    actions = ACTIONS
    house_rules = HOUSE_RULES

    def __init__(self) -> None:
        from combat_rulesets.d12.verbs import VERBS

        self.verbs = VERBS
        self.extra_stats = skill_value

    def merge_house_rules(self, tables: dict[str, Any], house_rules: dict[str, Any]
                          ) -> dict[str, Any]:
        """As the core merges them; ``[weapons.NAME]`` tables add weapons to the catalogue (or
        change listed ones), each value checked."""
        rest = {k: v for k, v in house_rules.items() if k != "weapons"}
        merged = super().merge_house_rules(tables, rest)
        if "weapons" in house_rules:
            from combat_rulesets.d12.catalogue import merge_weapons

            merged = {**merged, "weapons": merge_weapons(merged["weapons"],
                                                         house_rules["weapons"], merged)}
        return merged

    # -- roster ------------------------------------------------------------------------------
    def validate_stats(self, raw: dict[str, Any]) -> dict[str, Any]:
        """Known stats as usual; any other name is a skill (0..12), unless it looks like a typo
        of a known stat."""
        import difflib

        names = [s.name for s in self.stats]
        for key in raw:
            if self.stat_spec(key) is None:
                hit = difflib.get_close_matches(key.lower(), [n.lower() for n in names], n=1,
                                                cutoff=0.8)
                if hit:
                    real = next(n for n in names if n.lower() == hit[0])
                    raise RuleError(f'no stat "{key}" — did you mean {real}? (other names are '
                                    "skills: Fighting=2)")
        return super().validate_stats(raw)

    def check_stats(self, view: RulesView, c: Combatant) -> dict[str, Any]:
        """As typed, and the weapon one of the fight's catalogue (as :meth:`on_add` asks)."""
        stats = super().check_stats(view, c)
        if stats.get("weapon") is not None:
            from combat_rulesets.d12.power import check_weapon

            check_weapon(str(stats["weapon"]), schema.Tables.of(view))
        return stats

    def on_add(self, ctx: RulesContext, c: Combatant) -> None:
        if c.stats.get("weapon") is not None:
            from combat_rulesets.d12.power import check_weapon

            c.stats["weapon"] = check_weapon(str(c.stats["weapon"]), schema.Tables.of(ctx))
        health.setup(ctx, c)
        health.refresh(ctx, c)

    # -- rounds ------------------------------------------------------------------------------
    def begin_round(self, ctx: RulesContext) -> None:
        from combat_rulesets.d12.mob import order

        ctx.enc.order = order(ctx)

    declare = hook("combat_rulesets.d12.rounds:declare")

    def replaced(self, ctx: RulesContext, c: Combatant, old: Declaration) -> None:
        """Name the plan a new ``declare`` replaced (a second declare replaces the first)."""
        was = ", ".join(a.text for a in old.actions)
        new = ctx.enc.declarations.get(c.id)
        if new is not None and [a.text for a in new.actions] == [a.text for a in old.actions]:
            ctx.note(f"{c.name}'s plan is the same as before ({was}): nothing changed")
            return
        ctx.note(f"{c.name}'s earlier plan ({was}) is replaced; to keep both, declare them in "
                 f"one line parted by commas (or add a defence: defend {c.name} BID)")

    plan = hook("combat_rulesets.d12.mob:plan")

    end_round = hook("combat_rulesets.d12.rounds:end_round")

    def acting_label(self, view: RulesView) -> str | None:
        """Who acts and where the round stands: ``Shooter 2 (exchange 3/5)``."""
        from combat_rulesets.d12.mob import step

        enc = view.enc
        name = super().acting_label(view)
        where = step(enc) if enc.phase == "resolve" else None
        return f"{name} ({where})" if name and where else name

    can_act = hook("combat_rulesets.d12.health:cannot_act")

    # -- health ------------------------------------------------------------------------------
    def value_words(self, view: RulesView, verb: str) -> list[str]:
        from combat_rulesets.d12.health import TRACK_WORDS

        return list(TRACK_WORDS)  # body/mind/soul and the realms that name them

    damage = hook("combat_rulesets.d12.health:damage")

    heal = hook("combat_rulesets.d12.health:heal")

    # -- display -----------------------------------------------------------------------------
    def brief(self, view: RulesView, entries: list[LogEntry]) -> list[str]:
        from combat_rulesets.d12.display import brief

        return brief(entries)

    status_columns = hook("combat_rulesets.d12.display:status_columns")

    def queued(self, view: RulesView, c: Combatant) -> list[tuple[QueueItem, ActionRequest]]:
        """``c``'s items, and the duels filed under the opponent's item with ``c``'s attack."""
        out = []
        for i in view.enc.queue:
            if i.actor == c.id:
                out.append((i, i.action))
            elif (duel := shown(i).partner(c.id)) is not None:
                out.append((i, duel))
        return out

    wound_columns = ("Hits",)

    def wound_level(self, view: RulesView, c: Combatant) -> int:
        from combat_cli.api import level_by_fraction
        from combat_rulesets.d12.state import TRACKS

        t = schema.Tables.of(view)
        return max(level_by_fraction(health.current(view, c, k), health.max_hits(c, k, t)[0],
                                     c.out) for k in TRACKS)

    def json_extra(self, view: RulesView) -> dict[str, Any]:
        from combat_rulesets.d12.bid_sheet import bids_json
        from combat_rulesets.d12.state import TRACKS, fight

        enc, t, now = view.enc, schema.Tables.of(view), fight(view)
        return {"d12": {
            "realm": now.realm or t.default_realm,
            "hits": {c.name: {k: {"current": health.current(view, c, k),
                                  "max": health.max_hits(c, k, t)[0]}
                              for k in TRACKS} for c in enc.combatants},
            "bids": {c.name: bids_json(view, c) for c in enc.combatants
                     if c.id in enc.declarations or Fighter.of(view, c).spent},
            "interventions": [i.model_dump(mode="json") for i in now.interventions],
        }}

    def demo(self) -> list[str]:
        from combat_rulesets.d12.demo import DEMO

        return list(DEMO)


RULESET = D12Ruleset()
