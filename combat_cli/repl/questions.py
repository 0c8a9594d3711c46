"""Questions a command asks the GM in the REPL (``end`` with actions left, an open slot)."""

from __future__ import annotations

from collections.abc import Callable


def make_question_asker() -> Callable[[str], str]:
    """Ask on a prompt of its own; Ctrl-C or Ctrl-D answer nothing (the command holds back)."""
    from prompt_toolkit import prompt

    def ask(question: str) -> str:
        try:
            return prompt(question)
        except (KeyboardInterrupt, EOFError):
            return ""
    return ask
