"""Saves made by an earlier version (fixtures/*.json, played from fixtures/*.script with the
installed program) load with today's code: their state reads as before, ``show --json`` gives
the same d12 section, and the fight goes on.

- mid_round: house rules (per_fight budget, a house-rule sling), round 2 mid-resolution with a
  duel pending in the queue, spent bids, a wound;
- over: an ethereal fight that ended, an angelic intervention on record, Mind and Soul
  damage, a combatant out (out_round);
- declaring: round 2 while declaring (defence groups, a move, a task), wounds.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from combat_cli.commands.registry import dispatch
from combat_cli.dice import FixedDice
from combat_cli.engine.table import Table
from combat_cli.store.savefile import load, save
from tests.saves import edit_encounter

FIXTURES = Path(__file__).parent / "fixtures"
NAMES = ("mid_round", "over", "declaring")


def _copy(tmp_path: Path, name: str) -> Path:
    f = tmp_path / f"{name}.json"
    shutil.copy(FIXTURES / f"{name}.json", f)
    return f


def _table(tmp_path: Path, name: str, faces: list[int] | None = None) -> Table:
    return load(_copy(tmp_path, name), FixedDice(faces or []))


def _who(t: Table, name: str):  # type: ignore[no-untyped-def]
    return next(c for c in t.enc.combatants if c.name == name)


def _ok(t: Table, *lines: str) -> None:
    for line in lines:
        out = dispatch(t, line)
        assert out.error is None, f"{line!r}: {out.error}"


@pytest.mark.parametrize("name", NAMES)
def test_fixture_loads_and_show_json_keeps_the_d12_section(tmp_path, name):
    f = _copy(tmp_path, name)
    r = subprocess.run([sys.executable, "-m", "combat_cli", "show", str(f), "--json"],
                       capture_output=True, text=True, timeout=60, env=dict(os.environ))
    assert r.returncode == 0, r.stderr
    shown = json.loads(r.stdout)
    assert shown["d12"] == json.loads((FIXTURES / f"{name}.d12.json").read_text())


def test_mid_round_reads_as_before_and_the_round_goes_on(tmp_path):
    t = _table(tmp_path, "mid_round")
    cory, puncher = _who(t, "Cory"), _who(t, "Puncher")
    assert cory.data["spent"] == {"corporeal": 4} and puncher.data["taken"]["body"] == 1
    assert t.enc.queue[1].data["duel"] == cory.id
    assert t.tables["weapons"]["sling"]["power"] == 1          # the house-rule weapon
    faces = [8, 2, 3, 3]   # the duel: Puncher 8 vs Cory 2; Shooter 1 (ethereal) 3 vs Cory 3
    t.dice.queue.extend(faces)  # type: ignore[attr-defined]
    _ok(t, "resolve all", "end")
    assert _who(t, "Cory").data["taken"]["body"] == 1     # a punch, Power 1 (bid 2 is not full)
    assert _who(t, "Cory").data["spent"]["corporeal"] == 6
    assert _who(t, "Shooter 1").data["spent"] == {"corporeal": 2, "ethereal": 1}
    _ok(t, 'declare "Shooter 2" attack Cory bid=1 with=slingshot', "undo", "undo")
    save(tmp_path / "again.json", t)
    again = load(tmp_path / "again.json", FixedDice([]))
    assert again.enc.round == 2 and again.enc.phase == "resolve"


def test_over_reads_as_before_and_a_new_fight_starts(tmp_path):
    t = _table(tmp_path, "over")
    assert t.enc.data["realm"] == "ethereal" and t.enc.data["fight_over"] is True
    assert t.enc.data["interventions"] == [
        {"round": 1, "who": "Ava", "kind": "angelic", "where": "Ava duels Bob"}]
    bob = _who(t, "Bob")
    assert bob.out and bob.data["out_round"] == 2 and bob.data["taken"]["soul"] == 3
    _ok(t, "heal Bob", "realm celestial", "damage Ava 1 soul")
    assert "out_round" not in _who(t, "Bob").data and not _who(t, "Bob").out
    assert _who(t, "Ava").data["taken"] == {"body": 0, "mind": 2, "soul": 1}
    assert t.enc.data["realm"] == "celestial"


def test_declaring_reads_as_before_and_resolves(tmp_path):
    t = _table(tmp_path, "declaring")
    assert t.enc.phase == "declare" and _who(t, "Cory").data["taken"]["body"] == 1
    t.dice.queue.extend([5, 5, 9])  # type: ignore[attr-defined]
    _ok(t, 'declare "Shooter 1" attack Cory bid=2', "resolve all")
    # Shooter 1: 5 + 2 + Guns 1 = 8 vs Cory 5 + 5 + Dodge 1 = 11: a miss; Shooter 2's task
    # 9 - 0 = 9 >= TN 6: failure
    assert _who(t, "Cory").data["taken"]["body"] == 1
    assert t.enc.queue[-1].data["result"] == "failure"


def test_fixtures_read_as_the_typed_state(tmp_path):
    from combat_rulesets.d12.state import Fight, Fighter, Intervention

    from combat_cli.api import RulesView

    t = _table(tmp_path, "mid_round")
    src = RulesView(t.enc, t.ruleset)
    cory = Fighter.of(src, _who(t, "Cory"))
    assert cory.spent == {"corporeal": 4} and cory.taken == {"body": 0, "mind": 0, "soul": 0}
    assert Fighter.of(src, _who(t, "Puncher")).max_hits["body"] == 14
    assert Fight.of(src, t.enc).realm is None
    t = _table(tmp_path, "over")
    src = t.context()
    bob = Fighter.of(src, _who(t, "Bob"))
    assert bob.out_round == 2 and bob.taken["soul"] == 3 and bob.spent == {}
    fight = Fight.of(src, t.enc)
    assert fight.realm == "ethereal" and fight.fight_over
    assert fight.interventions == [Intervention(round=1, who="Ava", kind="angelic",
                                                where="Ava duels Bob")]


@pytest.mark.parametrize("change, says", [
    (lambda d: d["combatants"][0]["data"]["taken"].update(body="lots"), "Ava: taken.body"),
    (lambda d: d["combatants"][1]["data"].update(wounds=2), "Bob: no wounds in this ruleset"),
    (lambda d: d["data"].update(realm="astral"), "the encounter: realm"),
    (lambda d: d["data"]["interventions"][0].update(kind="divine"),
     "interventions.0.kind"),
])
def test_a_save_with_bad_d12_state_is_one_line(tmp_path, change, says):
    from combat_cli.store.savefile import SaveError

    f = edit_encounter(tmp_path / "bad.json", change, FIXTURES / "over.json")
    with pytest.raises(SaveError, match="damaged") as e:
        load(f, FixedDice([]))
    assert says in str(e.value) and "\n" not in str(e.value)
