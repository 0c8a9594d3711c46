"""This round's bids of a combatant as data (``show --json``) and as the status column."""

from __future__ import annotations

from typing import Any

from combat_cli.api import Combatant, Msg, locale
from combat_rulesets.d12.bids import (
    realm_of,
)
from combat_rulesets.d12.options import Defend, bidding
from combat_rulesets.d12.schema import Tables
from combat_rulesets.d12.state import Where, fighter
from combat_rulesets.d12.stats import REALMS, budget
from combat_rulesets.d12.words import counted


def bids_json(where: Where, c: Combatant) -> dict[str, Any]:
    """This round's bids of ``c``; ``budget`` per realm in use; with ``bid.budget =
    per_fight`` also ``spent`` (bid in earlier rounds) and ``left`` (still to bid)."""
    enc, tables = where.enc, Tables.of(where)
    d = enc.declarations.get(c.id)
    out: dict[str, Any] = {"attacks": [], "defences": [], "committed": {}, "budget": {}}
    present = {x.id for x in enc.combatants}
    for a in d.actions if d else []:
        if a.name not in ("attack", "defend"):
            continue
        realm, o = realm_of(a, where), bidding(a)
        n = o.stake or 0
        if isinstance(o, Defend):
            group = o.group
            out["defences"].append({"from": [enc.name_of(i) for i in group if i in present]
                                    if group else None, "bid": n, "realm": realm})
        else:
            out["attacks"].append({"target": enc.name_of(a.target), "bid": n, "realm": realm})
        out["committed"][realm] = out["committed"].get(realm, 0) + n
    spent = {r: n for r, n in fighter(where, c).spent.items() if n}
    per_fight = tables.bid.budget == "per_fight"
    realms = [r for r in REALMS if r in out["committed"] or (per_fight and r in spent)]
    for realm in realms:
        out["budget"][realm] = budget(c, realm, tables)[0]
    if per_fight:
        out["spent"] = {r: spent.get(r, 0) for r in realms}
        out["left"] = {r: None if out["budget"][r] is None else
                       out["budget"][r] - spent.get(r, 0) - out["committed"].get(r, 0)
                       for r in realms}
    return out


def _available(j: dict[str, Any], realm: str) -> int | None:
    """What ``c`` may bid in ``realm`` this round (the budget less what earlier rounds spent)."""
    b = j["budget"].get(realm)
    return None if b is None else b - j.get("spent", {}).get(realm, 0)


def bid_summary(where: Where, c: Combatant) -> str:
    """The status column: ``Puncher 3; def 1 vs Puncher; def 5 vs 4 (6/6)``; the total is this
    round's bids / what may be bid this round."""
    j = bids_json(where, c)
    lang = where.language
    parts = [f"{x['target']} {x['bid']}" for x in j["attacks"]]
    parts += [locale.text(Msg("def {n}{whom}", n=x["bid"], whom=(
        "" if x["from"] is None else Msg(" vs nobody") if not x["from"]
        else Msg(" vs {name}", name=x["from"][0]) if len(x["from"]) == 1
        else locale.Said(counted(lang, " vs {n} attacker", " vs {n} attackers",
                                 len(x["from"]))))), lang) for x in j["defences"]]
    tot = ", ".join(f"{j['committed'].get(r, 0)}/{'-' if _available(j, r) is None else _available(j, r)}"
                    for r in j["budget"])
    return ("; ".join(parts) + (f" ({tot})" if tot else "")).strip()
