"""Czech by default, English with ``--lang en``: terms, labels, and word matching without
diacritics."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from combat_cli.api import RuleError

if TYPE_CHECKING:
    from combat_cli.api import RulesContext

# canonical key -> (Czech, English)
TERMS: dict[str, tuple[str, str]] = {
    # attributes
    "obratnost": ("Obratnost", "Agility"),
    "zrucnost": ("Zručnost", "Dexterity"),
    "pamet": ("Paměť", "Memory"),
    "odolnost": ("Odolnost", "Resilience"),
    "konstituce": ("Konstituce", "Constitution"),
    "postreh": ("Postřeh", "Perception"),
    "obezretnost": ("Obezřetnost", "Caution"),
    "klamani": ("Klamání", "Deception"),
    "charisma": ("Charisma", "Charisma"),
    "pevnost_mysli": ("Pevnost mysli", "Willpower"),
    # skills
    "boj": ("Boj", "Melee"),
    "rvacka": ("Rvačka", "Brawl"),
    "vrh": ("Vrh", "Throwing"),
    "strelba": ("Střelba", "Shooting"),
    "atletika": ("Atletika", "Athletics"),
    "kouzleni": ("Kouzlení", "Spellcasting"),
    "vzyvani": ("Vzývání", "Invocation"),
    "modleni": ("Modlení", "Prayer"),
    # talents
    "stit": ("Boj se štítem", "Shield Fighting"),
    "dve_zbrane": ("Boj se dvěma zbraněmi", "Two-Weapon Fighting"),
    "utok_z_obrany": ("Útok z obrany", "Attack from Defence"),
    # checks
    "rovnovaha": ("rovnováha", "balance"),
    "houzevnatost": ("houževnatost", "toughness"),
    "soustredeni": ("soustředění", "concentration"),
    # modifier rows
    "delsi_zbran": ("delší zbraň soupeře", "opponent's longer weapon"),
    "rychlejsi_zbran": ("rychlejší zbraň soupeře", "opponent's faster weapon"),
    "dlouhy_vrh": ("vrh nad velkou vzdálenost", "long throw"),
    "dostrel": ("střelba nad dostřel", "beyond range"),
    "mireni": ("míření", "aiming"),
    "omracit": ("snaha omráčit", "trying to stun"),
    "vetsi_cil": ("větší cíl", "larger target"),
    "mensi_cil": ("menší cíl", "smaller target"),
    "lezici": ("ležící", "prone"),
    "sero": ("šero", "dusk"),
    "tma": ("tma", "darkness"),
    "prekazka": ("překážka", "cover"),
    "unava": ("únava", "fatigue"),
    "pocasi": ("počasí", "weather"),
    "teren": ("terén", "terrain"),
    "stisneny": ("stísněný prostor", "cramped space"),
    "resistence": ("resistence", "resistance"),
    "zranitelnost": ("zranitelnost", "vulnerability"),
    "zraneni": ("zranění", "wounds"),
    "rozptyl": ("velký rozptyl", "wide spread"),
    "slaby_utocny": ("slabý útočný démon", "weak offensive demon"),
    "silny_utocny": ("silný útočný démon", "strong offensive demon"),
    "slaby_obranny": ("slabý obranný démon", "weak defensive demon"),
    "silny_obranny": ("silný obranný démon", "strong defensive demon"),
    "zady": ("zády k útočníkovi", "back turned"),
    "nevyhoda": ("nevýhoda", "disadvantage"),
    "pouze_branit": ("pouze bránit", "full defence"),
    "soupera_pouze_branit": ("soupeř se pouze brání", "opponent in full defence"),
    "talent_jeden": ("talent soupeře", "opponent's talent"),
    "talent_vlastni": ("vlastní talent", "own talent"),
    "obt": ("jiné vlivy", "other"),
    "bonus": ("bonus", "bonus"),
    "precisleni": ("přečíslení", "outnumbered"),
    "demon": ("démon", "demon"),
}

# the core's words and our status words: English (as the core names them) -> Czech
LABELS: dict[str, str] = {
    "Name": "Jméno", "Side": "Strana", "Status": "Stav", "Conditions": "Efekty",
    "Held": "Odloženo", "Order": "Pořadí", "Round": "Kolo", "Phase": "Fáze",
    "Action": "Akce", "Target": "Cíl", "Outcome": "Výsledek", "Timers": "Časovače",
    "Acts": "Jedná", "Log": "Záznam", "declare": "ohlašování", "resolve": "vyhodnocení",
    "turns": "tahy", "setup": "příprava", "OK": "OK", "Wounded": "Zraněný",
    "Unconscious": "Bezvědomí", "Dead": "Mrtvý", "Prone": "Ležící", "Surprised": "Překvapený",
    "Dusk": "Šero", "Darkness": "Tma", "Cramped": "Stísněný",
    "Wounds": "Zranění", "Difficulty": "Obtížnost", "Pool": "Bank", "Speed": "Rychlost",
    "Disadvantage": "Nevýhoda", "Forced": "Nucená", "Health": "Zdraví", "Disadvantages": "Nevýhody", "Successes": "Úspěchy", "ran out": "vypršelo",
    "dice": "kostky", "faces": "hozeno", "vs": "obt.", "yes": "ano", "no": "ne",
    "held": "odloženo", "due in": "za", "at": "kdy", "what": "co", "timer": "časovač",
    # the core's clock, toolbar and dice prompts
    "day": "den", "round": "kolo", "acts": "jedná", "undo": "zpět", "auto": "automaticky",
    "manual": "ručně", "players": "hráči",
    "Ctrl-D saves and quits": "Ctrl-D uloží a skončí", "segment": "fáze kola",
    "faces or =total (Enter or - rolls)": "hozená čísla nebo =součet (Enter nebo - hodí)",
    "roll": "hod", "(rolled)": "(hozeno automaticky)",
    # outcomes of log entries (the JSON keeps the English codes)
    "aware": "ve střehu", "surprised": "překvapen", "win": "výhra", "loss": "prohra",
    "draw": "remíza", "unconscious": "bezvědomí", "lost": "propadá", "stands": "vstává",
    "prone": "leží", "out": "mimo boj", "gone": "odešel",
}
# the core's log sentences (English templates, see ``ctx.say``) -> Czech, same placeholders
SENTENCES: dict[str, str] = {
    "Round {n} begins": "Začíná kolo {n}",
    "Round {n}: resolving {count} action(s)": "Kolo {n}: vyhodnocuje se akcí: {count}",
    "{name} joins ({side})": "{name} vstupuje do boje ({side})",
    "{name} leaves the encounter": "{name} opouští souboj",
    "{name}'s declared {actions} is dropped ({target} left)":
        "{name}: ohlášené {actions} padá ({target} opustil souboj)",
    "{name} declares: {actions}": "{name} ohlašuje: {actions}",
    "{name}'s {action} lapses: {why}": "{name}: {action} propadá ({why})",
    "{name}'s {action} lapses (round ended)": "{name}: {action} propadá (kolo skončilo)",
    "{name}'s held action lapses": "{name}: odložená akce propadá",
    "{name} holds their action": "{name} odkládá svou akci",
    "{name} releases their held action": "{name} provádí odloženou akci",
    "{name} skips {action}": "{name} vynechává {action}",
    "Stopped: {reason} — resolve goes on": "Zastaveno: {reason} — dál pokračuje resolve",
    "{name} is {condition} for {span}": "{name}: {condition} na {span}",
    "{name} is {condition}": "{name}: {condition}",
    "{name} is no longer {condition}": "{name}: {condition} končí",
    "Timer: {name} in {span}": "Časovač: {name} za {span}",
    "Due: {name}": "Nastává: {name}",
    "{n} round": "{n} kolo",
    "{n} rounds": "{n} kol(a)",
    "Clock: {before} -> {after}": "Čas: {before} -> {after}",
    " ({n} timer fired)": " (spuštěn {n} časovač)",
    " ({n} timers fired)": " (spuštěno časovačů: {n})",
    "Roll {dice}{faces} = {total}": "Hod {dice}{faces} = {total}",
    "Roll {dice}{faces} = {total} successes": "Hod {dice}{faces} = {total} úsp.",
    "Roll {dice}{faces} = {total} success": "Hod {dice}{faces} = {total} úsp.",
    "free roll": "volný hod",
    "warning: {name} attacks {target}, of the same side ({side})":
        "pozor: {name} útočí na {target} ze své strany ({side})",
}
CZ_TO_EN = {v: k for k, v in LABELS.items()}
# the core fills {action} with the action's canonical (Czech) name: in English, leave it out
EN_SENTENCES: dict[str, str] = {
    "{name}'s {action} lapses: {why}": "{name}'s action lapses: {why}",
    "{name}'s {action} lapses (round ended)": "{name}'s action lapses (round ended)",
    "{name} skips {action}": "{name} skips an action",
}


def label(word: str, lang: str = "") -> str:
    if lang == "en":
        return CZ_TO_EN.get(word) or EN_SENTENCES.get(word, word)
    return LABELS.get(word) or SENTENCES.get(word, word)


def norm(word: str) -> str:
    """Lower case, no diacritics, spaces and dashes as underscores: "Útok z obrany" ->
    "utok_z_obrany"."""
    text = unicodedata.normalize("NFKD", str(word).strip().lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return text.replace(" ", "_").replace("-", "_")


def term(key: str, lang: str = "") -> str:
    cz, en = TERMS.get(key, (key, key))
    return en if lang == "en" else cz


def hits(n: int) -> str:
    """English: "1 success", "2 successes"."""
    return f"{n} success" if n == 1 else f"{n} successes"


def t(ctx: RulesContext | None, cz: str, en: str) -> str:
    """The text in the table's language."""
    return en if ctx is not None and ctx.lang == "en" else cz


def err(ctx: RulesContext | None, cz: str, en: str) -> RuleError:
    """A refusal in the table's language."""
    return RuleError(t(ctx, cz, en))


def tt(ctx: RulesContext | None, key: str) -> str:
    return term(key, ctx.lang if ctx is not None else "")


def match(word: str, choices: Mapping[str, Iterable[str]], what: str | tuple[str, str],
          ctx: RulesContext | None = None) -> str:
    """The canonical key whose names (Czech or English, with or without diacritics) ``word``
    names exactly or by a unique prefix. ``choices`` list each key's names Czech first,
    English second; ``what`` is (Czech, English). Without ``ctx`` (a stat being parsed, the
    language unknown) the refusal gives both."""
    w = norm(word)
    names = {key: {norm(n) for n in (key, *ns)} for key, ns in choices.items()}
    for key, ns in names.items():
        if w in ns:
            return key
    hits = {key for key, ns in names.items() if w and any(n.startswith(w) for n in ns)}
    if len(hits) == 1:
        return hits.pop()
    from combat_cli.api import closest

    cz_what, en_what = (what, what) if isinstance(what, str) else what
    listed = {key: list(ns) or [key] for key, ns in choices.items()}
    cz_shown = [ns[0] for ns in listed.values()]
    en_shown = [ns[1] if len(ns) > 1 else ns[0] for ns in listed.values()]
    both = [c if c == e else f"{c}|{e}" for c, e in zip(cz_shown, en_shown, strict=True)]
    if hits:
        cz_hits = [listed[k][0] for k in sorted(hits)]
        en_hits = [(listed[k][1:] or listed[k])[0] for k in sorted(hits)]
        cz = f'"{word}" může být {", ".join(cz_hits)}: napiš víc'
        en = f'"{word}" could be {", ".join(en_hits)}: type more'
    else:
        guess = closest(w, [n for ns in names.values() for n in ns])
        near = next((k for k, ns in names.items() if guess in ns), None) if guess else None
        cz_guess = f" — myslel jsi {listed[near][0]}?" if near else ""
        en_guess = f" — did you mean {(listed[near][1:] or listed[near])[0]}?" if near else ""
        cz = f'neznám {cz_what} "{word}"{cz_guess} (na výběr: {", ".join(cz_shown)})'
        en = f'no {en_what} "{word}"{en_guess} (choose: {", ".join(en_shown)})'
        if ctx is None:  # the language is unknown: both, the choices once
            cz = cz.split(" (na výběr")[0]
            en = en.split(" (choose")[0] + f' ({", ".join(both)})'
    raise RuleError(t(ctx, cz, en) if ctx is not None else f"{cz} / {en}")


YES = {"ano", "a", "yes", "y", "1", "true", "on", "+"}
NO = {"ne", "n", "no", "0", "false", "off", "-"}


def flag(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value != 0
    w = norm(str(value))
    if w in YES:
        return True
    if w in NO:
        return False
    raise ValueError(f"ano/ne (yes/no), ne/not {value!r}")
