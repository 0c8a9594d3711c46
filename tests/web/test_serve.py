"""``combat serve`` over real HTTP: every route, bad paths and methods, the live feed, many
browsers, Ctrl-C with streams open, bad files, and that no secret leaves."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.web.helpers import SECRET_FIGHT, SECRETS, Server, Stream, combat, gm, make_fight

D6_FIGHT = ['add Mina side=pc Firearms=4D Dodge=3D Constitution=3D weapon="Heavy Pistol"',
            'add "Demon Thug" Firearms=4D Constitution=2D weapon="Light Pistol"', "start"]


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    return make_fight(tmp_path / "fight.json", "d6", D6_FIGHT)


@pytest.fixture
def server(fight: Path):
    s = Server(fight)
    yield s
    s.stop()


def test_every_route(server: Server, fight: Path) -> None:
    status, headers, page = server.request("GET", "/")
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    css, js = server.get("/assets/app.css"), server.get("/assets/app.js")
    assert b"/assets/app.css" in page and b"/assets/app.js" in page
    assert b'aria-live="polite"' in page and b"<table" in page and b'scope="col"' in page
    assert len(page) + len(css) + len(js) < 100_000
    for body in (page, css, js):  # everything ships in the package: no CDN, no web fonts
        assert b"http://" not in body and b"https://" not in body and b"//cdn" not in body
    state = json.loads(server.get("/state.json"))
    shown = json.loads(combat("show", str(fight), "--json", "--player").stdout)
    assert state == shown
    assert [c["name"] for c in state["combatants"]] == state["order"]
    stream = Stream(server)
    assert stream.next_event() == shown
    stream.close()
    for path in ("/", "/assets/app.css", "/assets/app.js", "/state.json"):
        status, headers, body = server.request("HEAD", path)
        assert status == 200 and body == b""


@pytest.mark.parametrize("path", [
    "/nope", "/index.html", "/assets/", "/assets/page.html", "/assets/../state.json",
    "/assets/%2e%2e/state.json", "/../../etc/passwd", "/state.json/", "/events/x", "//",
    "/" + "a" * 5000, "/assets/app.js%00", "/favicon.ico", "/docs", "/openapi.json"])
def test_anything_else_is_not_found(server: Server, path: str) -> None:
    status, _, body = server.request("GET", path)
    assert status == 404, path
    assert b"Mina" not in body


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
def test_read_only(server: Server, fight: Path, method: str) -> None:
    before = fight.read_bytes(), fight.stat().st_mtime_ns
    for path in ("/", "/state.json", "/events", "/assets/app.js"):
        status, headers, _ = server.request(method, path, body=b'{"round": 9}')
        assert status == 405 and "GET" in headers["allow"]
    assert (fight.read_bytes(), fight.stat().st_mtime_ns) == before


def test_a_gm_command_reaches_the_browser_within_a_second(server: Server, fight: Path) -> None:
    stream = Stream(server)
    first = stream.next_event()
    assert first is not None and first["phase"] == "declare"
    gm(fight, "condition Mina +Prone")
    saved = time.monotonic()
    event = stream.next_event(timeout=5)
    assert event is not None and time.monotonic() - saved < 1.0
    mina = next(c for c in event["combatants"] if c["name"] == "Mina")
    assert mina["conditions"] == ["Prone"]
    assert event["log"][-1]["text"] == "Mina is Prone"
    stream.close()


def test_a_file_missing_for_a_moment_is_not_an_error(server: Server, fight: Path) -> None:
    stream = Stream(server)
    stream.next_event()
    aside = fight.with_name("aside.json")
    os.replace(fight, aside)
    time.sleep(0.6)
    assert json.loads(server.get("/state.json"))["ruleset"] == "d6"
    os.replace(aside, fight)
    gm(fight, "condition Mina +Prone")
    event = stream.next_event(timeout=5)
    assert event is not None and "Prone" in event["combatants"][1]["conditions"] + \
        event["combatants"][0]["conditions"]
    assert server.proc.poll() is None
    stream.close()


def test_twenty_browsers_at_once(server: Server, fight: Path) -> None:
    streams = [Stream(server) for _ in range(20)]
    for s in streams:
        assert s.next_event() is not None
    pages: list[int] = []

    def fetch() -> None:
        pages.append(server.request("GET", "/")[0])

    threads = [threading.Thread(target=fetch) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert pages == [200] * 20
    gm(fight, "condition Mina +Prone")
    saved = time.monotonic()
    got: list[float] = []

    def read(s: Stream) -> None:
        e = s.next_event(timeout=5)
        if e is not None and any("Prone" in c["conditions"] for c in e["combatants"]):
            got.append(time.monotonic() - saved)

    readers = [threading.Thread(target=read, args=(s,)) for s in streams]
    for t in readers:
        t.start()
    for t in readers:
        t.join(10)
    assert len(got) == 20 and max(got) < 1.0, got
    for s in streams:
        s.close()


def test_ctrl_c_stops_at_once_with_browsers_connected(fight: Path) -> None:
    server = Server(fight)
    streams = [Stream(server) for _ in range(5)]
    for s in streams:
        s.next_event()
    took = server.interrupt()
    assert took < 3.0, took
    assert server.proc.returncode == 0
    for s in streams:
        assert s.next_event(timeout=3) is None  # the stream ended
        s.close()
    out = server.proc.stdout.read()  # type: ignore[union-attr]
    err = server.proc.stderr.read()  # type: ignore[union-attr]
    server.stop()
    assert "stopped" in out and "Traceback" not in err


def test_no_secret_in_any_response(tmp_path: Path) -> None:
    fight = make_fight(tmp_path / "secret.json", "d6", SECRET_FIGHT)
    server = Server(fight)
    try:
        stream = Stream(server)
        bodies = [server.get(p) for p in ("/", "/assets/app.css", "/assets/app.js",
                                          "/state.json")]
        first = stream.next_event()
        bodies += [server.request("GET", "/nope")[2], server.request("POST", "/")[2]]
        gm(fight, 'condition "Demon Thug" +Prone', "note Mina SECRETNOTE again")
        stream.until(lambda e: "Prone" in next(c for c in e["combatants"]
                                               if c["name"] == "Demon Thug")["conditions"])
        bodies.append(stream.raw)
        for body in bodies:
            for secret in SECRETS:
                assert secret.encode() not in body, secret
        assert first is not None
        texts = [ln["text"] for ln in first["log"]]
        assert any(t.startswith("Someone unseen: brawl → Mina") for t in texts), texts
        thug = next(c for c in first["combatants"] if c["name"] == "Demon Thug")
        assert set(thug) == {"name", "side", "wounds", "conditions", "out", "held", "acting",
                             "next"}  # no stats, notes or hidden flag
        assert not {"stats", "house_rules", "data", "timers"} & set(first)
        gm(fight, "set Shadowblade hidden=no")
        revealed = stream.until(  # the state after that command, not a stale one before it
            lambda e: any(ln["text"] == "Shadowblade appears" for ln in e["log"]))
        assert "Shadowblade" in [c["name"] for c in revealed["combatants"]]
        assert any(ln["text"] == "Shadowblade appears" for ln in revealed["log"])
        stream.close()
    finally:
        server.stop()


def test_show_player_is_what_the_page_gets_and_keeps_secrets(tmp_path: Path) -> None:
    fight = make_fight(tmp_path / "secret.json", "d6", SECRET_FIGHT)
    out = combat("show", str(fight), "--json", "--player").stdout
    for secret in SECRETS:
        assert secret not in out
    text = combat("show", str(fight), "--player").stdout
    assert "Mina" in text and "Shadowblade" not in text and "SECRETNOTE" not in text
    rolls = json.loads(combat("show", str(fight), "--json", "--player", "--show-rolls").stdout)
    assert any("[" in ln["text"] and "=" in ln["text"] for ln in rolls["log"])
    full = combat("show", str(fight), "--json").stdout
    assert "Shadowblade" in full  # the GM's own view keeps everything


@pytest.mark.parametrize("content,expect", [
    (None, "no such file"), (b"", "empty"), (b"{not json", "damaged"),
    (b'{"app": "other"}', "not a combat-cli save file")])
def test_bad_files_are_one_line(tmp_path: Path, content: bytes | None, expect: str) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_bytes(content)
    p = combat("serve", str(path), "--port", "0", check=False)
    assert p.returncode == 1 and expect in p.stderr
    assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr


def test_a_port_in_use_is_one_line(fight: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        port = s.getsockname()[1]
        p = combat("serve", str(fight), "--port", str(port), check=False)
    assert p.returncode == 1 and "can't listen" in p.stderr and "--port" in p.stderr
    assert p.stderr.count("\n") == 1


def test_local_by_default_and_host_says_so(fight: Path) -> None:
    server = Server(fight)
    try:
        assert server.host == "127.0.0.1" and "this machine only" in server.first_line
    finally:
        server.stop()
    server = Server(fight, "--host", "127.0.0.1")
    try:  # a loopback address is this machine only, whatever it is called
        assert "this machine only" in server.first_line and server.url.startswith("http://")
    finally:
        server.stop()


def test_a_request_naming_another_host_is_refused(fight: Path) -> None:
    """DNS rebinding: a page elsewhere that points its own name at us reads nothing."""
    import http.client

    server = Server(fight)
    try:
        for path in ("/", "/state.json", "/events", "/assets/app.js"):
            conn = http.client.HTTPConnection(server.host, server.port, timeout=10)
            conn.request("GET", path, headers={"Host": f"rebind.example:{server.port}"})
            r = conn.getresponse()
            assert r.status == 421 and b"Mina" not in r.read(), path
            conn.close()
        assert server.get("/state.json")  # our own name still answers
    finally:
        server.stop()


def test_the_web_stack_is_imported_by_serve_only(fight: Path) -> None:
    for args in (["show", str(fight)], ["show", str(fight), "--json", "--player"],
                 ["--help"], ["rulesets"]):
        p = subprocess.run([sys.executable, "-X", "importtime", "-m", "combat_cli", *args],
                           capture_output=True, text=True, timeout=60)
        assert p.returncode == 0
        for mod in ("starlette", "uvicorn", "anyio", "combat_cli.web.app"):
            assert f" {mod}\n" not in p.stderr and f" {mod}." not in p.stderr, (args, mod)


def test_a_file_damaged_while_serving_keeps_the_last_good_view(server: Server, fight: Path
                                                               ) -> None:
    stream = Stream(server)
    good = stream.next_event()
    tmp = fight.with_name("tmp.json")
    tmp.write_text("{ damaged", encoding="utf-8")
    os.replace(tmp, fight)
    time.sleep(0.8)
    assert json.loads(server.get("/state.json")) == good
    assert server.proc.poll() is None
    stream.close()
    server.interrupt()
    err = server.proc.stderr.read()  # type: ignore[union-attr]
    assert "Traceback" not in err and err.count("is damaged") == 1  # said once


def test_following_a_live_play_session(server: Server, fight: Path) -> None:
    """combat play in one terminal (holding the lock, saving after every line), serve in
    another: each line the GM types is on the page within a second."""
    play = subprocess.Popen([sys.executable, "-m", "combat_cli", "play", str(fight), "--script",
                             "-", "--seed", "3"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    stream = Stream(server)
    try:
        stream.next_event()
        for cond in ("Warm", "Prone", "Blinded"):  # the first waits for play to start
            play.stdin.write(f"condition Mina +{cond} custom=yes\n")  # type: ignore[union-attr]
            play.stdin.flush()  # type: ignore[union-attr]
            typed = time.monotonic()
            while True:
                event = stream.next_event(timeout=5)
                assert event is not None
                mina = next(c for c in event["combatants"] if c["name"] == "Mina")
                if cond in mina["conditions"]:
                    break
            assert cond == "Warm" or time.monotonic() - typed < 1.0
        assert play.poll() is None  # still playing, the lock still held
    finally:
        stream.close()
        play.stdin.close()  # type: ignore[union-attr]
        play.wait(timeout=30)
