"""The GM's defaults: a small TOML file (``combat paths`` shows where), overridden by flags.

    dice = "manual"     # auto, manual or players: who rolls when --dice is not given
    lang = "en"         # display language, for rulesets that have several
    color = "never"     # auto (colour on a terminal), always or never; true/false work too

A key the program does not know, or a value it cannot use, is refused in one line naming the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

DICE_MODES = ("auto", "manual", "players")
"""What ``--dice`` and ``dice =`` accept."""
LANGUAGES = ("en", "cs")
"""Display languages the built-in rulesets have (``--lang``, ``lang =``); a language whose
catalogue is added later is accepted too (:func:`combat_cli.locale.languages`)."""
COLORS = ("auto", "always", "never")


class ConfigError(Exception):
    """A config file that can't be used; the message is one line."""


@dataclass(frozen=True)
class Config:
    dice: str = "auto"
    lang: str = ""
    color: str = "auto"
    path: Path | None = None


_KEYS = {"dice": DICE_MODES, "lang": LANGUAGES, "color": COLORS}
_ALIASES = {"colour": "color", "language": "lang"}


def load(path: Path | None = None) -> Config:
    """The config file's settings (the defaults if there is no file)."""
    from combat_cli.paths import config_file

    path = path or config_file()
    if not path.is_file():
        return Config()
    data = _read(path)
    values: dict[str, str] = {}
    for key, value in data.items():
        name = _key(path, key)
        values[name] = _value(path, key, value)
    return Config(**values, path=path)


def _read(path: Path) -> dict[str, Any]:
    try:
        import tomllib
    except ModuleNotFoundError:  # pragma: no cover - Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ConfigError(f"can't read the config file {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"the config file {path} is not a text file") from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"the config file {path} is not valid TOML: {e}") from None


def _key(path: Path, key: str) -> str:
    name = _ALIASES.get(key, key)
    if name in _KEYS:
        return name
    from combat_cli.engine.domain.queries import closest

    guess = closest(key, list(_KEYS))
    hint = f" — did you mean {guess}?" if guess else ""
    raise ConfigError(f"the config file {path}: unknown key {_shown(key)}{hint} "
                      f"(keys: {', '.join(_KEYS)})")


def _value(path: Path, key: str, value: Any) -> str:
    name = _ALIASES.get(key, key)
    if name == "color" and isinstance(value, bool):
        return "always" if value else "never"
    allowed = _KEYS[name]
    if name == "lang":
        from combat_cli.locale import languages

        allowed = tuple(dict.fromkeys((*allowed, *languages())))
    if isinstance(value, str) and value in allowed:
        return value
    raise ConfigError(f"the config file {path}: {key} is {' or '.join(allowed)}, "
                      f"not {_shown(value)}")


def _shown(value: Any) -> str:
    """A value from the file, safe to print (no control characters, not too long)."""
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= 40 else text[:37] + "..."
