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


def invalid(e: Any) -> tuple[str, str, str, str]:
    """The first problem of a pydantic ``ValidationError`` as (type, field, message, found):
    the message as the rest of a sentence ("must be a valid integer"), the value found
    shown at most 60 characters long."""
    err = e.errors(include_url=False)[0]
    key = ".".join(str(p) for p in err["loc"])
    found = repr(err.get("input"))
    found = found if len(found) <= 60 else found[:57] + "..."
    msg = str(err["msg"]).replace("Input should be", "must be").split(", unable to ")[0]
    return str(err["type"]), key, msg[:1].lower() + msg[1:], found
