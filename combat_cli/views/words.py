"""The words of the players' view and the report, by key.

English is the source (``EN``); another language is the message catalogue's (msgctxt
"words", see :mod:`combat_cli.locale`); a word it lacks stays English.
"""

from __future__ import annotations

EN: dict[str, str] = {
    # the players' screen
    "before": "before the fight",
    "after": "after the fight",
    "round": "Round {n}",
    "acts": "{name} acts now",
    "down_now": "{name} is out of the fight and cannot act",
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
    "pcs": "PCs",    # a list's heading: "PCs: Mina, Lector"
    "npcs": "NPCs",
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
    "lapsed": "{actor}: {action} — lapsed, not done",
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
    "winner": "{name} wins",
    # the report
    "report_title": "The fight",
    "report_player_title": "The fight (players' view)",
    "ruleset": "Rules: {title}",
    "rounds_fought": "{n} round(s) fought",  # by the catalogue's plural: see Words
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

class Words:
    """The words of one language: ``w("joins", name="Mina")``."""

    def __init__(self, lang: str) -> None:
        from combat_cli.locale import languages

        self.lang = lang if lang in languages() else "en"

    def __call__(self, key: str, **values: object) -> str:
        from combat_cli.locale import catalogue

        cat = catalogue(self.lang)
        if key == "rounds_fought":
            n = int(values.get("n", 0))  # type: ignore[call-overload]
            text = cat.npgettext("words", "{n} round fought", "{n} rounds fought", n)
        else:
            text = cat.pgettext("words", EN.get(key, key))
        if not values:
            return text
        from combat_cli.locale import shown  # dice and decimals as the language writes them

        return text.format(**{k: shown(v, self.lang) for k, v in values.items()})

    def has(self, key: str) -> bool:
        return key in EN
