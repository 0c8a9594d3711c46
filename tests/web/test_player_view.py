"""The GM's secrets (hidden, note, secret conditions), the NPC wound word of each ruleset,
and the players' view built from them (in process, fixed dice)."""

from __future__ import annotations

import json

import pytest

from combat_cli.api import RulesView
from combat_cli.commands.views import CombatantView
from combat_cli.engine.domain.models import Combatant, Encounter
from combat_cli.render.jsonview import player_json
from combat_cli.web.view import player_bytes, player_text
from tests.conftest import fails, run


def test_hidden_note_and_secret_condition_verbs(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add Mina side=pc", "add Ghost hidden=yes", "note Ghost knows the way",
        "condition Mina +Cursed custom=yes secret", "condition Mina +Prone custom=yes")
    ghost = t.enc.combatants[1]
    assert ghost.hidden and ghost.notes == ["knows the way"]
    mina = t.enc.combatants[0]
    assert [(c.name, c.secret) for c in mina.conditions] == [("Cursed", True), ("Prone", False)]
    out = run(t, "note Ghost")
    assert out.notes == ["Ghost: knows the way"]
    out = run(t, "status Ghost")
    assert out.views == [CombatantView(ghost.id)]
    run(t, "set Ghost hidden=no", "note Ghost -", "condition Mina -Cursed")
    assert not t.enc.combatants[1].hidden and t.enc.combatants[1].notes == []
    assert "hidden= value" in fails(t, "set Mina hidden=maybe")
    assert "secret go with +COND" in fails(t, "condition Mina -Prone secret")


def test_the_players_view_keeps_secrets(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add Mina side=pc", "add Ghost hidden=yes", "note Mina SECRETNOTE",
        "condition Mina +Cursed custom=yes secret", "condition Mina +Prone custom=yes",
        "condition Mina -Cursed", "condition Ghost +Prone custom=yes")
    data = player_json(t)
    blob = player_bytes(data).decode()
    for secret in ("Ghost", "SECRETNOTE", "Cursed"):
        assert secret not in blob and secret not in player_text(t)
    assert [c["name"] for c in data["combatants"]] == ["Mina"]
    assert data["combatants"][0]["conditions"] == ["Prone"]
    assert [ln["text"] for ln in data["log"]] == ["Mina joins the fight", "Mina is Prone"]
    run(t, "set Ghost hidden=no")
    texts = [ln["text"] for ln in player_json(t)["log"]]
    assert texts[-1] == "Ghost appears" and "Ghost is Prone" in texts


def test_a_hidden_combatant_removed_stays_unseen(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add Mina side=pc", "add Ghost hidden=yes", "remove Ghost")
    assert "Ghost" not in player_bytes(player_json(t)).decode()


def test_control_characters_never_reach_the_terminal_or_the_feed(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add Badname side=pc")
    t.enc.combatants[0].name = "Bad\x1b[2Jname\u009b"  # typed ones are refused; a file may hold it
    text = player_text(t)
    assert "\x1b" not in text and "\u009b" not in text
    raw = player_bytes(player_json(t))
    assert b"\x1b" not in raw and "\u009b".encode() not in raw and b"\n" not in raw
    assert json.loads(raw)["combatants"][0]["name"] == "Bad\x1b[2Jname\u009b"


def _enc(ruleset: str) -> tuple[object, Encounter]:
    from combat_cli import plugins

    return plugins.load(ruleset), Encounter(ruleset=ruleset)


@pytest.mark.parametrize("ruleset,lines,words", [
    ("d6", ["add T Constitution=2D", "damage T Stunned", "damage T Wounded Twice",
            "damage T Incapacitated"], ["hurt", "badly hurt", "down"]),
    ("d12", ["add T Strength=4", "damage T 3", "damage T 2", "damage T 20"],
     ["hurt", "badly hurt", "down"]),
    ("czech_pool", ["add T Konstituce=4 Odolnost=2", "damage T 2", "damage T 3",
                    "damage T 20"], ["zraněn", "těžce zraněn", "vyřazen"]),
    ("storypath", ["add T health=4", "damage T 1", "damage T 1", "damage T 1", "damage T 1"],
     ["hurt", "badly hurt", "badly hurt", "down"]),
])
def test_each_ruleset_says_an_npcs_wounds_as_a_word(make_table, ruleset, lines, words) -> None:  # noqa: ANN001
    faces = [6] * 60 if ruleset == "d6" else [10] * 60  # every check made: only damage counts
    t = make_table(faces, ruleset=ruleset)
    run(t, lines[0])
    c = t.enc.combatants[0]
    assert t.ruleset.wound_word(RulesView(t.enc, t.ruleset), c) == ""
    seen = []
    for line in lines[1:]:
        run(t, line)
        seen.append(t.ruleset.wound_word(RulesView(t.enc, t.ruleset), t.enc.combatants[0]))
    assert seen == words


def test_old_saves_load_without_the_new_fields() -> None:
    c = Combatant.model_validate({"id": "c1", "name": "Mina", "conditions": [{"name": "Prone"}]})
    assert not c.hidden and c.notes == [] and not c.conditions[0].secret


def test_the_tail_of_a_long_log_is_told_as_the_whole_log_would(make_table) -> None:  # noqa: ANN001
    from combat_cli.report.sentences import PlayerTeller

    t = make_table()
    run(t, "add Mina side=pc", "add Ghost hidden=yes", "condition Mina +Cursed custom=yes secret")
    for i in range(200):
        run(t, f"condition Mina +Mark{i} custom=yes", f"condition Mina -Mark{i}")
    run(t, "condition Mina -Cursed", "condition Ghost +Prone custom=yes")
    data = player_json(t)
    whole = PlayerTeller(t.enc, t.ruleset, t.lang, t.log).lines(t.log)
    assert [ln["text"] for ln in data["log"]] == [ln.text for ln in whole[-8:]]
    assert "Cursed" not in player_bytes(data).decode()
    assert data["log"][-1]["text"] == "Mina is no longer Mark199"


def test_storypath_says_which_slot_is_open_and_who_may_take_it(make_table) -> None:  # noqa: ANN001
    t = make_table(ruleset="storypath", seed=3)
    run(t, "add Ann side=pc cunning=3 close_combat=3", "add Ben side=pc cunning=2 firearms=3",
        "add Thug cunning=0 health=3", "start")
    data = player_json(t)
    assert data["turn"] == t.ruleset.acting_label(RulesView(t.enc, t.ruleset))
    assert "open" in data["turn"] and "Ann" in data["turn"] and "Ben" in data["turn"]
    run(t, "slot Ann")
    data = player_json(t)
    assert data["turn"].startswith("Ann acts now") and data["acting"] == "Ann"
    assert [c["name"] for c in data["combatants"] if c["acting"]] == ["Ann"]


def test_czech_pool_shows_the_players_czech_words(make_table) -> None:  # noqa: ANN001
    t = make_table([10] * 40, ruleset="czech_pool")
    run(t, "add Bořek side=pc Obratnost=4 Boj=4 Odolnost=4 Konstituce=5",
        "add Zbojník Obratnost=3 Boj=3 Odolnost=2 Konstituce=3", "start", "damage Zbojník 2")
    data = player_json(t)
    assert data["lang"] == "cs" and data["heading"].startswith("Tah 1")
    assert data["labels"]["Wounds"] == "Zranění" and data["turn"] == "Ohlaste své akce"
    assert [c["wounds"] for c in data["combatants"]] == ["10/10", "zraněn"]
    assert data["log"][-1]["text"] == "Zbojník: zraněn"  # the players' word for the level
