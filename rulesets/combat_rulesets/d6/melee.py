"""Melee and unarmed fighting: the skills and base difficulties (D6-MELEE)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from combat_rulesets.d6.stats import norm, stat, weapon_entry

if TYPE_CHECKING:
    from combat_cli.api import Combatant
    from combat_rulesets.d6.schema import Tables

UNARMED = {"brawl": "Brawling", "martial": "Martial Arts"}


def unarmed_skill(kind: str, with_: str | None = None) -> str:
    """The skill of a punch (brawl), a martial-arts strike, or a block (``with_``: its
    with=, martial for Martial Arts)."""
    if kind == "martial" or (kind == "block" and with_ == "martial"):
        return "Martial Arts"
    return "Brawling"


def skill_kind(w: dict[str, Any] | None) -> str | None:
    """brawl or martial when ``w`` is a natural weapon used with Brawling or Martial Arts
    (claws, fangs): the unarmed difficulty applies, the weapon's damage is added."""
    if w is None:
        return None
    return next((k for k, s in UNARMED.items() if norm(str(w.get("skill", ""))) == norm(s)),
                None)


def natural_weapon(t: Tables, c: Combatant, kind: str) -> dict[str, Any] | None:
    """The weapon a ``brawl``/``martial`` strikes with: the combatant's own weapon when it is
    a natural one of that skill (claws for Brawling), else None (a fist)."""
    own = stat(c, "weapon")
    if own is None:
        return None
    try:
        w = weapon_entry(t, own)
    except ValueError:
        return None
    return w if skill_kind(w) == kind else None


def melee_base(t: Tables, kind: str, w: dict[str, Any] | None) -> tuple[int, str]:
    """The difficulty of a melee attack nobody parries or blocks, and how it was reached:
    Brawling Very Easy (5) and Martial Arts Easy (10) whatever the verb (D6-MELEE-1/2)."""
    if w is not None and "difficulty" in w:
        base = int(w["difficulty"])
        return base, f"{w['name']} {base}"
    by = kind if kind in UNARMED else skill_kind(w)
    with_w = f" ({w['name']})" if w is not None else ""
    if by == "brawl":
        base = t.melee.brawling_difficulty
        return base, f"Brawling {base}{with_w}"
    if by == "martial":
        base = t.melee.martial_difficulty
        return base, f"Martial Arts {base}{with_w}"
    assert w is not None
    base = t.melee.weapon_difficulty
    return base, f"{w['name']} {base}"
