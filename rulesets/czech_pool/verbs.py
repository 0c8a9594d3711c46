"""Extra verbs: ``nevýhoda`` (the GM sets a pair's disadvantage) and ``přehled`` (this turn's
pools, speeds and per-pair difficulties)."""

from __future__ import annotations

from combat_cli.engine.context import RulesContext
from combat_cli.engine.errors import RuleError
from rulesets.base import VerbSpec
from rulesets.czech_pool.combat import store
from rulesets.czech_pool.lang import t


def _disadvantage(ctx: RulesContext, words: list[str]) -> None:
    if len(words) != 3:
        raise RuleError("usage: nevýhoda KDO NA_KOHO N (0..3), e.g. nevýhoda Bořek Vlk 2")
    holder, victim = ctx.find(words[0]), ctx.find(words[1])
    if holder.id == victim.id:
        raise RuleError("a disadvantage is between two different fighters")
    try:
        n = int(words[2])
    except ValueError:
        raise RuleError(f"N is 0..3, not {words[2]!r}") from None
    top = int(ctx.tables["core"]["disadvantage_max"])
    if not 0 <= n <= top:
        raise RuleError(f"N is 0..{top}, not {n}")
    store(ctx.enc)["pairs"][f"{holder.id}>{victim.id}"] = {"level": n, "fd": False}
    ctx.log(t(ctx, f"{holder.name} má na {victim.name} nevýhodu +{n}",
              f"{holder.name} holds a +{n} disadvantage on {victim.name}"),
            kind="disadvantage", actor=holder, target=victim, outcome=f"+{n}", level=n)


def _overview(ctx: RulesContext, words: list[str]) -> None:
    from rulesets.czech_pool.combat import build, describe_diff

    enc = ctx.enc
    if enc.phase == "setup":
        raise RuleError("the fight has not started: start")
    model = store(enc).get("turn") or build(ctx)
    base = int(ctx.tables["core"]["base_difficulty"])
    for c in enc.combatants:
        p = model["pools"].get(c.id)
        if p is None:
            continue
        line = f"{c.name}: {t(ctx, 'bank', 'pool')} {p['n']} ({p['text']})"
        sp = model["speeds"].get(c.id)
        if sp is not None:
            line += f", {t(ctx, 'rychlost', 'speed')} {sp}"
        for o, d in model["diff"].get(c.id, {}).items():
            line += f"; vs {ctx.name(o)}: {t(ctx, 'obt.', 'diff')} " + describe_diff(
                base, d["parts"], d["value"])
        ctx.note(line)


VERBS = (
    VerbSpec("nevýhoda", "nevýhoda KDO NA_KOHO N",
             "set the disadvantage KDO holds on NA_KOHO (0..3) / set a pair's disadvantage",
             _disadvantage, aliases=("nevyhoda", "disadvantage")),
    VerbSpec("přehled", "přehled", "this turn's pools, speeds and difficulties per pair",
             _overview, mutates=False, aliases=("prehled", "overview")),
)
