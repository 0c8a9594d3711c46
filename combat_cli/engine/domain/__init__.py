"""The encounter as data: its models, names, durations, queries and undo history; the one
refusing exception. Imports nothing else of the engine.
"""
