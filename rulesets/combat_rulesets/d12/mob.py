"""Mob rounds (D12-MOB-*): declarations, movement first by Agility, then the exchanges.

:func:`plan` builds the queue: every ``move`` first, highest Agility first (ties: d12 roll-off,
AMB-D12-9), then one item per attack (a mutual pair of attacks is one duel), then tasks. The
round has no segments (a d6 word): each item's ``phase`` (movement, exchange, task) says
where it stands, and :func:`step` names it for the header (``exchange 2/5``).
"""

from __future__ import annotations

import re

from combat_cli.api import (
    ActionRequest,
    Combatant,
    Encounter,
    Msg,
    QueueItem,
    RulesContext,
    locale,
    sum_dice,
)
from combat_rulesets.d12.bids import defence_against, realm_of
from combat_rulesets.d12.intervention import record, roll_d12
from combat_rulesets.d12.options import Attack
from combat_rulesets.d12.records import BidNote, Slot, shown
from combat_rulesets.d12.schema import Tables
from combat_rulesets.d12.state import Realm
from combat_rulesets.d12.words import term


def agility(c: Combatant) -> int:
    v = c.stats.get("Agility")
    return -1 if v is None else int(v)


def order(ctx: RulesContext) -> list[str]:
    """The round order: Agility, highest first (as added among equals)."""
    cs = sorted(ctx.enc.combatants, key=lambda c: -agility(c))
    return [c.id for c in cs]


def movement_order(ctx: RulesContext, movers: list[tuple[Combatant, ActionRequest]]
                   ) -> list[tuple[Combatant, ActionRequest, Msg]]:
    """Movers by Agility; equal Agility settled by a d12 roll-off (or declaration order)."""
    groups: dict[int, list[tuple[Combatant, ActionRequest]]] = {}
    for c, a in movers:
        groups.setdefault(agility(c), []).append((c, a))
    out: list[tuple[Combatant, ActionRequest, Msg]] = []
    for ag in sorted(groups, reverse=True):
        g = groups[ag]
        label = Msg("Agility {n}", n=ag) if ag >= 0 else Msg("no Agility")
        if len(g) == 1 or Tables.of(ctx).movement.ties != "rolloff":
            out += [(c, a, label) for c, a in g]
            continue
        for c, a, why in _rolloff(ctx, g, label):
            out.append((c, a, why))
    return out


def _rolloff(ctx: RulesContext, g: list[tuple[Combatant, ActionRequest]], label: Msg,
             depth: int = 0) -> list[tuple[Combatant, ActionRequest, Msg]]:
    rolls: dict[int, list[tuple[Combatant, ActionRequest]]] = {}
    check = Tables.of(ctx).intervention.on_rolloffs
    for c, a in g:
        purpose = ctx.say("{name}: movement roll-off d12 ({label}, tied)", name=c.name,
                          label=label)
        if check:
            d = roll_d12(ctx, c, purpose)
            if d.intervention:
                record(ctx, c, d.intervention, Msg("a movement roll-off"),
                       Msg("the roll-off stands ({face})", face=d.value))
            face, r = d.value, d.roll
        else:
            r = ctx.roll(sum_dice(1, 12), purpose)
            face = r.total
        ctx.log(ctx.say("{name} rolls {face} in the movement roll-off ({label})", name=c.name, face=face, label=label), kind="roll",
                actor=c, action="move", roll=r)
        rolls.setdefault(face, []).append((c, a))
    out: list[tuple[Combatant, ActionRequest, Msg]] = []
    for face in sorted(rolls, reverse=True):
        sub = rolls[face]
        if len(sub) > 1 and depth < 5:
            out += _rolloff(ctx, sub, label, depth + 1)
        else:
            out += [(c, a, Msg("{label}, roll-off {face}", label=label, face=face))
                    for c, a in sub]
    return out


_WHY = re.compile(r"(?:Agility (-?\d+)|no Agility)((?:, roll-off \d+)*)")


def why_words(why: str) -> Msg | str:
    """A mover's place in the order as kept with its slot (``Agility 2, roll-off 7``, written
    by :func:`movement_order`), as a message to word in the table's language."""
    if why == "acting now":
        return Msg("acting now")
    m = _WHY.fullmatch(why)
    if m is None:
        return why
    said: Msg = Msg("Agility {n}", n=int(m.group(1))) if m.group(1) else Msg("no Agility")
    for face in re.findall(r"\d+", m.group(2)):
        said = Msg("{label}, roll-off {face}", label=said, face=int(face))
    return said


def plan(ctx: RulesContext) -> list[QueueItem]:
    enc = ctx.enc
    rank = {cid: i for i, cid in enumerate(enc.order)}
    decls = sorted(enc.declarations.values(), key=lambda d: rank.get(d.actor, 1 << 30))
    movers: list[tuple[Combatant, ActionRequest]] = []
    attacks: list[tuple[Combatant, ActionRequest]] = []
    tasks: list[tuple[Combatant, ActionRequest]] = []
    for d in decls:
        c = enc.get(d.actor)
        for a in d.actions:
            if a.name == "move":
                movers.append((c, a))
            elif a.name == "attack":
                attacks.append((c, a))
            elif a.name in ("task", "wait"):
                tasks.append((c, a))
    _general_defence_notes(ctx, attacks)
    items: list[QueueItem] = []
    moved = movement_order(ctx, movers)
    if moved:
        ctx.log(ctx.say("Movement order: {order}", order=", ".join(
            locale.text(Msg("{name} ({why})", name=c.name, why=why), ctx.language)
            for c, _, why in moved)), kind="order", action="move")
    for n, (c, a, why) in enumerate(moved, start=1):
        items.append(QueueItem(id=enc.new_id(), actor=c.id, action=a,
                               data=Slot(phase="movement", rank=n, why=str(why)).dump()))
    merged: set[int] = set()
    for i, (c, a) in enumerate(attacks):
        if i in merged:
            continue
        slot = Slot(phase="exchange")
        for j in range(i + 1, len(attacks)):
            o, b = attacks[j]
            if j in merged or o.id != a.target or b.target != c.id:
                continue
            if realm_of(a, ctx) != realm_of(b, ctx):
                continue
            if any(x.path or x.out_of_reach for x in (Attack.of(a), Attack.of(b))):
                continue
            merged.add(j)
            slot.duel, slot.duel_action = o.id, b
            ctx.log(ctx.say("{name} and {name2} attack each other: one duel", name=c.name, name2=o.name), kind="order",
                    actor=c, target=o, action="attack")
            break
        items.append(QueueItem(id=enc.new_id(), actor=c.id, action=a, data=slot.dump()))
    for c, a in tasks:
        items.append(QueueItem(id=enc.new_id(), actor=c.id, action=a,
                               data=Slot(phase="task").dump()))
    return items


def step(enc: Encounter) -> Msg | None:
    """Where the round stands: the next item's phase and its place among that phase's items
    (``movement 1/2``, ``exchange 2/5``, ``task 1/1``); None when nothing is pending."""
    nxt = next((i for i in enc.queue if i.state == "pending" and not enc.get(i.actor).held),
               None)
    if nxt is None:
        return None
    phase = shown(nxt).phase
    same = [i for i in enc.queue if shown(i).phase == phase]
    return Msg("{phase} {n}/{count}", phase=term(locale.current(), phase),
               n=same.index(nxt) + 1, count=len(same))


def _general_defence_notes(ctx: RulesContext, attacks: list[tuple[Combatant, ActionRequest]]
                           ) -> None:
    """D12-MOB-6: a defensive bid counts in full only against attacks from a similar direction.
    A ``defend`` without ``from=`` that several attackers meet is the GM's call that they come
    from one direction: say so once, with the way to split it."""
    enc = ctx.enc
    met: dict[tuple[str, Realm], list[str]] = {}
    for c, a in attacks:
        if a.target is None or a.target not in {x.id for x in enc.combatants}:
            continue
        realm = realm_of(a, ctx)
        alloc = defence_against(ctx, enc.get(a.target), c.id, realm)
        if alloc is not None and alloc.group is None and alloc.bid > 0:
            met.setdefault((a.target, realm), []).append(c.name)
    for (tid, realm), names in met.items():
        if len(names) < 2:
            continue
        target = enc.get(tid)
        alloc = defence_against(ctx, target, "", realm)
        bid = alloc.bid if alloc else 0
        ctx.log(ctx.say("{target}'s defence {bid} (no from=) counts in full against each of {names}, as one direction; if they come from different directions, undo and declare {target} with from= groups", target=target.name, bid=bid, names=', '.join(names)),
                kind="note", actor=target, action="defend", **BidNote(bid=bid).dump())


def begin_round(ctx: RulesContext) -> None:
    """The round's order (the ruleset's ``begin_round``): :func:`order`."""
    ctx.enc.order = order(ctx)
