"""Words: English for the log (a list of names and a verb that agrees with it), and a word the
GM typed matched to a name exactly or by its beginning."""

from __future__ import annotations

from collections.abc import Iterable


def names_and(names: list[str]) -> str:
    """``["Ann"]`` -> ``Ann``; ``["Ann", "Ben", "Cy"]`` -> ``Ann, Ben and Cy``."""
    return " and ".join(x for x in (", ".join(names[:-1]), names[-1] if names else "") if x)


def they(names: list[str], singular: str, plural: str) -> str:
    """The names and the verb in agreement: ``Ann gets``, ``Ann and Ben get``."""
    return f"{names_and(names)} {singular if len(names) == 1 else plural}"


def matches(word: str, names: Iterable[str]) -> list[str]:
    """The name spelled ``word``, else every name that begins with it."""
    names = list(names)
    return [n for n in names if n == word] or [n for n in names if n.startswith(word)]


def count(n: int, one: str, more: str = "") -> str:
    """``1 action``, ``2 actions``, ``0 successes``: a number and its noun in agreement."""
    return f"{n} {one if n == 1 else (more or one + 's')}"
