"""Die codes: ``3D+1`` is three six-sided dice plus one pip (three pips make a die)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from combat_cli.api import Msg

_CODE = re.compile(r"^\s*(?:(\d+)\s*[dD])?\s*(?:([+-])\s*(\d+))?\s*$")


@dataclass(frozen=True)
class Code:
    dice: int = 0
    pips: int = 0

    @staticmethod
    def make(dice: int, pips: int) -> Code:
        """Normalise pips to 0..2 (three pips are one die)."""
        total = dice * 3 + pips
        if pips >= 0 and dice >= 0:
            return Code(total // 3, total % 3)
        return Code(dice, pips)

    def text(self) -> str:
        if self.pips > 0:
            return f"{self.dice}D+{self.pips}"
        if self.pips < 0:
            return f"{self.dice}D{self.pips}"
        return f"{self.dice}D"

    def __str__(self) -> str:
        return self.text()

    def plus_dice(self, n: int) -> Code:
        return Code(self.dice + n, self.pips)

    @property
    def value(self) -> int:
        """Pips in all (for comparing codes: 4D > 3D+2)."""
        return self.dice * 3 + self.pips


def parse_code(value: Any) -> Code:
    """``3D+1``, ``3d``, ``+2`` (pips only), ``4`` (read as 4D). Raises ValueError with a hint."""
    if isinstance(value, Code):
        return value
    if isinstance(value, bool):
        raise ValueError(Msg("{value} is not a die code: try 3D+1", value=repr(value)))
    if isinstance(value, int):
        if value < 0 or value > 60:
            raise ValueError(Msg("{value} is not a die code: try 3D+1", value=value))
        return Code(value, 0)
    text = str(value).strip()
    if text.startswith("+") and "d" in text.lower():
        text = text[1:].strip()
    m = _CODE.match(text)
    if not text or not m or (m.group(1) is None and m.group(3) is None):
        raise ValueError(Msg("{text} is not a die code: try 3D+1, 4D or +2", text=repr(text)))
    if m.group(1) is None and "d" not in text.lower() and m.group(2) is None:
        raise ValueError(Msg("{text} is not a die code: try 3D+1", text=repr(text)))
    dice = int(m.group(1) or 0)
    pips = int(m.group(3) or 0) * (-1 if m.group(2) == "-" else 1)
    if dice > 60 or abs(pips) > 60:
        raise ValueError(Msg("{text} is too large for a die code", text=repr(text)))
    if pips < 0:
        return Code(dice, pips)
    return Code.make(dice, pips)


def code_text(value: Any) -> str:
    """Canonical text of a die code (what is stored in the save file)."""
    return parse_code(value).text()
