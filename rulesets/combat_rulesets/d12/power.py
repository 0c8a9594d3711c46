"""Weapon Power: the seed's Power list (D12-POW-2) and Michael Walton's formula (D12-POW-1).

A weapon is named by a catalogue key of ``tables.toml`` ``[weapons]`` (or one of its aliases),
or built with Walton's scheme: ``small|medium|large`` joined with ``edged`` and/or ``firearm``
by ``+`` (``medium+edged`` = long dagger = 2, ``small+firearm`` = 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from combat_cli.api import Msg, RuleError, closest
from combat_rulesets.d12.schema import Power, Tables
from combat_rulesets.d12.schema import Weapon as Entry


def _standard() -> Tables:
    """The tables without house rules (loaded and cached by the core)."""
    from combat_rulesets.d12 import RULESET

    t = RULESET.typed_tables({})
    assert isinstance(t, Tables)
    return t


@dataclass(frozen=True)
class Weapon:
    name: str
    power: int
    """Power at normal range, by the scheme in force."""
    close_power: int | None = None
    ranged: bool = False
    unarmed: bool = False
    feet: tuple[int, int] | None = None
    how: str | Msg = ""
    """How the Power was found (list / Walton sum), for the log."""
    skill: str | None = None
    """The default skill of an attack with this weapon (the catalogue's ``skill``)."""


def _lookup(name: str, t: Tables) -> tuple[str, Entry] | None:
    """A catalogue entry by exact name or alias; else (unless the name is a Walton build) by
    unique prefix."""
    cat = t.weapons
    low = name.lower()
    for key, entry in cat.items():
        if key.lower() == low or low in (a.lower() for a in entry.aliases):
            return key, entry
    try:
        if _parse_build(name, t):
            return None
    except RuleError:
        pass
    hits = [k for k in cat if k.lower().startswith(low)]
    if len(hits) == 1:
        return hits[0], cat[hits[0]]
    return None


def walton(size: str, edged: bool, firearm: bool, p: Power) -> int:
    """D12-POW-1: size (small 0, medium 1, large 2) + 1 edged + 3 firearm (``p``: the tables'
    ``power`` section)."""
    return p.size[size] + (p.edged if edged else 0) + (p.firearm if firearm else 0)


def _parse_build(text: str, t: Tables) -> tuple[str, bool, bool] | None:
    parts = [w for w in text.lower().replace(",", "+").replace(" ", "+").split("+") if w]
    if not parts:
        return None
    sizes = list(t.power.size)
    size = None
    edged = firearm = False
    for w in parts:
        if w in sizes:
            if size is not None:
                raise RuleError("weapon {text} names two sizes: one of {sizes}", text=repr(text), sizes=', '.join(sizes))
            size = w
        elif w == "edged":
            edged = True
        elif w in ("firearm", "gun"):
            firearm = True
        else:
            return None
    if size is None:
        raise RuleError("weapon {text} needs a size: {sizes}[+edged][+firearm]", text=repr(text), sizes='|'.join(sizes))
    return size, edged, firearm


def check_weapon(text: str, t: Tables | None = None) -> str:
    """The canonical weapon word for a stat/option, or RuleError with a hint (``t``: the
    fight's tables; None: the standard ones)."""
    t = t or _standard()
    if not text:
        raise RuleError("weapon= needs a name (punch, .22, shotgun ...) or a build like medium+edged")
    hit = _lookup(text, t)
    if hit:
        return hit[0]
    build = _parse_build(text, t)
    if build:
        size, edged, firearm = build
        return "+".join([size] + (["edged"] if edged else []) + (["firearm"] if firearm else []))
    guess = closest(text, list(t.weapons))
    hint = Msg(" — did you mean {guess}?", guess=guess) if guess else ""
    raise RuleError('no weapon "{text}"{hint} (a catalogue name, or a build like small|medium|large[+edged][+firearm])', text=text, hint=hint)


def weapon(text: str, t: Tables) -> Weapon:
    """The weapon named ``text`` with its Power under the scheme in force (AMB-D12-7)."""
    hit = _lookup(text, t)
    if hit is None:
        build = _parse_build(text, t)
        if build is None:
            check_weapon(text, t)  # raises with a hint
            raise RuleError('no weapon "{text}"', text=text)
        size, edged, firearm = build
        p = walton(size, edged, firearm, t.power)
        return Weapon(text, p, ranged=firearm, how=_walton_how(size, edged, firearm, p, t.power))
    key, e = hit
    feet = (e.feet[0], e.feet[1]) if e.feet else None
    skill = e.skill or None
    if t.power.scheme == "walton" and e.size is not None:
        p = walton(e.size, e.edged, e.firearm, t.power)
        return Weapon(key, p, None, e.ranged, e.unarmed, feet,
                      _walton_how(e.size, e.edged, e.firearm, p, t.power), skill)
    close = e.close_power
    return Weapon(key, e.power, close, e.ranged, e.unarmed, feet,
                  Msg("Power list {power} ({close} at close range)", power=e.power, close=close)
                  if close else Msg("Power list {power}", power=e.power), skill)


def _walton_how(size: str, edged: bool, firearm: bool, p: int, power: Power) -> Msg:
    parts = [f"{size} {power.size[size]}"]
    if edged:
        parts.append(f"edged +{power.edged}")
    if firearm:
        parts.append(f"firearm +{power.firearm}")
    return Msg("Walton {parts} = {power}", parts=" ".join(parts), power=p)


def joined(parts: list[str | Msg]) -> str | Msg:
    """``a; b; c``, each part worded where it is shown."""
    out = parts[0]
    for part in parts[1:]:
        out = Msg("{a}; {b}", a=out, b=part)
    return out


def parse_range(value: Any) -> int | str | None:
    """``range=`` of an attack: ``close``, ``far`` or a distance in feet."""
    if value is None or value == "":
        return None
    text = str(value).strip().lower().removesuffix("ft").strip()
    if text.isdigit():
        return int(text)
    for word in ("close", "far", "normal"):
        if word.startswith(text):
            return "close" if word == "close" else "far"
    raise RuleError("range={value}: close, far or a distance in feet (e.g. range=12)", value=value)


@dataclass(frozen=True)
class PowerResult:
    power: int
    how: str | Msg


def attack_power(w: Weapon, tables: Tables, *, strength: int | None = None,
                 bid: int = 0, rng: int | str | None = None) -> PowerResult:
    """The Power of one attack: the weapon at its range, plus the Strength bonus (AMB-D12-10)."""
    t = tables.power
    power = w.power
    how: list[str | Msg] = [Msg("{weapon}: {how}", weapon=w.name, how=w.how)]
    if w.close_power is not None and rng is not None:
        close = rng == "close" or (isinstance(rng, int) and rng <= t.close_feet)
        if close:
            power = w.close_power
            how.append(Msg("close range → {power}", power=power))
    if w.feet and isinstance(rng, int) and not w.feet[0] <= rng <= w.feet[1] and not (
            w.close_power is not None and rng <= t.close_feet):
        how.append(Msg("the list gives {low}-{high} ft: GM's call at {feet} ft", low=w.feet[0],
                       high=w.feet[1], feet=rng))
    scope = t.strength_scope
    eligible = (scope == "unarmed_and_melee" and not w.ranged) or (
        scope == "unarmed" and w.unarmed)
    if eligible and strength is not None and strength >= t.strength_threshold \
            and bid >= strength:
        power += t.strength_bonus
        how.append(Msg("Strength {n} with full bid +{bonus}", n=strength,
                       bonus=t.strength_bonus))
    return PowerResult(power, joined(how))
