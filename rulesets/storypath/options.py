"""Reading what the GM typed: yes/no flags, the bonus successes of enh= and team=, and words
matched to a name exactly or by its beginning."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from combat_cli.api import RulesContext

from .schema import Tables

YES = ("yes", "y", "true", "1", "on")


def bonus(ctx: RulesContext, opts: dict[str, Any]) -> int:
    """enh=N plus teamwork team=N, at most teamwork_max (SP-DICE-7)."""
    return int(opts.get("enh") or 0) + min(int(opts.get("team") or 0),
                                           Tables.of(ctx).dice.teamwork_max)


def flag(opts: dict[str, Any], key: str) -> bool:
    v = opts.get(key)
    return v is not None and str(v).lower() in YES


def matches(word: str, names: Iterable[str]) -> list[str]:
    """The name spelled ``word``, else every name that begins with it."""
    names = list(names)
    return [n for n in names if n == word] or [n for n in names if n.startswith(word)]
