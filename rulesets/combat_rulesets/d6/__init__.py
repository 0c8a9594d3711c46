"""D6 (WEG-D6-style homebrew): die codes, Instincts order, multi-action penalties, reactions
that set the attacker's difficulty, the wound ladder, first aid and natural healing.

Rule IDs (D6-*, the tables T-D6-*, the ambiguities AMB-D6-*) are explained in this
ruleset's README.md (section "Rule IDs").
"""

from __future__ import annotations

from combat_cli.api import (
    ActionSpec,
    Arg,
    ConditionSpec,
    DeclarePhase,
    Healing,
    Opt,
    OptionSpec,
    Reactions,
    Ruleset,
    Syntax,
    VerbSpec,
    hook,
)
from combat_rulesets.d6 import schema
from combat_rulesets.d6.codes import code_text
from combat_rulesets.d6.options import (
    Block,
    Dodging,
    Draw,
    FirstAid,
    Melee,
    Parry,
    Reload,
    Shot,
    Unarmed,
)
from combat_rulesets.d6.state import D6Fight, D6Fighter
from combat_rulesets.d6.stats import STATS, YES

STRIKE = "combat_rulesets.d6.attacks:strike"
REACT = "combat_rulesets.d6.reactions:react"


class D6(DeclarePhase, Reactions, Healing, Ruleset):
    name = "d6"
    combatant_state = D6Fighter
    encounter_state = D6Fight
    fight_only = ("rd", "init_roll", "stuns", "stun_round")
    # into the next fight: not Prone (unless Unconscious), nor Stunned
    carry_over = hook("combat_rulesets.d6.roster:carry_over", method=True)
    fill_stat_defaults = False  # read through its own stat helpers; not listed as typed
    tables_model = schema.Tables
    title = "D6 (WEG-style): die codes, multi-action penalties, reactions, wound levels"
    round_seconds = 5
    tables_package = "combat_rulesets.d6"
    # issue 13 item 32: values whose 0 or negative would break the arithmetic
    table_ranges = {
        "damage.ev_step": (1, None), "difficulty.values": (1, None), "actions.max": (1, None),
        "actions.penalty_per_extra": (0, None), "actions.reload_default": (0, None),
        "actions.draw_cost": (0, None), "reactions.reaction_penalty_dice": (0, None),
        "ranged.bands.*": (0, None), "ranged.multi_target.per_extra_target": (0, None),
        "modifiers.fixed_per_die": (1, None), "melee.brawling_difficulty": (1, None),
        "melee.martial_difficulty": (1, None), "melee.weapon_difficulty": (1, None),
        "wounds.stun_lasts_minutes": (0, None), "healing.rest_days.*": (0, None),
        "first_aid.difficulty.*": (1, None), "first_aid.kit_uses": (1, None),
        "first_aid.lockout_hours": (0, None), "first_aid.same_day_hours": (0, None),
        "weapons.*.ranges": (0, None), "weapons.*.rof": (1, None), "weapons.*.ammo": (1, None),
        "weapons.*.reload": (0, None),
    }

    actions = (
        ActionSpec("shoot", "ranged attack: weapon skill vs range difficulty (or the dodge); "
                   "range, cover, conceal, protection are remembered for the pair",
                   target="required", attack=True, model=Shot, handler=STRIKE,
                   args="[MORE TARGETS with fire=sweep]"),
        ActionSpec("attack", "melee weapon attack: Melee Combat; damage STR + weapon dice",
                   target="required", attack=True, model=Melee, aliases=("melee",),
                   handler=STRIKE),
        ActionSpec("brawl", "Brawling vs 5 (or the block); damage STR + 1D per Effect Value",
                   target="required", attack=True, model=Unarmed, aliases=("punch",),
                   handler=STRIKE),
        ActionSpec("martial", "Martial Arts vs 10 (or the block); damage STR",
                   target="required", attack=True, model=Unarmed, handler=STRIKE),
        ActionSpec("dodge", "Dodge: the roll becomes every ranged attacker's difficulty this "
                   "round; full=yes: the only action, roll added to the difficulty",
                   target="none", reaction=True, model=Dodging, on_react=REACT),
        ActionSpec("fulldodge", "full dodge: the only action; roll added to the difficulty",
                   target="none", reaction=True, on_react=REACT),
        ActionSpec("parry", "Melee Parry with a weapon: the roll is one melee attack's "
                   "difficulty", target="none", reaction=True, model=Parry,
                   on_react=REACT),
        ActionSpec("block", "Brawling (with=martial: Martial Arts) block: one melee attack's "
                   "difficulty", target="none", reaction=True, model=Block,
                   on_react=REACT),
        ActionSpec("draw", "draw a weapon (an action)", target="none", model=Draw,
                   handler="combat_rulesets.d6.weapons:draw"),
        ActionSpec("reload", "reload (the weapon's reload actions)", target="none",
                   model=Reload, handler="combat_rulesets.d6.weapons:reload"),
        ActionSpec("firstaid", "First Aid on a patient (uses a kit)", target="required",
                   model=FirstAid, aliases=("aid",),
                   handler="combat_rulesets.d6.healing:firstaid_action"),
    )
    conditions = (
        ConditionSpec("Stunned", "-1D this round and next"),
        ConditionSpec("Prone", "knocked down (Wounded and worse)"),
        ConditionSpec("Unconscious", "cannot act"),
    )
    verbs = (
        VerbSpec("position", Syntax((
            Arg("shooter", "name", choices=("all",), metavar="SHOOTER|all"), Arg("target", "name"),
            Opt("range", metavar="R"), Opt("cover", metavar="C"), Opt("conceal", metavar="X"),
            Opt("protection", metavar="P")), unknown="position has no option {key}= (range=, "
                                                     "cover=, conceal=, protection=)"),
                 "set (or show) the range, cover, concealment and protection between a "
                 "shooter and a target; later shots use them (none clears)",
                 "combat_rulesets.d6.positions:position", aliases=("pos",)),
        VerbSpec("firstaid", Syntax((Arg("medic", "name"), Arg("patient", "name"),
                                     Opt("facility", "choice", YES, "facility= value (yes or no)",
                                         metavar="yes")),
                                    unknown="firstaid has no option {key}= (only facility=yes)"),
                 "First Aid (kit) or Medicine (A) at a facility, outside the action count "
                 "(in a round, act MEDIC firstaid PATIENT costs an action)",
                 "combat_rulesets.d6.healing:firstaid_verb", aliases=("fa",)),
        VerbSpec("restock", (Arg("name", "name"), Arg("uses", "int", noun="number of uses", bad="usage: restock NAME "
                                                      "USES (a fresh kit is 2 uses)")), "set first-aid kit uses (a kit has 2)",
                 "combat_rulesets.d6.healing:restock"),
        VerbSpec("revive", (Arg("name", "name"), Arg("level", "text", optional=True)),
                 "bring a Killed combatant back at a wound level (default Mortally Wounded; "
                 "heal never raises the dead)", "combat_rulesets.d6.healing:revive"),
    )
    rest_options = (OptionSpec("care", "rest (default), easy (twice the time, +1D), "
                                       "work (-1D)", choices=("rest", "easy", "work")),)
    house_rules = {
        "actions.max": "D6-MULTI-2/AMB-D6-3: most actions a round (5)",
        "actions.penalty_per_extra": "AMB-D6-3: dice per action beyond the first (1: 5 actions = -4D)",
        "actions.held_unused_counts": "AMB-D6-7: a declared (held) reaction counts even if unused",
        "pools.zero": "a pool at 0D: cannot (refused / lapses) or one_die",
        "pools.wild_die": "AMB-D6-11: Wild Die on every roll (off)",
        "initiative.tie_break": "AMB-D6-10: after Instincts dice+pips: pc_first, roll",
        "ties.mode": "AMB-D6-2: literal (>= but > vs full dodge), ge, gt",
        "reactions.mode": "AMB-D6-1: partial_replaces (full dodge adds), add, replace",
        "reactions.reaction_penalty": "AMB-D6-4: -1D on undeclared reactions (undeclared/always/never)",
        "reactions.adds_action": "AMB-D6-5: an undeclared reaction adds an action (penalty for "
                                 "it and later rolls; earlier rolls stand)",
        "reactions.dodge_vs_melee": "AMB-D6-6: a dodge also counts against melee (off)",
        "reactions.auto_declared": "declared dodges/parries/blocks roll by themselves when attacked",
        "modifiers.difficulty_dice": "AMB-D6-9: +ND to a difficulty is rolled (roll) or fixed",
        "melee.ev_on_unarmed": "AMB-D6-8: Effect Value dice on Brawling/Martial Arts hits",
        "melee.weapon_difficulty": "difficulty of a melee weapon without its own (Easy 10)",
        "wounds.repeat": "AMB-D6-12: re (R&E escalation) or opend6",
        "wounds.stun_knockout": "AMB-D6-13: stuns >= Constitution dice knock out (2D minutes)",
        "healing.revive_level": "AMB-D6-16: the level revive NAME brings the Killed back to "
                                "(Mortally Wounded)",
        "healing.rest_days": "D6-HEAL-2/AMB-D6-15: rest before a healing roll (MW 30 days)",
        "first_aid.kit_required": "AMB-D6-14: first aid needs a kit use",
        "first_aid.same_day_hours": "AMB-D6-14: window in which extra attempts step up",
        "ranged.multi_target.applies_to_melee": "extra-target penalty for melee too (off)",
        "two_guns.offhand_penalty": "T-D6-3: off-hand dice penalty (0)",
    }

    stats = STATS
    extra_stats = staticmethod(code_text)  # any other skill (Missile Weapons=5D ...)

    # -- roster ----------------------------------------------------------------------------
    on_add = hook("combat_rulesets.d6.roster:on_add")
    join = hook("combat_rulesets.d6.roster:join")

    # -- rounds ----------------------------------------------------------------------------
    begin_round = hook("combat_rulesets.d6.initiative:begin_round")
    move_in_order = hook("combat_rulesets.d6.initiative:move_in_order", method=True)
    declare = hook("combat_rulesets.d6.declare:declare")
    declare_costs = hook("combat_rulesets.d6.declare:declare_costs")
    plan = hook("combat_rulesets.d6.declare:plan")
    resolve = hook("combat_rulesets.d6.declare:resolve", method=True)  # a failed one lapses
    act = hook("combat_rulesets.d6.declare:act", method=True)  # counts toward the actions
    end_round = hook("combat_rulesets.d6.wounds:mortal_checks")
    can_act = hook("combat_rulesets.d6.core:can_act_reason")

    # -- health and time -------------------------------------------------------------------
    value_words = hook("combat_rulesets.d6.wounds:value_words")
    damage = hook("combat_rulesets.d6.damage:gm_damage")
    heal = hook("combat_rulesets.d6.healing:gm_heal")
    rest = hook("combat_rulesets.d6.healing:rest")
    fire_timer = hook("combat_rulesets.d6.healing:timer_due", method=True)

    # -- display ---------------------------------------------------------------------------
    status_columns = hook("combat_rulesets.d6.display:status_columns")
    brief = hook("combat_rulesets.d6.display:brief_lines")
    wound_columns = ()   # the status says the wound; the Penalty column mixes in the actions
    wound_level = hook("combat_rulesets.d6.wounds:wound_level")
    json_extra = hook("combat_rulesets.d6.display:json_extra")
    demo = hook("combat_rulesets.d6.demo:demo")


RULESET = D6()
