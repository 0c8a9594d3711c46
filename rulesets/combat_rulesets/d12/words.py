"""d12's words in the table's language: a counted sentence in its count's form, a status word
agreeing with the fighter it is said of. The sentences themselves are the catalogue's
(``locale/<lang>/LC_MESSAGES/d12.po``); English is their source."""

from __future__ import annotations

from typing import Any

from combat_cli.api import Combatant, locale


def counted(lang: str, one: str, many: str, n: int, **values: Any) -> str:
    """The sentence ``one``/``many`` in the form for the count ``n`` (Czech: 1 bod, 2 body,
    5 bodů), filled with ``n`` and ``values`` (words translated, names as they are)."""
    shown = {k: locale.worded(v, lang) for k, v in values.items()}
    return locale.Said(locale.catalogue(lang).ngettext(one, many, n).format(n=n, **shown))


def status(lang: str, c: Combatant, word: str | None = None) -> str:
    """``c``'s status (or ``word``) as ``lang`` says it of ``c`` (Czech: Zraněný, Zraněná)."""
    word = c.status if word is None else word
    return locale.g_(locale.gender_of(c.name, c.stats, lang), word, lang)


def term(lang: str, word: str) -> str:
    """A word of d12 that is also a word the GM types (``task``, ``defend``), in ``lang``:
    the catalogue's entry in the context ``d12`` (so the typed word itself is never
    translated where the core shows what was typed)."""
    return locale.Said(locale.catalogue(lang).pgettext("d12", word))
