"""The status columns and the ruleset's keys in ``show --json``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from combat_cli.api import Combatant, Encounter
from rulesets.czech_pool import health
from rulesets.czech_pool.combat import store
from rulesets.czech_pool.lang import term
from rulesets.czech_pool.stats import max_levels

if TYPE_CHECKING:
    from combat_cli.api import Ruleset


def _tables(rs: Ruleset, enc: Encounter) -> dict[str, Any]:
    return rs.tables_for(enc.house_rules)


def status_columns(rs: Ruleset, enc: Encounter, c: Combatant, lang: str = "") -> dict[str, str]:
    """Headers in English (the core shows them through ``label``); cells in ``lang``."""
    tables = _tables(rs, enc)
    mx = max_levels(c, tables)
    out = {"Health": f"{health.left(c, tables)}/{mx}"}
    st = store(enc)
    held = [f"{enc.name_of(k.split('>')[1])} +{v['level']}"
            for k, v in st["pairs"].items() if k.startswith(f"{c.id}>") and v.get("level")]
    out["Disadvantages"] = ", ".join(held)
    forced = c.data.get("forced")
    out["Forced"] = "/".join(term(k, lang) for k in forced) if forced else ""
    turn = st.get("turn") or {}
    p = (turn.get("pools") or {}).get(c.id)
    out["Pool"] = str(p["n"]) if p else ""
    sp = (turn.get("speeds") or {}).get(c.id)
    out["Speed"] = "" if sp is None else str(sp)
    return out


def json_extra(rs: Ruleset, enc: Encounter) -> dict[str, Any]:
    tables = _tables(rs, enc)
    st = store(enc)
    turn = st.get("turn") or {}
    fighters = {}
    for c in enc.combatants:
        mx = max_levels(c, tables)
        p = (turn.get("pools") or {}).get(c.id)
        fighters[c.name] = {
            "wound_levels": mx, "left": health.left(c, tables), "wounds": health.wounds(c),
            "forced": c.data.get("forced"), "surprised": bool(c.data.get("surprised")),
            "pool": p["n"] if p else None, "faces": p["faces"] if p else None,
            "speed": (turn.get("speeds") or {}).get(c.id),
            "difficulty": {enc.name_of(o): d["value"]
                           for o, d in (turn.get("diff") or {}).get(c.id, {}).items()},
        }
    pairs = [{"holder": enc.name_of(k.split(">")[0]), "victim": enc.name_of(k.split(">")[1]),
              "level": v["level"], "from_full_defence": bool(v.get("fd"))}
             for k, v in st["pairs"].items() if v.get("level")]
    return {"czech_pool": {"fighters": fighters, "disadvantages": pairs,
                           "resolved_pairs": [
                               [enc.name_of(x) for x in k.split("|")]
                               for k in turn.get("resolved", [])]}}
