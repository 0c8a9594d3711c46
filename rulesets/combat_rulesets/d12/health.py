"""Health: Body, Mind and Soul hits (the digest's proposed model, section 3).

Maximum hits = characteristic x Forces of the realm (Strength/Corporeal, Intelligence/Ethereal,
Will/Celestial); without Forces, ``health.no_forces_multiplier`` x the characteristic; without
the characteristic, ``health.default_hits``; the ``body=``/``mind=``/``soul=`` stats override.
The damage taken is kept per track (``Fighter.taken``), so editing stats keeps wounds.
"""

from __future__ import annotations

from typing import Any

from combat_cli.api import Combatant, Msg, RuleError, RulesContext, RulesView, Word, locale
from combat_rulesets.d12 import words
from combat_rulesets.d12.records import Healed, Wound
from combat_rulesets.d12.schema import Tables
from combat_rulesets.d12.state import TRACKS, Track, Where, fighter

TRACK_STAT: dict[Track, tuple[str, str]] = {"body": ("Strength", "corporeal_forces"),
                                            "mind": ("Intelligence", "ethereal_forces"),
                                            "soul": ("Will", "celestial_forces")}
TRACK_OF_REALM: dict[str, Track] = {"corporeal": "body", "ethereal": "mind", "celestial": "soul"}
TRACK_WORDS: dict[str, Track] = {"body": "body", "corporeal": "body", "mind": "mind",
                                 "ethereal": "mind", "soul": "soul", "celestial": "soul"}


def max_hits(c: Combatant, track: Track, tables: Tables) -> tuple[int, str]:
    """The maximum hits of ``track`` and how they were found."""
    if c.stats.get(track) is not None:
        return int(c.stats[track]), f"{track}={c.stats[track]}"
    stat, forces = TRACK_STAT[track]
    h = tables.health
    v = c.stats.get(stat)
    if v is None:
        return h.default_hits, "default"
    f = c.stats.get(forces)
    if f is not None:
        return int(v) * int(f), f"{stat} {v} x Forces {f}"
    m = h.no_forces_multiplier
    return int(v) * m, f"{m} x {stat} {v}"


def current(where: Where, c: Combatant, track: Track) -> int:
    return max_hits(c, track, Tables.of(where))[0] - fighter(where, c).taken.get(track, 0)


def setup(ctx: RulesContext, c: Combatant) -> None:
    me = fighter(ctx, c)
    for t in TRACKS:
        me.taken.setdefault(t, 0)
    tables = Tables.of(ctx)
    me.max_hits = {t: max_hits(c, t, tables)[0] for t in TRACKS}


def status_of(where: Where, c: Combatant) -> tuple[str, bool]:
    """The status word and whether ``c`` is out of the fight."""
    tables = Tables.of(where)
    body = current(where, c, "body")
    strength = c.stats.get("Strength")
    floor = -int(strength) if strength is not None else -(max_hits(c, "body", tables)[0] // 2)
    if body < floor:
        return "Dead", True
    if current(where, c, "soul") <= 0:     # worse than a body laid low: checked first
        return "Soul destroyed", True
    if body <= 0:
        return "Incapacitated", True
    if current(where, c, "mind") <= 0:
        return "Unconscious", True
    hurt = any(v > 0 for v in fighter(where, c).taken.values())
    return ("Hurt" if hurt else "OK"), False


def cannot_act(where: Where, c: Combatant, *, resolving: bool = False) -> str | None:
    """Why ``c`` cannot act (nor roll to defend): ``Gob is Incapacitated``; None when it can.
    One taken out this round still finishes the round's exchanges when they are simultaneous
    (``mob.simultaneous``) — while they resolve (or, ``resolving``, once they will)."""
    if not c.out:
        return None
    enc = where.enc
    if (resolving or enc.phase == "resolve") and fighter(where, c).out_round == enc.round and \
            Tables.of(where).mob.simultaneous:
        return None
    lang = where.language
    return locale.Said(locale.text(Msg("{name} is {status}", name=c.name,
                                       status=words.status(lang, c)), lang))


def refresh(ctx: RulesContext, c: Combatant) -> None:
    before = c.out
    status, out = status_of(ctx, c)
    ctx.set_status(c, status, out=out)
    if out and not before:
        fighter(ctx, c).out_round = ctx.enc.round


def hurt(ctx: RulesContext, c: Combatant, n: int, track: Track, *, source: Any = "",
         actor: Combatant | None = None, realm: str | None = None) -> None:
    """``c`` loses ``n`` hits of ``track``; logs the wound and the new status."""
    setup(ctx, c)
    taken = fighter(ctx, c).taken
    taken[track] = taken[track] + n
    was = c.status
    refresh(ctx, c)
    left = current(ctx, c, track)
    mx = max_hits(c, track, Tables.of(ctx))[0]
    change = Msg(", {status}", status=words.status(ctx.language, c)) if c.status != was else ""
    src = Msg(" ({source})", source=source) if source else ""
    ctx.log(words.counted(ctx.language, "{name} takes {n} {track} hit{src}: {left}/{mx} left{change}",
                          "{name} takes {n} {track} hits{src}: {left}/{mx} left{change}", n,
                          name=c.name, track=Word(track.capitalize()), src=src, left=left, mx=mx,
                          change=change),
            kind="wound", actor=actor, target=c, outcome=c.status,
            **_wound(n, track, left, mx, realm).dump())


def _wound(n: int, track: str, left: int, mx: int, realm: str | None) -> Wound:
    """The numbers of a wound entry (``realm``: only for hits from an exchange)."""
    rec = Wound(damage=n, track=track, hits=left, max_hits=mx)
    if realm is not None:
        rec.realm = realm
    return rec


def parse_value(value: str, *, default_track: str = "body",
                need_number: bool = True) -> tuple[int | None, Track]:
    """``3``, ``3 mind``, ``mind 3``, ``soul=2`` -> (number, track)."""
    words = value.replace("=", " ").split()
    n: int | None = None
    track: Track = TRACK_WORDS[default_track]
    for w in words:
        low = w.lower()
        if low.lstrip("+").isdigit():
            if n is not None:
                raise RuleError("one number of hits, not {value}: e.g. 3 body", value=repr(value))
            n = int(low.lstrip("+"))
        elif low.startswith("-") and low[1:].isdigit():
            raise RuleError("hits are 0 or more, not {w}: heal NAME {w2} takes hits off", w=w, w2=w[1:])
        else:
            hits = [t for k, t in TRACK_WORDS.items() if k.startswith(low)]
            if not hits or len(set(hits)) > 1:
                raise RuleError('"{w}" is not a track: body, mind or soul (or corporeal, ethereal, celestial), e.g. 3 mind', w=w)
            track = hits[0]
    if n is None and need_number:
        raise RuleError("damage is a number of hits and a track, e.g. 3 or 3 mind, not {value}", value=repr(value))
    if n is not None and n > 999:
        raise RuleError("{n} hits is too many (at most 999)", n=n)
    return n, track


def damage(ctx: RulesContext, c: Combatant, value: str) -> None:
    n, track = parse_value(value)
    assert n is not None
    hurt(ctx, c, n, track, source=Word("direct"))


def heal(ctx: RulesContext, c: Combatant, value: str | None) -> None:
    setup(ctx, c)
    taken = fighter(ctx, c).taken
    if not value:
        for t in taken:
            taken[t] = 0
        refresh(ctx, c)
        fighter(ctx, c).out_round = None
        ctx.log(ctx.say("{name} is fully restored: Body {body}, Mind {mind}, Soul {soul}",
                        name=c.name, body=current(ctx, c, "body"),
                        mind=current(ctx, c, "mind"), soul=current(ctx, c, "soul")),
                kind="heal", target=c, outcome=c.status)
        return
    n, track = parse_value(value)
    assert n is not None
    back = min(n, taken[track])
    taken[track] = taken[track] - back
    refresh(ctx, c)
    mx = max_hits(c, track, Tables.of(ctx))[0]
    ctx.log(words.counted(ctx.language, "{name} recovers {n} {track} hit: {now}/{mx}",
                          "{name} recovers {n} {track} hits: {now}/{mx}", back, name=c.name,
                          track=Word(track.capitalize()), now=current(ctx, c, track), mx=mx),
            kind="heal", target=c, outcome=c.status,
            **Healed(healed=back, track=track).dump())


def value_words(view: RulesView, verb: str) -> list[str]:
    """What ``damage``/``heal`` take, for completion."""
    return list(TRACK_WORDS)  # body/mind/soul and the realms that name them


def wound_level(view: RulesView, c: Combatant) -> int:
    """How badly ``c`` is hurt as the players may know it: the worst of its tracks."""
    from combat_cli.api import level_by_fraction

    t = Tables.of(view)
    return max(level_by_fraction(current(view, c, k), max_hits(c, k, t)[0],
                                 c.out) for k in TRACKS)
