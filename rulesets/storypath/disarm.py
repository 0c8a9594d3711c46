"""Disarm (the Disarm Stunt): the target drops its weapon and fights unarmed - no weapon
damage, pool or tags - until it takes an action to pick the weapon up (``act NAME pickup``;
house rule ``disarm.pickup``, AMB-SP-11)."""

from __future__ import annotations

from typing import Any

from combat_cli.engine.context import RulesContext
from combat_cli.engine.errors import RuleError
from combat_cli.engine.models import ActionRequest, Combatant

from .stats import weapon_of
from .turns import use_action, use_reflexive

UNARMED = "unarmed"


def lost_weapon(ctx: RulesContext, c: Combatant) -> str | None:
    """The weapon ``c`` dropped (None: not Disarmed). A Disarmed the GM set by hand loses the
    stat block's weapon."""
    for cond in c.conditions:
        if cond.name == "Disarmed":
            return str(cond.data.get("weapon") or weapon_of(ctx.tables, c)["name"])
    return None


def can_disarm(ctx: RulesContext, t: Combatant) -> str | None:
    """Why the Disarm Stunt would do nothing to ``t`` (None: it takes its weapon)."""
    if t.has_condition("Disarmed"):
        return f"{t.name} is already Disarmed"
    name = weapon_of(ctx.tables, t)["name"]
    if name in ctx.tables["disarm"]["natural"]:
        return f"{t.name} has no weapon to disarm ({name})"
    return None


def disarm(ctx: RulesContext, c: Combatant, t: Combatant) -> None:
    """The Disarm Stunt lands: ``t`` drops its weapon (logged after the attack line)."""
    name = weapon_of(ctx.tables, t)["name"]
    ctx.add_condition(t, "Disarmed", data={"weapon": name}, quiet=True)
    how = "a simple action" if ctx.tables["disarm"]["pickup"] == "simple" else "reflexive"
    ctx.log(f"{t.name} is Disarmed: drops the {name} and fights unarmed "
            f"(act {t.name} pickup picks it up: {how})", kind="condition", actor=c, target=t,
            outcome="+Disarmed", weapon=name)


def weapon_in_hand(ctx: RulesContext, c: Combatant, name: str | None) -> dict[str, Any]:
    """The weapon ``c`` attacks with: a Disarmed combatant fights unarmed (no weapon tags, not
    its stat block's extra tags) unless it names another weapon it still holds."""
    lost = lost_weapon(ctx, c)
    if lost is None:
        return weapon_of(ctx.tables, c, name)
    w = weapon_of(ctx.tables, c, name or UNARMED)
    if w["name"] == lost:
        raise RuleError(f"{c.name} is Disarmed: the {lost} is on the ground (act {c.name} "
                        "pickup first, or attack unarmed)")
    return w


def pickup(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """``act NAME pickup``: pick the dropped weapon up - a simple action by default."""
    lost = lost_weapon(ctx, c)
    if lost is None:
        raise RuleError(f"{c.name} is not Disarmed: nothing to pick up")
    if ctx.tables["disarm"]["pickup"] == "simple":
        use_action(ctx, c, "simple")
        how = "a simple action"
    else:
        use_reflexive(ctx, c)
        how = "reflexive"
    ctx.remove_condition(c, "Disarmed", quiet=True)
    ctx.log(f"{c.name} picks up the {lost} ({how}): armed again", kind="action", actor=c,
            action="pickup", outcome="-Disarmed", weapon=lost)
