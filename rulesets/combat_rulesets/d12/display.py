"""How d12's log entries print at the table: one line per exchange."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from combat_cli.api import Combatant, LogEntry, RulesView


def _hit(e: LogEntry) -> str:
    """``Cory -1 body 9/10``: what an exchange left on the one hit (the Status says Hurt)."""
    from combat_cli.api import RuleError
    from combat_rulesets.d12.records import Wound

    try:
        w = Wound.of(e)
    except RuleError:         # a hand-damaged entry: its own line, as written
        return e.text
    if w.damage is None:
        return e.text
    down = f", {e.outcome}" if e.outcome in DOWN else ""
    return f"{e.target} -{w.damage} {w.track} {w.hits}/{w.max_hits}{down}"


DOWN = ("Incapacitated", "Dead", "Soul destroyed", "Unconscious")
"""The statuses that take a figure out of the fight: an exchange's line says them."""


def _exchange_follows(entries: list[LogEntry], n: int) -> bool:
    """Whether the rolls after entry ``n`` lead straight to an exchange's outcome line."""
    for x in entries[n + 1:]:
        if x.kind != "roll":
            return x.kind == "attack"
    return False


def brief(entries: list[LogEntry]) -> list[str]:
    """An exchange on one line: both sides' rolls are in the exchange's own line (``why``
    shows them), the hits it did follow it. A natural 1's intervention check is always
    shown, whoever rolled it."""
    out: list[str] = []
    for n, e in enumerate(entries):
        if e.kind == "roll" and e.action not in ("roll", "intervention") and \
                _exchange_follows(entries, n):
            continue          # one side's d12 + bid + skill: in the exchange's line
        if e.kind == "wound" and out and e.target and e.target in out[-1]:
            out[-1] += f" → {_hit(e)}"
            continue
        out.append(e.text)
    return out


_SHORT = {"corporeal": "corp", "ethereal": "eth", "celestial": "cel"}


def hits_text(view: RulesView, c: Combatant) -> str:
    """The tracks that took hits: ``Body 9/10``; nothing while unhurt."""
    from combat_rulesets.d12 import health
    from combat_rulesets.d12.schema import Tables
    from combat_rulesets.d12.state import TRACKS

    out = []
    t = Tables.of(view)
    for k in TRACKS:
        now, mx = health.current(view, c, k), health.max_hits(c, k, t)[0]
        if now != mx:
            out.append(f"{k.capitalize()} {now}/{mx}")
    return ", ".join(out)


def bids_left(view: RulesView, c: Combatant) -> str:
    """What ``c`` may still bid this round, per realm in use: ``corp 2``."""
    from combat_rulesets.d12.bid_sheet import _available, bids_json

    j = bids_json(view, c)
    out = []
    for realm in j["budget"]:
        avail = _available(j, realm)
        if avail is not None:
            out.append(f"{_SHORT.get(realm, realm)} {avail - j['committed'].get(realm, 0)}")
    return ", ".join(out)


def status_columns(view: RulesView, c: Combatant) -> dict[str, str]:
    """Hits taken, the round's bids (with committed/available per realm), bids left."""
    from combat_rulesets.d12.bid_sheet import bid_summary

    return {"Hits": hits_text(view, c), "Bids": bid_summary(view, c),
            "Left": bids_left(view, c)}
