"""Test-only: a plug-in whose import fails with terminal escape sequences in its error."""

raise RuntimeError("\x1b]0;pwned\x07\x1b[2J\x1b[31mcleared\u202e")
