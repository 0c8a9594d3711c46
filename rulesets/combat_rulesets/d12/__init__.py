"""d12 bid system (In Nomine Live house variant): one d12, stat bids, realms, interventions.

See README.md in this folder for the GM's view; the digest's rule IDs are in the docstrings of
the modules: tasks (D12-TASK-*), bids and contests (D12-BID-*, D12-DMG-*), mob rounds
(D12-MOB-*), weapon Power (D12-POW-*), intervention (D12-INT-*).
"""

from __future__ import annotations

from combat_cli.api import (
    ActionSpec,
    DeclarePhase,
    Healing,
    Reactions,
    Ruleset,
    StatSpec,
    hook,
)
from combat_rulesets.d12 import schema
from combat_rulesets.d12.options import Attack, Defend, Move, Task
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


TYPED = frozenset({w for a in ACTIONS for w in (a.name, *a.aliases)} |
                  {w for a in ACTIONS for o in a.options for w in (o.name, *o.aliases)}) - {"hit", "weapon"}
"""The command language of d12's actions: what the GM types, never translated (``hit``, an
alias of attack, is also the result word of an exchange, and ``weapon``, an alias of with=,
the name of a stat: those two are shown translated)."""


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
    stats: tuple[StatSpec, ...] = STATS   # the weapon checked against the fight's catalogue
    extra_stats = staticmethod(skill_value)  # any other name is a skill (0..12),
    stat_typo_cutoff = 0.8                   # unless it looks like a typo of a known stat
    stat_typo_hint = "other names are skills: Fighting=2"
    actions = ACTIONS
    house_rules = HOUSE_RULES
    typed_words = TYPED

    def __init__(self) -> None:
        from combat_rulesets.d12.verbs import VERBS

        self.verbs = VERBS

    # ``[weapons.NAME]`` tables add weapons to the catalogue (or change listed ones)
    merge_house_rules = hook("combat_rulesets.d12.catalogue:merge_house_rules")

    # -- roster ------------------------------------------------------------------------------
    on_add = hook("combat_rulesets.d12.roster:on_add")

    # -- rounds ------------------------------------------------------------------------------
    begin_round = hook("combat_rulesets.d12.mob:begin_round")
    declare = hook("combat_rulesets.d12.rounds:declare")
    replaced = hook("combat_rulesets.d12.rounds:replaced")
    plan = hook("combat_rulesets.d12.mob:plan")
    end_round = hook("combat_rulesets.d12.rounds:end_round")
    acting_label = hook("combat_rulesets.d12.display:acting_label")
    can_act = hook("combat_rulesets.d12.health:cannot_act")

    # -- health ------------------------------------------------------------------------------
    value_words = hook("combat_rulesets.d12.health:value_words")
    damage = hook("combat_rulesets.d12.health:damage")
    heal = hook("combat_rulesets.d12.health:heal")

    # -- display -----------------------------------------------------------------------------
    brief = hook("combat_rulesets.d12.display:brief_lines")
    status_columns = hook("combat_rulesets.d12.display:status_columns")
    queued = hook("combat_rulesets.d12.display:queued")
    wound_columns = ("Hits",)
    wound_level = hook("combat_rulesets.d12.health:wound_level")
    json_extra = hook("combat_rulesets.d12.display:json_extra")
    demo = hook("combat_rulesets.d12.demo:demo")


RULESET = D12Ruleset()
