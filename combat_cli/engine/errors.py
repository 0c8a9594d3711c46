"""The one exception a command or a rule raises to refuse a line: its message is what the GM
reads (say what was wrong and what would be right). The state is left unchanged."""


class CommandError(Exception):
    pass


RuleError = CommandError


class RollAborted(CommandError):
    """A roll could not be made: the GM's typed dice did not fit, the prompt was cancelled, a
    script ran out of answers. The whole command is abandoned (never turned into an outcome
    such as a lapsed action), so the GM can type it again."""
