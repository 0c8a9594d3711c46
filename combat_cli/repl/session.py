"""The REPL: read a line (with completion, history, toolbar) -> driver -> repeat.

Start-up is arranged so the prompt appears at once: the save file is checked (plain JSON) before
anything else, then the table (pydantic models, the ruleset, rich) is built in a background
thread while prompt-toolkit draws the prompt. The first line typed waits for it if needed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, DynamicCompleter
from prompt_toolkit.history import FileHistory, InMemoryHistory

from combat_cli.dice import DiceError, RollSpec, parse_answer
from combat_cli.engine.errors import RollAborted
from combat_cli.locale import _, message
from combat_cli.repl.keybindings import create_key_bindings
from combat_cli.repl.resume import ResumeView
from combat_cli.repl.toolbar import create_toolbar
from combat_cli.store.savefile import SaveError

if TYPE_CHECKING:
    from combat_cli.commands.results import Output
    from combat_cli.dice import DiceSource
    from combat_cli.repl.driver import Driver

PROMPT = "combat> "


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


def make_dice_asker(driver_ref: list[Driver]) -> Callable[[RollSpec, str], str | None]:
    """Typed dice in the REPL: ask with the roll's description (what it is for, what went into
    the pool, what it must beat); Enter or ``-`` lets the tracker roll it."""
    from prompt_toolkit import prompt

    def ask(spec: RollSpec, purpose: str) -> str | None:
        while True:
            try:
                hint = "faces or =total (Enter or - rolls)"
                if driver_ref:
                    table = driver_ref[0].table
                    hint = table.ruleset.label(hint, table.lang)
                text = prompt(f"  {purpose or spec.text()} — {hint}: ")
            except (KeyboardInterrupt, EOFError):
                raise RollAborted("roll cancelled; nothing was changed") from None
            if text.strip() in ("", "-"):
                return None
            try:
                parse_answer(spec, text, purpose)
            except DiceError as e:
                driver_ref[0].console.print(f"  {message(str(e))}", style="error")
                continue
            return text
    return ask


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
                    lang: str, driver_ref: list[Driver]) -> None:
    """The REPL on ``path`` (whose JSON ``raw`` is already checked)."""

    def build() -> Driver:
        from combat_cli.render.console import make_console
        from combat_cli.repl.driver import Driver
        from combat_cli.repl.questions import make_question_asker
        from combat_cli.store.savefile import load

        driver = Driver(load(path, dice, lang, raw), path, make_console())
        driver.table.ask = make_question_asker()  # type: ignore[attr-defined]
        driver_ref.append(driver)
        if resume is not None:   # a fight resumed: where it stands, once loaded
            resume.render(driver)
        return driver

    enc = raw.get("encounter", {})
    resume = ResumeView() if enc.get("round") else None
    loader = Loader(build)
    where = f"round {enc.get('round')}" if enc.get("round") else "setup"
    early = f" {raw.get('ruleset')} · {where} · dice: {dice_mode} · loading"
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
    print(_("{ruleset}: {path} — help lists the verbs, Ctrl-D saves and quits", lang or None)
          .format(ruleset=raw.get("ruleset"), path=path), flush=True)
    driver = None
    warned = False
    try:
        while True:
            if loader.error is not None:
                loader.result()
            if resume is not None:
                resume.show_now()
            try:
                line = session.prompt(PROMPT, pre_run=None if resume is None or resume.shown
                                      else resume.attach)
            except KeyboardInterrupt:
                continue
            except EOFError:
                line = None
            try:
                driver = loader.result()
                if line is not None and not _handle(driver, line).quit:
                    continue
            except KeyboardInterrupt:  # before the command started (still loading)
                print("interrupted", flush=True)
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


def _handle(driver: Driver, line: str) -> Output:
    """Run a line; Ctrl-C while it runs stops it and returns to the prompt (the driver puts
    the state back; a Ctrl-C while printing or saving only cuts the printing short)."""
    try:
        return driver.handle(line)
    except KeyboardInterrupt:
        from combat_cli.commands.results import Output

        driver.console.print("interrupted", style="error")
        return Output()


def _saved(driver: Driver) -> bool:
    """Write what is pending now; False (with the error shown) if it cannot be written."""
    if driver.saver is None:
        return True
    if driver.table.changed:
        driver.saver.submit(driver.table)
    try:
        driver.saver.flush()
    except SaveError as e:
        driver.console.print(f"error: {e}", style="error")
        return False
    return True
