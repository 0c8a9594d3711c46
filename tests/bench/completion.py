"""Completion's cost per key on long lines (not part of the test run):

    python tests/bench/completion.py [--runs N]

The REPL completes while typing: each key asks the completer for the word under the cursor.
Measured on lines of 60, 600 and 1,200 characters (a ``roll ... for=`` line and a long
``declare``), per key: goal <= 1 ms at any length.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench import _table


def lines() -> dict[str, str]:
    words = " ".join(f"word{i}" for i in range(300))
    return {
        "roll 60": "roll 3d6 for=" + words[:47],
        "roll 600": "roll 3d6 for=" + words[:587],
        "roll 1200": "roll 3d6 for=" + words[:1187],
        "declare 600": "declare Ann " + ", ".join(["attack Bob bonus=2"] * 30)[:588] + " ",
    }


def per_key(table, text: str, runs: int) -> float:  # noqa: ANN001
    """Median time of one key's completion at the end of ``text``."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from combat_cli.repl.completer import CombatCompleter

    completer = CombatCompleter(lambda: table)
    doc, event = Document(text, len(text)), CompleteEvent(text_inserted=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        list(completer.get_completions(doc, event))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=200)
    args = ap.parse_args()
    from combat_cli.commands.registry import dispatch

    t = _table()
    for line in ("add Ann side=pc", "add Bob", "start"):
        dispatch(t, line)
    for name, text in lines().items():
        ms = per_key(t, text, args.runs) * 1000
        print(f"{name:>12} ({len(text):>5} characters): {ms:.3f} ms a key (goal <= 1 ms)")


if __name__ == "__main__":
    main()
