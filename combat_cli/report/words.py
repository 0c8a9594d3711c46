"""Kept for compatibility: the words of the players' views live in
:mod:`combat_cli.views.words` (shared by the report and the players' screen)."""

from __future__ import annotations

from combat_cli.views.words import Words

__all__ = ["Words"]
