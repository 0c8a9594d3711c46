"""Stats of a D6 combatant: attributes and skills as die codes, weapons, armour, scale, kits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from combat_cli.api import Msg, RuleError, StatSpec, Word
from combat_rulesets.d6.codes import Code, code_text, parse_code

if TYPE_CHECKING:
    from combat_rulesets.d6.schema import Tables

YES = ("yes", "no")  # the values of a yes/no option
WEAPON_KEYS = {"name", "damage", "ranges", "rof", "ammo", "reload", "skill", "melee",
               "difficulty", "targeting", "auto"}


def shipped() -> Tables:
    """The tables as shipped, without house rules (a stat typed for a combatant is checked
    against their catalogues), as the core loaded them."""
    from combat_rulesets.d6 import RULESET
    from combat_rulesets.d6.schema import Tables

    t = RULESET.typed_tables({})
    assert isinstance(t, Tables)
    return t


def norm(name: str) -> str:
    return " ".join(name.replace("_", " ").lower().split())


def _match(word: str, choices: list[str], what: str) -> str:
    low = norm(word)
    for c in choices:
        if norm(c) == low:
            return c
    hits = [c for c in choices if norm(c).startswith(low)]
    if len(hits) == 1:
        return hits[0]
    from combat_cli.api import closest

    guess = closest(word, choices)
    hint = (Msg(" — did you mean {guess}?", guess=guess) if guess else
            Msg(" (known: {known})", known=", ".join(choices)))
    raise ValueError(Msg('no {what} "{word}"{hint}', what=what, word=word, hint=hint))


def parse_damage(value: Any) -> dict[str, Any]:
    """``5D`` (fixed) or ``STR+1D`` (Strength plus dice)."""
    text = str(value).strip()
    up = text.upper().replace(" ", "")
    if up.startswith("STR"):
        rest = up[3:]
        return {"str": True, "code": code_text(rest) if rest else "0D"}
    return {"str": False, "code": code_text(text)}


def damage_text(dmg: dict[str, Any]) -> str:
    if dmg["str"]:
        return "STR" if dmg["code"] == "0D" else f"STR+{dmg['code']}"
    return str(dmg["code"])


def parse_weapon(value: Any) -> Any:
    """A catalogue name (stored as the name) or a TOML table (stored as a checked dict)."""
    if isinstance(value, dict):
        extra = set(value) - WEAPON_KEYS
        if extra:
            raise ValueError(Msg("weapon has no field {extra} (fields: {WEAPON_KEYS})", extra=repr(sorted(extra)[0]), WEAPON_KEYS=', '.join(sorted(WEAPON_KEYS))))
        if "damage" not in value:
            raise ValueError('a weapon table needs damage = "5D" or "STR+1D"')
        return compact_weapon(normalize_weapon(value.get("name", "custom weapon"), value))
    return _match(str(value), list(shipped().weapons), "weapon")


def compact_weapon(w: dict[str, Any]) -> dict[str, Any]:
    """A weapon table as stored and shown: its name, damage and only the fields that differ
    from what they would be anyway (``Fangs (damage STR+1D, skill Brawling)``)."""
    melee = bool(w["melee"])
    implied = {"melee": w["damage"].upper().startswith("STR"), "rof": 1, "ammo": 0,
               "reload": 1, "skill": "Melee Combat" if melee else "Firearms", "auto": False}
    out = {"name": w["name"], "damage": w["damage"]}
    if not melee:
        out["ranges"] = w["ranges"]
    out.update({k: v for k, v in w.items() if k not in out and k != "ranges"
                and (k not in implied or v != implied[k])})
    return out


def normalize_weapon(name: str, raw: dict[str, Any]) -> dict[str, Any]:
    dmg = parse_damage(raw["damage"])
    melee = bool(raw.get("melee", dmg["str"]))
    ranges = [int(x) for x in raw.get("ranges", [])]
    if not melee and len(ranges) != 3:
        raise ValueError(Msg("{name}: ranges = [short, medium, long] in metres, e.g. [10, 30, 120]", name=name))
    out: dict[str, Any] = {
        "name": str(name), "damage": damage_text(dmg), "melee": melee, "ranges": ranges,
        "rof": int(raw.get("rof", 1)), "ammo": int(raw.get("ammo", 0)),
        "reload": int(raw.get("reload", 1)),
        "skill": str(raw.get("skill", "Melee Combat" if melee else "Firearms")),
        "auto": bool(raw.get("auto", False)),
    }
    if "difficulty" in raw:
        out["difficulty"] = int(raw["difficulty"])
    if "targeting" in raw:
        out["targeting"] = code_text(raw["targeting"])
    if out["rof"] < 1:
        raise ValueError(Msg("{name}: rof must be at least 1", name=name))
    return out


def weapon_entry(t: Tables, value: Any) -> dict[str, Any]:
    """The full weapon record for a stat value (catalogue name or table)."""
    if isinstance(value, dict):  # a template's own weapon (stored compact)
        return normalize_weapon(str(value.get("name", "custom weapon")), value)
    cat = t.weapons
    name = _match(str(value), list(cat), "weapon")
    return normalize_weapon(name, cat[name].model_dump(exclude_none=True))


def parse_scale(value: Any) -> str:
    t = shipped()
    aliases = t.scale_aliases
    names = list(t.scale) + list(aliases)
    hit = _match(str(value), names, "scale")
    return aliases.get(hit, hit)


def parse_count(value: Any) -> int:
    n = int(value)
    if not 0 <= n <= 99:
        raise ValueError("give a number 0..99")
    return n


STATS = (
    StatSpec("Instincts", "initiative order, highest first (die code)", code_text, "2D",
             aliases=("inst", "instinct")),
    StatSpec("Dodge", "reaction skill vs ranged attacks", code_text, None),
    StatSpec("Brawling", "unarmed attack (difficulty 5) and block", code_text, None,
             aliases=("brawl",)),
    StatSpec("Martial Arts", "unarmed attack (difficulty 10) and block", code_text, None,
             aliases=("martial_arts", "martial", "martialarts")),
    StatSpec("Melee Combat", "armed melee attack", code_text, None,
             aliases=("melee_combat", "melee")),
    StatSpec("Melee Parry", "parry with a melee weapon (else Melee Combat)", code_text, None,
             aliases=("melee_parry", "parry")),
    StatSpec("Firearms", "guns", code_text, None, aliases=("guns",)),
    StatSpec("Strength", "melee and unarmed damage", code_text, "2D", aliases=("str",)),
    StatSpec("Constitution", "resists damage, natural healing", code_text, "2D",
             aliases=("con", "const")),
    StatSpec("First Aid", "first-aid kits", code_text, None, aliases=("first_aid", "firstaid")),
    StatSpec("Medicine (A)", "medical facilities", code_text, None,
             aliases=("medicine", "medicine_a", "medicine(a)")),
    StatSpec("weapon", "weapon in hand: a catalogue name (Heavy Pistol) or a TOML table",
             parse_weapon, None, aliases=("wpn",)),
    StatSpec("armor", "armour die code added to Constitution vs damage", code_text, None,
             aliases=("armour",)),
    StatSpec("scale", "character, speeder, walker, starfighter, capital (or car, tank ...)",
             parse_scale, "character"),
    StatSpec("kits", "first-aid kits carried (2 uses each)", parse_count, 0, aliases=("kit",)),
)


def merge_spellings(c: Any) -> None:
    """One skill, however typed: "Missile Weapons" and missile_weapons are the same stat
    (the later value wins, under the first spelling)."""
    merged: dict[str, Any] = {}
    spelling: dict[str, str] = {}
    for k, v in c.stats.items():
        merged[spelling.setdefault(norm(k), k)] = v
    if merged != c.stats or list(merged) != list(c.stats):
        c.stats = merged


def known_skills(t: Tables) -> list[str]:
    """Every stat and skill the rules name: the stats above, the weapons' skills, the
    fallback skills, the facility skill."""
    names = [s.name for s in STATS]
    names += [w.skill for w in t.weapons.values() if w.skill]
    for k, v in t.skills.fallback.items():
        names += [k, *v]
    names.append(t.first_aid.facility_skill)
    return list({norm(n): n for n in reversed(names)}.values())[::-1]


def misspelt(t: Tables, stats: dict[str, Any]) -> list[tuple[str, str]]:
    """(typed, closest known) for each stat that is no known skill but close to one."""
    import difflib

    known = known_skills(t)
    by_norm = {norm(k): k for k in known}
    out = []
    for key in stats:
        if norm(key) in by_norm:
            continue
        hit = difflib.get_close_matches(norm(key), list(by_norm), n=1, cutoff=0.75)
        if hit:
            out.append((key, by_norm[hit[0]]))
    return out


def stat(c: Any, name: str) -> Any:
    """A stat by name, case/underscore-insensitive."""
    want = norm(name)
    for k, v in c.stats.items():
        if norm(k) == want:
            return v
    for s in STATS:
        if norm(s.name) == want or want in (norm(a) for a in s.aliases):
            for k, v in c.stats.items():
                if norm(k) == norm(s.name) or norm(k) in (norm(a) for a in s.aliases):
                    return v
            return s.default
    return None


def skill(t: Tables, c: Any, name: str) -> tuple[str, Code] | None:
    """(name used, code) of a skill, following the fallback table; None if missing."""
    for n in [name, *t.skills.fallback.get(name, [])]:
        v = stat(c, n)
        if v is not None:
            return n, parse_code(v)
    return None


def need_skill(t: Tables, c: Any, name: str) -> tuple[str, Code]:
    got = skill(t, c, name)
    if got is None:
        if "(" in name:
            example = name.split("(")[0].strip().lower().replace(" ", "_") + "=3D"
        elif " " in name:
            example = f'"{name}=3D"'
        else:
            example = f"{name}=3D"
        who = f'"{c.name}"' if " " in c.name else c.name
        raise RuleError("{name} has no {name2} skill: set {who} {example}", name=c.name, name2=Word(name), who=who, example=example)
    return got
