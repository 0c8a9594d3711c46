"""Read-only questions about an encounter: name lookup, order, who acts."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from combat_cli.engine.errors import CommandError
from combat_cli.engine.models import Combatant, Encounter


def closest(word: str, choices: Iterable[str]) -> str | None:
    choices = list(choices)
    low = {c.lower(): c for c in choices}
    hit = difflib.get_close_matches(word.lower(), list(low), n=1, cutoff=0.5)
    return low[hit[0]] if hit else None


def match_word(word: str, choices: Iterable[str], what: str) -> str:
    """The choice named by ``word``: exact (case-insensitive) or a unique prefix."""
    choices = list(choices)
    low = word.lower()
    for c in choices:
        if c.lower() == low:
            return c
    hits = [c for c in choices if c.lower().startswith(low)]
    if len(hits) == 1:
        return hits[0]
    if len(hits) > 1:
        quote = (f' (quote names with spaces: "{hits[0]}")'
                 if any(" " in h for h in hits) and " " not in word else "")
        raise CommandError(f'"{word}" could be {_either(hits)}: type more of the {what}{quote}')
    guess = closest(word, choices)
    hint = f" — did you mean {guess}?" if guess else (f" (known: {', '.join(choices[:12])})" if choices else "")
    raise CommandError(f'no {what} "{word}"{hint}')


def _either(hits: list[str]) -> str:
    hits = sorted(hits)
    if len(hits) > 4:
        return ", ".join(hits[:4]) + f" or {len(hits) - 4} more"
    return ", ".join(hits[:-1]) + " or " + hits[-1]


def find_combatant(enc: Encounter, word: str) -> Combatant:
    if not enc.combatants:
        raise CommandError(f'no combatant "{word}": the encounter is empty (add NAME first)')
    name = match_word(word, [c.name for c in enc.combatants], "combatant")
    return next(c for c in enc.combatants if c.name == name)


def is_combatant_name(enc: Encounter, word: str) -> bool:
    try:
        find_combatant(enc, word)
    except CommandError:
        return False
    return True


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

