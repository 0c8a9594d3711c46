"""The verb registry and the dispatcher: line -> verb -> handler -> :class:`Output`.

Each verb declares its arguments once (a :class:`~combat_cli.engine.grammar.syntax.Syntax`): the
dispatcher parses the words after the verb with it, ``help`` shows the usage made from it and
the completion walks it. Handlers get a :class:`Cmd` (the table, a rules context on a working
copy, the parsed :class:`~combat_cli.engine.grammar.syntax.Args`) and never print; they add log
entries through the context and ask for views (:mod:`combat_cli.commands.views`) with
:meth:`Cmd.show`. The front end (REPL or script) renders the :class:`Output`
(:mod:`combat_cli.commands.results`) and saves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from combat_cli.commands.results import Output
from combat_cli.dice import DiceError
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.domain.queries import closest
from combat_cli.engine.grammar.syntax import Args, Item, Syntax, UsageError, parse, syntax
from combat_cli.locale import Msg, text
from combat_cli.locale.commands import commands, fold, package_commands

if TYPE_CHECKING:
    from combat_cli.commands.views import View
    from combat_cli.engine.contract.context import RulesContext
    from combat_cli.engine.contract.ruleset import Ruleset
    from combat_cli.engine.domain.models import Encounter
    from combat_cli.engine.table import Table


@dataclass
class Verb:
    name: str
    syntax: Syntax
    summary: str
    handler: Callable[[Cmd], None]
    mutates: bool = True
    aliases: tuple[str, ...] = ()
    details: str = ""
    topic: str = "core"
    undoable: bool = True
    """False: logged, but not an undo step (a free roll)."""
    before: Callable[[Cmd], None] | None = None
    """A check of the state made before the words are read (the fight has not started)."""
    shown: str = ""
    """A ruleset verb's name in the table's language (its ``commands.toml``), if it has one."""

    @property
    def usage(self) -> str:
        return self.syntax.usage(self.name)


class Cmd:
    def __init__(self, table: Table, ctx: RulesContext, words: list[str], verb: Verb,
                 out: Output) -> None:
        self.table = table
        self.ctx = ctx
        self.words = words
        """The words after the verb, as typed."""
        self.verb = verb
        self.out = out
        self.args = Args()
        """The words parsed by the verb's syntax (:meth:`run` parses them)."""

    def run(self) -> None:
        """The verb's check of the state first, then its words, then its handler."""
        if self.verb.before is not None:
            self.verb.before(self)
        self.args = self.parse()
        self.verb.handler(self)

    def parse(self) -> Args:
        try:
            return parse(self.verb.syntax, self.words, self.enc, self.ruleset, self.verb.name)
        except UsageError as e:
            if self.verb.topic == "core":
                raise self.usage_error(e.msg) from None
            raise CommandError(Msg("usage: {usage} ({what})", usage=self.verb.usage, what=e.msg)
                               if e.arity else e.msg) from None

    @property
    def enc(self) -> Encounter:  # the working copy
        return self.ctx.enc

    @property
    def ruleset(self) -> Ruleset:
        return self.table.ruleset

    def show(self, view: View) -> None:
        self.out.views.append(view)

    def usage_error(self, what: Any) -> CommandError:
        return CommandError("{what}: usage {usage}{quote}", what=what, usage=self.verb.usage, quote=self._quote_hint())

    def _quote_hint(self) -> Msg | str:
        """When the words typed are a name with spaces, say how to quote it."""
        if "NAME" not in self.verb.usage or len(self.words) < 2:
            return ""
        names = {c.name.lower(): c.name for c in self.enc.combatants}
        for k in range(len(self.words), 1, -1):
            joined = " ".join(self.words[:k]).lower()
            hit = names.get(joined) or next(
                (n for low, n in names.items() if low.startswith(joined)), None)
            if hit:
                return Msg(' (quote names with spaces: "{name}")', name=hit)
        return ""


def ask(cmd: Cmd, question: str, choices: tuple[str, ...] = (), pcs: tuple[str, ...] = (),
        accepts: Callable[[str], str | None] | None = None) -> str | None:
    """Ask a question in the middle of a command, through the table's front end (the REPL
    asks the GM; a phone named in ``pcs`` may answer with one of ``choices``); None when
    nobody can answer (a script, a test): the caller decides what that means. ``accepts``:
    what a typed answer must be (None if usable, else what it takes: asked again)."""
    from combat_cli.engine.contract.port import Question

    return cmd.table.port.ask(Question(question, choices, pcs, accepts=accepts))


VERBS: dict[str, Verb] = {}
PHONE_VERBS = ("declare",)
"""What a player's phone may run (for its own character): nothing else of the GM's."""


def verb(name: str, args: Syntax | tuple[Item, ...], summary: str, *, mutates: bool = True,
         aliases: tuple[str, ...] = (), details: str = "", topic: str = "core",
         undoable: bool = True, before: Callable[[Cmd], None] | None = None
         ) -> Callable[[Callable[[Cmd], None]], Callable[[Cmd], None]]:
    """Register a core verb: its name, its arguments (usage, parsing and completion come from
    them), one line of help."""
    def deco(fn: Callable[[Cmd], None]) -> Callable[[Cmd], None]:
        VERBS[name] = Verb(name, syntax(args), summary, fn, mutates, aliases, details, topic,
                           undoable, before)
        return fn
    return deco


def all_verbs(table: Table | None = None) -> dict[str, Verb]:
    """Core verbs plus the table's ruleset verbs (a ruleset verb never replaces a core one)."""
    _load_topics()
    out = dict(VERBS)
    if table is not None:
        rs = table.ruleset
        said = package_commands(rs.tables_package or "", table.language)
        for v in rs.verbs:
            if v.name in out:
                continue
            words = said.verbs.get(v.name, ())
            out[v.name] = Verb(v.name, v.syntax, v.help, _ruleset_handler(v.run),
                               v.mutates, (*v.aliases, *words), topic=rs.name,
                               shown=words[0] if words else "")
    return out


def _ruleset_handler(fn: Callable[[Any, Args], None]) -> Callable[[Cmd], None]:
    def run(cmd: Cmd) -> None:
        fn(cmd.ctx, cmd.args)
    return run


def lookup(word: str, verbs: dict[str, Verb], lang: str = "") -> Verb | None:
    """The verb ``word`` names: its English name or an alias, or its word in the table's
    language ``lang`` (``vyhodnoť``, ``vyhodnot``: case and diacritics aside), else None."""
    low = word.lower()
    for v in verbs.values():
        if v.name == low or low in v.aliases:
            return v
    name = commands(lang).verb_of(word)
    if name is not None and name in verbs:
        return verbs[name]
    w = fold(word)
    return next((v for v in verbs.values()
                 if w and (fold(v.name) == w or w in (fold(a) for a in v.aliases))), None)


def verb_name(v: Verb, lang: str = "") -> str:
    """The verb as the table's language shows it (a core verb's word from the language's
    ``commands.toml``; a ruleset verb as the ruleset names it)."""
    return commands(lang).verb_name(v.name) if v.topic == "core" else v.shown or v.name


def find_verb(word: str, verbs: dict[str, Verb], lang: str = "") -> Verb:
    v = lookup(word, verbs, lang)
    if v is not None:
        return v
    guess = closest(word.lower(), [verb_name(v, lang) for v in verbs.values()])
    hint = Msg(" — did you mean {guess}?", guess=guess) if guess else ""
    raise CommandError('unknown command "{word}"{hint} (help lists them)', word=word, hint=hint)


def keywords(v: Verb, words: list[str], lang: str) -> list[str]:
    """``words`` with the keywords and option names of the table's language put as the
    verb's English ones (``konec boje`` -> ``end fight``, ``vyhodnoť vše`` -> ``resolve all``,
    ``skrytý=ano`` -> ``hidden=yes``)."""
    said = commands(lang)
    if not said.keywords and not said.options:
        return words
    choices = tuple(c for a in v.syntax.args if a.kind in ("keyword", "choice", "int", "name",
                                                           "topic") for c in a.choices)
    if v.name == "help":
        choices += ("rules",)
    opts = {o.name: o for o in v.syntax.opts if not o.catch_all}
    out = []
    for w in words:
        key, eq, value = w.partition("=")
        if eq and key:
            name = key.lower() if key.lower() in opts else said.option_of(key, tuple(opts))
            if name is not None:
                o = opts[name]
                value = said.keyword_of(value, o.choices) or value if o.choices else value
                out.append(f"{name}={value}" if name != key.lower() or o.choices else w)
                continue
        out.append(said.keyword_of(w, choices) or w if choices else w)
    return out


_loaded = False


def _load_topics() -> None:
    global _loaded
    if not _loaded:
        from combat_cli.commands import (  # noqa: F401
            clock,
            dice,
            fight,
            health,
            help,
            history,
            players,
            rolls,
            roster,
            rounds,
            saving,
            sealing,
            showing,
        )

        _loaded = True


def dispatch(table: Table, line: str) -> Output:
    """Run one line. Never raises: errors come back as ``Output.error``."""
    from combat_cli.engine.grammar.parsing import split

    out = Output()
    try:
        words = split(line)
        if not words:
            return out
        v = find_verb(words[0], all_verbs(table), table.language)
        if table.phone is not None and v.name not in PHONE_VERBS:
            raise CommandError("a phone may only declare")
        words = [words[0], *keywords(v, words[1:], table.language)]
        if v.mutates:
            def work(ctx: RulesContext) -> None:
                Cmd(table, ctx, words[1:], v, out).run()
            ctx = table.run(line.strip(), work, undoable=v.undoable)
        else:
            ctx = table.peek(lambda ctx: Cmd(table, ctx, words[1:], v, out).run())
        out.entries = ctx.entries
        out.notes = [text(n, table.language) for n in ctx.notes + out.notes]
    except (CommandError, DiceError) as e:  # DiceError: a roll built too big, a bad notation
        out = Output(error=text(e, table.language),
                     refusal=getattr(e, "msg", None) or Msg(str(e)))
    except Exception as e:  # a bug must not reach the GM as a traceback
        from combat_cli.paths import crash_line, record_crash

        where = crash_line(record_crash(repr(line)))
        what = " ".join(str(e).split())
        out = Output(error=text(Msg("internal error ({what}); nothing was changed; {where}",
                                    what=f"{type(e).__name__}: {what}", where=where),
                                table.language), internal=True)
    return out
