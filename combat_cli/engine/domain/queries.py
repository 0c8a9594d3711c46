"""Read-only questions about an encounter: name lookup, tags, groups, order, who acts.

Names, tags and other words the GM types are matched *folded*: case and diacritics do not
count (``borek`` finds ``Bořek``, ``zbojnik 3`` finds ``Zbojník 3``); "did you mean"
suggestions are computed on the same folded forms.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable

from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.domain.models import Combatant, Encounter
from combat_cli.engine.domain.names import MAX_NAME, shorten
from combat_cli.locale import Msg, Word


def fold(text: str) -> str:
    """``text`` without case and diacritics (``Zbojník`` -> ``zbojnik``, ``ß`` -> ``ss``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def closest(word: str, choices: Iterable[str]) -> str | None:
    choices = list(choices)
    low = {fold(c): c for c in choices}
    hit = difflib.get_close_matches(fold(word), list(low), n=1, cutoff=0.5)
    return low[hit[0]] if hit else None


def match_word(word: str, choices: Iterable[str], what: str | Msg) -> str:
    """The choice named by ``word``: exact or a unique prefix, regardless of case and
    diacritics."""
    choices = list(choices)
    kind = Word(what) if isinstance(what, str) else what  # what is looked for: a word
    low = fold(word)
    for c in choices:
        if fold(c) == low:
            return c
    hits = [c for c in choices if fold(c).startswith(low)]
    if len(hits) == 1:
        return hits[0]
    if len(hits) > 1:
        quote = (Msg(' (quote names with spaces: "{name}")', name=hits[0])
                 if any(" " in h for h in hits) and " " not in word else "")
        if what == "combatant":
            raise CommandError('"{word}" could be {choices}: type more of the combatant{quote}',
                               word=shorten(word), choices=_either(hits), quote=quote)
        raise CommandError('"{word}" could be {choices}: type more of the {what}{quote}',
                           word=shorten(word), choices=_either(hits), what=kind,
                           quote=quote)
    guess = closest(word, choices)
    if guess and what == "combatant":
        raise CommandError('no combatant "{word}" — did you mean {guess}?', word=shorten(word),
                           guess=guess)
    if guess:
        raise CommandError('no {what} "{word}" — did you mean {guess}?', what=kind,
                           word=shorten(word), guess=guess)
    if choices and what == "combatant":
        raise CommandError('no combatant "{word}" (known: {known})', word=shorten(word),
                           known=", ".join(choices[:12]))
    if choices:
        raise CommandError('no {what} "{word}" (known: {known})', what=kind, word=shorten(word),
                           known=", ".join(choices[:12]))
    raise CommandError('no {what} "{word}"', what=kind, word=shorten(word))


def _either(hits: list[str]) -> str:
    hits = sorted(hits)
    if len(hits) > 4:
        return ", ".join(hits[:4]) + f" or {len(hits) - 4} more"
    return ", ".join(hits[:-1]) + " or " + hits[-1]


def find_combatant(enc: Encounter, word: str) -> Combatant:
    """By full name, short tag, the name typed without its spaces, or a unique prefix of the
    name (case and diacritics aside)."""
    if not enc.combatants:
        raise CommandError('no combatant "{word}": the encounter is empty (add NAME first)', word=shorten(word))
    exact = unicodedata.normalize("NFC", word) if len(word) <= 4 * MAX_NAME else word
    for c in enc.combatants:  # "Mína" is Mína, even where an older file also holds a Mina
        if c.name == exact:
            return c
    low = fold(word)
    for c in enc.combatants:
        if fold(c.name) == low:
            return c
    for c in enc.combatants:
        if c.tag and fold(c.tag) == low:
            return c
    squeezed = [c for c in enc.combatants if _squeeze(c.name) == _squeeze(word)]
    if len(squeezed) == 1:  # Vlk1 for "Vlk 1": spaces need not be typed
        return squeezed[0]
    try:
        name = match_word(word, [c.name for c in enc.combatants], "combatant")
    except CommandError as e:
        if "could be" in str(e) or not any(c.tag for c in enc.combatants):
            raise
        guess = closest(word, [c.name for c in enc.combatants]
                        + [c.tag for c in enc.combatants if c.tag])
        if guess is None:
            raise
        named = next((c.name for c in enc.combatants if c.tag == guess), guess)
        shown = f"{guess} ({named})" if named != guess else guess
        raise CommandError('no combatant "{word}" — did you mean {guess}?', word=shorten(word), guess=shown) from None
    return next(c for c in enc.combatants if c.name == name)


def _squeeze(text: str) -> str:
    return "".join(fold(text).split())


def is_combatant_name(enc: Encounter, word: str) -> bool:
    try:
        find_combatant(enc, word)
    except CommandError:
        return False
    return True


_MEMBER = re.compile(r"^(.*\S)\s+\d+$")


def group_base(name: str) -> str | None:
    """The group a name belongs to (``Demon Thug 3`` -> ``Demon Thug``), or None."""
    m = _MEMBER.match(name)
    return m.group(1) if m else None


def group_members(enc: Encounter, word: str) -> list[Combatant]:
    """The combatants named ``WORD N`` (a group made by ``add WORD xN``), when ``word`` names
    no combatant by itself and at least two are so named; else []."""
    low = fold(word)
    if any(fold(c.name) == low or (c.tag and fold(c.tag) == low) for c in enc.combatants):
        return []
    members = [c for c in enc.combatants
               if (base := group_base(c.name)) is not None and fold(base) == low]
    return members if len(members) >= 2 else []


def find_many(enc: Encounter, word: str) -> list[Combatant]:
    """A group name means each living member (all members when none is standing, so that the
    rules can say why they cannot act); any other word one combatant."""
    members = group_members(enc, word)
    if members:
        living = [c for c in members if not c.out]
        return living or members
    try:
        return [find_combatant(enc, word)]
    except CommandError as e:
        groups = group_names(enc)
        guess = closest(word, [*groups, *(c.name for c in enc.combatants)]) if groups else None
        if guess in groups and "could be" not in str(e):
            raise CommandError('no combatant or group "{word}" — did you mean "{guess}"?', word=shorten(word), guess=guess) from None
        raise


def group_names(enc: Encounter) -> list[str]:
    """The groups present (two or more combatants named ``BASE N``), in order of adding."""
    count: dict[str, int] = {}
    for c in enc.combatants:
        base = group_base(c.name)
        if base is not None:
            count[base] = count.get(base, 0) + 1
    return [b for b, n in count.items() if n >= 2
            and not any(fold(c.name) == fold(b) for c in enc.combatants)]


# -- tags -----------------------------------------------------------------------------------
def _ascii(text: str) -> str:
    return "".join(ch for ch in fold(text) if ch.isalnum() and ch.isascii())


def tag_stem(name: str) -> tuple[str, str]:
    """(letters, number) of a tag: initials, and a trailing number kept (``Demon Thug 1`` ->
    DT, 1; ``Vlk 2`` -> V, 2); a one-word name without a number: its first two letters."""
    words = name.split()
    number = ""
    if len(words) > 1 and words[-1].isdigit():
        number = words[-1]
        words = words[:-1]
    words = [w for w in (_ascii(w) for w in words) if w]
    if not words:
        return "X", number
    if len(words) == 1 and not number:
        w = words[0]
        return (w[:2].capitalize() if not w[:1].isdigit() else "X" + w[:1]), number
    return "".join(w[0] for w in words).upper(), number


def make_tag(name: str, taken: Iterable[str]) -> str:
    """A short tag for ``name``, unique among ``taken`` (compared folded)."""
    used = {fold(t) for t in taken}
    letters, number = tag_stem(name)
    words = name.split()
    if letters + number and fold(letters + number) not in used:
        return letters + number
    if len(words) == 1 or (number and len(words) == 2):
        # the first word's letters, one more at a time (Mina: Mi, Min, Mina); never more
        # than there are tags taken, so a long name costs no more than a short one
        full = _ascii(words[0])
        for k in range(3, min(len(full), len(used) + 3) + 1):
            cand = full[:k].capitalize() + number
            if fold(cand) not in used:
                return cand
    n = 2
    while fold(f"{letters}{number}{'.' if number else ''}{n}") in used:
        n += 1
    return f"{letters}{number}{'.' if number else ''}{n}"


def ensure_tags(enc: Encounter) -> None:
    """Give every combatant without a tag one (older saves, combatants added by rules code);
    a tag that equals another combatant's name is replaced."""
    names = {fold(c.name) for c in enc.combatants}
    taken = [c.tag for c in enc.combatants if c.tag]
    for c in enc.combatants:
        if not c.tag or (fold(c.tag) in names and fold(c.tag) != fold(c.name)):
            c.tag = make_tag(c.name, [*taken, *(x.name for x in enc.combatants)])
            taken.append(c.tag)


def acting(enc: Encounter) -> Combatant | None:
    """Who acts now: the next pending queue item's actor, or the turn holder."""
    if enc.phase == "resolve":
        for item in enc.queue:
            if item.state == "pending" and not enc.get(item.actor).held:
                return enc.get(item.actor)
        return None
    if enc.phase == "turns" and 0 <= enc.turn < len(enc.order):
        return enc.get(enc.order[enc.turn])
    return None
