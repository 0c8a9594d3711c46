"""The bottom toolbar: ruleset, round, phase, who acts, dice mode, undo depth."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from combat_cli.engine.contract.host import host

if TYPE_CHECKING:
    from combat_cli.engine.table import Table


def create_toolbar(get_table: Callable[[], Table], dice_mode: str | None = None
                   ) -> Callable[[], str]:
    """The toolbar of the table ``get_table`` gives; the dice mode is the table's own (it
    follows the ``dice`` verb), or ``dice_mode`` for a table without a mode of its own."""
    from combat_cli.commands.dice import current_mode
    from combat_cli.dice import TableDice
    from combat_cli.engine.contract.view import RulesView

    def toolbar() -> str:
        t = get_table()
        mode = (current_mode(t) if dice_mode is None or isinstance(t.dice, TableDice)
                else dice_mode)
        enc, rs = t.enc, t.ruleset

        def w(word: str) -> str:
            return host(rs).label(word, t.lang)
        who_acts = rs.acting_label(RulesView(enc, rs, t.lang))
        where = f"{w('round')} {enc.round} · {w(enc.phase)}" if enc.round else w("setup")
        who = f" · {w('acts')}: {who_acts}" if who_acts else ""
        return (f" {rs.name} · {where}{who} · {w('dice')}: {w(mode)} · "
                f"{w('undo')} {len(t.history.undo)} · {w('Ctrl-D saves and quits')}")
    return toolbar
