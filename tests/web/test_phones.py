"""The players' phones over HTTP (``combat play FILE --script - --serve``, a real server in a
subprocess): joining, a PC's own rolls entered on its phone, the first answer winning, and
every way a request that should not act is refused, changing nothing."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from tests.web.helpers import LiveTable, combat, make_fight

ROUND = ['add Mina side=pc Instincts=3D+2 "Missile Weapons=5D" weapon="Repeating Crossbow"',
         "add Lector side=pc Instincts=3D Firearms=4D Dodge=3D Constitution=3D "
         'weapon="Heavy Pistol"',
         "add Thug Instincts=2D Brawling=3D Strength=3D Constitution=3D"]


@pytest.fixture
def live(tmp_path: Path):
    fight = make_fight(tmp_path / "fight.json", "d6", ROUND)
    table = LiveTable(fight, "--dice", "players", "--seed", "4")
    yield table
    table.close()


def _declare_and_resolve(live: LiveTable) -> None:
    live.gm("start", 'declare Mina shoot Thug', "declare Thug brawl Lector", "resolve")


def test_a_pcs_roll_is_entered_on_its_own_phone_and_logged_as_such(live: LiveTable,
                                                                    tmp_path: Path) -> None:
    mina = live.join("Mina")
    live.expect(r"Mina's browser joined")
    _declare_and_resolve(live)
    ask = live.question(mina)
    assert ask["kind"] == "dice" and ask["dice"] == "5D" and ask["count"] == 5
    assert ask["sides"] == 6 and ask["total_ok"] is True and "vs 10" in ask["text"]
    status, body = live.answer(mina, faces=[6, 5, 4, 4, 2])
    assert status == 200, body
    live.expect(r"roll Mina: Missile Weapons 5D .*: 6 5 4 4 2 \(phone\)")
    live.expect(r"Mina shoots at Thug: 21 vs 10, hit")
    status, body = live.answer(mina, roll=True)  # the damage: "roll for me"
    assert status == 200, body
    live.expect(r"Mina rolls \d+ damage on Thug")
    live.gm("quit")
    assert live.close() == 0
    log = json.loads(combat("show", str(tmp_path / "fight.json"), "--json").stdout)["log"]
    shot = next(e for e in log if e["action"] == "shoot" and e["faces"] == [6, 5, 4, 4, 2])
    assert shot["data"]["by"] == "phone" and "(phone)" in shot["text"]


def test_the_first_answer_wins_and_the_other_is_refused(live: LiveTable) -> None:
    mina = live.join("Mina")
    _declare_and_resolve(live)
    ask = live.question(mina)
    live.gm("6 6 6 6 6")  # the GM types the faces first
    live.expect(r"roll Mina: Missile Weapons 5D .*: 6 6 6 6 6$")
    status, _, body = live.request("POST", "/api/answer", {"id": ask["id"], "faces": [1] * 5},
                                   cookie=mina)
    assert status == 409 and b"over" in body
    assert live.me(mina)["ask"] is None or live.me(mina)["ask"]["id"] != ask["id"]


def test_faces_the_roll_cannot_have_are_refused_on_the_phone(live: LiveTable) -> None:
    mina = live.join("Mina")
    _declare_and_resolve(live)
    for bad, why in (([9, 9, 9, 9, 9], "a d6 shows 1..6, not 9"), ([6, 6], "5D needs 5 faces"),
                     (["6"] * 5, "send the faces")):
        status, body = live.answer(mina, faces=bad)
        assert status == 422 and why in body["error"], body
    status, body = live.answer(mina, total=99)
    assert status == 422 and "5D can total 5..30, not 99" in body["error"]
    assert live.me(mina)["ask"] is not None  # still waiting: nothing reached the rules
    status, body = live.answer(mina, total=20)
    assert status == 200
    live.expect(r"Mina: Missile Weapons 5D .*: =20 \(phone\)")


def test_a_phone_answers_for_its_own_character_only(live: LiveTable) -> None:
    code = live.code()
    mina, lector = live.join("Mina", code), live.join("Lector", code)
    _declare_and_resolve(live)
    ask = live.question(mina)
    assert live.me(lector)["ask"] is None  # Lector's phone never sees Mina's roll
    for body in ({"id": ask["id"], "faces": [6] * 5}, {"id": ask["id"], "pc": "Mina",
                                                        "faces": [6] * 5}):
        status, _, raw = live.request("POST", "/api/answer", body, cookie=lector)
        assert status == 403, raw
    status, _, raw = live.request("POST", "/api/answer", {"id": "q999", "faces": [6] * 5},
                                  cookie=mina)
    assert status == 409  # a stale or made-up question
    assert live.me(mina)["ask"]["id"] == ask["id"]


def test_requests_from_elsewhere_or_without_a_device_are_refused(live: LiveTable) -> None:
    mina = live.join("Mina")
    routes = [("GET", "/"), ("GET", "/join"), ("GET", "/me"), ("GET", "/state.json"),
              ("GET", "/api/me"), ("GET", "/api/pcs"), ("POST", "/api/join"),
              ("POST", "/api/answer")]
    for method, path in routes:  # DNS rebinding: a name that is not ours
        status, _, _ = live.request(method, path, {}, cookie=mina,
                                    headers={"Host": "evil.example:80"})
        assert status == 421, (method, path)
    for origin in ("http://evil.example", "null", f"https://127.0.0.1:{live.port}"):
        status, _, _ = live.request("POST", "/api/answer", {"id": "x", "roll": True},
                                    cookie=mina, headers={"Origin": origin})
        assert status == 403, origin
    status, _, _ = live.request("POST", "/api/answer", {"id": "x", "roll": True}, cookie=mina,
                                headers={"Sec-Fetch-Site": "cross-site"})
    assert status == 403
    for cookie in (None, "combat_device=forged", "combat_device="):
        for method, path in (("GET", "/api/me"), ("POST", "/api/answer")):
            status, _, _ = live.request(method, path, {"id": "x"}, cookie=cookie)
            assert status == 401, (cookie, path)
    status, _, body = live.request("POST", "/api/answer", raw=b"{not json", cookie=mina)
    assert status == 400 and b"not valid JSON" in body
    status, _, _ = live.request("POST", "/api/answer", raw=b"[1, 2]", cookie=mina)
    assert status == 400
    status, _, _ = live.request("POST", "/api/answer", raw=b"[" * 3000 + b"]" * 3000,
                                cookie=mina)
    assert status == 413
    status, _, _ = live.request("POST", "/api/join", raw=b"x" * 10_000_000)
    assert status == 413  # refused from its Content-Length, not read whole
    status, _, _ = live.request("POST", "/api/join", raw=b'{"code":"x"}',
                                headers={"Content-Type": "text/plain"})
    assert status == 415
    for method, path in (("POST", "/api/command"), ("POST", "/api/line"), ("PUT", "/api/me"),
                         ("DELETE", "/api/me"), ("POST", "/state.json")):
        status, _, _ = live.request(method, path, {"line": "damage Mina 5"}, cookie=mina)
        assert status in (404, 405), (method, path)
    live.gm("status Mina")
    live.expect(r"Mina")
    assert "damage" not in "".join(live.seen)


def test_wrong_codes_are_rate_limited(live: LiveTable) -> None:
    code = live.code()
    statuses = [live.request("POST", "/api/join", {"code": "WRONG1", "pc": "Mina"})[0]
                for _ in range(50)]
    assert statuses[:10] == [403] * 10 and set(statuses[10:]) == {429}
    assert live.request("POST", "/api/join", {"code": code, "pc": "Mina"})[0] == 429


def test_a_phone_that_leaves_while_asked_is_told_to_a_script_that_waits(live: LiveTable
                                                                         ) -> None:
    import http.client

    mina = live.join("Mina")
    page = http.client.HTTPConnection("127.0.0.1", live.port, timeout=10)
    page.request("GET", "/api/events", headers={"Accept": "text/event-stream",
                                                "Cookie": mina, "Origin": live.origin})
    assert page.getresponse().status == 200
    _declare_and_resolve(live)
    live.question(mina)
    page.close()  # her page is closed while her roll is asked
    live.expect(r"Mina's phone has left: type the faces, or Enter to roll", timeout=10)
    live.gm("6 6 6 6 6")  # nothing waits on it: the GM's line answers
    live.expect(r"roll Mina: Missile Weapons 5D .*: 6 6 6 6 6$")
    live.expect(r"Mina shoots at Thug")
    live.expect(r"Mina's phone is not connected")  # her damage: not waited on either
    live.gm("-", "-", "-", "quit")


def test_joining_needs_the_code_a_pc_and_a_kicked_phone_stops_at_once(live: LiveTable) -> None:
    code = live.code()
    assert live.request("POST", "/api/join", {"code": code, "pc": "Thug"})[0] == 404  # an NPC
    assert live.request("POST", "/api/join", {"code": code.lower(), "pc": "Mina"})[0] == 200
    mina = live.join("Mina", code)
    live.gm("players code")
    new = live.expect(r"new join code: ([A-Z0-9]{6})").group(1)
    assert new != code
    assert live.request("POST", "/api/join", {"code": code, "pc": "Mina"})[0] == 403
    live.gm("players")
    live.expect(r"Mina: browser, seen \d+ s ago")
    live.gm("players kick Mina")
    live.expect(r"Mina's phones can no longer act: 2 ended")
    assert live.request("GET", "/api/me", cookie=mina)[0] == 401


def test_a_one_time_link_joins_once(live: LiveTable) -> None:
    live.gm("players link Lector")
    token = live.expect(r"Lector's one-time link: http://[^ ]+/join\?link=([\w-]+)").group(1)
    status, headers, body = live.request("POST", "/api/join", {"link": token})
    assert status == 200 and json.loads(body) == {"pc": "Lector"}
    cookie = headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie.replace("Strict", "strict")
    assert len(re.search(r"combat_device=([\w-]+)", cookie).group(1)) >= 22  # >= 128 bits
    assert live.request("POST", "/api/join", {"link": token})[0] == 403
    live.gm("players link Thug")
    live.expect(r"Thug is not a PC the players can see")


def test_the_players_verb_needs_the_table_served(tmp_path: Path) -> None:
    fight = make_fight(tmp_path / "f.json", "d6", ROUND[:1])
    p = combat("play", str(fight), "--script", "-", input="players\n", check=False)
    assert p.returncode == 1 and "combat play FILE --serve" in p.stdout + p.stderr
    p = combat("play", str(fight), "--host", "0.0.0.0", input="", check=False)
    assert p.returncode == 2 and "--host and --port go with --serve" in p.stderr


SECRET_LINES = [
    "add Shadowblade hidden=yes Brawling=5D Strength=3D Constitution=3D",
    'note Mina SECRETNOTE the mark on her neck',
    'note Thug GMNOTE2 carries the crypt key',
    "condition Lector +Cursed custom=yes secret",
    "condition Mina +Blessed custom=yes",
    'timer "REMINDERTEXT ambush" in=1h who=Mina',
]
EVERYONE_SECRET = ["Shadowblade", "SECRETNOTE", "GMNOTE2", "crypt key", "Cursed",
                   "REMINDERTEXT", "Brawling", "Strength=3D", "house_rules"]
OWN = {"Mina": ["Missile Weapons", "Repeating Crossbow", "Instincts\":\"3D+2"],
       "Lector": ["Firearms", "Heavy Pistol", "Dodge"]}


def _first_event(live: LiveTable, path: str, cookie: str | None) -> bytes:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", live.port, timeout=10)
    conn.request("GET", path, headers={"Cookie": cookie or ""})
    r = conn.getresponse()
    out = b""
    while b"data:" not in out:
        line = r.readline()
        if not line:
            break
        out += line
    out += r.readline()
    conn.close()
    return out


ROUTES = ["/", "/join", "/me", "/state.json", "/api/me", "/api/pcs", "/assets/app.js",
          "/assets/phone.js", "/nope"]


def _every_answer(live: LiveTable, cookie: str | None) -> str:
    """What every GET route and the first event of each stream say to ``cookie``'s phone
    (None: a browser that never joined)."""
    bodies = [live.request("GET", r, cookie=cookie)[2] for r in ROUTES]
    bodies += [_first_event(live, "/events", cookie)]
    if cookie:
        bodies += [_first_event(live, "/api/events", cookie)]
    return b"\n".join(bodies).decode()


def test_no_secret_and_no_other_characters_state_in_any_response(tmp_path: Path) -> None:
    """Every route, with every token and none, while a roll waits on Mina's phone: no byte
    of a GM secret, and none of another PC's own state."""
    fight = make_fight(tmp_path / "fight.json", "d6", ROUND + SECRET_LINES)
    live = LiveTable(fight, "--dice", "players", "--seed", "4")
    try:
        code = live.code()
        tokens = {"Mina": live.join("Mina", code), "Lector": live.join("Lector", code),
                  None: None}
        _declare_and_resolve(live)
        live.question(tokens["Mina"])
        for who, cookie in tokens.items():
            text = _every_answer(live, cookie)
            forbidden = EVERYONE_SECRET + [s for pc, own in OWN.items() if pc != who
                                           for s in own]
            for secret in forbidden:
                assert secret not in text, (who, secret)
        mine = json.dumps(live.me(tokens["Mina"]), ensure_ascii=False)
        assert "Missile Weapons" in mine and "Blessed" in mine and "vs 10" in mine
    finally:
        live.close()


def test_no_sealed_declaration_in_any_response_to_anyone_else(tmp_path: Path) -> None:
    """Issue 21, Safe: during the declare phase, every route (pages, assets, state, the
    phones' API, both event streams, the POST routes' answers) with every token and none:
    no byte of another character's sealed declaration, and none of the NPC's."""
    fight = make_fight(tmp_path / "fight.json", "d6", ROUND + SECRET_LINES)
    live = LiveTable(fight, "--dice", "players", "--seed", "4")
    try:
        code = live.code()
        tokens = {"Mina": live.join("Mina", code), "Lector": live.join("Lector", code),
                  None: None}
        live.gm("start")
        end = time.monotonic() + 10
        while not live.me(tokens["Mina"])["declare"]:
            assert time.monotonic() < end
        status, _, raw = live.request("POST", "/api/declare", {"text": "shoot Thug, shoot Thug"},
                                      cookie=tokens["Mina"])
        assert status == 200, raw
        live.gm("declare Thug brawl Lector", "declare Shadowblade brawl Mina")
        live.expect(r"Shadowblade declares: brawl Mina \(sealed\)")
        sealed = {"Mina": ["shoot Thug", "Thug, shoot", "Mina declares"],
                  None: ["brawl Lector", "brawl Mina", "Thug declares", "Shadowblade"]}
        for who, cookie in tokens.items():
            bodies = [_every_answer(live, cookie).encode()]
            for path, body in (("/api/declare", {"text": "dodge, dodge, dodge, dodge, x"}),
                               ("/api/declare", {"text": "shoot Mina"}),
                               ("/api/answer", {"id": "q1-00000000", "faces": [1]})):
                bodies.append(live.request("POST", path, body, cookie=cookie)[2])
            text = b"\n".join(bodies).decode()
            forbidden = sealed[None] + (sealed["Mina"] if who != "Mina" else [])
            for secret in forbidden:
                assert secret not in text, (who, secret)
        own = json.dumps(live.me(tokens["Mina"]), ensure_ascii=False)
        assert "shoot Thug" in own  # her own, on her own phone
        live.gm("reveal")  # and the sweep would see them: once revealed, the page has them
        live.expect(r"Declarations revealed")
        end = time.monotonic() + 10
        while b"Thug declares: brawl" not in live.request("GET", "/state.json")[2]:
            assert time.monotonic() < end
            time.sleep(0.05)
    finally:
        live.close()
