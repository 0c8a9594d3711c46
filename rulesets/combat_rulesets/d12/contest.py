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
    Roll,
    RuleError,
    RulesContext,
    Word,
    closest,
    find_combatant,
    is_combatant_name,
    sum_dice,
)
from combat_rulesets.d12 import health
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
    skill_label: str
    role: str
    bid_label: str = ""
    """How the bid was made up, when it is not one allocation (a duel: attack + defend)."""

    def bid_text(self) -> str:
        return f"bid {self.bid}" + (f" ({self.bid_label})" if self.bid_label else "")

    def describe(self, d: D12) -> str:
        return f"d12 {d.value} + {self.bid_text()} + {self.skill_label}"

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


def contest(ctx: RulesContext, a: Side, d: Side, what: str) -> Outcome:
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
        where = f"{a.name} {what}"
        against = f"{d.role} {a.name}" if d.role == "duels" else f"{d.role} vs {a.name}"
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


def _throw(ctx: RulesContext, s: Side, what: str, other: Side, beat: int | None = None
           ) -> Roll:
    """One side's d12, thrown (its intervention check comes later). ``beat``: the other side's
    total, when it is already known (shown in the roll's description)."""
    vs = f" vs {beat}: {face_needed(ctx, s, beat)}" if beat is not None else ""  # the other's total
    add = s.bid + s.skill   # what to roll first (d12+3), how it is made up in brackets
    die = f"d12{add:+d}" if add else "d12"
    return ctx.roll(sum_dice(1, 12),
                    f"{s.name}: {what} {die} ({s.bid_text()} + {s.skill_label}){vs}")


def face_needed(ctx: RulesContext, s: Side, beat: int) -> str:
    """What the d12 must show to beat ``beat`` (the other side's total, known): ``needs 9+,
    8 ties``; a defender who wins ties (``contest.ties = "defender"``) needs the tie."""
    win = beat - s.bid - s.skill + 1
    tie = win - 1
    if Tables.of(ctx).contest.ties == "defender":
        win, tie = tie, 0
    if win <= 1:
        return "any face wins"
    if win > 12:
        return "12 ties" if tie == 12 else "no face wins"
    return f"needs {win}+" + (f", {tie} ties" if tie >= 1 else "")


def _check_side(ctx: RulesContext, s: Side, r: Roll, what: str, other: Side
                ) -> tuple[D12, int]:
    """One side's d12 ``r``: checked for intervention, logged with its total, the check
    after it."""
    d = check_d12(ctx, s.who, r, log_check=False, name=s.name)
    total = _log_side(ctx, s, d, what, other)
    log_check(ctx, s.who, d, s.name)
    return d, total


def _record(ctx: RulesContext, s: Side, d: D12, where: str) -> None:
    """An intervention on one side's d12, recorded as happening in ``where`` (the attacker's
    exchange): what it does to the exchange is said here, once every die is asked for."""
    if d.intervention:
        halt = Tables.of(ctx).intervention.exchange == "halt"
        record(ctx, s.who, d.intervention, where,
               None if halt else "the exchange is played out", name=s.name)


def _roll_side(ctx: RulesContext, s: Side, what: str, other: Side, where: str
               ) -> tuple[D12, int]:
    """One side's d12 alone (an attack no one opposes): thrown, checked, recorded."""
    d, total = _check_side(ctx, s, _throw(ctx, s, what, other), what, other)
    _record(ctx, s, d, where)
    return d, total


def _log_side(ctx: RulesContext, s: Side, d: D12, what: str, other: Side) -> int:
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
            hint = f" — did you mean {guess}?" if guess else ""
            raise RuleError('path: no combatant "{w}"{hint} (a thing in the path is NAME:BONUS, e.g. table:0)', w=w, hint=hint)
        o = find_combatant(ctx.enc, w)
        if any(oid == o.id for oid, _, _ in out):
            raise RuleError("path: {name} is named twice: each thing stands once in the line of fire, nearest first", name=o.name)
        out.append((o.id, o.name, 0))
    return out


# -- damage ----------------------------------------------------------------------------------
def damage_amount(ctx: RulesContext, winner: Combatant, action: ActionRequest | None,
                  realm: Realm, diff: int, bid: int) -> tuple[int, str]:
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
        return p.power, f"Power {p.power}: {p.how}"
    bonus = 0
    how = f"difference {diff}"
    o = Attack.of(action) if action else None
    if o and o.with_ and tables.power.other_realm_bonus == "power":
        w = weapon(o.with_, tables)
        rng = parse_range(o.range)
        bonus = attack_power(w, tables, rng=rng).power
        how += f" + {w.name} Power {bonus}"
    return diff + bonus, how


def _hit(ctx: RulesContext, winner: Combatant, loser: Combatant, action: ActionRequest | None,
         realm: Realm, out: Outcome, bid: int) -> None:
    n, how = damage_amount(ctx, winner, action, realm, out.difference, bid)
    track = health.TRACK_OF_REALM[realm]
    health.hurt(ctx, loser, n, track, source=f"{winner.name}, {realm}: {how}", actor=winner,
                realm=realm)


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
        ctx.note("{target} is already {status}", target=target.name, status=Word(target.status))
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
            out = contest(ctx, a, side, f"shoots past {oname}")
            if out.halted:
                return "halted"
            vs = f"{out.a_total} vs {out.d_total}"
            if out.winner == "a" and literal:
                _say(ctx, f"{c.name}'s shot meets {oname} in the path: {vs}, {oname} is hit",
                     c, o, out, "hit", realm, path=oname)
                if o is not None:
                    _hit(ctx, c, o, action, realm, out, a.bid)
                return f"hit {oname}"
            if out.winner == "a":
                _say(ctx, f"{c.name} shoots past {oname}: {vs}", c, o, out, "past", realm,
                     path=oname)
                continue
            if out.winner == "d" and literal:
                _say(ctx, f"{oname} avoids {c.name}'s shot: {vs}; the shot goes on", c, o, out,
                     "avoided", realm, path=oname)
                continue
            why = "tie, stand-off" if out.winner is None else f"{oname} wins"
            _say(ctx, f"{oname} stops {c.name}'s shot: {vs} ({why})", c, o, out, "stopped",
                 realm, path=oname)
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
            d.bid_label = f"attack {d.bid} + defend {alloc.bid}"
            d.bid += alloc.bid
        alloc_a = defence_against(ctx, c, target.id, realm)
        if alloc_a and alloc_a.bid:
            a.bid_label = f"attack {a.bid} + defend {alloc_a.bid}"
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
    out = contest(ctx, a, d, f"{verb} {target.name}")
    if out.halted:
        return "halted"
    head = f"{c.name} {verb} {target.name}: {out.a_total} vs {out.d_total}"
    if out.winner is None:
        _say(ctx, f"{head}, tie: stand-off, nobody connects", c, target, out, "standoff", realm)
        return "standoff"
    if out.winner == "a":
        _say(ctx, f"{head}, {c.name} connects", c, target, out, "hit", realm)
        _hit(ctx, c, target, action, realm, out, a_offence)
        return "hit"
    if duel is not None:
        _say(ctx, f"{head}, {target.name} wins and connects", c, target, out, "countered", realm)
        _hit(ctx, target, c, duel, realm, out, d_offence)
        return "countered"
    if tables.contest.loser_always_takes_damage:
        _say(ctx, f"{head}, {target.name} wins; the loser takes damage (house rule)", c, target,
             out, "countered", realm)
        _hit(ctx, target, c, None, realm, out, d.bid)
        return "countered"
    _say(ctx, f"{head}, {target.name} avoids the hit", c, target, out, "miss", realm)
    return "miss"


def _unopposed(ctx: RulesContext, c: Combatant, target: Combatant, action: ActionRequest,
               a: Side, realm: Realm, why: str, duel: ActionRequest | None) -> str:
    """An attack on a target that cannot act (D12-BID-1 needs both sides to bid and roll; an
    incapacitated figure cannot act): it loses unopposed, no roll is asked for it. The
    attacker still rolls (its total, and a natural 1's intervention check)."""
    what = f"attacks {target.name}"
    r, total = _roll_side(ctx, a, what, Side(target, target.name, 0, 0, "", "defends"),
                          f"{a.name} {what}")
    if r.intervention and Tables.of(ctx).intervention.exchange == "halt":
        return "halted"
    if duel is not None:
        ctx.log(ctx.say("{target}'s attack on {name} lapses: {why}", target=target.name, name=c.name, why=why), kind="lapse",
                actor=target, action="attack", target=c)
    out = Outcome("a", total, 0)
    _say(ctx, f"{c.name} {what}: {total}, unopposed ({why}), {c.name} connects", c, target,
         out, "hit", realm)
    _hit(ctx, c, target, action, realm, out, a.bid)
    return "hit"


def _say(ctx: RulesContext, text: str, c: Combatant, target: Combatant | None, out: Outcome,
         outcome: str, realm: str, path: str | None = None) -> None:
    """The outcome line of a contest: ``total`` is the attacker's, ``difficulty`` the other's."""
    e = ctx.log(text, kind="attack", actor=c, action="attack", target=target,
                difficulty=out.d_total, outcome=outcome, **_exchange(out, realm, path).dump())
    e.total = out.a_total


def _exchange(out: Outcome, realm: str, path: str | None) -> Exchange:
    """The numbers of a contest's outcome line (``path``: only for a thing in the line of fire)."""
    rec = Exchange(a_total=out.a_total, d_total=out.d_total, realm=realm)
    if path is not None:
        rec.path = path
    return rec
