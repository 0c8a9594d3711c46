"""Upgrading older save files, one schema step at a time (``MIGRATIONS[n]`` takes n to n+1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SCHEMA = 1

MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def upgrade(raw: dict[str, Any]) -> dict[str, Any]:
    version = raw["schema"]
    while version < SCHEMA:
        raw = MIGRATIONS[version](raw)
        version += 1
        raw["schema"] = version
    return raw
