"""Key bindings: Ctrl-C cancels the line (prompt-toolkit's default raises KeyboardInterrupt,
which the loop treats as "cancel"); F1 shows help; Ctrl-Z undoes (as if typed)."""

from __future__ import annotations

from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.key_binding.key_processor import KeyPressEvent


def create_key_bindings() -> KeyBindings:
    kb = KeyBindings()

    @kb.add("f1")
    def _help(event: KeyPressEvent) -> None:
        """Run help."""
        event.current_buffer.text = "help"
        event.current_buffer.validate_and_handle()

    @kb.add("c-z")
    def _undo(event: KeyPressEvent) -> None:
        """Undo the last command."""
        event.current_buffer.text = "undo"
        event.current_buffer.validate_and_handle()

    return kb
