"""Disarm (the Disarm Stunt): the target drops its weapon and fights unarmed - no weapon
damage, pool or tags - until it takes an action to pick the weapon up (``act NAME pickup``;
house rule ``disarm.pickup``, AMB-SP-11)."""

from __future__ import annotations

from combat_cli.api import ActionRequest, Combatant, RuleError, RulesContext

from .blocked import blocked_any, buy_off_blocked
from .momentum import consolation, settle
from .options import Pickup
from .records import Disarmed
from .rolls import faces_text, roll_named
from .schema import Tables, Weapon
from .stats import weapon_of
from .turns import use_action, use_reflexive

UNARMED = "unarmed"


def lost_weapon(ctx: RulesContext, c: Combatant) -> str | None:
    """The weapon ``c`` dropped (None: not Disarmed). A Disarmed the GM set by hand loses the
    stat block's weapon."""
    for cond in c.conditions:
        if cond.name == "Disarmed":
            return str(Disarmed.of(cond).weapon or weapon_of(Tables.of(ctx), c).name)
    return None


def can_disarm(ctx: RulesContext, t: Combatant) -> str | None:
    """Why the Disarm Stunt would do nothing to ``t`` (None: it takes its weapon)."""
    if t.has_condition("Disarmed"):
        return ctx.say("{name} is already Disarmed", name=t.name)
    name = weapon_of(Tables.of(ctx), t).name
    if name in Tables.of(ctx).disarm.natural:
        return ctx.say("{name} has no weapon to disarm ({weapon})", name=t.name, weapon=name)
    return None


def disarm(ctx: RulesContext, c: Combatant, t: Combatant) -> None:
    """The Disarm Stunt lands: ``t`` drops its weapon (logged after the attack line)."""
    name = weapon_of(Tables.of(ctx), t).name
    ctx.add_condition(t, "Disarmed", data=Disarmed(weapon=name).dump(), quiet=True)
    how = ctx.say("a simple action") if Tables.of(ctx).disarm.pickup == "simple" else ctx.say(
        "reflexive")
    ctx.log(ctx.say("{t} is Disarmed: drops the {name} and fights unarmed (act {t} pickup picks it up: {how})", t=t.name, name=name, how=how), kind="condition", actor=c, target=t,
            outcome="+Disarmed", **Disarmed(weapon=name).dump())


def weapon_in_hand(ctx: RulesContext, c: Combatant, name: str | None) -> Weapon:
    """The weapon ``c`` attacks with: a Disarmed combatant fights unarmed (no weapon tags, not
    its stat block's extra tags) unless it names another weapon it still holds."""
    lost = lost_weapon(ctx, c)
    if lost is None:
        return weapon_of(Tables.of(ctx), c, name)
    w = weapon_of(Tables.of(ctx), c, name or UNARMED)
    if w.name == lost:
        raise RuleError("{name} is Disarmed: the {lost} is on the ground (act {name} pickup first, or attack unarmed)", name=c.name, lost=lost)
    return w


def pickup_tasks(lost: str) -> list[str]:
    """How a complicate action may name picking the weapon up (task="pick up the knife")."""
    return [f"pick up the {lost}", f"pick up {lost}", "pickup", f"retrieve the {lost}"]


def pickup(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """``act NAME pickup``: pick the dropped weapon up - a simple action by default. Blocked
    (SP-CMP-2), it takes a roll (``pool=``) whose spare successes buy the Blocked off."""
    lost = lost_weapon(ctx, c)
    if lost is None:
        raise RuleError("{name} is not Disarmed: nothing to pick up", name=c.name)
    bn, names = blocked_any(c, pickup_tasks(lost))
    pool = Pickup.of(a).pool
    if bn and not pool:
        raise RuleError("{name} is Blocked {bn} on picking up the {lost}: roll for it to buy it off (act {name} pickup pool=athletics+dexterity), or it fails", name=c.name, bn=bn, lost=lost)
    if Tables.of(ctx).disarm.pickup == "simple":
        use_action(ctx, c, "simple")
        how = ctx.say("a simple action")
    else:
        use_reflexive(ctx, c)
        how = ctx.say("reflexive")
    ok, tail = _pickup_roll(ctx, c, lost, str(pool), bn, names) if pool else (True, "")
    if not ok:
        ctx.log(ctx.say("{name} fails to pick up the {lost}{tail}", name=c.name, lost=lost, tail=tail), kind="action", actor=c,
                action="pickup", outcome="failure", **Disarmed(weapon=lost).dump())
        return
    ctx.remove_condition(c, "Disarmed", quiet=True)
    ctx.log(ctx.say("{name} picks up the {lost} ({how}){tail}: armed again", name=c.name, lost=lost, how=how, tail=tail), kind="action", actor=c,
            action="pickup", outcome="-Disarmed", **Disarmed(weapon=lost).dump())


def _pickup_roll(ctx: RulesContext, c: Combatant, lost: str, pool: str, bn: int,
                 names: list[str]) -> tuple[bool, str]:
    """Picking up under a Blocked: ``pool`` vs Difficulty 1, the rest buys the Blocked off."""
    r = roll_named(ctx, c, ctx.say("pick up the {lost}", lost=lost), pool,
                   vs=ctx.say("Difficulty {diff}", diff=Tables.of(ctx).dice.difficulty))
    need = Tables.of(ctx).dice.difficulty + r.extra_difficulty
    notes = list(r.notes)
    ok = r.total >= need
    rest = r.total - need
    if ok:
        rest, ok = buy_off_blocked(ctx, c, rest, bn, names, notes, "pickup")
    settle(ctx, c, r.complication, rest, notes, can_buy=ok)
    if not ok:
        consolation(ctx, c, notes)
    return ok, ctx.say(": {r} vs Difficulty {need}{notes}", r=faces_text(r, ctx), need=need,
                       notes="".join(f"; {x}" for x in notes))
