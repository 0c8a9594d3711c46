"""Game-time durations: ``10r`` rounds, ``30s``, ``5m``, ``8h``, ``3d``, ``2w``, combined (``1d12h``)."""

from __future__ import annotations

import re

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
_PART = re.compile(r"(\d+)\s*([a-z]+)")
_NAMES = {
    "r": "r", "rd": "r", "round": "r", "rounds": "r",
    "s": "s", "sec": "s", "second": "s", "seconds": "s",
    "m": "m", "min": "m", "minute": "m", "minutes": "m",
    "h": "h", "hr": "h", "hour": "h", "hours": "h",
    "d": "d", "day": "d", "days": "d",
    "w": "w", "wk": "w", "week": "w", "weeks": "w",
}
MAX_SECONDS = 10 * 365 * 86400


class DurationError(ValueError):
    pass


def parse_duration(text: str, round_seconds: int) -> int:
    """Seconds of game time in ``text``; rounds count ``round_seconds`` each."""
    src = text.strip().lower()
    if not src:
        raise DurationError("give a duration such as 3r, 10m, 8h, 3d or 2w")
    pos = 0
    total = 0
    for m in _PART.finditer(src):
        if src[pos:m.start()].strip():
            break
        unit = _NAMES.get(m.group(2))
        if unit is None:
            raise DurationError(f"unknown unit {m.group(2)!r} in {text!r}: use r, s, m, h, d or w")
        n = int(m.group(1))
        total += n * (round_seconds if unit == "r" else UNITS[unit])
        pos = m.end()
    if pos != len(src) or pos == 0:
        raise DurationError(f"can't read duration {text!r}: try 3r, 10m, 8h, 3d or 2w")
    if total <= 0:
        raise DurationError("a duration must be longer than zero")
    if total > MAX_SECONDS:
        raise DurationError("a duration must be under 10 years")
    return total


ROUNDS_SHOWN = 20
"""Spans up to this many rounds are said in rounds (3 rounds); longer ones in time (10m)."""


def in_rounds(seconds: int, round_seconds: int) -> int | None:
    """``seconds`` as a count of rounds when that is how a GM would say it, else None."""
    if seconds % round_seconds == 0 and seconds <= ROUNDS_SHOWN * round_seconds:
        return seconds // round_seconds
    return None


def format_duration(seconds: int) -> str:
    """``2d 3h``, ``5m``, ``0s`` — the two largest units."""
    if seconds <= 0:
        return "0s"
    parts = []
    for unit, size in (("w", UNITS["w"]), ("d", 86400), ("h", 3600), ("m", 60), ("s", 1)):
        if seconds >= size:
            parts.append(f"{seconds // size}{unit}")
            seconds %= size
    return " ".join(parts[:2])


def format_clock(seconds: int, day_word: str = "day") -> str:
    """Absolute game time since the encounter began: ``day 2 03:15:20``."""
    day, rest = divmod(seconds, 86400)
    h, rest = divmod(rest, 3600)
    m, s = divmod(rest, 60)
    return f"{day_word} {day + 1} {h:02d}:{m:02d}:{s:02d}"
