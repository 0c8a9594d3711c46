"""The one exception a command or a rule raises to refuse a line: its message is what the GM
reads (say what was wrong and what would be right). The state is left unchanged."""

from typing import Any

from combat_cli.locale import MessageError, Msg, Word


class CommandError(MessageError):
    """``CommandError(key, **values)``: the message as data (:class:`~combat_cli.locale.Msg`),
    its catalogue key and values kept (``e.key``, ``e.values``: a test asks "which error?"
    by them); ``str(e)`` is the English, :func:`combat_cli.locale.text` the table's words.
    ``CommandError(msg)`` or ``CommandError(other_error)`` carries a message made elsewhere."""


RuleError = CommandError


class RollAborted(CommandError):
    """A roll could not be made: the GM's typed dice did not fit, the prompt was cancelled, a
    script ran out of answers. The whole command is abandoned (never turned into an outcome
    such as a lapsed action), so the GM can type it again."""


__all__ = ["CommandError", "Msg", "RollAborted", "RuleError", "Word", "invalid"]


def invalid(e: Any) -> tuple[str, str, Msg, str]:
    """The first problem of a pydantic ``ValidationError`` as (type, field, problem, found):
    the problem as the rest of a sentence ("must be a valid integer"), a message made from
    the error's type and context (not from pydantic's English), the value found shown at
    most 60 characters long."""
    err = e.errors(include_url=False)[0]
    key = ".".join(str(p) for p in err["loc"])
    found = repr(err.get("input"))
    found = found if len(found) <= 60 else found[:57] + "..."
    return str(err["type"]), key, problem(err), found


_KINDS = {"int": "must be a valid integer", "float": "must be a valid number",
          "bool": "must be a valid boolean", "string": "must be a valid string",
          "list": "must be a valid list", "dict": "must be a valid dictionary"}
"""A wrong kind of value by the start of pydantic's error type (``int_parsing``...)."""
_BOUNDS = {"greater_than_equal": ("ge", "must be greater than or equal to {n}"),
           "less_than_equal": ("le", "must be less than or equal to {n}"),
           "greater_than": ("gt", "must be greater than {n}"),
           "less_than": ("lt", "must be less than {n}")}


def problem(err: dict[str, Any]) -> Msg:
    """What is wrong with a value, from a pydantic error's ``type`` and ``ctx``."""
    import re

    from combat_cli.locale import either

    kind, ctx = str(err.get("type", "")), err.get("ctx") or {}
    if kind in _BOUNDS:
        name, key = _BOUNDS[kind]
        return Msg(key, n=str(ctx.get(name, "")))
    if kind == "literal_error":
        choices = re.split(r", | or ", str(ctx.get("expected", "")))  # its choices' reprs
        return Msg("must be {choices}", choices=either(choices))
    if kind.partition("_")[0] in _KINDS:
        return Msg(_KINDS[kind.partition("_")[0]])
    text = str(err.get("msg", "")).replace("Input should be", "must be").split(", ")[0]
    return Msg(text[:1].lower() + text[1:])  # another kind of problem: its words whole
