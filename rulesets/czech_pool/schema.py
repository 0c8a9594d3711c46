"""The typed shape of ``tables.toml``: every house-rule switch with the values it may take
(a switch's text is read without case or diacritics: "Bezvědomí" is bezvedomi). Sections
without switches stay open (their keys and kinds are checked by the merge)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator

from combat_cli.api import TablesModel
from rulesets.czech_pool.lang import norm


def _norm(value: Any) -> Any:
    return norm(value) if isinstance(value, str) else value


Norm = BeforeValidator(_norm)


class Amb(TablesModel):
    full_defence: Annotated[Literal["both", "attacker", "own"], Norm]
    success: Literal[">=", ">"]
    ones_cancel: bool
    one_roll: Annotated[Literal["per_pair", "highest"], Norm]
    forced_skill: Annotated[Literal["trump", "melee_or_brawl"], Norm]
    talent_difficulty: Annotated[Literal["opponent", "own"], Norm]
    table_columns: Annotated[Literal["recommended", "as_printed"], Norm]
    range_second_value: Annotated[Literal["pool", "damage"], Norm]
    outnumber_baseline: Annotated[Literal["free", "one"], Norm]
    undefended_zero: bool
    non_threat_disadvantage_only: bool
    drop_defence_disadvantage: bool
    difficulty_min: int
    difficulty_max: int
    ties_simultaneous: bool
    notice_roll: bool
    notice_difficulty: int
    notice_surprise: bool
    clash_speed: Annotated[Literal["own", "faster"], Norm]


class Core(TablesModel):
    default_choice: Annotated[Literal["wound", "disadvantage", "zranit", "nevyhoda"], Norm]


class Health(TablesModel):
    recheck_against: Annotated[Literal["previous", "worst"], Norm]
    at_zero: Annotated[Literal["bezvedomi", "smrt", "unconscious", "dead"], Norm]


class Tables(TablesModel):
    amb: Amb
    core: Core
    skills: dict[str, Any]
    health: Health
    check: dict[str, Any]
    modifiers: dict[str, Any]
    modifiers_as_printed: dict[str, Any]
    weapons: dict[str, Any]
