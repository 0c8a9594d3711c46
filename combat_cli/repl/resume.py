"""A fight resumed in the REPL: the round table and the last log lines, shown as soon as the
encounter has loaded — without holding up the first prompt."""

from __future__ import annotations

import contextvars
import sys
import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from combat_cli.repl.driver import Driver


class ResumeView:
    def __init__(self) -> None:
        self.text: str | None = None
        self.shown = False
        self._lock = threading.Lock()
        self._app: Any = None
        self._ctx: contextvars.Context | None = None

    def render(self, driver: Driver) -> None:
        """In the loading thread: render the view; print it above a prompt already up."""
        from combat_cli.render.output import print_resume

        with driver.console.capture() as cap:
            print_resume(driver.console, driver.table)
        self.text = cap.get()
        app, ctx = self._app, self._ctx
        if app is not None and ctx is not None and app.is_running and app.loop is not None:
            app.loop.call_soon_threadsafe(self._above, context=ctx)

    def attach(self) -> None:
        """The prompt's pre_run (in its event loop): remember it; print if already loaded."""
        from prompt_toolkit.application import get_app

        self._app, self._ctx = get_app(), contextvars.copy_context()
        if self.text is not None and not self.shown:
            self._above()

    def _above(self) -> None:
        from prompt_toolkit.application import run_in_terminal

        if not self.shown:
            run_in_terminal(self.show_now)

    def show_now(self) -> None:
        """Print the view once (outside a running prompt, or through run_in_terminal)."""
        with self._lock:
            if self.text and not self.shown:
                self.shown = True
                sys.stdout.write(self.text)
                sys.stdout.flush()
