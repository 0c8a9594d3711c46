"""Extra verbs: ``nevýhoda`` (the GM sets a pair's disadvantage) and ``přehled`` (this turn's
pools, speeds and per-pair difficulties)."""

from __future__ import annotations

from typing import Any

from combat_cli.api import RulesContext, VerbSpec
from rulesets.czech_pool.combat import store
from rulesets.czech_pool.lang import err, t, tt


def _disadvantage(ctx: RulesContext, words: list[str]) -> None:
    if len(words) != 3:
        raise err(ctx, "nevýhoda KDO NA_KOHO N (0..3), např. nevýhoda Bořek Vlk 2",
                  "disadvantage WHO ON_WHOM N (0..3), e.g. disadvantage Ann Wolf 2")
    holder, victim = ctx.find(words[0]), ctx.find(words[1])
    if holder.id == victim.id:
        raise err(ctx, "nevýhoda je mezi dvěma různými bojovníky",
                  "a disadvantage is between two different fighters")
    try:
        n = int(words[2])
    except ValueError:
        raise err(ctx, f"N je 0..3, ne {words[2]!r}", f"N is 0..3, not {words[2]!r}") from None
    top = int(ctx.tables["core"]["disadvantage_max"])
    if not 0 <= n <= top:
        raise err(ctx, f"N je 0..{top}, ne {n}", f"N is 0..{top}, not {n}")
    store(ctx.enc)["pairs"][f"{holder.id}>{victim.id}"] = {"level": n, "fd": False}
    ctx.log(t(ctx, f"{holder.name} má na {victim.name} nevýhodu +{n}",
              f"{holder.name} holds a +{n} disadvantage on {victim.name}"),
            kind="disadvantage", actor=holder, target=victim, outcome=f"+{n}", level=n)


def _preview(ctx: RulesContext) -> dict[str, Any]:
    """The turn as resolve will build it: AMB-CZ-11 drops first (on this read-only copy)."""
    from rulesets.czech_pool.combat import build
    from rulesets.czech_pool.resolution import defence_drops

    for c, victim, p in defence_drops(ctx):
        ctx.note(t(ctx, f"{c.name} přestal pouze bránit: nevýhoda +{p['level']} na "
                        f"{ctx.name(victim)} zanikne",
                   f"{c.name} stopped only defending: his +{p['level']} disadvantage on "
                   f"{ctx.name(victim)} will be lost"))
        p["level"] = 0
        p["fd"] = False
    return build(ctx)


def _overview(ctx: RulesContext, words: list[str]) -> None:
    from rulesets.czech_pool.combat import describe_diff

    enc = ctx.enc
    if enc.phase == "setup":
        raise err(ctx, "souboj ještě nezačal: start", "the fight has not started: start")
    model = store(enc).get("turn") or _preview(ctx)
    base = int(ctx.tables["core"]["base_difficulty"])
    if not model["pools"]:
        ctx.note(t(ctx, "zatím nikdo nebojuje: declare JMÉNO AKCE CÍL ...",
                   "nobody fights yet: declare NAME ACTION TARGET ..."))
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


ENV = {"pocasi": ("počasí", "weather"), "teren": ("terén", "terrain"), "sero": ("šero", "dusk"),
       "tma": ("tma", "darkness", "dark"), "stisneny": ("stísněný", "cramped")}
ENV_MAX = {"pocasi": 2, "teren": 2, "sero": 1, "tma": 1, "stisneny": 1}


def _environment(ctx: RulesContext, words: list[str]) -> None:
    """``prostředí počasí=1 terén=2 šero=1``: modifiers for everyone (0 removes one)."""
    from rulesets.czech_pool.lang import flag, match

    env = store(ctx.enc).setdefault("env", {})
    if not words:
        raise err(ctx, "prostředí počasí=0..2 terén=0..2 šero=ano/ne tma=ano/ne stísněný=ano/ne",
                  "environment weather=0..2 terrain=0..2 dusk=yes/no dark=yes/no cramped=yes/no")
    for w in words:
        key, sep, val = w.partition("=")
        if not sep:
            raise err(ctx, f"{w}: napiš klíč=hodnota, např. počasí=1",
                      f"{w}: write key=value, e.g. weather=1")
        k = match(key, ENV, ("klíč prostředí", "environment key"), ctx)
        try:
            n = int(flag(val)) if ENV_MAX[k] == 1 and not val.strip().isdigit() else int(val)
        except ValueError:
            raise err(ctx, f"{key}= je číslo 0..{ENV_MAX[k]}",
                      f"{key}= takes 0..{ENV_MAX[k]}") from None
        if not 0 <= n <= ENV_MAX[k]:
            raise err(ctx, f"{key}= je 0..{ENV_MAX[k]}", f"{key}= takes 0..{ENV_MAX[k]}")
        env[k] = n
    shown = ", ".join(f"{tt(ctx, k)} {v}" for k, v in env.items() if v) or "—"
    ctx.log(t(ctx, f"Prostředí pro všechny: {shown}", f"Environment for everyone: {shown}"),
            kind="note", outcome=shown)


def _revive(ctx: RulesContext, words: list[str]) -> None:
    from rulesets.czech_pool.health import revive

    if not 1 <= len(words) <= 2:
        raise err(ctx, "revive JMÉNO [N] — zpět do boje s N stupni zranění",
                  "revive NAME [N] — back in the fight with N wound levels left")
    revive(ctx, ctx.find(words[0]), words[1] if len(words) == 2 else None)


VERBS = (
    VerbSpec("nevýhoda", "nevýhoda KDO NA_KOHO N",
             "set the disadvantage KDO holds on NA_KOHO (0..3) / set a pair's disadvantage",
             _disadvantage, aliases=("nevyhoda", "disadvantage")),
    VerbSpec("prostředí", "prostředí počasí=N terén=N šero=1 tma=1 stísněný=1",
             "modifiers for everyone (environment weather/terrain/dusk/dark/cramped)",
             _environment, aliases=("prostredi", "environment", "env")),
    VerbSpec("revive", "revive JMÉNO [N]",
             "bring back the unconscious or dead with N wound levels left (probrat/oživit)",
             _revive, aliases=("probrat", "oživit", "ozivit")),
    VerbSpec("přehled", "přehled", "this turn's pools, speeds and difficulties per pair",
             _overview, mutates=False, aliases=("prehled", "overview")),
)
