"""Where ``combat serve`` reads the encounter: the one place that knows the save format.

Reading needs no lock and never writes. Re-point :func:`read_table` when the store changes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from combat_cli.engine.table import Table


def read_table(path: Path, lang: str = "") -> Table:
    """The table saved in ``path`` (SaveError: missing, damaged, foreign ...)."""
    from combat_cli.dice import RandomDice
    from combat_cli.store.savefile import load

    return load(path, RandomDice(), lang)


def file_key(path: Path) -> tuple[int, int, int] | None:
    """What changes when the file is written (an atomic rename makes a new inode); None while
    the file is missing, e.g. for a moment during the rename."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size
