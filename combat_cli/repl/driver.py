"""One driver for the REPL and for scripts: dispatch a line, print what it produced, autosave.

What a command logs before it asks for a roll is printed at once (the dice source's sink), so
the GM reads a hit before the damage is asked; the rest is printed when the command ends. If
the command then fails or is interrupted (Ctrl-C, see :mod:`combat_cli.repl.interrupt`),
nothing of it is kept and the GM is told.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Any

from combat_cli.commands.dice import follow_mode
from combat_cli.commands.registry import dispatch
from combat_cli.commands.results import Output
from combat_cli.locale import Msg, _, text
from combat_cli.render.output import print_output
from combat_cli.repl.interrupt import CommandGuard
from combat_cli.repl.port import FrontPort
from combat_cli.store.savefile import SaveError, Saver, atomic_write, render

if TYPE_CHECKING:
    from rich.console import Console

    from combat_cli.engine.table import Table


class Driver:
    def __init__(self, table: Table, path: Path | None, console: Console,
                 port: FrontPort | None = None) -> None:
        self.table = table
        self.path = path
        self.console = console
        self.saver = Saver(path, table) if path is not None else None
        self.streamed = 0
        """Entries of the running command already printed (before a roll was asked)."""
        self.port = port or FrontPort()
        self.port.bind(self)
        table.connect(self.port)

    def adopt_dice(self, mode: str | None) -> None:
        """``play --dice MODE``: that mode is the file's from now on, saved at once."""
        from combat_cli.commands.dice import adopt

        if adopt(self.table, mode) and self.saver is not None:
            self.saver.submit(self.table)

    def stream(self, entries: list[Any]) -> None:
        """Print what the running command logged so far (a roll is about to be asked)."""
        print_output(self.console, self.table, Output(entries=list(entries)))
        self.streamed += len(entries)

    def handle(self, line: str, phone: str | None = None) -> Output:
        """Run ``line``; with ``phone`` (a PC's id), as sent by that PC's phone: it may
        declare for that PC only, and a refusal goes back to the phone (the GM sees one
        line)."""
        self.streamed = 0
        mode = self.table.enc.data.get("dice")
        self.table.phone = phone
        try:
            with CommandGuard(self.table) as guard:
                out = dispatch(self.table, line)
        except KeyboardInterrupt:  # raised before the table began to keep anything
            out = Output(error="interrupted: the command was stopped; nothing was changed")
            print_output(self.console, self.table, out)
            return out
        finally:
            self.table.phone = None
        if phone is not None and out.error:
            name = self.table.enc.name_of(phone)
            self.console.print(_("{name}'s phone: {error}").format(name=name, error=out.error),
                               style="note")
            self.port.settled()
            return out
        if guard.held:
            out.notes.append("Ctrl-C came as the command was being kept: it is done")
        follow_mode(self.table, mode)
        print_output(self.console, self.table, dataclasses.replace(
            out, entries=out.entries[self.streamed:]))
        if out.error and self.streamed:
            self.console.print(_("the command was abandoned: nothing above was kept",
                                 self.table.language),
                               style="error")
        if out.save is not None and not out.error:
            err = self.save_as(out.save.copy_to)
            if err:
                out.error = err
        if self.saver is not None and self.table.changed:
            self.saver.submit(self.table, line.strip())  # the journal line is on disk already
        self.port.settled()
        return out

    def save_as(self, target: Path | None) -> str | None:
        """``save`` (now) or ``save FILE`` (a copy to a new file); returns the error, if any."""
        if target is None:
            if self.saver is None:
                self.console.print(_("nothing to save to (a demo)"), style="note")
                return None
            try:
                self.saver.submit(self.table)
            except SaveError as e:
                return self._fail(e)
            self.console.print(_("saved {path}").format(path=self.path), style="note")
            return None
        dest = target.expanduser()
        if dest.exists() or dest.with_name(dest.name + ".lock").exists():
            return self._fail(Msg("{name} already exists: save FILE writes a copy to a new file "
                                  "(pick another name)", name=dest))
        try:
            atomic_write(dest, render(self.table))
        except SaveError as e:
            return self._fail(e)
        self.console.print(_("copy saved to {dest}").format(dest=dest), style="note")
        return None

    def _fail(self, message: object) -> str:
        self.console.print(f"{_('error')}: {text(message)}", style="error")
        return str(message)

    def close(self) -> None:
        """Write what is pending and stop the autosave thread (raises SaveError if it failed)."""
        saver, self.saver = self.saver, None
        self.port.close()
        if saver is None:
            return
        if self.table.changed:
            saver.submit(self.table)
        saver.close()

