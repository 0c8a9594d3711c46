"""Resolution: the one roll per combatant, the queue in speed order, each pair's outcome
(wound or disadvantage), the check when wounded before acting, standing up, forced skills."""

from __future__ import annotations

from combat_cli.api import (
    ActionRequest,
    Combatant,
    LogEntry,
    QueueItem,
    RulesContext,
    pool,
    sum_dice,
)
from combat_rulesets.czech_pool import health
from combat_rulesets.czech_pool.combat import (
    PRONE,
    STAND,
    THREAT_ACTIONS,
    _cell,
    build,
    demon,
    describe_diff,
    pkey,
    present_actions,
    rows,
    stand_speed,
)
from combat_rulesets.czech_pool.lang import levels as count_levels
from combat_rulesets.czech_pool.lang import say, status, term, terr, tr
from combat_rulesets.czech_pool.lang import successes as n_hits
from combat_rulesets.czech_pool.schema import Tables
from combat_rulesets.czech_pool.state import (
    Clash,
    Counted,
    Deferred,
    Pair,
    Slot,
    Threat,
    Turn,
    czp,
    fighter,
)
from combat_rulesets.czech_pool.stats import stat, talents, value, weapon


def plan(ctx: RulesContext) -> list[QueueItem]:
    enc = ctx.enc
    st = czp(ctx)
    _drop_defence_disadvantages(ctx)  # before the difficulties are counted
    model = build(ctx)
    st.turn = model
    rank = {cid: i for i, cid in enumerate(enc.order)}
    # the order: by speed (highest first); defenders after, as added
    def speed_key(cid: str) -> tuple[int, int]:
        s = model.speeds.get(cid)
        return (-(s if s is not None else -999), rank.get(cid, 999))
    order = sorted((c.id for c in enc.combatants), key=speed_key)
    enc.order = order
    # everyone rolls his pool once (CZ-CORE-1, AMB-CZ-4)
    for cid in order:
        p = model.pools.get(cid)
        if p is None:
            continue
        c = ctx.combatant(cid)
        purpose = (f"{c.name}: {tr(ctx, 'pool')} {p.n}{tr(ctx, 'd10')} ({p.text})"
                   + _against(ctx, model, cid))
        r, faces, _ = health.roll_pool(ctx, p.n, Tables.of(ctx).core.base_difficulty,
                                      purpose, faces_only=True)
        p.faces = faces
        p.total = r.total if r is not None else 0
        e = ctx.log(tr(ctx, "{name} rolls {p_n}d10", name=c.name, p_n=p.n)
                    if p.n > 0 else
                    tr(ctx, "{name}: pool 0 ({p_text}) — no dice, 0 successes", name=c.name,
                       p_text=p.text),
                    kind="roll", actor=c, action="bank", roll=r, pool=p.n, skill=p.skill,
                    free=p.free, defended=p.defended)
        if r is not None:
            _counted(ctx, model, c, e)
    items: list[QueueItem] = []
    for cid in order:
        d = enc.declarations.get(cid)
        if d is None:
            continue
        for a in d.actions:
            if a not in present_actions(enc, [a]):
                ctx.log(tr(ctx, "{name_cid}'s {a_text} lapses: the target has left", name_cid=ctx.name(cid), a_text=a.text),
                        kind="lapse", actor=cid, action=a.name, outcome="gone")
                continue
            speed = None
            if a.name == STAND:
                speed = stand_speed(ctx.combatant(cid))
            else:
                th = next((x for x in model.threats.get(cid, []) if x.target == a.target
                           and x.action == a.name), None)
                if th is not None:
                    speed = th.speed_value
                elif fighter(ctx, ctx.combatant(cid)).surprised and a.name in THREAT_ACTIONS:
                    items.append(QueueItem(id=enc.new_id(), actor=cid, action=a,
                                           data=Slot(speed=-1, surprised=True).dump()))
            if speed is None:
                continue
            items.append(QueueItem(id=enc.new_id(), actor=cid, action=a,
                                   data=Slot(speed=speed).dump()))
    items.sort(key=lambda i: (-Slot.of(i).speed, rank.get(i.actor, 999)))
    return items


def _counted(ctx: RulesContext, model: Turn, c: Combatant, e: LogEntry) -> None:
    """A pool's roll entry says the successes each clash counts, at the pair's own
    difficulty (the roll itself is counted at the base): against one difficulty its dice
    (``2d10>=9``), total and difficulty; against several, the count per opponent."""
    tables = Tables.of(ctx)
    p = model.pools[c.id]
    diffs = {o: d.value for o, d in (model.diff.get(c.id) or {}).items()}
    counts = {o: health.successes(p.faces, p.total, d, tables) for o, d in diffs.items()}
    sides = tables.core.die_sides
    if len(set(diffs.values())) > 1:
        e.dice = sum_dice(min(p.n, 100), sides).text()
        e.total = None
        counted = Counted.of(e)
        counted.successes = "; ".join(
            tr(ctx, "{name} (diff {n}): {hits}", name=ctx.name(o), n=d,
               hits=n_hits(ctx, counts[o])) for o, d in diffs.items())
        counted.put(e)
        return
    d = next(iter(diffs.values()), model.self_diff.get(c.id, tables.core.base_difficulty))
    at = d + 1 if tables.amb.success == ">" else d
    e.dice = pool(min(p.n, 100), sides, min(max(at, 1), sides)).text()
    e.total = health.successes(p.faces, p.total, d, tables)
    e.difficulty = d


def defence_drops(ctx: RulesContext) -> list[tuple[Combatant, str, Pair]]:
    """AMB-CZ-11 / CZ-DEF-1: the disadvantages a full defender who now threatens (without
    Útok z obrany) loses: (holder, victim id, pair)."""
    enc = ctx.enc
    if not Tables.of(ctx).amb.drop_defence_disadvantage:
        return []
    pairs = czp(ctx).pairs
    out = []
    for cid, d in enc.declarations.items():
        c = ctx.combatant(cid)
        threatens = any(a.name in THREAT_ACTIONS for a in d.actions)
        if (not threatens or c.out or "utok_z_obrany" in talents(c)
                or (enc.round == 1 and fighter(ctx, c).surprised)):
            continue
        for key, p in pairs.items():
            holder, victim = key.split(">")
            if holder == cid and p.fd and p.level:
                out.append((c, victim, p))
    return out


def _drop_defence_disadvantages(ctx: RulesContext) -> None:
    """Drop them (AMB-CZ-11) — already for this turn's difficulties."""
    for c, victim, p in defence_drops(ctx):
        ctx.log(say(ctx, "{name} stopped only defending: his +{level} disadvantage on "
                    "{other} is lost", c, name=c.name, level=p.level,
                    other=ctx.name(victim)),
                kind="disadvantage", actor=c, target=victim, outcome="lost")
        p.level = 0
        p.fd = False


# ------------------------------------------------------------------------ resolve -------
def _planned(ctx: RulesContext) -> tuple[QueueItem, Turn, int] | None:
    """The item being resolved, the turn and the item's speed; None when it lapses (its
    actor is out, or surprised)."""
    model = czp(ctx).turn
    item = ctx.resolving
    if model is None or item is None:
        raise terr(ctx, "no turn in progress: declare, then resolve")
    a = ctx.combatant(item.actor)
    slot = Slot.of(item)
    speed = slot.speed
    if a.out and model.out_speed.get(a.id) != speed:
        item.state = "lapsed"
        ctx.log(say(ctx, "{name}'s {action} lapses: {status}", name=a.name,
                    action=item.action.text, status=status(ctx, a)),
                kind="lapse", actor=a, action=item.action.name, outcome="out")
        return None
    if slot.surprised:
        item.state = "lapsed"  # shown as lapsed (✗), not done
        ctx.log(say(ctx, "{name} is surprised: {action} is lost, he only defends", a,
                    name=a.name, action=item.action.text),
                kind="lapse", actor=a, action=item.action.name, outcome="surprised")
        return None
    return item, model, speed


def stand_up(ctx: RulesContext, a: Combatant, action: ActionRequest) -> None:
    """The handler of ``vstát`` as the turn reaches it."""
    planned = _planned(ctx)
    if planned is not None:
        _stand(ctx, a, planned[1])


def clash(ctx: RulesContext, a: Combatant, action: ActionRequest) -> None:
    """The handler of every threat as the turn reaches it: the clash of the pair."""
    planned = _planned(ctx)
    if planned is None:
        return
    item, model, speed = planned
    b = ctx.combatant(item.action.target or "")
    key = pkey(a.id, b.id)
    if key in model.resolved:
        deferred = model.deferred.pop(key, None)
        if deferred is not None and deferred.winner == a.id:
            _land(ctx, a, b, deferred, model, speed)
            return
        ctx.log(tr(ctx, "{a_name} – {b_name}: this clash was already decided this turn", a_name=a.name, b_name=b.name),
                kind="note", actor=a, target=b, action=item.action.name)
        return
    if b.out and model.out_speed.get(b.id) != speed:
        model.resolved.append(key)
        ctx.log(tr(ctx, "{name}: {other} is already out of the fight ({status})", name=a.name,
                   other=b.name, status=status(ctx, b)),
                kind="note", actor=a, target=b, action=item.action.name)
        return
    th_a = _threat(model, a.id, b.id)
    th_b = _threat(model, b.id, a.id)
    live_a = th_a is not None and _ready(ctx, a, th_a, model)
    if _own_speed(ctx) and th_b is not None and th_b.speed_value < speed:
        # AMB-CZ-15: b's effect lands at b's own speed; his check roll (if wounded before
        # it) comes then
        live_b = b.id not in model.void and not b.out
    else:
        live_b = (th_b is not None and th_b.speed_value <= speed
                  and _ready(ctx, b, th_b, model))
    if not live_a and not live_b:
        if th_b is not None and b.id not in model.void and th_b.speed_value < speed:
            ctx.log(say(ctx, "{name} cannot act; {other}'s own action decides the clash",
                        name=a.name, other=b.name),
                    kind="note", actor=a, target=b)
            return
        model.resolved.append(key)
        ctx.log(say(ctx, "{name} cannot act against {other}", name=a.name, other=b.name),
                kind="note", actor=a, target=b)
        return
    model.resolved.append(key)
    _compare(ctx, a, b, th_a if live_a else None, th_b if live_b else None, model, speed,
             item.action.name)


def _threat(model: Turn, a: str, b: str) -> Threat | None:
    return next((x for x in model.threats.get(a, []) if x.target == b), None)


def _count(ctx: RulesContext, model: Turn, c: Combatant, o: Combatant) -> tuple[int, int | None]:
    """c's successes against o (0 if c does not engage o), and c's difficulty vs o."""
    p = model.pools.get(c.id)
    d = model.diff.get(c.id, {}).get(o.id)
    tables = Tables.of(ctx)
    if p is None:
        return 0, None
    if d is None:  # AMB-CZ-9: he does not defend against o
        if tables.amb.undefended_zero:
            return 0, None
        sd = model.self_diff[c.id]
        return health.successes(p.faces, p.total, sd, tables), sd
    return health.successes(p.faces, p.total, d.value, tables), d.value


def _explain(model: Turn, c: str, o: str, base: int, d: int | None) -> str:
    if d is None:
        return "—"
    x = model.diff.get(c, {}).get(o)
    return describe_diff(base, x.parts, d) if x else str(d)


def _compare(ctx: RulesContext, a: Combatant, b: Combatant, th_a: Threat | None,
             th_b: Threat | None, model: Turn, speed: int,
             action: str) -> None:
    sa, da = _count(ctx, model, a, b)
    sb, db = _count(ctx, model, b, a)
    base = Tables.of(ctx).core.base_difficulty
    exp_a = _explain(model, a.id, b.id, base, da)
    exp_b = _explain(model, b.id, a.id, base, db)
    und = "" if a.id in model.diff.get(b.id, {}) else tr(ctx, " ({b_name} does not defend)", b_name=b.name)
    head = tr(ctx, "{name} ({hits}, diff {diff}) vs {other} ({other_hits}, diff "
              "{other_diff}){undefended}", name=a.name, hits=n_hits(ctx, sa), diff=exp_a,
              other=b.name, other_hits=n_hits(ctx, sb), other_diff=exp_b, undefended=und)
    if sa == sb:
        ctx.log(head + tr(ctx, ': draw, disadvantages stay'),
                kind="clash", actor=a, target=b, action=action, difficulty=da, outcome="draw",
                **Clash(successes=sa, target_successes=sb, target_difficulty=db,
                        speed=speed).dump())
        return
    if sa > sb:
        w, lo, sw, sl, thw = a, b, sa, sb, th_a
    else:
        w, lo, sw, sl, thw = b, a, sb, sa, th_b
    later = (_own_speed(ctx) and thw is not None and w is b
             and thw.speed_value < speed)
    when = say(ctx, " — his action lands at speed {speed}", w,
               speed=thw.speed_value) if later and thw else ""
    ctx.log(head + tr(ctx, ": {w_name} wins", w_name=w.name) + when, kind="clash",
            actor=a, target=b, action=action, difficulty=da,
            outcome="win" if w is a else "loss",
            **Clash(successes=sa, target_successes=sb, target_difficulty=db, speed=speed,
                    winner=w.name).dump())
    if later:
        model.deferred[pkey(a.id, b.id)] = Deferred(winner=w.id, margin=sw - sl)
        return
    _effect(ctx, w, lo, sw - sl, thw, model, speed)


def _own_speed(ctx: RulesContext) -> bool:
    """AMB-CZ-15: each side's effect lands at its own speed ("own", default) or the clash is
    settled at the faster fighter's speed ("faster")."""
    return Tables.of(ctx).amb.clash_speed == "own"


def _land(ctx: RulesContext, w: Combatant, lo: Combatant, deferred: Deferred,
          model: Turn, speed: int) -> None:
    """A slower winner's effect, at his own speed: only if his action goes ahead (CZ-INIT-3)."""
    th = _threat(model, w.id, lo.id)
    if th is None or not _ready(ctx, w, th, model):
        ctx.log(say(ctx, "{name}'s win over {other} is lost: his action did not go ahead",
                    w, name=w.name, other=lo.name),
                kind="lapse", actor=w, target=lo, outcome="check")
        return
    _effect(ctx, w, lo, deferred.margin, th, model, speed)


def _effect(ctx: RulesContext, w: Combatant, lo: Combatant, margin: int,
            thw: Threat | None, model: Turn, speed: int) -> None:
    """The winner's effect (CZ-RES-1/2): wound or disadvantage; the forced skill."""
    pairs = czp(ctx).pairs
    tables = Tables.of(ctx)
    # CZ-RES-2: the loser's disadvantage on the winner is lost
    lost = pairs.get(f"{lo.id}>{w.id}")
    if lost and lost.level:
        ctx.log(say(ctx, "{name}'s +{level} disadvantage on {other} is lost", name=lo.name,
                    level=lost.level, other=w.name),
                kind="disadvantage", actor=lo, target=w, outcome="lost")
        lost.level = 0
        lost.fd = False
    choice = (thw.choice if thw else None) or (
        "wound" if tables.core.default_choice in ("wound", "zranit") else "disadvantage")
    if thw is None and tables.amb.non_threat_disadvantage_only:
        choice = "disadvantage"
    if choice == "wound":
        _wound(ctx, w, lo, margin, thw, model, speed)
    else:
        core = tables.core
        p = pairs.setdefault(f"{w.id}>{lo.id}", Pair())
        p.level = min(core.disadvantage_max, p.level + core.disadvantage_step)
        if w.id in model.full:
            p.fd = True
        ctx.log(say(ctx, "{name} imposes a disadvantage on {other}: +{level} difficulty "
                    "against {name}", w, name=w.name, other=lo.name, level=p.level),
                kind="disadvantage", actor=w, target=lo, outcome=f"+{p.level}",
                level=p.level)
    # CZ-SKILL-3 forced skill next turn
    sk = tables.skills
    if thw is not None and thw.skill in sk.forcing:
        back = _threat(model, lo.id, w.id)
        used = {model.engage.get(lo.id, {}).get(w.id), back.skill if back else None}
        if used & set(sk.forced_from):
            allowed = (sk.trump[thw.skill] if tables.amb.forced_skill == "trump"
                       else sk.melee_or_brawl)
            fighter(ctx, lo).forced_next = list(allowed)
            names = "/".join(term(k, ctx.lang) for k in allowed)
            ctx.log(tr(ctx, "{lo_name} must fight with {names} next turn", lo_name=lo.name, names=names),
                    kind="forced", actor=w, target=lo, outcome=names)


def _wound(ctx: RulesContext, w: Combatant, lo: Combatant, margin: int,
           thw: Threat | None, model: Turn, speed: int) -> None:
    """T-CZ-2: difference of successes + weapon/spell damage - armour (+ table rows)."""
    tables = Tables.of(ctx)
    rw = rows(tables)
    parts: list[tuple[str, int]] = [(tr(ctx, 'margin'), margin)]
    skill = thw.skill if thw else None
    if thw and thw.damage is not None:
        dmg = thw.damage
    elif skill in ("kouzleni", "vzyvani", "modleni"):
        dmg = int(stat(w, "Zranění kouzla", 0))
    elif skill == "rvacka":
        dmg = tables.core.brawl_damage
    elif skill:
        dmg = weapon(w, tables)["damage"]
    else:
        dmg = 0
    if dmg:
        what = {"kouzleni": "spell", "vzyvani": "miracle", "modleni": "miracle",
                "rvacka": "fist"}.get(skill or "", "weapon")
        parts.append((tr(ctx, what), dmg))
    if thw and tables.amb.range_second_value == "damage":  # AMB-CZ-7
        if "dlouhy_vrh" in thw.flags:
            v = _cell(rw["dlouhy_vrh"], "second")
            if v:
                parts.append((term("dlouhy_vrh", ctx.lang), v))
        if thw.range is not None:
            v = _cell(rw["dostrel"], "second", int(thw.range))
            if v:
                parts.append((term("dostrel", ctx.lang), v))
    armour = int(stat(lo, "Zbroj", 0))
    if armour:
        parts.append((tr(ctx, 'armour'), -armour))
    for key, st in (("resistence", "Resistence"), ("zranitelnost", "Zranitelnost")):
        n = int(stat(lo, st, 0))
        v = n * _cell(rw[key], "damage")
        if v:
            parts.append((term(key, ctx.lang), v))
    for who, column in ((w, "damage"), (lo, "damage_taken")):
        dk, v = demon(who, rw, column, "Démon zranění")
        if v:
            parts.append((term(dk, ctx.lang), v))
    levels = max(0, sum(v for _, v in parts))
    from combat_rulesets.czech_pool.combat import parts_text

    if levels == 0:
        ctx.log(say(ctx, "{name} hits {other}: 0 levels ({parts}) — no wound", w,
                    name=w.name, other=lo.name, parts=parts_text(parts)),
                kind="hit", actor=w, target=lo, outcome="0", levels=0)
        return
    ctx.log(say(ctx, "{name} wounds {other}: {n} levels ({parts})", w, name=w.name,
                other=lo.name, n=levels, levels=count_levels(ctx, levels), parts=parts_text(parts)),
            kind="hit", actor=w, target=lo, outcome=f"-{levels}", levels=levels)
    was_out = lo.out
    health.apply_wound(ctx, lo, levels)
    model.wounds.setdefault(lo.id, []).append((speed, levels))
    if lo.out and not was_out:
        model.out_speed[lo.id] = speed


def _ready(ctx: RulesContext, c: Combatant, th: Threat, model: Turn) -> bool:
    """CZ-INIT-3: may c's threat go ahead? A fighter wounded (at a higher speed) before his
    own action must pass a check roll first."""
    strict = Tables.of(ctx).amb.ties_simultaneous
    if c.id in model.void:
        return False
    if c.out:
        return model.out_speed.get(c.id) == th.speed_value and strict
    own = th.speed_value
    before = [lv for sp, lv in model.wounds.get(c.id, [])
              if (sp > own if strict else sp >= own)]
    if not before:
        return True
    done = model.checked.get(c.id)
    if done is not None:
        return done
    ok = _check(ctx, c, th, max(before))
    model.checked[c.id] = ok
    if not ok:
        model.void.append(c.id)
    return ok


def _against(ctx: RulesContext, model: Turn, cid: str) -> str:
    """What a pool must beat, for the roll prompt: the difficulty against each opponent."""
    diffs = model.diff.get(cid) or {}
    vs = ", ".join(tr(ctx, "{name} (diff {n})", name=ctx.name(o), n=x.value)
                   for o, x in diffs.items())
    return " " + tr(ctx, "vs {who}", who=vs) if vs else ""


def _check(ctx: RulesContext, c: Combatant, th: Threat, levels: int) -> bool:
    tables = Tables.of(ctx)
    kind = th.check or tables.check.default.get(th.skill, "houzevnatost")
    attr, skill = tables.check.pool(kind)
    if skill == "SKILL":
        skill = th.skill
    n = value(c, attr) + value(c, skill)
    diff = health.severity(levels, tables)
    purpose = (f"{c.name}: {tr(ctx, 'check roll')} ({term(kind, ctx.lang)}) "
               f"{n}{tr(ctx, 'd10')} ({term(attr, ctx.lang)} {value(c, attr)} + {term(skill, ctx.lang)} "
               f"{value(c, skill)}) {tr(ctx, 'diff')} {diff}")
    r, _faces, s = health.roll_pool(ctx, n, diff, purpose)
    ok = s >= 1
    ctx.log(say(ctx, "{name} was wounded before acting: check roll ({kind}) {hits} at diff "
                "{diff} — " + ("acts" if ok else "his action is lost"), c, name=c.name,
                kind=term(kind, ctx.lang), hits=n_hits(ctx, s), diff=diff),
            kind="check", actor=c, action="kontrola", roll=r, difficulty=diff,
            outcome="ok" if ok else "lost", successes=s)
    return ok


def _stand(ctx: RulesContext, c: Combatant, model: Turn) -> None:
    """CZ-PRONE-1: an action to stand at difficulty +2 (the prone row); no success: stays down."""
    p = model.pools.get(c.id)
    d = model.self_diff[c.id]
    s = health.successes(p.faces, p.total, d, Tables.of(ctx)) if p else 0
    ok = s >= 1
    if ok:
        ctx.remove_condition(c, PRONE, quiet=True)
    ctx.log(tr(ctx, "{name} tries to stand: {hits} at diff {diff} — "
               + ("stands up" if ok else "stays down"), name=c.name, hits=n_hits(ctx, s),
               diff=d),
            kind="stand", actor=c, action=STAND, difficulty=d,
            outcome="stands" if ok else "prone", successes=s)


def end_round(ctx: RulesContext) -> None:
    st = czp(ctx)
    for c in ctx.enc.combatants:
        me = fighter(ctx, c)
        me.forced, me.forced_next = me.forced_next, []
        me.surprised = False  # AMB-CZ-14: only turn 1
    st.last_full = list(st.turn.full) if st.turn else []
    st.turn = None


__all__ = ["clash", "end_round", "plan", "stand_up"]


def act(ctx: RulesContext, c: Combatant, action: ActionRequest) -> None:
    """No ``act``: the turn is declared, then resolved together."""
    raise terr(ctx, "this system resolves a turn together: declare NAME ACTION ..., "
               "then resolve")
