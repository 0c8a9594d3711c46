"""Issue 22, AMB-CZ-14: a surprised fighter is marked wherever its awareness roll is told.
With the players' own dice the rolls are told together ("postřeh + obezřetnost: Jitka 0,
Vlk 2") and the surprise was left out; the table and ``status NAME`` mark it too."""

from __future__ import annotations

from combat_cli.render.output import brief_lines


def test_the_awareness_rolls_told_together_mark_the_surprised_in_their_gender(mk):
    t = mk([1] * 6 + [1] * 6 + [10, 10], lang="cs", amb={"notice_roll": True})
    t("add Jitka Postřeh=3 Obezřetnost=3 rod=ž", "add Bořek Postřeh=3 Obezřetnost=3 rod=m",
      "add Vlk Postřeh=1 Obezřetnost=1")
    entries = t("start")
    lines = [str(x) for x in brief_lines(t.t, entries)]
    assert "postřeh + obezřetnost: Jitka 0 (překvapena), Bořek 0 (překvapen), Vlk 2" in lines, \
        lines
    assert t.me("Jitka").surprised and not t.me("Vlk").surprised
    from combat_cli.engine.contract.view import RulesView

    view = RulesView(t.t.enc, t.t.ruleset, "cs")
    cells = t.t.ruleset.status_columns(view, t.c("Jitka"))
    assert "překvapena" in cells.values(), cells        # the table's and status NAME's cell
