"""The d12 and divine/infernal intervention (D12-INT-1, AMB-D12-3, AMB-D12-12).

Every d12 of a task or a contest goes through :func:`roll_d12`: a natural 1 is rolled again;
on the check, 1 is demonic intervention, 12 angelic, 2-11 nothing (the first roll stands, or
with ``intervention.reroll_replaces`` the check replaces it). An intervention halts the exchange
it happened in; what it does is the GM's to narrate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, cast

from combat_cli.api import Combatant, Msg, Roll, RulesContext, Word, sum_dice
from combat_rulesets.d12.records import Check, Halt
from combat_rulesets.d12.schema import Intervention, Tables
from combat_rulesets.d12.state import Intervention as Record
from combat_rulesets.d12.state import fight


@dataclass(frozen=True)
class D12:
    natural: int
    """The face of the first roll."""
    value: int
    """The value used in the total (the first roll, or the check when it replaces it)."""
    check: int | None = None
    """The intervention check roll, if a natural 1 called for one."""
    intervention: str | None = None
    """None, "demonic" or "angelic"."""
    roll: Roll | None = None
    """The first roll (for the log: dice and faces)."""
    check_roll: Roll | None = None


def classify(check: int, t: Intervention) -> Literal["demonic", "angelic"] | None:
    """What an intervention check of ``check`` brings (``t``: the tables' section)."""
    if check == t.demonic:
        return "demonic"
    if check == t.angelic:
        return "angelic"
    return None


def roll_d12(ctx: RulesContext, who: Combatant | None, purpose: str, *,
             contest: bool = True, log_check: bool = True, name: str | None = None) -> D12:
    """One d12 for ``who`` (or for a thing called ``name``, such as an obstacle in a line of
    fire); a natural 1 triggers the intervention check. The caller logs the roll itself with
    its total; the check is logged here (or by :func:`log_check` when the caller wants it
    after its own line)."""
    r = ctx.roll(sum_dice(1, 12), purpose)
    return check_d12(ctx, who, r, contest=contest, log_check=log_check, name=name)


def needs_check(ctx: RulesContext, r: Roll, *, contest: bool = True) -> bool:
    """Whether the d12 ``r`` calls for the intervention check (a natural 1, checks on)."""
    t = Tables.of(ctx).intervention
    return r.total == 1 and t.enabled and (not contest or t.in_contests)


def check_d12(ctx: RulesContext, who: Combatant | None, r: Roll, *, contest: bool = True,
              log_check: bool = True, name: str | None = None) -> D12:
    """The d12 ``r`` already thrown, with its intervention check rolled now when its natural 1
    calls for one (a contest throws both sides' dice first, then checks each 1)."""
    t = Tables.of(ctx).intervention
    natural = r.total
    if not needs_check(ctx, r, contest=contest):
        return D12(natural, natural, roll=r)
    label = who.name if who else name or ctx.label("the roll")
    c = ctx.roll(sum_dice(1, 12), ctx.say(
        "{name}: intervention check d12 (natural 1: {demonic} demonic, {angelic} angelic)",
        name=label, demonic=t.demonic, angelic=t.angelic))
    kind = classify(c.total, t)
    value = natural
    if kind is None and t.reroll_replaces:
        value = c.total
    d = D12(natural, value, c.total, kind, r, c)
    if log_check:
        _log_check(ctx, who, d, name)
    return d


def _log_check(ctx: RulesContext, who: Combatant | None, d: D12, name: str | None = None
               ) -> None:
    if d.check_roll is None:
        return
    name = who.name if who else name or ctx.label("The roll")
    text = Word({"demonic": "DEMONIC INTERVENTION", "angelic": "ANGELIC INTERVENTION",
                 None: "no intervention"}[d.intervention])
    extra = "" if d.intervention else (
        Msg(", the check {check} replaces the 1", check=d.check) if d.value != d.natural
        else Msg(", the 1 stands"))
    ctx.log(ctx.say("{name} rolled a natural 1: intervention check {check} -> {text}{extra}", name=name, check=d.check, text=text, extra=extra),
            kind="intervention" if d.intervention else "roll", actor=who,
            action="intervention", roll=d.check_roll, outcome=d.intervention or "none",
            **Check(check=d.check).dump())


log_check = _log_check


HALTS = {"demonic": "demonic intervention ({where})", "angelic": "angelic intervention ({where})"}
"""Why a running ``resolve all`` stops, by the kind of intervention."""


def record(ctx: RulesContext, who: Combatant | None, kind: str, where: str | Msg,
           effect: str | Msg | None = None, name: str | None = None) -> None:
    """An intervention happened to ``who`` (or to a thing called ``name``): a log entry for
    the GM, the encounter's list, and ``ctx.halt`` so a running ``resolve all`` stops after
    this item (the GM narrates first)."""
    allegiance = who.stats.get("allegiance") if who else None
    side = Msg(" ({name} is {allegiance})", name=who.name, allegiance=Word(str(allegiance))) \
        if who and allegiance else ""
    effect = effect or Msg("the exchange halts here: no winner, no damage")
    ctx.log(ctx.say("{kind} INTERVENTION ({where}){side}: {effect}; the GM narrates what happens",
                    kind=Word(kind.upper()), where=where, side=side, effect=effect),
            kind="intervention", actor=who, action="intervention", outcome=kind,
            **Halt(halted=str(where)).dump())
    ctx.halt(ctx.say(HALTS.get(kind, "{kind} intervention ({where})"), kind=kind, where=where))
    fight(ctx).interventions.append(Record(
        round=ctx.enc.round, who=who.name if who else name,
        kind=cast(Literal["demonic", "angelic"], kind), where=str(where)))
