"""A ruleset's fight played through the installed program as a GM would: ``combat new F
--ruleset R --lang L``, then ``combat play F --script -`` with the lines on stdin (seeded dice)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def combat(*args: str, stdin: str | None = None, cwd: Path | None = None) -> str:
    """What ``combat ARGS`` prints (stdout, then stderr), wide enough for a line not to wrap."""
    env = dict(os.environ, COMBAT_HISTORY="", COLUMNS="300")
    r = subprocess.run([sys.executable, "-m", "combat_cli", *args], input=stdin, env=env,
                       capture_output=True, text=True, timeout=120, encoding="utf-8", cwd=cwd)
    return r.stdout + r.stderr


def play_fight(f: Path, ruleset: str, lang: str, lines: str, seed: int = 3) -> str:
    """A new fight ``f`` in ``ruleset`` at a ``lang`` table, ``lines`` played in it."""
    combat("new", str(f), "--ruleset", ruleset, "--lang", lang)
    return combat("play", str(f), "--lang", lang, "--seed", str(seed), "--script", "-",
                  stdin=lines)
