"""Kept for compatibility: :mod:`combat_cli.views.ruleids` (help and the round table use it)."""

from __future__ import annotations

from combat_cli.views.ruleids import without_rule_ids

__all__ = ["without_rule_ids"]
