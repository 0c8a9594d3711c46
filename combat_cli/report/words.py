"""The words of the players' view and the report, one small table per language.

English is the source; a language missing a word falls back to it. (Kept here until the
message catalogue takes them over.)
"""

from __future__ import annotations

EN: dict[str, str] = {
    # the players' screen
    "before": "before the fight",
    "after": "after the fight",
    "round": "Round {n}",
    "acts": "{name} acts now",
    "next": "next: {name}",
    "declare": "Declare your actions",
    "waiting": "Waiting for the fight to start",
    "resolved": "Every action is resolved",
    "gm": "The GM goes on",
    "unseen": "someone unseen",
    "Name": "Name",
    "Side": "Side",
    "Wounds": "Wounds",
    "Conditions": "Conditions",
    "Order": "Order",
    "Log": "What happened",
    "pc": "PC",
    "npc": "NPC",
    "out": "out",
    "held": "holding",
    "acting": "acting",
    "next_mark": "next",
    "updated": "live",
    "offline": "reconnecting…",
    # sentences
    "joins": "{name} joins the fight",
    "leaves": "{name} leaves the fight",
    "appears": "{name} appears",
    "declares": "{actor} declares: {actions}",
    "does": "{actor}: {action}",
    "does_to": "{actor}: {action} → {target}",
    "outcome": "{text} — {outcome}",
    "is": "{name} is {level}",
    "wounded": "{name} is wounded",
    "recovers": "{name} recovers",
    "cond_on": "{name} is {condition}",
    "cond_off": "{name} is no longer {condition}",
    "over": "The fight is over",
    "rolls": "{actor} rolls {dice}",
    # outcomes
    "hit": "hit", "miss": "miss", "success": "success", "failure": "failure",
    "win": "wins", "draw": "draw", "resisted": "no effect", "stands": "stands up",
    # the report
    "report_title": "The fight",
    "report_player_title": "The fight (players' view)",
    "ruleset": "Rules: {title}",
    "rounds_fought": "{n} round(s) fought",
    "who": "Who fought",
    "rounds": "Round by round",
    "setup_part": "Before the first round",
    "wounds": "Wounds given and taken",
    "given": "Given",
    "taken": "Taken",
    "standing": "Left standing",
    "fallen": "Out of the fight",
    "status": "Status",
    "due": "What is due",
    "in": "in {span}",
    "nothing_due": "Nothing is due.",
    "nobody": "nobody",
    "notes": "GM notes",
    "hidden_mark": "hidden from the players",
    "chart": "Wound level by round",
    "levels": "unhurt|hurt|badly hurt|down",
    "unknown_before": "Wound levels before round {n} are no longer in the file's history.",
    "last_rounds": "The chart shows the last {n} rounds.",
    "no_rounds": "The fight has not begun.",
    "none": "—",
}

CS: dict[str, str] = {
    "before": "před bojem",
    "after": "po boji",
    "round": "Kolo {n}",
    "acts": "Na tahu: {name}",
    "next": "další: {name}",
    "declare": "Ohlaste své akce",
    "waiting": "Boj ještě nezačal",
    "resolved": "Všechny akce jsou vyhodnoceny",
    "gm": "Pokračuje PJ",
    "unseen": "někdo neviděný",
    "Name": "Jméno",
    "Side": "Strana",
    "Wounds": "Zranění",
    "Conditions": "Efekty",
    "Order": "Pořadí",
    "Log": "Co se stalo",
    "pc": "hráč",
    "npc": "CP",
    "out": "mimo boj",
    "held": "vyčkává",
    "acting": "na tahu",
    "next_mark": "další",
    "updated": "živě",
    "offline": "připojuji…",
    "joins": "{name} vstupuje do boje",
    "leaves": "{name} opouští boj",
    "appears": "{name} se objevuje",
    "declares": "{actor} ohlašuje: {actions}",
    "outcome": "{text} — {outcome}",
    "is": "{name}: {level}",
    "wounded": "{name} je zraněn",
    "recovers": "{name} se zotavuje",
    "cond_on": "{name}: {condition}",
    "cond_off": "{name}: už ne {condition}",
    "over": "Boj skončil",
    "rolls": "{actor} hází {dice}",
    "hit": "zásah", "miss": "vedle", "success": "úspěch", "failure": "neúspěch",
    "win": "vítězí", "draw": "remíza", "resisted": "bez účinku", "stands": "vstává",
    "report_title": "Boj",
    "report_player_title": "Boj (pohled hráčů)",
    "ruleset": "Pravidla: {title}",
    "rounds_fought": "Odehraná kola: {n}",
    "who": "Kdo bojoval",
    "rounds": "Kolo po kole",
    "setup_part": "Před prvním kolem",
    "wounds": "Zranění způsobená a utržená",
    "given": "Způsobená",
    "taken": "Utržená",
    "standing": "Kdo zůstal stát",
    "fallen": "Mimo boj",
    "status": "Stav",
    "due": "Co zbývá",
    "in": "za {span}",
    "nothing_due": "Nic nezbývá.",
    "nobody": "nikdo",
    "notes": "Poznámky PJ",
    "hidden_mark": "skrytý před hráči",
    "chart": "Zranění po kolech",
    "levels": "nezraněn|zraněn|těžce zraněn|vyřazen",
    "unknown_before": "Zranění před kolem {n} už soubor v historii nemá.",
    "last_rounds": "Graf ukazuje posledních {n} kol.",
    "no_rounds": "Boj ještě nezačal.",
}

LANGS: dict[str, dict[str, str]] = {"en": EN, "cs": CS}


class Words:
    """The words of one language: ``w("joins", name="Mina")``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGS else "en"
        self.table = LANGS[self.lang]

    def __call__(self, key: str, **values: object) -> str:
        text = self.table.get(key) or EN.get(key, key)
        return text.format(**values) if values else text

    def has(self, key: str) -> bool:
        return key in EN
