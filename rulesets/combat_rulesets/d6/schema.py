"""The typed shape of ``tables.toml``: every section the rules read, every house-rule switch
with the values it may take. Rules code reads ``D6Tables.of(ctx).ties.mode``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from combat_cli.api import TablesModel

if TYPE_CHECKING:
    from combat_rulesets.d6.state import Where

Level = Literal["Wounded", "Wounded Twice", "Incapacitated", "Mortally Wounded"]
AnyLevel = Literal["Healthy", "Stunned", "Wounded", "Wounded Twice", "Incapacitated",
                   "Mortally Wounded", "Killed"]


class Difficulty(TablesModel):
    names: list[str]
    values: list[int]


class Actions(TablesModel):
    max: int
    penalty_per_extra: int
    held_unused_counts: bool
    reload_default: int
    draw_cost: int


class Pools(TablesModel):
    zero: Literal["cannot", "one_die"]
    wild_die: bool


class Initiative(TablesModel):
    tie_break: list[Literal["pc_first", "roll"]]


class Ties(TablesModel):
    mode: Literal["literal", "ge", "gt"]


class Reactions(TablesModel):
    mode: Literal["partial_replaces", "add", "replace"]
    reaction_penalty: Literal["undeclared", "always", "never"]
    reaction_penalty_dice: int
    adds_action: bool
    dodge_vs_melee: bool
    auto_declared: bool


class MultiTarget(TablesModel):
    per_extra_target: int
    applies_to_melee: bool


class Ranged(TablesModel):
    default_range: str
    point_blank_m: int
    bands: dict[str, int]
    multi_target: MultiTarget


class Modifiers(TablesModel):
    difficulty_dice: Literal["roll", "fixed"]
    fixed_per_die: int
    called: dict[str, int]
    conceal: dict[str, int]
    cover: dict[str, int]


class ProtectionRow(TablesModel):
    min: int
    state: str
    minus: int = 0
    passes: Literal["none"] | None = None


class Protection(TablesModel):
    default_body: str
    body: dict[str, str]
    chart: list[ProtectionRow]


class Melee(TablesModel):
    brawling_difficulty: int
    martial_difficulty: int
    weapon_difficulty: int
    ev_on_unarmed: bool


class Damage(TablesModel):
    ev_step: int


class WoundRow(TablesModel):
    min: int
    level: AnyLevel


class Wounds(TablesModel):
    levels: list[str]
    penalty: list[int]
    repeat: Literal["re", "opend6"]
    stun_knockout: bool
    stun_knockout_minutes: str
    stun_lasts_minutes: int
    incap_unconscious_minutes: str
    mortal_check: str
    chart: list[WoundRow]


class Natural(TablesModel):
    worse_max: int
    same_max: int
    worse: AnyLevel
    better: AnyLevel


class Healing(TablesModel):
    rest_days: dict[Level, int]
    revive_level: Literal["Stunned", "Wounded", "Wounded Twice", "Incapacitated",
                          "Mortally Wounded"]
    work_penalty: int
    easy_bonus: int
    natural: dict[Level, Natural]


class FirstAid(TablesModel):
    difficulty: dict[str, int]
    kit_uses: int
    kit_required: bool
    lockout_margin: int
    lockout_hours: int
    same_day_hours: int
    facility_skill: str


class TwoGuns(TablesModel):
    offhand_penalty: int


class Spray(TablesModel):
    difficulty: int
    damage: int


class Weapon(TablesModel):
    """A catalogue entry as written (``stats.weapon_entry`` gives the full record)."""

    damage: str
    ranges: list[int] = []
    rof: int = 1
    ammo: int = 0
    reload: int = 1
    skill: str | None = None
    melee: bool | None = None
    auto: bool = False
    difficulty: int | None = None
    targeting: str | None = None


class Skills(TablesModel):
    fallback: dict[str, list[str]]


class Tables(TablesModel):
    difficulty: Difficulty
    actions: Actions
    pools: Pools
    initiative: Initiative
    ties: Ties
    reactions: Reactions
    ranged: Ranged
    modifiers: Modifiers
    protection: Protection
    scale: dict[str, int]
    scale_aliases: dict[str, str]
    melee: Melee
    damage: Damage
    wounds: Wounds
    healing: Healing
    first_aid: FirstAid
    two_guns: TwoGuns
    spray: dict[Literal["burst_single", "full_auto", "sweep", "multi"], Spray]
    weapons: dict[str, Weapon]
    skills: Skills


def tables(where: Where) -> Tables:
    """The tables the table plays with (house rules merged), typed."""
    return Tables.of(where)
