"""Health: wound levels (5 + Konstituce), wound penalties, the unconsciousness check, and the
direct ``damage`` / ``heal`` values."""

from __future__ import annotations

from typing import Any

from combat_cli.api import Combatant, Roll, RulesContext, pool
from rulesets.czech_pool.lang import err, hits, norm, t, term
from rulesets.czech_pool.stats import max_levels, value

OK, WOUNDED, UNCONSCIOUS, DEAD = "OK", "Zraněný", "Bezvědomí", "Mrtvý"


def wounds(c: Combatant) -> list[int]:
    return [int(w) for w in c.data.get("wounds", [])]


def taken(c: Combatant) -> int:
    return sum(wounds(c))


def left(c: Combatant, tables: dict[str, Any]) -> int:
    """Wound levels left: never below zero."""
    return max(0, max_levels(c, tables) - taken(c))


def worst(c: Combatant) -> int:
    return max(wounds(c), default=0)


def severity(levels: int, tables: dict[str, Any]) -> int:
    """T-CZ-2: the check difficulty of one wound of ``levels`` levels (6 light .. 10 deadly)."""
    sev = list(tables["health"]["severity"])
    return int(sev[min(max(levels, 1), len(sev)) - 1])


def penalty_tier(c: Combatant, tables: dict[str, Any]) -> int:
    """0: unhurt; 1 bruise, 2 wound, 3 maiming (by the worst wound so far)."""
    w = worst(c)
    tier = 0
    for i, start in enumerate(tables["health"]["penalty_from"], start=1):
        if w >= int(start):
            tier = i
    return tier


def successes(faces: list[int] | None, total: int, difficulty: int, tables: dict[str, Any]) -> int:
    """Successes of a roll at ``difficulty`` (AMB-CZ-2 >= or >, AMB-CZ-3 ones cancel)."""
    if faces is None:  # the GM typed only a total
        return max(0, int(total))
    amb = tables["amb"]
    strict = amb["success"] == ">"
    n = sum(1 for f in faces if (f > difficulty if strict else f >= difficulty))
    if amb["ones_cancel"]:
        n -= sum(1 for f in faces if f == 1)
    return max(0, n)


def roll_pool(ctx: RulesContext, n: int, difficulty: int, purpose: str, *,
              faces_only: bool = False) -> tuple[Roll | None, list[int] | None, int]:
    """Roll ``n`` d10 (nothing when n <= 0): the roll, its faces, the successes at
    ``difficulty``."""
    if n <= 0:
        return None, [], 0
    sides = int(ctx.tables["core"]["die_sides"])
    d = min(max(difficulty, 1), sides)
    r = ctx.roll(pool(min(n, 100), sides, d, faces_only=faces_only), purpose)
    faces = list(r.faces) if r.faces is not None else None
    return r, faces, successes(faces, r.total, difficulty, ctx.tables)


def set_state(ctx: RulesContext, c: Combatant, status: str) -> None:
    ctx.set_status(c, status, out=status in (UNCONSCIOUS, DEAD))


def unconsciousness_check(ctx: RulesContext, c: Combatant, levels: int) -> bool:
    """CZ-HP-4: Odolnost + the best of Boj/Rvačka/Pevnost mysli against 6..10 by severity.
    True: stays conscious."""
    h = ctx.tables["health"]
    attr = h["check_attribute"]
    best = max(h["check_skills"], key=lambda k: value(c, k))
    n = value(c, attr) + value(c, best)
    diff = severity(levels, ctx.tables)
    lang = ctx.lang
    purpose = (f"{c.name}: {t(ctx, 'kontrola bezvědomí', 'unconsciousness check')} {n}{t(ctx, 'k10', 'd10')} "
               f"({term(attr, lang)} {value(c, attr)} + {term(best, lang)} {value(c, best)}) "
               f"{t(ctx, 'obt.', 'diff')} {diff}")
    r, _faces, s = roll_pool(ctx, n, diff, purpose)
    ok = s >= 1
    text = (t(ctx, f"{c.name}: kontrola bezvědomí {s} úsp. při obt. {diff} — "
                   + ("zůstává při vědomí" if ok else "upadá do bezvědomí"),
              f"{c.name}: unconsciousness check {hits(s)} at diff {diff} — "
              + ("stays conscious" if ok else "falls unconscious")))
    ctx.log(text, kind="check", actor=c, action="kontrola", difficulty=diff,
            outcome="ok" if ok else "unconscious", roll=r, successes=s, pool=n)
    return ok


def apply_wound(ctx: RulesContext, c: Combatant, levels: int, *, source: str = "",
                check: bool = True) -> None:
    """Take one wound of ``levels`` wound levels (CZ-HP-1..4)."""
    if levels <= 0:
        return
    before = wounds(c)
    prev_worst = max(before, default=0)
    prev_last = before[-1] if before else 0
    mx = max_levels(c, ctx.tables)
    # the levels really lost: wound levels stop at zero (the check still uses the full wound)
    lost = min(levels, left(c, ctx.tables))
    if lost:
        c.data["wounds"] = [*before, lost]
    rest = left(c, ctx.tables)
    src = f" ({source})" if source else ""
    ctx.log(t(ctx, f"{c.name} utrpí zranění {levels} st.{src}: zbývá {rest}/{mx}",
              f"{c.name} takes a {levels}-level wound{src}: {rest}/{mx} left"),
            kind="wound", target=c, outcome=f"-{levels}", levels=levels, left=rest,
            max=mx, severity=severity(levels, ctx.tables))
    if c.status == DEAD:
        return
    if rest <= 0:
        dead = norm(ctx.tables["health"]["at_zero"]) in ("smrt", "dead")
        set_state(ctx, c, DEAD if dead else UNCONSCIOUS)
        ctx.log(t(ctx, f"{c.name} ztratil všechny stupně zranění: {c.status}",
                  f"{c.name} has lost every wound level: {'dead' if dead else 'unconscious'}"),
                kind="status", target=c, outcome=c.status)
        return
    if c.status != UNCONSCIOUS:
        set_state(ctx, c, WOUNDED)
    against = prev_worst if ctx.tables["health"]["recheck_against"] == "worst" else prev_last
    if check and c.status != UNCONSCIOUS and (not before or levels > against):
        if not unconsciousness_check(ctx, c, levels):
            set_state(ctx, c, UNCONSCIOUS)


def parse_levels(ctx: RulesContext, value_text: str, what: str) -> int:
    try:
        n = int(value_text.strip())
    except ValueError:
        raise err(ctx, f"{what}: počet stupňů zranění, ne {value_text!r} (např. {what} Vlk 2)",
                  f"{what}: a number of wound levels, not {value_text!r} (e.g. {what} Vlk 2)"
                  ) from None
    if n <= 0 or n > 50:
        raise err(ctx, f"{what}: 1..50 stupňů zranění, ne {n}",
                  f"{what}: 1..50 wound levels, not {n}")
    return n


def damage(ctx: RulesContext, c: Combatant, text: str) -> None:
    """``damage NAME N`` (one wound of N levels, with the check), ``damage NAME N bez``
    (no unconsciousness check), ``damage NAME smrt`` (dead)."""
    words = text.split()
    if len(words) == 1 and norm(words[0]) in ("smrt", "death", "dead", "mrtvy"):
        set_state(ctx, c, DEAD)
        ctx.log(t(ctx, f"{c.name} umírá", f"{c.name} dies"), kind="status", target=c,
                outcome=DEAD)
        return
    if c.status == DEAD:
        raise err(ctx, f"{c.name} je mrtvý: nejdřív revive {c.name}",
                  f"{c.name} is dead: revive {c.name} first")
    check = True
    if len(words) == 2 and norm(words[1]) in ("bez", "nocheck", "no_check", "bez_kontroly"):
        check = False
        words = words[:1]
    if len(words) != 1:
        raise err(ctx, "damage JMÉNO N [bez] — N stupňů zranění, např. damage Vlk 2",
                  "damage NAME N [bez] — N wound levels, e.g. damage Vlk 2")
    apply_wound(ctx, c, parse_levels(ctx, words[0], "damage"), source="GM", check=check)


def _heal_levels(c: Combatant, n: int) -> int:
    """Take ``n`` levels off the latest wounds first; the levels healed."""
    ws = wounds(c)
    healed = min(n, taken(c))
    todo = healed
    while todo and ws:
        take = min(todo, ws[-1])
        ws[-1] -= take
        todo -= take
        if ws[-1] == 0:
            ws.pop()
    c.data["wounds"] = ws
    return healed


def heal(ctx: RulesContext, c: Combatant, text: str | None) -> None:
    """``heal NAME`` heals everything; ``heal NAME N`` N wound levels (latest wounds first).
    Healing never brings back the unconscious or the dead: that is ``revive NAME``."""
    if text is None or norm(text) in ("vse", "all", "vsechno"):
        n = taken(c)
    else:
        n = parse_levels(ctx, text, "heal")
    if c.status == DEAD:
        raise err(ctx, f"{c.name} je mrtvý: léčení mrtvé nevrátí (revive {c.name} [N])",
                  f"{c.name} is dead: healing does not bring back the dead "
                  f"(revive {c.name} [N])")
    if not wounds(c):
        raise err(ctx, f"{c.name} nemá co léčit: je bez zranění",
                  f"{c.name} has no wounds to heal")
    healed = _heal_levels(c, n)
    mx = max_levels(c, ctx.tables)
    if c.status != UNCONSCIOUS:
        set_state(ctx, c, WOUNDED if wounds(c) else OK)
    still = (t(ctx, f"; zůstává v bezvědomí (probrat: revive {c.name})",
               f"; still unconscious (to wake: revive {c.name})")
             if c.status == UNCONSCIOUS else "")
    ctx.log(t(ctx, f"{c.name} se léčí o {healed} st.: zbývá {left(c, ctx.tables)}/{mx}",
              f"{c.name} heals {healed} levels: {left(c, ctx.tables)}/{mx} left") + still,
            kind="heal", target=c, outcome=c.status, levels=healed,
            left=left(c, ctx.tables), max=mx)


def revive(ctx: RulesContext, c: Combatant, text: str | None) -> None:
    """``revive NAME [N]``: the unconscious or dead fighter is back in the fight with N wound
    levels left (default: what he has, at least 1)."""
    if not c.out:
        raise err(ctx, f"revive: {c.name} není v bezvědomí ani mrtvý (léčení: heal {c.name} N)",
                  f"revive: {c.name} is neither unconscious nor dead (to heal: heal "
                  f"{c.name} N)")
    mx = max_levels(c, ctx.tables)
    want = max(1, left(c, ctx.tables)) if text is None else parse_levels(ctx, text, "revive")
    if want > mx:
        raise err(ctx, f"revive: {c.name} má nejvýše {mx} stupňů, ne {want}",
                  f"revive: {c.name} has at most {mx} levels, not {want}")
    if want > left(c, ctx.tables):
        _heal_levels(c, want - left(c, ctx.tables))
    elif want < left(c, ctx.tables):
        c.data["wounds"] = [*wounds(c), left(c, ctx.tables) - want]
    set_state(ctx, c, WOUNDED if wounds(c) else OK)
    ctx.log(t(ctx, f"{c.name} se vrací do boje: zbývá {left(c, ctx.tables)}/{mx}",
              f"{c.name} is back in the fight: {left(c, ctx.tables)}/{mx} left"),
            kind="status", target=c, outcome=c.status, left=left(c, ctx.tables), max=mx)
