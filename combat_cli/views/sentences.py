"""The log told in plain words, for the players' screen and ``report --player``.

Sentences are built from the entries' fields (who, what, at whom, the outcome), never from
their text, so no stat, pool or difficulty reaches the players. A hidden combatant's deeds are
told as the work of someone unseen; what happens to it, its notes and secret conditions are
left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from combat_cli.engine.contract.host import host
from combat_cli.views.words import Words

if TYPE_CHECKING:
    from combat_cli.engine.contract.ruleset import Ruleset
    from combat_cli.engine.domain.models import Encounter, LogEntry

QUIET_KINDS = {"initiative", "roll", "damage", "resist", "timer", "rest", "clock", "order",
               "defense", "ambush", "check", "note", "disadvantage", "forced"}
"""Entries that are numbers and bookkeeping: left out (``--show-rolls`` shows their rolls)."""
OUTCOMES = ("hit", "miss", "success", "failure", "win", "draw", "resisted", "stands")
WINNER = ("win", "loss")
"""A contest's outcome told with the winner's name: the actor won it, or its target did."""
_WORD = re.compile(r"^[^\W\d_][\w' -]*$")


@dataclass(frozen=True)
class Line:
    seq: int
    round: int
    text: str


class Unseen:
    """Who the players must not see, by combatant id: the hidden combatants, and those that
    left while hidden (a rename or a name reused later changes nothing). An entry from a file
    older than the ids in the log is judged by its names, as then."""

    def __init__(self, enc: Encounter, entries: Iterable[LogEntry]) -> None:
        by_id: dict[str, bool] = {}
        by_name: dict[str, bool] = {}
        for e in entries:
            if e.kind == "roster" and e.actor and "hidden" in e.data:
                if e.actor_id:
                    by_id[e.actor_id] = bool(e.data["hidden"])
                else:
                    by_name[e.actor] = bool(e.data["hidden"])
        present = {c.id for c in enc.combatants}
        self.ids = {c.id for c in enc.combatants if c.hidden} | {
            i for i, h in by_id.items() if h and i not in present}
        self.names = {c.name for c in enc.combatants if c.hidden}
        """The names of the hidden combatants present (for the ruleset's turn line)."""
        named = {c.name for c in enc.combatants}
        self.old_names = self.names | {n for n, h in by_name.items() if h and n not in named}

    def actor(self, e: LogEntry) -> bool:
        return self._is(e.actor_id, e.actor)

    def target(self, e: LogEntry) -> bool:
        return self._is(e.target_id, e.target)

    def _is(self, cid: str | None, name: str | None) -> bool:
        if cid is not None:
            return cid in self.ids
        return name is not None and name in self.old_names


def hidden_ids(enc: Encounter, entries: Iterable[LogEntry]) -> set[str]:
    """The ids of the combatants the players must not see (see :class:`Unseen`)."""
    return Unseen(enc, entries).ids


class PlayerTeller:
    """Turns log entries into the players' sentences (None: nothing for the players)."""

    def __init__(self, enc: Encounter, rs: Ruleset, lang: str, entries: list[LogEntry],
                 show_rolls: bool = False) -> None:
        self.rs, self.lang, self.show_rolls = rs, lang, show_rolls
        self.w = Words(lang or rs.language)
        self.unseen = Unseen(enc, entries)
        self.hidden = self.unseen.names
        self.pcs = {c.id for c in enc.combatants if c.side == "pc"}
        self.pc_names = {c.name for c in enc.combatants if c.side == "pc"}
        self.seen_conditions = {k.name.lower() for k in rs.conditions}
        """The ruleset's conditions: a wound entry naming one is told as that condition."""
        from combat_cli.locale import gender_of

        self.genders: dict[str, str] = {}
        for c in enc.combatants:
            self.genders[c.id] = self.genders[c.name] = gender_of(c.name, c.stats)
        self.secret: set[tuple[str, str]] = set()
        self.round = 0

    def sentence(self, text: str) -> str:
        """A sentence that opens with "someone unseen" starts with a capital."""
        unseen = self.w("unseen")
        return unseen[:1].upper() + text[1:] if text.startswith(unseen) else text

    def name(self, who: str | None, unseen: bool) -> str | None:
        if who is None:
            return None
        return self.w("unseen") if unseen else who

    def tail(self, texts: list[str], n: int) -> list[Line]:
        """The last ``n`` sentences of a log kept as JSON text, parsing only the end of it
        (and, before that, the condition entries whose secrecy carries over)."""
        from combat_cli.engine.domain.models import LogEntry

        window = max(4 * n, 16)  # grown fourfold while it holds fewer than n sentences
        while True:
            start = max(0, len(texts) - window)
            self.secret, self.round = set(), 0
            for t in texts[:start]:
                if "condition" in t:
                    e = LogEntry.model_validate_json(t)
                    if e.kind == "condition" and (e.outcome or "")[:1] in ("+", "-"):
                        self._condition(e)
            lines = self.lines(LogEntry.model_validate_json(t) for t in texts[start:])
            if len(lines) >= n or start == 0:
                return lines[-n:]
            window *= 4

    def lines(self, entries: Iterable[LogEntry]) -> list[Line]:
        out = []
        for e in entries:
            text = self.tell(e)
            if text:
                out.append(Line(e.seq, e.round, self.sentence(text)))
        return out

    def tell(self, e: LogEntry) -> str | None:
        if e.data.get("sealed"):
            return None  # a sealed declaration, or what came of it: the GM's only
        if e.kind == "round":
            return self._round(e)
        if e.kind == "roster":
            return self._roster(e)
        if e.kind == "condition" and (e.outcome or "")[:1] in ("+", "-"):
            return self._condition(e)
        if e.kind in ("wound", "heal") and not e.action:
            return self._health(e)
        if e.kind == "declare":
            if not e.actor or self.unseen.actor(e) or not e.action:
                return None
            return self.w("declares", actor=e.actor, actions=", ".join(e.action.split(",")))
        if e.kind == "lapse":
            return self._lapse(e)
        if e.kind in QUIET_KINDS or not e.action:
            return self._rolls(e, None) if self.show_rolls else None
        return self._deed(e)

    def _lapse(self, e: LogEntry) -> str | None:
        """A declared action dropped undone (its actor went down, the round ended): told as
        lapsed, never as a deed; an unseen actor's lapse is not told at all."""
        if not e.actor or not e.action or self.unseen.actor(e):
            return None
        return self.w("lapsed", actor=e.actor, action=e.action.split(",")[0])

    def _round(self, e: LogEntry) -> str | None:
        if e.outcome == "over":
            return self.w("over")
        if e.round and e.round != self.round:
            self.round = e.round
            return self.w("round", n=e.round)
        return None

    def _roster(self, e: LogEntry) -> str | None:
        who = e.actor
        if not who or self.unseen.actor(e):
            return None
        if e.data.get("hidden") is False:
            return self.w("appears", name=who)
        if e.text.endswith(("(pc)", "(npc)")):
            return self.w("joins", name=who)
        if e.text == host(self.rs).label("{name} leaves the encounter", self.lang).format(name=who):
            return self.w("leaves", name=who)
        return None

    def _condition(self, e: LogEntry) -> str | None:
        who = e.actor or e.target
        unseen = self.unseen.actor(e) if e.actor else self.unseen.target(e)
        sign, cond = (e.outcome or "")[0], (e.outcome or "")[1:]
        key = ((e.actor_id if e.actor else e.target_id) or who or "", cond.lower())
        if e.data.get("secret") or (sign == "-" and key in self.secret):
            (self.secret.add if sign == "+" else self.secret.discard)(key)
            return None
        if not who or unseen:
            return None
        label = host(self.rs).label(cond, self.lang)
        return self.w("cond_on" if sign == "+" else "cond_off", name=who, condition=label)

    def _health(self, e: LogEntry) -> str | None:
        who = e.target or e.actor
        if not who or (self.unseen.target(e) if e.target else self.unseen.actor(e)):
            return None
        level = e.outcome or ""
        cid = e.target_id if e.target else e.actor_id
        pc = cid in self.pcs if cid is not None else who in self.pc_names
        if pc and _WORD.match(level):
            return self.w("is", name=who, level=host(self.rs).label(level, self.lang))
        if e.kind == "wound" and level.lower() in self.seen_conditions:
            # a state the players see as a condition (D6: Stunned, Unconscious), not a wound
            return self.w("is", name=who, level=host(self.rs).label(level, self.lang))
        seen = e.data.get("seen")  # the players' wound level (0-3) just after the entry
        if e.kind == "wound" and isinstance(seen, int) and 0 < seen < 4:
            from combat_cli.engine.contract.ruleset import wound_words
            from combat_cli.locale import agree

            word = agree(wound_words(self.w.lang)[seen], self.genders.get(cid or who, ""),
                         self.w.lang)
            return self.w("is", name=who, level=word)
        return self.w("wounded" if e.kind == "wound" else "recovers", name=who)

    def _deed(self, e: LogEntry) -> str | None:
        hidden_actor, hidden_target = self.unseen.actor(e), self.unseen.target(e)
        actor, target = self.name(e.actor, hidden_actor), self.name(e.target, hidden_target)
        if actor is None or (hidden_actor and hidden_target):
            return None
        action = e.action.split(",")[0] if e.action else ""
        text = (self.w("does_to", actor=actor, action=action, target=target) if target
                else self.w("does", actor=actor, action=action))
        if e.outcome in WINNER and (actor if e.outcome == "win" else target):
            winner = actor if e.outcome == "win" else target  # a clash: who won, by name
            text = self.w("outcome", text=text, outcome=self.w("winner", name=winner))
        elif e.outcome in OUTCOMES:
            text = self.w("outcome", text=text, outcome=self.w(e.outcome))
        return self._rolls(e, text) if self.show_rolls else text

    def _rolls(self, e: LogEntry, text: str | None) -> str | None:
        """With ``--show-rolls``: the dice and their faces after the sentence."""
        if e.total is None or not e.dice or self.unseen.actor(e):
            return text
        faces = f" [{' '.join(map(str, e.faces))}]" if e.faces else ""
        roll = f"{e.dice}{faces} = {e.total}"
        if text is None:
            if not e.actor:
                return None
            return f"{self.w('rolls', actor=e.actor, dice=roll)}"
        return f"{text} ({roll})"
