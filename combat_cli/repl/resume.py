"""A fight resumed in the REPL: the round table and the last log lines, shown as soon as the
encounter has loaded — without holding up the first prompt."""

from __future__ import annotations

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

    def render(self, driver: Driver) -> None:
        """In the loading thread: the view, rendered for the GM's terminal."""
        from combat_cli.render.output import print_resume

        with driver.console.capture() as cap:
            print_resume(driver.console, driver.table)
        self.text = cap.get()

    def show_now(self) -> None:
        """Print the view once (outside a running prompt, or through run_in_terminal)."""
        with self._lock:
            if self.text and not self.shown:
                self.shown = True
                sys.stdout.write(self.text)
                sys.stdout.flush()

    def show_above(self, app: Any) -> None:
        """From the loading thread: print above a prompt that is already up."""
        if self.text is None or self.shown or app is None or not app.is_running \
                or app.loop is None:
            return      # not loaded yet, or the main thread shows it before its next prompt
        from prompt_toolkit.application import run_in_terminal

        app.loop.call_soon_threadsafe(lambda: run_in_terminal(self.show_now))
