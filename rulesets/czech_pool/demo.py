"""The demo fight: a knight with a shield against two bandits and an archer (Czech script)."""

from __future__ import annotations


def demo_lines() -> list[str]:
    return [
        'add Bořek side=pc Obratnost=3 Boj=3 Atletika=2 Odolnost=3 Konstituce=4 Postřeh=3 '
        'Obezřetnost=3 "Pevnost mysli=2" Zbraň=meč Zbroj=1 Talenty="Boj se štítem"',
        "add Zbojník x2 Obratnost=2 Boj=2 Rvačka=2 Atletika=1 Odolnost=2 Konstituce=2 "
        "Postřeh=3 Obezřetnost=3 Zbraň=sekera",
        "add Lučištník Obratnost=2 Zručnost=3 Střelba=3 Boj=1 Atletika=2 Odolnost=2 "
        "Konstituce=2 Postřeh=3 Obezřetnost=3 Zbraň=luk",
        "start",
        'declare Bořek boj "Zbojník 1", boj "Zbojník 2"',
        'declare "Zbojník 1" boj Bořek',
        'declare "Zbojník 2" boj Bořek volba=nevýhoda',
        "declare Lučištník střelba Bořek míření",
        "resolve all",
        "end",
        "declare Bořek pouze_bránit",
        "resolve all",
        "end",
        "status",
        "log 12",
    ]
