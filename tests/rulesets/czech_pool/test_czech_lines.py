"""Czech lines the GM reads: one thing that happened a line (brief), wound words that agree with
the fighter's gender, names kept in the nominative."""

from __future__ import annotations

import pytest
from combat_rulesets.czech_pool.display import brief

from combat_cli.api import LogEntry


def test_a_damage_wound_is_its_own_line_not_glued_to_the_turn_start() -> None:
    entries = [LogEntry(kind="round", text="Začíná tah 2"),
               LogEntry(kind="wound", target="Jitka", text="Jitka: −9 stupňů, zbývá 0/5"),
               LogEntry(kind="status", target="Jitka",
                        text="Jitka ztratila všechny stupně zranění: v bezvědomí")]
    assert brief(entries) == ["Začíná tah 2", "Jitka: −9 stupňů, zbývá 0/5",
                              "Jitka ztratila všechny stupně zranění: v bezvědomí"]


def test_a_hit_keeps_its_wound_and_check_on_its_line() -> None:
    entries = [LogEntry(kind="hit", actor="Bořek", target="Vlk", text="Zranění: Vlk 1 stupeň"),
               LogEntry(kind="wound", target="Vlk", text="Vlk: −1 stupeň, zbývá 4/5"),
               LogEntry(kind="check", actor="Vlk", text="Vlk: kontrola — zůstává při vědomí"),
               LogEntry(kind="wound", target="Jitka", text="Jitka: −2 stupně, zbývá 3/5")]
    assert brief(entries) == [
        "Zranění: Vlk 1 stupeň; −1 stupeň, zbývá 4/5 — zůstává při vědomí",
        "Jitka: −2 stupně, zbývá 3/5"]


def _hurt_table() -> object:
    from combat_cli import plugins
    from combat_cli.commands.registry import dispatch
    from combat_cli.dice import FixedDice
    from combat_cli.engine.table import Table

    t = Table.new(plugins.load("czech_pool"), FixedDice([9] * 20),
                  house_rules={"amb": {"notice_roll": False}})
    for line in ("add Jitka Odolnost=1", "add Vlk Odolnost=1", "add Kotě rod=s Odolnost=1",
                 "add Zbojnice Odolnost=1", "start", "damage Jitka 1", "damage Vlk 1",
                 "damage Kotě 1", "damage Zbojnice 9"):
        out = dispatch(t, line)
        assert out.error is None, (line, out.error)
    return t


def test_the_players_page_wound_words_agree_with_the_fighter() -> None:
    import json

    from combat_cli.web.view import player_text

    t = _hurt_table()
    rows = {r["name"]: r["wounds"] for r in json.loads(player_text(t, False, as_json=True))[
        "combatants"]}
    assert rows == {"Jitka": "zraněna", "Vlk": "zraněn", "Kotě": "zraněno",
                    "Zbojnice": "vyřazena"}


def test_the_report_wound_words_agree_with_the_fighter() -> None:
    from combat_cli.report.build import report

    text = report(_hurt_table(), "md", True)
    for row in ("| Jitka | CP | zraněna |", "| Vlk | CP | zraněn |", "| Kotě | CP | zraněno |",
                "| Zbojnice | CP | vyřazena |"):
        assert row in text, text


PREPOSITIONS = ("proti", "od", "na", "pro", "před", "za", "s", "se", "k", "ke", "u", "o", "do",
                "z", "ze", "bez", "mezi", "po", "při", "nad", "pod", "vůči")
NAMES = ("name", "target", "other", "actor", "who", "holder_name", "victim_name", "name_victim",
         "winner", "loser", "attacker", "defender", "names")


def test_no_czech_sentence_puts_a_name_after_a_preposition() -> None:
    """Names stand in the nominative: never "proti {who}", "na {target}" ("Bořek → Vlk")."""
    import re

    from combat_cli.locale import catalogue

    rx = re.compile(r"\b(" + "|".join(PREPOSITIONS) + r")\s+\{(" + "|".join(NAMES) + r")\}",
                    re.IGNORECASE)
    cat = getattr(catalogue("cs"), "_catalog", {})
    bad = [f"{k!r}: {v!r}" for k, v in cat.items() if isinstance(v, str) and rx.search(v)]
    assert not bad, "\n".join(bad)


def test_dice_and_decimals_the_czech_way() -> None:
    from combat_cli.dice import DiceError, parse
    from combat_cli.dice.sources import _expected_faces
    from combat_cli.locale import dice, number, shown, text
    from combat_cli.report.words import Words

    assert parse("3k10>=6") == parse("3d10>=6") and parse("2K6+1") == parse("2d6+1")
    assert dice("6d10>=6 a 1d8+2", "cs") == "6k10>=6 a 1k8+2" and dice("6d10", "en") == "6d10"
    assert dice("hod d10", "cs") == "hod k10"  # a bare die too
    assert number(12.5, 1, "cs") == "12,5" and number(12.5, 1, "en") == "12.5"
    assert shown("12.5", "cs") == "12,5" and shown("Vlk", "cs") == "Vlk"
    with pytest.raises(DiceError) as e:  # the GM typed two faces for three dice
        _expected_faces(parse("3d10>=6"), [7, 8])
    assert str(e.value) == "3d10>=6 needs 3 faces, got 2"
    assert text(e.value, "cs") == "3k10>=6: čísel má být 3, zadáno 2"
    assert Words("cs")("rolls", actor="Bořek", dice="3d10>=6") == "Bořek hází 3k10>=6"
    assert Words("en")("rolls", actor="Bořek", dice="3d10>=6") == "Bořek rolls 3d10>=6"
