"""czech_pool: the Czech homebrew d10 pool system (SOUBOJ).

Everyone declares whom he threatens and whom he defends against; on the first ``resolve``
everyone rolls ONE pool (attribute + lowest skill in use + bonuses - penalties) and the
successes are counted per pair at that pair's difficulty (6 + modifiers). Pairs resolve from
the highest speed (attribute + skill + weapon/spell speed); the winner wounds (difference +
weapon - armour) or imposes a +1 disadvantage (to +3). Czech by default, English with
``--lang en``.
"""

from __future__ import annotations

from combat_cli.api import (
    ActionSpec,
    ConditionSpec,
    DeclarePhase,
    Healing,
    Ruleset,
    hook,
)
from combat_rulesets.czech_pool import lang as _lang
from combat_rulesets.czech_pool import schema, state
from combat_rulesets.czech_pool.options import Bare, Defend, Threaten
from combat_rulesets.czech_pool.stats import STATS

# the options are typed models (options.py): help in English (the source), the Czech in the
# message catalogue
_FLAGS = "[míření] [omráčit] [daleko] [rozptyl] [zády]"
_RESOLUTION = "combat_rulesets.czech_pool.resolution"
"""The handlers of the actions the turn resolves (threats and standing up); the defences
shape the clashes and have none."""


def _threat(cz: str, en: str, skill: str, *extra: str) -> ActionSpec:
    names = {_lang.norm(cz), en, *extra} - {cz}
    return ActionSpec(cz, f"threaten TARGET with {skill}", target="required", attack=True,
                      model=Threaten, aliases=tuple(sorted(names)), args=_FLAGS,
                      handler=f"{_RESOLUTION}:clash")


ACTIONS = (
    _threat("boj", "melee", "Melee", "attack"),
    _threat("rvačka", "brawl", "Brawl (fist)"),
    _threat("vrh", "throw", "Throwing"),
    _threat("střelba", "shoot", "Shooting"),
    _threat("kouzlení", "cast", "Spellcasting"),
    _threat("vzývání", "invoke", "Invocation"),
    _threat("modlení", "pray", "Prayer"),
    ActionSpec("bránit", "defend (against TARGET, or everyone) with skill=",
               target="optional", model=Defend, aliases=("branit", "defend")),
    ActionSpec("pouze_bránit", "full defence: attackers +1, own -1 (not below 6)",
               target="none", model=Defend,
               aliases=("pouze", "pouze_branit", "full_defence", "full_defense", "fulldef")),
    ActionSpec("nebránit", "do not defend against TARGET: no outnumbering penalty, he meets "
               "0 successes", target="required", model=Bare, aliases=("nebranit", "ignore")),
    ActionSpec("vstát", "stand up from prone: own roll at +2", target="none", model=Bare,
               aliases=("vstat", "stand"), handler=f"{_RESOLUTION}:stand_up"),
)

# what an English GM sees (action names, option names, stat names) is the catalogue's:
# en/czech_pool.po, the core's host shows it

CONDITIONS = (
    ConditionSpec("Ležící", "prone: difficulty +2; vstát to stand up", ("lezici", "prone")),
    ConditionSpec("Šero", "dusk / blurred view: difficulty +1", ("sero", "dusk", "dim")),
    ConditionSpec("Tma", "darkness / blindness / unseen opponent: difficulty +3",
                  ("tma", "dark", "darkness", "blind", "slepota")),
    ConditionSpec("Stísněný", "cramped space: difficulty +1",
                  ("stisneny", "stísněný prostor", "cramped")),
)

HOUSE_RULES = {
    "amb.full_defence": "AMB-CZ-1 pouze bránit: both (default) | attacker (+1 to attackers) | "
                        "own (own -1, min 6)",
    "amb.success": "AMB-CZ-2 a die succeeds at >= (default) or > the difficulty",
    "amb.ones_cancel": "AMB-CZ-3 each 1 cancels a success (default false)",
    "amb.one_roll": "AMB-CZ-4 per_pair (default): successes counted per pair | highest",
    "amb.forced_skill": "AMB-CZ-5 trump (default): the winner's skill or better | "
                        "melee_or_brawl",
    "amb.talent_difficulty": "AMB-CZ-6 shield/two-weapon +1 vs a single opponent goes to "
                             "the opponent (default) | own",
    "amb.table_columns": "AMB-CZ-7 modifier columns: recommended (default) | as_printed",
    "amb.range_second_value": "AMB-CZ-7 long throw / beyond range second value: pool "
                              "(default) | damage",
    "amb.outnumber_baseline": "AMB-CZ-8 -2 per defended opponent beyond the free number "
                              "(free, default) | beyond one",
    "amb.undefended_zero": "AMB-CZ-9 an undefended attack meets 0 successes (default true)",
    "amb.non_threat_disadvantage_only": "AMB-CZ-10 a winner who did not threaten may only "
                                        "impose a disadvantage (default true)",
    "amb.drop_defence_disadvantage": "AMB-CZ-11 a full defender who attacks loses the "
                                     "disadvantages he imposed (default true)",
    "amb.difficulty_min": "AMB-CZ-12 lowest difficulty (default 2)",
    "amb.difficulty_max": "AMB-CZ-12 highest difficulty (default 10)",
    "amb.ties_simultaneous": "AMB-CZ-13 equal speeds resolve simultaneously (default true)",
    "amb.clash_speed": "AMB-CZ-15 a slower winner's effect lands at his own speed, after his "
                       "check roll if wounded first (own, default) | at the faster speed",
    "amb.notice_roll": "AMB-CZ-14 round 1 Postřeh + Obezřetnost notice roll (default true)",
    "amb.notice_difficulty": "AMB-CZ-14 its difficulty (default 6)",
    "amb.notice_surprise": "AMB-CZ-14 no success: surprised, may not threaten in round 1 "
                           "(default true)",
    "health.recheck_against": "unconsciousness re-check when a wound is worse than the "
                              "previous one (default) | the worst so far",
    "health.at_zero": "all levels gone: bezvedomi (default) | smrt",
    "core.default_choice": "what a winner who threatened does without volba=: wound (default) "
                           "| disadvantage",
}


class CzechPool(DeclarePhase, Healing, Ruleset):
    name = "czech_pool"
    fight_only = ("forced", "forced_next", "surprised")
    combatant_state = state.Fighter
    encounter_state = state.Souboj
    fill_stat_defaults = False  # read through its own stat helpers; not listed as typed
    tables_model = schema.Tables
    title = "Czech d10 pool (SOUBOJ): one roll vs everyone, speed order, wounds or disadvantage"
    round_seconds = 6
    tables_package = "combat_rulesets.czech_pool"
    # values whose 0 or negative would break the arithmetic (issue 13 item 32)
    table_ranges = {
        "core.die_sides": (2, 100), "core.base_difficulty": (1, None),
        "core.outnumber_penalty": (0, None), "core.free_base": (1, None),
        "core.free_skill_floor": (0, None), "core.talent_free_bonus": (0, None),
        "core.disadvantage_step": (0, None), "core.disadvantage_max": (0, None),
        "core.full_defence_floor": (1, None), "amb.notice_difficulty": (1, None),
        "amb.difficulty_min": (1, 10), "amb.difficulty_max": (1, 10),
        "health.base_levels": (1, None), "health.severity": (1, None),
        "health.penalty_from": (1, None), "modifiers.*.max": (1, None),
        "weapons.*.length": (0, None),
    }
    stats = STATS
    actions = ACTIONS
    conditions = CONDITIONS
    house_rules = HOUSE_RULES
    language = "cs"
    languages = ("en",)

    def __init__(self) -> None:
        from combat_rulesets.czech_pool.verbs import VERBS

        self.verbs = VERBS

    # -- roster ----------------------------------------------------------------------
    on_add = hook("combat_rulesets.czech_pool.roster:on_add")

    # -- rounds ----------------------------------------------------------------------
    begin_round = hook("combat_rulesets.czech_pool.initiative:begin_round")
    declare = hook("combat_rulesets.czech_pool.combat:check_declaration")
    plan = hook("combat_rulesets.czech_pool.resolution:plan")
    act = hook("combat_rulesets.czech_pool.resolution:act")  # refused: declare, then resolve
    end_round = hook("combat_rulesets.czech_pool.resolution:end_round")
    can_act = hook("combat_rulesets.czech_pool.health:can_act")

    # -- health ----------------------------------------------------------------------
    value_words = hook("combat_rulesets.czech_pool.health:value_words")
    damage = hook("combat_rulesets.czech_pool.health:damage")
    heal = hook("combat_rulesets.czech_pool.health:heal")

    # -- display ---------------------------------------------------------------------
    status_columns = hook("combat_rulesets.czech_pool.display:status_columns")
    brief = hook("combat_rulesets.czech_pool.display:brief_lines")
    wound_columns = ("Health",)
    wound_level = hook("combat_rulesets.czech_pool.health:wound_level")
    json_extra = hook("combat_rulesets.czech_pool.display:json_extra")
    help_text = hook("combat_rulesets.czech_pool.display:help_text", method=True)
    demo = hook("combat_rulesets.czech_pool.demo:demo_lines")


RULESET = CzechPool()
