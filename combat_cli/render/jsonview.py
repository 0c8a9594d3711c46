"""The public JSON of ``combat show FILE --json`` (binding keys; rulesets add their own)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from combat_cli.engine.contract.view import RulesView
from combat_cli.views.player import PLAYER_LABELS, PLAYER_LOG_LINES, SCHEMA, pc_wounds, player_json

if TYPE_CHECKING:
    from combat_cli.engine.table import Table

__all__ = ["LOG_KEYS", "PLAYER_LABELS", "PLAYER_LOG_LINES", "SCHEMA", "pc_wounds", "player_json",
           "public_json"]

LOG_KEYS = ("round", "actor", "action", "target", "dice", "difficulty", "faces", "total",
            "outcome", "text")


def public_json(table: Table) -> dict[str, Any]:
    from combat_cli.engine.domain.models import Encounter

    enc, rs = Encounter.model_validate_json(table.state_json), table.ruleset  # rulesets may fill in defaults
    cur = rs.current(enc)
    rank = {cid: i for i, cid in enumerate(enc.order)}
    out: dict[str, Any] = {
        "schema": SCHEMA,
        "ruleset": rs.name,
        "round": enc.round,
        "phase": enc.phase,
        "clock": {"rounds": enc.clock.rounds, "seconds": enc.clock.seconds},
        "order": [enc.name_of(cid) for cid in enc.order],
        "acting": cur.name if cur else None,
        "combatants": [
            {
                "name": c.name,
                "tag": c.tag,   # the short tag that works wherever the name does
                "side": c.side,
                "status": c.status,
                "out": c.out,
                "conditions": [{"name": k.name, "until": k.until} for k in c.conditions],
                "held": c.held,
                "stats": c.stats,
                "data": c.data,
                "initiative": rank.get(c.id),
                "notes": list(c.notes),   # the GM's own (the players' view has none)
            }
            for c in enc.combatants
        ],
        "declarations": {enc.name_of(cid): [a.text for a in d.actions]
                         for cid, d in enc.declarations.items()},
        "queue": [{"actor": enc.name_of(i.actor), "action": i.action.text, "segment": i.segment,
                   "state": i.state} for i in enc.queue],
        "timers": [{"name": t.name, "due": t.due, "kind": t.kind,
                    "combatant": enc.name_of(t.combatant) or None} for t in enc.timers],
        "log": [{**{k: getattr(e, k) for k in LOG_KEYS}, "seq": e.seq, "kind": e.kind,
                 "data": e.data} for e in table.log],
        "undo": len(table.history.undo),
        "redo": len(table.history.redo),
    }
    out.update(rs.json_extra(RulesView(enc, rs)))
    return out
