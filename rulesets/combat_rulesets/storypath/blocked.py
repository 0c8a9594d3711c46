"""The Blocked Complication (SP-CMP-2): imposing it, finding the one that stands in an action's
way, and buying it off with spare successes."""

from __future__ import annotations

from combat_cli.api import Combatant, RulesContext, Word, is_combatant_name

from .records import Blocked
from .schema import Tables


def attack_words() -> tuple[str, ...]:
    """The words that name an attack in ``task=``: the action and its aliases (attack, hit,
    shoot)."""
    from . import RULESET

    spec = next(a for a in RULESET.actions if a.name == "attack")
    return (spec.name, *spec.aliases)


def is_attack_task(task: str) -> bool:
    """``task="shoot Ben"``: the stated action is an attack (its first word, an alias too)."""
    words = task.lower().split()
    return bool(words) and words[0] in attack_words()


def _named_tasks(names: list[str]) -> list[tuple[list[str], str]]:
    """The tasks that the actions checking a Blocked by name look for (as grappling, throwing,
    disarm and the reflexive actions spell them), with what to call them in the echo; any
    other text is a free-text task, met only by ``do task=``."""
    return [
        (["escape the grapple", "break free", "break the grapple",
          *(f"escape {x}" for x in names)], "an escape from a grapple"),
        (["hold the grapple", "hold grapple", "keep the grapple",
          *(f"hold {x}" for x in names), *(f"grapple {x}" for x in names)],
         "the hold of a grapple (against an escape)"),
        (["drag the grapple", *(f"drag {x}" for x in names)], "a drag"),
        (["resist the drag", "hold ground", "stand ground"], "resisting a drag"),
        ([*(f"throw {x}" for x in names)], "a throw"),
        (["resist the throw"], "resisting a throw"),
        ([*(f"resist {x}" for x in names)], "resisting a drag or a throw"),
        (["pick up", "pickup", "retrieve"], "picking up a lost weapon (pickup)"),
        (["move", "draw"], "a reflexive move or draw (rolled with do task=...)"),
    ]


def applies_to(ctx: RulesContext, victim: Combatant, task: str, against: str | None) -> str:
    """What a Blocked on ``task`` will stand in the way of, for the echo (SP-CMP-2)."""
    if is_attack_task(task):
        words = ", ".join(attack_words())
        if against:
            return ctx.say("{name}'s attacks on {whom} ({words})", name=victim.name,
                           whom=ctx.enc.name_of(against), words=words)
        return ctx.say("{name}'s attacks ({words})", name=victim.name, words=words)
    t = task.lower()
    names = [x.name.lower() for x in ctx.enc.combatants]
    for tasks, what in _named_tasks(names):
        if any(x.startswith(t) or t.startswith(x) for x in tasks):
            return Word(what)
    return ctx.say('a do task only (do task="{task}")', task=task)


def impose_block(ctx: RulesContext, c: Combatant, victim: Combatant, n: int, task: str,
                 protect: str | None = None) -> None:
    """``c``'s complicate action with ``n`` successes: Blocked ``n`` on ``victim``'s ``task``
    (with ``protect``: on attacks on that character) until ``c``'s next turn. A task naming
    an attack (``task="shoot Ben"``, any alias of attack) blocks the victim's attacks, on the
    character it names if it names one (as ``protect=`` does)."""
    if n <= 0:
        ctx.log(ctx.say("{name}'s complicate action on {victim} gets no successes: no Blocked", name=c.name, victim=victim.name),
                kind="action", actor=c, action="complicate", target=victim, outcome="failure")
        return
    against = ctx.find(protect).id if protect else None
    if against is None and is_attack_task(task):
        rest = task.split(None, 1)[1].strip() if len(task.split()) > 1 else ""
        if rest and is_combatant_name(ctx.enc, rest):
            against = ctx.find(rest).id
    name = f"Blocked {n}"
    ctx.add_condition(victim, name, quiet=True,
                      data=Blocked(blocked=n, task=task, against=against, blocked_by=c.id).dump())
    what = (ctx.say("attacks on {whom} (buy it off or the action fails)",
                    whom=ctx.enc.name_of(against))
            if protect else ctx.say("{task}, for {applies}: buy it off or the action fails",
                                    task=task, applies=applies_to(ctx, victim, task, against)))
    ctx.log(ctx.say("{name} complicates {victim}: Complication (Blocked) {n} on {what}", name=c.name, victim=victim.name, n=n, what=what),
            kind="condition", actor=c, action="complicate",
            target=victim, outcome=f"Blocked {n}", **Blocked(blocked=n, task=task).dump())


def blocked_for(c: Combatant, *, target: Combatant | None = None, task: str = "",
                attack: bool = False) -> tuple[int, list[str]]:
    """The Blocked rating standing in the way of ``c``'s action (an attack on ``target``, or
    ``task``) and the names of the Conditions that apply. A Blocked on an attack
    (``task="attack"``, ``"shoot Ben"``: any alias) meets every attack, or only those on the
    character it names."""
    n = 0
    names = []
    for cond in c.conditions:
        rec = Blocked.of(cond)
        b = rec.blocked
        if not b:
            continue
        t = (rec.task or "").lower()
        hit = False
        if target is not None and rec.against == target.id:
            hit = True
        elif attack and is_attack_task(t) and (target is None or not rec.against):
            hit = True
        elif task and t and (task.lower().startswith(t) or t.startswith(task.lower())):
            hit = True
        if hit:
            n = max(n, b)
            names.append(cond.name)
    return n, names


def blocked_any(c: Combatant, tasks: list[str]) -> tuple[int, list[str]]:
    """The Blocked rating on any of ``tasks`` (the ways a GM may name one action)."""
    n, names = 0, []
    for task in tasks:
        b, found = blocked_for(c, task=task)
        n = max(n, b)
        names += [x for x in found if x not in names]
    return n, names


def resist_blocked(ctx: RulesContext, g: Combatant, n: int, tasks: list[str], notes: list[str],
                   what: str) -> int:
    """SP-CMP-2 on an automatic opposed roll (a grappler's hold against an escape): ``g``'s
    ``n`` successes first buy off a Blocked on ``tasks``; what is left opposes. Unbought, the
    ``what`` fails: it opposes with 0. House rule complicate.opposed_rolls (AMB-SP-13)."""
    if not Tables.of(ctx).complicate.opposed_rolls:
        return n
    bn, names = blocked_any(g, tasks)
    mine: list[str] = []
    left, ok = buy_off_blocked(ctx, g, n, bn, names, mine, what)
    notes.extend(ctx.say("{name} {note}", name=g.name, note=x) for x in mine)
    return left if ok else 0


_FAILS = {what: f"cannot buy off Blocked {{n}}: the {what} fails (SP-CMP-2)"
          for what in ("attack", "action", "escape", "hold", "pickup", "resistance")}
"""The unbought Blocked's note for each kind of action it stands in the way of."""


def buy_off_blocked(ctx: RulesContext, c: Combatant, rest: int, n: int, names: list[str],
                    notes: list[str], what: str) -> tuple[int, bool]:
    """Spend ``n`` spare successes on a Blocked complication (SP-CMP-2): it is bought off and
    lifted, or the action fails. Returns the successes left and whether it may go on."""
    if not n:
        return rest, True
    if rest >= n:
        notes.append(ctx.say("buys off Blocked {n}", n=n))
        for nm in names:
            ctx.remove_condition(c, nm, quiet=True)
        return rest - n, True
    notes.append(ctx.say(_FAILS.get(what, "cannot buy off Blocked {n}: the {what} fails (SP-CMP-2)"),
                         n=n, what=Word(what)))
    return rest, False
