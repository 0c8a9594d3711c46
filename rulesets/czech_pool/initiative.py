"""Initiative: the round-1 notice roll (CZ-INIT-1, AMB-CZ-14) and the order shown before the
declarations (potential melee speed; the real order is set by speed when resolving)."""

from __future__ import annotations

from combat_cli.api import RulesContext
from rulesets.czech_pool import health
from rulesets.czech_pool.combat import potential_speed, store
from rulesets.czech_pool.lang import hits, t, term
from rulesets.czech_pool.stats import value


def begin_round(ctx: RulesContext) -> None:
    enc = ctx.enc
    store(enc)["turn"] = {}
    rank = {c.id: i for i, c in enumerate(enc.combatants)}
    live = sorted(enc.combatants, key=lambda c: (-potential_speed(ctx, c), rank[c.id]))
    enc.order = [c.id for c in live]
    amb = ctx.tables["amb"]
    if enc.round != 1 or not amb["notice_roll"]:
        return
    diff = int(amb["notice_difficulty"])
    for c in live:
        if c.out:
            continue
        if c.stats.get("Postřeh") is None and c.stats.get("Obezřetnost") is None:
            # neither stat given: the GM has not set them up, so nobody is surprised by an
            # omission (an explicit Postřeh=0 Obezřetnost=0 still rolls no dice: surprised)
            c.data.pop("surprised", None)
            ctx.log(t(ctx, f"{c.name}: bez Postřehu a Obezřetnosti — na všimnutí se nehází, "
                           f"není překvapen (set {c.name} Postřeh=N Obezřetnost=N)",
                      f"{c.name}: no Perception or Caution — no notice roll, not surprised "
                      f"(set {c.name} perception=N caution=N)"),
                    kind="initiative", actor=c, action="postřeh", outcome="aware")
            continue
        n = value(c, "postreh") + value(c, "obezretnost")
        purpose = (f"{c.name}: {t(ctx, 'všimnutí si ohrožení', 'noticing the threat')} {n}{t(ctx, 'k10', 'd10')} "
                   f"({term('postreh', ctx.lang)} {value(c, 'postreh')} + "
                   f"{term('obezretnost', ctx.lang)} {value(c, 'obezretnost')}) "
                   f"{t(ctx, 'obt.', 'diff')} {diff}")
        r, _faces, s = health.roll_pool(ctx, n, diff, purpose)
        surprised = s == 0 and bool(amb["notice_surprise"])
        if surprised:
            c.data["surprised"] = True
        else:
            c.data.pop("surprised", None)
        ctx.log(t(ctx, f"{c.name} – postřeh + obezřetnost: {s} úsp. při obt. {diff}"
                       + (" — překvapen, v 1. tahu nikoho neohrozí" if surprised else ""),
                  f"{c.name} – perception + caution: {hits(s)} at diff {diff}"
                  + (" — surprised, threatens nobody in turn 1" if surprised else "")),
                kind="initiative", actor=c, action="postřeh", roll=r, difficulty=diff,
                outcome="surprised" if surprised else "aware", successes=s)
