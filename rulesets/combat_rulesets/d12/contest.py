"""Contests (player vs player, D12-BID-*), damage by realm (D12-DMG-*), blocked shots (D12-MOB-4).

Each side's total = natural d12 + bid + skill; the higher total wins. In the corporeal realm the
loser takes the winner's weapon Power (with the Strength bonus); in the ethereal and celestial
realms the difference of the totals plus the weapon's Power if the attack names a weapon. Any
natural 1 calls for the intervention check; an intervention halts the exchange.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from combat_cli.api import (
    ActionRequest,
    Combatant,
    Msg,
    Roll,
    RuleError,
    RulesContext,
    Word,
    closest,
    find_combatant,
    is_combatant_name,
    locale,
    sum_dice,
)
from combat_rulesets.d12 import health, words
from combat_rulesets.d12.bids import (
    bid_value,
    defence_against,
    kind_of,
    realm_of,
    split_names,
    weapon_of,
)
from combat_rulesets.d12.intervention import D12, check_d12, log_check, needs_check, record
from combat_rulesets.d12.options import Attack
from combat_rulesets.d12.power import attack_power, parse_range, weapon
from combat_rulesets.d12.records import Exchange, SideRoll
from combat_rulesets.d12.schema import Kind, Tables
from combat_rulesets.d12.state import Realm
from combat_rulesets.d12.stats import skill_level


@dataclass
class Side:
    who: Combatant | None
    name: str
    bid: int
    skill: int
    skill_label: str | Msg
    role: str
    bid_label: str | Msg = ""
    """How the bid was made up, when it is not one allocation (a duel: attack + defend)."""

    def bid_text(self) -> Msg:
        return (Msg("bid {n} ({how})", n=self.bid, how=self.bid_label) if self.bid_label
                else Msg("bid {n}", n=self.bid))

    def describe(self, d: D12) -> Msg:
        return Msg("d12 {face} + {bid} + {skill}", face=d.value, bid=self.bid_text(),
                   skill=self.skill_label)

    def total(self, d: D12) -> int:
        return d.value + self.bid + self.skill


@dataclass
class Outcome:
    winner: str | None
    """"a" (the attacking side), "d" (the other side) or None (stand-off / halted)."""
    a_total: int = 0
    d_total: int = 0
    halted: bool = False

    @property
    def difference(self) -> int:
        return abs(self.a_total - self.d_total)


def doing(role: str, other: str) -> Msg:
    """What a side does to ``other`` in a contest, for its lines (``duels Puncher``)."""
    return Msg(DOING[role], name=other)


DOING = {"duels": "duels {name}", "attacks": "attacks {name}", "shoots past": "shoots past {name}",
         "defends": "defends vs {name}", "in the path": "in the path vs {name}"}
"""A side's part in a contest (its role, or the attack's verb) and its words."""


def contest(ctx: RulesContext, a: Side, d: Side, what: Msg) -> Outcome:
    """One contest: both roll d12 + bid + skill (attacker first); ties per ``contest.ties``.
    An intervention halts it (``intervention.exchange``). With ``intervention.check_both``
    (AMB-D12-13) the two dice are thrown together: both are asked for first, then each
    natural 1 is checked; without it, an intervention on the attacker's die halts the exchange
    before the defender rolls. Nothing is asked once the exchange is announced as halted."""
    tables = Tables.of(ctx)
    t = tables.contest
    halt = tables.intervention.exchange == "halt"
    both = tables.intervention.check_both
    tries = 0
    while True:
        where = Msg("{name} {what}", name=a.name, what=what)  # kept in English
        against = doing(d.role, a.name)
        if both:
            first = _throw(ctx, a, what, d)
            # the attacker's total is known unless a natural 1's check may replace the die
            known = None if (needs_check(ctx, first) and tables.intervention.reroll_replaces
                             ) else first.total + a.bid + a.skill
            second = _throw(ctx, d, against, a, beat=known)
            ra, at = _check_side(ctx, a, first, what, d)
            rd, dt = _check_side(ctx, d, second, against, a)
            _record(ctx, a, ra, where)
            _record(ctx, d, rd, where)
        else:
            ra, at = _check_side(ctx, a, _throw(ctx, a, what, d), what, d)
            _record(ctx, a, ra, where)
            if ra.intervention and halt:
                return Outcome(None, at, halted=True)
            rd, dt = _check_side(ctx, d, _throw(ctx, d, against, a, beat=at), against, a)
            _record(ctx, d, rd, where)
        if halt and (ra.intervention or rd.intervention):
            return Outcome(None, at, dt, halted=True)
        if at != dt:
            return Outcome("a" if at > dt else "d", at, dt)
        mode = t.ties
        if mode == "defender":
            ctx.log(ctx.say("Tie {at} vs {dt}: {d} (defending) wins the tie", at=at, dt=dt, d=d.name), kind="contest",
                    actor=a.who, target=d.who, outcome="tie")
            return Outcome("d", at, dt)
        if mode == "reroll" and tries < t.max_rerolls:
            tries += 1
            ctx.log(ctx.say("Tie {at} vs {dt}: both roll again", at=at, dt=dt), kind="contest", actor=a.who,
                    target=d.who, outcome="tie")
            continue
        return Outcome(None, at, dt)


def _throw(ctx: RulesContext, s: Side, what: Msg, other: Side, beat: int | None = None
           ) -> Roll:
    """One side's d12, thrown (its intervention check comes later). ``beat``: the other side's
    total, when it is already known (shown in the roll's description)."""
    add = s.bid + s.skill   # what to roll first (d12+3), how it is made up in brackets
    die = f"d12{add:+d}" if add else "d12"
    values = {"name": s.name, "what": what, "die": die, "bid": s.bid_text(),
              "skill": s.skill_label}
    if beat is None:
        return ctx.roll(sum_dice(1, 12), ctx.say("{name}: {what} {die} ({bid} + {skill})",
                                                 **values))
    return ctx.roll(sum_dice(1, 12), ctx.say(  # the other's total
        "{name}: {what} {die} ({bid} + {skill}) vs {beat}: {needed}", **values, beat=beat,
        needed=face_needed(ctx, s, beat)))


def face_needed(ctx: RulesContext, s: Side, beat: int) -> str:
    """What the d12 must show to beat ``beat``, in the table's language (:func:`needed`)."""
    return locale.text(needed(ctx, s, beat), ctx.language)


def needed(ctx: RulesContext, s: Side, beat: int) -> Msg:
    """What the d12 must show to beat ``beat`` (the other side's total, known): ``needs 9+,
    8 ties``; a defender who wins ties (``contest.ties = "defender"``) needs the tie."""
    win = beat - s.bid - s.skill + 1
    tie = win - 1
    if Tables.of(ctx).contest.ties == "defender":
        win, tie = tie, 0
    if win <= 1:
        return Msg("any face wins")
    if win > 12:
        return Msg("12 ties") if tie == 12 else Msg("no face wins")
    return Msg("needs {win}+, {tie} ties", win=win, tie=tie) if tie >= 1 else \
        Msg("needs {win}+", win=win)


def _check_side(ctx: RulesContext, s: Side, r: Roll, what: Msg, other: Side
                ) -> tuple[D12, int]:
    """One side's d12 ``r``: checked for intervention, logged with its total, the check
    after it."""
    d = check_d12(ctx, s.who, r, log_check=False, name=s.name)
    total = _log_side(ctx, s, d, what, other)
    log_check(ctx, s.who, d, s.name)
    return d, total


def _record(ctx: RulesContext, s: Side, d: D12, where: Msg) -> None:
    """An intervention on one side's d12, recorded as happening in ``where`` (the attacker's
    exchange): what it does to the exchange is said here, once every die is asked for."""
    if d.intervention:
        halt = Tables.of(ctx).intervention.exchange == "halt"
        record(ctx, s.who, d.intervention, where,
               None if halt else Msg("the exchange is played out"), name=s.name)


def _roll_side(ctx: RulesContext, s: Side, what: Msg, other: Side, where: Msg
               ) -> tuple[D12, int]:
    """One side's d12 alone (an attack no one opposes): thrown, checked, recorded."""
    d, total = _check_side(ctx, s, _throw(ctx, s, what, other), what, other)
    _record(ctx, s, d, where)
    return d, total


def _log_side(ctx: RulesContext, s: Side, d: D12, what: Msg, other: Side) -> int:
    total = s.total(d)
    e = ctx.log(ctx.say("{s} {what}: {d} = {total}", s=s.name, what=what, d=s.describe(d), total=total), kind="roll",
                actor=s.who or s.name, action=s.role, target=other.who or other.name, roll=d.roll,
                **SideRoll(bid=s.bid, skill=s.skill, natural=d.natural, value=d.value).dump())
    e.total = total
    return total


def combatant_side(ctx: RulesContext, c: Combatant, bid: int, skill: Any, kind: Kind,
                   role: str, realm: Realm, default_skill: str | None = None) -> Side:
    n, label = skill_level(c, skill, default_skill
                           or Tables.of(ctx).skills.get(realm, {}).get(kind))
    return Side(c, c.name, bid, n, label, role)


# -- paths -----------------------------------------------------------------------------------
def parse_path(ctx: RulesContext, text: str, *, gone_ok: bool = False
               ) -> list[tuple[str | None, str, int]]:
    """``path="Table Guy,crate:3"`` -> [(combatant id or None, name, bonus of a thing)].
    With ``gone_ok`` (resolving), a name no longer in the encounter is left out, with a note."""
    out: list[tuple[str | None, str, int]] = []
    for w in split_names(text):
        if w.lower() in ("clear", "none"):
            continue
        name, sep, bonus = w.rpartition(":")
        if sep and not is_combatant_name(ctx.enc, w):
            try:
                n = int(bonus)
            except ValueError:
                raise RuleError("path: a thing is NAME:BONUS (table:0), not {w}", w=repr(w)) from None
            out.append((None, name.strip() or "thing", n))
            continue
        if not is_combatant_name(ctx.enc, w) and gone_ok:
            ctx.note("{w} is no longer in the encounter: left out of the line of fire", w=w)
            continue
        if not is_combatant_name(ctx.enc, w):
            guess = closest(w, [c.name for c in ctx.enc.combatants])
            hint = Msg(" — did you mean {guess}?", guess=guess) if guess else ""
            raise RuleError('path: no combatant "{w}"{hint} (a thing in the path is NAME:BONUS, e.g. table:0)', w=w, hint=hint)
        o = find_combatant(ctx.enc, w)
        if any(oid == o.id for oid, _, _ in out):
            raise RuleError("path: {name} is named twice: each thing stands once in the line of fire, nearest first", name=o.name)
        out.append((o.id, o.name, 0))
    return out


# -- damage ----------------------------------------------------------------------------------
def damage_amount(ctx: RulesContext, winner: Combatant, action: ActionRequest | None,
                  realm: Realm, diff: int, bid: int) -> tuple[int, Msg]:
    """What the loser takes: corporeal Power (D12-DMG-1), else difference + weapon (D12-DMG-2)."""
    tables = Tables.of(ctx)
    if realm == "corporeal":
        wname = weapon_of(action, winner, tables) if action else str(
            winner.stats.get("weapon") or tables.power.default_weapon)
        w = weapon(wname, tables)
        rng = parse_range(Attack.of(action).range) if action else None
        strength = winner.stats.get("Strength")
        p = attack_power(w, tables, strength=None if strength is None else int(strength),
                         bid=bid, rng=rng)
        return p.power, Msg("Power {power}: {how}", power=p.power, how=p.how)
    bonus = 0
    how = Msg("difference {n}", n=diff)
    o = Attack.of(action) if action else None
    if o and o.with_ and tables.power.other_realm_bonus == "power":
        w = weapon(o.with_, tables)
        rng = parse_range(o.range)
        bonus = attack_power(w, tables, rng=rng).power
        how = Msg("difference {n} + {weapon} Power {power}", n=diff, weapon=w.name, power=bonus)
    return diff + bonus, how


def _hit(ctx: RulesContext, winner: Combatant, loser: Combatant, action: ActionRequest | None,
         realm: Realm, out: Outcome, bid: int) -> None:
    n, how = damage_amount(ctx, winner, action, realm, out.difference, bid)
    track = health.TRACK_OF_REALM[realm]
    health.hurt(ctx, loser, n, track, source=Msg("{name}, {realm}: {how}", name=winner.name,
                                                 realm=Word(realm), how=how),
                actor=winner, realm=realm)


# -- one attack ------------------------------------------------------------------------------
def attacker_side(ctx: RulesContext, c: Combatant, action: ActionRequest, role: str = "attack"
                  ) -> Side:
    tables = Tables.of(ctx)
    realm = realm_of(action, ctx)
    kind = kind_of(action, tables, c)
    o = Attack.of(action)
    bid = o.stake if o.stake is not None else bid_value(c, action, realm, kind, tables)
    own = weapon(weapon_of(action, c, tables), tables).skill
    return combatant_side(ctx, c, bid, o.skill, kind, role, realm,
                          own if realm == "corporeal" else None)


def resolve_attack(ctx: RulesContext, c: Combatant, action: ActionRequest,
                   duel: ActionRequest | None = None) -> str:
    """Resolve ``c``'s attack (and, for a mutual duel, the target's attack back). Returns a
    short result word for the queue item."""
    tables = Tables.of(ctx)
    target = ctx.combatant(action.target or "")
    realm = realm_of(action, ctx)
    w = weapon(weapon_of(action, c, tables), tables)
    unable = health.cannot_act(ctx, target)
    if target.out and unable is None:
        ctx.note("{target} is already {status}", target=target.name,
                 status=words.status(ctx.language, target))
    att = Attack.of(action)
    if not w.ranged and att.out_of_reach:
        ctx.log(ctx.say("{name} cannot touch {target}: no exchange (a brawler must be able to touch the opponent)", name=c.name, target=target.name), kind="attack", actor=c, action="attack", target=target,
                outcome="out of reach")
        return "out of reach"
    a = attacker_side(ctx, c, action)
    # A blocked line of fire: the things in the path first (D12-MOB-4, AMB-D12-8).
    if w.ranged and att.path:
        literal = tables.path.mode == "literal"
        for oid, oname, bonus in parse_path(ctx, att.path, gone_ok=True):
            if oid == target.id:
                break
            if oid is None:
                o = None
                side = Side(None, oname, 0, bonus, f"+{bonus}", "in the path")
            else:
                o = ctx.combatant(oid)
                alloc = defence_against(ctx, o, c.id, realm)
                side = combatant_side(ctx, o, alloc.bid if alloc else 0,
                                      alloc.skill if alloc else None, "defend", "in the path",
                                      realm)
            out = contest(ctx, a, side, doing("shoots past", oname))
            if out.halted:
                return "halted"
            vs = Msg("{at} vs {dt}", at=out.a_total, dt=out.d_total)
            if out.winner == "a" and literal:
                _say(ctx, Msg("{name}'s shot meets {thing} in the path: {vs}, {thing} is hit",
                              name=c.name, thing=oname, vs=vs), c, o, out, "hit", realm,
                     path=oname)
                if o is not None:
                    _hit(ctx, c, o, action, realm, out, a.bid)
                return f"hit {oname}"
            if out.winner == "a":
                _say(ctx, Msg("{name} shoots past {thing}: {vs}", name=c.name, thing=oname,
                              vs=vs), c, o, out, "past", realm, path=oname)
                continue
            if out.winner == "d" and literal:
                _say(ctx, Msg("{thing} avoids {name}'s shot: {vs}; the shot goes on",
                              thing=oname, name=c.name, vs=vs), c, o, out, "avoided", realm,
                     path=oname)
                continue
            why = Msg("tie, stand-off") if out.winner is None else Msg("{thing} wins",
                                                                        thing=oname)
            _say(ctx, Msg("{thing} stops {name}'s shot: {vs} ({why})", thing=oname,
                          name=c.name, vs=vs, why=why), c, o, out, "stopped", realm, path=oname)
            return "stopped"
    if unable is not None:
        return _unopposed(ctx, c, target, action, a, realm, unable, duel)
    # The exchange with the target. The Strength bonus looks at the offensive bid alone
    # (a duel adds the defensive bid covering the other side to the contest's bid).
    a_offence, d_offence = a.bid, 0
    if duel is not None:
        # A mutual duel: each side's bid is its offensive bid against the other plus any
        # defensive allocation covering the other; the loser takes the winner's damage.
        d = attacker_side(ctx, target, duel, "duels")
        d_offence = d.bid
        alloc = defence_against(ctx, target, c.id, realm)
        if alloc and alloc.bid:
            d.bid_label = Msg("attack {attack} + defend {defend}", attack=d.bid,
                              defend=alloc.bid)
            d.bid += alloc.bid
        alloc_a = defence_against(ctx, c, target.id, realm)
        if alloc_a and alloc_a.bid:
            a.bid_label = Msg("attack {attack} + defend {defend}", attack=a.bid,
                              defend=alloc_a.bid)
            a.bid += alloc_a.bid
    else:
        alloc = defence_against(ctx, target, c.id, realm)
        if alloc is None:  # an attack its declaration did not see coming: its phone is asked
            from combat_rulesets.d12.asked_defence import ask_defence

            ask_defence(ctx, target, c, realm)
            alloc = defence_against(ctx, target, c.id, realm)
        d = combatant_side(ctx, target, alloc.bid if alloc else 0, alloc.skill if alloc else None,
                           "defend", "defends", realm)
    verb = "duels" if duel is not None else "attacks"
    out = contest(ctx, a, d, doing(verb, target.name))
    if out.halted:
        return "halted"
    head = Msg(f"{{name}} {verb} {{target}}: {{at}} vs {{dt}}", name=c.name, target=target.name,
               at=out.a_total, dt=out.d_total)
    if out.winner is None:
        _say(ctx, Msg("{head}, tie: stand-off, nobody connects", head=head), c, target, out,
             "standoff", realm)
        return "standoff"
    if out.winner == "a":
        _say(ctx, Msg("{head}, {name} connects", head=head, name=c.name), c, target, out, "hit",
             realm)
        _hit(ctx, c, target, action, realm, out, a_offence)
        return "hit"
    if duel is not None:
        _say(ctx, Msg("{head}, {name} wins and connects", head=head, name=target.name), c,
             target, out, "countered", realm)
        _hit(ctx, target, c, duel, realm, out, d_offence)
        return "countered"
    if tables.contest.loser_always_takes_damage:
        _say(ctx, Msg("{head}, {name} wins; the loser takes damage (house rule)", head=head,
                      name=target.name), c, target, out, "countered", realm)
        _hit(ctx, target, c, None, realm, out, d.bid)
        return "countered"
    _say(ctx, Msg("{head}, {name} avoids the hit", head=head, name=target.name), c, target, out,
         "miss", realm)
    return "miss"


def _unopposed(ctx: RulesContext, c: Combatant, target: Combatant, action: ActionRequest,
               a: Side, realm: Realm, why: str, duel: ActionRequest | None) -> str:
    """An attack on a target that cannot act (D12-BID-1 needs both sides to bid and roll; an
    incapacitated figure cannot act): it loses unopposed, no roll is asked for it. The
    attacker still rolls (its total, and a natural 1's intervention check)."""
    what = doing("attacks", target.name)
    r, total = _roll_side(ctx, a, what, Side(target, target.name, 0, 0, "", "defends"),
                          Msg("{name} {what}", name=a.name, what=what))
    if r.intervention and Tables.of(ctx).intervention.exchange == "halt":
        return "halted"
    if duel is not None:
        ctx.log(ctx.say("{target}'s attack on {name} lapses: {why}", target=target.name, name=c.name, why=why), kind="lapse",
                actor=target, action="attack", target=c)
    out = Outcome("a", total, 0)
    _say(ctx, Msg("{name} {what}: {total}, unopposed ({why}), {name} connects", name=c.name,
                  what=what, total=total, why=why), c, target, out, "hit", realm)
    _hit(ctx, c, target, action, realm, out, a.bid)
    return "hit"


def _say(ctx: RulesContext, text: Msg, c: Combatant, target: Combatant | None, out: Outcome,
         outcome: str, realm: str, path: str | None = None) -> None:
    """The outcome line of a contest: ``total`` is the attacker's, ``difficulty`` the other's."""
    e = ctx.log(ctx.say(text.key, **text.values), kind="attack", actor=c, action="attack", target=target,
                difficulty=out.d_total, outcome=outcome, **_exchange(out, realm, path).dump())
    e.total = out.a_total


def _exchange(out: Outcome, realm: str, path: str | None) -> Exchange:
    """The numbers of a contest's outcome line (``path``: only for a thing in the line of fire)."""
    rec = Exchange(a_total=out.a_total, d_total=out.d_total, realm=realm)
    if path is not None:
        rec.path = path
    return rec
