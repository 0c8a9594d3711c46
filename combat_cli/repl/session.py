"""The REPL: read a line (with completion, history, toolbar) -> driver -> repeat.

Start-up is arranged so the prompt appears at once: the save file is checked (plain JSON) before
anything else, then the table (pydantic models, the ruleset, rich) is built in a background
thread while prompt-toolkit draws the prompt. The first line typed waits for it if needed.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, DynamicCompleter
from prompt_toolkit.history import FileHistory, InMemoryHistory

from combat_cli.locale import _, current, text
from combat_cli.repl.keybindings import create_key_bindings
from combat_cli.repl.resume import ResumeView
from combat_cli.repl.toolbar import create_toolbar
from combat_cli.store.savefile import SaveError

if TYPE_CHECKING:
    from combat_cli.commands.results import Output
    from combat_cli.dice import DiceSource
    from combat_cli.repl.driver import Driver
    from combat_cli.repl.port import FrontPort

PROMPT = "combat> "
WOKEN = "\x00woken"
"""The prompt's result when a phone's request woke it (never a typed line)."""


def _history() -> FileHistory | InMemoryHistory:
    from combat_cli.paths import history_file

    path = history_file()
    if path is None:
        return InMemoryHistory()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
    except OSError:
        return InMemoryHistory()
    return FileHistory(str(path))


class Loader:
    """Builds the Driver (table, ruleset, console) in a background thread."""

    def __init__(self, build: Callable[[], Driver]) -> None:
        self.driver: Driver | None = None
        self.error: BaseException | None = None
        self.on_error: Callable[[], None] = lambda: None
        self.on_ready: Callable[[], None] = lambda: None
        """Called (in the loader's thread) once the driver is built: redraw the toolbar."""
        self._thread = threading.Thread(target=self._run, args=(build,), daemon=True)
        self._thread.start()

    def _run(self, build: Callable[[], Driver]) -> None:
        try:
            self.driver = build()
        except BaseException as e:  # reported by result(), in the main thread
            self.error = e
            self.on_error()
            return
        self.on_ready()

    @property
    def ready(self) -> bool:
        return self.driver is not None and self.error is None

    def result(self) -> Driver:
        self._thread.join()
        if self.error is not None:
            raise self.error
        assert self.driver is not None
        return self.driver


def run_interactive(path: Path, raw: dict[str, Any], dice: DiceSource, dice_mode: str,
                    lang: str, port: FrontPort, given: str | None = None) -> None:
    """The REPL on ``path`` (whose JSON ``raw`` is already checked), asking through
    ``port`` (the one ``dice`` asks through too); ``given``: the mode ``--dice`` gave,
    which becomes the file's."""

    def build() -> Driver:
        from combat_cli.render.console import make_console
        from combat_cli.repl.driver import Driver
        from combat_cli.store.savefile import load

        driver = Driver(load(path, dice, lang, raw), path, make_console(), port)
        driver.adopt_dice(given)
        if resume is not None:   # a fight resumed: where it stands, once loaded
            resume.render(driver)
        return driver

    enc = raw.get("encounter", {})
    resume = ResumeView() if enc.get("round") else None
    loader = Loader(build)
    said = lang or raw.get("lang") or current()  # the table's, before its ruleset is loaded
    where = f"{_('round', said)} {enc.get('round')}" if enc.get("round") else _("setup", said)
    early = (f" {raw.get('ruleset')} · {where} · {_('dice', said)}: {_(dice_mode, said)} · "
             f"{_('loading', said)}")
    full: list[Callable[[], str] | None] = [None]

    def toolbar() -> str:
        if not loader.ready:
            return early
        bar = full[0]
        if bar is None:
            bar = full[0] = create_toolbar(lambda: loader.result().table)
        return bar()

    completer: list[Completer | None] = [None]

    def get_completer() -> Completer | None:
        if not loader.ready:
            return None
        if completer[0] is None:
            from combat_cli.repl.completer import CombatCompleter

            completer[0] = CombatCompleter(lambda: loader.result().table)
        return completer[0]

    session: PromptSession[str] = PromptSession(
        history=_history(),
        completer=DynamicCompleter(get_completer),
        complete_while_typing=True,
        bottom_toolbar=toolbar,
        key_bindings=create_key_bindings(),
    )

    def interrupt() -> None:
        """The file turned out damaged while the prompt was up: leave the prompt."""
        app = session.app
        if app.is_running and app.loop is not None:
            app.loop.call_soon_threadsafe(lambda: app.exit(exception=EOFError()))
    loader.on_error = interrupt

    def redraw() -> None:
        """Loading ended: draw the full toolbar now, not at the next key press."""
        app = session.app
        if app.is_running and app.loop is not None:
            app.loop.call_soon_threadsafe(app.invalidate)
    loader.on_ready = redraw
    prompt = _(PROMPT, said)
    print(_("{ruleset}: {path} — help lists the verbs, Ctrl-D saves and quits", said)
          .format(ruleset=raw.get("ruleset"), path=path), flush=True)
    driver = None
    warned = False
    typed = [""]  # what the GM had typed when a phone's request woke the prompt

    def wake() -> None:
        app = session.app
        if app.is_running and app.loop is not None:
            def leave() -> None:
                if app.is_running:
                    typed[0] = app.current_buffer.text
                    app.exit(result=WOKEN)
            app.loop.call_soon_threadsafe(leave)
    port.wake = wake

    def pre_run() -> None:
        if resume is not None and not resume.shown:
            resume.attach()
        if port.pending():
            wake()
    try:
        while True:
            if loader.error is not None:
                loader.result()
            if resume is not None:
                resume.show_now()
            try:
                with _above_the_prompt(port):
                    line = session.prompt(prompt, pre_run=pre_run, default=typed[0])
                if line is not WOKEN:
                    typed[0] = ""
            except KeyboardInterrupt:
                typed[0] = ""
                continue
            except EOFError:
                line = None
            try:
                driver = loader.result()
                if line is WOKEN:
                    port.serve_inbox()
                    continue
                if line is not None and not _handle(driver, line).quit:
                    port.serve_inbox()
                    continue
            except KeyboardInterrupt:  # before the command started (still loading)
                print(_("interrupted"), flush=True)
                continue
            if warned or _saved(driver):
                break
            warned = True  # the file could not be written: don't lose the fight silently
            driver.console.print(_("the fight is NOT saved: save ANOTHER_FILE keeps it; "
                                   "Ctrl-D (or quit) again leaves without saving"), style="error")
    finally:
        if driver is not None:
            try:
                driver.close()
            except SaveError:
                if not warned:
                    raise
                driver.console.print(_("left without saving"), style="error")
                return
    driver.console.print(_("saved {path}").format(path=driver.path), style="note")


def _above_the_prompt(port: FrontPort) -> contextlib.AbstractContextManager[object]:
    """While the table is served, what another thread prints (a phone joined) goes above
    the prompt instead of through it."""
    if port.players is None:
        return contextlib.nullcontext()
    from prompt_toolkit.patch_stdout import patch_stdout

    return patch_stdout(raw=True)


def _handle(driver: Driver, line: str) -> Output:
    """Run a line; Ctrl-C while it runs stops it and returns to the prompt (the driver puts
    the state back; a Ctrl-C while printing or saving only cuts the printing short)."""
    try:
        return driver.handle(line)
    except KeyboardInterrupt:
        from combat_cli.commands.results import Output

        driver.console.print(_("interrupted"), style="error")
        return Output()


def _saved(driver: Driver) -> bool:
    """Write what is pending now; False (with the error shown) if it cannot be written."""
    if driver.saver is None:
        return True
    try:
        if driver.table.changed:
            driver.saver.submit(driver.table)
    except SaveError as e:
        driver.console.print(f"{_('error')}: {text(e)}", style="error")
        return False
    return True
