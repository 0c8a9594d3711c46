"""Storypath stat blocks: Attributes, Skills, Tier, Scale, Armor, Defense, Health, weapons."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from combat_cli.api import Combatant, Msg, RuleError, StatSpec

from .schema import Tables, Weapon

ATTRIBUTES = ("might", "dexterity", "stamina", "intellect", "cunning", "resolve",
              "presence", "manipulation", "composure")
"""The nine Storypath Attributes (Physical, Mental, Social x Power, Finesse, Resilience)."""
EXTRA_ATTRIBUTES = ("agility",)
"""The seed's ambush pool names Agility; only used when a stat block has it (AMB-SP-6)."""
SKILLS = ("academics", "athletics", "close_combat", "culture", "empathy", "firearms",
          "integrity", "leadership", "medicine", "occult", "persuasion", "pilot", "science",
          "subterfuge", "survival", "technology")
TRAITS = ATTRIBUTES + EXTRA_ATTRIBUTES + SKILLS
ALIASES = {"cc": "close_combat", "closecombat": "close_combat", "close": "close_combat",
           "melee": "close_combat", "str": "might", "dex": "dexterity", "sta": "stamina",
           "int": "intellect", "cun": "cunning", "res": "resolve", "pre": "presence",
           "man": "manipulation", "com": "composure"}
TIERS = ("mortal", "heroic", "demigod", "divine")
DEFAULT_ATTRIBUTE = 1


def _dots(v: Any) -> int:
    n = int(v)
    if not 0 <= n <= 20:
        raise ValueError(Msg("dots run 0..20, not {n}", n=n))
    return n


def _scale(v: Any) -> int:
    n = int(v)
    if not 0 <= n <= 6:
        raise ValueError(Msg("Scale runs 0 (Standard) .. 6 (Titanic), not {n}", n=n))
    return n


def _nonneg(v: Any) -> int:
    n = int(v)
    if n < 0:
        raise ValueError(Msg("must be 0 or more, not {n}", n=n))
    return n


def _tier(v: Any) -> str:
    s = str(v).strip().lower()
    hits = [t for t in TIERS if t.startswith(s)] if s else []
    if len(hits) != 1:
        raise ValueError(Msg("tier is one of {TIERS}, not {v}", TIERS=', '.join(TIERS), v=repr(v)))
    return hits[0]


def _defense(v: Any) -> int | str:
    s = str(v).strip().lower()
    if s in ("roll", "standard"):
        return s
    n = int(s)
    if n < 0:
        raise ValueError("Defense is 0 or more (or roll / standard)")
    return n


def _pool_text(v: Any) -> str:
    s = str(v).strip().lower()
    parse_pool_terms(s)  # raises with a hint
    return s


def _tags(v: Any) -> list[str]:
    items = v if isinstance(v, list) else str(v).replace(";", ",").split(",")
    out = []
    for t in items:
        t = str(t).strip()
        if t:
            out.append(t[:1].upper() + t[1:].lower())
    return out


def _text(v: Any) -> str:
    return str(v)


def _weapon(v: Any) -> str:
    s = str(v).strip().lower()
    if not s:
        raise ValueError("name a weapon from the catalogue (sword, pistol ...)")
    return s


def _bool(v: Any) -> bool:
    if isinstance(v, bool):
        return v
    s = str(v).strip().lower()
    if s in ("yes", "y", "true", "1", "on"):
        return True
    if s in ("no", "n", "false", "0", "off"):
        return False
    raise ValueError(Msg("yes or no, not {v}", v=repr(v)))


STATS: tuple[StatSpec, ...] = (
    *(StatSpec(a, f"Attribute {a.title()} (dots)", _dots, DEFAULT_ATTRIBUTE,
               tuple(k for k, x in ALIASES.items() if x == a)) for a in ATTRIBUTES),
    StatSpec("agility", "the seed's ambush trait (only if the stat block has it)", _dots, None),
    *(StatSpec(s, f"Skill {s.replace('_', ' ').title()} (dots)", _dots, 0,
               tuple(k for k, x in ALIASES.items() if x == s)) for s in SKILLS),
    StatSpec("tier", "mortal, heroic (TN 8), demigod, divine (TN 7)", _tier, "mortal"),
    StatSpec("scale", "Scale 0..6 (+1 Bruised box per level; Enhancement)", _scale, 0),
    StatSpec("armor", "Armor: Inflict Damage costs 0 + Armor", _nonneg, 0, ("soak",)),
    StatSpec("defense", "static Defense N, or roll / standard (default: PCs roll, SGCs 1)",
             _defense, None, ("def",)),
    StatSpec("defense_pool", "pool rolled for Defense (default: highest Resilience Attribute)",
             _pool_text, None),
    StatSpec("health", "SGC Health: Injury Conditions it can take before the next Takes it Out",
             _nonneg, None, ("hp",)),
    StatSpec("weapon", "a weapon from the catalogue (tables.toml [weapons])", _weapon, "unarmed",
             check="combat_rulesets.storypath.roster:listed_weapon"),
    StatSpec("tags", "extra weapon tags, comma-separated (Lethal, Aggravated, Stun ...)", _tags, None),
    StatSpec("attack_pool", "default attack pool (e.g. close_combat+might or 6)", _pool_text, None),
    StatSpec("minor", "yes: a minor character (mook): Scale multiplies results against it",
             _bool, None, ("mook",)),
    StatSpec("mortal", "yes: lethal damage is Persistent (default: tier mortal)", _bool, None),
    StatSpec("init_group", "SGCs with the same group share one initiative roll (SP-INIT-5)",
             _text, None),
    StatSpec("knacks", "Knack notes", _text, None),
    StatSpec("boons", "Boon notes", _text, None),
    StatSpec("notes", "free notes", _text, None),
)


def trait_name(word: str) -> str:
    """The trait named by ``word`` (full name, alias or unique prefix)."""
    low = word.strip().lower().replace(" ", "_")
    low = ALIASES.get(low, low)
    if low in TRAITS:
        return low
    shown = _shown_traits().get(_fold(low))
    if shown is not None:
        return shown
    hits = [t for t in TRAITS if t.startswith(low)]
    if len(hits) == 1:
        return hits[0]
    from combat_cli.api import closest

    guess = closest(low, TRAITS)
    if hits:
        raise RuleError('"{word}" could be {names}: type more', word=word, names=", ".join(hits))
    raise RuleError('no trait "{word}"{more}', word=word, more=f" — did you mean {guess}?" if guess else
                                           " (Attributes and Skills, e.g. close_combat+might)")


def _fold(word: str) -> str:
    from combat_cli.api import fold

    return fold(word)


def _shown_traits() -> dict[str, str]:
    """Each trait as another language shows it (``síla``, ``boj_zblízka``), folded: typed
    like the English name (from the catalogues alone)."""
    from combat_cli.api import locale

    SOURCE, catalogue, languages = locale.SOURCE, locale.catalogue, locale.languages

    key = languages()
    found = _SHOWN.get(key)
    if found is None:
        found = {}
        for lang in key:
            if lang == SOURCE:
                continue
            cat = catalogue(lang)
            for t in TRAITS:
                word = cat.pgettext("storypath", t)
                if word != t:
                    found.setdefault(_fold(word.replace(" ", "_")), t)
        _SHOWN.clear()
        _SHOWN[key] = found
    return found


_SHOWN: dict[tuple[str, ...], dict[str, str]] = {}


def _shown_weapon(word: str, weapons: Iterable[str]) -> str | None:
    """The weapon another language calls ``word`` (``meč``, ``mec``: the sword)."""
    from combat_cli.api import locale

    SOURCE, catalogue, languages = locale.SOURCE, locale.catalogue, locale.languages

    typed = _fold(word)
    for lang in languages():
        if lang != SOURCE:
            cat = catalogue(lang)
            for w in weapons:
                if _fold(cat.gettext(w)) == typed:
                    return w
    return None


def parse_pool_terms(text: str) -> list[str | int]:
    """``close_combat+might`` -> ["close_combat", "might"]; numbers stay numbers."""
    words = [w.strip() for w in str(text).replace(" ", "").split("+")]
    if not words or any(not w for w in words):
        raise RuleError('pool "{text}": write traits joined by +, e.g. close_combat+might, or a number', text=text)
    out: list[str | int] = []
    for w in words:
        if w.lstrip("-").isdigit():
            out.append(int(w))
        else:
            out.append(trait_name(w))
    return out


def trait(c: Combatant, name: str) -> int:
    v = c.stats.get(name)
    if v is None:
        return DEFAULT_ATTRIBUTE if name in ATTRIBUTES else 0
    return int(v)


def trait_title(term: str, where: Any = None) -> str:
    """``close_combat`` -> ``Close Combat`` (as ``where`` shows it: Czech ``Boj zblízka``)."""
    title = term.replace("_", " ").title()
    return str(where.label(title)) if where is not None else title


def pool_of(c: Combatant, text: str, where: Any = None) -> tuple[int, str]:
    """Dice and a label (``Close Combat 3 + Might 2``) for a pool expression, worded where
    ``where`` (a rules context or view) shows it."""
    total = 0
    parts: list[str] = []
    for term in parse_pool_terms(text):
        if isinstance(term, int):
            total += term
            parts.append(f"{term:+d}" if parts else str(term))
        else:
            n = trait(c, term)
            total += n
            parts.append(f"{trait_title(term, where)} {n}")
    if len(parts) == 1 and isinstance(parse_pool_terms(text)[0], int):
        return max(0, total), (f"pool {total}" if where is None else
                               str(where.label("pool {n}")).format(n=total))
    return max(0, total), " + ".join(parts)


def best_of(c: Combatant, names: list[str]) -> str:
    return max(names, key=lambda n: (trait(c, n), -names.index(n)))


def is_pc(c: Combatant) -> bool:
    return c.side == "pc"


def is_mortal(c: Combatant) -> bool:
    v = c.stats.get("mortal")
    if v is not None:
        return bool(v)
    return c.stats.get("tier", "mortal") == "mortal"


def weapon_of(tables: Tables, c: Combatant, name: str | None = None) -> Weapon:
    """The weapon entry (tags, pool, range) with its name and the combatant's extra tags."""
    weapons = tables.weapons
    wname = (name or c.stats.get("weapon") or "unarmed").lower()
    if wname not in weapons:
        wname = _shown_weapon(wname, weapons) or wname
    if wname not in weapons:
        hits = [w for w in weapons if w.startswith(wname)]
        if len(hits) != 1:
            from combat_cli.api import Word, closest

            guess = closest(wname, weapons)
            if guess:
                raise RuleError('no weapon "{wname}" — did you mean {guess}?', wname=wname,
                                guess=Word(guess))
            raise RuleError('no weapon "{wname}" (known: {known})', wname=wname,
                            known=Msg(", ".join(f"{{w{n}}}" for n in range(len(weapons))),
                                      **{f"w{n}": Word(w) for n, w in enumerate(weapons)}))
        wname = hits[0]
    tags = list(weapons[wname].tags)
    if name is None:
        for t in c.stats.get("tags") or []:
            if t not in tags:
                tags.append(t)
    return weapons[wname].model_copy(update={"name": wname, "tags": tags})
