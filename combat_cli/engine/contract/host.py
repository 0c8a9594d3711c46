"""The host: the core's services around a loaded ruleset.

A ruleset is a declaration (what it has: stats, actions and their handlers, capabilities,
its tables' package and model) and the hooks of its system. What the core does for every
ruleset alike lives here, in one :class:`Host` per loaded ruleset, not in the plug-in's
object: the tables (``tables.toml`` loaded once, each set of house rules merged, range-checked
and validated once and cached), the actions' handlers (a lazy ``"module:function"``
imported on first use) and the stats (the index of their names, the defaults, typed and TOML
stats checked and converted, a loaded file's stats checked against the fight), applying what
the ruleset declares: its :class:`~combat_cli.engine.contract.ruleset.StatSpec` list with
each stat's ``check``, ``extra_stats`` and the typo policy for them.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from combat_cli.engine.domain.errors import RuleError
from combat_cli.locale import Msg

if TYPE_CHECKING:
    from combat_cli.engine.contract.rule_tables import TablesModel
    from combat_cli.engine.contract.ruleset import Handler, Ruleset, StatCheck, StatSpec
    from combat_cli.engine.contract.view import RulesView
    from combat_cli.engine.domain.models import Combatant

__all__ = ["Host", "host"]


class Host:
    """One loaded ruleset and the services the core gives it."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        add_words(ruleset)
        self._shipped: dict[str, Any] | None = None
        self._tables: dict[str, tuple[dict[str, Any], TablesModel | None]] = {}
        self._stat_index: tuple[Sequence[StatSpec], dict[str, StatSpec],
                                tuple[tuple[str, StatCheck | str], ...]] | None = None
        self._parsed: dict[tuple[Any, ...], Any] = {}
        self._overridden: dict[str, bool] = {}
        self._label_arity: dict[Any, int] = {}

    # -- tables --------------------------------------------------------------------------
    def tables(self, house_rules: dict[str, Any]) -> dict[str, Any]:
        """The tables a table plays with: the shipped ones with ``house_rules`` merged in,
        range-checked and validated by the ruleset's ``tables_model``; once per set of house
        rules (the result is shared: rules code reads it, never changes it). RuleError says
        in one line what is wrong."""
        return self._entry(house_rules)[0]

    def typed(self, house_rules: dict[str, Any]) -> TablesModel | None:
        """The same tables as the ruleset's ``tables_model`` (None if it declares none)."""
        return self._entry(house_rules)[1]

    def cached(self) -> int:
        """How many sets of house rules have their tables cached."""
        return len(self._tables)

    def _entry(self, house_rules: dict[str, Any]) -> tuple[dict[str, Any], TablesModel | None]:
        from combat_cli.engine.contract.rule_tables import house_rules_key, validate_tables
        from combat_cli.engine.contract.ruleset import check_ranges

        key = house_rules_key(house_rules)
        found = self._tables.get(key)
        if found is None:
            rs = self.ruleset
            if self._shipped is None:
                self._shipped = rs.load_tables()
            merged = rs.merge_house_rules(self._shipped, house_rules)
            check_ranges(merged, rs.table_ranges)
            model = rs.tables_model
            found = self._tables[key] = (merged, validate_tables(model, merged) if model
                                         else None)
        return found

    # -- stats ---------------------------------------------------------------------------
    def stat_spec(self, name: str) -> StatSpec | None:
        """The stat called ``name`` or one of its aliases, whatever the case (from an index
        of the specs, built once: a 100,000-template library is checked on every open)."""
        by_word = self._index()[1]
        found = by_word.get(name.lower())
        if found is None and not name.isascii():  # síla, Síla: as sila (an ASCII name is lower)
            from combat_cli.engine.domain.queries import fold

            found = by_word.get(fold(name))
        return found

    def _index(self) -> tuple[Sequence[StatSpec], dict[str, StatSpec],
                              tuple[tuple[str, StatCheck | str], ...]]:
        stats = self.ruleset.stats
        index = self._stat_index
        if index is None or index[0] is not stats:
            by_word: dict[str, StatSpec] = {}
            for spec in reversed(stats):  # the first spec of a name wins, as named() has it
                for word in (*spec.aliases, spec.name):
                    by_word[word.lower()] = spec
            self._shown_stat_names(stats, by_word)
            checks = tuple((s.name, s.check) for s in stats if s.check is not None)
            index = self._stat_index = (stats, by_word, checks)
        return index

    def _shown_stat_names(self, stats: Sequence[StatSpec], by_word: dict[str, StatSpec]) -> None:
        """A stat is also typed as another language shows it (``síla=3``, ``sila=3`` for
        Storypath's might), from the catalogues alone; a name or alias of its own comes first."""
        from combat_cli.engine.domain.queries import fold
        from combat_cli.locale import SOURCE, languages

        for lang in languages():
            if lang == SOURCE:
                continue
            for spec in stats:
                shown = self.label(spec.name, lang, overrides=False)
                if shown != spec.name and " " not in shown.strip():
                    for word in (shown.lower(), fold(shown)):
                        by_word.setdefault(word, spec)

    def stat_defaults(self, *, overrides: bool = True) -> dict[str, Any]:
        """The stats a new combatant starts with before what the GM typed (the specs'
        defaults, unless the ruleset's ``fill_stat_defaults`` is False)."""
        rs = self.ruleset
        if overrides and self._overrides("stat_defaults"):
            return rs.stat_defaults()
        if not rs.fill_stat_defaults:
            return {}
        return {s.name: s.default for s in rs.stats if s.default is not None}

    def validate_stats(self, raw: dict[str, Any], *, overrides: bool = True) -> dict[str, Any]:
        """Stats typed by the GM or read from a template, checked and converted: a declared
        stat by its ``parse``, any other name by the ruleset's ``extra_stats`` (refused
        without it, or as a typo of a stat when it is within ``stat_typo_cutoff``)."""
        rs = self.ruleset
        if overrides and self._overrides("validate_stats"):
            return rs.validate_stats(raw)
        if rs.extra_stats is not None and rs.stat_typo_cutoff is not None:
            self._refuse_typos(raw, rs.stat_typo_cutoff)
        out: dict[str, Any] = {}
        for key, value in raw.items():
            spec = self.stat_spec(key)
            if spec is None:
                if rs.extra_stats is None:
                    self._refuse_unknown(key)
                out[key] = self._parsed_stat(rs.extra_stats, key, value)
            else:
                out[spec.name] = self._parsed_stat(spec.parse, spec.name, value)
        return out

    def check_stats(self, view: RulesView, c: Combatant, *, overrides: bool = True
                    ) -> dict[str, Any]:
        """``c``'s stats as read from a save file: checked as typed ones are
        (:meth:`validate_stats`), then by each declared ``StatSpec.check`` of a stat ``c``
        has, against the fight's tables (read-only). RuleError says what is wrong."""
        if overrides and self._overrides("check_stats"):
            return self.ruleset.check_stats(view, c)
        stats = self.validate_stats(c.stats)
        checks = [(name, ref) for name, ref in self._index()[2] if stats.get(name) is not None]
        if checks:
            from combat_cli.engine.contract.ruleset import load_ref

            who = c if stats == c.stats else c.model_copy(update={"stats": stats})
            for _, ref in checks:
                (load_ref(ref) if isinstance(ref, str) else ref)(view, who)
        return stats

    def _refuse_typos(self, raw: dict[str, Any], cutoff: float) -> None:
        """Refuse a name that is no stat but close to one (a typo, not an extra stat)."""
        import difflib

        rs = self.ruleset
        names = [s.name for s in rs.stats]
        for key in raw:
            if self.stat_spec(key) is None:
                hit = difflib.get_close_matches(key.lower(), [n.lower() for n in names], n=1,
                                                cutoff=cutoff)
                if hit:
                    real = next(n for n in names if n.lower() == hit[0])
                    if rs.stat_typo_hint:
                        raise RuleError('no stat "{stat}" — did you mean {guess}? ({hint})',
                                        stat=key, guess=real, hint=Msg(rs.stat_typo_hint))
                    raise RuleError('no stat "{stat}" — did you mean {guess}?', stat=key,
                                    guess=real)

    def _refuse_unknown(self, key: str) -> None:
        from combat_cli.engine.domain.queries import closest

        rs = self.ruleset
        names = [s.name for s in rs.stats]
        guess = closest(key, names)
        if guess:
            raise RuleError('{ruleset} has no stat "{stat}" — did you mean {guess}?',
                            ruleset=rs.name, stat=key, guess=guess)
        more = Msg(" and {n} more: help add", n=len(names) - 8) if len(names) > 8 else ""
        raise RuleError('{ruleset} has no stat "{stat}" (stats: {names})', ruleset=rs.name,
                        stat=key, names=Msg("{names}{more}", names=", ".join(names[:8]),
                                            more=more))

    def _parsed_stat(self, parse: Callable[[Any], Any] | None, name: str, value: Any) -> Any:
        """A stat's parsed value, remembered for a plain value (a library of 100,000 stat
        blocks holds the same few values again and again, and is checked on every open)."""
        from combat_cli.engine.contract.ruleset import _parse_stat

        if type(value) not in (int, str, bool, float) or parse is None:
            return _parse_stat(parse, name, value)
        seen = self._parsed
        key = (parse, name, type(value), value)
        if key in seen:
            return seen[key]
        parsed = _parse_stat(parse, name, value)
        if len(seen) >= 20_000:
            seen.clear()
        if type(parsed) in (int, str, bool, float, type(None)):  # never a shared mutable one
            seen[key] = parsed
        return parsed

    def _overrides(self, method: str) -> bool:
        """The plug-in's class still overrides the Ruleset method (an older plug-in's way):
        the host obeys it, and a method set on the plug-in object itself."""
        if method in vars(self.ruleset):
            return True
        found = self._overridden.get(method)
        if found is None:
            from combat_cli.engine.contract.ruleset import Ruleset

            found = self._overridden[method] = (getattr(type(self.ruleset), method)
                                                is not getattr(Ruleset, method))
        return found

    # -- words ---------------------------------------------------------------------------
    def _plugin_label(self, word: str, lang: str, gender: str) -> str:
        """The plug-in's own ``label``: an older one takes (word, lang) and no gender."""
        method = self.ruleset.label
        takes = self._label_arity.get(method)
        if takes is None:
            import inspect

            params = inspect.signature(method).parameters.values()
            takes = self._label_arity[method] = (
                3 if any(p.kind is p.VAR_POSITIONAL for p in params) else len(params))
        return method(word, lang, gender) if takes >= 3 else method(word, lang)

    def label(self, word: str, lang: str = "", gender: str = "", *,
              overrides: bool = True) -> str:
        """``word`` (a heading, a phase, a status, a stat's name, a sentence template of the
        core's) as shown in ``lang`` ("" = the ruleset's :attr:`~Ruleset.language`), from the
        catalogues: the ruleset's own form of it first (msgctxt its name, in its catalogue),
        a counted sentence in its plural form (the count not known yet), else the word,
        agreeing with ``gender`` (m / f / n) when it has gendered forms. A word
        the ruleset stores in its own language (not English: a Czech status, ``Zraněný``) is
        shown through the English it translates, in ``lang``, agreeing with ``gender``. A
        plug-in that still overrides :meth:`Ruleset.label` is obeyed."""
        from combat_cli.locale import PAIRS, SOURCE, _, catalogue, g_, source_of

        rs = self.ruleset
        if overrides and self._overrides("label"):
            return self._plugin_label(word, lang, gender)
        lang = lang or rs.language
        if word in rs.typed_words:
            return word
        if rs.name:
            own = catalogue(lang).pgettext(rs.name, word)
            if own != word:
                return own
        if word in PAIRS and lang != SOURCE:  # a counted sentence, its count not known yet
            one, many, _key = PAIRS[word]
            return catalogue(lang).ngettext(one, many, 2 if word == one and word != many else 5)
        found = _(word, lang)
        if found == word:
            found = g_(gender or "m", word, lang)
        if found != word or rs.language in (SOURCE, "") or (lang == rs.language and not gender):
            return found
        src = source_of(word, rs.language)
        if src is None:
            return word
        return g_(gender or "m", src, lang)

    # -- actions -------------------------------------------------------------------------
    def handler(self, action: str, *, react: bool = False) -> Handler | None:
        """What does ``action`` (:func:`~combat_cli.engine.contract.ruleset.handler_for`)."""
        from combat_cli.engine.contract.ruleset import handler_for

        return handler_for(self.ruleset, action, react=react)


_HOSTS: weakref.WeakKeyDictionary[Ruleset, Host] = weakref.WeakKeyDictionary()


def words_folder(ruleset: Ruleset) -> Path | None:
    """The ruleset's own catalogues' folder: ``locale`` beside its tables (in
    :attr:`~combat_cli.engine.contract.ruleset.Ruleset.tables_package`, else in the package
    its class is defined in), if there is one."""
    import importlib.resources

    package = ruleset.tables_package or type(ruleset).__module__.rpartition(".")[0] or \
        type(ruleset).__module__
    try:
        found = importlib.resources.files(package).joinpath("locale")
    except (ModuleNotFoundError, TypeError, ValueError):
        return None
    return Path(str(found)) if found.is_dir() else None


def add_words(ruleset: Ruleset) -> None:
    """Make the ruleset's own words (its catalogue ``<name>``) found by the locale."""
    from combat_cli.locale import add_catalogue

    folder = words_folder(ruleset)
    if folder is not None and ruleset.name:
        add_catalogue(ruleset.name, folder)


def host(ruleset: Ruleset) -> Host:
    """The host of a loaded ruleset (made on first use, one per ruleset object)."""
    found = _HOSTS.get(ruleset)
    if found is None:
        found = _HOSTS[ruleset] = Host(ruleset)
    return found
