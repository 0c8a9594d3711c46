"""Bids: offensive bids per target, defensive bids per direction group, the budget (AMB-D12-4).

A declaration holds ``attack TARGET bid=N`` actions (one offensive bid per target; a combatant
facing several must divide its budget among them) and ``defend [BID] [from=A,B]`` actions: one
defensive bid that counts in full against every attacker of its group (D12-MOB-6: Cory's 5
against each of the four shooters behind the table). A ``defend`` without ``from=`` is the
general defence against any attacker not in a group. Every single bid is capped by the
characteristic that governs it (``bid.caps``); with ``bid.budget = "per_round"`` the sum of all
bids of a realm is at most the budget of that realm (``physical``/``mental``/``spiritual``, or
the realm's characteristic).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from combat_cli.api import (
    ActionRequest,
    Combatant,
    Encounter,
    Msg,
    RuleError,
    Word,
    find_combatant,
    locale,
)
from combat_rulesets.d12.options import Attack, Defend, bidding
from combat_rulesets.d12.schema import Kind, Tables
from combat_rulesets.d12.state import Realm, Where, fight
from combat_rulesets.d12.stats import BUDGETS, budget
from combat_rulesets.d12.words import term

_SEP = re.compile(r"\s*[,+;/]\s*")


def split_names(text: str) -> list[str]:
    return [w for w in _SEP.split(str(text).strip()) if w]


def realm_of(action: ActionRequest, where: Where) -> Realm:
    """The realm of an attack or defence: its own (``realm=``, or the fight's when it was
    declared), else the fight's realm now."""
    o = bidding(action)
    return o.realm or o.declared_realm or fight(where).realm or Tables.of(where).default_realm


def kind_of(action: ActionRequest, tables: Tables, c: Combatant) -> Kind:
    """``melee``, ``ranged`` or ``defend``: which cap and default skill apply."""
    if action.name == "defend":
        return "defend"
    from combat_rulesets.d12.power import weapon

    return "ranged" if weapon(weapon_of(action, c, tables), tables).ranged else "melee"


def weapon_of(action: ActionRequest, c: Combatant, tables: Tables) -> str:
    return str(Attack.of(action).with_ or c.stats.get("weapon") or tables.power.default_weapon)


def cap(c: Combatant, realm: Realm, kind: Kind, tables: Tables) -> tuple[int | None, str]:
    stat = tables.bid.caps[realm][kind]
    v = c.stats.get(stat)
    return (None if v is None else int(v)), stat


def unexpected_in_defend(action: ActionRequest) -> Msg:
    """The error for a ``defend`` with stray words: most often a ``from=`` list typed without
    quotes (``from=Shooter 1`` or ``from=S1,S2``: outside quotes a comma parts actions)."""
    from combat_cli.api import COMMA

    rest = action.args[1:]
    stray = next((w for w in rest if w != COMMA), ",")
    given = Defend.of(action).from_
    if given is None and COMMA not in rest:
        return Msg('defend: unexpected "{stray}" (defend BID [from="A,B"])', stray=stray)
    meant = str(given or "")
    for w in rest:
        meant += "," if w == COMMA else (" " if meant and not meant.endswith(",") else "") + w
    return Msg('defend: unexpected "{stray}" — a from= list with spaces or commas needs quotes: '
               'from="{meant}"', stray=stray, meant=meant)


def bid_value(c: Combatant, action: ActionRequest, realm: Realm, kind: Kind,
              tables: Tables) -> int:
    """The bid of one action (``bid=N``, ``bid=full`` or the positional ``defend N``),
    checked against its cap."""
    raw = bidding(action).bid
    if raw is not None and action.name == "defend" and action.args:
        raise RuleError("defend: the bid is given twice ({args} and bid={raw}): defend BID or defend bid=BID", args=action.args[0], raw=raw)
    if raw is None and action.name == "defend" and action.args:
        if len(action.args) > 1:
            raise RuleError(unexpected_in_defend(action))
        raw = action.args[0]
    limit, stat = cap(c, realm, kind, tables)
    if raw is None or raw == "":
        return 0
    text = str(raw).strip().lower()
    if text in ("full", "max", "all"):
        if limit is None:
            raise RuleError("bid=full needs {name}'s {stat}: set \"{name}\" {stat}=N, or give a number", name=c.name, stat=stat)
        return limit
    try:
        n = int(text)
    except ValueError:
        raise RuleError("{action}: bid= takes a number or full, not {raw}", action=action.name, raw=repr(raw)) from None
    if n < 0:
        raise RuleError("{action}: a bid is 0 or more, not {n}", action=action.name, n=n)
    if limit is not None and n > limit:
        raise RuleError("{name} bids {n} but a {kind} bid in the {realm} realm is at most {stat} {limit}: bid {limit} or less", name=c.name, n=n, kind=term(locale.current(), kind), realm=Word(realm), stat=Word(stat), limit=limit)
    return n


@dataclass(frozen=True)
class Allocation:
    realm: str
    bid: int
    group: tuple[str, ...] | None
    """Combatant ids of the direction group; None: the general defence."""
    skill: str | None = None


def defences(where: Where, c: Combatant) -> list[Allocation]:
    """The defensive allocations ``c`` declared this round (already validated)."""
    d = where.enc.declarations.get(c.id)
    if d is None:
        return []
    out = []
    for a in d.actions:
        if a.name != "defend":
            continue
        o = Defend.of(a)
        out.append(Allocation(realm_of(a, where), o.stake or 0,
                              tuple(o.group) if o.group is not None else None, o.skill))
    return out


def defence_against(where: Where, c: Combatant, attacker_id: str, realm: str
                    ) -> Allocation | None:
    """The allocation of ``c`` that covers an attack from ``attacker_id`` in ``realm``: the
    direction group naming the attacker, else the general defence, else None (bid 0)."""
    general = None
    for a in defences(where, c):
        if a.realm != realm:
            continue
        if a.group is None:
            general = a
        elif attacker_id in a.group:
            return a
    return general


def resolve_group(enc: Encounter, c: Combatant, text: str) -> list[str]:
    """The combatant ids of a ``from=`` list; [] for ``all`` (the general defence)."""
    ids: list[str] = []
    names = split_names(text)
    if not names:
        raise RuleError('from={text} names no attacker: from="Shooter 1,Shooter 2" (or all)', text=text)
    for w in names:
        if w.lower() in ("all", "*"):
            return []
        o = find_combatant(enc, w)
        if o.id == c.id:
            raise RuleError("{name} cannot defend against themself: from= names attackers", name=c.name)
        if o.id not in ids:
            ids.append(o.id)
    return ids


def check_declaration(where: Where, c: Combatant, actions: list[ActionRequest], *,
                      spent: dict[Realm, int] | None = None, duels: bool = True) -> None:
    """Validate and normalise the bids of one declaration (keeps the realm, the bid and a
    defence's group with each action: ``_realm``/``_bid``/``_from``); raises RuleError on a bid
    over its cap, an overlapping group, a duel's bid over its cap (``duels``: the declaration
    is the round's, not an attack resolved at once) or the budget."""
    enc, tables = where.enc, Tables.of(where)
    totals: dict[Realm, list[Msg]] = {}
    sums: dict[Realm, int] = {}
    seen_group: dict[str, dict[str, str]] = {}
    general: dict[str, bool] = {}
    for a in actions:
        if a.name not in ("attack", "defend"):
            continue
        realm = realm_of(a, where)
        kind = kind_of(a, tables, c)
        n = bid_value(c, a, realm, kind, tables)
        o = bidding(a)
        o.declared_realm = realm             # the realm in force when it was declared
        o.stake = n
        ids = resolve_group(enc, c, o.from_) if isinstance(o, Defend) and o.from_ else []
        if isinstance(o, Defend):
            o.group = ids or None            # None: the general defence (not kept)
        o.put(a)
        if a.name == "defend":
            if ids:
                mine = seen_group.setdefault(realm, {})
                for i in ids:
                    if i in mine:
                        raise RuleError("{i} is in two of {name}'s defence groups: each attacker belongs to one direction group", i=enc.name_of(i), name=c.name)
                    mine[i] = a.text
                label = Msg("defend {n} vs {names}", n=n,
                            names=", ".join(enc.name_of(i) for i in ids))
            else:
                if general.get(realm):
                    raise RuleError("{name} has two general defences in the {realm} realm: give one of them from=NAMES", name=c.name, realm=Word(realm))
                general[realm] = True
                label = Msg("defend {n}", n=n)
        else:
            if a.target == c.id:
                raise RuleError("{name} cannot attack themself", name=c.name)
            label = Msg("attack {name} {n}", name=enc.name_of(a.target), n=n)
        sums[realm] = sums.get(realm, 0) + n
        totals.setdefault(realm, []).append(label)
    if duels:
        check_duels(where, c, actions)
    mode = tables.bid.budget
    if mode == "per_contest":
        return
    for realm, total in sums.items():
        limit, source = budget(c, realm, tables)
        if limit is None:
            continue
        used = (spent or {}).get(realm, 0) if mode == "per_fight" else 0
        if total + used > limit:
            parts = " + ".join(locale.text(x, locale.current()) for x in totals[realm])
            already = Msg(" after {n} spent earlier in the fight", n=used) if used else ""
            what: str | Msg
            if source == BUDGETS[realm]:
                what, fix = Word(BUDGETS[realm]), Msg("lower a bid")
            else:
                who = f'"{c.name}"' if " " in c.name else c.name
                what = Msg("{budget} (= {stat})", budget=Word(BUDGETS[realm]), stat=Word(source))
                fix = Msg("lower a bid, or set {who} {budget}={n}", who=who,
                          budget=BUDGETS[realm], n=total + used)
            raise RuleError("{name} bids {total} ({parts}){already} but has {value} {what}: {fix}", name=c.name, total=total, parts=parts, already=already, value=limit - used, what=what, fix=fix)


def _duel_partner(where: Where, a: ActionRequest, c: Combatant,
                  actions: list[ActionRequest] | None = None) -> ActionRequest | None:
    """The attack back that makes ``c``'s attack ``a`` one duel (as :func:`combat_rulesets.d12.mob.plan`
    pairs them: the target attacks ``c`` in the same realm, neither shot blocked, both can
    touch); ``actions``: the target's, when not its declaration."""
    if a.target is None or Attack.of(a).path or Attack.of(a).out_of_reach:
        return None
    if actions is None:
        d = where.enc.declarations.get(a.target)
        actions = d.actions if d else []
    realm = realm_of(a, where)
    return next((b for b in actions if b.name == "attack" and b.target == c.id
                 and realm_of(b, where) == realm and not Attack.of(b).path
                 and not Attack.of(b).out_of_reach), None)


def _cover(where: Where, actions: list[ActionRequest], attacker_id: str, realm: Realm
           ) -> int:
    """The defensive bid among ``actions`` that covers ``attacker_id`` in ``realm`` (as
    :func:`defence_against` reads a declaration)."""
    general = 0
    for a in actions:
        if a.name != "defend" or realm_of(a, where) != realm:
            continue
        o = Defend.of(a)
        if o.group is None:
            general = o.stake or 0
        elif attacker_id in o.group:
            return o.stake or 0
    return general


def _duel_over(where: Where, c: Combatant, a: ActionRequest, actions: list[ActionRequest],
               other: Combatant) -> tuple[int, Msg, int, str] | None:
    """``c``'s bid in its duel with ``other`` (attack ``a`` + the defence among ``actions``
    covering ``other``), when it is over the cap of the attack: (bid, how, cap, stat)."""
    tables = Tables.of(where)
    realm = realm_of(a, where)
    attack = Attack.of(a).stake or 0
    defend = _cover(where, actions, other.id, realm)
    limit, stat = cap(c, realm, kind_of(a, tables, c), tables)
    if limit is None or attack + defend <= limit:
        return None
    return attack + defend, Msg("attack {attack} + defend {defend}", attack=attack,
                                defend=defend), limit, stat


def check_duels(where: Where, c: Combatant, actions: list[ActionRequest]) -> None:
    """D12-BID-1: a duel's bid (the attack plus the defence covering the other side) is one
    stat bid, at most the stat that caps the attack. Checked for ``c``'s new declaration
    ``actions`` and for the other side of each duel it makes."""
    enc = where.enc
    for a in actions:
        if a.name != "attack" or a.target is None or a.target == c.id:
            continue
        if a.target not in {x.id for x in enc.combatants}:
            continue
        b = _duel_partner(where, a, c)
        if b is None:
            continue
        other = enc.get(a.target)
        over = _duel_over(where, c, a, actions, other)
        if over is not None:
            n, how, limit, stat = over
            raise RuleError("{name} vs {other} is a duel: {how} = {n} > {stat} {limit}; lower a bid", name=c.name, other=other.name, how=how, n=n, stat=Word(stat), limit=limit)
        d = enc.declarations.get(other.id)
        over = _duel_over(where, other, b, d.actions if d else [], c)
        if over is not None:
            n, how, limit, stat = over
            raise RuleError("{other} vs {name} would be a duel: {how} = {n} > {stat} {limit}; lower {other}'s first", other=other.name, name=c.name, how=how, n=n, stat=Word(stat), limit=limit)


def attack_realms(where: Where, attacker_id: str, target_id: str) -> set[str]:
    """The realms of the attacks ``attacker_id`` declared this round on ``target_id``."""
    d = where.enc.declarations.get(attacker_id)
    return {realm_of(a, where) for a in (d.actions if d else [])
            if a.name == "attack" and a.target == target_id}


def check_defence_realms(where: Where, c: Combatant, actions: list[ActionRequest]) -> None:
    """A defence naming an attacker (``from=``) whose attacks on ``c`` are all in another realm
    would count 0 while costing the budget: refuse it, naming the realm to give."""
    enc = where.enc
    for a in actions:
        group = Defend.of(a).group if a.name == "defend" else None
        if not group:
            continue
        realm = realm_of(a, where)
        for aid in group:
            realms = attack_realms(where, aid, c.id)
            if realms and realm not in realms:
                other = sorted(realms)[0]
                raise RuleError("{aid} attacks {name} in the {other} realm: a {realm} defence would count 0 against it (add realm={typed})", aid=enc.name_of(aid), name=c.name, other=Word(other), realm=Word(realm), typed=other)


def stray_defences(where: Where, c: Combatant, actions: list[ActionRequest]) -> list[Msg]:
    """Notes for ``c``'s attacks that meet a target's defence naming ``c`` in another realm
    only (it counts 0 in this attack)."""
    enc = where.enc
    notes = []
    for a in actions:
        if a.name != "attack" or a.target is None or a.target not in enc.declarations:
            continue
        realm = realm_of(a, where)
        target = enc.get(a.target)
        covered = defence_against(where, target, c.id, realm)
        if covered is not None and covered.group is not None:
            continue
        for alloc in defences(where, target):
            if alloc.group and c.id in alloc.group and alloc.realm != realm:
                who = f'"{target.name}"' if " " in target.name else target.name
                notes.append(Msg("{target}'s defence {bid} from {name} is {realm}: it does not "
                                 "count against this {attack} attack (defend {who} N from={name} "
                                 "realm={typed} adds one)", target=target.name, bid=alloc.bid,
                                 name=c.name, realm=Word(alloc.realm), attack=Word(realm),
                                 who=who, typed=realm))
    return notes
