"""The verb grammar: what a verb and an action take (syntax, typed options) and the tokenizer
that reads a typed line into them. Imports only the domain.
"""
