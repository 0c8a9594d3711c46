"""One verb grammar: what a verb takes, declared once, drives parsing, usage and completion.

A verb declares a :class:`Syntax`: positional :class:`Arg` s and ``key=value`` :class:`Opt` s,
in the order its usage shows them. :func:`parse` turns the words after the verb into typed
:class:`Args` (a combatant for a name, seconds for a duration, an action request for an
action ...) or refuses the line with one short error; :meth:`Syntax.usage` writes the usage
line ``help VERB`` shows; the REPL's completion walks the same spec
(``combat_cli/commands/completion.py``).

The kinds (:data:`Kind`) of a positional argument:

========== ============================================ ===========================
kind       what is typed                                 value
========== ============================================ ===========================
name       a combatant (``choices``: words also taken)   Combatant (or the word)
group      a combatant or a group's name (``Thug``)      list[Combatant]
new        a new combatant's name                        str
count      ``xN`` (a group of N)                         int
int        a whole number (``choices``: words also)      int (or the word)
duration   ``10r``, ``5m``, ``8h``, ``3d``               seconds (int)
dice       a dice expression (rest of the words)         RollSpec
choice     one of ``choices`` (a unique prefix)          the choice
keyword    a literal word (``before|after``, ``vs``)      the literal, lower case
word       one free word (a file, a weapon)              str
text       free text (the rest of the words)             str
value      what the ruleset reads (``damage NAME VALUE``) str
list       ``A,B,...`` typed with or without quotes      str (comma-separated)
condition  ``+COND`` or ``-COND``                         str
topic      a verb, an action or ``rules`` (``help``)      str
action     ``ACTION [TARGET] [opt=v ...]`` (``choices``:   ActionRequest
           the one action it stands for)
actions    several actions, separated by commas          list[ActionRequest]
reaction   ``ACTION [opt=v ...]`` of a reaction          ActionRequest
========== ============================================ ===========================

An :class:`Opt` is of kind ``text``, ``int``, ``choice``, ``duration``, ``name`` or ``list``;
one option of kind ``stats`` (any other key: the ruleset checks it) or ``rest`` (the
ruleset's rest options) takes every key the others do not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from combat_cli.engine.domain.errors import CommandError
from combat_cli.locale import Msg

if TYPE_CHECKING:
    from combat_cli.engine.contract.ruleset import Ruleset
    from combat_cli.engine.domain.models import Encounter

Kind = Literal["name", "group", "new", "count", "int", "duration", "dice", "choice", "keyword",
               "word", "text", "value", "list", "condition", "topic", "action", "actions",
               "reaction", "stats", "rest"]

ACTION_KINDS = ("action", "actions", "reaction")
GREEDY = ("new", "dice", "text", "value", "list", "condition")
"""Kinds that take every positional word left (but what the slots after them need)."""
_OPT_META = {"int": "N", "name": "NAME", "duration": "DURATION"}
_COUNT = re.compile(r"^[xX](\d+)$")
_META: dict[str, str] = {  # how usage shows a kind (else the argument's name in capitals)
    "count": "xN", "duration": "DURATION", "dice": "EXPR", "value": "VALUE", "condition": "+COND",
    "topic": "VERB|ACTION|rules", "action": "ACTION [TARGET] [opt=v ...]",
    "actions": "ACTION [TARGET] [opt=v ...][, ACTION ...]", "reaction": "ACTION [opt=v ...]",
    "stats": "STAT=VALUE", "rest": "opt=v", "list": "A,B,...",
}


@dataclass(frozen=True)
class Arg:
    """A positional argument. ``metavar`` is how usage shows it (default: by kind, or the
    name in capitals); ``missing`` / ``bad`` replace the generated error when it is absent /
    not of its kind (``{word}`` is the word typed)."""

    name: str
    kind: Kind
    optional: bool = False
    repeat: bool = False
    choices: tuple[str, ...] = ()
    help: str = ""
    metavar: str = ""
    noun: str = ""
    missing: str = ""
    bad: str = ""

    def meta(self) -> str:
        if self.metavar:
            return self.metavar
        if self.kind in ("choice", "keyword"):
            return "|".join(self.choices)
        return _META.get(self.kind, self.name.upper())

    def piece(self) -> str:
        text = self.meta() + (" ..." if self.repeat else "")
        return f"[{text}]" if self.optional else text

    def what(self) -> str:
        """The argument as a noun for "needs a name and a duration"."""
        noun = self.noun or self.name.replace("_", " ")
        return noun


@dataclass(frozen=True)
class Opt:
    """A ``key=value`` option. ``required`` options show without brackets, and one of them
    must be given (with a ``stats``/``rest`` option in the syntax: any option at all);
    ``hidden`` ones are not shown."""

    name: str
    kind: Kind = "text"
    choices: tuple[str, ...] = ()
    help: str = ""
    metavar: str = ""
    required: bool = False
    aliases: tuple[str, ...] = ()
    hidden: bool = False

    @property
    def catch_all(self) -> bool:
        return self.kind in ("stats", "rest")

    def form(self) -> str:
        if self.catch_all:
            return (self.metavar or _META[self.kind]) + " ..."
        meta = self.metavar or ("|".join(self.choices) if self.choices else
                                _OPT_META.get(self.kind, "TEXT"))
        return f"{self.name}={meta}"

    def piece(self) -> str:
        return self.form() if self.required else f"[{self.form()}]"

    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


Item = Arg | Opt


@dataclass(frozen=True)
class Syntax:
    """What a verb takes, in usage order. ``also``: a second form usage shows after ``|``
    (``condition NAME -COND``); ``missing`` / ``many`` / ``unknown`` replace the generated
    "needs ..." / "takes at most ..." / "has no option {key}=" errors."""

    items: tuple[Item, ...] = ()
    also: tuple[Item, ...] = ()
    missing: str = ""
    many: str = ""
    unknown: str = ""

    @property
    def args(self) -> tuple[Arg, ...]:
        return tuple(i for i in self.items if isinstance(i, Arg))

    @property
    def opts(self) -> tuple[Opt, ...]:
        return tuple(i for i in self.items if isinstance(i, Opt))

    def usage(self, verb: str) -> str:
        text = " ".join([verb, *(i.piece() for i in self.items
                                 if not (isinstance(i, Opt) and i.hidden))])
        if self.also:
            text += " | " + " ".join([verb, *(i.piece() for i in self.also)])
        return text

    def opt(self, key: str) -> Opt | None:
        """The option named ``key`` (or an alias; a unique prefix), else None."""
        low = key.lower()
        named = [o for o in self.opts if not o.catch_all]
        for o in named:
            if low in (n.lower() for n in o.names()):
                return o
        if self.catch_all() is not None:  # a stat's name is no abbreviation of an option
            return None
        hits = [o for o in named if any(n.lower().startswith(low) for n in o.names())]
        return hits[0] if len(hits) == 1 and low else None

    def catch_all(self) -> Opt | None:
        return next((o for o in self.opts if o.catch_all), None)


def syntax(spec: Syntax | Sequence[Item]) -> Syntax:
    return spec if isinstance(spec, Syntax) else Syntax(tuple(spec))


class UsageError(CommandError):
    """The words do not fit the verb: ``what`` was wrong; the registry adds the usage line.
    ``arity``: a word missing or one too many, said by the grammar (a ruleset verb then says
    its usage first); False: a bad word, or the verb's own message."""

    def __init__(self, what: Any, arity: bool = True) -> None:
        super().__init__(what)
        self.what = str(what)  # the English; the message as data is ``msg``
        self.arity = arity


@dataclass
class Args:
    """The parsed words of one line: ``args["name"]`` is the typed value of an argument or
    option (None when absent); ``raw`` holds the words as typed, ``opts`` the options as
    typed (canonical key -> value text), ``extra`` the keys of a ``stats``/``rest`` option."""

    values: dict[str, Any] = field(default_factory=dict)
    raw: dict[str, str] = field(default_factory=dict)
    opts: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    words: list[str] = field(default_factory=list)
    typed: dict[str, str] = field(default_factory=dict)
    """Every option with its key as typed (``weather=1`` for ``počasí``)."""
    known: frozenset[str] = frozenset()
    """The names the verb declares: another name is a bug in the handler (KeyError)."""

    def __getitem__(self, key: str) -> Any:
        if key not in self.values and self.known and key not in self.known:
            raise KeyError(f"the verb declares no argument {key!r}")
        return self.values.get(key)

    def __contains__(self, key: object) -> bool:
        return key in self.values

    def __iter__(self) -> Iterator[str]:
        return iter(self.values)

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)


# -- layout: which words go to which argument (no state needed) ---------------------------
@dataclass
class Layout:
    taken: dict[str, list[str]] = field(default_factory=dict)
    options: list[str] = field(default_factory=list)
    missing: Arg | None = None
    left: list[str] = field(default_factory=list)
    next_arg: Arg | None = None
    """The argument the next positional word would go to (completion)."""


def _keyword_hit(arg: Arg, word: str) -> bool:
    """An optional keyword of its own may be shortened (``end f``); ``vs``, ``before`` not."""
    low = word.lower()
    short = arg.optional and len(arg.choices) == 1
    return bool(low) and any(c == low or (short and c.startswith(low)) for c in arg.choices)


def _stops(arg: Arg, word: str) -> bool:
    """``word`` belongs to ``arg`` (a keyword, an ``xN``) rather than to a greedy one before."""
    return (arg.kind == "keyword" and _keyword_hit(arg, word)) or (
        arg.kind == "count" and bool(_COUNT.match(word)))


def _reserve(after: Sequence[Arg]) -> tuple[int, list[Arg]]:
    """Words the required arguments after a greedy one need, up to the next keyword; and the
    arguments whose word stops the greedy one."""
    need = 0
    stops = []
    for a in after:
        if a.kind in ("keyword", "count"):
            stops.append(a)
            if a.kind == "keyword" and not a.optional:
                break
        elif not a.optional:
            need += 1
    return need, stops


def layout(spec: Syntax, words: Sequence[str]) -> Layout:
    """Positional words to arguments; options apart (after the words before an action, all
    the rest is the action's)."""
    from combat_cli.engine.grammar.parsing import is_option

    args = spec.args
    lead = next((k for k, a in enumerate(args) if a.kind in ACTION_KINDS), None)
    pos: list[str] = []
    out = Layout()
    tail: list[str] = []
    for i, w in enumerate(words):
        if lead is not None and len(pos) >= lead:
            tail = list(words[i:])
            break
        (out.options if (spec.opts or lead is not None) and is_option(w) else pos).append(w)
    j = 0
    for k, a in enumerate(args):
        if a.kind in ACTION_KINDS:
            _place(out, a, tail)
            continue
        j = _take(out, a, args[k + 1:], pos, j)
    out.left = pos[j:]
    return out


def _place(out: Layout, a: Arg, got: list[str]) -> None:
    if got:
        out.taken[a.name] = got
    else:
        if out.next_arg is None:
            out.next_arg = a
        if not a.optional and out.missing is None:
            out.missing = a


def _take(out: Layout, a: Arg, after: Sequence[Arg], pos: list[str], j: int) -> int:
    need, stops = _reserve(after)
    avail = len(pos) - j - (need if a.repeat or a.kind in GREEDY else 0)
    if a.kind in ("keyword", "count"):
        n = 1 if j < len(pos) and _stops(a, pos[j]) else 0
    elif a.repeat or a.kind in GREEDY:
        n = 0
        while n < avail:
            if (n or a.kind != "new") and any(_stops(s, pos[j + n]) for s in stops):
                break
            n += 1
    else:
        n = 1 if j < len(pos) and (not a.optional or len(pos) - j > need) else 0
    _place(out, a, pos[j:j + n])
    return j + n


# -- parsing ---------------------------------------------------------------------------------
def parse(spec: Syntax, words: Sequence[str], enc: Encounter, ruleset: Ruleset,
          verb: str) -> Args:
    """The typed arguments of ``verb``'s words, or a :class:`CommandError`."""
    got = layout(spec, words)
    if got.missing is not None and got.missing.missing:
        raise CommandError(got.missing.missing)
    if got.missing is not None:
        raise UsageError(spec.missing or needs(spec, verb), arity=not spec.missing)
    if got.left:
        raise UsageError(spec.many or too_many(spec, verb, got.left[0]), arity=not spec.many)
    from combat_cli.engine.grammar.parsing import COMMA

    out = Args(words=list(words), known=frozenset(i.name for i in spec.items))
    for a in spec.args:
        taken = got.taken.get(a.name)
        if taken is not None:
            out.raw[a.name] = " ".join("," if w == COMMA else w for w in taken)
            out.values[a.name] = convert(a, taken, enc, ruleset, verb)
    _options(spec, got.options, out, enc, ruleset, verb)
    return out


def _article(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def needs(spec: Syntax, verb: str) -> Msg:
    """``rest needs a name and a duration``, ``hold needs one name`` ..."""
    args = spec.args
    only = len(args) == 1 and not args[0].repeat and args[0].kind not in GREEDY
    parts = [("one " + a.what()) if only else _article(a.what())
             for a in args if not a.optional]
    for o in spec.opts:
        if o.required:
            parts.append(("at least one " + o.form().removesuffix(" ...")) if o.catch_all
                         else o.form())
    return (Msg(f"{verb} needs {_join(parts)}") if parts else  # the sentence is the key
            Msg("{verb} takes no arguments", verb=verb))


def too_many(spec: Syntax, verb: str, word: str) -> Any:
    args = spec.args
    if not args:
        return Msg("{verb} takes no arguments", verb=verb)
    if all(a.kind == "keyword" for a in args):
        return Msg('unexpected "{word}"', word=word)
    if len(args) == 1 and args[0].optional:
        return Msg(f"{verb} takes at most one {args[0].what()}")  # the sentence is the key
    return spec.missing or needs(spec, verb)


def convert(a: Arg, words: list[str], enc: Encounter, ruleset: Ruleset, verb: str) -> Any:
    """One argument's words as its typed value."""
    if a.kind in ACTION_KINDS:
        return _action(a, words, enc, ruleset, verb)
    from combat_cli.engine.grammar.parsing import COMMA

    if a.repeat:  # a list may be typed with commas: ambush Ann, Bo vs Orc
        return [_one(a, w, enc, ruleset, verb) for w in words if w != COMMA]
    if a.kind in GREEDY:
        return _joined(a, words, ruleset, verb)
    return _one(a, words[0], enc, ruleset, verb)


def _one(a: Arg, word: str, enc: Encounter, ruleset: Ruleset, verb: str) -> Any:
    from combat_cli.engine.domain.queries import find_combatant, find_many, match_word
    from combat_cli.engine.grammar.parsing import COMMA

    if word == COMMA:
        raise UsageError('unexpected ","', arity=False)
    if a.kind in ("name", "int") and word.lower() in a.choices:
        return word.lower()
    if a.kind == "name":
        return find_combatant(enc, word)
    if a.kind == "group":
        return find_many(enc, word)
    if a.kind == "int":
        return _int(a, word)
    if a.kind == "count":
        m = _COUNT.match(word)
        assert m is not None
        return int(m.group(1))
    if a.kind == "duration":
        return duration(word, ruleset)
    if a.kind == "choice":
        return match_word(word, a.choices, a.help or a.name)
    if a.kind == "keyword":
        return next(c for c in a.choices if c == word.lower() or c.startswith(word.lower()))
    return word


def _int(a: Arg, word: str) -> int:
    try:
        return int(word.removeprefix("#"))  # a log entry may be written #12
    except ValueError:
        raise UsageError(Msg(a.bad or "{meta} takes a whole number, not {word}",
                             meta=a.meta(), word=repr(word)), arity=False) from None


def duration(word: str, ruleset: Ruleset) -> int:
    from combat_cli.engine.domain.durations import DurationError, parse_duration

    try:
        return parse_duration(word, ruleset.round_seconds)
    except DurationError as e:
        raise CommandError(e) from None


def _joined(a: Arg, words: list[str], ruleset: Ruleset, verb: str) -> Any:
    from combat_cli.engine.grammar.parsing import COMMA

    if a.kind == "new" and len(words) > 1:
        raise CommandError('one name at a time: quote names with spaces, e.g. {verb} "{words}"', verb=verb, words=" ".join(words))
    if a.kind == "dice":
        from combat_cli.dice import DiceError
        from combat_cli.dice.words import roll_expression

        try:
            return roll_expression(ruleset.parse_roll, words)
        except DiceError as e:
            raise CommandError(e) from None
    text = ""
    for w in words:  # a comma sticks to the word before it (a list: to both)
        if w == COMMA:
            text += ","
        elif not text or (a.kind == "list" and text.endswith(",")):
            text += w
        else:
            text += " " + w
    text = text.strip()
    if a.kind == "condition" and (text[:1] not in ("+", "-") or len(text) < 2):
        bare = text.lstrip("+-") or "Prone"
        raise CommandError("write +{bare} to add or -{bare} to remove", bare=bare)
    return text


def _action(a: Arg, words: list[str], enc: Encounter, ruleset: Ruleset, verb: str) -> Any:
    from combat_cli.engine.grammar.parsing import glue_options, groups, parse_action, parse_actions

    if a.kind == "actions":
        return parse_actions(ruleset, enc, words)
    if a.choices:  # a verb standing for one action (d12: task NAME tn=N ...)
        return parse_action(ruleset, enc, [a.choices[0], *glue_options(words)])
    if a.kind == "reaction":  # a comma is the ruleset's to explain (an unquoted list)
        return parse_action(ruleset, enc, words, reaction=True)
    parts = groups(words)
    if len(parts) > 1:
        raise CommandError(a.bad or "{verb} takes one action", verb=verb)
    return parse_action(ruleset, enc, parts[0])


def _options(spec: Syntax, words: list[str], out: Args, enc: Encounter, ruleset: Ruleset,
             verb: str) -> None:
    from combat_cli.engine.grammar.parsing import partition

    _, typed = partition(words)
    out.typed = dict(typed)
    rest = spec.catch_all()
    for key, value in typed.items():
        o = spec.opt(key)
        if o is None and rest is None:
            raise CommandError(Msg(spec.unknown, key=key) if spec.unknown else
                               _unknown(verb, key, spec.opts))
        if o is None:
            out.extra[key] = value
        else:
            out.opts[o.name] = value
            out.values[o.name] = opt_value(o, value, enc, ruleset, verb)
    if rest is not None and rest.kind == "rest":
        out.extra = _rest(verb, out.extra, ruleset)
    required = [o for o in spec.opts if o.required]
    if required and not (typed if rest is not None else
                         any(o.name in out.opts for o in required)):
        raise UsageError(spec.missing or needs(spec, verb), arity=not spec.missing)


def _unknown(verb: str, key: str, opts: Sequence[Any]) -> Msg:
    from combat_cli.engine.domain.queries import closest

    shown = [o for o in opts if not getattr(o, "hidden", False)]
    guess = closest(key, [o.name for o in shown])
    hint = Msg(" — did you mean {guess}=?", guess=guess) if guess else ""
    known = ", ".join(o.name + "=" for o in shown) or "none"
    return Msg("{action} has no option {opt}={hint} (options: {known})", action=verb, opt=key,
               hint=hint, known=known)


def _rest(verb: str, given: dict[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    """The ruleset's rest options (``care=easy``), checked."""
    from combat_cli.engine.contract.capabilities import rest_options
    from combat_cli.engine.grammar.parsing import check_option

    specs = {o.name.lower(): o for o in rest_options(ruleset)}
    out: dict[str, Any] = {}
    for k, v in given.items():
        o = specs.get(k.lower())
        if o is None:
            raise CommandError(_unknown(verb, k, rest_options(ruleset)))
        out[o.name] = check_option(verb, o, v)
    return out


def opt_value(o: Opt, value: str, enc: Encounter, ruleset: Ruleset, verb: str) -> Any:
    """An option's text as its typed value."""
    from combat_cli.engine.domain.queries import find_combatant, match_word

    if o.kind == "choice":
        return match_word(value, o.choices, o.help or f"{o.name} for {verb}")
    if o.kind == "int":
        try:
            return int(value)
        except ValueError:
            raise CommandError("{where}: {opt}= takes a whole number, not {value}", where=verb, opt=o.name, value=repr(value)
                               ) from None
    if o.kind == "name":
        return find_combatant(enc, value)
    if o.kind == "duration":
        return duration(value, ruleset)
    if not value.strip() and o.kind != "text":
        raise CommandError("{where}: {opt}= needs a value", where=verb, opt=o.name)
    return value
