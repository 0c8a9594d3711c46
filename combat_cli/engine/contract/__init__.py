"""The plug-in contract: what a ruleset implements (Ruleset, its capabilities, typed state,
records and rule tables), the context its rules run in, the view its display hooks see and
the port front ends implement. Imports the domain and the grammar.
"""
