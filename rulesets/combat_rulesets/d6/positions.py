"""What stands between a shooter and a target: range, cover, concealment and protection,
as the GM says them (range bands T-D6-1, protection Body T-D6-6a), remembered per pair, and
the ``position`` verb that sets or shows them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from combat_cli.api import Msg, RuleError
from combat_rulesets.d6.codes import Code, parse_code
from combat_rulesets.d6.options import RANGE_HELP
from combat_rulesets.d6.records import situation_data
from combat_rulesets.d6.schema import tables
from combat_rulesets.d6.state import fight
from combat_rulesets.d6.stats import _match, stat, weapon_entry

if TYPE_CHECKING:
    from combat_cli.api import Args, Combatant, RulesContext
    from combat_rulesets.d6.schema import Tables
    from combat_rulesets.d6.state import SituationKey

SITUATION = ("range", "cover", "conceal", "protection")


def pair_key(c: Combatant, target: Combatant) -> str:
    return f"{c.id}>{target.id}"


def remembered(ctx: RulesContext, c: Combatant, target: Combatant, said: Mapping[str, str]
               ) -> dict[str, Any]:
    """What ``said`` says of the pair (a shot's :meth:`~combat_rulesets.d6.options.Shot.said`, the
    ``position`` verb's words), else what was said before (``none`` clears)."""
    before = fight(ctx).pairs.get(pair_key(c, target), {})
    mem: dict[str, Any] = {k: v for k, v in before.items()}
    mem.update((k, said[k]) for k in SITUATION if k in said)
    return {k: v for k, v in mem.items() if v != "none"}


def carried_over(ctx: RulesContext, c: Combatant, target: Combatant, said: Mapping[str, str]
                 ) -> str:
    """What an earlier line said of the pair and this one does not (``cover=half``), so a
    remembered cover never applies unseen; empty when nothing carries over."""
    mem = fight(ctx).pairs.get(pair_key(c, target), {})
    return ", ".join(f"{k}={v}" for k, v in mem.items()
                     if k not in said and v != "none")


def situation(ctx: RulesContext, c: Combatant, target: Combatant, said: Mapping[str, str]
              ) -> dict[str, Any]:
    """Range, cover, concealment and protection between ``c`` and ``target``: what this shot
    says, else what was said before for the pair (kept in the encounter; ``none`` clears)."""
    pairs = fight(ctx).pairs
    key = pair_key(c, target)
    mem = remembered(ctx, c, target, said)
    if mem:
        pairs[key] = cast("dict[SituationKey, str]", {k: str(v) for k, v in mem.items()})
    else:
        pairs.pop(key, None)
    return mem


def drop_cover(ctx: RulesContext, c: Combatant, target: Combatant) -> bool:
    """Forget the cover (and its protection) between the pair; True if there was some."""
    pairs = fight(ctx).pairs
    sit = pairs.get(pair_key(c, target), {})
    if sit.pop("cover", None) is None:
        return False
    sit.pop("protection", None)
    if not sit:
        pairs.pop(pair_key(c, target), None)
    return True


def range_base(ctx: RulesContext, w: dict[str, Any], value: Any) -> tuple[int, str]:
    """T-D6-1: the difficulty and band of a range (a band name or metres for ``w``)."""
    t = tables(ctx).ranged
    bands = t.bands
    if value is None:
        band = t.default_range
    else:
        text = str(value).strip().lower().rstrip("m")
        if text.isdigit():
            m = int(text)
            lim = [t.point_blank_m, *w["ranges"]]
            names = ["point_blank", "short", "medium", "long"]
            band = next((n for n, hi in zip(names, lim, strict=True) if m <= hi), "")
            if not band:
                raise RuleError("{m} m is beyond {w}'s long range ({lim} m)", m=m, w=w['name'], lim=lim[-1])
        else:
            try:
                band = _match(str(value), list(bands), "range")
            except ValueError:
                raise RuleError('no range "{value}": {RANGE_HELP}', value=value, RANGE_HELP=Msg(RANGE_HELP)) from None
    return bands[band], band.replace("_", " ")


def protection_body(t: Tables, name: Any) -> tuple[Code, str]:
    """T-D6-6a: the Body Strength of a named protection (or a code like 3D)."""
    pt = t.protection
    if not name:
        return parse_code(pt.default_body), "cover"
    try:
        body = parse_code(name)
        return body, f"protection {body.text()}"
    except ValueError:
        pass
    try:
        key = _match(str(name), list(pt.body), "protection")
    except ValueError:
        raise RuleError('no protection "{name}": {body}, or a Body code like 3D', name=name, body=", ".join(pt.body)) from None
    return parse_code(pt.body[key]), key.replace("_", " ")


def _choose(word: str, choices: list[str], what: str) -> str:
    try:
        return _match(word, choices, what)
    except ValueError as e:  # its message as made (a Msg), worded where shown
        raise RuleError(e.args[0] if e.args and isinstance(e.args[0], Msg) else str(e)) from None


def position(ctx: RulesContext, args: Args) -> None:
    """``position ATTACKER|all TARGET [range=] [cover=] [conceal=] [protection=]``: set (or
    show) what is remembered between a shooter and a target."""
    pos, raw = [args.raw["shooter"], args.raw["target"]], args.opts
    target = args["target"]
    if args["shooter"] == "all":
        shooters = [x for x in ctx.enc.combatants if x.id != target.id]
    else:
        shooters = [args["shooter"]]
        if shooters[0].id == target.id:
            raise RuleError("a shooter and a target are two different combatants")
    t = tables(ctx)
    choices = {"cover": list(t.modifiers.cover) + ["none"],
               "conceal": list(t.modifiers.conceal) + ["none"]}
    given: dict[str, str] = {}
    for k, v in raw.items():
        key = next((s for s in SITUATION if s.startswith(k.lower())), None)
        if key is None:
            raise RuleError("position has no option {k}= (range=, cover=, conceal=, protection=)", k=k)
        if key in choices:
            v = _choose(v, choices[key], key)
        elif key == "range" and v.lower() != "none":
            text = v.strip().lower().rstrip("m")
            if not text.isdigit():
                v = _choose(v, list(t.ranged.bands), "range")
        elif key == "protection" and v.lower() != "none":
            protection_body(t, v)
        given[key] = "none" if v.lower() == "none" else v
    for sh in shooters:
        sit = situation(ctx, sh, target, given)
        own = stat(sh, "weapon")
        if sit.get("range") and own is not None and pos[0].lower() != "all":
            w = weapon_entry(t, own)
            if not w["melee"]:
                range_base(ctx, w, sit["range"])
        said = ", ".join(f"{k}={v}" for k, v in sit.items()) or "nothing (short range, open)"
        if given:
            ctx.log(ctx.say("{sh} → {target}: {said}", sh=sh.name, target=target.name, said=said), kind="note", actor=sh,
                    target=target, **situation_data(sit))
        else:
            ctx.note("{sh} → {target}: {said}", sh=sh.name, target=target.name, said=said)

