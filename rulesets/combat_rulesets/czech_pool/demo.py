"""The demo fight (in Czech): a knight with a shield against an archer and a bandit, two turns.

Turn 1 is the seed's own example: Bořek attacks the shooter with Boj (the archer must fight
with Boj/Rvačka next turn if Bořek wins); everyone who wins takes a disadvantage (volba=nevýhoda)
rather than a wound, so nobody can be out of the fight when turn 2 is declared, whatever the
dice. Turn 2: the disadvantages count, the archer (maybe forced off his bow) only defends, and
Bořek and the bandit fight for wounds (unconsciousness checks, the check roll of someone
wounded before his own action)."""

from __future__ import annotations


def demo_lines() -> list[str]:
    from combat_rulesets.czech_pool.lang import tr

    return [
        'add Bořek side=pc Obratnost=4 Boj=4 Atletika=3 Odolnost=4 Konstituce=5 Postřeh=3 '
        'Obezřetnost=3 "Pevnost mysli=3" Zbraň=meč Zbroj=2 Talenty="Boj se štítem"',
        "add Lučištník Obratnost=2 Zručnost=3 Střelba=3 Boj=1 Atletika=2 Odolnost=2 "
        "Konstituce=2 Postřeh=3 Obezřetnost=3 Zbraň=luk",
        "add Zbojník Obratnost=3 Boj=3 Rvačka=2 Atletika=1 Odolnost=2 Konstituce=3 "
        "Postřeh=2 Obezřetnost=2 Zbraň=sekera",
        "start",
        # turn 1: disadvantages only (nobody can fall, so turn 2 always declares cleanly)
        "# " + tr(None, "turn 1: the knight attacks the archer; whoever wins imposes a "
                  "disadvantage"),
        "declare Bořek boj Lučištník volba=nevýhoda",
        "declare Lučištník střelba Bořek míření volba=nevýhoda",
        "declare Zbojník boj Bořek volba=nevýhoda",
        "přehled",
        "resolve all",
        "end",
        # turn 2: Bořek takes on both (Boj 4 + shield: up to 4 opponents), the archer only
        # defends, the bandit goes for a wound
        "# " + tr(None, "turn 2: the knight takes on both, the archer only defends, the "
                  "bandit goes for a wound"),
        "declare Bořek boj Zbojník, boj Lučištník volba=nevýhoda",
        "declare Lučištník pouze_bránit",
        "declare Zbojník boj Bořek",
        "přehled",
        "resolve all",
        "end",
        "status",
        "log 40",
    ]
