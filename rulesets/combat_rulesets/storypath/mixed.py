"""Mixed actions (SP-ACT-4): the other half's pool, Difficulty and successes; the lower pool is
rolled and the successes are split between the halves."""

from __future__ import annotations

from dataclasses import dataclass

from combat_cli.api import Combatant, RuleError, RulesContext, Word, locale

from .blocked import impose_block
from .options import Mixed
from .prone import stand_result
from .records import Successes
from .rolls import PoolRoll
from .schema import Tables
from .stats import pool_of


@dataclass
class Half:
    """The second half of a mixed action."""

    pool: str
    what: str
    need: int
    give: int = 0
    block: Combatant | None = None
    task: str = ""
    lang: str = "en"
    """The table's language, for the half's words in the log (``given``, ``mixed_dice``)."""

    def what_shown(self) -> str | Word:
        """What the half is called in the log: a default ("the other action") a word, what
        the GM typed (``other=stand``) as typed."""
        return Word(self.what) if self.what in _DEFAULTS else self.what


_DEFAULTS = ("the other action", "complicate")


def other_half(ctx: RulesContext, pool: str, other: str | None, odiff: int | None) -> Half:
    """The other half as complicate and stand read it: what=other, Difficulty odiff= (or 1)."""
    return Half(pool=pool, what=other or "the other action",
                need=odiff or Tables.of(ctx).dice.difficulty, lang=ctx.language)


def second_half(ctx: RulesContext, c: Combatant, o: Mixed) -> Half | None:
    other, block = o.other, o.block
    if not o.mixed and not other and not block:
        if o.give is not None:
            raise RuleError("give= splits a mixed action: add mixed=POOL (the other action's pool)")
        return None
    what = other or ("complicate" if block else "the other action")
    is_stand = what.lower() == "stand"
    default_pool = "athletics+dexterity" if is_stand else ("athletics+might" if block else None)
    pool_text = o.mixed or default_pool
    if not pool_text:
        raise RuleError("a mixed action needs the other action's pool: mixed=POOL (e.g. athletics+dexterity)")
    need = 2 if is_stand else o.odiff or Tables.of(ctx).dice.difficulty
    pool_of(c, pool_text)  # a bad pool is refused before any roll
    if o.protect:
        ctx.find(o.protect)
    h = Half(pool=pool_text, what=what, need=need, lang=ctx.language)
    if block:
        h.block = ctx.find(block)
        h.task = o.task or ""
        if not h.task:
            raise RuleError('block=NAME needs the task it stops: task="open the door"')
        h.need = 1
    if is_stand and not c.has_condition("Prone"):
        raise RuleError("{name} is not Prone: nothing to stand up from", name=c.name)
    return h


def split(r: PoolRoll, half: Half | None, give: int | None) -> int:
    """Successes for the second half, ``give=`` or its Difficulty (the rest, with
    Enhancements, goes to the main action)."""
    if half is None:
        return 0
    n = give if give is not None else half.need
    if n < 0:
        raise RuleError("give= is 0 or more")
    half.give = min(n, r.successes)
    return half.give


def mixed_dice(c: Combatant, main_pool: str, half: Half | None) -> tuple[int, str]:
    """The dice an action rolls and how they were counted: a mixed action rolls the lower pool."""
    dice, label = pool_of(c, main_pool)
    if half is None:
        return dice, label
    d2, l2 = pool_of(c, half.pool)
    return min(dice, d2), locale.say("mixed: lower of {label} = {dice} and {l2} = {d2}", half.lang,
                                     label=label, dice=dice, l2=l2, d2=d2)


def given(half: Half | None) -> str:
    """For the log: the successes split off to the other half (``, 1 to stand``)."""
    return (locale.say(", {n} to {what}", half.lang, n=half.give, what=locale.worded(half.what_shown(), half.lang))
            if half else "")


def resolve_half(ctx: RulesContext, c: Combatant, half: Half, *, protect: str | None = None,
                 box: str | None = None, name: str | None = None) -> None:
    """The other half's outcome: the Blocked it imposes (on attacks on ``protect`` too),
    standing up (an unbought Complication: the Injury ``box``, ``name``), or a roll."""
    n = half.give
    if half.block is not None:
        impose_block(ctx, c, half.block, n, half.task, protect)
        return
    if half.what.lower() == "stand":
        stand_result(ctx, c, n, box, name)
        return
    ok = n >= half.need
    ctx.log(ctx.say("{name}'s {what}: {n} vs Difficulty {need}: {value}", name=c.name,
                    what=half.what_shown(),
                    n=locale.n_("{n} success", "{n} successes", n, ctx.language),
                    need=half.need, value=Word("success" if ok else "failure")),
            kind="action", actor=c, action="mixed",
            difficulty=half.need, outcome="success" if ok else "failure", **Successes(successes=n).dump())
