"""The options of czech_pool's actions, typed: a threat's (``volba=``, ``míření=`` ...) and a
defence's (``dovednost=``).

Each field is an option the GM types, under its Czech name (the field's ``key``) and the
aliases (ASCII and English); help is in English (the source), the Czech in the message
catalogue. The values are kept as typed: the words (``volba=nevýhoda``, ``dostřel=long``) are
matched by the rules with their Czech and English synonyms (so they are text here, not
choices), the numbers are whole numbers, the switches (``míření=yes``) are the words
typed, read as yes/no by the rules (:meth:`Threaten.switches`).
"""

from __future__ import annotations

from combat_cli.api import Options, opt


class Threaten(Options):
    """A threat (boj, rvačka, vrh, střelba, kouzlení, vzývání, modlení)."""

    volba: str | None = opt("wound|disadvantage — what he does if he wins (default wound)",
                            aliases=("choice",))
    cil: str | None = opt("larger|smaller — shooting at a larger (-1) / smaller (+1) target",
                          aliases=("cil", "size"), key="cíl")
    dostrel: str | None = opt("short|long — beyond short (+1) / long range (+2, -2 dice)",
                              aliases=("dostrel", "range"), key="dostřel")
    prekazka: str | None = opt("small|medium|large — the target behind cover +1/+2/+3",
                               aliases=("prekazka", "cover"), key="překážka")
    obt: int | None = opt("±N other influences on the difficulty",
                          aliases=("obtížnost", "obtiznost", "diff", "difficulty"))
    bank: int | None = opt("±N other dice", aliases=("pool",))
    zraneni: int | None = opt("this attack's weapon/spell damage",
                              aliases=("zraneni", "damage", "dmg"), key="zranění")
    rychlost: int | None = opt("this attack's weapon/spell/miracle speed", aliases=("speed",))
    atribut: str | None = opt("Deception|Charisma|Willpower — for invoke/pray",
                              aliases=("attribute", "attr"))
    kontrola: str | None = opt("balance|toughness|concentration — the check if wounded before "
                               "acting", aliases=("check",))
    mireni: str | None = opt("yes — aiming -1", aliases=("mireni", "aim"), key="míření")
    omracit: str | None = opt("yes — trying to stun +1", aliases=("omracit", "stun"),
                              key="omráčit")
    daleko: str | None = opt("yes — long throw +1, -1 die",
                             aliases=("dlouhy_vrh", "dlouhý_vrh", "far", "long_throw"))
    rozptyl: str | None = opt("yes — wide spread -1", aliases=("spread",))
    zady: str | None = opt("yes — the target has its back turned: its difficulty +1",
                           aliases=("zady", "back"), key="zády")

    def switches(self) -> dict[str, str]:
        """The yes/no options given: the option's name (``míření``, ``daleko`` ...) -> the
        word typed (the rules read it as yes/no and refuse anything else)."""
        given = {"míření": self.mireni, "omráčit": self.omracit, "daleko": self.daleko,
                 "rozptyl": self.rozptyl, "zády": self.zady}
        return {k: v for k, v in given.items() if v is not None}


class Defend(Options):
    """A defence (bránit, pouze_bránit)."""

    dovednost: str | None = opt("melee|brawl|athletics ... — the skill to defend with",
                                aliases=("skill",))



class Bare(Options):
    """An action without options (nebránit, vstát): a stray key in a file is refused."""
