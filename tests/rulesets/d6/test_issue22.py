"""Defects found in play, round three (issue 22, items 5 and 7, D6), each with its
regression test."""

from __future__ import annotations

from .conftest import MINA, THUG, T


# -- 5: end fight straight after end: no check for a round nobody played -----------------
def _mortal(t: T) -> T:
    t(MINA, THUG, "damage Mina mortally", "start")
    t.dice(3, 3)                                  # round 1's check: 6 vs 1, holds on
    t("end")
    assert len(t.all("mortal")) == 1
    return t


def test_end_fight_right_after_end_rolls_no_more_death_checks(t):
    """The Mortally Wounded check is at a round's end; round 2 was never played (before: a
    second check, at 2 rounds, for it)."""
    _mortal(t)
    t("end fight")
    assert len(t.all("mortal")) == 1 and len(t.asked()) == 1
    assert t.state("Mina").mw_rounds == 1
    t.done()


def test_end_fight_after_a_played_round_still_ends_it(t):
    """A round in which something happened ends with its check, as ``end`` would."""
    _mortal(t)
    t('declare "Demon Thug" shoot Mina')
    t.dice(3, 3)
    t("end fight")
    assert [e.difficulty for e in t.all("mortal")] == [1, 2]
    t.done()
