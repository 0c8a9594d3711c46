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

        def w(word: str) -> str:
            return rs.label(word, t.lang)
        who_acts = rs.acting_label(enc)
        where = f"{w('round')} {enc.round} · {w(enc.phase)}" if enc.round else w("setup")
        who = f" · {w('acts')}: {who_acts}" if who_acts else ""
        return (f" {rs.name} · {where}{who} · {w('dice')}: {w(dice_mode)} · "
                f"{w('undo')} {len(t.history.undo)} · {w('Ctrl-D saves and quits')}")
    return toolbar
