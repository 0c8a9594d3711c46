"""A save file edited by hand, as a GM (or a broken disk) might: the tests of damaged files."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any


def edit_encounter(path: Path, edit: Callable[[dict[str, Any]], Any],
                   source: Path | None = None) -> Path:
    """Rewrite the encounter in ``path``'s first line with ``edit`` (it changes the dict in
    place); ``source``: copy this save to ``path`` first. The log lines stay as they are."""
    if source is not None:
        shutil.copyfile(source, path)
    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    edit(head["encounter"])
    lines[0] = json.dumps(head, ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
