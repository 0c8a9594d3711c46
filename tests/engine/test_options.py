"""Typed action options (engine/grammar/options.py): a model's fields are the options (parsing, help,
completion come from them), rules code reads fields, the save keeps the keys typed, and a
loaded file's declared and queued options are checked in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import pytest

from combat_cli import plugins
from combat_cli.api import (
    ActionRequest,
    ActionSpec,
    Combatant,
    DeclarePhase,
    Name,
    Names,
    Options,
    QueueItem,
    RuleError,
    RulesContext,
    Ruleset,
    internal,
    opt,
)
from combat_cli.commands.registry import dispatch
from combat_cli.dice import RandomDice
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.table import Table
from combat_cli.store.fileio import SaveError
from combat_cli.store.savefile import load, save
from tests.conftest import fails, unchanged
from tests.saves import edit_encounter


class Shot(Options):
    cover: Literal["half", "full"] | None = opt("physical cover", aliases=("c",))
    diff: int | None = opt("GM modifier to the difficulty")
    vs: Name | None = opt("the one shot at first")
    also: Names | None = opt("others in the line of fire")
    with_: str | None = opt("the weapon", key="with")
    rank: int = internal("_rank", default=0)


class Volley(DeclarePhase, Ruleset):
    """Declare ``shoot`` with options; resolving logs what the rules read from the fields."""

    name = "volley"
    title = "test"
    actions = (ActionSpec("shoot", model=Shot, target="optional"),
               ActionSpec("wait", target="none"))

    def declare(self, ctx: RulesContext, c: Combatant, actions: list[ActionRequest]) -> None:
        for n, a in enumerate(actions, start=1):
            if a.name == "shoot":
                o = Shot.of(a)
                o.rank = n          # kept with the declared action
                o.put(a)

    def resolve(self, ctx: RulesContext, item: QueueItem) -> None:
        if item.action.name == "wait":
            return
        o = Shot.of(item.action)
        ctx.log(f"cover={o.cover} diff={o.diff} vs={o.vs} also={o.also} with={o.with_} "
                f"rank={o.rank}", actor=ctx.enc.get(item.actor))

    def act(self, ctx: RulesContext, c: Combatant, action: ActionRequest) -> None:
        self.resolve(ctx, QueueItem(id=ctx.enc.new_id(), actor=c.id, action=action))


def _table() -> Table:
    t = Table.new(Volley(), RandomDice(1))
    for line in ("add Ann side=pc", "add Bob", "start"):
        assert dispatch(t, line).error is None, line
    return t


def test_the_fields_are_the_options() -> None:
    spec = Volley.actions[0]
    got = {o.name: (o.kind, o.choices, o.aliases, o.help) for o in spec.options}
    assert got == {
        "cover": ("text", ("half", "full"), ("c",), "physical cover"),
        "diff": ("int", (), (), "GM modifier to the difficulty"),
        "vs": ("name", (), (), "the one shot at first"),
        "also": ("names", (), (), "others in the line of fire"),
        "with": ("text", (), (), "the weapon"),
    }                                           # the internal field is not an option


def test_rules_code_reads_fields_and_the_save_keeps_the_keys_typed() -> None:
    t = _table()
    assert dispatch(t, "declare Ann shoot Bob c=ha diff=-2 with=bow").error is None
    kept = t.enc.declarations[t.enc.combatants[0].id].actions[0].options
    assert kept == {"cover": "half", "diff": -2, "with": "bow", "_rank": 1}
    assert dispatch(t, "declare Bob wait").error is None
    assert dispatch(t, "resolve").error is None
    said = [e.text for e in t.log if "cover=" in e.text]
    assert said == ["cover=half diff=-2 vs=None also=None with=bow rank=1"]


@pytest.mark.parametrize(("line", "said"), [
    ("declare Ann shoot Bob cover=none", "cover"),
    ("declare Ann shoot Bob diff=lots", "diff= takes a whole number"),
    ("declare Ann shoot Bob rank=3", "shoot has no option rank="),
    ("declare Ann shoot Bob _rank=3", "shoot has no option _rank="),
])
def test_what_the_model_does_not_take_is_refused(line: str, said: str) -> None:
    t = _table()
    assert said in fails(t, line)


def test_help_and_completion_come_from_the_fields() -> None:
    from combat_cli.commands.completion import suggest

    t = _table()
    assert suggest("declare Ann shoot Bob ", t)[1] == ["cover=", "diff=", "vs=", "also=", "with="]
    assert suggest("declare Ann shoot Bob cover=", t)[1] == ["cover=half", "cover=full"]
    assert suggest("declare Ann shoot Bob vs=", t)[1] == ["vs=Ann", "vs=Bob"]


def test_a_wrong_value_read_by_rules_code_is_one_line() -> None:
    a = ActionRequest(name="shoot", options={"cover": "none"})
    with pytest.raises(RuleError, match=r"^shoot's cover= must be 'half' or 'full' "
                                        r"\(found 'none'\)$"):
        Shot.of(a)


def test_put_writes_only_what_was_given_or_set() -> None:
    a = ActionRequest(name="shoot", options={"diff": 1})
    o = Shot.of(a)
    assert o.cover is None and o.rank == 0
    o.put(a)
    assert a.options == {"diff": 1}
    o.with_ = "sling"
    o.put(a)
    assert a.options == {"diff": 1, "with": "sling"}
    o.diff = None                     # taken away, not kept as null
    o.put(a)
    assert a.options == {"with": "sling"}


def test_an_internal_key_must_start_with_an_underscore() -> None:
    with pytest.raises(ValueError, match="starts with _"):
        internal("rank")


def test_a_spec_takes_a_model_or_option_specs_not_both() -> None:
    from combat_cli.api import OptionSpec

    with pytest.raises(ValueError, match="not both"):
        ActionSpec("shoot", model=Shot, options=(OptionSpec("x"),))


def test_a_model_that_is_not_options_is_refused_in_one_line() -> None:
    with pytest.raises(TypeError, match="shoot: the options model must be a subclass of Options"):
        ActionSpec("shoot", model=dict)  # type: ignore[arg-type]


def test_the_registry_checks_the_options_model() -> None:
    class Wrong(Volley):
        actions = (ActionSpec("shoot"),)

    object.__setattr__(Wrong.actions[0], "model", dict)   # changed after it was made
    with pytest.raises(CommandError, match="the options of shoot must be a subclass of Options"):
        plugins.check("volley", "x:RULESET", Wrong())


# -- loading ------------------------------------------------------------------------------


@pytest.fixture
def volley(monkeypatch: pytest.MonkeyPatch) -> Volley:
    rs = Volley()
    real = plugins.load

    def fake(name: str) -> Ruleset:
        return rs if name == "volley" else real(name)
    monkeypatch.setattr(plugins, "load", fake)
    monkeypatch.setattr(plugins, "known", lambda name: True)
    return rs


def _saved(tmp_path: Path, edit: Any = None, *, resolving: bool = False) -> Path:
    t = _table()
    assert dispatch(t, "declare Ann shoot Bob cover=half").error is None
    if resolving:
        assert dispatch(t, "declare Bob wait").error is None
        assert dispatch(t, "resolve").error is None
    path = tmp_path / "f.json"
    save(path, t)
    if edit is not None:
        edit_encounter(path, edit)
    return path


def _declared(e: dict[str, Any]) -> dict[str, Any]:
    options: dict[str, Any] = next(iter(e["declarations"].values()))["actions"][0]["options"]
    return options


def test_a_valid_file_loads_unchanged(tmp_path: Path, volley: Volley) -> None:
    t = load(_saved(tmp_path), RandomDice(1))
    assert not t.changed
    assert _declared(json.loads(t.state_json)) == {"cover": "half", "_rank": 1}


@pytest.mark.parametrize(("edit", "message"), [
    (lambda e: _declared(e).update(cover="behind a tree"),
     "Ann: shoot's cover= must be 'half' or 'full' (found 'behind a tree')"),
    (lambda e: _declared(e).update(range=3), "Ann: shoot has no option range= (found 3)"),
    (lambda e: _declared(e).update(_rank="first"), "Ann: shoot's _rank= must be a valid integer"),
    (lambda e: next(iter(e["declarations"].values()))["actions"][0].update(name="cast"),
     "Ann: 'cast' is not an action of this ruleset"),
])
def test_wrong_declared_options_are_one_line(tmp_path: Path, volley: Volley, edit: Any,
                                             message: str) -> None:
    path = _saved(tmp_path, edit)
    with unchanged(path), pytest.raises(SaveError) as e:
        load(path, RandomDice(1))
    assert message in str(e.value) and "\n" not in str(e.value)
    assert "internal error" not in str(e.value)


def test_wrong_queued_options_are_one_line(tmp_path: Path, volley: Volley) -> None:
    def edit(e: dict[str, Any]) -> None:
        e["queue"][0]["action"]["options"]["diff"] = "x"
        e["declarations"] = {}
    path = _saved(tmp_path, edit, resolving=True)
    with pytest.raises(SaveError, match="Ann: shoot's diff= must be a valid integer"):
        load(path, RandomDice(1))


@pytest.mark.parametrize(("edit", "czech"), [
    (lambda e: _declared(e).update(range=3), "Ann: shoot nemá volbu range= (nalezeno 3)"),
    (lambda e: _declared(e).update(_rank="x"),
     "Ann: shoot: _rank= musí být celé číslo (nalezeno 'x')"),
    (lambda e: next(iter(e["declarations"].values()))["actions"][0].update(name="cast"),
     "Ann: 'cast' není akce těchto pravidel"),
    (lambda e: _declared(e).update(cover="x"),
     "Ann: shoot: cover= musí být 'half' nebo 'full' (nalezeno 'x')"),
])
def test_the_lines_are_czech_too(tmp_path: Path, volley: Volley, edit: Any, czech: str) -> None:
    from combat_cli.locale import text

    path = _saved(tmp_path, edit)
    with unchanged(path), pytest.raises(SaveError) as e:
        load(path, RandomDice(1))
    assert text(e.value, "cs") == f"{path} je poškozený: {czech}"
