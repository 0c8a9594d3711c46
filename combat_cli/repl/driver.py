"""One driver for the REPL and for scripts: dispatch a line, print what it produced, autosave."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from combat_cli.commands.registry import Output, dispatch
from combat_cli.render.output import print_output
from combat_cli.store.savefile import SaveError, atomic_write, render, save

if TYPE_CHECKING:
    from rich.console import Console

    from combat_cli.engine.table import Table


class Driver:
    def __init__(self, table: Table, path: Path | None, console: Console) -> None:
        self.table = table
        self.path = path
        self.console = console

    def handle(self, line: str) -> Output:
        out = dispatch(self.table, line)
        print_output(self.console, self.table, out)
        for view, payload in out.views:
            if view == "save":
                self.save_as(payload)
        if self.table.changed and self.path is not None:
            try:
                save(self.path, self.table)
            except SaveError as e:
                self.console.print(f"[error]error: {e}[/error]")
                out.error = out.error or str(e)
        return out

    def save_as(self, target: str | None) -> None:
        if target is None:
            if self.path is None:
                self.console.print("[note]nothing to save to (a demo)[/note]")
                return
            save(self.path, self.table)
            self.console.print(f"[note]saved {self.path}[/note]")
            return
        dest = Path(target).expanduser()
        try:
            atomic_write(dest, render(self.table))
        except SaveError as e:
            self.console.print(f"[error]error: {e}[/error]")
            return
        self.console.print(f"[note]copy saved to {dest}[/note]")

    def close(self) -> None:
        if self.table.changed and self.path is not None:
            save(self.path, self.table)
