"""The ruleset registry: rulesets installed under the entry-point group ``combat_cli.rulesets``.

A third party ships a ruleset as its own package with
``[project.entry-points."combat_cli.rulesets"] name = "package:RULESET"``. For development and
tests, ``COMBAT_RULESETS="name=module:attr,..."`` adds rulesets without installing them.
"""

from __future__ import annotations

import importlib
import os
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from combat_cli.engine.errors import CommandError

if TYPE_CHECKING:
    from rulesets.base import Ruleset

GROUP = "combat_cli.rulesets"
BUILTIN = {name: f"rulesets.{name}:RULESET" for name in ("d6", "storypath", "d12", "czech_pool")}
"""Shipped with combat-cli (also registered as entry points); loaded without scanning every
installed package's metadata, which costs start-up time."""


@lru_cache(maxsize=1)
def _targets() -> dict[str, str]:
    from importlib.metadata import entry_points

    found = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    found.update(_env_targets())
    return found


def known(name: str) -> bool:
    """Whether a ruleset of that name is installed (without importing it)."""
    return name in BUILTIN or name in _env_targets() or name in _targets()


def names() -> list[str]:
    return sorted(_targets())


def _import(target: str) -> Ruleset:
    module, _, attr = target.partition(":")
    obj = importlib.import_module(module)
    for part in filter(None, attr.split(".")):
        obj = getattr(obj, part)
    return obj  # type: ignore[return-value]


def _env_targets() -> dict[str, str]:
    found = {}
    for spec in filter(None, (s.strip() for s in os.environ.get("COMBAT_RULESETS", "").split(","))):
        name, _, target = spec.partition("=")
        if target:
            found[name.strip()] = target.strip()
    return found


@cache
def load(name: str) -> Ruleset:
    """The ruleset called ``name``; a clear error if it is not installed or does not load."""
    fast = {**BUILTIN, **_env_targets()}
    targets = {name: fast[name]} if name in fast else _targets()
    if name not in targets:
        from combat_cli.engine.queries import closest

        guess = closest(name, targets)
        hint = f" — did you mean {guess}?" if guess else ""
        known = ", ".join(sorted(targets)) or "none"
        raise CommandError(f'no ruleset "{name}"{hint} (installed: {known})')
    try:
        return _import(targets[name])
    except Exception as e:  # a broken plug-in must not take the tracker down
        raise CommandError(f'ruleset "{name}" is installed but failed to load: {e}') from None


def available() -> dict[str, str]:
    """Installed ruleset names with their one-line titles (or the load error)."""
    out: dict[str, str] = {}
    for name in names():
        try:
            out[name] = load(name).title or ""
        except CommandError as e:
            out[name] = f"(broken: {e})"
    return out
