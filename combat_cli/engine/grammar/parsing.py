"""Turning a typed line into words, options and action requests (the tokenizer under the
grammar: :mod:`combat_cli.engine.grammar.syntax` reads the words it gives).

Words are split like a shell (quotes for names with spaces); ``key=value`` words are options;
commas separate several actions in one declaration.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.domain.models import ActionRequest, Encounter
from combat_cli.engine.domain.queries import find_combatant, is_combatant_name, match_word
from combat_cli.engine.grammar.options import validate as validate_options
from combat_cli.locale import Msg
from combat_cli.textsafe import line_problem

if TYPE_CHECKING:
    from combat_cli.engine.contract.ruleset import ActionSpec, Ruleset

COMMA = "\x00,"
_OPTION = re.compile(r"^([^\W\d][\w .()\-]*?)=(.*)$", re.S)


def split(line: str) -> list[str]:
    """Shell-like words; a comma outside quotes becomes its own word :data:`COMMA`."""
    if line.lstrip().startswith("#"):
        return []
    problem = line_problem(line)
    if problem:
        raise CommandError(problem[0], **problem[1])
    try:
        words = shell_words(line)
    except ValueError as e:
        raise CommandError("can't split the line ({why}): close the quote", why=e) from None
    out: list[str] = []
    for tok in words:
        if tok and set(tok) == {","}:
            out.extend([COMMA] * len(tok))
        else:
            out.append(tok)
    return out


_SPACE = " \t\r\n"
_QUOTES = "'\""


def shell_words(line: str) -> list[str]:
    """The words of ``shlex.shlex(line, posix=True, punctuation_chars=",")`` with
    ``whitespace_split`` and no comments, quirks included (a run of commas is one word), in
    time linear in the line (shlex's grows with the square of a word's length: a name of a
    million characters took minutes)."""
    words: list[str] = []
    tok: list[str] = []
    state = " "
    quoted = False
    escaped_from = " "
    i, n = 0, len(line)

    def emit() -> None:
        nonlocal quoted
        if tok or quoted:
            words.append("".join(tok))
        tok.clear()
        quoted = False

    while True:
        ch = line[i] if i < n else ""
        i += 1
        if state == " ":
            if not ch:
                break
            if ch in _SPACE:
                if tok or quoted:
                    emit()
            elif ch == "\\":
                escaped_from, state = "a", ch
            elif ch == ",":
                tok.append(ch)
                state = "c"
            elif ch in _QUOTES:
                state = ch
            else:
                tok.append(ch)
                state = "a"
        elif state in _QUOTES:
            quoted = True
            if not ch:
                raise ValueError("No closing quotation")
            if ch == state:
                state = "a"
            elif ch == "\\" and state == '"':
                escaped_from, state = state, ch
            else:
                tok.append(ch)
        elif state == "\\":
            if not ch:
                raise ValueError("No escaped character")
            if escaped_from in _QUOTES and ch != state and ch != escaped_from:
                tok.append(state)
            tok.append(ch)
            state = escaped_from
        else:  # "a" (a word) or "c" (commas)
            if not ch:
                break
            if ch in _SPACE:
                state = " "
                if tok or quoted:
                    emit()
            elif state == "c":
                if ch == ",":
                    tok.append(ch)
                else:
                    i -= 1  # read it again, as the start of the next word
                    state = " "
                    emit()
            elif ch in _QUOTES:
                state = ch
            elif ch == "\\":
                escaped_from, state = "a", ch
            elif ch != ",":
                tok.append(ch)
            else:
                i -= 1
                state = " "
                if tok or quoted:
                    emit()
    if tok or quoted:
        words.append("".join(tok))
    return words


def is_option(word: str) -> bool:
    return word != COMMA and bool(_OPTION.match(word))


def option(word: str) -> tuple[str, str]:
    m = _OPTION.match(word)
    assert m
    return m.group(1).strip(), m.group(2)


def partition(words: list[str]) -> tuple[list[str], dict[str, str]]:
    """Positional words and ``key=value`` options (a key given twice is an error)."""
    pos: list[str] = []
    opts: dict[str, str] = {}
    for w in words:
        if is_option(w):
            k, v = option(w)
            if k.lower() in (x.lower() for x in opts):
                raise CommandError("option {opt}= given twice", opt=k)
            opts[k] = v
        else:
            pos.append(w)
    return pos, opts


def groups(words: list[str]) -> list[list[str]]:
    """Split at commas; an empty group (``a,,b`` or a trailing comma) is an error."""
    out: list[list[str]] = [[]]
    for w in words:
        if w == COMMA:
            out.append([])
        else:
            out[-1].append(w)
    if any(not g for g in out):
        raise CommandError("an empty action between commas: write ACTION [TARGET] [opt=v], ACTION ...")
    return out


def parse_actions(ruleset: Ruleset, enc: Encounter, words: list[str]) -> list[ActionRequest]:
    """Several actions separated by commas. A word after a comma that names no action, when the
    action before it has an option, is most likely part of a list typed without quotes
    (``from=A,B``): the error says so."""
    parts = groups(words)
    table = action_names(ruleset)
    out: list[ActionRequest] = []
    for i, g in enumerate(parts):
        if i and table and any(is_option(w) for w in parts[i - 1]):
            try:
                match_word(g[0], table, "action")
            except CommandError:
                names = ", ".join(sorted({a.name for a in table.values()}))
                raise CommandError('"{g}" after a comma is not an action ({names}); if it belongs to a list in an option, quote the list: from="A 1,B 2"', g=" ".join(g), names=names) from None
        out.append(parse_action(ruleset, enc, g))
    return out


def action_names(ruleset: Ruleset, reaction: bool | None = None) -> dict[str, ActionSpec]:
    names: dict[str, ActionSpec] = {}
    for a in ruleset.actions:
        if reaction and not a.reaction:
            continue
        names[a.name] = a
        for al in a.aliases:
            names[al] = a
    return {**_shown_names(ruleset, names), **names}


def _shown_names(ruleset: Ruleset, names: dict[str, ActionSpec]) -> dict[str, ActionSpec]:
    """The actions as the table's language shows them (``help`` lists a Czech table's dodge
    as úhyb): typed, they name the action too (a word of one token, naming no other)."""
    from combat_cli.locale import SOURCE, current

    lang = current()
    if not lang or lang == SOURCE:
        return {}
    shown: dict[str, ActionSpec] = {}
    for a in {id(a): a for a in names.values()}.values():
        word = ruleset.label(a.name, lang)
        if word != a.name and word and " " not in word and word not in names:
            shown[word] = a
    return shown


def parse_action(ruleset: Ruleset, enc: Encounter, words: list[str], *,
                 reaction: bool = False) -> ActionRequest:
    """``ACTION [TARGET] [ARGS ...] [opt=v ...]`` -> an ActionRequest with ids and checked options."""
    if not ruleset.actions:
        raise CommandError("{ruleset} has no actions", ruleset=ruleset.name)
    table = action_names(ruleset, reaction or None)
    if not table:
        raise CommandError("{ruleset} has no reactions", ruleset=ruleset.name)
    what = "reaction" if reaction else "action"
    try:
        key = match_word(words[0], table, what)
    except CommandError as e:
        if "could be" in e.key:
            raise
        from combat_cli.engine.domain.queries import closest

        guess = closest(words[0], table)
        hint = Msg(" — did you mean {guess}?", guess=table[guess].name) if guess else ""
        names = ", ".join(sorted({a.name for a in table.values()}))
        key = ('no reaction "{word}"{hint} (the reactions: {names})' if reaction else
               'no action "{word}"{hint} (the actions: {names})')
        raise CommandError(key, word=words[0], hint=hint, names=names) from None
    spec = table[key]
    pos, raw_opts = partition(words[1:])
    target = None
    if spec.target != "none" and pos:
        if spec.target == "required" or is_combatant_name(enc, pos[0]):
            target = find_combatant(enc, pos[0]).id
            pos = pos[1:]
    if spec.target == "required" and target is None:
        raise CommandError("{action} needs a target: {action2} NAME", action=spec.name, action2=spec.name)
    if spec.target == "none" and pos and is_combatant_name(enc, pos[0]) and not spec.args:
        raise CommandError("{action} takes no target", action=spec.name)
    if pos and not spec.args:
        raise CommandError('{action}: unexpected "{word}"{options}', action=spec.name, word=pos[0],
                           options=Msg(" (options: {known})", known=", ".join(
                               o.name + "=" for o in spec.options)) if spec.options else "")
    opts: dict[str, Any] = {}
    for k, v in raw_opts.items():
        o = spec.option(k)
        if o is None:
            known = ", ".join(o.name + "=" for o in spec.options) or "none"
            from combat_cli.engine.domain.queries import closest

            guess = closest(k, [o.name for o in spec.options])
            hint = Msg(" — did you mean {guess}=?", guess=guess) if guess else ""
            raise CommandError("{action} has no option {opt}={hint} (options: {known})", action=spec.name, opt=k, hint=hint, known=known)
        opts[o.name] = check_option(spec.name, o, v)
    validate_options(spec, opts)
    text = " ".join(f'"{w}"' if " " in w else w for w in words)
    return ActionRequest(name=spec.name, target=target, args=pos, options=opts, text=text)


def check_option(where: str, o: Any, value: str) -> Any:
    if o.choices:
        return match_word(value, o.choices, f"{o.name} for {where}")
    if o.kind == "int":
        try:
            return int(value)
        except ValueError:
            raise CommandError("{where}: {opt}= takes a whole number, not {value}", where=where, opt=o.name, value=repr(value)) from None
    if not value:
        raise CommandError("{where}: {opt}= needs a value", where=where, opt=o.name)
    return value


def glue_options(words: list[str]) -> list[str]:
    """An option's value goes on over the words after it, up to the next option: a list or
    free text typed without quotes (``from=Shooter 1, Shooter 2`` -> ``from=Shooter 1,Shooter
    2``; ``for=pick the lock``). A comma elsewhere glues its neighbours."""
    out: list[str] = []
    gluing = False
    for w in words:
        if w == COMMA:
            if not out:
                raise CommandError("a list starts with a comma")
            out[-1] += ","
        elif is_option(w):
            out.append(w)
            gluing = True
        elif out and (gluing or out[-1].endswith(",")):
            out[-1] += ("" if out[-1].endswith((",", "=")) else " ") + w
        else:
            out.append(w)
    return out
