"""Ranged attacks: targets and sweeps, fire modes (T-D6-2), the range difficulty, the
extra-target penalty (D6-RANGE, D6-MULTI)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from combat_cli.api import RuleError, locale
from combat_rulesets.d6.core import difficulty_dice
from combat_rulesets.d6.options import Shot, fire_of
from combat_rulesets.d6.positions import protection_body, range_base, remembered
from combat_rulesets.d6.schema import tables

if TYPE_CHECKING:
    from combat_cli.api import ActionRequest, Combatant, RulesContext
    from combat_rulesets.d6.state import RoundState


def action_targets(ctx: RulesContext, c: Combatant, a: ActionRequest) -> list[Combatant]:
    """The target, and with ``fire=sweep`` every further name after it."""
    if not a.target:
        raise RuleError("{action} needs a target: {action2} NAME", action=a.name, action2=a.name)
    if a.args and fire_of(a) != "sweep":
        raise RuleError('{name} takes one target: "{args}" is one too many (several targets only with fire=sweep)', name=a.name, args=a.args[0])
    out = [ctx.combatant(a.target)]
    for word in a.args:
        x = ctx.find(word)
        if x in out:
            raise RuleError("{x} is named twice in the sweep", x=x.name)
        out.append(x)
    for x in out:
        if x.id == c.id:
            raise RuleError("{name} cannot attack themself", name=c.name)
    return out


def fire_mode(ctx: RulesContext, w: dict[str, Any] | None, o: Shot, n_targets: int
              ) -> tuple[dict[str, Any] | None, int]:
    """T-D6-2: the spray modifiers of ``fire=`` and the shots it uses (ROF, ammunition)."""
    t = tables(ctx)
    fire = o.fire
    if o.rounds is not None and fire != "multi":
        raise RuleError("rounds= goes with fire=multi")
    if fire == "single":
        return None, 1
    if fire != "multi" and (w is None or not w.get("auto")):
        raise RuleError("fire={fire} needs an automatic weapon", fire=fire)
    if fire == "sweep" and o.called:
        raise RuleError("a sweep is not aimed: no called shot")
    mode = t.spray[fire]
    spray: dict[str, Any] = {"difficulty": mode.difficulty, "damage": mode.damage}
    rounds = 1
    if fire == "multi":
        rounds = o.rounds or 2
        if rounds < 2:
            raise RuleError("fire=multi needs rounds=2 or more (shots at the same target)")
        spray = {"difficulty": mode.difficulty * (rounds - 1),
                 "damage": mode.damage * (rounds - 1)}
    elif fire == "sweep":
        rounds = n_targets  # one shot of the ROF and the magazine for each target swept
    spray["label"] = fire.replace("_", " ")
    return spray, rounds


def spray_difficulty(ctx: RulesContext, c: Combatant, spray: dict[str, Any] | None
                     ) -> tuple[int, str] | None:
    """The difficulty dice a fire mode adds (or takes away), rolled once for all targets."""
    if spray is None or not int(spray["difficulty"]):
        return None
    n = int(spray["difficulty"])
    v, txt = difficulty_dice(ctx, c.name, abs(n), spray["label"], minus=n < 0)
    return (v if n > 0 else -v, txt)


def check_shot(ctx: RulesContext, c: Combatant, a: ActionRequest, w: dict[str, Any]) -> int:
    """What can be checked when a shot is declared; returns the shots it uses."""
    targets = action_targets(ctx, c, a)
    o = Shot.of(a)
    _, rounds = fire_mode(ctx, w, o, len(targets))
    for x in targets:
        sit = remembered(ctx, c, x, o.said())
        range_base(ctx, w, sit.get("range"))
        if sit.get("protection"):
            protection_body(tables(ctx), sit["protection"])
    return rounds


def ranged_base(ctx: RulesContext, w: dict[str, Any], sit: dict[str, Any]) -> tuple[int, str]:
    """The difficulty of a shot nobody dodges (the range band), and how it was reached."""
    base, band = range_base(ctx, w, sit.get("range"))
    band_said = locale.Said(locale.catalogue(ctx.language).pgettext("range", band))
    return base, ctx.say("{band} range {base}", band=band_said, base=base)


def target_penalty(ctx: RulesContext, r: RoundState, target: Combatant
                   ) -> list[tuple[str, int]]:
    """D6-MULTI: the dice off for a target after the round's first (counting ``target``)."""
    tl = r.targets
    if target.id not in tl:
        tl.append(target.id)
    if target.id not in r.fired_at:
        r.fired_at.append(target.id)
    k = tl.index(target.id)
    per = tables(ctx).ranged.multi_target.per_extra_target
    return [(ctx.say("target {n}", n=k + 1), k * per)] if k and per else []
