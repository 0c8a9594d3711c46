"""How d12's log entries print at the table: one line per exchange."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from combat_cli.engine.models import LogEntry


def _hit(e: LogEntry) -> str:
    """``Cory -1 body (9/10) Hurt``: what an exchange left on the one hit."""
    d = e.data
    if "damage" not in d:
        return e.text
    return (f"{e.target} -{d['damage']} {d.get('track', '')} "
            f"({d.get('hits')}/{d.get('max_hits')}) {e.outcome or ''}").strip()


def brief(entries: list[LogEntry]) -> list[str]:
    """An exchange on one line: both sides' rolls are in the exchange's own line (``why``
    shows them), the hits it did follow it."""
    out: list[str] = []
    for n, e in enumerate(entries):
        if e.kind == "roll" and e.action != "roll" and any(
                x.kind == "attack" for x in entries[n + 1:n + 3]):
            continue          # one side's d12 + bid + skill: in the exchange's line
        if e.kind == "wound" and out and e.target and e.target in out[-1]:
            out[-1] += f" → {_hit(e)}"
            continue
        out.append(e.text)
    return out
