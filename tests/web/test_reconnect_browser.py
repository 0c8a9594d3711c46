"""The pages come back by themselves (headless Chromium): a table page or a phone page whose
event stream is refused (the server's cap, as a 503 would be) says "reconnecting…" and
reconnects on its own, waiting longer each time, once the server takes it again; the table
page also comes back after the server itself went away and returned. No reload."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from combat_cli.web.limits import STREAMS_PER_CLIENT
from tests.web.cdp import Chromium, Page, find_chromium
from tests.web.helpers import LiveTable, Server, gm, make_fight
from tests.web.test_hostile_clients import PHONE_FIGHT, Events
from tests.web.test_phones_browser import join, phone

BINARY = find_chromium()
pytestmark = pytest.mark.skipif(BINARY is None, reason="no Chromium (.ci/run installs it)")
MARK = "(document.getElementById('live') || {className: 'none', textContent: ''})"
OFFLINE = f"{MARK}.className === 'offline' && {MARK}.textContent.length > 0"
LIVE = f"{MARK}.className === '' && {MARK}.textContent.length > 0"
ONE_LOAD = "performance.getEntriesByType('navigation').length === 1"


@pytest.fixture(scope="module")
def browser():
    b = Chromium(BINARY or "chromium")
    yield b
    b.close()


def refused_then_taken(page: Page, port: int, open_page: object, holds: int = 0) -> None:
    """Fill this client's streams, open the page (refused), free one: it reconnects. A page
    that ``holds`` a stream already has it cut (``open_page``), and its slot is taken before
    it tries again (it waits a second first)."""
    held = [Events(port) for _ in range(STREAMS_PER_CLIENT - holds)]
    try:
        assert all(s.status == 200 for s in held)
        open_page()  # type: ignore[operator]
        end = time.monotonic() + 5
        while len(held) < STREAMS_PER_CLIENT:
            s = Events(port)
            if s.status == 200:
                held.append(s)
            else:
                s.close()
                assert time.monotonic() < end, "the page's stream was never cut"
                time.sleep(0.02)
        page.wait_for(OFFLINE, timeout=10)
        time.sleep(1.5)  # refused again and again: it keeps trying, waiting longer
        assert page.js(OFFLINE)
        held.pop().close()
        start = time.monotonic()
        page.wait_for(LIVE, timeout=20)
        assert time.monotonic() - start < 16  # the longest wait between tries is 15 s
        assert page.js(ONE_LOAD)
    finally:
        for s in held:
            s.close()


def test_the_table_page_reconnects_after_a_refused_stream(tmp_path: Path,
                                                          browser: Chromium) -> None:
    fight = make_fight(tmp_path / "fight.json", "d6", PHONE_FIGHT)
    server = Server(fight)
    page = browser.context_page()
    try:
        refused_then_taken(page, server.port,
                           lambda: page.call("Page.navigate", url=server.url))
        page.wait_for("document.getElementById('rows').textContent.includes('Mina')")
        gm(fight, "condition Mina +Blessed custom=yes")
        page.wait_for("document.getElementById('rows').textContent.includes('Blessed')",
                      timeout=10)
    finally:
        page.close()
        server.stop()


def test_the_phone_page_reconnects_after_a_refused_stream(tmp_path: Path,
                                                          browser: Chromium) -> None:
    live = LiveTable(make_fight(tmp_path / "fight.json", "d6", PHONE_FIGHT))
    page = phone(browser)
    try:
        join(page, live, live.code(), "Mina")
        page.wait_for(LIVE)
        refused_then_taken(page, live.port, lambda: page.js("window.stop()"), holds=1)
        live.gm("condition Mina +Blessed custom=yes")
        page.wait_for("document.getElementById('conditions').textContent.includes('Blessed')",
                      timeout=10)
    finally:
        page.close()
        live.close()


def test_the_table_page_comes_back_after_the_server_returns(tmp_path: Path,
                                                            browser: Chromium) -> None:
    fight = make_fight(tmp_path / "fight.json", "d6", PHONE_FIGHT)
    server = Server(fight)
    page = browser.context_page()
    again: subprocess.Popen[str] | None = None
    try:
        page.call("Page.navigate", url=server.url)
        page.wait_for(LIVE)
        server.stop()
        page.wait_for(OFFLINE, timeout=10)
        gm(fight, "condition Mina +Blessed custom=yes")
        again = subprocess.Popen([sys.executable, "-m", "combat_cli", "serve", str(fight),
                                  "--port", str(server.port)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        assert "http://" in (again.stdout.readline() if again.stdout else "")
        page.wait_for("document.getElementById('rows').textContent.includes('Blessed')",
                      timeout=20)
        assert page.js(LIVE) and page.js(ONE_LOAD)
    finally:
        page.close()
        if again is not None:
            again.terminate()
            again.communicate(timeout=10)
