"""Kept for compatibility: the log told in plain words lives in
:mod:`combat_cli.views.sentences` (shared by the report and the players' screen)."""

from __future__ import annotations

from combat_cli.views.sentences import OUTCOMES, QUIET_KINDS, Line, PlayerTeller, Unseen, hidden_ids

__all__ = ["OUTCOMES", "QUIET_KINDS", "Line", "PlayerTeller", "Unseen", "hidden_ids"]
