"""The Blocked Complication (SP-CMP-2): imposing it, finding the one that stands in an action's
way, and buying it off with spare successes."""

from __future__ import annotations

from combat_cli.api import Combatant, RulesContext

from .records import Blocked
from .schema import Tables


def impose_block(ctx: RulesContext, c: Combatant, victim: Combatant, n: int, task: str,
                 protect: str | None = None) -> None:
    """``c``'s complicate action with ``n`` successes: Blocked ``n`` on ``victim``'s ``task``
    (with ``protect``: on attacks on that character) until ``c``'s next turn."""
    if n <= 0:
        ctx.log(f"{c.name}'s complicate action on {victim.name} gets no successes: no Blocked",
                kind="action", actor=c, action="complicate", target=victim, outcome="failure")
        return
    against = ctx.find(protect).id if protect else None
    name = f"Blocked {n}"
    ctx.add_condition(victim, name, quiet=True,
                      data=Blocked(blocked=n, task=task, against=against, blocked_by=c.id).dump())
    what = f"attacks on {ctx.enc.name_of(against)}" if against else task
    ctx.log(f"{c.name} complicates {victim.name}: Complication (Blocked) {n} on {what} "
            "(buy it off or the action fails)", kind="condition", actor=c, action="complicate",
            target=victim, outcome=f"Blocked {n}", **Blocked(blocked=n, task=task).dump())


def blocked_for(c: Combatant, *, target: Combatant | None = None, task: str = "",
                attack: bool = False) -> tuple[int, list[str]]:
    """The Blocked rating standing in the way of ``c``'s action (an attack on ``target``, or
    ``task``) and the names of the Conditions that apply."""
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
        elif attack and t.startswith("attack") and (target is None or not rec.against):
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
    notes.extend(f"{g.name} {x}" for x in mine)
    return left if ok else 0


def buy_off_blocked(ctx: RulesContext, c: Combatant, rest: int, n: int, names: list[str],
                    notes: list[str], what: str) -> tuple[int, bool]:
    """Spend ``n`` spare successes on a Blocked complication (SP-CMP-2): it is bought off and
    lifted, or the action fails. Returns the successes left and whether it may go on."""
    if not n:
        return rest, True
    if rest >= n:
        notes.append(f"buys off Blocked {n}")
        for nm in names:
            ctx.remove_condition(c, nm, quiet=True)
        return rest - n, True
    notes.append(f"cannot buy off Blocked {n}: the {what} fails (SP-CMP-2)")
    return rest, False
