"""Melee and unarmed fighting: the skills and base difficulties (D6-MELEE)."""

from __future__ import annotations

from typing import Any


def unarmed_skill(kind: str, opts: dict[str, Any]) -> str:
    """The skill of a punch (brawl), a martial-arts strike, or a block (with=martial)."""
    if kind == "martial" or (kind == "block" and opts.get("with") == "martial"):
        return "Martial Arts"
    return "Brawling"


def melee_base(t: dict[str, Any], kind: str, w: dict[str, Any] | None) -> tuple[int, str]:
    """The difficulty of a melee attack nobody parries or blocks, and how it was reached."""
    if kind == "brawl":
        base = int(t["melee"]["brawling_difficulty"])
        return base, f"Brawling {base}"
    if kind == "martial":
        base = int(t["melee"]["martial_difficulty"])
        return base, f"Martial Arts {base}"
    assert w is not None
    base = int(w.get("difficulty", t["melee"]["weapon_difficulty"]))
    return base, f"{w['name']} {base}"
