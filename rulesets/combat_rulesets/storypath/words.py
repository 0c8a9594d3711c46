"""Storypath's words in the table's language: sentences from its catalogue (``say``, counted
ones ``says``), its words (``tr``, an Injury level ``level_word``), a list of names; and a
word the GM typed matched to a name exactly or by its beginning."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def names_and(where: Any, names: list[str]) -> str:
    """``["Ann"]`` -> ``Ann``; ``["Ann", "Ben", "Cy"]`` -> ``Ann, Ben and Cy`` (in the language
    ``where`` shows)."""
    if len(names) < 2:
        return names[0] if names else ""
    return say(where, "{a} and {b}", a=", ".join(names[:-1]), b=names[-1])




def matches(word: str, names: Iterable[str]) -> list[str]:
    """The name spelled ``word``, else every name that begins with it."""
    names = list(names)
    return [n for n in names if n == word] or [n for n in names if n.startswith(word)]




def say(where: Any, template: str, **values: Any) -> str:
    """``template`` (English, the catalogue's key) in the language ``where`` (a rules context
    or a view) shows, filled with ``values``: a :class:`~combat_cli.locale.Word` translated, a
    name as it is."""
    from combat_cli.api import locale

    Said, worded = locale.Said, locale.worded

    lang = where.language
    return Said(where.label(template).format(**{k: worded(v, lang) for k, v in values.items()}))


def tr(where: Any, word: str) -> str:
    """One of Storypath's words (a level, a stat, a weapon, "Health") as ``where`` shows it."""
    return str(where.label(word)) if word else word


def level_word(where: Any, level: str, gender: str = "") -> str:
    """An Injury level (``bruised``, ``taken_out``, ``hit``) as a word: ``Bruised``, ``Taken
    Out``, ``Hit`` in English; in another language the Injury Condition it names (msgctxt
    "injury level", Czech ``Pohmoždění``), or with ``gender`` the status agreeing with the
    fighter (msgctxt m / f / n, ``Pohmožděná``)."""
    from combat_cli.api import locale

    catalogue, g_ = locale.catalogue, locale.g_

    title = {"taken_out": "Taken Out", "hit": "Hit"}.get(level, level.title())
    if gender:
        return g_(gender, title, where.language)
    found = catalogue(where.language).pgettext("injury level", title)
    return found if found != title else tr(where, title)


def says(where: Any, one: str, many: str, count: int, /, **values: Any) -> str:
    """:func:`say` of a counted sentence: ``one`` or ``many`` (the English forms, the
    catalogue's key) in the form the language gives ``count`` (Czech: 1, 2-4, 5+)."""
    from combat_cli.api import locale

    Said, catalogue, worded = locale.Said, locale.catalogue, locale.worded

    lang = where.language
    return Said(catalogue(lang).ngettext(one, many, count).format(
        **{k: worded(v, lang) for k, v in values.items()}))
