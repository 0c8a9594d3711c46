"""Completion runs on every key: its cost must not grow with the line (a 1,200-character
``roll ... for=`` line or a long ``declare`` is typed or pasted at the same speed as a short
one), and it still offers what comes next on such a line."""

from __future__ import annotations

import time

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from combat_cli.commands.completion import suggest
from combat_cli.repl.completer import CombatCompleter
from tests.conftest import run

WORDS = " ".join(f"word{i}" for i in range(400))


def per_key(table, text: str, runs: int = 40) -> float:  # noqa: ANN001
    """The fastest of ``runs`` completions at the end of ``text`` (the least disturbed by
    whatever else the machine does)."""
    completer = CombatCompleter(lambda: table)
    doc, event = Document(text, len(text)), CompleteEvent(text_inserted=True)
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        list(completer.get_completions(doc, event))
        best = min(best, time.perf_counter() - start)
    return best


def test_a_key_costs_at_most_a_millisecond_on_a_long_line(make_table):
    t = make_table()
    run(t, "add Ann side=pc", "add Bob", "start")
    for n in (600, 1200, 2400):
        text = "roll 3d6 for=" + WORDS[:n - 13]
        assert per_key(t, text) <= 0.001, n
    declare = "declare Ann " + ", ".join(["attack Bob bonus=2"] * 60) + ", "
    assert per_key(t, declare) <= 0.001


def test_a_long_line_still_completes_what_comes_next(make_table):
    t = make_table()
    run(t, "add Ann side=pc", "add Bob", "start")
    long = "declare Ann " + ", ".join(["attack Bob bonus=2"] * 60)
    assert "attack" in suggest(long + ", at", t)[1]
    assert "Bob" in suggest(long + ", attack ", t)[1]
    assert "bonus=" in suggest(long + ", attack Bob ", t)[1]
    partial, words = suggest('add "Demon Th', t)
    assert partial == "Demon Th"
