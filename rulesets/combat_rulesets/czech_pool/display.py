"""The status columns and the ruleset's keys in ``show --json``."""

from __future__ import annotations

import re
from typing import Any

from combat_cli.api import Combatant, LogEntry, RuleError, Ruleset, RulesView, locale
from combat_rulesets.czech_pool import health
from combat_rulesets.czech_pool.lang import gender, term
from combat_rulesets.czech_pool.schema import Tables
from combat_rulesets.czech_pool.state import Clash, Turn, czp, fighter
from combat_rulesets.czech_pool.stats import max_levels


def status_columns(view: RulesView, c: Combatant) -> dict[str, str]:
    """Headers in English (the core shows them through ``label``); cells in the view's
    language."""
    enc, tables, lang = view.enc, Tables.of(view), view.lang
    mx = max_levels(c, tables)
    out = {"Health": f"{health.left(view, c)}/{mx}"}
    st = czp(view)
    held = [f"{enc.name_of(k.split('>')[1])} +{v.level}"
            for k, v in st.pairs.items() if k.startswith(f"{c.id}>") and v.level]
    out["Penalty"] = wound_penalty(view, c, tables)
    out["Disadvantages"] = ", ".join(held)
    forced = fighter(view, c).forced
    out["Forced"] = "/".join(term(k, lang) for k in forced) if forced else ""
    if fighter(view, c).surprised and enc.round <= 1 and enc.phase != "setup":
        shown = locale.g_(gender(c), "surprised", lang or "cs")
        out["Forced"] = ", ".join(x for x in (shown, out["Forced"]) if x)  # AMB-CZ-14
    p = st.turn.pools.get(c.id) if st.turn else None
    out["Pool"] = str(p.n) if p else ""
    sp = st.turn.speeds.get(c.id) if st.turn else None
    out["Speed"] = "" if sp is None else str(sp)
    return out


def wound_penalty(view: RulesView, c: Combatant, tables: Tables) -> str:
    """What the worst wound takes off the pool and adds to the difficulty: ``-1k, +1``."""
    from combat_rulesets.czech_pool.combat import _cell, rows

    tier = health.penalty_tier(view, c)
    if not tier:
        return ""
    row = rows(tables)["zraneni"]
    pool, diff = _cell(row, "pool", tier - 1), _cell(row, "difficulty", tier - 1)
    return ", ".join(x for x in (f"{pool:+d}k" if pool else "", f"obt {diff:+d}" if diff else "") if x)


def json_extra(view: RulesView) -> dict[str, Any]:
    enc, tables = view.enc, Tables.of(view)
    st = czp(view)
    turn = st.turn or Turn()
    fighters = {}
    for c in enc.combatants:
        mx = max_levels(c, tables)
        me = fighter(view, c)
        p = turn.pools.get(c.id)
        fighters[c.name] = {
            "wound_levels": mx, "left": health.left(view, c), "wounds": me.wounds,
            "forced": me.forced or None, "surprised": me.surprised,
            "pool": p.n if p else None, "faces": p.faces if p else None,
            "speed": turn.speeds.get(c.id),
            "difficulty": {enc.name_of(o): d.value for o, d in turn.diff.get(c.id, {}).items()},
        }
    pairs = [{"holder": enc.name_of(k.split(">")[0]), "victim": enc.name_of(k.split(">")[1]),
              "level": v.level, "from_full_defence": v.fd}
             for k, v in st.pairs.items() if v.level]
    return {"czech_pool": {"fighters": fighters, "disadvantages": pairs,
                           "resolved_pairs": [[enc.name_of(x) for x in k.split("|")]
                                              for k in turn.resolved]}}


def _surprised(view: RulesView | None, e: LogEntry) -> str:
    """`` (překvapena)`` after a fighter whose awareness roll left it surprised."""
    if e.outcome != "surprised":
        return ""
    c = next((c for c in view.enc.combatants if c.name == e.actor), None) if view else None
    lang = (view.lang or "cs") if view is not None else "cs"
    return f" ({locale.g_(gender(c) if c is not None else 'm', 'surprised', lang)})"


def _plain(text: str) -> str:
    """The text without its parenthesised breakdowns (nested ones too)."""
    prev = None
    while prev != text:
        prev, text = text, re.sub(r" ?\([^()]*\)", "", text)
    return text


def _after(text: str, sep: str) -> str:
    """What follows the first ``sep`` outside brackets (a sentence's tail: "vítězí Bořek"
    after the clash's counts); the whole text when there is none (a language whose sentence
    has no such joint, the pseudo-language's marked one)."""
    depth = 0
    for i, ch in enumerate(text):
        depth += (ch == "[") - (ch == "]")
        if depth == 0 and text.startswith(sep, i):
            return text[i + len(sep):]
    return text


def _clash(e: LogEntry) -> Clash | None:
    """A clash entry's record when it has both sides' successes (else: told as its text,
    also when a damaged file holds a wrong value there)."""
    if e.kind != "clash":
        return None
    try:
        clash = Clash.of(e)
    except RuleError:
        return None
    return clash if clash.target_successes is not None else None


def brief(entries: list[LogEntry], view: RulesView | None = None) -> list[str]:
    """A clash on one line with its successes; a hit with the wound and the check it caused
    on one line; the initiative (awareness) rolls together, a surprised fighter marked so
    (AMB-CZ-14: "Jitka 0 (překvapena)", in the fighter's gender)."""
    out: list[str] = []
    lang = (view.lang or "cs") if view is not None else (locale.current() or "cs")
    aware = [e for e in entries if e.kind == "initiative" and e.total is not None]
    if aware:
        what = locale._("perception + caution", lang)
        out.append(f"{what}: " + ", ".join(f"{e.actor} {e.total}{_surprised(view, e)}"
                                           for e in aware))
    joins = ""    # whose clash or wound the last line tells (a wound or check may join it)
    for e in entries:
        if e.kind == "initiative" and e.total is not None:
            continue
        if e.kind == "roll" and e.action == "bank":
            continue          # each pool: in the clash lines (why, log)
        who = e.target or e.actor or ""
        clash = _clash(e)
        if clash is not None:
            out.append(locale._("{name} {hits} vs {other} {other_hits}: {result}", lang).format(
                name=e.actor, hits=clash.successes, other=e.target,
                other_hits=clash.target_successes, result=_after(_plain(e.text), ": ")))
            joins = "*"
        elif e.kind == "wound" and joins and (joins == "*" or who == joins):
            out[-1] += "; " + _after(_plain(e.text), ": ")
            joins = who
        elif e.kind == "check" and joins and (e.actor or "") == joins:
            out[-1] += " — " + _after(_plain(e.text), " — ")
            joins = ""
        else:
            out.append(_plain(e.text))
            joins = who if e.kind in ("wound", "hit") else ""
    return out


def brief_lines(view: RulesView, entries: list[LogEntry]) -> list[str]:
    """The ruleset's ``brief``: :func:`brief` in the view's language."""
    return brief(entries, view)


def help_text(rs: Ruleset) -> str:
    """Extra help for ``help``: the actions, and the house-rule switches."""
    from combat_rulesets.czech_pool import lang as _lang

    lang = _lang.language(None)
    lines = [rs.label("Actions: boj rvačka vrh střelba kouzlení vzývání modlení TARGET "
                         "[volba=zranit|nevýhoda] [míření] ...; bránit [TARGET] "
                         "dovednost=..; pouze_bránit; nebránit TARGET; vstát.", lang)]
    if rs.house_rules:
        lines.append(rs.label("House-rule switches (tables.toml, override with "
                                 "--house-rules):", lang))
        lines += [f"  {k}: {rs.label(v, lang)}" for k, v in rs.house_rules.items()]
    return "\n".join(lines)
