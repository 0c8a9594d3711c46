"""Which language the command line speaks, decided before anything is printed.

Outside a fight (``combat --help``, ``rulesets``, ``roll``, ``odds``, the fatal errors): the
``--lang`` flag, else the config file's ``lang``, else the environment (``LC_ALL``, then
``LC_MESSAGES``, then ``LANG``: ``cs_CZ.UTF-8`` is Czech), else English.

For a fight file (``play``, ``show``, ``report``, ``serve``): the flag, else the config file's
``lang``, else the file's own language (written in the save's first line; an old file without
it: its ruleset's), else the environment's. Only the standard library is used here: this runs
on every start.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path

SOURCE = "en"
_HEAD = rb'"ruleset":("(?:[^"\\]|\\.)*")(?:,"lang":"([a-z]{2,3})")?'


def supported() -> tuple[str, ...]:
    from combat_cli.locale import languages

    return languages()


def from_flag(argv: Sequence[str]) -> str:
    """``--lang X`` / ``--lang=X`` anywhere on the command line ("" if absent or unknown)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        else:
            continue
        return value if value in supported() else ""
    return ""


def _config_path() -> Path:
    """:func:`combat_cli.paths.config_file` without importing platformdirs on Linux (this runs
    on every start: ``$XDG_CONFIG_HOME`` or ``~/.config``, as platformdirs has it there)."""
    given = os.environ.get("COMBAT_CONFIG")
    if given:
        return Path(given)
    if sys.platform.startswith("linux"):
        base = os.environ.get("XDG_CONFIG_HOME", "").strip() or os.path.expanduser("~/.config")
        return Path(base, "combat-cli", "config.toml")
    from combat_cli.paths import config_file

    return config_file()


def from_config() -> str:
    """The config file's ``lang`` ("" when unset; a broken file is reported by the command)."""
    path = _config_path()
    if not path.is_file():
        return ""
    from combat_cli.config import ConfigError, load

    try:
        return load(path).lang
    except (ConfigError, OSError, TypeError, ValueError):
        return ""


def from_environment(env: dict[str, str] | None = None) -> str:
    """The language of the POSIX locale variables (LC_ALL > LC_MESSAGES > LANG), if we have a
    catalogue for it; "" otherwise."""
    env = dict(os.environ) if env is None else env
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            code = value.split(".")[0].split("_")[0].split("@")[0].lower()
            return code if code not in ("c", "posix", SOURCE) and code in supported() else ""
    return ""


def of_file(path: Path) -> str:
    """A save file's language, from the first bytes of its first line ("" if unknown): its
    ``lang`` key, or (an older file) its ruleset's own language."""
    import stat

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a pipe or a device is never opened here
            return ""
        with open(path, "rb") as f:
            start = f.read(4096)
    except (OSError, ValueError):
        return ""
    m = re.search(_HEAD, start.partition(b"\n")[0])
    if m is None:
        return ""
    if m.group(2):
        return m.group(2).decode()
    import json

    try:
        name = json.loads(m.group(1))
        from combat_cli import plugins

        return str(plugins.load(name).language) if plugins.known(name) else ""
    except Exception:  # noqa: BLE001 - a ruleset that won't load is reported by the command
        return ""


def for_command(argv: Sequence[str]) -> str:
    """The language of the command line: flag > config > environment > English."""
    return from_flag(argv) or from_config() or from_environment() or SOURCE


def for_file(flag: str | None, config: str, path: Path) -> str:
    """The language of what is said about a fight file: flag > config > file > environment."""
    return flag or config or of_file(path) or from_environment() or SOURCE
