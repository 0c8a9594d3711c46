"""d6's words in the table's language: a wound level or status agreeing with the fighter it
is said of. The sentences themselves are the catalogue's (``locale/<lang>/LC_MESSAGES/d6.po``);
English is their source."""

from __future__ import annotations

from combat_cli.api import Combatant, RulesContext, locale


def status(ctx: RulesContext, c: Combatant, word: str) -> str:
    """``word`` (a wound level, "healthy", "dead") as the table's language says it of ``c``
    (Czech: Zraněný, Zraněná, Zraněné)."""
    lang = ctx.language
    return locale.Said(locale.g_(locale.gender_of(c.name, c.stats, lang), word, lang))
