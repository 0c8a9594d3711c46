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


# -- shown wrong or not at all -----------------------------------------------------------------
def _names(t: T) -> list[str]:
    ids = {c.id: c.name for c in t.enc.combatants}
    return [ids[i] for i in t.enc.order]


def test_a_move_in_the_order_lasts_into_the_next_rounds(t):
    """D6-INIT-1: the Instincts order is the same every round, so the GM's move stays
    (before: the next round silently put the Thug back after Mina)."""
    t(MINA, THUG, "start")
    assert _names(t) == ["Mina", "Demon Thug"]
    t('move "Demon Thug" before Mina', "end")
    assert _names(t) == ["Demon Thug", "Mina"]
    t("end")
    assert _names(t) == ["Demon Thug", "Mina"]
    t("undo", "undo", "undo")
    assert _names(t) == ["Mina", "Demon Thug"]


def test_prone_ends_with_a_rest_of_a_minute(t):
    t(MINA, "damage Mina Wounded")
    assert t.c("Mina").has_condition("Prone")
    t("rest Mina 10m")
    assert not t.c("Mina").has_condition("Prone")


def test_an_unconscious_combatant_stays_prone_through_a_short_rest(t):
    t.dice([1] * 10)                                # unconscious 10 minutes
    t(MINA, "damage Mina Incapacitated")
    t("rest Mina 1m")
    assert t.c("Mina").has_condition("Prone")


def test_the_next_fight_does_not_begin_prone_or_stunned(t):
    """``combat new NEXT --from FILE``: the wound carries over, lying down does not."""
    t(MINA, "damage Mina Wounded")
    t.dice(1, 1, 1)
    t("damage Mina 3")                               # a stun on top
    mina = t.table.ruleset.carry_over(t.c("Mina"))
    assert mina.status == "Wounded"
    assert not mina.has_condition("Prone") and not mina.has_condition("Stunned")


def test_stunned_is_shown_only_while_its_penalty_lasts(t):
    """T-D6-7: -1D this round and next; after that the stun only counts towards a knockout
    (before: "Stunned" for 30 minutes)."""
    from combat_rulesets.d6.display import status_columns

    from combat_cli.api import RulesView

    t(MINA, THUG, "start")
    t.dice(1, 1, 1)
    t("damage Mina 3", "end")
    assert t.c("Mina").status == "Stunned" and t.c("Mina").has_condition("Stunned")
    t("end")
    mina = t.c("Mina")
    assert mina.status != "Stunned" and not mina.has_condition("Stunned")
    assert t.state("Mina").stuns == 1
    cols = status_columns(RulesView(t.enc, t.table.ruleset), mina)
    assert cols["Due"].startswith("1 stun off in ") and cols["Penalty"] == ""


def test_the_mortally_wounded_sentence_is_whole_in_the_log(t):
    t(MINA, "damage Mina mortally")
    text = t.last("wound").text
    assert text.endswith("unconscious; dies if 2D, rolled at each round's end, is below the "
                         "number of rounds since the wound")


def test_counts_agree_with_their_nouns(t):
    """No ``action(s)``: ``1 shot``, ``2 shots``."""
    t('add Mina side=pc Instincts=3D "First Aid=3D" kits=1')
    t("restock Mina 1")
    assert t.last("roster").text == "Mina has 1 first-aid kit use"
    t("restock Mina 2")
    assert t.last("roster").text == "Mina has 2 first-aid kit uses"


def test_arrows_are_one_kind(t):
    """The log writes → (not ->) everywhere."""
    t(MINA, THUG, "damage Mina mortally", "start")
    t.dice(3, 3)
    t("end")
    texts = [e.text for e in t.table.log]
    assert any("→" in x for x in texts) and not any("->" in x for x in texts)


def test_the_rule_ids_are_explained_in_the_rulesets_readme_not_an_outside_path():
    from pathlib import Path

    import combat_rulesets.d6

    here = Path(combat_rulesets.d6.__file__).parent
    for name in ("__init__.py", "tables.toml"):
        text = (here / name).read_text(encoding="utf-8")
        assert "/work/" not in text and "README.md" in text
    readme = (here / "README.md").read_text(encoding="utf-8")
    assert "## Rule IDs" in readme
    used = set()
    import re
    for f in here.glob("*.py"):
        used |= set(re.findall(r"\b(D6-[A-Z]+)-\d", f.read_text(encoding="utf-8")))
    assert used and all(f"`{p}`" in readme for p in used), used
