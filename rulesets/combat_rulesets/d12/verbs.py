"""The d12 GM's verbs: task, defend, realm, path, reach, bids, power."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from combat_cli.api import (
    ActionRequest,
    Arg,
    Args,
    Combatant,
    Msg,
    Opt,
    QueueItem,
    RuleError,
    RulesContext,
    VerbSpec,
    Word,
    find_combatant,
    locale,
)
from combat_rulesets.d12.bid_sheet import bids_json
from combat_rulesets.d12.bids import weapon_of
from combat_rulesets.d12.contest import parse_path
from combat_rulesets.d12.options import Attack, Task
from combat_rulesets.d12.power import attack_power, check_weapon, parse_range, weapon
from combat_rulesets.d12.records import Slot
from combat_rulesets.d12.rounds import add_defence
from combat_rulesets.d12.schema import Tables
from combat_rulesets.d12.state import Realm, fight, fighter
from combat_rulesets.d12.stats import BUDGETS, REALMS, budget
from combat_rulesets.d12.tasks import run_task


def _task_verb(ctx: RulesContext, args: Args) -> None:
    run_task(ctx, args["name"], Task.of(args["task"]))


def _defend_verb(ctx: RulesContext, args: Args) -> None:
    add_defence(ctx, args["name"], args["defence"])


def _realm_verb(ctx: RulesContext, args: Args) -> None:
    r = args["realm"]
    fight(ctx).realm = cast(Realm, r)
    ctx.log(ctx.say("The fight is in the {r} realm: damage goes to {value} hits", r=Word(r),
                    value=Word({"corporeal": "Body", "ethereal": "Mind", "celestial": "Soul"}[r])),
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
        raise RuleError("{name} has no pending attack: declare {name} attack TARGET first", name=c.name)
    return found


def _pick(ctx: RulesContext, c: Combatant, opts: dict[str, str]) -> list[_Pending]:
    found = _pending_attacks(ctx, c)
    target = next((v for k, v in opts.items() if k.lower() == "target"), None)
    if target:
        t = find_combatant(ctx.enc, target)
        found = [p for p in found if p.action.target == t.id]
        if not found:
            raise RuleError("{name} has no pending attack on {t}", name=c.name, t=t.name)
    elif len(found) > 1:
        raise RuleError("{name} has {found} pending attacks: add target=NAME", name=c.name, found=len(found))
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
        raise RuleError("the queued {value}'s duel_action field required (found None)", value=item.action.text or item.action.name)
    slot.solo().put(item)
    enc.queue.insert(enc.queue.index(item) + 1, QueueItem(
        id=enc.new_id(), actor=partner_id, action=other, data=Slot(phase="exchange").dump()))
    ctx.log(ctx.say("{actor} and {partner_id} no longer fight one duel: each attack is its own exchange", actor=enc.name_of(item.actor), partner_id=enc.name_of(partner_id)), kind="order", actor=c, action="attack")


def _path_verb(ctx: RulesContext, args: Args) -> None:
    pos, opts = [args.raw["name"], args["path"]], args.opts
    c = args["name"]
    for p in _pick(ctx, c, opts):
        a = p.action
        w = weapon(weapon_of(a, c, Tables.of(ctx)), Tables.of(ctx))
        if not w.ranged:
            raise RuleError("{name} attacks with {w}, not a ranged weapon: path= is for shots (reach NAME no for a brawler who cannot touch)", name=c.name, w=w.name)
        o = Attack.of(a)
        if pos[1].lower() in ("clear", "none"):
            o.path = None
            _change(ctx, c, p, o, split=False)
            ctx.log(ctx.say("{name}'s line of fire to {target} is clear", name=c.name, target=ctx.enc.name_of(a.target)),
                    kind="note", actor=c, action="path")
        else:
            names = [n for _, n, _ in parse_path(ctx, pos[1])]
            o.path = pos[1]
            _change(ctx, c, p, o, split=True)
            ctx.log(ctx.say("{name}'s shot at {target} must pass {names}", name=c.name,
                            target=ctx.enc.name_of(a.target),
                            names=ctx.label(", then ").join(names)),
                    kind="note", actor=c, action="path")


def _reach_verb(ctx: RulesContext, args: Args) -> None:
    c, yes, opts = args["name"], args["answer"], args.opts
    for p in _pick(ctx, c, opts):
        a = p.action
        w = weapon(weapon_of(a, c, Tables.of(ctx)), Tables.of(ctx))
        if w.ranged:
            raise RuleError('{name} shoots ({w}): reach is for brawlers; a blocked shot is path {name} "A,B"', name=c.name, w=w.name)
        o = Attack.of(a)
        o.reach = yes
        _change(ctx, c, p, o, split=yes == "no")
        said = "{name} can touch {target}" if yes == "yes" else "{name} cannot touch {target}"
        ctx.log(ctx.say(said, name=c.name, target=ctx.enc.name_of(a.target)), kind="note",
                actor=c, action="reach")


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
        parts = [Msg("attack {name} {n}", name=x["target"], n=x["bid"]) for x in j["attacks"]]
        parts += [Msg("defend {n} vs {names}", n=x["bid"], names=(
            Msg("any other attacker") if x["from"] is None
            else ", ".join(x["from"]) or Msg("nobody left"))) for x in j["defences"]]
        realms: list[Msg] = []
        for r in REALMS:
            b, _ = budget(c, r, t)
            used = j["committed"].get(r, 0)
            spent = j.get("spent", {}).get(r, 0)
            if b is None and not used:
                continue
            most = "-" if b is None else b
            if mode == "per_contest":
                realms.append(Msg("{realm} {n} bid (each bid up to its stat)", realm=Word(r),
                                  n=used))
            elif mode == "per_fight":
                left = "-" if b is None else b - spent - used
                realms.append(Msg("{realm} {n} bid + {spent} spent earlier of {most} {budget}: "
                                  "{left} left", realm=Word(r), n=used, spent=spent, most=most,
                                  budget=Word(BUDGETS[r]), left=left))
            else:
                realms.append(Msg("{realm} {n}/{most} {budget}", realm=Word(r), n=used,
                                  most=most, budget=Word(BUDGETS[r])))
        lang = ctx.language
        ctx.note("{name}: {value}{more}", name=c.name,
                 value="; ".join(locale.text(x, lang) for x in parts) or Msg("no bids"),
                 more=Msg(" [{realms}]", realms="; ".join(locale.text(x, lang) for x in realms))
                 if realms else "")


def _power_verb(ctx: RulesContext, args: Args) -> None:
    t = Tables.of(ctx)
    w = weapon(check_weapon(args["weapon"], t), t)
    low, strength, bid = args.opts, args["strength"], args["bid"] or 0
    if bid < 0 or (strength is not None and strength < 0):
        raise RuleError("strength= and bid= are 0 or more")
    p = attack_power(w, t, strength=strength, bid=bid, rng=parse_range(low.get("range")))
    ctx.note("{w}: Power {power} ({how})", w=w.name, power=p.power, how=p.how)


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
