"""The built-in rulesets: d6, storypath, d12, czech_pool. The package is named ``combat_rulesets``
(not a generic ``rulesets``, which another distribution could also install); it lives in the
project's ``rulesets/`` folder. Each is found through the entry-point
group ``combat_cli.rulesets`` like any third-party ruleset and imports only ``combat_cli.api``."""
