"""Storypath's own verbs: slot, ambush, surprise, range, aftermath, aid, scene, session,
momentum."""

from __future__ import annotations

from combat_cli.api import Args, Combatant, RuleError, RulesContext, Word, locale

from . import initiative, injuries
from .momentum import NOW, consolation, settle
from .positions import match_band, set_band
from .records import AidLogged, AmbushLogged, Blocked, Successes
from .rolls import faces_text, roll_named
from .schema import Tables
from .state import Ambush, Injury, SurpriseRound, fight, fighter, reset
from .stats import is_pc, trait
from .words import level_word

# -- helpers -----------------------------------------------------------------------------------


def _sides(args: Args, verb: str) -> tuple[list[Combatant], list[Combatant]]:
    a, b = args["side"], args["other"]
    if {x.id for x in a} & {x.id for x in b}:
        raise RuleError("{verb}: nobody can be on both sides", verb=verb)
    return a, b


def _int(v: str, what: str) -> int:
    try:
        return int(v)
    except ValueError:
        raise RuleError("{meta} takes a whole number, not {word}", meta=what, word=repr(v)) from None


# -- slot (SP-INIT-3) --------------------------------------------------------------------------
def slot(ctx: RulesContext, args: Args) -> None:
    c = args["name"]
    index = args["n"] - 1 if args["n"] is not None else None
    initiative.take_slot(ctx, c, index)


# -- ambush (SP-AMB-*) -------------------------------------------------------------------------
def _ambush_pool(ctx: RulesContext, c: Combatant, given: str | None) -> str:
    if given:
        return given
    t = Tables.of(ctx).ambush
    if "agility" in t.pool and c.stats.get("agility") is None:
        return t.fallback_pool  # AMB-SP-6
    return t.pool


def ambush(ctx: RulesContext, args: Args) -> None:
    if fight(ctx).initiative:
        raise RuleError("initiative has been rolled: an ambush comes before the fight (aftermath ends it)")
    opts = args.opts
    amb, tgt = _sides(args, "ambush")
    total_a = 0
    for c in amb:
        r = roll_named(ctx, c, ctx.say("ambush"), _ambush_pool(ctx, c, opts.get("pool")))
        total_a += r.total
        ctx.log(ctx.say("{name} ambush roll: {r}", name=c.name, r=faces_text(r, ctx)), kind="roll", actor=c, action="ambush",
                roll=r.roll, **Successes(successes=r.total).dump())
    total_t = 0
    for c in tgt:
        r = roll_named(ctx, c, ctx.say("notice the ambush"),
                       opts.get("tpool") or Tables.of(ctx).ambush.target_pool)
        total_t += r.total
        ctx.log(ctx.say("{name} notices: {r}", name=c.name, r=faces_text(r, ctx)), kind="roll", actor=c, action="notice",
                roll=r.roll, **Successes(successes=r.total).dump())
    a = total_a // len(amb)  # SP-AMB-2
    t = total_t // len(tgt)
    diff = max(Tables.of(ctx).dice.difficulty, t)
    ok = a >= diff
    spare = a - diff if ok else 0
    spend = spare if opts.get("spend") is None else min(spare, max(0, _int(opts["spend"], "spend=")))
    text = ctx.say("Ambush: {ambushers} {total_a} successes / {n_a} = {a}; {targets} {total_t} / "
                   "{n_t} = {t} -> Difficulty {diff}: {outcome}",
                   ambushers=locale.n_("{n} ambusher", "{n} ambushers", len(amb), ctx.language),
                   total_a=total_a, n_a=len(amb), a=a,
                   targets=locale.n_("{n} target", "{n} targets", len(tgt), ctx.language),
                   total_t=total_t, n_t=len(tgt), t=t, diff=diff,
                   outcome=Word("success" if ok else "failure"))
    if ok and spend:
        text += ctx.say("; Surprise {n}: Complication {n} on the targets' initiative", n=spend)
        for c in tgt:
            fighter(ctx, c).surprise_cmp = spend
    elif ok:
        text += ctx.say("; no successes left for Surprise")
    ctx.log(text, kind="ambush", action="ambush", difficulty=diff,
            outcome="success" if ok else "failure",
            **AmbushLogged(ambushers=a, targets=t, surprise=spend).dump())
    fight(ctx).ambush = Ambush(ambushers=[c.id for c in amb], targets=[c.id for c in tgt],
                               result=a, difficulty=diff, surprise=spend, success=ok)


# -- surprise attack (SP-SURP-*) ---------------------------------------------------------------
def surprise(ctx: RulesContext, args: Args) -> None:
    enc = ctx.enc
    if enc.phase != "setup":
        raise RuleError("a surprise attack comes before the fight: use it before start")
    opts = args.opts
    atk, tgt = _sides(args, "surprise")
    composure = max(trait(c, "composure") for c in tgt)  # SP-SURP-2: highest in the group
    diff = max(Tables.of(ctx).dice.difficulty, composure // 2)
    base = Tables.of(ctx).surprise.pool
    if opts.get("attr"):
        attr = opts["attr"].lower()
        if not ("dexterity".startswith(attr) or "intellect".startswith(attr)):
            raise RuleError("attr= is dexterity or intellect")
        base = "subterfuge+" + ("dexterity" if "dexterity".startswith(attr) else "intellect")
    winners = []
    for c in atk:
        r = roll_named(ctx, c, ctx.say("surprise attack (Difficulty {diff})", diff=diff),
                       opts.get("pool") or base)
        ok, why = surprise_outcome(ctx, c, tgt, r.total, diff)
        ctx.log(ctx.say("{name} surprise attack: {r} vs Difficulty {diff} (half of Composure {composure}, rounded down): {value}{why}", name=c.name, r=faces_text(r, ctx), diff=diff, composure=composure, value=Word("success" if ok else "failure"), why=why),
                kind="surprise", actor=c, action="surprise", roll=r.roll, difficulty=diff,
                outcome="success" if ok else "failure", **Successes(successes=r.total).dump())
        if ok:
            winners.append(c.id)
    if winners:
        fight(ctx).surprise = SurpriseRound(attackers=winners, pending=True,
                                            targets=[c.id for c in tgt])
        names = [enc.name_of(w) for w in winners]
        if len(names) == 1:
            said = ctx.say("{name} gets a full round before initiative (start begins it)",
                           name=names[0])
        else:
            said = ctx.say("{names} get a full round before initiative (start begins it)",
                           names=ctx.say("{a} and {b}", a=", ".join(names[:-1]), b=names[-1]))
        ctx.log(said, kind="surprise", outcome="surprise round")
    else:
        fight(ctx).surprise = None
        ctx.log(ctx.say("No surprise: initiative as normal"), kind="surprise",
                outcome="no surprise")


def surprise_outcome(ctx: RulesContext, c: Combatant, targets: list[Combatant], n: int, diff: int
                     ) -> tuple[bool, str]:
    """AMB-SP-8: exactly meeting the Difficulty favours the PC side; bandmates: the defender."""
    if n != diff or Tables.of(ctx).surprise.ties != "literal":
        return n >= diff, ""
    if all(t.side == c.side for t in targets):
        return False, ctx.say(" (tie between bandmates favours the defender)")
    if is_pc(c):
        return True, ctx.say(" (tie favours the player character)")
    if any(is_pc(t) for t in targets):
        return False, ctx.say(" (tie favours the player character)")
    return True, ""


# -- ranges ------------------------------------------------------------------------------------
def range_(ctx: RulesContext, args: Args) -> None:
    a, b = args["name"], args["other"]
    if a.id == b.id:
        raise RuleError("range needs two different combatants")
    bnd = match_band(ctx, args["band"])
    set_band(ctx, a, b, bnd)
    ctx.log(ctx.say("{name} and {b} are at {bnd} range", name=a.name, b=b.name, bnd=Word(bnd)), kind="note", actor=a, target=b)


# -- after the fight -----------------------------------------------------------------------------
def aftermath(ctx: RulesContext, args: Args) -> None:
    enc = ctx.enc
    if enc.phase == "setup":
        raise RuleError("no fight is on")
    reset(fight(ctx), ("roster", "initiative", "surprise", "ambush", "slot", "ranges"))
    for c in enc.combatants:
        reset(fighter(ctx, c), ("turn", "defense", "init", "init_seq", "done_round",
                                "held_round", "lose_turn_round", "surprise_cmp", "pending"))
        c.held = False
        for cond in list(c.conditions):
            if Blocked.of(cond).blocked:
                ctx.remove_condition(c, cond.name, quiet=True)
    enc.phase = "setup"
    enc.turn = 0
    enc.queue.clear()
    enc.declarations.clear()
    ctx.log(ctx.say("The fight is over after {round}: first aid now (aid MEDIC PATIENT); scene ends the scene", round=locale.n_("{n} round", "{n} rounds", enc.round, ctx.language)), kind="round", outcome="over")


def _eligible(ctx: RulesContext, p: Combatant, i: Injury) -> str | None:
    """Why injury ``i`` cannot be downgraded (None: it can). SP-AID-2."""
    if i.downgraded:
        return ctx.say("it was downgraded once already")
    if i.level in ("bruised", "hit"):
        return None
    if _lower_box(ctx, p, i.level) is None:
        return ctx.say("no empty box of a lower level")
    return None


def _lower_box(ctx: RulesContext, p: Combatant, level: str) -> str | None:
    levels = list(Tables.of(ctx).injury.levels)
    below = levels if level == injuries.TAKEN_OUT else levels[:levels.index(level)]
    left = injuries.free(ctx, p)
    for lv in reversed(below):
        if left.get(lv, 0) > 0:
            return lv
    return None


def aid_difficulty(ctx: RulesContext, p: Combatant, i: Injury) -> int:
    fa = Tables.of(ctx).first_aid
    if i.level == injuries.TAKEN_OUT:
        others = len([x for x in injuries.marked(ctx, p) if x is not i])
        return max(Tables.of(ctx).dice.difficulty, fa.taken_out_per_condition * others)
    lv = "bruised" if i.level == "hit" else i.level
    return int(fa.difficulty[lv])


def aid(ctx: RulesContext, args: Args) -> None:
    """``aid MEDIC PATIENT [LEVEL|NAME] [enh=N] [pool=P]``: SP-AID-*."""
    enc = ctx.enc
    fa = Tables.of(ctx).first_aid
    opts = args.opts
    if fa.after_combat_only and enc.phase != "setup":
        raise RuleError("first aid comes after combat: aftermath ends the fight first")
    medic, p = args["medic"], args["patient"]
    if medic.out:
        raise RuleError("{medic} is {status} and cannot give first aid", medic=medic.name, status=Word(medic.status))
    session = fight(ctx).session
    who = p if fa.per == "patient" else medic
    key = "aid_session" if fa.per == "patient" else "aid_given_session"
    if getattr(fighter(ctx, who), key) == session:
        raise RuleError("{who} has already had first aid this session (one Condition per session; session starts a new one)"
                        if who is p else
                        "{who} has already given first aid this session (one Condition per session; session starts a new one)",
                        who=who.name)
    have = injuries.store(ctx, p)
    if not have:
        raise RuleError("{p} has no Injury Conditions", p=p.name)
    if args["which"]:
        word = args["which"]
        named = [i for i in have if (i.name or "").lower() == word.lower()]
        if not named:
            lv = injuries.match_level(word, Tables.of(ctx), taken_out=True)
            named = [i for i in have if i.level == lv]
            if not named:
                raise RuleError("{p} has no {lv} Condition", p=p.name, lv=level_word(ctx, lv))
        i = next((x for x in reversed(named) if _eligible(ctx, p, x) is None), named[-1])
        why = _eligible(ctx, p, i)
        if why:
            raise RuleError("{i} cannot be downgraded: {why}", i=injuries.names_text_one(i, ctx), why=why)
    else:
        order = list(Tables.of(ctx).injury.levels) + [injuries.TAKEN_OUT]
        cands = [x for x in have if _eligible(ctx, p, x) is None]
        if not cands:
            raise RuleError("none of {p}'s Injury Conditions can be downgraded (each only once, into an empty lower box)", p=p.name)
        i = max(cands, key=lambda x: order.index(x.level) if x.level in order else 0)
    diff = aid_difficulty(ctx, p, i)
    enh = int(opts["enh"]) if opts.get("enh") else 0
    r = roll_named(ctx, medic, ctx.say("first aid on {name}'s {injury} (Difficulty {diff})",
                                       name=p.name, injury=injuries.names_text_one(i, ctx),
                                       diff=diff), opts.get("pool") or fa.pool, enhancement=enh)
    need = diff + r.extra_difficulty
    ok = r.total >= need
    label = injuries.names_text_one(i, ctx)
    if ok:
        if i.level in ("bruised", "hit"):
            have.remove(i)
            result = ctx.say("removed")
        else:
            new = _lower_box(ctx, p, i.level)
            assert new is not None
            i.level = new
            i.downgraded = True
            result = ctx.say("downgraded to {level}", level=level_word(ctx, new))
        injuries.refresh_status(ctx, p)
    else:
        result = ctx.say("no effect")
    notes: list[str] = list(r.notes)
    if r.complication:
        settle(ctx, medic, r.complication, r.total - need, notes, can_buy=ok)
    if not ok and fa.consolation:
        consolation(ctx, medic, notes)
    cmp = "".join(f"; {x}" for x in notes)
    ctx.log(ctx.say("{medic} gives first aid to {p}: {r} vs Difficulty {need} for {label}: {result}{cmp}", medic=medic.name, p=p.name, r=faces_text(r, ctx), need=need, label=label, result=result, cmp=cmp), kind="heal", actor=medic, action="aid", target=p,
            roll=r.roll, difficulty=need, outcome="success" if ok else "failure",
            **AidLogged(injury=label).dump())
    if ok or fa.failed_attempt_counts:
        setattr(fighter(ctx, who), key, session)


def scene(ctx: RulesContext, args: Args) -> None:
    if ctx.enc.phase != "setup":
        raise RuleError("the fight is still on: aftermath ends it first")
    ctx.log(ctx.say("The scene ends"), kind="round")
    injuries.clear_scene(ctx)


def session(ctx: RulesContext, args: Args) -> None:
    state = fight(ctx)
    state.session += 1
    n = state.session
    ctx.log(ctx.say("Session {n} begins: first aid is available again", n=n), kind="round")


# -- momentum (SP-DICE-4/5: the pools are spent as well as earned) ------------------------------
_POOLS = {"players": "players", "pcs": "players", "storyguide": "storyguide", "sg": "storyguide",
          "gm": "storyguide"}
_MOMENTUM_USE = "momentum [players|storyguide] +N|-N|=N (say, momentum -1)"


def momentum(ctx: RulesContext, args: Args) -> None:
    """``momentum``: both pools; ``momentum [POOL] +N|-N|=N``: gain, spend or set (logged)."""
    m = fight(ctx).momentum
    words = str(args["change"] or "").split()
    if not words:
        ctx.note(NOW, players=m.players, storyguide=m.storyguide)
        return
    side = "players"
    if len(words) == 2 and words[0].lower() in _POOLS:
        side = _POOLS[words.pop(0).lower()]
    if len(words) != 1 or words[0][:1] not in "+-=" or not words[0][1:].isdigit():
        raise RuleError("{_MOMENTUM_USE}, not {words}", _MOMENTUM_USE=Word(_MOMENTUM_USE), words=repr(' '.join(words)))
    sign, n = words[0][0], int(words[0][1:])
    had = getattr(m, side)
    now = {"+": had + n, "-": had - n, "=": n}[sign]
    if now < 0:
        raise RuleError("Players' Momentum is {had}: {n} cannot be spent" if side == "players"
                        else "Storyguide's Momentum is {had}: {n} cannot be spent", had=had, n=n)
    if n > 99 or now > 99:
        raise RuleError("Momentum is 0..99, not {now}", now=now)
    setattr(m, side, now)
    how = ctx.say({"+": "+{n} gained", "-": "-{n} spent", "=": "set to {n}"}[sign], n=n)
    ctx.log(ctx.say("Players' Momentum {how} ({had} → {now})" if side == "players"
                    else "Storyguide's Momentum {how} ({had} → {now})",
                    how=how, had=had, now=now), kind="note")
    ctx.note(NOW, players=m.players, storyguide=m.storyguide)
