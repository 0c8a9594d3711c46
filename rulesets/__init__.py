"""The built-in rulesets: d6, storypath, d12, czech_pool. Each is found through the entry-point
group ``combat_cli.rulesets`` like any third-party ruleset and imports only ``combat_cli.api``."""
