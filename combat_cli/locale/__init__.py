"""The message catalogue: every word the GM sees, in the table's language.

English is the source: a message is its English text (``msgid``). A language is a gettext
catalogue, ``combat_cli/locale/<lang>/LC_MESSAGES/combat_cli.mo`` (compiled from the ``.po``
beside it by ``python -m combat_cli.locale.build``; the installed program needs only the
standard library's :mod:`gettext` to read it).

- ``_(msg)`` — a message; ``n_(one, many, n)`` — its plural by the catalogue's plural rule
  (Czech: 1 kolo, 2 kola, 5 kol); ``g_(gender, msg)`` / ``ng_(...)`` — gendered forms, as
  message contexts ``m`` / ``f`` / ``n`` (masculine, feminine, neuter).
- The language: every function takes ``lang``; without it, the current language set by
  :func:`use` (the table sets it when it opens, so one table is one language).
- Messages are data: an error or a note is made where it arises as ``Msg(key, **values)``
  (errors: ``CommandError(key, **values)`` and the other :class:`MessageError` kinds keep
  ``.key`` and ``.values``) and turned into words where it is shown, by :func:`text` in the
  table's language. A value that is itself a word is wrapped in :class:`Word` (translated);
  a plain string (a name, a line typed) never is; a ``Msg`` value is worded in turn.
  Nothing is matched back from English.
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

DOMAIN = "combat_cli"
DIR = Path(__file__).resolve().parent
SOURCE = "en"
GENDERS = ("m", "f", "n")
_current: ContextVar[str] = ContextVar("combat_cli_lang", default="")
_loaded: dict[str, _gettext.NullTranslations] = {}


PATH_VAR = "COMBAT_LOCALE_PATH"
"""Directories of more catalogues (``<dir>/<lang>/LC_MESSAGES/combat_cli.mo`` and
``<dir>/<lang>/commands.toml``), searched before the built-in ones: a language added from
files alone."""


def dirs() -> tuple[Path, ...]:
    """Where catalogues are looked for: ``$COMBAT_LOCALE_PATH`` first, then the built-in."""
    extra = os.environ.get(PATH_VAR, "")
    return (*(Path(p) for p in extra.split(os.pathsep) if p), DIR)


def languages() -> tuple[str, ...]:
    """The languages with a catalogue, the source first (the folders are read once for each
    value of ``$COMBAT_LOCALE_PATH``: the players' views ask for every sentence)."""
    return _languages(os.environ.get(PATH_VAR, ""), tuple(_domains))


@cache
def _languages(_path: str, _domains: tuple[str, ...] = ()) -> tuple[str, ...]:
    found = {p.parent.parent.name for domain, d in _places() for p in
             d.glob(f"*/LC_MESSAGES/{domain}.mo")}
    return (SOURCE, *sorted(found - {SOURCE}))


_domains: dict[str, Path] = {}
"""The rulesets' own catalogues: domain (the ruleset's name) -> its package's ``locale``
folder (``<package>/locale/<lang>/LC_MESSAGES/<name>.mo``, found like its tables)."""


def add_catalogue(domain: str, folder: Path) -> None:
    """Let a ruleset's own words be found: its catalogue ``domain`` in ``folder`` (and in
    every ``$COMBAT_LOCALE_PATH`` directory, as ``<dir>/<lang>/LC_MESSAGES/<domain>.mo``),
    searched after the core's. The host calls this for every ruleset it loads."""
    if _domains.get(domain) == folder or domain == DOMAIN:
        return
    _domains[domain] = folder
    _loaded.clear()
    _inverse.clear()
    _languages.cache_clear()


def domains() -> tuple[str, ...]:
    """The catalogues words are looked up in, in order: the core's, then the rulesets'."""
    return (DOMAIN, *_domains)


def _places() -> list[tuple[str, Path]]:
    """(domain, directory) in lookup order: the core's catalogue in ``$COMBAT_LOCALE_PATH``
    then built in, then each ruleset's the same way."""
    extra = dirs()[:-1]
    return [(domain, d) for domain, own in ((DOMAIN, DIR), *_domains.items())
            for d in (*extra, own)]


def catalogue(lang: str | None = None) -> _gettext.NullTranslations:
    """The words of ``lang``: the core's catalogue, the rulesets' after it (each one a
    fallback of the one before)."""
    lang = lang or current() or SOURCE
    if lang not in _loaded:
        found: _gettext.NullTranslations | None = None
        for domain, d in _places():
            try:
                cat = _gettext.translation(domain, str(d), languages=[lang])
            except OSError:
                continue
            if found is None:
                found = cat
            else:
                found.add_fallback(cat)
        _loaded[lang] = found or _gettext.NullTranslations()
    return _loaded[lang]


_default = [""]


def use(lang: str) -> None:
    """Make ``lang`` the current language (the table's): here and, as the default, in every
    thread (the REPL opens its table in a background thread)."""
    _current.set(lang or SOURCE)
    _default[0] = lang or SOURCE


def current() -> str:
    """The current table's language ("" before a table is open)."""
    return _current.get() or _default[0]


@contextmanager
def language(lang: str) -> Iterator[None]:
    token = _current.set(lang or SOURCE)
    try:
        yield
    finally:
        _current.reset(token)


def _(msg: str, lang: str | None = None) -> str:
    return catalogue(lang).gettext(msg)


def n_(one: str, many: str, n: int, lang: str | None = None) -> str:
    """The form of ``one``/``many`` for the count ``n``, formatted with ``n``."""
    return catalogue(lang).ngettext(one, many, n).format(n=n)


def g_(gender: str, msg: str, lang: str | None = None) -> str:
    """``msg`` agreeing with a ``gender`` (m / f / n) subject (its one form when the
    catalogue has no gendered forms of it)."""
    cat = catalogue(lang)
    found = cat.pgettext(gender if gender in GENDERS else "m", msg)
    return cat.gettext(msg) if found == msg else found


def ng_(gender: str, one: str, many: str, n: int, lang: str | None = None) -> str:
    return catalogue(lang).npgettext(gender if gender in GENDERS else "m", one, many,
                                     n).format(n=n)


def f_(msg: str, lang: str | None = None, **values: Any) -> str:
    """``_(msg).format(**values)`` (dice and decimals in the language's notation)."""
    return _(msg, lang).format(**{k: shown(v, lang) for k, v in values.items()})


WORDS_FILE = "words.toml"


@cache
def words(lang: str) -> dict[str, Any]:
    """A language's words that are data (``<lang>/words.toml`` beside its catalogue): the
    gender words (``[gender]``), the name-based gender guess (``[names]``), the players' wound
    words (``[wounds]``). Empty when the language has none."""
    import tomllib

    for d in dirs():
        path = d / (lang or SOURCE) / WORDS_FILE
        if path.is_file():
            try:
                data = tomllib.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                return {}
            return data
    return {}


def parse_gender(word: str) -> str | None:
    """``m`` / ``f`` / ``n`` for what the GM typed, in any language's words (m|ž|s, male...),
    else None."""
    w = str(word).strip().lower()
    for lang in languages():
        table = words(lang).get("gender", {})
        for g in GENDERS:
            if w in (str(x).lower() for x in table.get(g, ())):
                return g
    return None


def guess_gender(name: str, lang: str | None = None) -> str:
    """The gender a name suggests, by the language's ``[names]`` (Czech: most female names
    end in -a/-e/-ie/-ová; ``Zbojník 2`` -> m, ``Jitka`` -> f); masculine without them. The GM
    can always set ``rod=``."""
    rule = words(lang or current() or SOURCE).get("names", {})
    if not rule:
        return "m"
    found = [w for w in str(name).split() if not w.isdigit()]
    first = (found[0] if found else "").lower()
    if first in rule.get("masculine", ()) or first.endswith(tuple(rule.get("masculine_endings",
                                                                              ()))):
        return "m"
    if first.endswith(tuple(rule.get("feminine_endings", ()))):
        return "f"
    other = rule.get("otherwise", "m")
    return other if other in GENDERS else "m"


def gender_of(name: str, stats: dict[str, Any] | None = None, lang: str | None = None) -> str:
    """A combatant's grammatical gender: its ``rod`` stat when set, else guessed."""
    stats = stats or {}
    given = parse_gender(str(stats.get("Rod") or stats.get("rod") or stats.get("gender") or ""))
    return given or guess_gender(name, lang)


# sentences of the core that come in a singular and a plural form: either form -> (singular,
# plural, the placeholder that counts)
PAIRS: dict[str, tuple[str, str, str]] = {}
for _one, _many, _key in (
        ("{n} round", "{n} rounds", "n"),
        (" ({n} timer fired)", " ({n} timers fired)", "n"),
        ("Roll {dice}{faces} = {total} success", "Roll {dice}{faces} = {total} successes",
         "total"),
        ("Round {n}: resolving {count} action", "Round {n}: resolving {count} actions", "count"),
        ("{count} unresolved, lapsing: {what}. End round {n}? [y/N] ",
         "{count} unresolved, lapsing: {what}. End round {n}? [y/N] ", "count"),
        ("only {n} step to {verb}", "only {n} steps to {verb}", "n"),
        ("{spec}: {n} face too many", "{spec}: {n} faces too many", "n"),
        ("{name}: {n} note cleared", "{name}: {n} notes cleared", "n"),
):
    PAIRS[_one] = PAIRS[_many] = (_one, _many, _key)
PAIRS["Round {n}: resolving {count} action(s)"] = PAIRS["Round {n}: resolving {count} action"]


def say(template: str, lang: str | None = None, **values: Any) -> str:
    """A sentence template in ``lang``, filled in; a counted one in the count's form."""
    pair = PAIRS.get(template)
    if pair is not None:
        one, many, key = pair
        count = values.get(key)
        n = count if isinstance(count, int) else 5
        return catalogue(lang).ngettext(one, many, n).format(
            **{k: shown(v, lang) for k, v in values.items()})
    return _(template, lang).format(**{k: shown(v, lang) for k, v in values.items()})


_inverse: dict[str, dict[str, str]] = {}


def entries(lang: str) -> Iterator[tuple[Any, Any]]:
    """Every (key, translation) of ``lang``'s catalogues, the core's first."""
    cat: Any = catalogue(lang)
    while cat is not None:
        yield from getattr(cat, "_catalog", {}).items()
        cat = getattr(cat, "_fallback", None)


def source_of(text: str, lang: str) -> str | None:
    """The English a ``lang`` word translates (a word stored in that language, shown in
    English): ``source_of("Ležící", "cs")`` -> "Prone"."""
    if lang not in _inverse:
        inv: dict[str, str] = {}
        for key, value in entries(lang):
            msgid = key[0] if isinstance(key, tuple) else key
            if msgid and isinstance(value, str) and value not in inv:
                inv[value] = msgid.split("\x04", 1)[-1]
        _inverse[lang] = inv
    return _inverse[lang].get(text)


def agree(word: str, gender: str, lang: str | None = None) -> str:
    """``word`` (in ``lang`` or English) agreeing with a ``gender`` subject: the catalogue's
    gendered form of the English it translates (``agree("zraněn", "f", "cs")`` -> "zraněna");
    the word as it is when the catalogue has no gendered forms of it."""
    lang = lang or current() or SOURCE
    if not word or lang == SOURCE:
        return word
    src = source_of(word, lang) or word
    found = catalogue(lang).pgettext(gender if gender in GENDERS else "m", src)
    return word if found == src else found


# -- notation: dice and numbers as a language writes them (from the catalogue's "notation")
@cache
def _dice_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A dice term (``3d10``) and a whole dice expression (``6d10>=6``, ``2d6+1``)."""
    return (re.compile(r"(?<![\w.])(\d*)d(\d+)(?![\w.])"),
            re.compile(r"[0-9dD!+\-<>= ]*\dd\d[0-9dD!+\-<>= ]*"))


def dice(text: str, lang: str | None = None) -> str:
    """Dice notation as ``lang`` writes it: Czech ``3k10``, ``2k6+1`` for ``3d10``, ``2d6+1``
    (the catalogue's "notation" entry for "d"); English unchanged."""
    letter = catalogue(lang).pgettext("notation", "d")
    if letter == "d" or "d" not in text:
        return text
    term, _v = _dice_patterns()
    return term.sub(lambda m: f"{m.group(1)}{letter}{m.group(2)}", text)


def number(value: float, digits: int = 1, lang: str | None = None) -> str:
    """``value`` with ``digits`` decimals and the language's decimal mark (Czech ``12,5``)."""
    text = f"{value:.{digits}f}"
    return text.replace(".", catalogue(lang).pgettext("notation", "."))


def shown(value: Any, lang: str | None = None) -> Any:
    """A value put into a sentence: a dice expression in the language's notation, a decimal
    number with its decimal mark, a large number with its thousands separator (4,301 ->
    4 301); anything else as it is."""
    if not isinstance(value, str) or not value or (lang or current() or SOURCE) == SOURCE:
        return value
    _t, whole = _dice_patterns()
    if whole.fullmatch(value):
        return dice(value, lang)
    if value.replace(".", "", 1).lstrip("-").isdigit() and "." in value:
        return value.replace(".", catalogue(lang).pgettext("notation", "."))
    if _GROUPED.fullmatch(value):
        return value.replace(",", catalogue(lang).pgettext("notation", ","))
    return value


_GROUPED = re.compile(r"-?\d{1,3}(?:,\d{3})+")


# -- messages as data: a key and its values, turned into words where they are shown ----------
class Word(str):
    """A value that is itself a word of the catalogue (a status, a side, a wound level, a
    yes/no, "condition"): translated where the message is shown. A plain ``str`` value (a
    name the GM gave, a line typed) is never translated."""

    __slots__ = ()


class Said(str):
    """Words already in the table's language (a core sentence worded by ``ctx.say``, where a
    ruleset may word it itself): shown as they are, never matched back."""

    __slots__ = ()


class Msg:
    """A message as data: its catalogue ``key`` (the English template, ``no combatant
    "{word}"``) and its ``values``: ``Msg('no combatant "{word}"', word=typed)``. It becomes
    words only where it is shown, by :func:`text` in the table's language; ``str(msg)`` is
    the English."""

    __slots__ = ("key", "values")

    def __init__(self, key: str, /, **values: Any) -> None:
        self.key = key
        self.values: Mapping[str, Any] = values

    def __str__(self) -> str:
        return text(self, SOURCE)

    def __repr__(self) -> str:
        return f"Msg({self.key!r}, **{dict(self.values)!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Msg) and (self.key, dict(self.values)) ==
                (other.key, dict(other.values)))

    __hash__ = None  # type: ignore[assignment]

    def words(self, lang: str | None = None) -> str:
        return text(self, lang)


class MessageError(Exception):
    """An error whose message is data: ``SomeError(key, **values)`` keeps a :class:`Msg`
    (``e.msg``, ``e.key``, ``e.values``); ``str(e)`` is the English, :func:`text` the table's
    words. ``SomeError(msg)`` or ``SomeError(other_error)`` carries a message made elsewhere."""

    def __init__(self, key: Any = "", /, **values: Any) -> None:
        if isinstance(key, Msg):
            msg = key
        elif isinstance(getattr(key, "msg", None), Msg) and not values:
            msg = key.msg
        else:
            msg = Msg(key if isinstance(key, str) else str(key), **values)
        self.msg = msg
        super().__init__(str(msg))

    @property
    def key(self) -> str:
        return self.msg.key

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.msg.values)


def _value(v: Any, lang: str) -> Any:
    if isinstance(v, Msg):
        return text(v, lang)
    if isinstance(v, Word):
        return _(str(v), lang) if v else ""
    if isinstance(v, BaseException):  # an error's message: its words
        return text(v, lang)
    return shown(v, lang)


def either(items: list[Any]) -> Any:
    """``items`` as one choice among them ("'half' or 'full'", "a, b or c"), worded in the
    table's language where shown."""
    if len(items) < 2:
        return items[0] if items else ""
    return Msg("{a} or {b}", a=", ".join(map(str, items[:-1])), b=items[-1])


def worded(value: Any, lang: str | None = None) -> Any:
    """A value put into a sentence in ``lang``: a :class:`Word` translated, a :class:`Msg` or
    an error worded, anything else :func:`shown` (a name as it is)."""
    return _value(value, lang or current() or SOURCE)


def _message_of(e: BaseException) -> Any:
    """An error's message: its :class:`Msg` (a :class:`MessageError`, or any error raised
    with one, ``ValueError(Msg(...))`` from a stat check), else its text."""
    found = getattr(e, "msg", None)
    if isinstance(found, Msg):
        return found
    if len(e.args) == 1 and isinstance(e.args[0], Msg):
        return e.args[0]
    return str(e)


def text(what: Any, lang: str | None = None) -> str:
    """What a message says in ``lang`` (the current language without it): a :class:`Msg`
    its catalogue entry filled with its values (words translated, names as they are; a
    counted one in its count's form); an error its message; a plain string its catalogue entry
    when it has one (looked up whole), else as it is: nothing is matched back."""
    lang = lang or current() or SOURCE
    if isinstance(what, BaseException):
        what = _message_of(what)
    if isinstance(what, Said):
        return str(what)
    if not isinstance(what, Msg):
        return _(str(what), lang)  # a plain string: looked up whole, else as it is
    key, values = what.key, what.values
    if not values and isinstance(key, Said):
        return str(key)
    if not values:
        return _(key, lang)
    shown_values = {k: _value(v, lang) for k, v in values.items()}
    pair = PAIRS.get(key)
    try:
        if lang != SOURCE and pair is None:  # a catalogue may word one filled-in case itself
            whole = key.format(**{k: _value(v, SOURCE) for k, v in values.items()})
            found = _(whole, lang)
            if found != whole:
                return found
        if pair is not None:
            one, many, count = pair
            n = values.get(count)
            return catalogue(lang).ngettext(one, many, n if isinstance(n, int) else 5).format(
                **shown_values)
        return _(key, lang).format(**shown_values)
    except (KeyError, IndexError, ValueError):  # a catalogue entry that does not fit
        return key.format(**{k: _value(v, SOURCE) for k, v in values.items()})
