"""Health: wound levels (5 + Konstituce), wound penalties, the unconsciousness check, and the
direct ``damage`` / ``heal`` values."""

from __future__ import annotations

from combat_cli.api import Combatant, Roll, RuleError, RulesContext, RulesView, pool
from combat_rulesets.czech_pool.lang import levels as count_levels
from combat_rulesets.czech_pool.lang import norm, say, term, terr, tr
from combat_rulesets.czech_pool.lang import successes as n_hits
from combat_rulesets.czech_pool.schema import Tables
from combat_rulesets.czech_pool.state import Where, fighter
from combat_rulesets.czech_pool.stats import max_levels, value

OK, WOUNDED, UNCONSCIOUS, DEAD = "OK", "Zraněný", "Bezvědomí", "Mrtvý"


def wounds(where: Where, c: Combatant) -> list[int]:
    """c's wounds (a copy: change them with :func:`set_wounds`)."""
    return list(fighter(where, c).wounds)


def set_wounds(ctx: RulesContext, c: Combatant, levels: list[int]) -> None:
    fighter(ctx, c).wounds = levels


def taken(where: Where, c: Combatant) -> int:
    return sum(wounds(where, c))


def left(where: Where, c: Combatant) -> int:
    """Wound levels left: never below zero."""
    return max(0, max_levels(c, Tables.of(where)) - taken(where, c))


def worst(where: Where, c: Combatant) -> int:
    return max(wounds(where, c), default=0)


def severity(levels: int, tables: Tables) -> int:
    """T-CZ-2: the check difficulty of one wound of ``levels`` levels (6 light .. 10 deadly)."""
    sev = tables.health.severity
    return sev[min(max(levels, 1), len(sev)) - 1]


def penalty_tier(where: Where, c: Combatant) -> int:
    """0: unhurt; 1 bruise, 2 wound, 3 maiming (by the worst wound so far)."""
    w = worst(where, c)
    tier = 0
    for i, start in enumerate(Tables.of(where).health.penalty_from, start=1):
        if w >= start:
            tier = i
    return tier


def successes(faces: list[int] | None, total: int, difficulty: int, tables: Tables) -> int:
    """Successes of a roll at ``difficulty`` (AMB-CZ-2 >= or >, AMB-CZ-3 ones cancel)."""
    if faces is None:  # the GM typed only a total
        return max(0, int(total))
    amb = tables.amb
    strict = amb.success == ">"
    n = sum(1 for f in faces if (f > difficulty if strict else f >= difficulty))
    if amb.ones_cancel:
        n -= sum(1 for f in faces if f == 1)
    return max(0, n)


def roll_pool(ctx: RulesContext, n: int, difficulty: int, purpose: str, *,
              faces_only: bool = False) -> tuple[Roll | None, list[int] | None, int]:
    """Roll ``n`` d10 (nothing when n <= 0): the roll, its faces, the successes at
    ``difficulty``."""
    if n <= 0:
        return None, [], 0
    tables = Tables.of(ctx)
    sides = tables.core.die_sides
    d = min(max(difficulty, 1), sides)
    r = ctx.roll(pool(min(n, 100), sides, d, faces_only=faces_only), purpose)
    faces = list(r.faces) if r.faces is not None else None
    return r, faces, successes(faces, r.total, difficulty, tables)


def set_state(ctx: RulesContext, c: Combatant, status: str) -> None:
    ctx.set_status(c, status, out=status in (UNCONSCIOUS, DEAD))


def unconsciousness_check(ctx: RulesContext, c: Combatant, levels: int) -> bool:
    """CZ-HP-4: Odolnost + the best of Boj/Rvačka/Pevnost mysli against 6..10 by severity.
    True: stays conscious."""
    tables = Tables.of(ctx)
    attr = tables.health.check_attribute
    best = max(tables.health.check_skills, key=lambda k: value(c, k))
    n = value(c, attr) + value(c, best)
    diff = severity(levels, tables)
    lang = ctx.lang
    purpose = (f"{c.name}: {tr(ctx, 'unconsciousness check')} {n}{tr(ctx, 'd10')} "
               f"({term(attr, lang)} {value(c, attr)} + {term(best, lang)} {value(c, best)}) "
               f"{tr(ctx, 'diff')} {diff}")
    r, _faces, s = roll_pool(ctx, n, diff, purpose)
    ok = s >= 1
    text = say(ctx, "{name}: unconsciousness check {hits} at diff {diff} — "
               + ("stays conscious" if ok else "falls unconscious"), c, name=c.name,
               hits=n_hits(ctx, s), diff=diff)
    ctx.log(text, kind="check", actor=c, action="kontrola", difficulty=diff,
            outcome="ok" if ok else "unconscious", roll=r, successes=s, pool=n)
    return ok


def apply_wound(ctx: RulesContext, c: Combatant, levels: int, *, source: str = "",
                check: bool = True) -> None:
    """Take one wound of ``levels`` wound levels (CZ-HP-1..4)."""
    if levels <= 0:
        return
    before = wounds(ctx, c)
    prev_worst = max(before, default=0)
    prev_last = before[-1] if before else 0
    tables = Tables.of(ctx)
    mx = max_levels(c, tables)
    # the levels really lost: wound levels stop at zero (the check still uses the full wound)
    lost = min(levels, left(ctx, c))
    if lost:
        set_wounds(ctx, c, [*before, lost])
    rest = left(ctx, c)
    src = f" ({source})" if source else ""
    ctx.log(say(ctx, "{name} takes a {n}-level wound{src}: {rest}/{max} left", name=c.name,
                n=levels, levels=count_levels(ctx, levels), src=src, rest=rest, max=mx),
            kind="wound", target=c, outcome=f"-{levels}", levels=levels, left=rest,
            max=mx, severity=severity(levels, tables))
    if c.status == DEAD:
        return
    if rest <= 0:
        dead = tables.health.at_zero in ("smrt", "dead")
        set_state(ctx, c, DEAD if dead else UNCONSCIOUS)
        ctx.log(say(ctx, "{name} has lost every wound level: dead" if dead else
                    "{name} has lost every wound level: unconscious", c, name=c.name),
                kind="status", target=c, outcome=c.status)
        return
    if c.status != UNCONSCIOUS:
        set_state(ctx, c, WOUNDED)
    against = prev_worst if tables.health.recheck_against == "worst" else prev_last
    if check and c.status != UNCONSCIOUS and (not before or levels > against):
        if not unconsciousness_check(ctx, c, levels):
            set_state(ctx, c, UNCONSCIOUS)


def parse_levels(ctx: RulesContext, value_text: str, what: str) -> int:
    try:
        n = int(value_text.strip())
    except ValueError:
        raise terr(ctx, "{what}: a number of wound levels, not {value_text} (e.g. {what} Vlk 2)", what=what, value_text=repr(value_text)) from None
    if n <= 0 or n > 50:
        raise terr(ctx, "{what}: 1..50 wound levels, not {n}", what=what, n=n)
    return n


def damage(ctx: RulesContext, c: Combatant, text: str) -> None:
    """``damage NAME N`` (one wound of N levels, with the check), ``damage NAME N bez``
    (no unconsciousness check), ``damage NAME smrt`` (dead)."""
    words = text.split()
    if len(words) == 1 and norm(words[0]) in ("smrt", "death", "dead", "mrtvy"):
        set_state(ctx, c, DEAD)
        ctx.log(tr(ctx, "{name} dies", name=c.name), kind="status", target=c,
                outcome=DEAD)
        return
    if c.status == DEAD:
        raise RuleError(say(ctx, "{name} is dead: revive {name} first", c, name=c.name))
    check = True
    if len(words) == 2 and norm(words[1]) in ("bez", "nocheck", "no_check", "bez_kontroly"):
        check = False
        words = words[:1]
    if len(words) != 1:
        raise terr(ctx, "damage NAME N [bez] — N wound levels, e.g. damage Vlk 2")
    apply_wound(ctx, c, parse_levels(ctx, words[0], "damage"), source=tr(ctx, "GM"), check=check)


def _heal_levels(ctx: RulesContext, c: Combatant, n: int) -> int:
    """Take ``n`` levels off the latest wounds first; the levels healed."""
    ws = wounds(ctx, c)
    healed = min(n, taken(ctx, c))
    todo = healed
    while todo and ws:
        take = min(todo, ws[-1])
        ws[-1] -= take
        todo -= take
        if ws[-1] == 0:
            ws.pop()
    set_wounds(ctx, c, ws)
    return healed


def heal(ctx: RulesContext, c: Combatant, text: str | None) -> None:
    """``heal NAME`` heals everything; ``heal NAME N`` N wound levels (latest wounds first).
    Healing never brings back the unconscious or the dead: that is ``revive NAME``."""
    if text is None or norm(text) in ("vse", "all", "vsechno"):
        n = taken(ctx, c)
    else:
        n = parse_levels(ctx, text, "heal")
    if c.status == DEAD:
        raise RuleError(say(ctx, "{name} is dead: healing does not bring back the dead "
                            "(revive {name} [N])", c, name=c.name))
    if not wounds(ctx, c):
        raise terr(ctx, "{name} has no wounds to heal", name=c.name)
    healed = _heal_levels(ctx, c, n)
    mx = max_levels(c, Tables.of(ctx))
    if c.status != UNCONSCIOUS:
        set_state(ctx, c, WOUNDED if wounds(ctx, c) else OK)
    still = (tr(ctx, "; still unconscious (to wake: revive {name})", name=c.name)
             if c.status == UNCONSCIOUS else "")
    ctx.log(say(ctx, "{name} heals {n} levels: {rest}/{max} left", name=c.name, n=healed,
                levels=count_levels(ctx, healed), rest=left(ctx, c), max=mx) + still,
            kind="heal", target=c, outcome=c.status, levels=healed,
            left=left(ctx, c), max=mx)


def revive(ctx: RulesContext, c: Combatant, text: str | None) -> None:
    """``revive NAME [N]``: the unconscious or dead fighter is back in the fight with N wound
    levels left (default: what he has, at least 1)."""
    if not c.out:
        raise RuleError(say(ctx, "revive: {name} is neither unconscious nor dead (to heal: "
                            "heal {name} N)", c, name=c.name))
    mx = max_levels(c, Tables.of(ctx))
    want = max(1, left(ctx, c)) if text is None else parse_levels(ctx, text, "revive")
    if want > mx:
        raise terr(ctx, "revive: {name} has at most {mx} levels, not {want}", name=c.name, mx=mx, want=want)
    if want > left(ctx, c):
        _heal_levels(ctx, c, want - left(ctx, c))
    elif want < left(ctx, c):
        set_wounds(ctx, c, [*wounds(ctx, c), left(ctx, c) - want])
    set_state(ctx, c, WOUNDED if wounds(ctx, c) else OK)
    ctx.log(tr(ctx, "{name} is back in the fight: {left_c_ctx_tables}/{mx} left", name=c.name, left_c_ctx_tables=left(ctx, c), mx=mx),
            kind="status", target=c, outcome=c.status, left=left(ctx, c), max=mx)


def can_act(view: RulesView, c: Combatant) -> str | None:
    """Out fighters are refused by ``declare`` and lapse in ``resolve`` (both with a
    context, so in the table's language); here only for the core's other verbs, whose
    refusals the core words in the table's language ("... — nemůže odložit akci")."""
    from combat_rulesets.czech_pool.lang import gender

    enc = view.enc
    if not c.out or enc.phase == "declare":
        return None
    if enc.phase == "resolve" and any(i.actor == c.id and i.state == "pending"
                                      for i in enc.queue):
        return None
    return f"{c.name}: {view.label(c.status, gender(c)).lower()}"


def value_words(view: RulesView, verb: str) -> list[str]:
    """What ``damage`` takes besides a number, for completion."""
    return ["smrt", "bez"] if verb == "damage" else []


def wound_level(view: RulesView, c: Combatant) -> int:
    """How badly ``c`` is hurt as the players may know it: the wound levels left."""
    from combat_cli.api import level_by_fraction

    most = max_levels(c, Tables.of(view))
    return level_by_fraction(most - taken(view, c), most, c.out)
