"""Weapons in hand: picking one, what it costs to draw or reload, ROF and ammunition."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from combat_cli.api import Msg, RuleError
from combat_rulesets.d6.core import Lapse, count
from combat_rulesets.d6.options import Draw, Reload
from combat_rulesets.d6.schema import tables
from combat_rulesets.d6.state import fighter
from combat_rulesets.d6.stats import norm, stat, weapon_entry

if TYPE_CHECKING:
    from combat_cli.api import ActionRequest, Combatant, RulesContext
    from combat_rulesets.d6.state import RoundState


def catalogue_weapon(ctx: RulesContext, want: Any) -> dict[str, Any]:
    """The catalogue's entry for ``want`` (refused with the closest name)."""
    try:
        return weapon_entry(tables(ctx), want)
    except ValueError as e:  # its message as made (a Msg), worded where shown
        raise RuleError(e.args[0] if e.args and isinstance(e.args[0], Msg) else str(e)) from None


def named_weapon(ctx: RulesContext, own: Any, want: Any) -> dict[str, Any]:
    """The weapon ``want`` names: the combatant's own (a template's table) if it matches,
    else the catalogue's entry."""
    if isinstance(own, dict) and norm(own["name"]).startswith(norm(str(want))):
        return weapon_entry(tables(ctx), own)
    return catalogue_weapon(ctx, want)


def is_own(own: Any, w: dict[str, Any]) -> bool:
    """Is ``w`` the combatant's own weapon table (not a catalogue entry)?"""
    return isinstance(own, dict) and own.get("name") == w["name"]


def pick_weapon(ctx: RulesContext, c: Combatant, want: str | None, *, melee: bool,
                action: str = "") -> dict[str, Any]:
    """The weapon an action uses: ``want`` (its weapon=), else the weapon stat."""
    own = stat(c, "weapon")
    if want is None:
        if own is None:
            raise RuleError("{name} has no weapon: add weapon=NAME to the action, or set {name} weapon=NAME (or brawl)"
                            if melee else
                            "{name} has no weapon: add weapon=NAME to the action, or set {name} weapon=NAME",
                            name=c.name)
        w = weapon_entry(tables(ctx), own)
    else:
        w = named_weapon(ctx, own, want)
    if melee and not w["melee"]:
        if action == "parry":
            raise RuleError("{w} is not a melee weapon: parry weapon=Knife, or block", w=w['name'])
        raise RuleError("{w} is not a melee weapon: attack ... weapon=Knife, or brawl", w=w['name'])
    if not melee and w["melee"]:
        raise RuleError("{w} is a melee weapon: attack with it, or shoot ... weapon=Heavy Pistol", w=w['name'])
    return w


def drawn_name(a: ActionRequest) -> str:
    """The weapon= a draw names (refused without one)."""
    want = Draw.of(a).weapon
    if not want:
        raise RuleError("draw needs weapon=NAME (e.g. draw weapon=Knife)")
    return want


def action_cost(ctx: RulesContext, c: Combatant, a: ActionRequest) -> int:
    if a.name == "reload":
        w = pick_weapon(ctx, c, Reload.of(a).weapon, melee=False)
        return int(w.get("reload", tables(ctx).actions.reload_default))
    if a.name == "draw":
        return tables(ctx).actions.draw_cost
    return 1


def ammo_left(ctx: RulesContext, c: Combatant, w: dict[str, Any]) -> int | None:
    if not w.get("ammo"):
        return None
    return fighter(ctx, c).ammo.setdefault(w["name"], int(w["ammo"]))


def check_shots(ctx: RulesContext, c: Combatant, r: RoundState, w: dict[str, Any], rounds: int
                ) -> int | None:
    """D6-MULTI-6: ``rounds`` more shots within the ROF this round and the magazine; returns
    the shots left in it (None: no magazine)."""
    used = r.shots.get(w["name"], 0)
    if used + rounds > int(w["rof"]):
        raise Lapse("{w} has ROF {rof}: {n} shots would be too many" if used == 0 else
                    "{w} has ROF {rof}: no more shots this round", w=w["name"], rof=w["rof"], n=rounds)
    left = ammo_left(ctx, c, w)
    if left is not None and left < rounds:
        raise Lapse("{name}'s {w} is empty: reload" if left <= 0 else
                    "{name}'s {w} has {left} left: reload", name=c.name, w=w["name"],
                    left=count(left, "shot"))
    return left


def spend_shots(ctx: RulesContext, c: Combatant, r: RoundState, w: dict[str, Any],
                rounds: int, left: int | None) -> None:
    r.shots[w["name"]] = r.shots.get(w["name"], 0) + rounds
    if left is not None:
        fighter(ctx, c).ammo[w["name"]] = left - rounds


def draw(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    want = drawn_name(a)
    own = stat(c, "weapon")
    w = named_weapon(ctx, own, want)
    if not is_own(own, w):
        c.stats["weapon"] = w["name"]
    ctx.log(ctx.say("{name} draws {w}", name=c.name, w=w['name']), kind="action", actor=c, action="draw",
            outcome=w["name"])


def reload(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    w = pick_weapon(ctx, c, Reload.of(a).weapon, melee=False)
    if not w.get("ammo"):
        raise RuleError("{w} needs no reloading", w=w['name'])
    fighter(ctx, c).ammo[w["name"]] = int(w["ammo"])
    ctx.log(ctx.say("{name} reloads {w} ({w2}, {w3})", name=c.name, w=w['name'], w2=count(int(w['ammo']), 'shot'), w3=count(int(w['reload']), 'action')),
            kind="action", actor=c, action="reload", outcome=str(w["ammo"]))
