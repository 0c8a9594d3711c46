"""The players' turn line and log tell the fight as the players may know it: a hidden
combatant is in no order they see (acting or next), a combatant that is down is not "acting
now", a lapsed action is not told as a deed, and an NPC's wound entry says the players' word
for what happened (Stunned is stunned, not "wounded"). In process, seeded dice; the table
page, the phones, ``show --player`` and ``report --player`` all tell from the same view."""

from __future__ import annotations

from combat_cli.report.build import report as build_report
from combat_cli.views.player import player_json
from combat_cli.web.view import player_bytes, player_text
from tests.conftest import run

D6 = ['add Mina side=pc Firearms=4D Constitution=3D weapon="Heavy Pistol"',
      'add Ghost hidden=yes Constitution=2D Firearms=3D weapon="Heavy Pistol"',
      'add Thug Constitution=2D Firearms=3D weapon="Heavy Pistol"',
      'add Bob side=pc Constitution=2D Firearms=3D weapon="Heavy Pistol"',
      "start", "declare Mina shoot Thug", "declare Thug shoot Mina",
      "declare Ghost shoot Mina", "declare Bob shoot Thug"]


def _said(t) -> str:  # noqa: ANN001 - a Table
    """Everything the players get: the feed's JSON and the terminal's players' view."""
    return player_bytes(player_json(t)).decode() + player_text(t)


def test_a_hidden_combatant_is_never_next_nor_acting_in_the_players_order(make_table) -> None:  # noqa: ANN001
    t = make_table(ruleset="d6", seed=3)
    run(t, *D6, "resolve")
    seen, hidden_turns = [], 0
    while any(i.state == "pending" for i in t.enc.queue):
        data = player_json(t)
        seen.append(data["turn"])
        said = _said(t)
        assert "unseen" not in data["turn"].lower() and "Ghost" not in said, data["turn"]
        assert data["next"] != "someone unseen" and data["acting"] != "someone unseen"
        assert all(c["name"] != "Ghost" for c in data["combatants"])
        cur = t.ruleset.current(t.enc)
        if cur is not None and cur.hidden:  # its turn: the GM goes on, not "all resolved"
            assert data["turn"] == "The GM goes on" or data["turn"].startswith("next:")
            hidden_turns += 1
        run(t, "resolve")
    assert any("next:" in s for s in seen), seen  # it did name who is next, when seen
    assert any("acts now" in s for s in seen), seen
    assert hidden_turns, seen  # the hidden one's own turn came, and was told as the GM's


def test_a_hidden_combatant_is_skipped_as_next_in_a_turn_by_turn_system(make_table) -> None:  # noqa: ANN001
    t = make_table(ruleset="toyturns")
    run(t, "add Ann side=pc speed=9", "add Ghost hidden=yes speed=5", "add Orc speed=1", "start")
    data = player_json(t)
    assert data["turn"] == "Ann acts now · next: Orc"
    assert data["next"] == "Orc" and [c["name"] for c in data["combatants"] if c["next"]] == ["Orc"]
    run(t, "next")  # the hidden one's turn: the players see no one acting, and no one unseen
    data = player_json(t)
    assert data["acting"] is None and "unseen" not in data["turn"].lower()
    assert not any(c["acting"] for c in data["combatants"])


def test_a_downed_combatant_is_not_shown_as_acting_now(make_table) -> None:  # noqa: ANN001
    t = make_table(ruleset="d6", seed=3)
    run(t, *D6, "resolve")
    cur = t.ruleset.current(t.enc)
    assert cur is not None and not cur.hidden
    run(t, f"damage {cur.name} Incapacitated")
    data = player_json(t)
    assert "acts now" not in data["turn"]
    assert data["turn"].startswith(f"{cur.name} is out of the fight")
    row = next(c for c in data["combatants"] if c["name"] == cur.name)
    assert row["out"] and not row["acting"] and data["acting"] is None
    assert "▶" not in player_text(t)


def test_lapsed_actions_are_told_as_lapsed_not_as_deeds(make_table) -> None:  # noqa: ANN001
    t = make_table(ruleset="d6", seed=3)
    run(t, *D6, "resolve", "end")
    lapsed = [e for e in t.log if e.kind == "lapse"]
    assert lapsed  # the round ended with declarations unresolved
    texts = [ln["text"] for ln in player_json(t)["log"]]
    report = build_report(t, "md", player=True)
    for e in lapsed:
        if e.actor == "Ghost":
            continue
        assert f"{e.actor}: {e.action} — lapsed, not done" in texts
        assert f"{e.actor}: {e.action} — lapsed, not done" in report
        assert f"{e.actor}: {e.action}" not in [x for x in texts if "lapsed" not in x]
        assert f"- {e.actor}: {e.action}\n" not in report
    assert "Ghost" not in report and "unseen: shoot" not in " ".join(texts).lower()


def test_a_sealed_lapse_stays_sealed(make_table) -> None:  # noqa: ANN001
    t = make_table(ruleset="d6", seed=3)
    run(t, *D6[:5])
    t.sealing = True
    run(t, "declare Bob shoot Thug")
    t.sealing = False
    run(t, "end")
    assert any(e.kind == "lapse" and e.data.get("sealed") for e in t.log)
    assert "Bob: shoot" not in _said(t) and "Bob: shoot" not in build_report(t, "md",
                                                                            player=True)


def test_an_npcs_wounds_are_logged_in_the_players_words(make_table) -> None:  # noqa: ANN001
    t = make_table(ruleset="d6", seed=3)
    run(t, "add Mina side=pc Constitution=3D", "add Thug Constitution=2D",
        "damage Thug Stunned", "damage Thug Wounded", "damage Thug Wounded Twice",
        "damage Thug Incapacitated")
    texts = [ln["text"] for ln in player_json(t)["log"]]
    assert texts[2:6] == ["Thug is Stunned", "Thug is hurt", "Thug is badly hurt", "Thug is down"]
    assert "Thug is wounded" not in texts


def test_each_rulesets_wound_entries_reach_the_players_word(make_table) -> None:  # noqa: ANN001
    cases = {
        "d12": (["add T Strength=4", "damage T 3", "damage T 3", "damage T 20"],
                ["T is hurt", "T is badly hurt", "T is down"]),
        "storypath": (["add T health=3", "damage T 1", "damage T 1", "damage T 1"],
                      ["T is hurt", "T is badly hurt", "T is down"]),
        "czech_pool": (["add T Konstituce=4 Odolnost=2", "damage T 2", "damage T 3",
                        "damage T 20"], ["T: zraněn", "T: těžce zraněn", "T: vyřazen"]),
    }
    for ruleset, (lines, words) in cases.items():
        t = make_table([10] * 60, ruleset=ruleset)
        run(t, *lines)
        texts = [ln["text"] for ln in player_json(t)["log"]]
        assert texts[-len(words):] == words, ruleset


def test_a_clash_in_the_players_log_says_who_won_it(make_table) -> None:  # noqa: ANN001
    """czech_pool: "Monstrum: boj → Jitka" said nothing of the winner when the defender won
    (the clash's outcome "loss"); now the winner is named, the attacker or its target."""
    for seed in range(1, 8):
        t = make_table(ruleset="czech_pool", seed=seed)
        run(t, "add Jitka side=pc Obratnost=4 Boj=3 rod=ž", "add Monstrum Obratnost=2 Boj=1",
            "start", "ohlas Monstrum boj Jitka", "ohlas Jitka bránit", "vyhodnoť")
        clash = [e for e in t.log if e.kind == "clash"][0]
        said = player_text(t)
        if clash.outcome == "loss":
            assert "Monstrum: boj → Jitka — vítězí Jitka" in said, said
            break
    else:
        raise AssertionError("no seed made the defender win")


def test_a_czech_phone_gets_every_word_of_its_page_in_czech(make_table) -> None:  # noqa: ANN001
    """The phone page's own words (its script keeps only English fall-backs) and its
    declaration form's words come from the catalogue: in Czech, none is left English."""
    from combat_cli.engine.table import Snapshot
    from combat_cli.web.card import FORM_WORDS, PHONE_WORDS, cards, table_view

    t = make_table(ruleset="czech_pool", seed=1)
    run(t, "add Jitka side=pc Obratnost=4 Boj=3", "add Monstrum Obratnost=2 Boj=1", "start")
    snap = Snapshot(t)
    card = next(iter(cards(snap, table_view(snap)).values()))
    english = [k for k, v in card["labels"].items() if v == PHONE_WORDS[k]]
    english += [w for w in FORM_WORDS if card["declare"]["words"][w] == w]
    assert not english, english
