"""A d12 round: declarations checked (bids within their budgets), the actions' handlers
(move, attack, task, wait, and defend, which joins the declaration) and what the round's end
spends."""

from __future__ import annotations

from combat_cli.api import (
    ActionRequest,
    Combatant,
    Declaration,
    Msg,
    QueueItem,
    RuleError,
    RulesContext,
    Word,
)
from combat_rulesets.d12.bids import (
    check_declaration,
    check_defence_realms,
    realm_of,
    stray_defences,
    weapon_of,
)
from combat_rulesets.d12.contest import parse_path, resolve_attack
from combat_rulesets.d12.health import cannot_act
from combat_rulesets.d12.options import Attack, Defend, Move, Task, bidding
from combat_rulesets.d12.power import check_weapon, parse_range, weapon
from combat_rulesets.d12.records import BidNote, Slot
from combat_rulesets.d12.schema import Tables
from combat_rulesets.d12.state import fighter
from combat_rulesets.d12.stats import skill_level
from combat_rulesets.d12.tasks import run_task

# -- declarations ----------------------------------------------------------------------------


def check_actions(ctx: RulesContext, c: Combatant, actions: list[ActionRequest], *,
                  duels: bool = True) -> None:
    """Validate a whole declaration of ``c`` (weapons, ranges, paths, bids, the budget;
    ``duels``: the bids of the duels it makes, for a declaration of the round)."""
    tables = Tables.of(ctx)
    for a in actions:
        if a.name == "attack":
            _check_attack(ctx, c, a, tables)
        elif a.name == "defend":
            skill_level(c, Defend.of(a).skill, None)
        elif a.name == "task":
            o = Task.of(a)
            skill_level(c, o.skill, None)
            if o.tn is None:
                raise RuleError("task needs the GM's Target Number: task tn=7 [skill=2] [rp=1]")
        elif a.name == "move" and a.target == c.id:
            raise RuleError("{name} moves: give a place (move to=door) or another combatant", name=c.name)
    if sum(1 for a in actions if a.name == "move") > 1:
        raise RuleError("one move per round: move [WHERE] [to=TEXT]")
    check_declaration(ctx, c, actions, spent=fighter(ctx, c).spent, duels=duels)


def _check_attack(ctx: RulesContext, c: Combatant, a: ActionRequest, tables: Tables) -> None:
    """The skill, weapon (its catalogue name kept), range, reach and path of an attack."""
    o = Attack.of(a)
    skill_level(c, o.skill, None)
    if o.with_:
        o.with_ = check_weapon(o.with_, tables)
        o.put(a)
    w = weapon(weapon_of(a, c, tables), tables)
    parse_range(o.range)
    if w.ranged and o.reach:
        raise RuleError('reach= is for brawlers ({w} is ranged): a shot needs a clear path instead (path="A,B")', w=w.name)
    if o.path:
        if not w.ranged:
            raise RuleError("path= is for ranged weapons ({w} is not): a brawler must touch the target (reach=no if they cannot)", w=w.name)
        if any(oid == c.id for oid, _, _ in parse_path(ctx, o.path)):
            raise RuleError("{name} cannot be in their own line of fire: path= lists what stands between shooter and target", name=c.name)


def declare(ctx: RulesContext, c: Combatant, actions: list[ActionRequest]) -> None:
    """A new declaration of ``c``: checked whole, its defences against the realms of the
    attacks they name; a note for an attack that a defence in another realm does not meet, and
    for an attack on a target that cannot act (it will lose unopposed)."""
    check_actions(ctx, c, actions)
    check_defence_realms(ctx, c, actions)
    for n in stray_defences(ctx, c, actions):
        ctx.note(n)
    for a in actions:
        if a.name != "attack" or a.target is None or a.target == c.id:
            continue
        target = ctx.combatant(a.target)
        why = cannot_act(ctx, target, resolving=True)
        if why is not None:
            ctx.note("{why}: it cannot act, so {name}'s attack connects unopposed", why=why, name=c.name)


def end_round(ctx: RulesContext) -> None:
    """``bid.budget = per_fight``: what was bid this round is spent for the rest of the fight."""
    if Tables.of(ctx).bid.budget != "per_fight":
        return
    for cid, d in ctx.enc.declarations.items():
        spent = fighter(ctx, ctx.combatant(cid)).spent
        for a in d.actions:
            if a.name in ("attack", "defend"):
                r = realm_of(a, ctx)
                spent[r] = spent.get(r, 0) + (bidding(a).stake or 0)


# -- resolution ------------------------------------------------------------------------------


def _slot(ctx: RulesContext) -> Slot:
    """Where the action stands in the round (acting now: first, outside the queue)."""
    return Slot.of(ctx.resolving) if ctx.resolving is not None else Slot(why="acting now",
                                                                         rank=1)


def do_move(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    from combat_rulesets.d12.mob import why_words

    where = " ".join(a.args) or Move.of(a).to or ""
    toward = Msg(" toward {name}", name=ctx.enc.name_of(a.target)) if a.target else ""
    place = Msg(" to {where}", where=where) if where else ""
    slot = _slot(ctx)
    ctx.log(ctx.say("{name} moves{toward}{place} ({why}, {rank} to move)", name=c.name,
                    toward=toward, place=place, why=why_words(slot.why),
                    rank=_ordinal(slot.rank), n=slot.rank), kind="move", actor=c,
            action="move", target=a.target, outcome="moved")


def do_attack(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """A planned exchange (the duel it is part of), or the GM's override: resolved now, the
    bids checked against their caps only."""
    item = ctx.resolving
    if item is None:
        check_actions(ctx, c, [a], duels=False)
        resolve_attack(ctx, c, a)
        return
    if a.target is None or a.target not in {x.id for x in ctx.enc.combatants}:
        item.state = "lapsed"
        ctx.log(ctx.say("{name}'s attack lapses: the target is gone", name=c.name), kind="lapse", actor=c)
        return
    _settle(item, resolve_attack(ctx, c, a, Slot.of(item).duel_action))


def do_task(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    result = run_task(ctx, c, Task.of(a))
    if ctx.resolving is not None:
        _settle(ctx.resolving, result)


def do_wait(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    ctx.log(ctx.say("{name} waits", name=c.name), kind="note", actor=c, action="wait")


def _settle(item: QueueItem, result: str) -> None:
    """Keep the result word with the resolved item (``hit``, ``countered``, ``success`` ...),
    after the keys it has, as saved before (a released item's ``replaced`` comes first)."""
    slot = Slot.of(item)
    slot.result = result
    item.data = {**item.data, **slot.dump()}


def add_defence(ctx: RulesContext, c: Combatant, action: ActionRequest) -> None:
    """Add a defensive allocation to ``c``'s declaration (re-checking the budget)."""
    enc = ctx.enc
    if enc.phase not in ("declare", "resolve"):
        raise RuleError("defensive bids are made during a round: start the fight first")
    d = enc.declarations.get(c.id)
    actions = list(d.actions) if d else []
    check_actions(ctx, c, actions + [action])
    check_defence_realms(ctx, c, [action])
    if d is None:
        enc.declarations[c.id] = Declaration(actor=c.id, actions=[action])
    else:
        d.actions.append(action)
    o = Defend.of(action)
    n, group = o.stake or 0, o.group
    whom = ", ".join(enc.name_of(i) for i in group) if group else Msg("any other attacker")
    ctx.log(ctx.say("{name} defends with {n} against {whom} ({realm})", name=c.name, n=n,
                    whom=whom, realm=Word(realm_of(action, ctx))), kind="declare", actor=c,
            action="defend",
            **BidNote(bid=n).dump())


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def replaced(ctx: RulesContext, c: Combatant, old: Declaration) -> None:
    """Name the plan a new ``declare`` replaced (a second declare replaces the first)."""
    was = ", ".join(a.text for a in old.actions)
    new = ctx.enc.declarations.get(c.id)
    if new is not None and [a.text for a in new.actions] == [a.text for a in old.actions]:
        ctx.note("{name}'s plan is the same as before ({was}): nothing changed", name=c.name, was=was)
        return
    ctx.note("{name}'s earlier plan ({was}) is replaced; to keep both, declare them in one line parted by commas (or add a defence: defend {name} BID)", name=c.name, was=was)
