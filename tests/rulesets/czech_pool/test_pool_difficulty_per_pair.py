"""Issue 22 item 9: a pool's roll in ``why`` and the log counts its successes at the
difficulty each clash used (the pair's own), not at the base 6."""

from __future__ import annotations

import io

from combat_cli.commands.registry import dispatch
from combat_cli.render.console import make_console
from combat_cli.render.output import print_output

from .conftest import T


def _shown(t: T, line: str) -> str:
    buf = io.StringIO()
    print_output(make_console(buf, width=160), t.t, dispatch(t.t, line))
    return buf.getvalue()


def _bank(t: T, name: str):  # noqa: ANN202
    return next(e for e in t.t.log if e.kind == "roll" and e.action == "bank"
                and e.actor == name)


def test_a_pool_is_counted_at_the_pairs_difficulty():
    """CZ-CORE-1: Bob's 4k10 against Ann at difficulty 7 (Ann's faster sword): 9 6 1 1 is
    1 success in the clash, and the roll says 1 at >=7 (before: ``4k10>=6 ... = 2``)."""
    t = T()
    t("add Ann obratnost=3 boj=2 zbran=mec", "add Bob Obratnost=2 Boj=2 Zbraň=sekera",
      "start", "declare Ann boj Bob", "declare Bob branit dovednost=boj")
    t.faces(10, 1, 1, 1, 1, 9, 6, 1, 1)
    t("resolve all")
    assert t.diff("Bob", "Ann") == 7
    bob = _bank(t, "Bob")
    assert (bob.dice, bob.total, bob.difficulty) == ("4d10>=7", 1, 7)
    clash = next(e for e in t.t.log if e.kind == "clash")
    assert clash.data["target_successes"] == 1
    text = _shown(t, f"why {bob.seq}")
    assert "kostky 4k10>=7 hozeno 9 6 1 1 = 1 obt. 7" in text
    assert "k10>=6" not in _shown(t, "log all").split("Bob hází")[1].split("\n")[0]


def test_a_pool_against_several_difficulties_says_the_count_per_opponent():
    """CZ-CORE-1: Ann's 3k10 against Bob (6) and Cyril (7, his faster sword): the roll has no
    one count; ``why`` gives each opponent's, at its difficulty, in Czech."""
    t = T()
    t("add Ann obratnost=3 boj=2 zbran=sekera", "add Bob Obratnost=2 Boj=2 Zbraň=sekera",
      "add Cyril Obratnost=2 Boj=2 Zbraň=mec", "start", "declare Ann boj Bob",
      "declare Bob boj Ann", "declare Cyril boj Ann")
    t.faces(10, 6, 1, *[9, 6, 1, 1] * 2, *[5] * 20)
    t("resolve all")
    ann = _bank(t, "Ann")
    assert (ann.dice, ann.total) == ("3d10", None)
    text = _shown(t, f"why {ann.seq}")
    assert "kostky 3k10 hozeno 10 6 1\n" in text
    assert "úspěchy: Bob (obt. 6): 2 úspěchy; Cyril (obt. 7): 1 úspěch" in text


# -- English agrees with the combatant's gender too (rod= / gender=) -----------------------------
def test_an_english_sentence_about_a_woman_says_her():
    from combat_rulesets.czech_pool.lang import say

    t = T(lang="en")
    t("add Dana rod=ž obratnost=3 boj=2", "add Bob gender=m obratnost=2 boj=2")
    ctx = t.t.context()
    dana, bob = (next(c for c in t.t.enc.combatants if c.name == n) for n in ("Dana", "Bob"))
    template = "{name} stopped only defending: his +{level} disadvantage on {other} is lost"
    assert say(ctx, template, dana, name="Dana", level=1, other="Bob").startswith(
        "Dana stopped only defending: her +1 disadvantage")
    assert "his +1" in say(ctx, template, bob, name="Bob", level=1, other="Dana")


def test_pronouns_swap_whole_words_only():
    from combat_rulesets.czech_pool.lang import english_pronouns

    assert english_pronouns("He lost his bow; this hit him", "f") == \
        "She lost her bow; this hit her"
    assert english_pronouns("his action", "n") == "its action"
    assert english_pronouns("his action", "m") == "his action"


def test_a_surprised_fighter_is_marked_in_the_table():
    """AMB-CZ-14: surprised in turn 1 (no Postřeh + Obezřetnost success): the table says so."""
    from combat_rulesets.czech_pool.display import status_columns

    from combat_cli.api import RulesView

    t = T(amb={"notice_roll": True})
    t("add Jitka rod=ž Obratnost=2 Boj=2 Postřeh=0", "add Bob Obratnost=2 Boj=2 Obezřetnost=0",
      "start")
    view = RulesView(t.t.enc, t.t.ruleset)
    jitka = next(c for c in t.t.enc.combatants if c.name == "Jitka")
    assert "překvapena" in status_columns(view, jitka)["Forced"]
    bob = next(c for c in t.t.enc.combatants if c.name == "Bob")
    assert status_columns(view, bob)["Forced"].startswith("překvapen")
