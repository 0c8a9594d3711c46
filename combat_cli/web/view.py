"""The players' view as the page gets it (compact JSON) and as the terminal shows it."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from combat_cli.engine.table import Table

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e"
                      r"\u2066-\u2069]")


def escape_controls(text: str) -> str:
    """Control characters as ``\\uXXXX`` (inside JSON strings this is the same text)."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def plain(text: str) -> str:
    """Text safe for a terminal: control characters become spaces."""
    return _CONTROL.sub(" ", text)


def player_data(table: Table, show_rolls: bool = False) -> dict[str, Any]:
    from combat_cli.render.jsonview import player_json

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
