"""The REPL: read a line (with completion, history, toolbar) -> driver -> repeat."""

from __future__ import annotations

import os
from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import DynamicCompleter
from prompt_toolkit.history import FileHistory, InMemoryHistory

from combat_cli.dice import DiceError, RollSpec, parse_answer
from combat_cli.engine.errors import CommandError
from combat_cli.repl.completer import CombatCompleter
from combat_cli.repl.driver import Driver
from combat_cli.repl.keybindings import create_key_bindings
from combat_cli.repl.toolbar import create_toolbar

PROMPT = "combat> "


def history_path() -> Path | None:
    if os.environ.get("COMBAT_HISTORY") == "":
        return None
    if os.environ.get("COMBAT_HISTORY"):
        return Path(os.environ["COMBAT_HISTORY"])
    base = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    return base / "combat-cli" / "history"


def _history() -> FileHistory | InMemoryHistory:
    path = history_path()
    if path is None:
        return InMemoryHistory()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
    except OSError:
        return InMemoryHistory()
    return FileHistory(str(path))


def make_dice_asker(driver_ref: list[Driver]):  # noqa: ANN201
    """Manual dice in the REPL: ask with the roll's description; Enter rolls it."""
    from prompt_toolkit import prompt

    def ask(spec: RollSpec, purpose: str) -> str | None:
        while True:
            try:
                text = prompt(f"  {purpose or spec.text()} — faces or =total (Enter rolls): ")
            except (KeyboardInterrupt, EOFError):
                raise CommandError("roll cancelled; nothing was changed") from None
            if not text.strip():
                return None
            try:
                parse_answer(spec, text, purpose)
            except DiceError as e:
                driver_ref[0].console.print(f"[error]  {e}[/error]")
                continue
            return text
    return ask


def run_repl(driver: Driver, dice_mode: str) -> None:
    session: PromptSession[str] = PromptSession(
        history=_history(),
        completer=DynamicCompleter(lambda: CombatCompleter(lambda: driver.table)),
        complete_while_typing=True,
        bottom_toolbar=create_toolbar(lambda: driver.table, dice_mode),
        key_bindings=create_key_bindings(),
    )
    driver.console.print(f"[note]{driver.table.ruleset.name}: {driver.path or 'demo'} — "
                         "help lists the verbs, Ctrl-D saves and quits[/note]")
    while True:
        try:
            line = session.prompt(PROMPT)
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        out = driver.handle(line)
        if out.quit:
            break
    driver.close()
    if driver.path is not None:
        driver.console.print(f"[note]saved {driver.path}[/note]")
