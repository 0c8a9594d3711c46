"""The typed shape of ``tables.toml``: every house-rule switch with the values it may take.
Sections without switches stay open (their keys and kinds are checked by the merge)."""

from __future__ import annotations

from typing import Any, Literal

from combat_cli.api import TablesModel


class Dice(TablesModel):
    ten_again: bool
    difficulty: int
    teamwork_max: int


class Penalties(TablesModel):
    mode: Literal["complication", "dice", "difficulty"]
    combine: Literal["max", "sum"]


class Injury(TablesModel):
    bruised_formula: Literal["one_plus_half_rest", "half_stamina"]
    clear_at: Literal["scene", "never"]


class Sgc(TablesModel):
    use_health: bool
    injury_penalty: bool


class Defense(TablesModel):
    scope: Literal["round", "attack"]
    pc_default: Literal["roll", "standard"]


class Initiative(TablesModel):
    attribute: str
    pc_slots_each_round: bool
    sgc_auto: bool


class Ambush(TablesModel):
    pool: str
    fallback_pool: str


class Surprise(TablesModel):
    ties: Literal["literal", "meet"]


class FirstAid(TablesModel):
    per: Literal["patient", "medic"]
    failed_attempt_counts: bool
    consolation: bool


class Complicate(TablesModel):
    opposed_rolls: bool


class Disarm(TablesModel):
    pickup: Literal["simple", "reflexive"]
    natural: list[str]


class Stunts(TablesModel):
    extra_damage_per_scale: bool
    auto_critical: bool


class Scale(TablesModel):
    minor_multiplies: bool
    static_defense_half: bool


class Attack(TablesModel):
    several_targets: Literal["split", "each"]
    shockwave_hits_close: bool


class Actions(TablesModel):
    reflexive_counts_for_mixed: bool


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
    ranges: dict[str, Any]
    weapons: dict[str, dict[str, Any]]
    tags: dict[str, Any]
    actions: Actions
