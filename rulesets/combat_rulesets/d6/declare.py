"""Declaring a round's actions (D6-MULTI), the resolution queue (D6-INIT-3), and counting
the actions typed with ``act``."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from combat_cli.api import Msg, QueueItem, RuleError
from combat_rulesets.d6.codes import Code
from combat_rulesets.d6.core import (
    ATTACKS,
    REACTIONS,
    add_action,
    count,
    health_penalties,
    multi_penalty,
    rd,
    wound,
)
from combat_rulesets.d6.melee import unarmed_skill
from combat_rulesets.d6.options import (
    Block,
    FirstAid,
    Parry,
    Shot,
    fire_of,
    guard_of,
    vs_of,
    weapon_of,
)
from combat_rulesets.d6.positions import carried_over
from combat_rulesets.d6.ranged import check_shot
from combat_rulesets.d6.reactions import is_full_dodge
from combat_rulesets.d6.records import Planned
from combat_rulesets.d6.schema import tables
from combat_rulesets.d6.state import ReadyDodge, ReadyMelee
from combat_rulesets.d6.stats import need_skill, stat
from combat_rulesets.d6.weapons import action_cost, drawn_name, named_weapon, pick_weapon
from combat_rulesets.d6.wounds import KILLED

if TYPE_CHECKING:
    from combat_cli.api import (
        ActionRequest,
        Combatant,
        Reactions,
        RulesContext,
        Ruleset,
        RulesView,
    )
    from combat_rulesets.d6.state import RoundState


def declare(ctx: RulesContext, c: Combatant, actions: list[ActionRequest]) -> None:
    """D6-MULTI: refuse what cannot be declared, then keep the round's count, the targets and
    the declared (held) reactions."""
    t = tables(ctx)
    r = rd(ctx, c)
    full = [a for a in actions if is_full_dodge(a)]
    autos = [a for a in actions if fire_of(a) == "full_auto"]
    _check_only_action(ctx, c, r, actions, full, autos)
    # actions already taken this round (act, undeclared reactions typed while declaring)
    already = r.extra + r.used_held
    active = [a for a in actions if a.name not in REACTIONS]
    react = [a for a in actions if a.name in REACTIONS]
    cost = sum(action_cost(ctx, c, a) for a in active)
    n = cost + len(react) + already
    cap = t.actions.max
    if n > cap:
        done = Msg(", {already} already taken", already=already) if already else ""
        raise RuleError("{n} actions{done}: at most {cap} a round (D6-MULTI-2)", n=n, done=done, cap=cap)
    targets = _check_active(ctx, c, r, active)
    held = len(react) if t.actions.held_unused_counts else 0
    _check_pools(ctx, c, actions, targets, multi_penalty(t, cost + held + already))
    r.declared, r.held, r.used_held, r.extra = cost, len(react), 0, already
    r.targets, r.full_dodge, r.ready_dodge, r.ready_melee = targets, bool(full), None, []
    for a in react:
        if a.name in ("dodge", "fulldodge"):
            r.ready_dodge = ReadyDodge(full=is_full_dodge(a))
        else:
            o = guard_of(a)
            r.ready_melee.append(ReadyMelee(kind=o.kind, options=o.dump()))
    r.no_defence = bool(autos)
    _say_remembered(ctx, c, active)


def _say_remembered(ctx: RulesContext, c: Combatant, active: list[ActionRequest]) -> None:
    """A shot that will use a range, cover ... said on an earlier line names it now."""
    for a in active:
        if a.name != "shoot" or not a.target:
            continue
        for tg in [ctx.combatant(a.target), *(ctx.find(w) for w in a.args)]:
            said = carried_over(ctx, c, tg, Shot.of(a).said())
            if said:
                key = said.split("=", 1)[0]
                ctx.note("{name} → {tg}: remembered: {said} ({key}=none clears it)", name=c.name, tg=tg.name, said=said, key=key)


def _check_only_action(ctx: RulesContext, c: Combatant, r: RoundState,
                       actions: list[ActionRequest], full: list[ActionRequest],
                       autos: list[ActionRequest]) -> None:
    """A full dodge and full auto are the round's only action; one dodge a round; no
    parrying or blocking oneself."""
    if full and len(actions) > 1:
        raise RuleError("a full dodge must be the only action of the round (D6-REACT-3)")
    if sum(1 for a in actions if a.name in ("dodge", "fulldodge")) > 1:
        raise RuleError("one dodge a round is enough: it covers every ranged attack")
    if autos and len(actions) > 1:
        raise RuleError("full auto uses the whole round: it must be the only action")
    if autos and (r.extra or r.used_held):
        raise RuleError("{name} has already acted this round: full auto must be the only action", name=c.name)
    for a in actions:
        if a.name == "parry":
            pick_weapon(ctx, c, Parry.of(a).weapon, melee=True, action="parry")
        vs = vs_of(a)
        if vs and ctx.find(vs).id == c.id:
            raise RuleError("{name} cannot {name2} against themself", name=c.name, name2=a.name)
    already = r.extra + r.used_held
    if r.full_dodge and r.dodge is not None:
        raise RuleError("{name} has full-dodged this round: that is the only action", name=c.name)
    if r.no_defence and already:
        raise RuleError("{name} has fired full auto this round: that is the only action", name=c.name)
    if full and already:
        raise RuleError("{name} has already acted this round: a full dodge must be the only action (declare dodge)", name=c.name)
    if r.dodge is not None and any(a.name in ("dodge", "fulldodge") for a in actions):
        raise RuleError("{name} already dodged this round ({value}): it covers every ranged attack; declare the rest without dodge", name=c.name, value=r.dodge.value)


def _check_active(ctx: RulesContext, c: Combatant, r: RoundState,
                  active: list[ActionRequest]) -> list[str]:
    """Weapons, shots per weapon against ROF (counting the shots already fired this round),
    targets; returns the round's targets in order (for the extra-target penalty)."""
    shots: dict[str, int] = dict(r.shots)
    targets: list[str] = list(r.fired_at)
    drawn: str | None = None
    for a in active:
        want = _wanted(a, drawn)
        if a.name == "shoot":
            w = pick_weapon(ctx, c, want, melee=False)
            shots[w["name"]] = shots.get(w["name"], 0) + check_shot(ctx, c, a, w)
            if shots[w["name"]] > int(w["rof"]):
                raise RuleError("{w} has ROF {w2}: at most {w3} a round (D6-MULTI-6)", w=w['name'], w2=w['rof'], w3=count(int(w['rof']), 'shot'))
            if a.target and a.target not in targets and fire_of(a) != "sweep":
                targets.append(a.target)
        elif a.args:
            raise RuleError('{name} takes one target: "{args}" is one too many', name=a.name, args=a.args[0])
        elif a.name == "attack":
            pick_weapon(ctx, c, want, melee=True)
        elif a.name == "reload":
            pick_weapon(ctx, c, want, melee=False)
        elif a.name == "draw":
            drawn = named_weapon(ctx, stat(c, "weapon"), drawn_name(a))["name"]
        if a.target:
            tg = ctx.combatant(a.target)
            if tg.id == c.id and a.name in ATTACKS:
                raise RuleError("{name} cannot attack themself", name=c.name)
            if wound(ctx, tg) >= KILLED:
                ctx.note("{tg} is Killed; the action will lapse", tg=tg.name)
    return targets


def _check_pools(ctx: RulesContext, c: Combatant, actions: list[ActionRequest],
                 targets: list[str], base_pen: int) -> None:
    """Pools must stay above 0D (checked with today's wounds)."""
    t = tables(ctx)
    per = t.ranged.multi_target.per_extra_target
    drawn: str | None = None
    for a in actions:
        if a.name == "draw":
            drawn = drawn_name(a)
        sk = _skill_for(ctx, c, a, drawn)
        if sk is None:
            continue
        extra = 0
        if a.name == "shoot" and a.target in targets:
            extra = targets.index(a.target) * per
        pen = base_pen + extra + sum(d for _, d in health_penalties(ctx, c))
        if sk[1].dice - pen < 1 and t.pools.zero == "cannot":
            who = ctx.name(a.target) if a.target else ""
            raise RuleError("{name}'s {name2}{value} would roll {value2}D ({value3} -{pen}D): declare fewer actions or targets", name=c.name, name2=a.name, value=Msg(" at {who}", who=who) if who else "", value2=max(sk[1].dice - pen, 0), value3=sk[1].text(), pen=pen)


def _wanted(a: ActionRequest, drawn: str | None) -> str | None:
    """The weapon an action names, else the one drawn earlier in the round (if any)."""
    want = weapon_of(a)
    return want if want is not None else drawn


def _skill_for(ctx: RulesContext, c: Combatant, a: ActionRequest,
               drawn: str | None = None) -> tuple[str, Code] | None:
    t = tables(ctx)
    if a.name == "shoot":
        return need_skill(t, c, pick_weapon(ctx, c, _wanted(a, drawn), melee=False)["skill"])
    if a.name == "attack":
        return need_skill(t, c, pick_weapon(ctx, c, _wanted(a, drawn), melee=True)["skill"])
    if a.name in ("brawl", "martial"):
        return need_skill(t, c, unarmed_skill(a.name))
    if a.name == "block":
        return need_skill(t, c, unarmed_skill(a.name, Block.of(a).with_))
    if a.name in ("dodge", "fulldodge"):
        return need_skill(t, c, "Dodge")
    if a.name == "parry":
        return need_skill(t, c, "Melee Parry")
    if a.name == "firstaid":
        return need_skill(t, c, "Medicine (A)" if FirstAid.of(a).at_facility else "First Aid")
    return None


def plan(ctx: RulesContext) -> list[QueueItem]:
    """D6-INIT-3: everyone's first action in segment 1 (Instincts order), every extra action
    in segment 2 (Instincts order again). Declared reactions wait for their attack."""
    enc = ctx.enc
    rank = {cid: i for i, cid in enumerate(enc.order)}
    items: list[tuple[int, int, int, QueueItem]] = []
    for d in enc.declarations.values():
        n = 0
        for a in d.actions:
            if a.name in REACTIONS:
                continue
            seg = 1 if n == 0 else 2
            items.append((seg, rank.get(d.actor, 1 << 30), n, QueueItem(
                id=enc.new_id(), actor=d.actor, action=a, segment=seg,
                data=Planned(n=n + 1).dump())))
            n += 1
    items.sort(key=lambda x: x[:3])
    return [x[3] for x in items]


def count_act(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """An action typed with ``act`` counts, unless it replaces a skipped queued one (a save
    of an earlier version, where ``release`` skipped the planned action for the new one)."""
    skipped = ((i, Planned.of(i)) for i in ctx.enc.queue if i.actor == c.id
               and i.state == "skipped")
    replaced = next(((i, p) for i, p in skipped if p.replaced_by == a.text and not p.counted),
                    None)
    if replaced is not None:
        item, planned = replaced
        planned.counted = True
        planned.put(item)
    else:
        add_action(ctx, c, action_cost(ctx, c, a), a.name)


def declare_costs(view: RulesView, c: Combatant) -> list[str]:
    """D6-MULTI: each action beyond the first costs every action of the round dice."""
    from combat_rulesets.d6.core import multi_penalty
    from combat_rulesets.d6.schema import tables

    t = tables(view)
    return [f"-{p}D" if p else "" for p in
            (multi_penalty(t, n) for n in range(1, t.actions.max + 1))]


def resolve(rs: Ruleset, ctx: RulesContext, item: QueueItem) -> None:
    """A planned action, by its declared handler; one that cannot happen now lapses."""
    from combat_cli.api import RollAborted, perform

    c = ctx.combatant(item.actor)
    try:
        perform(rs, ctx, c, item.action, missing=_a_reaction(ctx, c, item.action.name))
    except RollAborted:  # the GM's dice did not fit: the whole command is abandoned
        raise
    except RuleError as e:  # a planned action that cannot happen now lapses (0D, empty
        # weapon, a patient no longer hurt ...) instead of blocking the round
        item.state = "lapsed"
        ctx.log(ctx.say("{name}'s {action} lapses: {why}", name=c.name, action=ctx.label(item.action.name), why=e), kind="lapse", actor=c,
                action=item.action.name)


def act(rs: Ruleset, ctx: RulesContext, c: Combatant, action: ActionRequest) -> None:
    """A reaction acted at once is a reaction; any other action counts toward the round's
    actions before it is done."""
    from combat_cli.api import perform

    spec = rs.action_spec(action.name)
    if spec is not None and spec.reaction:
        cast("Reactions", rs).react(ctx, c, action)
        return
    count_act(ctx, c, action)
    perform(rs, ctx, c, action, missing=_a_reaction(ctx, c, action.name))


def _a_reaction(ctx: RulesContext, c: Combatant, action: str) -> str:
    """Why ``action`` is not done as an action: it is a reaction, and how to take it."""
    return ctx.say("{action} is a reaction: react {name} {action}", action=ctx.label(action),
                   name=c.name)
