"""What the status table and ``show --json`` show of a D6 combatant: wound and penalty,
actions this round, the dodge, kit uses, the next timer, remembered positions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from combat_cli.api import format_duration
from rulesets.d6.core import count_actions, multi_penalty

if TYPE_CHECKING:
    from combat_cli.api import Combatant, Encounter


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


def status_columns(enc: Encounter, c: Combatant, t: dict[str, Any]) -> dict[str, str]:
    i = info(enc, c, t)
    wound = "" if i["level"] == t["wounds"]["levels"][0] else i["level"]
    if i["penalty"]:
        wound = f"{wound} -{i['penalty']}D".strip()
    kit = str(i["kit_uses"]) if i["kit_uses"] or c.data.get("kits") else ""
    cols = {"Wound": wound, "Acts": "", "Dodge": "", "Kit": kit, "Due": ""}
    if enc.phase in ("declare", "resolve") and i["actions"]:
        n, pen = i["actions"], multi_penalty(t, i["actions"])
        cols["Acts"] = f"{n}" + (f" (-{pen}D)" if pen else "")
    if i["dodge"] is not None:
        cols["Dodge"] = f"{i['dodge']}{' full' if i['full_dodge'] else ''}"
    due = sorted((x for x in enc.timers if x.combatant == c.id), key=lambda x: x.due)
    if due:
        x = due[0]
        what = {"d6_heal": "heal roll", "d6_fa_lock": "first aid ok",
                "d6_stun": "stun ends"}.get(x.kind, x.name)
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
