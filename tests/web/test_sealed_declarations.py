"""Declarations from the players' phones, sealed until revealed (``combat play FILE --script -
--serve``, a real server in a subprocess): a phone declares for its own character with the
line the GM would type; nobody else sees it until ``reveal`` (or ``resolve``); the GM does;
``undo`` of the reveal seals them again; a Storypath turn's action waits for the GM's yes."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import LiveTable, Stream, combat, make_fight

D6 = ['add Mina side=pc Instincts=3D+2 "Missile Weapons=5D" Dodge=3D weapon="Repeating Crossbow"',
      "add Lector side=pc Instincts=3D Firearms=4D Dodge=3D Constitution=3D "
      'weapon="Heavy Pistol"',
      "add Thug Instincts=2D Brawling=3D Strength=3D Constitution=3D",
      "add Shadowblade hidden=yes Instincts=2D Brawling=5D Strength=3D Constitution=3D"]
MINA_PLAN = "SEALEDPLAN"


def form(live: LiveTable, cookie: str, timeout: float = 10) -> dict[str, Any]:
    """The declaration form once the phone has one."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = live.me(cookie)["declare"]
        if got:
            return got  # type: ignore[no-any-return]
        time.sleep(0.03)
    raise AssertionError(f"no declaration form came:\n{''.join(live.seen)}")


def declare(live: LiveTable, cookie: str, text: str) -> tuple[int, dict[str, Any]]:
    status, _, raw = live.request("POST", "/api/declare", {"text": text}, cookie=cookie)
    return status, json.loads(raw)


def state(live: LiveTable) -> dict[str, Any]:
    status, _, raw = live.request("GET", "/state.json")
    assert status == 200
    return json.loads(raw)  # type: ignore[no-any-return]


@pytest.fixture
def live(tmp_path: Path):
    fight = make_fight(tmp_path / "fight.json", "d6", D6)
    table = LiveTable(fight, "--dice", "players", "--seed", "4")
    yield table
    table.close()


def test_a_phones_declaration_is_sealed_from_everyone_but_the_gm(live: LiveTable,
                                                                  tmp_path: Path) -> None:
    mina, lector = live.join("Mina"), live.join("Lector")
    live.gm("start")
    got = form(live, mina)
    assert got["kind"] == "declare" and {"shoot", "dodge"} <= {a["name"] for a in got["actions"]}
    assert "Thug" in got["targets"] and "Shadowblade" not in got["targets"]
    assert got["costs"][:3] == ["", "-1D", "-2D"]  # D6-MULTI: the cost of each extra action
    status, body = declare(live, mina, "shoot Thug, dodge")
    assert status == 200, body
    live.expect(r"Mina declares: shoot Thug, dodge \(sealed, phone\)")
    assert live.me(mina)["card"]["declared"] == ["shoot Thug", "dodge"]  # its own: yes
    assert live.me(lector)["card"]["declared"] == []
    page = state(live)
    assert page["declared"] == {"done": 1, "of": 3, "waiting": ["Lector", "Thug"]}
    assert not any("shoot" in ln["text"] for ln in page["log"])
    live.gm("sealed")
    live.expect(r"Mina \(phone\): shoot Thug, dodge")
    live.gm("declare Thug brawl Lector")
    live.expect(r"Thug declares: brawl Lector \(sealed\)")
    time.sleep(0.4)
    for seen in (json.dumps(state(live)), json.dumps(live.me(lector))):
        assert "brawl Lector" not in seen and "shoot Thug" not in seen
        assert "declares" not in seen
    live.gm("reveal")
    live.expect(r"Declarations revealed \(2\)")
    live.expect(r"Thug declares: brawl Lector")
    stream = Stream(live)  # type: ignore[arg-type]  # a table page's feed
    shown = stream.until(lambda e: any("brawl" in ln["text"] for ln in e["log"]))
    assert [ln["text"] for ln in shown["log"]][-2:] == ["Mina declares: shoot, dodge",
                                                       "Thug declares: brawl"]
    assert declare(live, mina, "dodge")[0] == 409  # after the reveal: no form, no change
    live.gm("undo")  # the reveal taken back: sealed again
    stream.until(lambda e: not any("brawl" in ln["text"] for ln in e["log"]))
    stream.close()
    assert declare(live, mina, "shoot Thug")[0] == 200  # and the phone may change it again
    live.gm("dice auto", "resolve all")  # resolving opens what is sealed
    live.expect(r"Declarations revealed \(2\)")
    live.gm("quit")
    assert live.close() == 0
    log = json.loads(combat("show", str(tmp_path / "fight.json"), "--json").stdout)["log"]
    sealed = [e for e in log if e["data"].get("sealed")]
    assert sealed and all(e["kind"] == "declare" for e in sealed)


def test_a_refused_declaration_comes_back_in_one_line_and_changes_nothing(
        live: LiveTable) -> None:
    mina = live.join("Mina")
    live.gm("start")
    form(live, mina)
    status, body = declare(live, mina, "shoot Nobody")
    assert status == 422 and body["error"].startswith('no combatant "Nobody"')
    assert "\n" not in body["error"]
    status, body = declare(live, mina, "brawl Shadowblade")  # a hidden one is not named
    assert status == 422 and "Shadowblade" not in json.dumps(body), body
    status, body = declare(live, mina, "shoot Thug\nquit")
    assert status == 422
    status, body = declare(live, mina, "x" * 5000)
    assert status in (413, 422)
    assert live.me(mina)["card"]["declared"] == []
    live.gm("sealed")
    live.expect(r"nothing is sealed")


def test_a_phone_declares_for_its_own_character_only(live: LiveTable) -> None:
    mina = live.join("Mina")
    live.gm("start")
    form(live, mina)
    status, _, _ = live.request("POST", "/api/declare", {"text": "dodge", "pc": "Lector"},
                                cookie=mina)
    assert status == 403
    # the line is the declaration after the name: another name in it is a target, nothing more
    status, body = declare(live, mina, 'dodge, shoot Lector')
    assert status == 200, body
    live.gm("sealed")
    live.expect(r"Mina \(phone\): dodge, shoot Lector")
    assert not live.said(r"Lector \(phone\)")
    for bad in ("", None, 7, ["dodge"]):
        assert declare(live, mina, bad)[0] == 400  # type: ignore[arg-type]
    assert live.request("POST", "/api/declare", {"text": "dodge"})[0] == 401
    assert live.request("POST", "/api/declare", {"text": "dodge"}, cookie=mina,
                        headers={"Origin": "http://evil.example"})[0] == 403


def test_no_declaration_before_the_fight_or_while_resolving(live: LiveTable) -> None:
    mina = live.join("Mina")
    assert declare(live, mina, "dodge")[0] == 409  # setup
    live.gm("start", "declare Thug brawl Lector", "dice auto", "resolve")
    live.expect(r"Declarations revealed")
    time.sleep(0.4)
    assert declare(live, mina, "dodge")[0] == 409


def test_reveal_auto_opens_them_when_the_last_declaration_comes_in(live: LiveTable) -> None:
    mina = live.join("Mina")
    live.gm("start", "reveal auto", "declare Thug brawl Lector", "declare Lector dodge",
            "declare Shadowblade brawl Lector")  # the hidden one too: everyone who can act
    live.expect(r"Shadowblade declares: brawl Lector \(sealed\)")
    form(live, mina)
    assert not live.said("revealed")
    assert declare(live, mina, "shoot Thug")[0] == 200
    live.expect(r"Declarations revealed \(4\)")


def test_the_gms_declaration_overrides_the_phones_and_the_phone_sees_it(
        live: LiveTable) -> None:
    mina = live.join("Mina")
    live.gm("start")
    form(live, mina)
    assert declare(live, mina, "shoot Thug")[0] == 200
    live.gm("declare Mina dodge")
    live.expect(r"Mina declares: dodge \(sealed\)")
    end = time.monotonic() + 5
    while live.me(mina)["card"]["declared"] != ["dodge"] and time.monotonic() < end:
        time.sleep(0.05)
    assert live.me(mina)["card"]["declared"] == ["dodge"]
    live.gm("strike Mina")
    live.expect(r"Mina's declaration is struck")


STORYPATH = ["add Ben side=pc Dexterity=3 Athletics=2 Close=2 Might=2 Stamina=2",
             "add Orc Dexterity=2 Athletics=1 Close=1 Might=2 Stamina=2"]


def test_a_storypath_turn_is_chosen_on_the_phone_and_done_at_the_gms_yes(
        tmp_path: Path) -> None:
    fight = make_fight(tmp_path / "sp.json", "storypath", STORYPATH)
    live = LiveTable(fight, "--seed", "2")
    try:
        ben = live.join("Ben")
        live.gm("start")
        live.expect(r"Acts: Ben")
        got = form(live, ben)
        assert got["kind"] == "act" and "attack" in {a["name"] for a in got["actions"]}
        status, body = declare(live, ben, "attack Orc")
        assert status == 202 and body["pending"] is True, body
        live.expect(r"Ben's phone: act Ben attack Orc — Enter \(or y\) does it")
        assert live.me(ben)["declare"]["pending"] == "attack Orc"
        assert declare(live, ben, "attack Orc")[0] == 409  # one at a time
        live.gm("y")
        live.expect(r"Ben attacks Orc")
        live.gm("quit")
        assert live.close() == 0
    finally:
        live.close()


def test_a_pc_attacked_is_asked_on_its_phone_whether_it_reacts(live: LiveTable) -> None:
    """D6: the Thug's punch at Lector asks Lector's phone (block, parry, pass); the block
    chosen there is rolled as if the GM had typed react Lector block."""
    lector = live.join("Lector")
    live.gm("start", "declare Thug brawl Lector", "resolve")
    end = time.monotonic() + 15
    while True:
        ask = live.me(lector)["ask"]
        if ask and ask["kind"] == "choice":
            break
        assert time.monotonic() < end, "".join(live.seen)
        time.sleep(0.05)
    assert "Thug attacks Lector: react?" in ask["text"]
    assert [c["value"] for c in ask["choices"]] == ["parry", "block", "pass"]
    status, _, raw = live.request("POST", "/api/answer", {"id": ask["id"], "choice": "fly"},
                                  cookie=lector)
    assert status == 422 and b"parry, block, pass" in raw
    status, _, raw = live.request("POST", "/api/answer", {"id": ask["id"], "choice": "pass"},
                                  cookie=lector)
    assert status == 200, raw
    live.expect(r"Thug attacks Lector: react\? pass \(phone\)")
    live.expect(r"Thug punches Lector")


def test_a_scripts_answer_that_fits_no_choice_abandons_the_command_it_does_not_lapse_it(
        live: LiveTable, tmp_path: Path) -> None:
    """The script's next line answers the phone's question too; one that is none of the
    choices stops the script at that line with the whole ``resolve`` abandoned (the punch is
    not turned into a lapsed action, the lines after it are not eaten as answers)."""
    lector = live.join("Lector")
    live.gm("start", "declare Thug brawl Lector")
    live.expect(r"Thug declares")
    before = combat("show", str(tmp_path / "fight.json"), "--json").stdout
    live.gm("resolve")
    _choice(live, lector)
    live.gm("end", "declare Thug brawl Mina")
    live.expect(r"script stopped at line \d+: end")
    assert live.close() == 1
    assert not live.said("lapses"), "".join(live.seen)
    assert combat("show", str(tmp_path / "fight.json"), "--json").stdout == before


def _choice(live: LiveTable, cookie: str) -> dict[str, Any]:
    end = time.monotonic() + 15
    while True:
        ask = live.me(cookie)["ask"]
        if ask and ask["kind"] == "choice":
            return ask  # type: ignore[no-any-return]
        assert time.monotonic() < end or live.said("$^"), "".join(live.seen)
        time.sleep(0.05)


def _d12_declared(tmp_path: Path, plan: str) -> tuple[Path, LiveTable, str]:
    """A served d12 fight (Ann, a PC with a phone; the Thug; Gob), started, with Ann's
    sealed declaration ``plan`` sent from her phone."""
    fight = make_fight(tmp_path / "fight.json", "d12",
                       ["add Ann side=pc Strength=4 Agility=4 Precision=4 Fighting=1",
                        "add Thug Strength=4 Agility=3 Fighting=1",
                        "add Gob Strength=2 Agility=2 Fighting=1"])
    live = LiveTable(fight, "--seed", "4")
    ann = live.join("Ann")
    live.gm("start")
    form(live, ann)
    assert declare(live, ann, plan)[0] == 200
    return fight, live, ann


def test_a_d12_pc_attacked_from_a_side_it_did_not_defend_is_asked_for_a_bid(tmp_path: Path
                                                                            ) -> None:
    """d12: Ann bid 1 of her 4 on her attack on Gob and nothing on defence (her sealed
    declaration could not know the Thug's); the Thug's attack asks her phone for a
    defensive bid from what is left (1..3), and the bid chosen is in the exchange."""
    fight, live, ann = _d12_declared(tmp_path, "attack Gob bid=1")
    try:
        live.gm("declare Thug attack Ann bid=2", "declare Gob defend 0", "resolve all")
        ask = _choice(live, ann)
        assert "Thug attacks Ann (corporeal): defend with a bid?" in ask["text"]
        assert [c["value"] for c in ask["choices"]] == ["1", "2", "3", "pass"]
        status, _, raw = live.request("POST", "/api/answer", {"id": ask["id"], "choice": "2"},
                                      cookie=ann)
        assert status == 200, raw
        live.expect(r"Ann defends with 2 against Thug \(corporeal\)")
        live.expect(r"Thug attacks Ann: \d+ vs \d+")
        live.gm("quit")
        assert live.close() == 0
        log = json.loads(combat("show", str(fight), "--json").stdout)["log"]
        roll = next(e for e in log if e["actor"] == "Ann" and e["action"] == "defends")
        assert roll["data"]["bid"] == 2 and "bid 2" in roll["text"]
    finally:
        live.close()


def test_a_d12_pc_that_defended_against_the_attacker_is_not_asked(tmp_path: Path) -> None:
    fight, live, ann = _d12_declared(tmp_path, "defend 2 from=Thug")
    try:
        live.gm("declare Thug attack Ann bid=2", "resolve all")
        live.expect(r"Thug attacks Ann: \d+ vs \d+")
        assert not live.said("defend with a bid")
        assert live.me(ann)["ask"] is None
    finally:
        live.close()


def test_a_storypath_pc_shot_at_is_asked_on_its_phone_for_a_reflexive_reaction(
        tmp_path: Path) -> None:
    """Storypath (SP-ACT-2, SP-PRONE-1): the Orc's bow at short range asks Ben's phone
    before his Defense is needed (dive for cover, drop prone, pass); prone is taken as
    a reflexive action and his Defense at range is 2 higher."""
    fight = make_fight(tmp_path / "sp.json", "storypath",
                       [STORYPATH[0], STORYPATH[1] + " weapon=bow"])
    live = LiveTable(fight, "--seed", "2")
    try:
        ben = live.join("Ben")
        live.gm("start", "next", "act Orc attack Ben range=short")
        ask = _choice(live, ben)
        assert "Orc shoots at Ben: react?" in ask["text"]
        assert [c["value"] for c in ask["choices"]] == ["dive", "prone", "pass"]
        status, _, raw = live.request("POST", "/api/answer", {"id": ask["id"],
                                                              "choice": "prone"}, cookie=ben)
        assert status == 200, raw
        live.expect(r"Ben .*Prone")
        live.expect(r"Orc attacks Ben.*: \d+ vs Defense [3-9]")
    finally:
        live.close()


def test_a_storypath_pc_attacked_at_close_range_is_not_asked(tmp_path: Path) -> None:
    fight = make_fight(tmp_path / "sp.json", "storypath", STORYPATH)
    live = LiveTable(fight, "--seed", "2")
    try:
        ben = live.join("Ben")
        live.gm("start", "next", "act Orc attack Ben")
        live.expect(r"Orc attacks Ben.* vs Defense")
        assert live.me(ben)["ask"] is None and not live.said("react\\?")
    finally:
        live.close()
