"""Display hooks get a read-only view: rendering everything a fight shows (the round table,
``show``, ``show --json``, the players' page, the report, the toolbar) changes nothing in it."""

from __future__ import annotations

import io

import pytest

from combat_cli import plugins
from combat_cli.commands.registry import dispatch
from combat_cli.dice import RandomDice
from combat_cli.engine.table import Table
from combat_cli.render.console import make_console
from combat_cli.render.jsonview import player_json, public_json
from combat_cli.render.output import print_state
from combat_cli.repl.toolbar import create_toolbar
from combat_cli.report.build import report
from tests.conftest import BUILT_IN


@pytest.mark.parametrize("name", BUILT_IN)
def test_rendering_a_fight_changes_nothing(name: str) -> None:
    rs = plugins.load(name)
    t = Table.new(rs, RandomDice(7))
    for line in rs.demo():
        dispatch(t, line)      # the demo's own lines; a refused one is fine here
    assert t.enc.round >= 1
    before = t.enc.model_dump_json()
    for lang in ("", "en", "cs") if name == "czech_pool" else ("",):
        t.lang = lang if lang != rs.language else ""
        print_state(make_console(io.StringIO(), 120), t)
        public_json(t)
        player_json(t, show_rolls=True)
        for fmt in ("md", "html"):
            report(t, fmt)
            report(t, fmt, player=True)
        create_toolbar(lambda: t)()
    assert t.enc.model_dump_json() == before
