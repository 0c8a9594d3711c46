"""Czech by default, English with ``--lang en``: terms, labels, and word matching without
diacritics."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from combat_cli.api import RuleError, locale

if TYPE_CHECKING:
    from combat_cli.api import Combatant, RulesContext

_, catalogue, current, g_, gender_of, n_ = (locale._, locale.catalogue, locale.current,
                                             locale.g_, locale.gender_of, locale.n_)
# The words are the catalogue's (locale/<lang>/LC_MESSAGES/czech_pool.po): a canonical key
# (rvacka) is named under msgctxt "term" in cs and en; a word stored in Czech (a stat's name,
# an action) is shown in English by en/czech_pool.po; sentences are English msgids translated
# in cs/czech_pool.po. The core's host shows the labels (Host.label): nothing to override.


def label(word: str, lang: str = "", gender: str = "") -> str:
    """``word`` as the core's host shows it in ``lang`` ("" = Czech), agreeing with
    ``gender``."""
    from combat_rulesets.czech_pool import RULESET

    return RULESET.label(word, lang, gender)


def norm(word: str) -> str:
    """Lower case, no diacritics, spaces and dashes as underscores: "Útok z obrany" ->
    "utok_z_obrany"."""
    return _norm(str(word))


@functools.lru_cache(maxsize=4096)
def _norm(word: str) -> str:
    """:func:`norm`, remembered: a big library's load asks for the same few words."""
    text = unicodedata.normalize("NFKD", word.strip().lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return text.replace(" ", "_").replace("-", "_")


def term(key: str, lang: str = "") -> str:
    """A canonical key's name in ``lang`` ("" = Czech): the catalogue's (msgctxt "term")."""
    return catalogue(lang or "cs").pgettext("term", key)


def names(key: str) -> tuple[str, str]:
    """A canonical key's Czech and English names (what the GM may type)."""
    return term(key, "cs"), term(key, "en")


def language(ctx: RulesContext | None) -> str:
    """The table's language ("cs" for the ruleset's own)."""
    return (ctx.lang or "cs") if ctx is not None else (current() or "cs")


def gender(c: Combatant) -> str:
    """m / f / n: the ``Rod`` stat, or guessed from the name."""
    return gender_of(c.name, c.stats)


def say(ctx: RulesContext | None, template: str, who: Combatant | None = None,
        **values: Any) -> str:
    """An English sentence template from the catalogue in the table's language, filled in;
    with ``who`` (the subject), the form agreeing with its gender. Names stand in the
    nominative in every template."""
    lang = language(ctx)
    text = g_(gender(who), template, lang) if who is not None else _(template, lang)
    if who is not None and lang == "en":
        text = english_pronouns(text, gender(who))
    return text.format(**values)


_PRONOUNS = {"f": {"his": "her", "him": "her", "himself": "herself", "he": "she"},
             "n": {"his": "its", "him": "it", "himself": "itself", "he": "it"}}


def english_pronouns(text: str, g: str) -> str:
    """English agrees with the subject's gender too: the templates say ``his``; for a woman
    (``rod=ž``, ``gender=f``) ``her``, for a thing ``its``."""
    import re

    swap = _PRONOUNS.get(g)
    if not swap:
        return text
    return re.sub(r"\b(his|him|himself|he|His|He)\b",
                  lambda m: (swap[m.group(1).lower()].capitalize() if m.group(1)[0].isupper()
                             else swap[m.group(1)]), text)


def count(ctx: RulesContext | None, one: str, many: str, n: int) -> str:
    """"3 stupně", "5 úspěchů": the catalogue's plural of a counted thing."""
    return n_(one, many, n, language(ctx))


def levels(ctx: RulesContext | None, n: int) -> str:
    return count(ctx, "{n} wound level", "{n} wound levels", n)


def successes(ctx: RulesContext | None, n: int) -> str:
    return count(ctx, "{n} success", "{n} successes", n)


def status(ctx: RulesContext | None, c: Combatant) -> str:
    """The fighter's status (stored in Czech, masculine) agreeing with its gender."""
    return label(c.status, language(ctx), gender(c))


def tr(ctx: RulesContext | None, template: str, **values: Any) -> str:
    """An English template of the ruleset's, in the table's language from the catalogue
    (without ``ctx``: the open table's; before any table: Czech and English)."""
    if ctx is None and current() == "":
        return f"{_(template, 'cs').format(**values)} / {template.format(**values)}"
    return _(template, language(ctx)).format(**values)


def terr(ctx: RulesContext | None, template: str, **values: Any) -> RuleError:
    """A refusal from the catalogue in the table's language."""
    return RuleError(tr(ctx, template, **values))


def tt(ctx: RulesContext | None, key: str) -> str:
    return term(key, ctx.lang if ctx is not None else "")


def match(word: str, choices: Mapping[str, Iterable[str]], what: str,
          ctx: RulesContext | None = None, **values: Any) -> str:
    """The canonical key whose names (Czech or English, with or without diacritics) ``word``
    names exactly or by a unique prefix. ``choices`` list each key's names Czech first,
    English second; ``what`` is what was looked for, an English noun from the catalogue
    (msgctxt "unknown": the Czech after "neznám"), filled with ``values``. Without ``ctx``
    (a stat being parsed, the language unknown) the refusal gives both languages."""
    w = norm(word)
    names = {key: {norm(n) for n in (key, *ns)} for key, ns in choices.items()}
    for key, ns in names.items():
        if w in ns:
            return key
    hits = {key for key, ns in names.items() if w and any(n.startswith(w) for n in ns)}
    if len(hits) == 1:
        return hits.pop()
    listed = {key: list(ns) or [key] for key, ns in choices.items()}
    if ctx is not None or current():
        lang = language(ctx)
        head = _refusal(word, w, names, listed, hits, what, lang, values)
        if not hits:
            head = _("{text} (choose: {names})", lang).format(
                text=head, names=", ".join(_shown(ns, lang) for ns in listed.values()))
        raise RuleError(head)
    cz, en = (_refusal(word, w, names, listed, hits, what, lang, values) for lang in ("cs", "en"))
    if not hits:  # the language is unknown: both, the choices once
        both = [c if c == e else f"{c}|{e}"
                for c, e in ((_shown(ns, "cs"), _shown(ns, "en")) for ns in listed.values())]
        en += f" ({', '.join(both)})"
    raise RuleError("{cz} / {en}", cz=cz, en=en)


def _shown(names: list[str], lang: str) -> str:
    """A key's name in ``lang``: the Czech first, the English second."""
    return names[0] if lang == "cs" else (names[1:] or names)[0]


def _refusal(word: str, w: str, names: Mapping[str, set[str]],
             listed: Mapping[str, list[str]], hits: set[str], what: str, lang: str,
             values: Mapping[str, Any]) -> str:
    """Why ``word`` names none (or several) of the choices, in ``lang``; names stay in the
    nominative, what was looked for is the catalogue's ("neznám démona")."""
    from combat_cli.api import closest

    if hits:
        return _('"{word}" could be {names}: type more', lang).format(
            word=word, names=", ".join(_shown(listed[k], lang) for k in sorted(hits)))
    guess = closest(w, [n for ns in names.values() for n in ns])
    near = next((k for k, ns in names.items() if guess in ns), None) if guess else None
    looked = catalogue(lang).pgettext("unknown", what).format(**values)
    if near is not None:
        return _('no {what} "{word}" — did you mean {guess}?', lang).format(
            what=looked, word=word, guess=_shown(listed[near], lang))
    return _('no {what} "{word}"', lang).format(what=looked, word=word)


YES = {"ano", "a", "yes", "y", "1", "true", "on", "+"}
NO = {"ne", "n", "no", "0", "false", "off", "-"}


def flag(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value != 0
    w = norm(str(value))
    if w in YES:
        return True
    if w in NO:
        return False
    raise ValueError(tr(None, "yes/no, not {value}", value=repr(value)))
