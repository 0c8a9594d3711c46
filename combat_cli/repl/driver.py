"""One driver for the REPL and for scripts: dispatch a line, print what it produced, autosave."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from combat_cli.commands.registry import Output, dispatch
from combat_cli.render.output import print_output
from combat_cli.store.savefile import SaveError, Saver, atomic_write, render

if TYPE_CHECKING:
    from rich.console import Console

    from combat_cli.engine.table import Table


class Driver:
    def __init__(self, table: Table, path: Path | None, console: Console) -> None:
        self.table = table
        self.path = path
        self.console = console
        self.saver = Saver(path, table) if path is not None else None

    def handle(self, line: str) -> Output:
        out = dispatch(self.table, line)
        print_output(self.console, self.table, out)
        for view, payload in out.views:
            if view == "save":
                err = self.save_as(payload)
                if err:
                    out.error = out.error or err
        if self.saver is not None:
            failed = self.saver.take_error()
            if self.table.changed:
                self.saver.submit(self.table, line.strip())
            if failed is not None:
                self._save_failed(failed, out)
        return out

    def _save_failed(self, err: SaveError, out: Output) -> None:
        self.console.print(f"error: {err}", style="error")
        out.error = out.error or str(err)

    def save_as(self, target: str | None) -> str | None:
        """``save`` (now) or ``save FILE`` (a copy to a new file); returns the error, if any."""
        if target is None:
            if self.saver is None:
                self.console.print("nothing to save to (a demo)", style="note")
                return None
            self.saver.submit(self.table)
            try:
                self.saver.flush()
            except SaveError as e:
                return self._fail(str(e))
            self.console.print(f"saved {self.path}", style="note")
            return None
        dest = Path(target).expanduser()
        if dest.exists() or dest.with_name(dest.name + ".lock").exists():
            return self._fail(f"{dest} already exists: save FILE writes a copy to a new file "
                              "(pick another name)")
        try:
            atomic_write(dest, render(self.table))
        except SaveError as e:
            return self._fail(str(e))
        self.console.print(f"copy saved to {dest}", style="note")
        return None

    def _fail(self, message: str) -> str:
        self.console.print(f"error: {message}", style="error")
        return message

    def close(self) -> None:
        """Write what is pending and stop the autosave thread (raises SaveError if it failed)."""
        saver, self.saver = self.saver, None
        if saver is None:
            return
        if self.table.changed:
            saver.submit(self.table)
        saver.close()
