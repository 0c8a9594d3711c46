"""Kept for compatibility: the tokenizer and the action-line parser live below the commands, in
:mod:`combat_cli.engine.grammar.parsing` (beside the grammar that uses them)."""

from __future__ import annotations

from combat_cli.engine.grammar.parsing import (
    COMMA,
    action_names,
    check_option,
    glue_options,
    groups,
    is_option,
    option,
    parse_action,
    parse_actions,
    partition,
    shell_words,
    split,
)
from combat_cli.textsafe import line_problem

__all__ = ["COMMA", "action_names", "check_option", "glue_options", "groups", "is_option",
           "line_problem", "option", "parse_action", "parse_actions", "partition",
           "shell_words", "split"]
