"""The prompt-toolkit completer, fed by the live state through :func:`suggest`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from combat_cli.commands.completion import suggest

if TYPE_CHECKING:
    from combat_cli.engine.table import Table


class CombatCompleter(Completer):
    def __init__(self, get_table: Callable[[], Table]) -> None:
        self.get_table = get_table

    def get_completions(self, document: Document, complete_event: CompleteEvent
                        ) -> Iterable[Completion]:
        text = document.text_before_cursor
        partial, candidates = suggest(text, self.get_table())
        low = partial.lower().lstrip('"')
        start = -len(partial)
        if text.endswith(partial) and partial and text[:start].endswith('"'):
            start -= 1
        for cand in candidates:
            bare = cand.lstrip('"+-').lower()
            if cand.lower().lstrip('"').startswith(low) or (partial[:1] in "+-" and bare.startswith(low[1:])):
                yield Completion(cand, start_position=start)
