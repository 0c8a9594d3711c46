"""The typed shape of ``tables.toml``: every section and value rules code reads, each
house-rule switch with the values it may take. Rules code reads ``Tables.of(ctx).dice.difficulty``;
the core loads the file, merges the table's house rules and validates them once."""

from __future__ import annotations

from typing import Literal

from combat_cli.api import TablesModel


class Dice(TablesModel):
    tiers: list[str]
    target_number: dict[str, int]
    ten_again: bool
    difficulty: int
    teamwork_max: int


class Penalties(TablesModel):
    mode: Literal["complication", "dice", "difficulty"]
    combine: Literal["max", "sum"]
    rating: dict[str, int]


class Injury(TablesModel):
    levels: list[str]
    bruised_formula: Literal["one_plus_half_rest", "half_stamina"]
    bruised_per_scale: int
    injured_min_stamina: int
    maimed_boxes: int
    lethal_persistent_vs_mortals: bool
    clear_at: Literal["scene", "never"]


class Sgc(TablesModel):
    use_health: bool
    injury_penalty: bool


class Defense(TablesModel):
    scope: Literal["round", "attack"]
    pc_default: Literal["roll", "standard"]
    sgc_static: int
    standard: int
    minimum: int
    full_multiplier: int
    resilience: list[str]
    dive_for_cover: int
    prone_close: int
    prone_other: int


class Initiative(TablesModel):
    combat_skills: list[str]
    attribute: str
    pc_slots_each_round: bool
    sgc_auto: bool
    buyoff_reduces_result: bool


class Ambush(TablesModel):
    pool: str
    fallback_pool: str
    target_pool: str


class Surprise(TablesModel):
    pool: str
    ties: Literal["literal", "meet"]


class FirstAid(TablesModel):
    pool: str
    difficulty: dict[str, int]
    taken_out_per_condition: int
    per: Literal["patient", "medic"]
    failed_attempt_counts: bool
    consolation: bool
    after_combat_only: bool


class Complicate(TablesModel):
    opposed_rolls: bool


class Disarm(TablesModel):
    pickup: Literal["simple", "reflexive"]
    natural: list[str]


class Stunts(TablesModel):
    inflict_damage: int
    critical: int
    disarm: int
    blind: int
    break_grapple: int
    extra_damage_per_scale: bool
    auto_critical: bool


class Scale(TablesModel):
    names: list[str]
    enhancement: list[int]
    minor_multiplies: bool
    static_defense_half: bool
    minor_multiplier: list[int]


class Attack(TablesModel):
    several_targets: Literal["split", "each"]
    shockwave_hits_close: bool


class Actions(TablesModel):
    reflexive_counts_for_mixed: bool
    mixed_parts: int
    attacks_per_turn: int


class Ranges(TablesModel):
    bands: list[str]


class Weapon(TablesModel):
    """A weapon of the catalogue; :func:`~.stats.weapon_of` gives it with its ``name`` and
    the wielder's extra tags."""

    tags: list[str]
    pool: str
    range: str = "close"
    name: str = ""


class Tables(TablesModel):
    dice: Dice
    penalties: Penalties
    injury: Injury
    sgc: Sgc
    defense: Defense
    initiative: Initiative
    ambush: Ambush
    surprise: Surprise
    first_aid: FirstAid
    stunts: Stunts
    complicate: Complicate
    disarm: Disarm
    scale: Scale
    attack: Attack
    ranges: Ranges
    weapons: dict[str, Weapon]
    tags: dict[str, str]
    actions: Actions
