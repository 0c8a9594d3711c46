"""Declarations, resolution of queue items, and the d12 verbs (task, defend, realm, path,
reach, bids, power)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from combat_cli.api import (
    ActionRequest,
    Arg,
    Args,
    Combatant,
    Declaration,
    Opt,
    QueueItem,
    RuleError,
    RulesContext,
    VerbSpec,
    find_combatant,
)
from rulesets.d12.bids import (
    check_declaration,
    check_defence_realms,
    realm_of,
    stray_defences,
    weapon_of,
)
from rulesets.d12.contest import parse_path, resolve_attack
from rulesets.d12.health import cannot_act
from rulesets.d12.options import Attack, Defend, Move, Task, bidding
from rulesets.d12.power import attack_power, check_weapon, parse_range, weapon
from rulesets.d12.records import BidNote, Slot
from rulesets.d12.schema import Tables
from rulesets.d12.state import Realm, Where, fight, fighter
from rulesets.d12.stats import BUDGETS, REALMS, budget, skill_level
from rulesets.d12.tasks import run_task

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
            raise RuleError(f"{c.name} moves: give a place (move to=door) or another combatant")
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
        raise RuleError(f"reach= is for brawlers ({w.name} is ranged): a shot needs a "
                        "clear path instead (path=\"A,B\")")
    if o.path:
        if not w.ranged:
            raise RuleError(f"path= is for ranged weapons ({w.name} is not): a brawler "
                            "must touch the target (reach=no if they cannot)")
        if any(oid == c.id for oid, _, _ in parse_path(ctx, o.path)):
            raise RuleError(f"{c.name} cannot be in their own line of fire: path= lists "
                            "what stands between shooter and target")


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
            ctx.note(f"{why}: it cannot act, so {c.name}'s attack connects unopposed")


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
    where = " ".join(a.args) or Move.of(a).to or ""
    toward = f" toward {ctx.enc.name_of(a.target)}" if a.target else ""
    place = f" to {where}" if where else ""
    slot = _slot(ctx)
    ctx.log(f"{c.name} moves{toward}{place} ({slot.why}, "
            f"{_ordinal(slot.rank)} to move)", kind="move", actor=c,
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
        ctx.log(f"{c.name}'s attack lapses: the target is gone", kind="lapse", actor=c)
        return
    _settle(item, resolve_attack(ctx, c, a, Slot.of(item).duel_action))


def do_task(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    result = run_task(ctx, c, Task.of(a))
    if ctx.resolving is not None:
        _settle(ctx.resolving, result)


def do_wait(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    ctx.log(f"{c.name} waits", kind="note", actor=c, action="wait")


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
    whom = ", ".join(enc.name_of(i) for i in group) if group else "any other attacker"
    ctx.log(f"{c.name} defends with {n} against {whom} "
            f"({realm_of(action, ctx)})", kind="declare", actor=c, action="defend",
            **BidNote(bid=n).dump())


# -- display ---------------------------------------------------------------------------------


def bids_json(where: Where, c: Combatant) -> dict[str, Any]:
    """This round's bids of ``c``; ``budget`` per realm in use; with ``bid.budget =
    per_fight`` also ``spent`` (bid in earlier rounds) and ``left`` (still to bid)."""
    enc, tables = where.enc, Tables.of(where)
    d = enc.declarations.get(c.id)
    out: dict[str, Any] = {"attacks": [], "defences": [], "committed": {}, "budget": {}}
    present = {x.id for x in enc.combatants}
    for a in d.actions if d else []:
        if a.name not in ("attack", "defend"):
            continue
        realm, o = realm_of(a, where), bidding(a)
        n = o.stake or 0
        if isinstance(o, Defend):
            group = o.group
            out["defences"].append({"from": [enc.name_of(i) for i in group if i in present]
                                    if group else None, "bid": n, "realm": realm})
        else:
            out["attacks"].append({"target": enc.name_of(a.target), "bid": n, "realm": realm})
        out["committed"][realm] = out["committed"].get(realm, 0) + n
    spent = {r: n for r, n in fighter(where, c).spent.items() if n}
    per_fight = tables.bid.budget == "per_fight"
    realms = [r for r in REALMS if r in out["committed"] or (per_fight and r in spent)]
    for realm in realms:
        out["budget"][realm] = budget(c, realm, tables)[0]
    if per_fight:
        out["spent"] = {r: spent.get(r, 0) for r in realms}
        out["left"] = {r: None if out["budget"][r] is None else
                       out["budget"][r] - spent.get(r, 0) - out["committed"].get(r, 0)
                       for r in realms}
    return out


def _available(j: dict[str, Any], realm: str) -> int | None:
    """What ``c`` may bid in ``realm`` this round (the budget less what earlier rounds spent)."""
    b = j["budget"].get(realm)
    return None if b is None else b - j.get("spent", {}).get(realm, 0)


def bid_summary(where: Where, c: Combatant) -> str:
    """The status column: ``Puncher 3; def 1 vs Puncher; def 5 vs 4 (6/6)``; the total is this
    round's bids / what may be bid this round."""
    j = bids_json(where, c)
    parts = [f"{x['target']} {x['bid']}" for x in j["attacks"]]
    parts += [f"def {x['bid']}" + (
        "" if x["from"] is None else " vs nobody" if not x["from"] else f" vs {x['from'][0]}" if len(x["from"]) == 1
        else f" vs {len(x['from'])} attackers") for x in j["defences"]]
    tot = ", ".join(f"{j['committed'].get(r, 0)}/{'-' if _available(j, r) is None else _available(j, r)}"
                    for r in j["budget"])
    return ("; ".join(parts) + (f" ({tot})" if tot else "")).strip()


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# -- verbs -----------------------------------------------------------------------------------


def _task_verb(ctx: RulesContext, args: Args) -> None:
    run_task(ctx, args["name"], Task.of(args["task"]))


def _defend_verb(ctx: RulesContext, args: Args) -> None:
    add_defence(ctx, args["name"], args["defence"])


def _realm_verb(ctx: RulesContext, args: Args) -> None:
    r = args["realm"]
    fight(ctx).realm = cast(Realm, r)
    ctx.log(f"The fight is in the {r} realm: damage goes to "
            f"{ {'corporeal': 'Body', 'ethereal': 'Mind', 'celestial': 'Soul'}[r] } hits",
            kind="note", action="realm", outcome=r)


@dataclass
class _Pending:
    """One of ``c``'s attacks still to come: in its declaration (declaring), or a queue item;
    ``partner``: it is the other side of a duel filed under the opponent's item."""

    action: ActionRequest
    item: QueueItem | None = None
    partner: bool = False


def _pending_attacks(ctx: RulesContext, c: Combatant) -> list[_Pending]:
    enc = ctx.enc
    if enc.phase == "declare":
        d = enc.declarations.get(c.id)
        found = [_Pending(a) for a in (d.actions if d else []) if a.name == "attack"]
    elif enc.phase == "resolve":
        found = []
        for i in enc.queue:
            if i.state != "pending" or i.action.name != "attack":
                continue
            if i.actor == c.id:
                found.append(_Pending(i.action, i))
            elif (duel := Slot.of(i).partner(c.id)) is not None:
                found.append(_Pending(duel, i, partner=True))
    else:
        raise RuleError("no round is on: start the fight and declare first")
    if not found:
        raise RuleError(f"{c.name} has no pending attack: declare {c.name} attack TARGET first")
    return found


def _pick(ctx: RulesContext, c: Combatant, opts: dict[str, str]) -> list[_Pending]:
    found = _pending_attacks(ctx, c)
    target = next((v for k, v in opts.items() if k.lower() == "target"), None)
    if target:
        t = find_combatant(ctx.enc, target)
        found = [p for p in found if p.action.target == t.id]
        if not found:
            raise RuleError(f"{c.name} has no pending attack on {t.name}")
    elif len(found) > 1:
        raise RuleError(f"{c.name} has {len(found)} pending attacks: add target=NAME")
    return found


def _change(ctx: RulesContext, c: Combatant, p: _Pending, o: Attack, *, split: bool) -> None:
    """Give a pending attack the options ``o`` (its ``path=`` or ``reach=`` changed; None
    drops one). With ``split``, a duel the attack is part of becomes two exchanges (a blocked
    line of fire or a brawler who cannot touch is no longer one mutual contest)."""
    a = p.action
    o.put(a)
    item = p.item
    if item is None:
        return
    slot = Slot.of(item)
    if not slot.duel:
        return
    if not split:
        if p.partner:
            slot.duel_action = a
            slot.put(item)
        return
    enc = ctx.enc
    other = a if p.partner else slot.duel_action
    partner_id = slot.duel
    if other is None:     # a hand-damaged file: said as the core says a missing key
        raise RuleError(f"the queued {item.action.text or item.action.name}'s duel_action "
                        "field required (found None)")
    slot.solo().put(item)
    enc.queue.insert(enc.queue.index(item) + 1, QueueItem(
        id=enc.new_id(), actor=partner_id, action=other, data=Slot(phase="exchange").dump()))
    ctx.log(f"{enc.name_of(item.actor)} and {enc.name_of(partner_id)} no longer fight one duel: "
            "each attack is its own exchange", kind="order", actor=c, action="attack")


def _path_verb(ctx: RulesContext, args: Args) -> None:
    pos, opts = [args.raw["name"], args["path"]], args.opts
    c = args["name"]
    for p in _pick(ctx, c, opts):
        a = p.action
        w = weapon(weapon_of(a, c, Tables.of(ctx)), Tables.of(ctx))
        if not w.ranged:
            raise RuleError(f"{c.name} attacks with {w.name}, not a ranged weapon: path= is for "
                            "shots (reach NAME no for a brawler who cannot touch)")
        o = Attack.of(a)
        if pos[1].lower() in ("clear", "none"):
            o.path = None
            _change(ctx, c, p, o, split=False)
            ctx.log(f"{c.name}'s line of fire to {ctx.enc.name_of(a.target)} is clear",
                    kind="note", actor=c, action="path")
        else:
            names = [n for _, n, _ in parse_path(ctx, pos[1])]
            o.path = pos[1]
            _change(ctx, c, p, o, split=True)
            ctx.log(f"{c.name}'s shot at {ctx.enc.name_of(a.target)} must pass "
                    f"{', then '.join(names)}", kind="note", actor=c, action="path")


def _reach_verb(ctx: RulesContext, args: Args) -> None:
    c, yes, opts = args["name"], args["answer"], args.opts
    for p in _pick(ctx, c, opts):
        a = p.action
        w = weapon(weapon_of(a, c, Tables.of(ctx)), Tables.of(ctx))
        if w.ranged:
            raise RuleError(f"{c.name} shoots ({w.name}): reach is for brawlers; a blocked shot "
                            f"is path {c.name} \"A,B\"")
        o = Attack.of(a)
        o.reach = yes
        _change(ctx, c, p, o, split=yes == "no")
        ctx.log(f"{c.name} {'can' if yes == 'yes' else 'cannot'} touch "
                f"{ctx.enc.name_of(a.target)}", kind="note", actor=c, action="reach")


def _bids_verb(ctx: RulesContext, args: Args) -> None:
    """One note per combatant: each bid with the names it covers, then per realm what is bid
    against the budget (and, with ``per_fight``, what earlier rounds spent)."""
    enc = ctx.enc
    t = Tables.of(ctx)
    who = list(args["names"] or []) or [
        c for c in enc.combatants if c.id in enc.declarations or fighter(ctx, c).spent]
    if not who:
        ctx.note("no bids declared this round")
    mode = t.bid.budget
    for c in who:
        j = bids_json(ctx, c)
        parts = [f"attack {x['target']} {x['bid']}" for x in j["attacks"]]
        parts += [f"defend {x['bid']} vs " + (
            "any other attacker" if x["from"] is None else ", ".join(x["from"]) or "nobody left")
            for x in j["defences"]]
        realms = []
        for r in REALMS:
            b, _ = budget(c, r, t)
            used = j["committed"].get(r, 0)
            spent = j.get("spent", {}).get(r, 0)
            if b is None and not used:
                continue
            if mode == "per_contest":
                realms.append(f"{r} {used} bid (each bid up to its stat)")
            elif mode == "per_fight":
                left = "-" if b is None else b - spent - used
                realms.append(f"{r} {used} bid + {spent} spent earlier of {'-' if b is None else b}"
                              f" {BUDGETS[r]}: {left} left")
            else:
                realms.append(f"{r} {used}/{'-' if b is None else b} {BUDGETS[r]}")
        ctx.note(f"{c.name}: {'; '.join(parts) or 'no bids'}"
                 + (f" [{'; '.join(realms)}]" if realms else ""))


def _power_verb(ctx: RulesContext, args: Args) -> None:
    t = Tables.of(ctx)
    w = weapon(check_weapon(args["weapon"], t), t)
    low, strength, bid = args.opts, args["strength"], args["bid"] or 0
    if bid < 0 or (strength is not None and strength < 0):
        raise RuleError("strength= and bid= are 0 or more")
    p = attack_power(w, t, strength=strength, bid=bid, rng=parse_range(low.get("range")))
    ctx.note(f"{w.name}: Power {p.power} ({p.how})")


VERBS: tuple[VerbSpec, ...] = (
    VerbSpec("task", (Arg("name", "name"), Arg("task", "action", choices=("task",),
                                               metavar="tn=N [skill=S] [rp=N] [mod=N] [for=TEXT]")),
             "player vs thing: d12 - skill - rp, success under the Target Number", _task_verb),
    VerbSpec("defend", (Arg("name", "name"), Arg("defence", "action", choices=("defend",),
                                                 metavar="BID [from=A,B,...] [skill=S] [realm=R]")),
             "add a defensive bid to NAME's declaration; it counts in full against every "
             "attacker named in from= (a direction group)", _defend_verb),
    VerbSpec("realm", (Arg("realm", "choice", choices=REALMS),),
             "the realm of the fight (damage to Body, Mind or Soul hits)", _realm_verb),
    VerbSpec("path", (Arg("name", "name"), Arg("path", "list", metavar='"A,B,..."|clear'),
                      Opt("target", "name")),
             "the things in NAME's line of fire, nearest first (after movement)", _path_verb),
    VerbSpec("reach", (Arg("name", "name"), Arg("answer", "choice", choices=("yes", "no"),
                                                help="answer (yes or no)"), Opt("target", "name")),
             "whether NAME (a brawler) can touch the target after movement", _reach_verb),
    VerbSpec("bids", (Arg("names", "name", optional=True, repeat=True, metavar="NAME"),), "this round's bids and budgets", _bids_verb,
             mutates=False),
    VerbSpec("power", (Arg("weapon", "word"), Opt("strength", "int"), Opt("bid", "int"),
                       Opt("range", metavar="close|far|FEET")),
             "a weapon's Power (the rules' list, or Walton small|medium|large+edged+firearm)",
             _power_verb, mutates=False),
)

DEMO: tuple[str, ...] = (
    "# Cory is on the wrong end of four shooters and a punch (the rules' mob example)",
    "add Cory side=pc Strength=5 Agility=6 Precision=4 Intelligence=5 Will=5 Dodge=1 Fighting=2",
    "add Puncher Strength=7 Agility=7 Fighting=1",
    "add Shooter x4 Agility=4 Precision=4 weapon=.22 Guns=1",
    'add "Table Guy" Agility=2',
    "start",
    'declare "Table Guy" move to="in front of the table"',
    'declare Cory move to="the bar", defend 1 from=Puncher, '
    'defend 5 from="Shooter 1,Shooter 2,Shooter 3,Shooter 4"',
    "declare Puncher attack Cory bid=full",
    'declare "Shooter 1" attack Cory bid=4',
    'declare "Shooter 2" attack Cory bid=4 range=close',
    'declare "Shooter 3" attack Cory bid=4',
    'declare "Shooter 4" attack Cory bid=4 path="Table Guy"',
    "bids",
    "resolve all",
    "end",
    'task Cory tn=8 skill=Dodge rp=1 for="vault the bar"',
    "status",
)
