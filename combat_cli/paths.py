"""Where the program writes outside the encounter files: the REPL history, the error log and the
config file, in the places each operating system expects (platformdirs: XDG on Linux,
~/Library on macOS, %LOCALAPPDATA% on Windows)."""

from __future__ import annotations

import os
from pathlib import Path

APP = "combat-cli"


def state_dir() -> Path:
    from platformdirs import user_state_path

    return user_state_path(APP, appauthor=False)


def config_dir() -> Path:
    from platformdirs import user_config_path

    return user_config_path(APP, appauthor=False)


def config_file() -> Path:
    """The GM's defaults (TOML); ``COMBAT_CONFIG`` names another file."""
    return Path(os.environ.get("COMBAT_CONFIG") or config_dir() / "config.toml")


def history_file() -> Path | None:
    """The REPL's line history; ``COMBAT_HISTORY`` names another file, empty turns it off."""
    value = os.environ.get("COMBAT_HISTORY")
    if value == "":
        return None
    return Path(value) if value else state_dir() / "history"


def error_log() -> Path:
    """Where an internal error's traceback is written."""
    return state_dir() / "errors.log"


def record_crash(what: str) -> Path | None:
    """Append the current exception's traceback to the error log; its path, or None if it
    could not be written."""
    import traceback

    path = error_log()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as f:
            f.write(f"--- {what}\n{traceback.format_exc()}\n")
    except OSError:
        return None
    return path


def crash_line(path: Path | None) -> str:
    """The end of an internal-error line: where the traceback went."""
    if path is None:
        return "the error log could not be written"
    return f"the traceback is in {path}"
