"""A language's commands: the words a GM types for the core verbs and their keywords, from
``<lang>/commands.toml`` beside the language's catalogue (no Python per language).

The first word of a verb is the one shown (help, completion, "did you mean"); every word is
accepted, regardless of case and diacritics. The English verbs always work too.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import tomllib

FILE = "commands.toml"


def fold(word: str) -> str:
    """Lower case without diacritics: "Vyhodnoť" -> "vyhodnot"."""
    text = unicodedata.normalize("NFKD", str(word).strip().lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


@dataclass(frozen=True)
class Commands:
    """The command words of one language (none for English, the source)."""

    verbs: dict[str, tuple[str, ...]] = field(default_factory=dict)
    keywords: dict[str, tuple[str, ...]] = field(default_factory=dict)
    options: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def verb_name(self, verb: str) -> str:
        """The verb as this language shows it (``resolve`` -> ``vyhodnoť``)."""
        words = self.verbs.get(verb)
        return words[0] if words else verb

    def verb_of(self, word: str) -> str | None:
        """The English verb ``word`` names in this language, else None."""
        w = fold(word)
        return next((v for v, ws in self.verbs.items() if w in (fold(x) for x in ws)), None)

    def keyword_name(self, keyword: str) -> str:
        words = self.keywords.get(keyword)
        return words[0] if words else keyword

    def keyword_of(self, word: str, choices: tuple[str, ...]) -> str | None:
        """The keyword among ``choices`` that ``word`` names in this language, else None."""
        w = fold(word)
        return next((k for k in choices
                     if w in (fold(x) for x in self.keywords.get(k, ()))), None)


    def option_of(self, key: str, names: tuple[str, ...]) -> str | None:
        """The option among ``names`` that ``key`` names in this language, else None."""
        w = fold(key)
        return next((k for k in names
                     if w in (fold(x) for x in self.options.get(k, ()))), None)


def _read(path: Path) -> Commands:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return Commands()

    def words(table: object) -> dict[str, tuple[str, ...]]:
        if not isinstance(table, dict):
            return {}
        return {str(k): tuple(str(w) for w in v) for k, v in table.items()
                if isinstance(v, list) and v and all(isinstance(w, str) and w for w in v)}
    return Commands(words(data.get("verbs")), words(data.get("keywords")),
                    words(data.get("options")))


@cache
def commands(lang: str) -> Commands:
    """The command words of ``lang`` (empty for English or a language without the file)."""
    from combat_cli.locale import SOURCE, dirs

    if not lang or lang == SOURCE:
        return Commands()
    for d in dirs():
        path = d / lang / FILE
        if path.is_file():
            return _read(path)
    return Commands()


@cache
def package_commands(package: str, lang: str) -> Commands:
    """The command words of a ruleset's own verbs in ``lang``, from
    ``<package>/locale/<lang>/commands.toml`` beside its tables (or a ``$COMBAT_LOCALE_PATH``
    directory's ``<lang>/<package>.commands.toml``)."""
    import importlib.resources

    from combat_cli.locale import dirs

    if not package or not lang:
        return Commands()
    for d in dirs()[:-1]:
        path = d / lang / f"{package.replace('.', '_')}.{FILE}"
        if path.is_file():
            return _read(path)
    try:
        found = importlib.resources.files(package).joinpath("locale", lang, FILE)
        if found.is_file():
            return _read(Path(str(found)))
    except (ModuleNotFoundError, OSError, TypeError):
        pass
    return Commands()
