"""The ``dice`` verb (who rolls: auto, manual, players) and ``set NAME dice=manual|auto``.

The table's mode is kept in the encounter (``data["dice"]``) so it is saved and undone like
any change; the front end's dice source follows it (:func:`follow_mode`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_cli.commands.registry import Cmd, verb
from combat_cli.dice import MODES, OWN_MODES, TableDice
from combat_cli.engine.contract.state import CombatantState, EncounterState
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.domain.queries import match_word
from combat_cli.engine.grammar.syntax import Arg, Syntax
from combat_cli.locale.commands import commands

if TYPE_CHECKING:
    from combat_cli.engine.contract.context import RulesContext
    from combat_cli.engine.domain.models import Combatant
    from combat_cli.engine.table import Table

MEANING = {
    "auto": "the tracker rolls every roll",
    "manual": "every roll is typed from the physical dice",
    "players": "the PCs' rolls are typed, the rest rolled",
}


def current_mode(table: Table) -> str:
    if isinstance(table.dice, TableDice):
        return table.dice.mode
    saved = table.enc.data.get("dice")
    return saved if saved in MODES else "auto"


def follow_mode(table: Table, before: object) -> None:
    """After a command: when the saved mode changed (``dice``, undo, redo), the dice follow;
    undone back to what the file said at the start, the session's own mode (``--dice``)."""
    after = table.enc.data.get("dice")
    dice = table.dice
    if after == before or not isinstance(dice, TableDice):
        return
    back = after == dice.start_saved or after not in MODES
    dice.mode = dice.start_mode if back else str(after)


@verb("dice", Syntax((Arg("mode", "choice", optional=True, choices=MODES,
                         help="dice mode (auto, manual or players)"),), many="dice takes one mode"),
      "who rolls: the tracker, the GM typing every roll, or the players their PCs' rolls",
      details="set NAME dice=manual|auto makes one combatant's rolls typed or rolled "
              "whatever the mode (dice=default undoes it).")
def dice(cmd: Cmd) -> None:
    now = current_mode(cmd.table)
    mode = cmd.args["mode"]
    if mode is None:
        own = [f"{c.name}={d}" for c in cmd.enc.combatants
               if (d := CombatantState.of(cmd.ctx, c).dice)]
        say, meaning = cmd.ctx.say, cmd.ctx.label(MEANING[now])
        cmd.ctx.note(say("dice: {mode} ({meaning}); own dice: {own}", mode=_mode(cmd, now),
                         meaning=meaning, own=", ".join(own)) if own else
                     say("dice: {mode} ({meaning})", mode=_mode(cmd, now), meaning=meaning))
        return
    if mode == now:
        cmd.ctx.note(cmd.ctx.say("dice: already {mode}", mode=_mode(cmd, mode)))
        return
    EncounterState.of(cmd.ctx, cmd.enc).dice = mode
    cmd.ctx.log(cmd.ctx.say("dice: {mode} ({meaning})", mode=_mode(cmd, mode),
                            meaning=cmd.ctx.label(MEANING[mode])), kind="note")


def _mode(cmd: Cmd, mode: str) -> str:
    """A dice mode as the table's language types it (``manual`` -> Czech ``ručně``)."""
    return commands(cmd.table.language).keyword_name(mode)


def set_own_dice(ctx: RulesContext, c: Combatant, value: str) -> str:
    """``set NAME dice=manual|auto|default``: the combatant's own dice; returns the change."""
    word = match_word(value, [*OWN_MODES, "default"], "dice (manual, auto or default)")
    own = CombatantState.of(ctx, c)
    if word == "default":
        if own.dice is None:
            raise CommandError("{name} already follows the table's dice mode", name=c.name)
        own.dice = None
    else:
        own.dice = word
    return f"dice={word}"


def adopt(table: Table, mode: str | None) -> bool:
    """``play FILE --dice MODE``: the mode given is the file's from then on (saved at once;
    a setting of the session, not a step: ``undo`` takes back the GM's last command, not the
    mode; the resumed fight's lines say it). Returns True when the file's mode changed."""
    dice = table.dice
    if mode not in MODES or table.enc.data.get("dice") == mode:
        return False

    def work(ctx: RulesContext) -> None:
        EncounterState.of(ctx, ctx.enc).dice = mode

    table.setting(work)
    if isinstance(dice, TableDice):
        dice.mode = dice.start_mode = mode
        dice.start_saved = mode
    return True
