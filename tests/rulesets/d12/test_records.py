"""d12's typed records (rulesets/combat_rulesets/d12/records.py): a queued action's slot and the numbers of
each kind of log entry are read as fields; the stored JSON is what it was (same keys, same
order); a hand-damaged record is one line when the command that plays it runs, and the table
still shows."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from combat_rulesets.d12.display import brief
from combat_rulesets.d12.records import SideRoll, Slot, Wound, shown

from combat_cli.api import ActionRequest, LogEntry, QueueItem, RuleError
from tests.rulesets.d12.helpers import run, table
from tests.saves import edit_encounter

FIXTURES = Path(__file__).parent / "fixtures"


def _item(data: dict[str, object]) -> QueueItem:
    return QueueItem(id=1, actor="c1", action=ActionRequest(name="attack", target="c2",
                                                            text="attack Puncher"), data=data)


def test_a_slot_writes_the_keys_given_in_the_order_saved_before() -> None:
    assert list(Slot(phase="movement", rank=2, why="Agility 7").dump().items()) == [
        ("phase", "movement"), ("rank", 2), ("why", "Agility 7")]
    assert Slot(phase="task").dump() == {"phase": "task"}
    duel = ActionRequest(name="attack", target="c1", text="attack Cory")
    slot = Slot(phase="exchange")
    slot.duel, slot.duel_action = "c2", duel
    slot.result = "countered"
    # the opponent's attack in full (every key, also those never given), then the result
    assert json.dumps(slot.dump()) == json.dumps(
        {"phase": "exchange", "duel": "c2",
         "duel_action": {"name": "attack", "target": "c1", "args": [], "options": {},
                         "text": "attack Cory"},
         "result": "countered"})


def test_a_saved_slot_reads_as_fields_and_keeps_other_keys() -> None:
    stored = json.loads((FIXTURES / "mid_round.json").read_text().splitlines()[0])
    queue = [QueueItem.model_validate(q) for q in stored["encounter"]["queue"]]
    mover, duel, shot = (Slot.of(i) for i in queue)
    assert (mover.phase, mover.rank, mover.why) == ("movement", 1, "Agility 2")
    assert duel.duel == "c1" and duel.duel_action is not None
    assert duel.partner("c1") == duel.duel_action and duel.partner("c3") is None
    assert duel.duel_action.options == {"bid": "1", "_realm": "corporeal", "_bid": 1}
    assert (shot.phase, shot.duel, shot.result) == ("exchange", None, None)
    for i in queue:                                  # written back: the same JSON
        before = json.dumps(i.data)
        Slot.of(i).put(i)
        assert json.dumps(i.data) == before
    item = _item({"phase": "exchange", "replaced": "attack Cory"})
    slot = Slot.of(item)
    slot.result = "hit"
    slot.put(item)
    assert item.data == {"phase": "exchange", "result": "hit", "replaced": "attack Cory"}


def test_a_split_duel_leaves_the_slot_without_it() -> None:
    item = _item({"phase": "exchange", "duel": "c2",
                  "duel_action": {"name": "attack", "target": "c1", "text": "attack Cory"}})
    Slot.of(item).solo().put(item)
    assert item.data == {"phase": "exchange"}


def test_resolution_keeps_the_result_and_the_log_the_numbers() -> None:
    t = table([9, 2])
    run(t, "add Cory Strength=5 Agility=6 Dodge=1", "add Puncher Strength=7 Agility=7",
        "start", "declare Puncher attack Cory bid=3", "resolve all")
    assert Slot.of(t.enc.queue[0]).result == "hit"
    assert t.enc.queue[0].data == {"phase": "exchange", "result": "hit"}
    rolls = [SideRoll.of(e) for e in t.log if e.kind == "roll"]
    assert [(r.natural, r.bid) for r in rolls] == [(9, 3), (2, 0)]
    wound = Wound.of(next(e for e in t.log if e.kind == "wound"))
    assert (wound.track, wound.realm) == ("body", "corporeal")
    assert wound.damage is not None and wound.hits == 10 - wound.damage


def test_a_damaged_record_is_one_line_naming_it() -> None:
    item = _item({"phase": "exchange", "duel": "c2", "duel_action": "a punch"})
    try:
        Slot.of(item)
    except RuleError as e:
        assert str(e).startswith("the queued attack Puncher's duel_action must be")
        assert "\n" not in str(e)
    else:
        raise AssertionError("a damaged duel_action was read")
    assert shown(item) == Slot()                     # the table still shows
    hurt = LogEntry(kind="wound", target="Cory", text="Cory takes 2 Body hits",
                    data={"damage": "two"})
    assert brief([hurt]) == ["Cory takes 2 Body hits"]


def _damaged(tmp_path: Path) -> Path:
    """mid_round with the pending duel's other attack replaced by text."""
    return edit_encounter(tmp_path / "damaged.json",
                          lambda e: e["queue"][1]["data"].update(duel_action="Cory's punch"),
                          FIXTURES / "mid_round.json")


def _combat(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "combat_cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, env=dict(os.environ))


def test_a_damaged_queued_record_from_the_command_line(tmp_path: Path) -> None:
    f = _damaged(tmp_path)
    before = f.read_bytes()
    for shown_ in (_combat("show", str(f)), _combat("show", str(f), "--json")):
        assert shown_.returncode == 0, shown_.stderr
        assert "internal error" not in shown_.stdout + shown_.stderr
    r = _combat("play", str(f), "--script", "-", stdin="resolve\nresolve\n")
    said = r.stdout + r.stderr
    assert "Traceback" not in said and "internal error" not in said
    errors = [x for x in said.splitlines() if x.startswith("error:")]
    assert len(errors) == 1 and "duel_action must be" in errors[0], said
    assert "Table Guy moves to the door" in said     # the round was shown on resume
    assert f.read_bytes() == before                  # the line that failed changed nothing


def test_a_released_item_keeps_replaced_before_its_result() -> None:
    t = table([2, 2, 9])
    run(t, "add Cory Strength=5 Agility=6 Dodge=1", "add Puncher Strength=7 Agility=7",
        "start", "declare Puncher attack Cory bid=3", "declare Cory task tn=5", "hold Cory",
        "resolve", "release Cory task tn=6")
    item = next(i for i in t.enc.queue if i.action.name == "task")
    assert list(item.data.items()) == [("phase", "task"), ("replaced", "task tn=5"),
                                       ("result", "failure")]
