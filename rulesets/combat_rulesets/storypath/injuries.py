"""Injury Conditions (SP-INJ-*): boxes from Stamina and Scale, the player's choice of box,
Taken Out, Persistent injuries, SGC Health (AMB-SP-4), direct damage and healing."""

from __future__ import annotations

import math
import re

from combat_cli.api import Combatant, RuleError, RulesContext, RulesView

from .records import WoundLogged
from .schema import Tables
from .state import Injury, Where, fighter
from .stats import is_pc, trait
from .words import level_word, matches, say

TAKEN_OUT = "taken_out"


def title(level: str) -> str:
    return "Taken Out" if level == TAKEN_OUT else level.title()


def marked(where: Where, c: Combatant) -> list[Injury]:
    """The Injury Conditions ``c`` has. Read-only use; :func:`store` for the list to change."""
    return list(fighter(where, c).injuries)


def store(ctx: RulesContext, c: Combatant) -> list[Injury]:
    """``c``'s Injury Conditions, to change."""
    return fighter(ctx, c).injuries


def bruised_boxes(tables: Tables, stamina: int, scale: int) -> int:
    """SP-INJ-2 / AMB-SP-3: Bruised x1, plus one per further 2 Stamina (round up), plus Scale."""
    inj = tables.injury
    if inj.bruised_formula == "half_stamina":
        base = max(1, math.ceil(stamina / 2))
    else:
        base = 1 + max(0, math.ceil((stamina - 1) / 2))
    return base + inj.bruised_per_scale * scale


def boxes(tables: Tables, c: Combatant) -> dict[str, int]:
    """Boxes per level (Taken Out is always there and not counted)."""
    stamina = trait(c, "stamina")
    scale = int(c.stats.get("scale") or 0)
    inj = tables.injury
    return {
        "bruised": bruised_boxes(tables, stamina, scale),
        "injured": 1 if stamina >= inj.injured_min_stamina else 0,
        "maimed": inj.maimed_boxes,
    }


def uses_health(tables: Tables, c: Combatant) -> bool:
    return not is_pc(c) and tables.sgc.use_health


def health(tables: Tables, c: Combatant) -> int:
    """AMB-SP-4: Injury Conditions an SGC can take; the next one Takes it Out."""
    h = c.stats.get("health")
    return int(h) if h is not None else sum(boxes(tables, c).values())


def free(where: Where, c: Combatant) -> dict[str, int]:
    have = boxes(Tables.of(where), c)
    for i in marked(where, c):
        if i.level in have:
            have[i.level] -= 1
    return have


def is_taken_out(where: Where, c: Combatant) -> bool:
    return any(i.level == TAKEN_OUT for i in marked(where, c))


def hits(where: Where, c: Combatant) -> int:
    """The Injury Conditions an SGC on Health has taken (Taken Out not counted)."""
    return len([i for i in marked(where, c) if i.level != TAKEN_OUT])


def track_text(where: Where, c: Combatant, *, english: bool = False) -> str:
    """``B●○ I○ M○`` for boxes, or ``Health 2/3`` for an SGC, in the language ``where`` shows
    (``english``: as the JSON surface keeps it)."""
    tables = Tables.of(where)
    if uses_health(tables, c):
        left, most = max(0, health(tables, c) - hits(where, c)), health(tables, c)
        return (f"Health {left}/{most}" if english else
                say(where, "Health {left}/{most}", left=left, most=most))
    have = boxes(tables, c)
    left_ = free(where, c)
    out = []
    for lv in tables.injury.levels:
        if have.get(lv):
            used = have[lv] - left_[lv]
            out.append(box_letter(where, lv, english) + "●" * used + "○" * left_[lv])
    return " ".join(out)


def box_letter(where: Where, level: str, english: bool = False) -> str:
    """The letter of an Injury box in the track (``B`` for bruised; the catalogue's
    ``msgctxt "injury box"`` in another language)."""
    from combat_cli.api import locale

    catalogue = locale.catalogue

    found = level if english else catalogue(where.language).pgettext("injury box", level)
    return found if found != level else level[0].upper()


def names_text(where: Where, c: Combatant, plain_hits: bool = True) -> str:
    """``Broken Arm (Injured); 2x Bruised, Persistent``: named injuries one by one, alike
    unnamed ones counted (``plain_hits=False``: without an SGC's unnamed passing hits)."""
    out: list[str] = []
    counts: dict[str, int] = {}
    for i in marked(where, c):
        if not plain_hits and i.level == "hit" and not (i.name or i.persistent):
            continue
        lv = level_word(where, i.level)
        flags = say(where, ", Persistent") if i.persistent else ""
        flags += say(where, ", aided") if i.downgraded else ""
        text = f"{i.name} ({lv}{flags})" if i.name else f"{lv}{flags}"
        if text not in counts:
            out.append(text)
        counts[text] = counts.get(text, 0) + 1
    return "; ".join(f"{counts[x]}x {x}" if counts[x] > 1 else x for x in out)


def gender(where: Where, c: Combatant) -> str:
    """``c``'s grammatical gender in the language ``where`` shows (m / f / n)."""
    from combat_cli.api import locale

    gender_of = locale.gender_of

    return gender_of(c.name, c.stats, where.language)


def refresh_status(ctx: RulesContext, c: Combatant) -> None:
    levels = [i.level for i in marked(ctx, c)]
    if TAKEN_OUT in levels:
        ctx.set_status(c, "Taken Out", out=True)
        return
    order = Tables.of(ctx).injury.levels
    worst = [lv for lv in order if lv in levels]
    if worst:
        ctx.set_status(c, title(worst[-1]), out=False)
    elif levels:
        ctx.set_status(c, "Hurt", out=False)
    else:
        ctx.set_status(c, "OK", out=False)


def match_level(word: str, tables: Tables, *, taken_out: bool = False) -> str:
    choices = list(tables.injury.levels) + ([TAKEN_OUT] if taken_out else [])
    low = word.strip().lower().replace(" ", "_").replace("-", "_")
    if low in ("out", "takenout", "to"):
        low = TAKEN_OUT
    hits = matches(low, choices)
    if len(hits) != 1:
        raise RuleError('no Injury level "{word}" (choose {choices})', word=word, choices=", ".join(choices))
    return hits[0]


def inflict(ctx: RulesContext, c: Combatant, *, box: str | None = None, name: str | None = None,
            persistent: bool = False, source: str = "", attacker: Combatant | None = None,
            strict: bool = True) -> str:
    """Give ``c`` one Injury Condition (SP-INJ-3). ``box``: the player's choice; None: the
    least severe free box (said in the log). Returns the level taken."""
    tables = Tables.of(ctx)
    why = f" ({source})" if source else ""
    g = gender(ctx, c)
    if is_taken_out(ctx, c):
        ctx.log(ctx.say("{name} is already {status}{why}", name=c.name, why=why,
                        status=level_word(ctx, TAKEN_OUT, g)), kind="wound", actor=attacker, target=c,
                outcome="Taken Out")
        return TAKEN_OUT
    entry = Injury(level="", name=name, persistent=persistent)
    note = ""
    if uses_health(tables, c):
        hp = health(tables, c)
        had = hits(ctx, c)
        if had >= hp:
            entry.level = TAKEN_OUT
        else:
            entry.level = match_level(box, tables) if box else "hit"
        note = ctx.say(" (Health {left}/{most} left)", left=max(0, hp - had - 1), most=hp) \
            if entry.level != TAKEN_OUT else ""
    else:
        left = free(ctx, c)
        if box:
            lv = match_level(box, tables, taken_out=True)
            if lv != TAKEN_OUT and left.get(lv, 0) <= 0:
                avail = [level_word(ctx, k) for k in tables.injury.levels if left.get(k, 0) > 0]
                if strict:
                    raise RuleError("{name} has no free {lv} box (free: {value})", name=c.name,
                                    lv=level_word(ctx, lv),
                                    value=', '.join(avail) or ctx.say('none — Taken Out'))
                box = None
                note = ctx.say(" ({lv} is full)", lv=level_word(ctx, lv))
            else:
                entry.level = lv
        if not box:
            avail = [k for k in tables.injury.levels if left.get(k, 0) > 0]
            if avail:
                entry.level = avail[0]
                note += ctx.say(" (no box chosen: {lv}, the least severe free box)",
                                lv=level_word(ctx, avail[0]))
            else:
                entry.level = TAKEN_OUT
                note += ctx.say(" (no free box left)")
    store(ctx, c).append(entry)
    refresh_status(ctx, c)
    lvw = level_word(ctx, entry.level)
    label = f"{name} ({lvw})" if name else lvw
    if entry.level == "hit" and not name:
        label = ctx.say("an Injury Condition")
    pers = ctx.say(", Persistent") if persistent else ""
    said = (ctx.say("{name} is {status}", name=c.name, status=level_word(ctx, TAKEN_OUT, g))
            + (f" ({name})" if name else "")
            if entry.level == TAKEN_OUT else
            ctx.say("{name} takes {label}{pers}", name=c.name, label=label, pers=pers))
    ctx.log(ctx.say("{said}{note}{why}", said=said, note=note, why=why), kind="wound", actor=attacker, target=c,
            outcome=title(entry.level) if entry.level != "hit" else "Hit",
            **WoundLogged(level=entry.level, injury=name, persistent=persistent).dump())
    return entry.level


_KEY = re.compile(r"(\w+)=")


def parse_value(text: str) -> tuple[list[str], dict[str, str]]:
    """``injured name=Broken Arm persistent`` -> (["injured", "persistent"], {"name": "Broken Arm"}).
    A value runs until the next ``key=``."""
    words: list[str] = []
    opts: dict[str, str] = {}
    pos = 0
    matches = list(_KEY.finditer(text))
    if matches:
        words = text[:matches[0].start()].split()
        for n, m in enumerate(matches):
            end = matches[n + 1].start() if n + 1 < len(matches) else len(text)
            opts[m.group(1).lower()] = text[m.end():end].strip().strip('"')
    else:
        words = text[pos:].split()
    return words, opts


def damage(ctx: RulesContext, c: Combatant, value: str) -> None:
    """``damage NAME [N|LEVEL ...] [name=TEXT] [persistent|aggravated|lethal]``."""
    words, opts = parse_value(value)
    unknown = [k for k in opts if k not in ("name", "box")]
    if unknown:
        raise RuleError("damage has no option {unknown}= (name=, box=)", unknown=unknown[0])
    count = 1
    levels: list[str | None] = []
    persistent = False
    for w in words:
        low = w.lower()
        if low.isdigit():
            count = int(low)
            if not 1 <= count <= 20:
                raise RuleError("damage N takes 1..20 Injury Conditions")
        elif low in ("persistent", "aggravated", "agg"):
            persistent = True
        elif low == "lethal":
            persistent = persistent or (
                Tables.of(ctx).injury.lethal_persistent_vs_mortals and _mortal(c))
        else:
            try:
                levels.append(match_level(w, Tables.of(ctx), taken_out=True))
            except RuleError:
                raise RuleError('damage reads a number, a level (bruised, injured, maimed, taken_out), persistent/aggravated/lethal, name=TEXT — not "{w}"', w=w
                                ) from None
    if "box" in opts:
        levels.append(match_level(opts["box"], Tables.of(ctx), taken_out=True))
    if not levels:
        levels = [None] * count
    elif count > 1 and len(levels) == 1:
        levels = levels * count
    for n, lv in enumerate(levels):
        inflict(ctx, c, box=lv, name=opts.get("name") if n == 0 else None,
                persistent=persistent, source="damage")


def _mortal(c: Combatant) -> bool:
    from .stats import is_mortal

    return is_mortal(c)


def heal(ctx: RulesContext, c: Combatant, value: str | None) -> None:
    """``heal NAME`` clears every Injury Condition; ``heal NAME LEVEL`` removes one of that
    level (the latest); ``heal NAME N`` removes the N least severe; ``heal NAME TEXT`` removes
    the injury named TEXT."""
    have = store(ctx, c)
    if not have:
        raise RuleError("{name} has no Injury Conditions", name=c.name)
    removed: list[Injury] = []
    text = (value or "").strip()
    if not text or text.lower() == "all":
        removed = list(have)
        have.clear()
    elif text.isdigit():
        n = int(text)
        if n < 1:
            raise RuleError("heal N takes N of at least 1")
        order = {lv: k for k, lv in enumerate(Tables.of(ctx).injury.levels + ["hit", TAKEN_OUT])}
        for i in sorted(have, key=lambda i: order.get(i.level, 99))[:n]:
            have.remove(i)
            removed.append(i)
    else:
        named = [i for i in have if (i.name or "").lower() == text.lower().strip('"')]
        if not named:
            try:
                lv = match_level(text, Tables.of(ctx), taken_out=True)
            except RuleError:
                known = [i.name for i in have if i.name]
                raise RuleError("heal reads a level, a number, all, or an injury's name, not \"{text}\"{more}", text=text, more=f" (named: {', '.join(known)})" if known else ""
                                ) from None
            named = [i for i in have if i.level == lv]
            if not named:
                raise RuleError("{name} has no {lv} Condition", name=c.name,
                                lv=level_word(ctx, lv))
        have.remove(named[-1])
        removed.append(named[-1])
    refresh_status(ctx, c)
    what = ", ".join(names_text_one(i, ctx) for i in removed)
    ctx.log(ctx.say("{name} heals: {what} removed", name=c.name, what=what), kind="heal", target=c, outcome=c.status)


def names_text_one(i: Injury, where: Where | None = None) -> str:
    """``Broken Arm (Injured)``, ``Bruised``: one Injury Condition, worded where ``where``
    shows it (English without it)."""
    lv = ("Hit" if i.level == "hit" else title(i.level)) if where is None else \
        level_word(where, i.level)
    return f"{i.name} ({lv})" if i.name else lv


def clear_scene(ctx: RulesContext) -> None:
    """AMB-SP-10: at the end of the scene non-Persistent Injury Conditions clear."""
    if Tables.of(ctx).injury.clear_at != "scene":
        return
    for c in ctx.enc.combatants:
        me = fighter(ctx, c)
        gone = [i for i in me.injuries if not i.persistent]
        if gone:
            me.injuries = [i for i in me.injuries if i.persistent]
            refresh_status(ctx, c)
            ctx.log(ctx.say("{name}: end of scene clears {value}", name=c.name, value=', '.join(names_text_one(i, ctx) for i in gone)),
                    kind="heal", target=c, outcome=c.status)


def value_words(view: RulesView, verb: str) -> list[str]:
    """The levels (and for ``damage`` the kinds) ``damage``/``heal`` take, for completion."""
    levels = [*Tables.of(view).injury.levels, "taken_out"]
    if verb == "damage":
        return [*levels, "persistent", "aggravated", "lethal", "name=", "box="]
    return levels


def wound_level(view: RulesView, c: Combatant) -> int:
    """How badly ``c`` is hurt as the players may know it: Health left, or free boxes."""
    from combat_cli.api import level_by_fraction

    t = Tables.of(view)
    if uses_health(t, c):
        most = health(t, c)
        return level_by_fraction(most - hits(view, c), most, c.out)
    most = sum(boxes(t, c).values())
    return level_by_fraction(sum(free(view, c).values()), most, c.out)
