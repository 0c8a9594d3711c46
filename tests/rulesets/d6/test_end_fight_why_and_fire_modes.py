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


# -- 7: why shows words; a sweep's difficulty dice are taken off -----------------------------
GUNNER = 'add Gunner Instincts=4D Firearms=5D Dodge=3D weapon="Assault Rifle"'


def _why(t: T, n: int) -> str:
    import io

    from combat_cli.commands.registry import dispatch
    from combat_cli.render.console import make_console
    from combat_cli.render.output import print_output

    buf = io.StringIO()
    print_output(make_console(buf, width=120), t.table, dispatch(t.table, f"why {n}"))
    return buf.getvalue()


def _sweep(t: T) -> list:
    from .conftest import faces

    t(GUNNER, "add A Instincts=1D Constitution=2D", "add B Instincts=1D+1 Constitution=2D",
      "start", "declare Gunner shoot A B fire=sweep range=medium")
    t.dice([3, 3], faces(5, 8))        # the sweep's -2D: 6 off medium 15; the shot 8: misses
    return list(t("resolve").entries)


def test_why_shows_words_not_python_values(t):
    """The kept numbers of an attack read ``reaction: none, full_dodge: no`` (before: ``None``
    and ``False``)."""
    shot = next(e for e in _sweep(t) if e.kind == "attack")
    text = _why(t, shot.seq)
    assert "reaction: none, full_dodge: no" in text
    assert "None" not in text and "False" not in text


def test_a_sweep_takes_its_difficulty_dice_off(t):
    """T-D6-2: a sweep's difficulty dice (-2D) are subtracted: said as -2D, not +2D."""
    entries = _sweep(t)
    roll = next(e for e in entries if e.kind == "roll" and "sweep" in e.text)
    assert roll.text == "Difficulty -2D sweep: 2D [3 3] = 6"
    assert "Gunner: difficulty -2D sweep" in t.asked()
    shot = next(e for e in entries if e.kind == "attack")
    assert shot.difficulty == 9 and "-6 sweep (2D)" in shot.text


def test_multi_fire_takes_its_difficulty_dice_off(t):
    """T-D6-2: single fire as multi (rounds=3): -1D per extra round, said as -2D."""
    from .conftest import LECTOR, faces

    t(LECTOR, "add A Instincts=1D Constitution=2D", "start",
      "declare Lector shoot A fire=multi rounds=3 range=medium")
    t.dice([1, 1], faces(4, 4))
    entries = t("resolve").entries
    assert any(e.text.startswith("Difficulty -2D multi:") for e in entries), \
        [e.text for e in entries]
