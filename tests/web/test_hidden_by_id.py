"""Hidden by id: what the players see is filtered by combatant id, so a hidden combatant
renamed, removed, or whose freed name is taken by a visible newcomer never shows through, and
a GM's reminder on a PC stays the GM's. Checked on every players' view, each from the real
program: ``show --player`` (text and JSON), ``report --player`` (Markdown and HTML), ``combat
serve`` (/state.json, /events) and ``combat play --serve`` (the table page and a phone)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.web.helpers import LiveTable, Server, Stream, combat, make_fight

FIGHT = [
    "add Mina side=pc Firearms=4D Dodge=3D Constitution=3D Brawling=3D",
    "add Ninja x2 hidden=yes Brawling=5D Strength=3D Constitution=3D",
    "add Thug Brawling=3D Constitution=2D",
    'timer "the curse wakes" in=5r who=Mina',
    "start",
    'declare "Ninja 1" brawl Mina',
    'declare "Ninja 2" brawl Thug',
    "declare Mina brawl Thug",
    "resolve all",
    'set "Ninja 2" name=Kage',      # hidden, renamed ...
    "end",
    "declare Kage brawl Mina",
    "resolve all",
    "remove Kage",                  # ... then removed
    'remove "Ninja 1"',             # a hidden one removed ...
    'add "Ninja 1" Brawling=2D',    # ... and a visible one under the freed name
]
NEVER = ["Kage", "Ninja 2", "the curse wakes", "Brawling"]


def views(fight: Path) -> dict[str, str]:
    """Every players' view of ``fight`` the command line gives."""
    out = {}
    for name, args in {"show --player": ["show", "--player"],
                       "show --player --json": ["show", "--player", "--json"],
                       "report --player": ["report", "--player"],
                       "report --player html": ["report", "--player", "--format", "html"]
                       }.items():
        r = combat(args[0], str(fight), *args[1:])
        assert "Traceback" not in r.stderr
        out[name] = r.stdout
    return out


DEED = re.compile(r"brawl|→|hit|Mina|leaves|[Gg]iven [1-9]|[Tt]aken [1-9]|, 1: ")
"""What the visible Ninja 1 never did: the hidden one's brawl at Mina, its leaving, a wound
level in round 1 (the newcomer came in round 2)."""


def check(name: str, text: str) -> None:
    """Nothing of the hidden ones, and the newcomer credited with nothing but joining."""
    for word in NEVER:
        assert word not in text, f"{name}: {word!r} shown"
    for part in re.split(r'\n|<[^>]*>|"|\\n', text):
        if "Ninja 1" in part:
            assert not DEED.search(part), \
                f"{name}: the hidden Ninja 1's deed credited to the visible one: {part!r}"
    assert re.search("[Ss]omeone unseen", text), f"{name}: the hidden deeds are not told"


@pytest.fixture(scope="module")
def fight(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_fight(tmp_path_factory.mktemp("hidden") / "fight.json", "d6", FIGHT)


@pytest.mark.parametrize("view", ["show --player", "show --player --json", "report --player",
                                  "report --player html"])
def test_the_command_lines_players_views_filter_by_id(fight: Path, view: str) -> None:
    check(view, views(fight)[view])


def test_the_report_credits_the_newcomer_with_nothing(fight: Path) -> None:
    report = views(fight)["report --player"]
    row = next(ln for ln in report.splitlines() if ln.startswith("| Ninja 1 |"))
    assert re.search(r"\| 0 \| 0 \|$", row), row
    assert "**Ninja 1**" not in report  # no wounds given or taken


def test_combat_serves_page_filters_by_id(fight: Path) -> None:
    server = Server(fight)
    try:
        check("/state.json", server.get("/state.json").decode())
        stream = Stream(server)
        try:
            check("/events", json.dumps(stream.next_event(), ensure_ascii=False))
        finally:
            stream.close()
    finally:
        server.stop()


def test_the_live_table_page_and_phone_filter_by_id(fight: Path) -> None:
    live = LiveTable(fight)
    try:
        cookie = live.join("Mina", live.code())
        check("play --serve /state.json", live.request("GET", "/state.json")[2].decode())
        card = json.dumps(live.me(cookie), ensure_ascii=False)
        for word in ("Kage", "Ninja", "the curse wakes"):  # (Mina's own Brawling is hers)
            assert word not in card, word
    finally:
        live.close()


def test_a_secret_condition_stays_secret_across_a_rename(make_table) -> None:  # noqa: ANN001
    from combat_cli.render.jsonview import player_json
    from tests.conftest import run

    t = make_table()
    run(t, "add Ann side=pc", "add Bob", "condition Bob +Hexed custom=yes secret",
        "set Bob name=Rob", "condition Rob -Hexed")
    shown = json.dumps(player_json(t), ensure_ascii=False)
    assert "Hexed" not in shown


def test_an_entry_of_an_older_file_without_ids_is_judged_by_name(make_table) -> None:  # noqa: ANN001
    from combat_cli.engine.domain.models import LogEntry
    from combat_cli.report.sentences import Unseen
    from tests.conftest import run

    t = make_table()
    run(t, "add Ann side=pc", "add Ghost hidden=yes", "remove Ghost")
    old = [LogEntry(kind="roster", actor="Ghost", data={"hidden": True}, text="Ghost joins"),
           LogEntry(kind="hit", actor="Ghost", target="Ann", action="hit")]
    unseen = Unseen(t.enc, old)
    assert unseen.actor(old[1]) and not unseen.target(old[1])
