"""Reactions: dodge (every ranged attack this round), parry and block (one melee attack),
declared or typed when attacked, and the one that sets an attack's difficulty (D6-REACT)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_cli.api import RuleError, Word
from combat_rulesets.d6.core import (
    Lapse,
    action_penalties,
    actions_taken,
    add_action,
    build_pool,
    can_act_reason,
    rd,
    roll_code,
)
from combat_rulesets.d6.melee import unarmed_skill
from combat_rulesets.d6.options import Dodging, Parry, fire_of, guard_of, merged
from combat_rulesets.d6.records import ReactionLog
from combat_rulesets.d6.schema import tables
from combat_rulesets.d6.state import Defence, Dodge
from combat_rulesets.d6.stats import need_skill
from combat_rulesets.d6.weapons import pick_weapon

if TYPE_CHECKING:
    from combat_cli.api import ActionRequest, Combatant, Roll, RulesContext
    from combat_rulesets.d6.codes import Code
    from combat_rulesets.d6.options import Block

MELEE = ("attack", "brawl", "martial")


def is_full_dodge(a: ActionRequest) -> bool:
    return a.name == "fulldodge" or (a.name == "dodge" and Dodging.of(a).is_full)


def _roll(ctx: RulesContext, c: Combatant, code: Code, kind: str, label: str, declared: bool
          ) -> tuple[Roll, str]:
    """The reaction's roll: the skill less the round's penalties and, undeclared, the
    reaction penalty (AMB-D6-4); returns the roll and how the pool was reached."""
    t = tables(ctx).reactions
    mods = action_penalties(ctx, c)
    mode = t.reaction_penalty
    if mode == "always" or (mode == "undeclared" and not declared):
        mods.append(("reaction" if kind == "dodge" else
                     ctx.say("undeclared {kind}", kind=ctx.label(kind)),
                     t.reaction_penalty_dice))
    pool, how = build_pool(ctx, code, mods, f"{c.name}'s {kind}")
    return roll_code(ctx, pool, ctx.say("{name}: {label} {code} ({how})", name=c.name,
                                        label=ctx.label(label), code=pool.text(), how=how)), how


def roll_dodge(ctx: RulesContext, c: Combatant, *, full: bool, declared: bool) -> Dodge:
    r = rd(ctx, c)
    if declared:
        r.ready_dodge = None
        r.used_held += 1
    else:
        if full and actions_taken(ctx, c) > 0:
            raise RuleError("{name} already acts this round: a full dodge must be the only action (use dodge)", name=c.name)
        if tables(ctx).reactions.adds_action or full:
            add_action(ctx, c, 1, "dodge")
        if full:
            r.full_dodge = True
    _, code = need_skill(tables(ctx), c, "Dodge")
    roll, how = _roll(ctx, c, code, "dodge", "full dodge" if full else "Dodge", declared)
    d = Dodge(value=roll.total, full=full)
    r.dodge = d
    ctx.log(ctx.say("{name} full-dodges: {total} (added to the difficulty of every ranged attack this round)"
                    if full else "{name} dodges: {total} (the difficulty of every ranged attack this round)",
                    name=c.name, total=roll.total),
            kind="reaction", actor=c, action="fulldodge" if full else "dodge", roll=roll,
            outcome=str(roll.total), **ReactionLog(pool=how, declared=declared).dump())
    return d


def roll_melee(ctx: RulesContext, c: Combatant, o: Parry | Block, *, declared: bool,
               vs: str | None = None) -> Defence:
    """A parry or block: the difficulty of one melee attack (``vs``: whose id)."""
    kind = o.kind
    r = rd(ctx, c)
    if declared:
        r.used_held += 1
    elif tables(ctx).reactions.adds_action:
        add_action(ctx, c, 1, kind)
    if isinstance(o, Parry):
        w = pick_weapon(ctx, c, o.weapon, melee=True, action="parry")
        name, code = need_skill(tables(ctx), c, "Melee Parry")
        label = ctx.say("parry ({skill}, {weapon})", skill=ctx.label(name),
                        weapon=ctx.label(w["name"]))
    else:
        name, code = need_skill(tables(ctx), c, unarmed_skill(kind, o.with_))
        label = ctx.say("block ({skill})", skill=ctx.label(name))
    roll, how = _roll(ctx, c, code, kind, label, declared)
    p = Defence(value=roll.total, kind=kind, vs=vs)
    ctx.log(ctx.say("{name} parries: {total} (the difficulty of one melee attack)" if kind == "parry"
                    else "{name} blocks: {total} (the difficulty of one melee attack)",
                    name=c.name, total=roll.total),
            kind="reaction", actor=c, action=kind, roll=roll, outcome=str(roll.total),
            target=vs, **ReactionLog(pool=how, declared=declared).dump())
    return p


def _aims_at(ctx: RulesContext, a: ActionRequest, c: Combatant) -> bool:
    if a.target == c.id:
        return True
    for word in a.args if fire_of(a) == "sweep" else ():
        try:
            if ctx.find(word).id == c.id:
                return True
        except RuleError:
            continue
    return False


def planned_attacks(ctx: RulesContext, c: Combatant, kinds: tuple[str, ...]
                    ) -> list[tuple[str, ActionRequest]]:
    """(attacker id, action) of each attack of ``kinds`` still to come at ``c`` this round:
    the queue's pending items, or the declarations before resolution begins."""
    enc = ctx.enc
    if enc.phase == "resolve":
        plans = [(q.actor, q.action) for q in enc.queue if q.state == "pending"]
    else:
        plans = [(d.actor, a) for d in enc.declarations.values() for a in d.actions]
    return [(who, a) for who, a in plans if a.name in kinds and _aims_at(ctx, a, c)]


def _warn_nothing_coming(ctx: RulesContext, c: Combatant, kind: str) -> None:
    """A reaction with no attack to meet is allowed (the GM may know better), with a word."""
    ranged = kind == "dodge"
    kinds: tuple[str, ...] = ("shoot",) if ranged else MELEE
    if ranged and tables(ctx).reactions.dodge_vs_melee:
        kinds = ("shoot", *MELEE)
    if not planned_attacks(ctx, c, kinds):
        what = "ranged attack" if kinds == ("shoot",) else (
            "attack" if ranged else "melee attack")
        ctx.note("no {what} is coming at {name} this round: the {kind} is rolled all the same", what=Word(what), name=c.name, kind=Word(kind))


def _check_vs(ctx: RulesContext, c: Combatant, kind: str, vs: str | None) -> None:
    """A parry/block for a named attacker needs that attacker's melee attack at ``c``."""
    if vs is None:
        _warn_nothing_coming(ctx, c, kind)
        return
    if vs == c.id:
        raise RuleError("{name} cannot {kind} against themself", name=c.name, kind=Word(kind))
    if not any(who == vs for who, _ in planned_attacks(ctx, c, MELEE)):
        name = ctx.name(vs)
        raise RuleError("{name} has no melee attack planned at {name2} this round: {kind} vs= names an attacker whose blow is still to come", name=name, name2=c.name, kind=Word(kind))


def react(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    r = rd(ctx, c)
    if r.no_defence:
        raise RuleError("{name} fires full auto this round: no active defence", name=c.name)
    if a.name in ("dodge", "fulldodge"):
        if r.dodge is not None:
            raise RuleError("{name} already dodged this round ({value}): one dodge covers every ranged attack", name=c.name, value=r.dodge.value)
        _warn_nothing_coming(ctx, c, "dodge")
        full = is_full_dodge(a)
        ready = r.ready_dodge
        if ready is not None:
            roll_dodge(ctx, c, full=ready.full or full and r.declared == 0, declared=True)
        else:
            roll_dodge(ctx, c, full=full, declared=False)
        return
    match = next((i for i, x in enumerate(r.ready_melee) if x.kind == a.name), None)
    o = guard_of(a)
    if match is not None:
        o = merged(r.ready_melee.pop(match).declared(), o)
    vs = _vs_id(ctx, o)
    _check_vs(ctx, c, a.name, vs)
    r.parries.append(roll_melee(ctx, c, o, declared=match is not None, vs=vs))


def _vs_id(ctx: RulesContext, o: Parry | Block) -> str | None:
    return ctx.find(o.vs).id if o.vs else None


def reaction_for(ctx: RulesContext, target: Combatant, attacker: Combatant, ranged: bool
                  ) -> Defence | None:
    """The reaction that sets this attack's difficulty (rolling a declared one if due): a
    the dodge (kind dodge), or a parry or block."""
    t = tables(ctx).reactions
    r = rd(ctx, target)
    able = can_act_reason(ctx, target) is None and not r.no_defence
    if able and _nothing_ready(ctx, target, attacker, ranged) and \
            _asked(ctx, target, attacker, ranged):
        return reaction_for(ctx, target, attacker, ranged)
    if ranged or t.dodge_vs_melee:
        if r.dodge is None and r.ready_dodge is not None and t.auto_declared and able:
            roll_dodge(ctx, target, full=r.ready_dodge.full, declared=True)
        if r.dodge is not None:
            return Defence(value=r.dodge.value, kind="dodge", full=r.dodge.full)
        if ranged:
            return None
    for i, p in enumerate(r.parries):
        if p.vs in (None, attacker.id):
            return r.parries.pop(i)
    ready = [i for i, x in enumerate(r.ready_melee)
             if _vs_id(ctx, x.declared()) in (None, attacker.id)]
    if ready and t.auto_declared and able:
        spec = r.ready_melee.pop(ready[0])
        try:
            return roll_melee(ctx, target, spec.declared(), declared=True, vs=attacker.id)
        except Lapse:
            return None
    return None


def _nothing_ready(ctx: RulesContext, target: Combatant, attacker: Combatant, ranged: bool
                   ) -> bool:
    """No reaction of ``target``'s stands against this attack yet (rolled or declared)."""
    t = tables(ctx).reactions
    r = rd(ctx, target)
    if (ranged or t.dodge_vs_melee) and (r.dodge is not None or r.ready_dodge is not None):
        return False
    if ranged:
        return True
    return not any(p.vs in (None, attacker.id) for p in r.parries) and not any(
        _vs_id(ctx, x.declared()) in (None, attacker.id) for x in r.ready_melee)


def _asked(ctx: RulesContext, target: Combatant, attacker: Combatant, ranged: bool) -> bool:
    """A PC with a phone at the table is asked whether it reacts to what is coming (the GM
    may answer for it; without a phone nobody is asked: the GM types react). True when it
    reacted."""
    from combat_cli.api import ActionRequest

    if target.side != "pc":
        return False
    melee = ("parry", "block") + (("dodge",) if tables(ctx).reactions.dodge_vs_melee else ())
    choices = (("dodge",) if ranged else melee) + ("pass",)
    what = "shoots at" if ranged else "attacks"
    answer = ctx.ask(ctx.say("{attacker} {what} {name}: react?", attacker=attacker.name,
                             what=ctx.label(what), name=target.name),
                     choices, (target.name,), phones_only=True)
    if answer is None or answer == "pass":
        return False
    options = {} if answer == "dodge" else {"vs": attacker.name}
    try:
        react(ctx, target, ActionRequest(name=answer, options=options, text=answer))
    except RuleError as e:
        ctx.note(ctx.say("{name} cannot {reaction}: {why}", name=target.name,
                         reaction=Word(answer), why=e))
        return False
    return True
