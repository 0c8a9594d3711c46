"""The ruleset registry: rulesets installed under the entry-point group ``combat_cli.rulesets``.

The built-in rulesets are found there like any third-party package, which ships a ruleset with
``[project.entry-points."combat_cli.rulesets"] name = "package:RULESET"``. For development and
tests, ``COMBAT_RULESETS="name=module:attr,..."`` adds rulesets without installing them.

What an entry point gives is checked: a :class:`Ruleset` instance whose ``name`` is the
entry point's; anything else is one line saying what is wrong.
"""

from __future__ import annotations

import importlib
import os
import sys
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from combat_cli.engine.domain.errors import CommandError
from combat_cli.locale import Msg
from combat_cli.textsafe import escape_all

if TYPE_CHECKING:  # the models (pydantic) load off the start-up path: see repl/session.py
    from combat_cli.engine.contract.ruleset import Ruleset

GROUP = "combat_cli.rulesets"


@lru_cache(maxsize=1)
def _targets() -> dict[str, str]:
    found = _entry_points(GROUP)
    found.update(_env_targets())
    return found


def _entry_points(group: str) -> dict[str, str]:
    """``name -> "module:attr"`` of the installed distributions' entry points in ``group``.

    Reads the ``entry_points.txt`` of each ``*.dist-info``/``*.egg-info`` on ``sys.path`` (the
    first distribution on the path wins a name, as with importlib.metadata) without importing
    importlib.metadata, which would cost the start-up of every command a tenth of a second."""
    found: dict[str, str] = {}
    for entry in sys.path:
        try:
            listing = os.scandir(entry or ".")
        except OSError:
            continue
        with listing:
            metas = sorted(e.name for e in listing if e.name.endswith((".dist-info", ".egg-info")))
        for meta in metas:
            path = Path(entry or ".", meta, "entry_points.txt")
            try:
                text = path.read_text(encoding="utf-8")
            except OSError:
                continue
            for name, value in _section(text, group).items():
                found.setdefault(name, value)
    return found


def _section(text: str, group: str) -> dict[str, str]:
    """The ``name = value`` lines of ``[group]`` in an entry_points.txt (INI) text."""
    out: dict[str, str] = {}
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
        elif inside and "=" in line and not line.startswith(("#", ";")):
            name, _, value = line.partition("=")
            out[name.strip()] = value.strip()
    return out


def _env_targets() -> dict[str, str]:
    found = {}
    for spec in filter(None, (s.strip() for s in os.environ.get("COMBAT_RULESETS", "").split(","))):
        name, _, target = spec.partition("=")
        if target:
            found[name.strip()] = target.strip()
    return found


def known(name: str) -> bool:
    """Whether a ruleset of that name is installed (without importing it)."""
    return name in _targets()


def names() -> list[str]:
    return sorted(_targets())


def targets() -> dict[str, str]:
    """``name -> "module:attr"`` of every installed ruleset (nothing is imported)."""
    return dict(_targets())


def _import(target: str) -> object:
    module, _, attr = target.partition(":")
    obj: object = importlib.import_module(module.strip())
    for part in filter(None, attr.strip().split(".")):
        obj = getattr(obj, part)
    return obj


def check(name: str, target: str, obj: object) -> Ruleset:
    """``obj`` if it is a usable ruleset for the entry point ``name``; else CommandError."""
    from combat_cli.engine.contract.ruleset import Ruleset

    where = f'ruleset "{name}" ({target})'
    if isinstance(obj, type) and issubclass(obj, Ruleset):
        raise CommandError("{where} names the class {__name__}, not a ruleset: point it at an instance (RULESET = {__name__}())", where=where, __name__=obj.__name__)
    if not isinstance(obj, Ruleset):
        raise CommandError("{where} is a {__name__}, not a Ruleset from combat_cli.api", where=where, __name__=type(obj).__name__)
    if obj.name != name:
        raise CommandError('{where} calls itself "{obj}": the entry-point name and Ruleset.name must be the same', where=where, obj=obj.name)
    _check_models(where, obj)
    return obj


def _check_models(where: str, rs: Ruleset) -> None:
    """The typed data a ruleset declares is of the kinds the core reads."""
    from combat_cli.engine.contract.rule_tables import TablesModel
    from combat_cli.engine.contract.state import CombatantState, EncounterState

    wanted: tuple[tuple[str, object, type], ...] = (
        ("combatant_state", rs.combatant_state, CombatantState),
        ("encounter_state", rs.encounter_state, EncounterState),
        ("tables_model", rs.tables_model or TablesModel, TablesModel))
    for attr, value, base in wanted:
        if not (isinstance(value, type) and issubclass(value, base)):
            raise CommandError("{where}: {attr} must be a subclass of {__name__} from combat_cli.api, not {value}", where=where, attr=attr, __name__=base.__name__, value=repr(value))
    from combat_cli.engine.grammar.options import Options

    for a in rs.actions:
        if a.model is not None and not (isinstance(a.model, type) and issubclass(a.model, Options)):
            raise CommandError("{where}: the options of {name} must be a subclass of Options from combat_cli.api, not {model}", where=where, name=a.name, model=repr(a.model))


@cache
def load(name: str) -> Ruleset:
    """The ruleset called ``name``; a clear one-line error if it is not installed, does not
    load, or is not a ruleset of that name."""
    targets = _targets()
    if name not in targets:
        from combat_cli.engine.domain.queries import closest

        guess = closest(name, targets)
        hint = Msg(" — did you mean {guess}?", guess=guess) if guess else ""
        installed = ", ".join(sorted(targets)) or "none"
        raise CommandError('no ruleset "{name}"{hint} (installed: {installed})', name=name, hint=hint, installed=installed)
    try:
        obj = _import(targets[name])
    except (Exception, SystemExit) as e:  # a broken plug-in must not take the tracker down
        said = f": {_short(str(e))}" if str(e) else ""
        raise CommandError(escape_all(f'ruleset "{name}" is installed but failed to load: '
                                      f"{type(e).__name__}{said}")) from None
    try:
        found = check(name, targets[name], obj)
    except CommandError as e:  # its name, its class's name: anything it says is escaped
        raise CommandError(escape_all(_short(str(e), 300))) from None
    from combat_cli.engine.contract.host import add_words

    add_words(found)  # its own words are found from the start
    return found


def _short(text: str, most: int = 200) -> str:
    """What a plug-in said, on one line and not too long."""
    text = " ".join(text.split())
    return text if len(text) <= most else text[:most - 1] + "…"


def available() -> dict[str, str]:
    """Installed ruleset names with their one-line titles (or what is wrong with them)."""
    out: dict[str, str] = {}
    for name in names():
        try:
            out[name] = escape_all(load(name).title or "")
        except CommandError as e:
            out[name] = f"(broken: {e})"
    return out
