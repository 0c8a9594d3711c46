"""The demo fight (in Czech): a knight with a shield against an archer and a bandit.

The seed's own example: Bořek attacks the shooter with Boj; if he wins, the archer must fight
with Boj/Rvačka next turn. The bandit chooses to impose a disadvantage instead of a wound.
Only one turn is scripted, so no line can fail whatever the dice (a second turn's declaration
could name someone already unconscious)."""

from __future__ import annotations


def demo_lines() -> list[str]:
    return [
        'add Bořek side=pc Obratnost=4 Boj=4 Atletika=3 Odolnost=4 Konstituce=5 Postřeh=3 '
        'Obezřetnost=3 "Pevnost mysli=3" Zbraň=meč Zbroj=2 Talenty="Boj se štítem"',
        "add Lučištník Obratnost=2 Zručnost=3 Střelba=3 Boj=1 Atletika=2 Odolnost=2 "
        "Konstituce=2 Postřeh=3 Obezřetnost=3 Zbraň=luk",
        "add Zbojník Obratnost=3 Boj=3 Rvačka=2 Atletika=1 Odolnost=2 Konstituce=3 "
        "Postřeh=2 Obezřetnost=2 Zbraň=sekera",
        "start",
        "declare Bořek boj Lučištník volba=zranit",
        "declare Lučištník střelba Bořek míření",
        "declare Zbojník boj Bořek volba=nevýhoda",
        "přehled",
        "resolve all",
        "end",
        "damage Zbojník 2",
        "heal Zbojník 1",
        "status",
        "log 30",
    ]
