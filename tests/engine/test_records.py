"""Typed records (engine/contract/records.py): what a ruleset keeps in a queued action's, a condition's,
a timer's or a log entry's ``data`` is read and written as fields; the JSON stays as it was."""

from __future__ import annotations

import pytest

from combat_cli.api import ActionRequest, Condition, LogEntry, QueueItem, Record, RuleError, Timer


class Slot(Record):
    speed: int = 0
    surprised: bool = False


def _item(data: dict[str, object]) -> QueueItem:
    return QueueItem(id=1, actor="c1", action=ActionRequest(name="shoot", text="shoot Bob"),
                     data=data)


def test_fields_are_read_and_the_json_is_what_was_given() -> None:
    item = _item(Slot(speed=9).dump())
    assert item.data == {"speed": 9}
    slot = Slot.of(item)
    assert (slot.speed, slot.surprised) == (9, False)
    slot.surprised = True
    slot.put(item)
    assert item.data == {"speed": 9, "surprised": True}


def test_keys_the_model_does_not_name_are_kept() -> None:
    item = _item({"speed": 3, "replaced": "aim Bob"})   # the core's own key
    slot = Slot.of(item)
    slot.speed = 4
    slot.put(item)
    assert item.data == {"speed": 4, "replaced": "aim Bob"}


@pytest.mark.parametrize(("holder", "said"), [
    (_item({"speed": "fast"}),
     "the queued shoot Bob's speed must be a valid integer (found 'fast')"),
    (Condition(name="Grappled", data={"speed": []}),
     "the condition Grappled's speed must be a valid integer (found [])"),
    (Timer(id=1, name="heal Ann", due=3, kind="heal", data={"surprised": "perhaps"}),
     "the timer heal Ann's surprised must be a valid boolean (found 'perhaps')"),
    (LogEntry(kind="clash", data={"speed": None}),
     "the log entry clash's speed must be a valid integer (found None)"),
])
def test_a_wrong_value_is_one_line(holder: QueueItem | Condition | Timer | LogEntry,
                                   said: str) -> None:
    with pytest.raises(RuleError) as e:
        Slot.of(holder)
    assert str(e.value) == said


def test_the_line_is_czech_too() -> None:
    from combat_cli.locale import text

    with pytest.raises(RuleError) as e:
        Slot.of(_item({"speed": "fast"}))
    assert str(e.value) == "the queued shoot Bob's speed must be a valid integer (found 'fast')"
    assert text(e.value, "cs") == ("naplánovaná akce shoot Bob: rychlost musí být celé číslo "
                                   "(nalezeno 'fast')")
