"""``save`` (now, or a copy to FILE) and ``quit`` (save and leave)."""

from __future__ import annotations

from pathlib import Path

from combat_cli.commands.registry import Cmd, verb
from combat_cli.commands.results import SaveRequest
from combat_cli.engine.grammar.syntax import Arg


@verb("save", (Arg("file", "word", optional=True, metavar="FILE"),), "save now (saving also happens after every command), or a copy to FILE",
      mutates=False)
def save(cmd: Cmd) -> None:
    file: str | None = cmd.args["file"]
    if file is not None and not file.strip():
        raise cmd.usage_error("save needs a file name")
    cmd.out.save = SaveRequest(Path(file) if file is not None else None)


@verb("quit", (), "save and leave", mutates=False, aliases=("exit", "q"))
def quit_(cmd: Cmd) -> None:
    cmd.out.quit = True
