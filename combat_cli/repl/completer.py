"""The prompt-toolkit completer, fed by the live state through :func:`suggest`.

A candidate matches what is typed regardless of case and diacritics (``bor`` offers
``Bořek``), and a combatant's short tag offers its name (``DT`` offers ``"Demon Thug 1"``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from combat_cli.commands.completion import quote, suggest
from combat_cli.engine.domain.queries import fold

if TYPE_CHECKING:
    from combat_cli.engine.table import Table


def matches(partial: str, cand: str, tags: dict[str, str]) -> bool:
    low = fold(partial.lstrip('"'))
    bare = fold(cand.lstrip('"'))
    if bare.startswith(low):
        return True
    if partial[:1] in "+-" and fold(cand.lstrip('"+-')).startswith(low[1:]):
        return True
    tag = tags.get(cand)
    return bool(tag and low and fold(tag).startswith(low))


class CombatCompleter(Completer):
    def __init__(self, get_table: Callable[[], Table]) -> None:
        self.get_table = get_table

    def get_completions(self, document: Document, complete_event: CompleteEvent
                        ) -> Iterable[Completion]:
        text = document.text_before_cursor
        table = self.get_table()
        partial, candidates = suggest(text, table)
        tags = {quote(c.name): c.tag for c in table.enc.combatants if c.tag}
        start = -len(partial)
        if text.endswith(partial) and partial and text[:start].endswith('"'):
            start -= 1
        for cand in candidates:
            if matches(partial, cand, tags):
                meta = tags.get(cand)
                yield Completion(cand, start_position=start, display_meta=meta or "")
