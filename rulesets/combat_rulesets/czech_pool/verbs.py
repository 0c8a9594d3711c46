"""Extra verbs: ``nevýhoda`` (the GM sets a pair's disadvantage) and ``přehled`` (this turn's
pools, speeds and per-pair difficulties)."""

from __future__ import annotations

from combat_cli.api import Arg, Args, Opt, RulesContext, Syntax, VerbSpec
from combat_rulesets.czech_pool.lang import say, terr, tr, tt
from combat_rulesets.czech_pool.schema import Tables
from combat_rulesets.czech_pool.state import Pair, Turn, czp


def _disadvantage(ctx: RulesContext, args: Args) -> None:
    holder, victim, n = args["kdo"], args["na_koho"], args["n"]
    if holder.id == victim.id:
        raise terr(ctx, "a disadvantage is between two different fighters")
    top = Tables.of(ctx).core.disadvantage_max
    if not 0 <= n <= top:
        raise terr(ctx, "N is 0..{top}, not {n}", top=top, n=n)
    czp(ctx).pairs[f"{holder.id}>{victim.id}"] = Pair(level=n)
    ctx.log(tr(ctx, "{holder_name} holds a +{n} disadvantage on {victim_name}", holder_name=holder.name, n=n, victim_name=victim.name),
            kind="disadvantage", actor=holder, target=victim, outcome=f"+{n}", level=n)


def _preview(ctx: RulesContext) -> Turn:
    """The turn as resolve will build it: AMB-CZ-11 drops first (on this read-only copy)."""
    from combat_rulesets.czech_pool.combat import build
    from combat_rulesets.czech_pool.resolution import defence_drops

    for c, victim, p in defence_drops(ctx):
        ctx.note(say(ctx, "{name} stopped only defending: his +{p_level} disadvantage on {name_victim} will be lost", c, name=c.name, p_level=p.level, name_victim=ctx.name(victim)))
        p.level = 0
        p.fd = False
    return build(ctx)


def _overview(ctx: RulesContext, args: Args) -> None:
    from combat_rulesets.czech_pool.combat import describe_diff

    enc = ctx.enc
    if enc.phase == "setup":
        raise terr(ctx, "the fight has not started: start")
    model = czp(ctx).turn or _preview(ctx)
    base = Tables.of(ctx).core.base_difficulty
    if not model.pools:
        ctx.note(tr(ctx, 'nobody fights yet: declare NAME ACTION TARGET ...'))
    for c in enc.combatants:
        p = model.pools.get(c.id)
        if p is None:
            continue
        line = f"{c.name}: {tr(ctx, 'pool')} {p.n} ({p.text})"
        sp = model.speeds.get(c.id)
        if sp is not None:
            line += f", {tr(ctx, 'speed')} {sp}"
        for o, d in model.diff.get(c.id, {}).items():
            line += f"; vs {ctx.name(o)}: {tr(ctx, 'diff')} " + describe_diff(
                base, d.parts, d.value)
        ctx.note(line)


ENV = {"pocasi": ("počasí", "weather"), "teren": ("terén", "terrain"), "sero": ("šero", "dusk"),
       "tma": ("tma", "darkness", "dark"), "stisneny": ("stísněný", "cramped")}
ENV_MAX = {"pocasi": 2, "teren": 2, "sero": 1, "tma": 1, "stisneny": 1}


def _environment(ctx: RulesContext, args: Args) -> None:
    """``prostředí počasí=1 terén=2 šero=1``: modifiers for everyone (0 removes one)."""
    from combat_rulesets.czech_pool.lang import flag, match

    env = czp(ctx).env
    for key, val in args.typed.items():
        k = match(key, ENV, "environment key", ctx)
        try:
            n = int(flag(val)) if ENV_MAX[k] == 1 and not val.strip().isdigit() else int(val)
        except ValueError:
            raise terr(ctx, "{key}= takes 0..{env_max_k}", key=key,
                       env_max_k=ENV_MAX[k]) from None
        if not 0 <= n <= ENV_MAX[k]:
            raise terr(ctx, "{key}= takes 0..{env_max_k}", key=key, env_max_k=ENV_MAX[k])
        env[k] = n
    shown = ", ".join(f"{tt(ctx, k)} {v}" for k, v in env.items() if v) or "—"
    ctx.log(tr(ctx, "Environment for everyone: {shown}", shown=shown),
            kind="note", outcome=shown)


def _revive(ctx: RulesContext, args: Args) -> None:
    from combat_rulesets.czech_pool.health import revive

    revive(ctx, args["name"], args["n"])


USAGE_DIS = "disadvantage WHO ON_WHOM N (0..3), e.g. disadvantage Ann Wolf 2"
USAGE_ENV = "environment weather=0..2 terrain=0..2 dusk=yes/no dark=yes/no cramped=yes/no"
USAGE_REVIVE = "revive NAME [N] — back in the fight with N wound levels left"
VERBS = (
    VerbSpec("nevýhoda", Syntax((Arg("kdo", "name"), Arg("na_koho", "name"),
                                 Arg("n", "int", bad="N is 0..3, not {word}")),
                                missing=USAGE_DIS, many=USAGE_DIS),
             "set the disadvantage KDO holds on NA_KOHO (0..3) / set a pair's disadvantage",
             _disadvantage, aliases=("nevyhoda", "disadvantage")),
    VerbSpec("prostředí", Syntax((*(Opt(cs, metavar="N" if ENV_MAX[k] > 1 else "1", required=True)
                                    for k, (cs, *_) in ENV.items()),
                                  Opt("other", "stats", hidden=True)),  # the English keys
                                 missing=USAGE_ENV, many=USAGE_ENV),
             "modifiers for everyone (environment weather/terrain/dusk/dark/cramped)",
             _environment, aliases=("prostredi", "environment", "env")),
    VerbSpec("revive", Syntax((Arg("name", "name", metavar="JMÉNO"),
                               Arg("n", "word", optional=True, metavar="N")),
                              missing=USAGE_REVIVE, many=USAGE_REVIVE),
             "bring back the unconscious or dead with N wound levels left (probrat/oživit)",
             _revive, aliases=("probrat", "oživit", "ozivit")),
    VerbSpec("přehled", (), "this turn's pools, speeds and difficulties per pair",
             _overview, mutates=False, aliases=("prehled", "overview")),
)
