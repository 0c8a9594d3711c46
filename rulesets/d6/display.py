"""What the status table and ``show --json`` show of a D6 combatant: wound and penalty,
actions this round, the dodge, kit uses, the next timer, remembered positions."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from combat_cli.api import format_duration
from rulesets.d6.core import count_actions, multi_penalty

if TYPE_CHECKING:
    from combat_cli.api import Combatant, Encounter, LogEntry


def info(enc: Encounter, c: Combatant, t: dict[str, Any]) -> dict[str, Any]:
    lv = t["wounds"]["levels"]
    w = int(c.data.get("wound", 0))
    stunned = int(c.data.get("stuns", 0)) > 0
    pen = int(t["wounds"]["penalty"][w]) if w else 0
    if int(c.data.get("stun_round", -1)) >= enc.round:
        pen += int(t["wounds"]["penalty"][1])
    r = c.data.get("rd") or {}
    current = r.get("round") == enc.round
    n = count_actions(t, r) if current else 0
    dodge = (r.get("dodge") or {}) if current else {}
    return {"level": lv[w] if w else (lv[1] if stunned else lv[0]), "penalty": pen,
            "actions": n, "dodge": dodge.get("value"), "full_dodge": dodge.get("full"),
            "kit_uses": int(c.data.get("kit_uses", 0)), "ammo": c.data.get("ammo", {}),
            "stuns": int(c.data.get("stuns", 0))}


AFTER_THE_FIGHT = ("d6_heal",)
"""Timers that only matter after the fight: in status and show, not in the round table."""


def _reactions(r: dict[str, Any], dodge: dict[str, Any]) -> str:
    """Declared reactions still to be used (``block``), rolled ones waiting (``block 15``)."""
    out = []
    if dodge.get("value") is not None:
        out.append(f"{'fulldodge' if dodge.get('full') else 'dodge'} {dodge['value']}")
    elif r.get("ready_dodge") is not None:
        out.append("fulldodge" if r["ready_dodge"].get("full") else "dodge")
    out += [str(x.get("kind", "")) for x in r.get("ready_melee") or ()]
    out += [f"{p.get('kind', 'parry')} {p.get('value', '')}".strip() for p in r.get("parries") or ()]
    return ", ".join(x for x in out if x)


def status_columns(enc: Encounter, c: Combatant, t: dict[str, Any]) -> dict[str, str]:
    """Penalty (wound and multi-action, the dice off every roll), the round's actions,
    reactions ready, kit uses, the next timer that matters in the fight. The wound level
    itself is the Status column."""
    i = info(enc, c, t)
    kit = str(i["kit_uses"]) if i["kit_uses"] or c.data.get("kits") else ""
    r = c.data.get("rd") or {}
    current = r.get("round") == enc.round
    multi = multi_penalty(t, i["actions"]) if enc.phase in ("declare", "resolve") and i["actions"] else 0
    total = i["penalty"] + multi
    cols = {"Penalty": f"-{total}D" if total else "", "React": "", "Kit": kit, "Due": ""}
    if current and enc.phase == "resolve":   # while declaring, the Action column has them
        cols["React"] = _reactions(r, (r.get("dodge") or {}))
    due = sorted((x for x in enc.timers if x.combatant == c.id and x.kind not in AFTER_THE_FIGHT),
                 key=lambda x: x.due)
    if due:
        x = due[0]
        what = {"d6_fa_lock": "first aid ok", "d6_stun": "stun ends"}.get(x.kind, x.name)
        cols["Due"] = f"{what} in {format_duration(x.due - enc.clock.seconds)}"
    return cols


def json_extra(enc: Encounter, t: dict[str, Any]) -> dict[str, Any]:
    names = {c.id: c.name for c in enc.combatants}
    pairs = {}
    for key, sit in (enc.data.get("pairs") or {}).items():
        a, _, b = key.partition(">")
        if a in names and b in names:
            pairs[f"{names[a]} > {names[b]}"] = sit
    return {"d6": {c.name: info(enc, c, t) for c in enc.combatants},
            "d6_positions": pairs}


def _head(e: LogEntry) -> str:
    """``Mina shoots at Demon Thug 1`` of ``Mina shoots at Demon Thug 1 with ...: 16 vs 10``."""
    m = re.match(r"(.*?)(?: with [^:]*)?: ", e.text)
    return m.group(1) if m else e.text


def brief(entries: list[LogEntry]) -> list[str]:
    """One line per thing that happened: an attack with its damage, resistance and wound;
    the initiative tie-breaks together; a reaction roll inside the attack it meets."""
    out: list[str] = []
    line: list[str] = []      # the attack being told, in parts
    ties = [e for e in entries if e.kind == "initiative" and e.total is not None]
    if ties:
        out.append("Initiative ties: " + ", ".join(f"{e.actor} {e.total}" for e in ties))

    def close() -> None:
        if line:
            out.append("".join(line))
            line.clear()
    for n, e in enumerate(entries):
        if e.kind == "initiative" and e.total is not None:
            continue
        if e.kind == "attack":
            close()
            how = e.data.get("reaction")
            line.append(f"{_head(e)}: {e.total} vs {e.difficulty}"
                        + (f" ({how})" if how else "") + f", {e.outcome}")
        elif e.kind == "damage" and line:
            line.append(f"; damage {e.total}")
        elif e.kind == "resist" and line:
            line.append(f" vs {e.total}" + (" → no effect" if e.outcome == "resisted" else ""))
        elif e.kind == "wound" and line:
            line.append(f" → {e.outcome}" if e.target and e.target in line[0]
                        else f" → {e.target} {e.outcome}")
        elif e.kind == "timer" and line:
            continue          # a healing timer: in status, not in the round
        elif e.kind == "reaction" and any(x.kind == "attack" and x.target == e.actor
                                          for x in entries[n + 1:n + 2]):
            continue          # the attack's line says "vs 15 (block)"
        else:
            close()
            out.append(e.text)
    close()
    return out
