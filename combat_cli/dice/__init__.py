"""Dice: parsed roll descriptions (specs), rolls that keep every face, and dice sources.

Rules code asks a :class:`DiceSource` for a :class:`Roll` of a :class:`RollSpec`; whether the
faces come from a seeded RNG, from the GM typing physical dice, or from a test's fixed list is
the source's business, never the rules'.
"""

from combat_cli.dice.expr import DiceError, DiceTerm, RollSpec, parse, pool, sum_dice
from combat_cli.dice.modes import MODES, OWN_MODES, TableDice
from combat_cli.dice.sources import (
    Answer,
    DiceAsker,
    DiceExhausted,
    DiceQuestion,
    DiceSource,
    FixedDice,
    FixedDiceError,
    ManualDice,
    RandomDice,
    Roll,
    Roller,
    parse_answer,
)

__all__ = [
    "Answer",
    "DiceAsker",
    "DiceQuestion",
    "DiceError",
    "DiceExhausted",
    "DiceSource",
    "DiceTerm",
    "FixedDice",
    "FixedDiceError",
    "ManualDice",
    "RandomDice",
    "MODES",
    "OWN_MODES",
    "Roll",
    "Roller",
    "TableDice",
    "RollSpec",
    "parse",
    "parse_answer",
    "pool",
    "sum_dice",
]
