"""The one exception a command or a rule raises to refuse a line: its message is what the GM
reads (say what was wrong and what would be right). The state is left unchanged."""


class CommandError(Exception):
    pass


RuleError = CommandError
