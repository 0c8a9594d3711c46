"""The players' view as the page gets it (compact JSON) and as the terminal shows it."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from combat_cli.textsafe import escape_controls, plain  # the one control-character filter

if TYPE_CHECKING:
    from combat_cli.engine.table import Table

__all__ = ["escape_controls", "plain", "player_bytes", "player_data", "player_text"]


def player_data(table: Table, show_rolls: bool = False) -> dict[str, Any]:
    from combat_cli.views.player import player_json

    return player_json(table, show_rolls)


def player_bytes(data: dict[str, Any]) -> bytes:
    """The feed's payload: one line of JSON (no raw newline can end an event early)."""
    return escape_controls(json.dumps(data, ensure_ascii=False, separators=(",", ":"))
                           ).encode("utf-8")


def player_text(table: Table, show_rolls: bool = False, as_json: bool = False) -> str:
    data = player_data(table, show_rolls)
    if as_json:
        return escape_controls(json.dumps(data, ensure_ascii=False, indent=2))
    lab = data["labels"]
    out = [data["heading"], data["turn"]]
    for c in data["combatants"]:
        mark = "▶ " if c["acting"] else ("» " if c["next"] else "  ")
        conds = ", ".join(c["conditions"])
        bits = [b for b in (lab[c["side"]], c["wounds"], conds,
                            lab["out"] if c["out"] else "") if b]
        out.append(f"{mark}{c['name']}: {' · '.join(bits)}")
    out += [f"  {ln['text']}" for ln in data["log"]]
    return plain("\n".join(x for x in out if x))
