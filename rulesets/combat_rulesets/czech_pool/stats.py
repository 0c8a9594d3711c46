"""Stat blocks: attributes, skills, talents, weapon, armour, demon, situational numbers.

Every stat has a Czech name (what is stored and shown) and English / diacritic-free aliases.
"""

from __future__ import annotations

from typing import Any

from combat_cli.api import Combatant, RulesContext, StatSpec
from combat_rulesets.czech_pool.lang import flag, match, norm, terr, tr
from combat_rulesets.czech_pool.schema import Tables

# canonical key -> (the stat's name, stored in save files; its English name the GM may type).
# The names shown are the catalogue's (en/czech_pool.po; "term" for the key).
ATTRIBUTE_STATS: dict[str, tuple[str, str]] = {
    "obratnost": ("Obratnost", "Agility"),
    "zrucnost": ("Zručnost", "Dexterity"),
    "pamet": ("Paměť", "Memory"),
    "odolnost": ("Odolnost", "Resilience"),
    "konstituce": ("Konstituce", "Constitution"),
    "postreh": ("Postřeh", "Perception"),
    "obezretnost": ("Obezřetnost", "Caution"),
    "klamani": ("Klamání", "Deception"),
    "charisma": ("Charisma", "Charisma"),
    "pevnost_mysli": ("Pevnost mysli", "Willpower"),
}
SKILL_STATS: dict[str, tuple[str, str]] = {
    "boj": ("Boj", "Melee"),
    "rvacka": ("Rvačka", "Brawl"),
    "vrh": ("Vrh", "Throwing"),
    "strelba": ("Střelba", "Shooting"),
    "atletika": ("Atletika", "Athletics"),
    "kouzleni": ("Kouzlení", "Spellcasting"),
    "vzyvani": ("Vzývání", "Invocation"),
    "modleni": ("Modlení", "Prayer"),
}
ATTRIBUTES = tuple(ATTRIBUTE_STATS)
SKILLS = tuple(SKILL_STATS)
THREAT_SKILLS = ("boj", "rvacka", "vrh", "strelba", "kouzleni", "vzyvani", "modleni")
TALENTS = ("stit", "dve_zbrane", "utok_z_obrany")
TALENT_NAMES = {
    "stit": ("Boj se štítem", "shield fighting", "štít", "shield", "shield_fighting"),
    "dve_zbrane": ("Boj se dvěma zbraněmi", "two-weapon fighting", "dvě zbraně", "dve_zbrane",
                   "two weapons", "two_weapon"),
    "utok_z_obrany": ("Útok z obrany", "attack from defence", "attack from defense",
                      "attack_from_defence"),
}
DEMONS = {
    "zadny": ("žádný", "none", "ne", "no"),
    "slaby_utocny": ("slabý útočný", "weak offensive", "weak_offensive"),
    "silny_utocny": ("silný útočný", "strong offensive", "strong_offensive"),
    "slaby_obranny": ("slabý obranný", "weak defensive", "weak_defensive"),
    "silny_obranny": ("silný obranný", "strong defensive", "strong_defensive"),
}


def _int(v: Any) -> int:
    try:
        n = int(str(v).strip().replace("+", ""))
    except ValueError:
        raise ValueError(tr(None, "{v}: a whole number", v=repr(v))) from None
    return n


def _nonneg(v: Any) -> int:
    n = _int(v)
    if n < 0 or n > 30:
        raise ValueError(tr(None, "0..30, not {n}", n=n))
    return n


def _upto(limit: int):  # noqa: ANN202
    def parse(v: Any) -> int:
        n = _nonneg(v)
        if n > limit:
            raise ValueError(tr(None, "0..{limit}, not {n}", limit=limit, n=n))
        return n
    return parse


def _talents(v: Any) -> list[str]:
    if isinstance(v, list | tuple):
        words = [str(x) for x in v]
    else:
        words = [w for w in str(v).split(",") if w.strip()]
    out: list[str] = []
    for w in words:
        if norm(w) in ("", "zadne", "none", "-"):
            continue
        key = match(w, TALENT_NAMES, "talent")
        name = TALENT_NAMES[key][0]
        if name not in out:
            out.append(name)
    return out


def _demon(v: Any) -> str:
    key = match(str(v), DEMONS, "demon")
    return "" if key == "zadny" else DEMONS[key][0]


def _gender(v: Any) -> str:
    """rod=m|ž|s (muž, žena, střední; English m|f|n too), stored as m / ž / s."""
    from combat_cli.api import locale

    g = locale.parse_gender(str(v))
    if g is None:
        raise ValueError(tr(None, "m|f|n (masculine, feminine, neuter), not {v}", v=repr(v)))
    return {"m": "m", "f": "ž", "n": "s"}[g]


def _text(v: Any) -> str:
    s = str(v).strip()
    if not s:
        raise ValueError(tr(None, 'needs a value'))
    return s


def _spec(key: str, parse: Any, default: Any, help: str, *extra: str) -> StatSpec:
    cz, en = {**ATTRIBUTE_STATS, **SKILL_STATS}[key]
    names = {cz, norm(cz), key, en, norm(en), *extra}
    names.discard(cz)
    return StatSpec(cz, help, parse, default, tuple(sorted(names)))


def _named(cz: str, en: str, parse: Any, default: Any, help: str, *extra: str,
           check: str | None = None) -> StatSpec:
    names = {norm(cz), en, norm(en), *extra}
    names.discard(cz)
    return StatSpec(cz, help, parse, default, tuple(sorted(names)), check)


STATS: tuple[StatSpec, ...] = (
    *(_spec(k, _nonneg, 0, f"attribute {ATTRIBUTE_STATS[k][1]}",
            *(("pevnost", "vůle", "will") if k == "pevnost_mysli" else ()))
      for k in ATTRIBUTES),
    *(_spec(k, _nonneg, 0, f"skill {SKILL_STATS[k][1]}") for k in SKILLS),
    _named("Talenty", "talents", _talents, [], "Boj se štítem, Boj se dvěma zbraněmi, Útok z obrany",
           "talent"),
    _named("Štít", "shield", flag, True, "the shield can be used (ano/ne)"),
    _named("Druhá zbraň", "second_weapon", flag, True, "the second weapon can be used (ano/ne)",
           "druha_zbran", "druhá_zbraň"),
    _named("Rod", "gender", _gender, "", "grammatical gender m|ž|s (guessed from the name)",
           "rod"),
    _named("Zbraň", "weapon", _text, "", "weapon from the catalogue (speed, length, damage)",
           check="combat_rulesets.czech_pool.roster:listed_weapon"),
    _named("Rychlost zbraně", "weapon_speed", _int, None, "weapon speed (after Strength/two hands)",
           "rychlost_zbrane", "rychlost_zbraně", "wspeed"),
    _named("Délka zbraně", "weapon_length", _nonneg, None, "weapon length (0 fist, 1 short ...)",
           "delka_zbrane", "délka_zbraně", "delka", "délka", "length", "reach"),
    _named("Zranění zbraně", "weapon_damage", _int, None, "weapon damage in wound levels",
           "zraneni_zbrane", "zranění_zbraně", "poškození", "poskozeni", "wdamage"),
    _named("Rychlost kouzla", "spell_speed", _int, 0, "spell speed", "rychlost_kouzla"),
    _named("Zranění kouzla", "spell_damage", _int, 0, "spell damage (also miracles)",
           "zraneni_kouzla", "zranění_kouzla"),
    _named("Rychlost zázraku", "miracle_speed", _int, 0, "speed of a manifestation/miracle",
           "rychlost_zazraku", "rychlost_zázraku", "rychlost_úkazu", "rychlost_ukazu"),
    _named("Zbroj", "armour", _nonneg, 0, "armour: wound levels it stops", "armor"),
    _named("Bonus", "pool_bonus", _int, 0, "dice added to the pool (enchantment, očarování)",
           "očarování", "ocarovani", "enchantment"),
    _named("Únava", "fatigue", _upto(4), 0, "fatigue / exhaustion: +1..+4 difficulty",
           "vyčerpání", "vycerpani", "exhaustion"),
    _named("Počasí", "weather", _upto(2), 0, "extreme weather: up to +2 difficulty"),
    _named("Terén", "terrain", _upto(2), 0, "impassable terrain: up to +2 difficulty"),
    _named("Resistence", "resistance", _nonneg, 0, "resistance ranks: damage taken -1 per rank",
           "rezistence"),
    _named("Zranitelnost", "vulnerability", _nonneg, 0, "vulnerability ranks: damage taken +1 each"),
    _named("Démon", "demon", _demon, "", "slabý/silný útočný/obranný (weak/strong offensive/defensive)"),
    _named("Démon obtížnost", "demon_difficulty", _int, None, "strong demon: own difficulty change",
           "demon_obtiznost", "démon_obtížnost"),
    _named("Démon bank", "demon_pool", _int, None, "strong demon: pool change", "demon_bank",
           "démon_bank"),
    _named("Démon zranění", "demon_damage", _int, None, "strong demon: damage change",
           "demon_zraneni", "démon_zranění"),
)

BY_KEY: dict[str, str] = {k: cz for k, (cz, _en) in (*ATTRIBUTE_STATS.items(),
                                                       *SKILL_STATS.items())}


def value(c: Combatant, key: str) -> int:
    """An attribute or skill by canonical key (``obratnost``, ``boj``)."""
    return int(c.stats.get(BY_KEY.get(key, key), 0) or 0)


def stat(c: Combatant, name: str, default: Any = None) -> Any:
    v = c.stats.get(name)
    return default if v is None else v


def weapon(c: Combatant, tables: Tables, ctx: RulesContext | None = None
           ) -> dict[str, int]:
    """Speed, length and damage: the catalogue entry named by Zbraň, overridden by the numbers."""
    base = {"speed": 0, "length": 1, "damage": 0}
    name = stat(c, "Zbraň", "")
    if name:
        cat = tables.weapons
        key = norm(name)
        if key not in cat:
            key = next((k for k, v in cat.items() if norm(v.en) == key), key)
        if key not in cat:
            from combat_cli.api import closest

            en = {k: v.en for k, v in cat.items()}
            guess = closest(key, [*cat, *en.values()])
            guess = next((k for k, e in en.items() if guess in (k, e)), None) if guess else None
            english = ctx is not None and ctx.lang == "en"
            cs = {k: v.cs or k for k, v in cat.items()}
            names = list(en.values()) if english else list(cs.values())
            hint = (tr(ctx, " — did you mean {guess}?",
                       guess=en[guess] if english else cs[guess]) if guess else
                    tr(ctx, " (known: {names})", names=", ".join(names)))
            raise terr(ctx, '{name}: no weapon "{weapon}" in the catalogue{hint}', name=c.name,
                       weapon=name, hint=hint)
        w = cat[key]
        base.update(speed=w.speed, length=w.length, damage=w.damage)
    for k, s in (("speed", "Rychlost zbraně"), ("length", "Délka zbraně"),
                 ("damage", "Zranění zbraně")):
        if c.stats.get(s) is not None:
            base[k] = int(c.stats[s])
    return base


def talents(c: Combatant) -> set[str]:
    names = stat(c, "Talenty", []) or []
    return {k for k in TALENTS if TALENT_NAMES[k][0] in names}


def demon_key(c: Combatant) -> str:
    name = stat(c, "Démon", "") or ""
    for k, names in DEMONS.items():
        if names[0] == name:
            return k
    return ""


def max_levels(c: Combatant, tables: Tables) -> int:
    return tables.health.base_levels + value(c, "konstituce")
