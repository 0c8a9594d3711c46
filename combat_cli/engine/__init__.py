"""The system-independent state of an encounter and the context rules code works through.

Never imports rich, prompt-toolkit or typer.
"""
