"""The system-independent engine, in three layers (each imports only the ones before it):
:mod:`~combat_cli.engine.domain` (the encounter as data), :mod:`~combat_cli.engine.grammar`
(what a verb and an action take, and the tokenizer), :mod:`~combat_cli.engine.contract` (what
a ruleset implements and the context it runs in); then :mod:`~combat_cli.engine.table` (a
table at play) and :mod:`~combat_cli.engine.clockwork` on top.

Never imports rich, prompt-toolkit or typer.
"""
