"""House-rule weapons: ``[weapons.NAME]`` tables of a house-rules file add weapons to the
catalogue or change listed ones; every value is checked, each fault is one line. This is part
of loading the tables (``D12Ruleset.merge_house_rules``): it works on the tables as read,
before the core validates them."""

from __future__ import annotations

import re
from typing import Any

from combat_cli.api import Msg, RuleError, closest

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}|\.[A-Za-z0-9._-]{1,39}")
_SKILL = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
_FLAGS = ("ranged", "firearm", "unarmed", "edged")
_KEYS = ("power", "close_power", *_FLAGS, "size", "feet", "aliases", "note", "skill")
_BUILD_WORDS = ("edged", "firearm", "gun")
MAX_POWER = 20


def merge_weapons(base: dict[str, Any], house: Any, tables: dict[str, Any]) -> dict[str, Any]:
    """The catalogue with the house rules' ``[weapons]`` merged in (checked)."""
    if not isinstance(house, dict):
        raise RuleError("house rules: weapons is a set of tables ([weapons.bow] power = 2)")
    out = dict(base)
    for name, entry in house.items():
        where = f"weapons.{name}"
        _check_name(str(name), where, tables)
        if not isinstance(entry, dict):
            raise RuleError("house rules: {where} is a table of the weapon's values ([{where}] power = 1), not {entry}", where=where, entry=repr(entry))
        known = next((k for k in base if k.lower() == str(name).lower()), None)
        merged = {**base[known], **entry} if known else dict(entry)
        for key, value in entry.items():
            _check_value(f"{where}.{key}", str(key), value, tables)
        if "power" not in merged:
            if "size" not in merged:
                raise RuleError("house rules: {where} needs power = N (or size = {tables} for Walton's formula)", where=where, tables='|'.join(tables['power']['size']))
            from combat_rulesets.d12.power import walton
            from combat_rulesets.d12.schema import Power

            # the power section as merged (the core validates the whole tables next)
            merged["power"] = walton(merged["size"], bool(merged.get("edged")),
                                     bool(merged.get("firearm")),
                                     Power.model_construct(**tables["power"]))
        if merged.get("firearm") and "ranged" not in merged:
            merged["ranged"] = True
        out.pop(known or name, None)
        out[known or str(name)] = merged
    _check_aliases(out)
    return out


def plausible_name(text: str) -> bool:
    """One word a house-rules file could name a weapon (checked later against the catalogue)."""
    return bool(_NAME.fullmatch(text))


def _check_name(name: str, where: str, tables: dict[str, Any]) -> None:
    if not _NAME.fullmatch(name):
        fix = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-") or "sling"
        raise RuleError("house rules: weapon name {name} is one word of letters, digits, . - _ (like {fix})", name=_shown(name), fix=fix)
    if name.lower() in (*tables["power"]["size"], *_BUILD_WORDS, "clear", "none"):
        raise RuleError('house rules: "{name}" is a word of the Walton builds (small|medium|large+edged+firearm): pick another weapon name', name=name)


def _check_value(where: str, key: str, value: Any, tables: dict[str, Any]) -> None:
    if key not in _KEYS:
        guess = closest(key, list(_KEYS))
        hint = Msg(" — did you mean {guess}?", guess=guess) if guess else ""
        raise RuleError("house rules: {where} is not a weapon value{hint} ({_KEYS})", where=where, hint=hint, _KEYS=', '.join(_KEYS))
    if key in ("power", "close_power"):
        if not _whole(value) or not 0 <= value <= MAX_POWER:
            raise RuleError("house rules: {where} must be a whole number 0 to {MAX_POWER}, not {value}", where=where, MAX_POWER=MAX_POWER, value=_shown(value))
    elif key in _FLAGS:
        if not isinstance(value, bool):
            raise RuleError("house rules: {where} must be true or false, not {value}", where=where, value=_shown(value))
    elif key == "size":
        sizes = list(tables["power"]["size"])
        if value not in sizes:
            raise RuleError("house rules: {where} is one of {expected}, not {value}", where=where, expected=', '.join(sizes), value=_shown(value))
    elif key == "feet":
        if not (isinstance(value, list) and len(value) == 2 and all(_whole(v) for v in value)
                and 0 <= value[0] <= value[1] <= 10000):
            raise RuleError("house rules: {where} is a band of feet [FROM, TO] like [10, 15], not {value}", where=where, value=_shown(value))
    elif key == "aliases":
        if not isinstance(value, list) or not all(
                isinstance(v, str) and _NAME.fullmatch(v) for v in value):
            raise RuleError('house rules: {where} is a list of one-word names like ["longbow"], not {value}', where=where, value=_shown(value))
    elif key == "skill":
        if not isinstance(value, str) or not _SKILL.fullmatch(value):
            raise RuleError('house rules: {where} is a skill name like "Archery", not {value}', where=where, value=_shown(value))
    elif not isinstance(value, str) or len(value) > 200 or not value.isprintable():
        raise RuleError("house rules: {where} is a short line of text, not {value}", where=where, value=_shown(value))


def _check_aliases(cat: dict[str, Any]) -> None:
    seen = {k.lower(): k for k in cat}
    for key, entry in cat.items():
        for alias in entry.get("aliases", []):
            other = seen.get(alias.lower())
            if other is not None and other != key:
                raise RuleError('house rules: weapons.{key}.aliases: "{alias}" already names {other}', key=key, alias=alias, other=other)
            seen[alias.lower()] = key


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    """A value for an error line: printable, short."""
    text = repr(value)
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= 40 else text[:37] + "..."


def merge_house_rules(tables: dict[str, Any], house_rules: dict[str, Any]) -> dict[str, Any]:
    """As the core merges them; ``[weapons.NAME]`` tables add weapons to the catalogue (or
    change listed ones), each value checked (the ruleset's ``merge_house_rules``)."""
    from combat_cli.api import merge_tables

    rest = {k: v for k, v in house_rules.items() if k != "weapons"}
    merged = merge_tables(tables, rest)  # the core's default merge
    if "weapons" in house_rules:
        merged = {**merged, "weapons": merge_weapons(merged["weapons"],
                                                     house_rules["weapons"], merged)}
    return merged
