"""What the status table and ``show --json`` show of a D6 combatant: wound and penalty,
actions this round, the dodge, kit uses, the next timer, remembered positions."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from combat_cli.api import RuleError, format_duration, locale
from combat_rulesets.d6.core import count_actions, level_name, multi_penalty, this_round
from combat_rulesets.d6.records import AttackLog
from combat_rulesets.d6.schema import tables
from combat_rulesets.d6.state import fight, fighter

if TYPE_CHECKING:
    from combat_cli.api import Combatant, LogEntry, RulesView
    from combat_rulesets.d6.state import RoundState


def info(view: RulesView, c: Combatant) -> dict[str, Any]:
    """What ``show --json`` says of ``c`` under ``d6``."""
    t = tables(view)
    me = fighter(view, c)
    pen = t.wounds.penalty[me.wound] if me.wound else 0
    if me.stun_round >= view.enc.round:
        pen += t.wounds.penalty[1]
    r = this_round(view, c)
    dodge = r.dodge if r is not None else None
    return {"level": level_name(view, c), "penalty": pen,
            "actions": count_actions(t, r) if r is not None else 0,
            "dodge": dodge.value if dodge else None, "full_dodge": dodge.full if dodge else None,
            "kit_uses": me.kit_uses, "ammo": dict(me.ammo), "stuns": me.stuns}


AFTER_THE_FIGHT = ("d6_heal",)
"""Timers that only matter after the fight: in status and show, not in the round table."""


def _reactions(r: RoundState) -> str:
    """Declared reactions still to be used (``block``), rolled ones waiting (``block 15``)."""
    out = []
    if r.dodge is not None:
        out.append(f"{'fulldodge' if r.dodge.full else 'dodge'} {r.dodge.value}")
    elif r.ready_dodge is not None:
        out.append("fulldodge" if r.ready_dodge.full else "dodge")
    out += [x.kind for x in r.ready_melee]
    out += [f"{p.kind} {p.value}" for p in r.parries]
    return ", ".join(x for x in out if x)


def status_columns(view: RulesView, c: Combatant) -> dict[str, str]:
    """Penalty (wound and multi-action, the dice off every roll), the round's actions,
    reactions ready, kit uses, the next timer that matters in the fight. The wound level
    itself is the Status column."""
    enc, t = view.enc, tables(view)
    i = info(view, c)
    kit = str(i["kit_uses"]) if i["kit_uses"] or fighter(view, c).kits else ""
    r = this_round(view, c)
    multi = multi_penalty(t, i["actions"]) if enc.phase in ("declare", "resolve") and i["actions"] else 0
    total = i["penalty"] + multi
    cols = {"Penalty": f"-{total}D" if total else "", "React": "", "Kit": kit, "Due": ""}
    if r is not None and enc.phase == "resolve":   # while declaring, the Action column has them
        cols["React"] = _reactions(r)
    due = sorted((x for x in enc.timers if x.combatant == c.id and x.kind not in AFTER_THE_FIGHT),
                 key=lambda x: x.due)
    if due:
        x = due[0]
        stuns = fighter(view, c).stuns
        worn = f"{stuns} stun{'' if stuns == 1 else 's'} off"  # fits the column: not cut
        what = {"d6_fa_lock": "first aid ok", "d6_stun": worn}.get(x.kind, x.name)
        cols["Due"] = f"{what} in {format_duration(x.due - enc.clock.seconds)}"
    return cols


def json_extra(view: RulesView) -> dict[str, Any]:
    enc = view.enc
    names = {c.id: c.name for c in enc.combatants}
    pairs = {}
    for key, sit in fight(view).pairs.items():
        a, _, b = key.partition(">")
        if a in names and b in names:
            pairs[f"{names[a]} > {names[b]}"] = dict(sit)
    return {"d6": {c.name: info(view, c) for c in enc.combatants},
            "d6_positions": pairs}


class _Say:
    """Sentences in the view's language: a template of d6's catalogue, filled in."""

    def __init__(self, view: RulesView | None) -> None:
        self.view = view

    def __call__(self, template: str, **values: Any) -> str:
        found = template if self.view is None else self.view.label(template)
        return found.format(**values)

    def word(self, word: str) -> str:
        return word if self.view is None else self.view.label(word)


def _head(e: LogEntry, say: _Say) -> str:
    """``Mina shoots at Demon Thug 1`` of ``Mina shoots at Demon Thug 1 with ...: 16 vs 10``
    (the weapon as the language's ``" with {weapon}"`` puts it)."""
    before, _, after = say.word(" with {weapon}").partition("{weapon}")
    m = re.match(rf"(.*?)(?:{re.escape(before)}[^:]*{re.escape(after)})?: ", e.text)
    return m.group(1) if m else e.text


def _is_tie(e: LogEntry) -> bool:
    """An initiative tie-break roll (told together, on the first line)."""
    return e.kind == "initiative" and e.total is not None


def _reaction(e: LogEntry) -> str | None:
    """The reaction an attack met (None: none; or a hand-damaged entry, told without it: a
    line of the log never stops the fight from showing)."""
    try:
        return AttackLog.of(e).reaction
    except RuleError:
        return None


def _attack_line(e: LogEntry, say: _Say) -> str:
    """``Mina shoots at Vampire 1: 16 vs 10 (dodge), hit``."""
    how = _reaction(e)
    return (say("{head}: {total} vs {need}", head=_head(e, say), total=e.total,
                need=e.difficulty) + (f" ({say.word(how)})" if how else "")
            + f", {say.word(e.outcome or '')}")


def _attack_part(e: LogEntry, head: str, say: _Say, view: RulesView | None) -> str | None:
    """What ``e`` adds to the attack line that begins with ``head`` (None: not a part)."""
    if e.kind == "damage":
        return say("; damage {total}", total=e.total)
    if e.kind == "resist":
        return say(" vs {total}", total=e.total) + (
            say.word(" → no effect") if e.outcome == "resisted" else "")
    if e.kind == "wound":
        level = _level(e, view)
        return f" → {level}" if e.target and e.target in head else (
            f" → {e.target} {level}")
    if e.kind == "timer":
        return ""         # a healing timer: in status, not in the round
    return None


def _met_by_next(e: LogEntry, following: LogEntry | None) -> bool:
    """A reaction roll the attack right after it tells ("vs 15 (block)")."""
    return (e.kind == "reaction" and following is not None and following.kind == "attack"
            and following.target == e.actor)


def _level(e: LogEntry, view: RulesView | None) -> str:
    """A wound entry's level, agreeing with the fighter it is said of."""
    level = e.outcome or ""
    if view is None:
        return level
    who = next((c for c in view.enc.combatants if c.id == e.target_id), None)
    gender = locale.gender_of(who.name, who.stats, view.language) if who is not None else ""
    return view.label(level, gender)


def brief(entries: list[LogEntry], view: RulesView | None = None) -> list[str]:
    """One line per thing that happened: an attack with its damage, resistance and wound;
    the initiative tie-breaks together; a reaction roll inside the attack it meets (in the
    view's language)."""
    say = _Say(view)
    ties = [e for e in entries if _is_tie(e)]
    out = [say("Initiative ties: {ties}", ties=", ".join(f"{e.actor} {e.total}" for e in ties))
           ] if ties else []
    line: list[str] = []      # the attack being told, in parts
    for n, e in enumerate(entries):
        following = entries[n + 1] if n + 1 < len(entries) else None
        part = _attack_part(e, line[0], say, view) if line else None
        if part is not None:
            line.append(part)
            continue
        if _is_tie(e) or _met_by_next(e, following):
            continue
        if line:              # the attack's line is complete
            out.append("".join(line))
        line = [_attack_line(e, say)] if e.kind == "attack" else []
        if not line:
            out.append(e.text)
    if line:
        out.append("".join(line))
    return out


def brief_lines(view: RulesView, entries: list[LogEntry]) -> list[str]:
    """The ruleset's ``brief``: :func:`brief`."""
    return brief(entries, view)
