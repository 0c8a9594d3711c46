"""``combat report``: the fight told back, as Markdown or one HTML file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_cli.report import html, markdown
from combat_cli.report.facts import gather

if TYPE_CHECKING:
    from combat_cli.engine.table import Table

FORMATS = ("md", "html")


def report(table: Table, fmt: str = "md", player: bool = False) -> str:
    facts = gather(table, player)
    return html.render(facts) if fmt == "html" else markdown.render(facts)
