"""Who acts next (the round table's ›, the players' page) follows the slots, not the plain
order: the next slot (an open PC slot goes to the first in line), passing over a slot whose
holder is surprised (SP-AMB-3), and nobody after the surprise round's last slot (SP-SURP-3)."""

from __future__ import annotations

import io

from combat_cli.render.console import make_console
from combat_cli.render.jsonview import player_json
from combat_cli.render.tables import round_table, upcoming

from .conftest import F, S, new_table, run, who


def _names(t) -> tuple[str | None, str | None]:  # noqa: ANN001
    return tuple(t.enc.name_of(x) if x else None for x in upcoming(t.enc, t.ruleset))  # type: ignore[return-value]


def _marked(t) -> list[str]:  # noqa: ANN001
    """The round table's lines that carry the › marker."""
    console = make_console(io.StringIO(), 120)
    with console.capture() as cap:
        console.print(round_table(t.enc, t.ruleset))
    return [line for line in cap.get().splitlines() if line.lstrip().startswith("›")]


def _four(t) -> None:  # noqa: ANN001
    """A 1, B 3, X 2, Y 0: PC (3) open (B first in line), SGC (2) X, PC (1) open, SGC (0) Y."""
    run(t, "add A side=pc cunning=2 close_combat=1", "add B side=pc cunning=2 close_combat=1",
        "add X cunning=2 close_combat=1", "add Y cunning=2 close_combat=1", "start")


def test_the_next_slot_may_be_an_open_pc_slot():
    t = new_table([S, F, F, S, S, S, S, S, F, F, F, F])
    _four(t)
    assert _names(t) == ("B", "X")
    run(t, "slot B", "next")
    assert _names(t) == ("X", "A")       # the open PC slot, A first in line
    assert len(_marked(t)) == 1 and " A " in _marked(t)[0]


def test_a_surprised_holder_is_passed_over():
    t = new_table([S, F, F, S, S, S, S, S, F, F, F, F])
    _four(t)
    run(t, "slot B", "next")
    who(t, "A").data["lose_turn_round"] = 1  # A lost the first turn to an ambush's Surprise
    assert _names(t) == ("X", "Y")       # next passes A's slot over; so does the marker
    assert " Y " in _marked(t)[0]
    page = player_json(t)
    assert "Y" in page["turn"] and "A" not in page["turn"].replace("Acts", "")


def test_nobody_is_next_after_the_surprise_rounds_last_slot():
    t = new_table([S, F, F, F])
    run(t, "add Ann side=pc subterfuge=2 dexterity=2 intellect=3 cunning=1",
        "add Ben side=pc cunning=1", "add Vic composure=3 cunning=1",
        "surprise Ann vs Vic", "start")
    assert t.ruleset.current(t.enc).name == "Ann"
    assert _names(t) == ("Ann", None)    # only Ann acts in the surprise round
    assert _marked(t) == []
