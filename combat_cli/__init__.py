"""combat-cli: a terminal combat tracker for declare-then-resolve systems."""

__version__ = "0.1.0"
