"""Stat blocks: characteristics, Forces, bid budgets, skills, weapon, allegiance.

Characteristics are optional: a bid is capped by a characteristic only when it is set, and a
budget falls back to the realm's characteristic (tables ``bid.default_budget``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from combat_cli.api import Combatant, Msg, RuleError, StatSpec
from combat_rulesets.d12.state import Realm

if TYPE_CHECKING:
    from combat_rulesets.d12.schema import Tables

CHARACTERISTICS = ("Strength", "Agility", "Intelligence", "Precision", "Will", "Perception")
FORCES = {"corporeal": "corporeal_forces", "ethereal": "ethereal_forces",
          "celestial": "celestial_forces"}
BUDGETS = {"corporeal": "physical", "ethereal": "mental", "celestial": "spiritual"}
TRACKS = {"corporeal": "body", "ethereal": "mind", "celestial": "soul"}
REALMS: tuple[Realm, ...] = ("corporeal", "ethereal", "celestial")
ALLEGIANCES = ("human", "angelic", "demonic")


def whole(value: Any) -> int:
    """A whole number 0 or more (what the GM typed or a TOML value)."""
    if isinstance(value, bool):
        raise ValueError(Msg("takes a whole number, e.g. 4"))
    try:
        n = int(str(value).strip())
    except ValueError:
        raise ValueError(Msg("takes a whole number, e.g. 4, not {value}", value=repr(value))) from None
    if n < 0:
        raise ValueError(Msg("must be 0 or more, not {n}", n=n))
    if n > 99:
        raise ValueError(Msg("{n} is too large (at most 99)", n=n))
    return n


def skill_value(value: Any) -> int:
    """A skill level: a whole number 0..12."""
    n = whole(value)
    if n > 12:
        raise ValueError(Msg("a skill runs 0..12, not {n}", n=n))
    return n


def allegiance(value: Any) -> str:
    low = str(value).strip().lower()
    for a in ALLEGIANCES:
        if a.startswith(low) and low:
            return a
    raise ValueError(Msg("is one of {ALLEGIANCES}, not {value}", ALLEGIANCES=', '.join(ALLEGIANCES), value=repr(value)))


def weapon_name(value: Any) -> str:
    """A weapon: a catalogue name (tables.toml) or a Walton build like medium+edged. A name
    the standard catalogue lacks may be a house-rule weapon: it is kept as typed when it is one
    word, and checked against the fight's catalogue when the combatant joins (``on_add``)."""
    from combat_cli.api import RuleError
    from combat_rulesets.d12.catalogue import plausible_name
    from combat_rulesets.d12.power import check_weapon

    text = str(value).strip()
    try:
        return check_weapon(text)
    except RuleError:
        if plausible_name(text):
            return text
        raise


CS: dict[str, tuple[str, ...]] = {
    "Strength": ("síla", "sila"), "Agility": ("obratnost",), "Intelligence": ("inteligence",),
    "Precision": ("přesnost", "presnost"), "Will": ("vůle", "vule"),
    "Perception": ("vnímání", "vnimani"), "body": ("tělo", "telo"), "mind": ("mysl",),
    "soul": ("duše", "duse"), "corporeal_forces": ("tělesné_síly", "telesne_sily"),
    "ethereal_forces": ("éterické_síly", "etericke_sily"),
    "celestial_forces": ("nebeské_síly", "nebeske_sily"), "physical": ("tělesné", "telesne"),
    "mental": ("duševní", "dusevni"), "spiritual": ("duchovní", "duchovni"),
    "weapon": ("zbraň", "zbran"), "allegiance": ("příslušnost", "prislusnost"),
}
"""The Czech names of the stats (as a Czech table shows them), also
accepted as typed (``add Jitka Síla=5``): kept under the English name, in any language."""

STATS: tuple[StatSpec, ...] = (
    StatSpec("Strength", "corporeal: melee bids, Body hits, Power +1 at 7+ with full bid", whole,
             None, aliases=("str", *CS["Strength"])),
    StatSpec("Agility", "corporeal: defensive bids, movement order, default physical budget",
             whole, None, aliases=("agi", "agl", *CS["Agility"])),
    StatSpec("Intelligence", "ethereal: attack bids, Mind hits, default mental budget", whole,
             None, aliases=("int", *CS["Intelligence"])),
    StatSpec("Precision", "ethereal defence; ranged corporeal bids", whole, None,
             aliases=("pre", "prc", *CS["Precision"])),
    StatSpec("Will", "celestial: attack bids, Soul hits, default spiritual budget", whole, None,
             aliases=("wil", *CS["Will"])),
    StatSpec("Perception", "celestial defence", whole, None, aliases=("per", *CS["Perception"])),
    StatSpec("corporeal_forces", "Corporeal Forces (Body hits = Strength x Forces)", whole, None,
             aliases=("cf", *CS["corporeal_forces"])),
    StatSpec("ethereal_forces", "Ethereal Forces (Mind hits = Intelligence x Forces)", whole,
             None, aliases=("ef", *CS["ethereal_forces"])),
    StatSpec("celestial_forces", "Celestial Forces (Soul hits = Will x Forces)", whole, None,
             aliases=("sf", *CS["celestial_forces"])),
    StatSpec("physical", "corporeal bid budget per round (Cory's \"6 physical\"; default Agility)",
             whole, None, aliases=("corporeal_bid", *CS["physical"])),
    StatSpec("mental", "ethereal bid budget per round (default Intelligence)", whole, None,
             aliases=("ethereal_bid", *CS["mental"])),
    StatSpec("spiritual", "celestial bid budget per round (default Will)", whole, None,
             aliases=("celestial_bid", *CS["spiritual"])),
    StatSpec("weapon", "default weapon: a catalogue name (punch, .22, shotgun ...) or a Walton "
             "build small|medium|large[+edged][+firearm]", weapon_name, None, aliases=("w", *CS["weapon"]),
             check="combat_rulesets.d12.roster:listed_weapon"),
    StatSpec("body", "maximum Body hits (overrides Strength x Forces)", whole, None,
             aliases=CS["body"]),
    StatSpec("mind", "maximum Mind hits (overrides Intelligence x Forces)", whole, None,
             aliases=CS["mind"]),
    StatSpec("soul", "maximum Soul hits (overrides Will x Forces)", whole, None,
             aliases=CS["soul"]),
    StatSpec("allegiance", "human, angelic or demonic (narrates interventions)", allegiance,
             None, aliases=("side_of", *CS["allegiance"])),
)


def characteristic(c: Combatant, name: str) -> int | None:
    v = c.stats.get(name)
    return None if v is None else int(v)


def skills(c: Combatant) -> dict[str, int]:
    known = {s.name for s in STATS}
    return {k: int(v) for k, v in c.stats.items() if k not in known and isinstance(v, int)}


def skill_level(c: Combatant, value: Any, default_name: str | None) -> tuple[int, str | Msg]:
    """The skill bonus and its label: ``skill=`` may be a number or a skill name of ``c``;
    without it, the default skill of the action if ``c`` has it, else 0."""
    from combat_cli.api import match_word

    have = skills(c)
    if value is None or value == "":
        if default_name:
            for k, v in have.items():
                if k.lower() == default_name.lower():
                    return v, f"{k} {v}"
        return 0, Msg("no skill")
    text = str(value).strip()
    if text.lstrip("-").isdigit():
        n = int(text)
        if not 0 <= n <= 12:
            raise RuleError("skill={n}: a skill runs 0..12", n=n)
        return n, Msg("skill {n}", n=n)
    if not have:
        raise RuleError('{name} has no skills: give a number (skill=2) or add one (set "{name}" {text}=2)', name=c.name, text=text)
    name = match_word(text, list(have), Msg("skill of {name}", name=c.name))
    return have[name], f"{name} {have[name]}"


def budget(c: Combatant, realm: Realm, tables: Tables) -> tuple[int | None, str]:
    """The bid budget of ``c`` in ``realm`` and where it comes from (None: no limit known)."""
    explicit = c.stats.get(BUDGETS[realm])
    if explicit is not None:
        return int(explicit), BUDGETS[realm]
    stat = tables.bid.default_budget[realm]
    v = c.stats.get(stat)
    if v is not None:
        return int(v), stat
    return None, ""
