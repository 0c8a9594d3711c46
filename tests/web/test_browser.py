"""The players' page in a real browser (headless Chromium, driven over DevTools): it loads,
shows the combatants, shows a GM command within a second without a reload, keeps every
secret out, fits a phone held upright, and takes the README's screenshot
(``COMBAT_UPDATE_DOCS=1`` writes it to docs/)."""

from __future__ import annotations

import base64
import json
import os
import time
from pathlib import Path

import pytest

from tests.web.cdp import Chromium, find_chromium
from tests.web.helpers import SECRET_FIGHT, SECRETS, Server, combat, gm, make_fight

DOCS = Path(__file__).resolve().parents[2] / "docs"
BINARY = find_chromium()
pytestmark = pytest.mark.skipif(BINARY is None, reason="no Chromium (.ci/run installs it)")
NAMES = "JSON.stringify([...document.querySelectorAll('#rows th')].map(e => e.firstChild.textContent))"


@pytest.fixture
def browser():
    b = Chromium(BINARY or "chromium")
    yield b
    b.close()


def test_the_page_in_a_browser(tmp_path: Path, browser: Chromium) -> None:
    fight = make_fight(tmp_path / "fight.json", "d6", SECRET_FIGHT)
    server = Server(fight)
    page = browser.page()
    try:
        page.call("Page.enable")
        page.call("Page.navigate", url=server.url)
        page.wait_for("document.querySelectorAll('#rows tr').length > 0")
        names = json.loads(page.js(NAMES))
        assert names[:2] == ["Mina", "Demon Thug"] or set(names) == {"Mina", "Demon Thug"}
        assert page.js("document.getElementById('turn').getAttribute('aria-live')") == "polite"
        assert page.js("document.getElementById('turn').textContent")
        assert page.js("document.querySelector('table thead th').scope") == "col"
        html = page.js("document.documentElement.outerHTML")
        for secret in SECRETS:
            assert secret not in html, secret
        assert "Someone unseen" in html
        if os.environ.get("COMBAT_UPDATE_DOCS"):
            page.call("Emulation.setDeviceMetricsOverride", width=1280, height=1080,
                      deviceScaleFactor=1, mobile=False)
            time.sleep(0.3)
            DOCS.mkdir(exist_ok=True)
            (DOCS / "players-screen.png").write_bytes(page.screenshot())
            page.call("Emulation.clearDeviceMetricsOverride")

        gm(fight, "condition Mina +Blessed custom=yes")
        saved = time.monotonic()
        page.wait_for("document.getElementById('rows').textContent.includes('Blessed')",
                      timeout=5, step=0.02)
        assert time.monotonic() - saved < 1.0
        assert page.js("performance.getEntriesByType('navigation').length") == 1  # no reload
        html = page.js("document.documentElement.outerHTML")
        for secret in SECRETS:
            assert secret not in html, secret

        page.call("Emulation.setDeviceMetricsOverride", width=390, height=844,
                  deviceScaleFactor=2, mobile=True)
        time.sleep(0.3)
        assert page.js("document.documentElement.scrollWidth <= window.innerWidth + 1")
        assert page.js("parseFloat(getComputedStyle(document.body).fontSize)") >= 16
        shot = page.screenshot()
        assert shot.startswith(b"\x89PNG")
    finally:
        page.close()
        server.stop()


CHART_FIGHT = ["add Mina side=pc Constitution=3D", "add Lector side=pc Constitution=4D",
               'add "Demon Thug" Constitution=2D', "add Vampire Constitution=3D", "start", "end",
               'damage "Demon Thug" Wounded', "damage Mina Stunned", "end",
               'damage "Demon Thug" Wounded Twice', "damage Vampire Wounded", "end",
               'damage "Demon Thug" Incapacitated', "damage Lector Wounded",
               "damage Vampire Wounded Twice"]


def test_the_report_in_a_browser(tmp_path: Path, browser: Chromium) -> None:
    """The HTML report renders with no script and no request beyond itself; its chart is the
    README's second picture."""
    fight = make_fight(tmp_path / "chart.json", "d6", CHART_FIGHT)
    out = tmp_path / "report.html"
    combat("report", str(fight), "--format", "html", "-o", str(out))
    page = browser.page()
    try:
        page.call("Network.enable")
        page.call("Emulation.setDeviceMetricsOverride", width=760, height=600,
                  deviceScaleFactor=1, mobile=False)
        page.call("Page.enable")
        page.call("Page.navigate", url=out.as_uri())
        page.wait_for("document.readyState === 'complete'")
        assert page.js("document.scripts.length") == 0
        assert page.js("performance.getEntriesByType('resource').length") == 0
        box = json.loads(page.wait_for(
            "JSON.stringify(document.querySelector('figure svg').getBoundingClientRect())"))
        assert box["width"] > 300 and box["height"] > 150
        dots = page.js("document.querySelectorAll('figure svg circle').length")
        assert dots >= 16  # 4 combatants x 4 rounds (and the legend)
        if os.environ.get("COMBAT_UPDATE_DOCS"):
            shot = page.call("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                             clip={**{k: box[k] for k in ("x", "y", "width", "height")},
                                   "scale": 1})
            (DOCS / "report-chart.png").write_bytes(base64.b64decode(shot["data"]))
    finally:
        page.close()
