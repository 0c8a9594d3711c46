"""Czech by default, English with ``--lang en``: terms, labels, and word matching without
diacritics."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from combat_cli.api import RuleError, locale

if TYPE_CHECKING:
    from combat_cli.api import Combatant, RulesContext

PAIRS, _, catalogue, current = locale.PAIRS, locale._, locale.catalogue, locale.current
g_, gender_of, n_, source_of = locale.g_, locale.gender_of, locale.n_, locale.source_of

# canonical key -> English; the Czech is in the catalogue (msgctxt "term")
TERMS_EN: dict[str, str] = {
    # attributes
    "obratnost": "Agility", "zrucnost": "Dexterity", "pamet": "Memory",
    "odolnost": "Resilience", "konstituce": "Constitution", "postreh": "Perception",
    "obezretnost": "Caution", "klamani": "Deception", "charisma": "Charisma",
    "pevnost_mysli": "Willpower",
    # skills
    "boj": "Melee", "rvacka": "Brawl", "vrh": "Throwing", "strelba": "Shooting",
    "atletika": "Athletics", "kouzleni": "Spellcasting", "vzyvani": "Invocation",
    "modleni": "Prayer",
    # talents
    "stit": "Shield Fighting", "dve_zbrane": "Two-Weapon Fighting",
    "utok_z_obrany": "Attack from Defence",
    # checks
    "rovnovaha": "balance", "houzevnatost": "toughness", "soustredeni": "concentration",
    # modifier rows
    "delsi_zbran": "opponent's longer weapon", "rychlejsi_zbran": "opponent's faster weapon",
    "dlouhy_vrh": "long throw", "dostrel": "beyond range", "mireni": "aiming",
    "omracit": "trying to stun", "vetsi_cil": "larger target", "mensi_cil": "smaller target",
    "lezici": "prone", "sero": "dusk", "tma": "darkness", "prekazka": "cover",
    "unava": "fatigue", "pocasi": "weather", "teren": "terrain", "stisneny": "cramped space",
    "resistence": "resistance", "zranitelnost": "vulnerability", "zraneni": "wounds",
    "rozptyl": "wide spread", "slaby_utocny": "weak offensive demon",
    "silny_utocny": "strong offensive demon", "slaby_obranny": "weak defensive demon",
    "silny_obranny": "strong defensive demon", "zady": "back turned",
    "nevyhoda": "disadvantage", "pouze_branit": "full defence",
    "soupera_pouze_branit": "opponent in full defence", "talent_jeden": "opponent's talent",
    "talent_vlastni": "own talent", "obt": "other", "bonus": "bonus",
    "precisleni": "outnumbered", "demon": "demon",
}
# its own catalogue, found from the start: the stats' declarations below are made from it
locale.add_catalogue("czech_pool", Path(__file__).resolve().parent / "locale")
# canonical key -> (Czech, English), the Czech from the catalogue
TERMS: dict[str, tuple[str, str]] = {
    k: (catalogue("cs").pgettext("term", en), en) for k, en in TERMS_EN.items()}


# the core fills {action} with the action's canonical (Czech) name: in English, leave it out
EN_SENTENCES: dict[str, str] = {
    "{name}'s {action} lapses: {why}": "{name}'s action lapses: {why}",
    "{name}'s {action} lapses (round ended)": "{name}'s action lapses (round ended)",
    "{name} skips {action}": "{name} skips an action",
}


def label(word: str, lang: str = "", gender: str = "") -> str:
    """A word or sentence template of the core's, in ``lang`` ("" = Czech); a word with
    gendered forms agrees with ``gender`` (masculine when not given)."""
    if word in TERMS and norm(TERMS[word][0]) == word != TERMS[word][0].lower():
        return term(word, lang)  # a key without its diacritics (rvacka): its name
    if lang == "en":  # a Czech word (a condition, a status) shown in English
        return EN_SENTENCES.get(word) or source_of(word, "cs") or word
    lang = lang or "cs"
    src = source_of(word, lang) if gender else None
    if src is not None:  # a Czech word stored in the masculine (a status): agree
        return g_(gender, src, lang)
    if word in PAIRS:
        one, many, _key = PAIRS[word]
        return catalogue(lang).ngettext(one, many, 2 if word == one and word != many else 5)
    found = _(word, lang)
    if found == word:
        found = g_(gender or "m", word, lang)
    return found


def norm(word: str) -> str:
    """Lower case, no diacritics, spaces and dashes as underscores: "Útok z obrany" ->
    "utok_z_obrany"."""
    text = unicodedata.normalize("NFKD", str(word).strip().lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return text.replace(" ", "_").replace("-", "_")


def term(key: str, lang: str = "") -> str:
    cz, en = TERMS.get(key, (key, key))
    return en if lang == "en" else cz


def hits(n: int) -> str:
    """English: "1 success", "2 successes"."""
    return f"{n} success" if n == 1 else f"{n} successes"


def language_now() -> str:
    """The open table's display language for :func:`label` ("en", or "" for Czech)."""
    return "en" if current() == "en" else ""


def language(ctx: RulesContext | None) -> str:
    return "en" if ctx is not None and ctx.lang == "en" else "cs"


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
    lang = language(ctx)
    return label(c.status, "en" if lang == "en" else "", gender(c))


def t(ctx: RulesContext | None, cz: str, en: str) -> str:
    """The text in the table's language (without ``ctx``: the current table's)."""
    if ctx is None:  # no table yet: both
        return {"en": en, "": f"{cz} / {en}"}.get(current(), cz)
    return en if ctx.lang == "en" else cz


def tr(ctx: RulesContext | None, template: str, **values: Any) -> str:
    """An English template of the ruleset's, in the table's language from the catalogue
    (without ``ctx``: the open table's; before any table: Czech and English)."""
    if ctx is None and current() == "":
        return f"{_(template, 'cs').format(**values)} / {template.format(**values)}"
    lang = language(ctx) if ctx is not None else ("en" if current() == "en" else "cs")
    return _(template, lang).format(**values)


def terr(ctx: RulesContext | None, template: str, **values: Any) -> RuleError:
    """A refusal from the catalogue in the table's language."""
    return RuleError(tr(ctx, template, **values))


def err(ctx: RulesContext | None, cz: str, en: str) -> RuleError:
    """A refusal in the table's language."""
    return RuleError(t(ctx, cz, en))


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
