"""The table page is served with the players' view in it (its first paint shows the fight),
escaped so that no name, condition or log line can end the embedded JSON or add markup."""

from __future__ import annotations

import json
from html.parser import HTMLParser

from combat_cli.views.player import player_json
from combat_cli.web.app import asset, script_json, with_state
from tests.conftest import run

HOSTILE = "</script><img src=x onerror=alert(1)>"


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.scripts: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "script":
            self._in = dict(attrs).get("id") or "src"

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "state":
            self.scripts.append(data)


def test_the_page_carries_the_players_view_escaped(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add Mina side=pc", "add Orc", "condition Mina +Odd custom=yes", "start")
    t.enc.combatants[0].name = HOSTILE  # typed names are refused; a file may hold it
    t.enc.combatants[1].name = "A & B <b>x</b>\u2028"
    data = player_json(t)
    page = with_state(asset("page.html"), data).decode()
    assert HOSTILE not in page and "<img" not in page and "<b>" not in page
    found = Tags()
    found.feed(page)
    assert "img" not in found.tags and "b" not in found.tags
    assert found.tags.count("script") == 2  # app.js and the view (type application/json)
    assert json.loads("".join(found.scripts)) == json.loads(json.dumps(data))
    assert "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;" in page  # the row, as text
    assert '<h1 id="heading">Round 1' in page and 'aria-atomic="true">Declare' in page
    assert "\u2028" not in script_json(data)


def test_an_empty_view_leaves_the_page_as_it_is() -> None:
    assert with_state(asset("page.html"), {}) == asset("page.html")
