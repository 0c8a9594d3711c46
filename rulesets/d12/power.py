"""Weapon Power: the seed's Power list (D12-POW-2) and Michael Walton's formula (D12-POW-1).

A weapon is named by a catalogue key of ``tables.toml`` ``[weapons]`` (or one of its aliases),
or built with Walton's scheme: ``small|medium|large`` joined with ``edged`` and/or ``firearm``
by ``+`` (``medium+edged`` = long dagger = 2, ``small+firearm`` = 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from combat_cli.api import RuleError, closest


@lru_cache(maxsize=1)
def _default_tables() -> dict[str, Any]:
    from combat_cli.api import load_toml

    return load_toml("rulesets.d12")


@dataclass(frozen=True)
class Weapon:
    name: str
    power: int
    """Power at normal range, by the scheme in force."""
    close_power: int | None = None
    ranged: bool = False
    unarmed: bool = False
    feet: tuple[int, int] | None = None
    how: str = ""
    """How the Power was found (list / Walton sum), for the log."""
    skill: str | None = None
    """The default skill of an attack with this weapon (the catalogue's ``skill``)."""


def _lookup(name: str, tables: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """A catalogue entry by exact name or alias; else (unless the name is a Walton build) by
    unique prefix."""
    cat = tables.get("weapons", {})
    low = name.lower()
    for key, entry in cat.items():
        if key.lower() == low or low in (a.lower() for a in entry.get("aliases", [])):
            return key, entry
    try:
        if _parse_build(name, tables):
            return None
    except RuleError:
        pass
    hits = [k for k in cat if k.lower().startswith(low)]
    if len(hits) == 1:
        return hits[0], cat[hits[0]]
    return None


def walton(size: str, edged: bool, firearm: bool, tables: dict[str, Any]) -> int:
    """D12-POW-1: size (small 0, medium 1, large 2) + 1 edged + 3 firearm."""
    p = tables["power"]
    return int(p["size"][size]) + (int(p["edged"]) if edged else 0) + (
        int(p["firearm"]) if firearm else 0)


def _parse_build(text: str, tables: dict[str, Any]) -> tuple[str, bool, bool] | None:
    parts = [w for w in text.lower().replace(",", "+").replace(" ", "+").split("+") if w]
    if not parts:
        return None
    sizes = list(tables["power"]["size"])
    size = None
    edged = firearm = False
    for w in parts:
        if w in sizes:
            if size is not None:
                raise RuleError(f"weapon {text!r} names two sizes: one of {', '.join(sizes)}")
            size = w
        elif w == "edged":
            edged = True
        elif w in ("firearm", "gun"):
            firearm = True
        else:
            return None
    if size is None:
        raise RuleError(f"weapon {text!r} needs a size: {'|'.join(sizes)}[+edged][+firearm]")
    return size, edged, firearm


def check_weapon(text: str, tables: dict[str, Any] | None = None) -> str:
    """The canonical weapon word for a stat/option, or RuleError with a hint."""
    tables = tables or _default_tables()
    if not text:
        raise RuleError("weapon= needs a name (punch, .22, shotgun ...) or a build like medium+edged")
    hit = _lookup(text, tables)
    if hit:
        return hit[0]
    build = _parse_build(text, tables)
    if build:
        size, edged, firearm = build
        return "+".join([size] + (["edged"] if edged else []) + (["firearm"] if firearm else []))
    guess = closest(text, list(tables.get("weapons", {})))
    hint = f" — did you mean {guess}?" if guess else ""
    raise RuleError(f'no weapon "{text}"{hint} (a catalogue name, or a build like '
                    "small|medium|large[+edged][+firearm])")


def weapon(text: str, tables: dict[str, Any]) -> Weapon:
    """The weapon named ``text`` with its Power under the scheme in force (AMB-D12-7)."""
    hit = _lookup(text, tables)
    if hit is None:
        build = _parse_build(text, tables)
        if build is None:
            check_weapon(text, tables)  # raises with a hint
            raise RuleError(f'no weapon "{text}"')
        size, edged, firearm = build
        p = walton(size, edged, firearm, tables)
        return Weapon(text, p, ranged=firearm, how=_walton_how(size, edged, firearm, p, tables))
    key, e = hit
    feet = tuple(e["feet"]) if e.get("feet") else None
    skill = str(e["skill"]) if e.get("skill") else None
    if tables["power"]["scheme"] == "walton" and "size" in e:
        p = walton(e["size"], bool(e.get("edged")), bool(e.get("firearm")), tables)
        return Weapon(key, p, None, bool(e.get("ranged")), bool(e.get("unarmed")), feet,  # type: ignore[arg-type]
                      _walton_how(e["size"], bool(e.get("edged")), bool(e.get("firearm")), p,
                                  tables), skill)
    close = e.get("close_power")
    return Weapon(key, int(e["power"]), None if close is None else int(close),
                  bool(e.get("ranged")), bool(e.get("unarmed")), feet,  # type: ignore[arg-type]
                  f"Power list {int(e['power'])}" + (f" ({close} at close range)" if close else ""),
                  skill)


def _walton_how(size: str, edged: bool, firearm: bool, p: int, tables: dict[str, Any]) -> str:
    t = tables["power"]
    parts = [f"{size} {t['size'][size]}"]
    if edged:
        parts.append(f"edged +{t['edged']}")
    if firearm:
        parts.append(f"firearm +{t['firearm']}")
    return f"Walton {' '.join(parts)} = {p}"


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
    raise RuleError(f"range={value}: close, far or a distance in feet (e.g. range=12)")


@dataclass(frozen=True)
class PowerResult:
    power: int
    how: str


def attack_power(w: Weapon, tables: dict[str, Any], *, strength: int | None = None,
                 bid: int = 0, rng: int | str | None = None) -> PowerResult:
    """The Power of one attack: the weapon at its range, plus the Strength bonus (AMB-D12-10)."""
    t = tables["power"]
    power = w.power
    how = [f"{w.name}: {w.how}"]
    if w.close_power is not None and rng is not None:
        close = rng == "close" or (isinstance(rng, int) and rng <= int(t["close_feet"]))
        if close:
            power = w.close_power
            how.append(f"close range -> {power}")
    if w.feet and isinstance(rng, int) and not w.feet[0] <= rng <= w.feet[1] and not (
            w.close_power is not None and rng <= int(t["close_feet"])):
        how.append(f"(the list gives {w.feet[0]}-{w.feet[1]} ft: GM's call at {rng} ft)")
    scope = t["strength_scope"]
    eligible = (scope == "unarmed_and_melee" and not w.ranged) or (
        scope == "unarmed" and w.unarmed)
    if eligible and strength is not None and strength >= int(t["strength_threshold"]) \
            and bid >= strength:
        power += int(t["strength_bonus"])
        how.append(f"Strength {strength} with full bid +{t['strength_bonus']}")
    return PowerResult(power, "; ".join(how))
