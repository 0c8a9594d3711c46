"""Front ends: the prompt-toolkit REPL and script mode, sharing one driver."""
