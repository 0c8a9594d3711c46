"""Initiative: the round-1 notice roll (CZ-INIT-1, AMB-CZ-14) and the order shown before the
declarations (potential melee speed; the real order is set by speed when resolving)."""

from __future__ import annotations

from combat_cli.api import RulesContext
from combat_rulesets.czech_pool import health
from combat_rulesets.czech_pool.combat import potential_speed
from combat_rulesets.czech_pool.lang import say, term, tr
from combat_rulesets.czech_pool.lang import successes as n_hits
from combat_rulesets.czech_pool.schema import Tables
from combat_rulesets.czech_pool.state import czp, fighter
from combat_rulesets.czech_pool.stats import value


def begin_round(ctx: RulesContext) -> None:
    enc = ctx.enc
    czp(ctx).turn = None
    rank = {c.id: i for i, c in enumerate(enc.combatants)}
    live = sorted(enc.combatants, key=lambda c: (-potential_speed(ctx, c), rank[c.id]))
    enc.order = [c.id for c in live]
    amb = Tables.of(ctx).amb
    if enc.round != 1 or not amb.notice_roll:
        return
    diff = amb.notice_difficulty
    for c in live:
        if c.out:
            continue
        if c.stats.get("Postřeh") is None and c.stats.get("Obezřetnost") is None:
            # neither stat given: the GM has not set them up, so nobody is surprised by an
            # omission (an explicit Postřeh=0 Obezřetnost=0 still rolls no dice: surprised)
            fighter(ctx, c).surprised = False
            ctx.log(say(ctx, "{name}: no Perception or Caution — no notice roll, not "
                        "surprised (set {name} perception=N caution=N)", c, name=c.name),
                    kind="initiative", actor=c, action="postřeh", outcome="aware")
            continue
        n = value(c, "postreh") + value(c, "obezretnost")
        purpose = (f"{c.name}: {tr(ctx, 'noticing the threat')} {n}{tr(ctx, 'd10')} "
                   f"({term('postreh', ctx.lang)} {value(c, 'postreh')} + "
                   f"{term('obezretnost', ctx.lang)} {value(c, 'obezretnost')}) "
                   f"{tr(ctx, 'diff')} {diff}")
        r, _faces, s = health.roll_pool(ctx, n, diff, purpose)
        surprised = s == 0 and amb.notice_surprise
        fighter(ctx, c).surprised = surprised
        ctx.log(say(ctx, "{name} – perception + caution: {hits} at diff {diff}", name=c.name,
                    hits=n_hits(ctx, s), diff=diff)
                + (say(ctx, " — surprised, threatens nobody in turn 1", c) if surprised else ""),
                kind="initiative", actor=c, action="postřeh", roll=r, difficulty=diff,
                outcome="surprised" if surprised else "aware", successes=s)
