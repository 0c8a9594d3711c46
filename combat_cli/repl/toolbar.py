"""The bottom toolbar: ruleset, round, phase, who acts, dice mode, undo depth."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from combat_cli.engine.table import Table


def create_toolbar(get_table: Callable[[], Table], dice_mode: str) -> Callable[[], str]:
    def toolbar() -> str:
        t = get_table()
        enc, rs = t.enc, t.ruleset
        who_acts = rs.acting_label(enc)
        where = f"round {enc.round} · {rs.label(enc.phase, t.lang)}" if enc.round else "setup"
        who = f" · acts: {who_acts}" if who_acts else ""
        return (f" {rs.name} · {where}{who} · dice: {dice_mode} · "
                f"undo {len(t.history.undo)} · Ctrl-D saves and quits")
    return toolbar
