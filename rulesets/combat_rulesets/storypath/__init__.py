"""Storypath (Scion 2nd edition / Scion: Origin combat chapter) for combat-cli.

Turn-based: initiative is rolled once per fight into PC and SGC slots (players choose who takes
each PC slot with ``slot NAME``); each slot acts with ``act NAME ACTION ...`` and ``next``.
See README.md beside this file for the GM's reference.
"""

from __future__ import annotations

from combat_cli.api import (
    ActionSpec,
    Arg,
    ConditionSpec,
    Healing,
    OpenTurns,
    Opt,
    Reactions,
    Ruleset,
    VerbSpec,
    hook,
)

from . import (
    attack,
    complicate,
    defense,
    disarm,
    grappling,
    options,
    prone,
    tasks,
    throwing,
    verbs,
)
from .schema import Tables
from .state import Fight, Fighter
from .stats import STATS

HOUSE_RULES = {
    "dice.ten_again": "AMB-SP-1: 10s count and are rolled again (default true)",
    "penalties.mode": "AMB-SP-2: Injury penalty as complication (default) | dice | difficulty",
    "penalties.combine": "AMB-SP-2: worst Injury only (max, default) or sum",
    "injury.bruised_formula": "AMB-SP-3: one_plus_half_rest = 1+ceil((Sta-1)/2) (default) | half_stamina",
    "sgc.use_health": "AMB-SP-4: SGCs use a Health counter, PCs boxes (default true)",
    "sgc.injury_penalty": "AMB-SP-4: SGC injuries impose penalties automatically (default false)",
    "defense.scope": "AMB-SP-5: the first Defense roll holds for the round (round, default) | attack",
    "defense.pc_default": "AMB-SP-5: a PC's Defense when first attacked: roll (default) | standard",
    "ambush.pool": "AMB-SP-6: ambushers roll agility+dexterity if they have Agility ...",
    "ambush.fallback_pool": "AMB-SP-6: ... else subterfuge+dexterity",
    "first_aid.per": "AMB-SP-7: one first-aid removal per session per patient (default) | medic",
    "surprise.ties": "AMB-SP-8: literal (PC side wins exact ties, bandmates: defender) | meet",
    "stunts.extra_damage_per_scale": "AMB-SP-9: one more Inflict Damage per Scale rank of advantage",
    "injury.clear_at": "AMB-SP-10: non-Persistent Injuries clear at the end of the scene | never",
    "first_aid.failed_attempt_counts": "a failed first-aid roll uses up the session's removal",
    "first_aid.consolation": "AMB-SP-12: a PC's failed first-aid roll earns the players "
                             "Consolation Momentum (default true)",
    "initiative.pc_slots_each_round": "players choose PC slot holders anew each round",
    "initiative.sgc_auto": "SGC slots filled automatically in roll order",
    "actions.reflexive_counts_for_mixed": "reflexive actions on one's turn count toward a mixed action",
    "stunts.auto_critical": "with no stunts= an attack also buys the Critical when it can",
    "attack.several_targets": "SP-ATK-1: an attack on several targets splits its successes "
                              "(split, default) | each (the total against every Defense)",
    "attack.shockwave_hits_close": "Shockwave: everyone else at close range of the target "
                                   "takes one Injury Condition (default true)",
    "scale.static_defense_half": "a higher-Scale antagonist's static Defense adds half the "
                                 "Scale Enhancement (default true; false: all of it)",
    "scale.minor_multiplies": "Scale multiplies the Injury Conditions inflicted on minor "
                              "characters (x2, x5, x10 ...; default true)",
    "disarm.pickup": "AMB-SP-11: picking up a weapon lost to Disarm is a simple action "
                     "(default) | reflexive; until then the Disarmed fights unarmed",
    "complicate.opposed_rolls": "AMB-SP-13: a Blocked task applies to the automatic opposed "
                                "roll it names (the grappler's hold against an escape; "
                                "default true)",
    "disarm.natural": "weapons the Disarm Stunt cannot take (default unarmed, claws)",
}


def _sides(verb: str) -> tuple[Arg, ...]:
    """``NAME ... vs NAME ...``: the two sides of an ambush or a surprise attack."""
    both = f"{verb} needs names on both sides of vs"
    return (Arg("side", "name", repeat=True, metavar="NAME", missing=both),
            Arg("vs", "keyword", choices=("vs",),
                missing=f"{verb} needs two sides: {verb} NAME [NAME ...] vs NAME [NAME ...]"),
            Arg("other", "name", repeat=True, metavar="NAME", missing=both))


class Storypath(OpenTurns, Reactions, Healing, Ruleset):
    name = "storypath"
    combatant_state = Fighter
    encounter_state = Fight
    fight_only = ("turn", "init", "init_seq", "done_round", "held_round", "lose_turn_round",
                  "surprise", "surprise_cmp", "ambush", "ranges")
    lasting_encounter = ("momentum", "session")
    fill_stat_defaults = False  # read through its own stat helpers; not listed as typed
    tables_model = Tables
    title = "Storypath (Scion 2e): d10 pools, PC/SGC initiative slots, Injury Conditions"
    round_seconds = 3
    tables_package = "combat_rulesets.storypath"
    # issue 13 item 32: values whose 0 or negative would break the arithmetic
    table_ranges = {
        "dice.target_number.*": (1, 10), "dice.difficulty": (0, None),
        "dice.teamwork_max": (0, None), "penalties.rating.*": (0, None),
        "injury.bruised_per_scale": (0, None), "injury.injured_min_stamina": (0, None),
        "injury.maimed_boxes": (1, None),
        "defense.full_multiplier": (1, None), "defense.minimum": (0, None),
        "first_aid.difficulty.*": (0, None), "first_aid.taken_out_per_condition": (0, None),
        "scale.minor_multiplier": (1, None), "actions.mixed_parts": (2, None),
        "actions.attacks_per_turn": (1, None),
    }
    stats = STATS
    actions = (
        ActionSpec("attack", "attack roll vs the target's Defense; spend the rest on Stunts "
                   "(more targets after the first: one roll, successes split)",
                   target="required", attack=True, model=options.Attack,
                   aliases=("hit", "shoot"), args="[TARGET ...]", handler=attack.attack),
        ActionSpec("defend", "Full Defense (simple action): roll double the Defense pool; "
                   "react NAME defend (mode=roll or standard) takes the reflexive Defense now",
                   target="none", reaction=True, model=options.Defend, aliases=("dodge",),
                   handler=defense.full_defense, on_react=defense.react_defend),
        ActionSpec("complicate", "part of a mixed action: Blocked N on the target's task",
                   target="required", model=options.Complicate, handler=complicate.complicate),
        ActionSpec("throw", "lift (Athletics + Might) or a grappled person, then a Thrown, "
                   "Pushing attack", target="required", attack=True, model=options.Throw, handler=throwing.throw),
        ActionSpec("grapple", "an attack (Close Combat + Might) that puts the target in a grapple",
                   target="required", attack=True, model=options.Grapple,
                   handler=grappling.grapple),
        ActionSpec("drag", "drag the grappled target: opposed Might + Athletics, grappler wins ties",
                   target="required", model=options.Bare, handler=grappling.drag),
        ActionSpec("escape", "escape a grapple: opposed (Close Combat|Athletics) + (Dexterity|Might)",
                   target="none", model=options.Escape, handler=grappling.escape),
        ActionSpec("letgo", "release someone you grapple (reflexive)", target="required",
                   model=options.Bare, handler=grappling.let_go),
        ActionSpec("stand", "stand up: reflexive, or with an enemy close a mixed action at "
                   "Complication 1 (unbought: an Injury Condition)", target="none",
                   model=options.Stand, handler=tasks.stand),
        ActionSpec("prone", "drop prone (reflexive)", target="none", model=options.Bare,
                   handler=prone.go_prone),
        ActionSpec("pickup", "pick up the weapon lost to a Disarm Stunt (a simple action, or "
                   "reflexive by house rule; until then the Disarmed fights unarmed)",
                   target="none", model=options.Pickup, aliases=("retrieve",),
                   handler=disarm.pickup),
        ActionSpec("do", "any other rolled action: pool vs Difficulty (a Blocked task must be "
                   "bought off)", target="optional", model=options.Do, handler=tasks.do_task),
        ActionSpec("reflexive", "a reflexive action without a roll (move, draw, look)",
                   target="none", model=options.Reflexive, reaction=True,
                   aliases=("move", "draw"), handler=tasks.reflexive),
    )
    conditions = (
        ConditionSpec("Prone", "-1 Defense at close range, +2 at other ranges; standing next "
                      "to an enemy is a mixed action"),
        ConditionSpec("Grappled", "cannot move from the spot"),
        ConditionSpec("Disarmed"), ConditionSpec("Blinded", "+1 Difficulty on the next "
                                                 "ranged/thrown attack"),
    )
    verbs = (
        VerbSpec("slot", (Arg("name", "name"), Arg("n", "int", optional=True,
                                                  bad="slot N takes a whole number, not {word}")),
                 "the players put NAME in the open PC slot that is up "
                 "(the SG swaps an SGC into hers); slot NAME N assigns slot N ahead of time",
                 verbs.slot),
        VerbSpec("ambush", (*_sides("ambush"), Opt("pool", metavar="P"), Opt("tpool", metavar="P"),
                            Opt("spend", "int")),
                 "a prepared ambush before the fight: Surprise Complication on initiative",
                 verbs.ambush),
        VerbSpec("surprise", (*_sides("surprise"),
                              Opt("attr", "choice", ("dexterity", "intellect"),
                                  "attr= value (dexterity or intellect)"),
                              Opt("pool", metavar="P")),
                 "a surprise attack before start: a full round before initiative", verbs.surprise),
        VerbSpec("range", (Arg("name", "name"), Arg("other", "name", metavar="NAME"),
                           Arg("band", "word")), "set the range band between two combatants",
                 verbs.range_),
        VerbSpec("aftermath", (), "the fight is over: first aid may begin",
                 verbs.aftermath),
        VerbSpec("aid", (Arg("medic", "name"), Arg("patient", "name"),
                         Arg("which", "text", optional=True, metavar="LEVEL|NAME"),
                         Opt("enh", "int"), Opt("pool", metavar="P")),
                 "first aid after combat: Intellect + Medicine downgrades one Injury Condition",
                 verbs.aid),
        VerbSpec("scene", (), "the scene ends: non-Persistent Injury Conditions clear",
                 verbs.scene),
        VerbSpec("session", (), "a new session: first aid is available again",
                 verbs.session),
        VerbSpec("momentum", (Arg("change", "text", optional=True,
                                  metavar="+N|-N|=N"),),
                 "the Momentum pools: spend (-N), gain (+N) or set (=N); players' by default",
                 verbs.momentum),
    )
    house_rules = HOUSE_RULES

    # -- roster --------------------------------------------------------------------------
    on_add = hook("combat_rulesets.storypath.roster:on_add")
    join = hook("combat_rulesets.storypath.initiative:join")

    # -- rounds --------------------------------------------------------------------------
    begin_round = hook("combat_rulesets.storypath.initiative:begin_round")
    move_in_order = hook("combat_rulesets.storypath.initiative:move_slot")
    open_turn = hook("combat_rulesets.storypath.initiative:open_turn_of", method=True)
    give_turn = hook("combat_rulesets.storypath.initiative:take_slot")
    up_next = hook("combat_rulesets.storypath.initiative:up_next")
    next_turn = hook("combat_rulesets.storypath.initiative:next_turn")
    current = hook("combat_rulesets.storypath.initiative:current_of", method=True)
    on_remove = hook("combat_rulesets.storypath.roster:on_remove")
    acting_label = hook("combat_rulesets.storypath.initiative:acting_label")
    order_labels = hook("combat_rulesets.storypath.initiative:order_labels")

    # -- health ----------------------------------------------------------------------------
    value_words = hook("combat_rulesets.storypath.injuries:value_words")
    damage = hook("combat_rulesets.storypath.injuries:damage")
    heal = hook("combat_rulesets.storypath.injuries:heal")

    # -- display ---------------------------------------------------------------------------
    brief = hook("combat_rulesets.storypath.display:brief_lines")
    status_columns = hook("combat_rulesets.storypath.display:status_columns")
    wound_columns = ("Injuries", "Injury Conditions")
    wound_level = hook("combat_rulesets.storypath.injuries:wound_level")
    json_extra = hook("combat_rulesets.storypath.display:json_extra")
    demo = hook("combat_rulesets.storypath.demo:demo")


RULESET = Storypath()
