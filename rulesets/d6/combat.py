"""Declarations, the resolution queue, attacks, reactions, protection (D6-MULTI/REACT/RANGE/MELEE)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from combat_cli.engine.models import QueueItem
from rulesets.base import RuleError
from rulesets.d6.codes import Code, parse_code
from rulesets.d6.core import (
    REACTIONS,
    Lapse,
    action_penalties,
    actions_taken,
    add_action,
    beats,
    build_pool,
    difficulty_dice,
    multi_penalty,
    rd,
    roll_code,
    scale_dice,
    wound,
)
from rulesets.d6.stats import _match, need_skill, norm, stat, weapon_entry
from rulesets.d6.wounds import KILLED, resist

if TYPE_CHECKING:
    from combat_cli.engine.context import RulesContext
    from combat_cli.engine.models import ActionRequest, Combatant, Encounter

ATTACKS = ("shoot", "attack", "brawl", "martial")
YES = ("yes", "no")


def is_full_dodge(a: ActionRequest) -> bool:
    return a.name == "fulldodge" or (a.name == "dodge" and a.options.get("full") == "yes")


def can_act_reason(enc: Encounter, c: Combatant) -> str | None:
    if c.out:
        return f"{c.name} is {c.status}"
    if c.has_condition("Unconscious"):
        return f"{c.name} is unconscious"
    r = c.data.get("rd")
    if r and r.get("round") == enc.round and r.get("no_more"):
        return f"{c.name} is {c.status} (no more actions this round)"
    return None


# -- weapons ---------------------------------------------------------------------------------
def named_weapon(ctx: RulesContext, own: Any, want: Any) -> dict[str, Any]:
    """The weapon ``want`` names: the combatant's own (a template's table) if it matches,
    else the catalogue's entry."""
    if isinstance(own, dict) and norm(own["name"]).startswith(norm(str(want))):
        return own
    try:
        return weapon_entry(ctx.tables, want)
    except ValueError as e:
        raise RuleError(str(e)) from None


def pick_weapon(ctx: RulesContext, c: Combatant, opts: dict[str, Any], *, melee: bool,
                action: str = "") -> dict[str, Any]:
    own = stat(c, "weapon")
    want = opts.get("weapon")
    if want is None:
        if own is None:
            raise RuleError(f"{c.name} has no weapon: add weapon=NAME to the action, or "
                            f"set {c.name} weapon=NAME" + ("" if not melee else " (or brawl)"))
        w = weapon_entry(ctx.tables, own)
    else:
        w = named_weapon(ctx, own, want)
    if melee and not w["melee"]:
        if action == "parry":
            raise RuleError(f"{w['name']} is not a melee weapon: parry weapon=Knife, or block")
        raise RuleError(f"{w['name']} is not a melee weapon: attack ... weapon=Knife, or brawl")
    if not melee and w["melee"]:
        raise RuleError(f"{w['name']} is a melee weapon: attack with it, or shoot ... "
                        "weapon=Heavy Pistol")
    return w


def ammo_left(c: Combatant, w: dict[str, Any]) -> int | None:
    if not w.get("ammo"):
        return None
    return int(c.data.setdefault("ammo", {}).setdefault(w["name"], int(w["ammo"])))


def action_cost(ctx: RulesContext, c: Combatant, a: ActionRequest) -> int:
    if a.name == "reload":
        w = pick_weapon(ctx, c, a.options, melee=False)
        return int(w.get("reload", ctx.tables["actions"]["reload_default"]))
    if a.name == "draw":
        return int(ctx.tables["actions"]["draw_cost"])
    return 1


# -- declare and plan ------------------------------------------------------------------------
def declare(ctx: RulesContext, c: Combatant, actions: list[ActionRequest]) -> None:
    t = ctx.tables
    r = rd(ctx.enc, c)
    full = [a for a in actions if is_full_dodge(a)]
    if full and len(actions) > 1:
        raise RuleError("a full dodge must be the only action of the round (D6-REACT-3)")
    if sum(1 for a in actions if a.name in ("dodge", "fulldodge")) > 1:
        raise RuleError("one dodge a round is enough: it covers every ranged attack")
    autos = [a for a in actions if a.options.get("fire") == "full_auto"]
    if autos and len(actions) > 1:
        raise RuleError("full auto uses the whole round: it must be the only action")
    if autos and (int(r["extra"]) or int(r["used_held"])):
        raise RuleError(f"{c.name} has already acted this round: full auto must be the only "
                        "action")
    for a in actions:
        if a.name == "parry":
            pick_weapon(ctx, c, a.options, melee=True, action="parry")
        if a.options.get("vs"):
            if ctx.find(str(a.options["vs"])).id == c.id:
                raise RuleError(f"{c.name} cannot {a.name} against themself")
    # actions already taken this round (act, undeclared reactions typed while declaring)
    already = int(r["extra"]) + int(r["used_held"])
    if r["full_dodge"] and r["dodge"] is not None:
        raise RuleError(f"{c.name} has full-dodged this round: that is the only action")
    if r.get("no_defence") and already:
        raise RuleError(f"{c.name} has fired full auto this round: that is the only action")
    if full and already:
        raise RuleError(f"{c.name} has already acted this round: a full dodge must be the only "
                        "action (declare dodge)")
    if r["dodge"] is not None and any(a.name in ("dodge", "fulldodge") for a in actions):
        raise RuleError(f"{c.name} already dodged this round ({r['dodge']['value']}): it covers "
                        "every ranged attack; declare the rest without dodge")
    active = [a for a in actions if a.name not in REACTIONS]
    react = [a for a in actions if a.name in REACTIONS]
    cost = sum(action_cost(ctx, c, a) for a in active)
    n = cost + len(react) + already
    cap = int(t["actions"]["max"])
    if n > cap:
        done = f", {already} already taken" if already else ""
        raise RuleError(f"{n} actions{done}: at most {cap} a round (D6-MULTI-2)")
    # per weapon shots against ROF (counting the shots already fired this round)
    shots: dict[str, int] = dict(r["shots"])
    targets: list[str] = list(r.setdefault("fired_at", []))
    drawn: dict[str, Any] = {}
    for a in active:
        opts = {**drawn, **a.options}
        if a.name == "shoot":
            w = pick_weapon(ctx, c, opts, melee=False)
            shots[w["name"]] = shots.get(w["name"], 0) + check_shot(ctx, c, a, w)
            if shots[w["name"]] > int(w["rof"]):
                raise RuleError(f"{w['name']} has ROF {w['rof']}: at most {w['rof']} shot(s) "
                                "a round (D6-MULTI-6)")
            if a.target and a.target not in targets and a.options.get("fire") != "sweep":
                targets.append(a.target)
        elif a.args:
            raise RuleError(f'{a.name} takes one target: "{a.args[0]}" is one too many')
        elif a.name == "attack":
            pick_weapon(ctx, c, opts, melee=True)
        elif a.name == "reload":
            pick_weapon(ctx, c, opts, melee=False)
        elif a.name == "draw":
            if not a.options.get("weapon"):
                raise RuleError("draw needs weapon=NAME (e.g. draw weapon=Knife)")
            try:
                drawn = {"weapon": weapon_entry(ctx.tables, a.options["weapon"])["name"]}
            except ValueError as e:
                raise RuleError(str(e)) from None
        if a.target:
            tg = ctx.combatant(a.target)
            if tg.id == c.id and a.name in ATTACKS:
                raise RuleError(f"{c.name} cannot attack themself")
            if wound(tg) >= KILLED:
                ctx.note(f"{tg.name} is Killed; the action will lapse")
    held = len(react) if t["actions"]["held_unused_counts"] else 0
    # pools must stay above 0D (checked with today's wounds)
    base_pen = multi_penalty(t, cost + held + already)
    per = int(t["ranged"]["multi_target"]["per_extra_target"])
    drawn = {}
    for a in actions:
        if a.name == "draw":
            drawn = {"weapon": a.options["weapon"]}
        sk = _skill_for(ctx, c, a, drawn)
        if sk is None:
            continue
        extra = 0
        if a.name == "shoot" and a.target in targets:
            extra = targets.index(a.target) * per
        pen = base_pen + extra + sum(d for _, d in _health(ctx, c))
        if sk[1].dice - pen < 1 and t["pools"]["zero"] == "cannot":
            who = ctx.name(a.target) if a.target else ""
            raise RuleError(f"{c.name}'s {a.name}{' at ' + who if who else ''} would roll "
                            f"{max(sk[1].dice - pen, 0)}D ({sk[1].text()} -{pen}D): "
                            "declare fewer actions or targets")
    r.update(declared=cost, held=len(react), used_held=0, extra=already, targets=targets,
             full_dodge=bool(full), ready_dodge=None, ready_melee=[])
    for a in react:
        if a.name in ("dodge", "fulldodge"):
            r["ready_dodge"] = {"full": is_full_dodge(a)}
        else:
            r["ready_melee"].append({"kind": a.name, "options": dict(a.options)})
    r["no_defence"] = bool(autos)


def _health(ctx: RulesContext, c: Combatant) -> list[tuple[str, int]]:
    from rulesets.d6.core import health_penalties

    return health_penalties(ctx, c)


def _skill_for(ctx: RulesContext, c: Combatant, a: ActionRequest,
               drawn: dict[str, Any] | None = None) -> tuple[str, Code] | None:
    t = ctx.tables
    opts = {**(drawn or {}), **a.options}
    if a.name == "shoot":
        return need_skill(t, c, pick_weapon(ctx, c, opts, melee=False)["skill"])
    if a.name == "attack":
        return need_skill(t, c, pick_weapon(ctx, c, opts, melee=True)["skill"])
    if a.name == "brawl":
        return need_skill(t, c, "Brawling")
    if a.name == "martial":
        return need_skill(t, c, "Martial Arts")
    if a.name in ("dodge", "fulldodge"):
        return need_skill(t, c, "Dodge")
    if a.name == "parry":
        return need_skill(t, c, "Melee Parry")
    if a.name == "block":
        return need_skill(t, c, "Martial Arts" if a.options.get("with") == "martial"
                          else "Brawling")
    if a.name == "firstaid":
        return need_skill(t, c, "Medicine (A)" if a.options.get("facility") == "yes"
                          else "First Aid")
    return None


def plan(ctx: RulesContext) -> list[QueueItem]:
    """D6-INIT-3: everyone's first action in segment 1 (Instincts order), every extra action
    in segment 2 (Instincts order again). Declared reactions wait for their attack."""
    enc = ctx.enc
    rank = {cid: i for i, cid in enumerate(enc.order)}
    items: list[tuple[int, int, int, QueueItem]] = []
    for d in enc.declarations.values():
        n = 0
        for a in d.actions:
            if a.name in REACTIONS:
                continue
            seg = 1 if n == 0 else 2
            items.append((seg, rank.get(d.actor, 1 << 30), n, QueueItem(
                id=enc.new_id(), actor=d.actor, action=a, segment=seg, data={"n": n + 1})))
            n += 1
    items.sort(key=lambda x: x[:3])
    return [x[3] for x in items]


# -- reactions -------------------------------------------------------------------------------
def _reaction_mods(ctx: RulesContext, c: Combatant, declared: bool, kind: str
                   ) -> list[tuple[str, int]]:
    t = ctx.tables["reactions"]
    mods = action_penalties(ctx, c)
    mode = t["reaction_penalty"]
    if mode == "always" or (mode == "undeclared" and not declared):
        mods.append(("reaction" if kind == "dodge" else f"undeclared {kind}",
                     int(t["reaction_penalty_dice"])))
    return mods


def roll_dodge(ctx: RulesContext, c: Combatant, *, full: bool, declared: bool) -> dict[str, Any]:
    r = rd(ctx.enc, c)
    if declared:
        r["ready_dodge"] = None
        r["used_held"] += 1
    else:
        if full and actions_taken(ctx.tables, ctx.enc, c) > 0:
            raise RuleError(f"{c.name} already acts this round: a full dodge must be the only "
                            "action (use dodge)")
        if ctx.tables["reactions"]["adds_action"] or full:
            add_action(ctx, c, 1, "dodge")
        if full:
            r["full_dodge"] = True
    _, code = need_skill(ctx.tables, c, "Dodge")
    pool, how = build_pool(ctx, code, _reaction_mods(ctx, c, declared, "dodge"),
                           f"{c.name}'s dodge")
    what = "full dodge" if full else "Dodge"
    roll = roll_code(ctx, pool, f"{c.name}: {what} {pool.text()} ({how})")
    d = {"value": roll.total, "full": full}
    r["dodge"] = d
    ctx.log(f"{c.name} {'full-dodges' if full else 'dodges'}: {roll.total}"
            + (" (added to the difficulty of every ranged attack this round)" if full else
               " (the difficulty of every ranged attack this round)"),
            kind="reaction", actor=c, action="fulldodge" if full else "dodge", roll=roll,
            outcome=str(roll.total), pool=how, declared=declared)
    return d


def roll_melee(ctx: RulesContext, c: Combatant, kind: str, opts: dict[str, Any], *,
               declared: bool, vs: str | None = None) -> dict[str, Any]:
    r = rd(ctx.enc, c)
    if declared:
        r["used_held"] += 1
    elif ctx.tables["reactions"]["adds_action"]:
        add_action(ctx, c, 1, kind)
    if kind == "parry":
        w = pick_weapon(ctx, c, opts, melee=True, action="parry")
        name, code = need_skill(ctx.tables, c, "Melee Parry")
        label = f"parry ({name}, {w['name']})"
    else:
        sk = "Martial Arts" if opts.get("with") == "martial" else "Brawling"
        name, code = need_skill(ctx.tables, c, sk)
        label = f"block ({name})"
    pool, how = build_pool(ctx, code, _reaction_mods(ctx, c, declared, kind),
                           f"{c.name}'s {kind}")
    roll = roll_code(ctx, pool, f"{c.name}: {label} {pool.text()} ({how})")
    p = {"value": roll.total, "kind": kind, "vs": vs, "full": False}
    ctx.log(f"{c.name} {kind}s: {roll.total} (the difficulty of one melee attack)",
            kind="reaction", actor=c, action=kind, roll=roll, outcome=str(roll.total),
            pool=how, declared=declared, target=vs)
    return p


def react(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    r = rd(ctx.enc, c)
    if r.get("no_defence"):
        raise RuleError(f"{c.name} fires full auto this round: no active defence")
    if a.name in ("dodge", "fulldodge"):
        if r["dodge"] is not None:
            raise RuleError(f"{c.name} already dodged this round ({r['dodge']['value']}): "
                            "one dodge covers every ranged attack")
        full = is_full_dodge(a)
        ready = r["ready_dodge"]
        if ready is not None:
            roll_dodge(ctx, c, full=bool(ready["full"]) or full and r["declared"] == 0,
                       declared=True)
        else:
            roll_dodge(ctx, c, full=full, declared=False)
        return
    ready = r["ready_melee"]
    match = next((i for i, x in enumerate(ready) if x["kind"] == a.name), None)
    opts = {**ready.pop(match)["options"], **a.options} if match is not None else a.options
    vs = _vs_id(ctx, opts)
    if vs == c.id:
        raise RuleError(f"{c.name} cannot {a.name} against themself")
    r["parries"].append(roll_melee(ctx, c, a.name, opts, declared=match is not None, vs=vs))


def _vs_id(ctx: RulesContext, opts: dict[str, Any]) -> str | None:
    return ctx.find(str(opts["vs"])).id if opts.get("vs") else None


def _reaction_for(ctx: RulesContext, target: Combatant, attacker: Combatant, ranged: bool
                  ) -> dict[str, Any] | None:
    """The reaction that sets this attack's difficulty (rolling a declared one if due)."""
    t = ctx.tables["reactions"]
    r = rd(ctx.enc, target)
    able = can_act_reason(ctx.enc, target) is None and not r.get("no_defence")
    if ranged or t["dodge_vs_melee"]:
        if r["dodge"] is None and r["ready_dodge"] is not None and t["auto_declared"] and able:
            roll_dodge(ctx, target, full=bool(r["ready_dodge"]["full"]), declared=True)
        if r["dodge"] is not None:
            return {**r["dodge"], "kind": "dodge"}
        if ranged:
            return None
    for i, p in enumerate(r["parries"]):
        if p["vs"] in (None, attacker.id):
            return r["parries"].pop(i)
    ready = [i for i, x in enumerate(r["ready_melee"])
             if _vs_id(ctx, x["options"]) in (None, attacker.id)]
    if ready and t["auto_declared"] and able:
        spec = r["ready_melee"].pop(ready[0])
        try:
            return roll_melee(ctx, target, spec["kind"], spec["options"], declared=True,
                              vs=attacker.id)
        except Lapse:
            return None
    return None


# -- attacks ---------------------------------------------------------------------------------
def _range_base(ctx: RulesContext, w: dict[str, Any], value: Any) -> tuple[int, str]:
    t = ctx.tables["ranged"]
    bands = t["bands"]
    if value is None:
        band = t["default_range"]
    else:
        text = str(value).strip().lower().rstrip("m")
        if text.isdigit():
            m = int(text)
            lim = [int(t["point_blank_m"]), *w["ranges"]]
            names = ["point_blank", "short", "medium", "long"]
            band = next((n for n, hi in zip(names, lim, strict=True) if m <= hi), "")
            if not band:
                raise RuleError(f"{m} m is beyond {w['name']}'s long range ({lim[-1]} m)")
        else:
            try:
                band = _match(str(value), list(bands), "range")
            except ValueError:
                raise RuleError(f'no range "{value}": point_blank, short, medium, long, or '
                                "metres (25)") from None
    return int(bands[band]), band.replace("_", " ")


def _dice_opt(value: Any, what: str) -> int:
    text = str(value).strip()
    neg = text.startswith("-")
    try:
        code = parse_code(text.lstrip("+-"))
    except ValueError:
        raise RuleError(f"{what}= takes dice like +1D or -2D, not {value!r}") from None
    if code.pips or not code.dice:
        raise RuleError(f"{what}= takes whole dice like +1D or -2D, not {value!r}")
    return -code.dice if neg else code.dice


SITUATION = ("range", "cover", "conceal", "protection")


def pair_key(c: Combatant, target: Combatant) -> str:
    return f"{c.id}>{target.id}"


def situation(ctx: RulesContext, c: Combatant, target: Combatant, opts: dict[str, Any]
              ) -> dict[str, Any]:
    """Range, cover, concealment and protection between ``c`` and ``target``: what this shot
    says, else what was said before for the pair (kept in the encounter; ``none`` clears)."""
    pairs = ctx.enc.data.setdefault("pairs", {})
    key = pair_key(c, target)
    mem = {**pairs.get(key, {}), **{k: opts[k] for k in SITUATION if opts.get(k) is not None}}
    mem = {k: v for k, v in mem.items() if v != "none"}
    if mem:
        pairs[key] = mem
    else:
        pairs.pop(key, None)
    return mem


def position(ctx: RulesContext, words: list[str]) -> None:
    """``position ATTACKER|all TARGET [range=] [cover=] [conceal=] [protection=]``: set (or
    show) what is remembered between a shooter and a target."""
    from combat_cli.commands.parsing import partition

    pos, raw = partition(words)
    usage = ("usage: position SHOOTER|all TARGET [range=medium] [cover=half] "
             "[conceal=darkness] [protection=metal_door] (none clears)")
    if len(pos) != 2:
        raise RuleError(usage)
    target = ctx.find(pos[1])
    if pos[0].lower() == "all":
        shooters = [x for x in ctx.enc.combatants if x.id != target.id]
    else:
        shooters = [ctx.find(pos[0])]
        if shooters[0].id == target.id:
            raise RuleError("a shooter and a target are two different combatants")
    t = ctx.tables
    choices = {"cover": list(t["modifiers"]["cover"]) + ["none"],
               "conceal": list(t["modifiers"]["conceal"]) + ["none"]}
    opts: dict[str, Any] = {}
    for k, v in raw.items():
        key = next((s for s in SITUATION if s.startswith(k.lower())), None)
        if key is None:
            raise RuleError(f"position has no option {k}= (range=, cover=, conceal=, "
                            "protection=)")
        if key in choices:
            try:
                v = _match(v, choices[key], key)
            except ValueError as e:
                raise RuleError(str(e)) from None
        elif key == "range" and v.lower() != "none":
            text = v.strip().lower().rstrip("m")
            if not text.isdigit():
                try:
                    v = _match(v, list(t["ranged"]["bands"]), "range")
                except ValueError as e:
                    raise RuleError(str(e)) from None
        elif key == "protection" and v.lower() != "none":
            protection_body(t, v)
        opts[key] = "none" if v.lower() == "none" else v
    for sh in shooters:
        sit = situation(ctx, sh, target, opts)
        own = stat(sh, "weapon")
        if sit.get("range") and own is not None and pos[0].lower() != "all":
            w = weapon_entry(t, own)
            if not w["melee"]:
                _range_base(ctx, w, sit["range"])
        said = ", ".join(f"{k}={v}" for k, v in sit.items()) or "nothing (short range, open)"
        if opts:
            ctx.log(f"{sh.name} -> {target.name}: {said}", kind="note", actor=sh,
                    target=target, **sit)
        else:
            ctx.note(f"{sh.name} -> {target.name}: {said}")


def action_targets(ctx: RulesContext, c: Combatant, a: ActionRequest) -> list[Combatant]:
    """The target, and with ``fire=sweep`` every further name after it."""
    if not a.target:
        raise RuleError(f"{a.name} needs a target: {a.name} NAME")
    if a.args and a.options.get("fire") != "sweep":
        raise RuleError(f'{a.name} takes one target: "{a.args[0]}" is one too many '
                        "(several targets only with fire=sweep)")
    out = [ctx.combatant(a.target)]
    for word in a.args:
        x = ctx.find(word)
        if x in out:
            raise RuleError(f"{x.name} is named twice in the sweep")
        out.append(x)
    for x in out:
        if x.id == c.id:
            raise RuleError(f"{c.name} cannot attack themself")
    return out


def fire_mode(ctx: RulesContext, w: dict[str, Any] | None, opts: dict[str, Any], n_targets: int
              ) -> tuple[dict[str, Any] | None, int]:
    """T-D6-2: the spray modifiers of ``fire=`` and the shots it uses (ROF, ammunition)."""
    t = ctx.tables
    fire = opts.get("fire", "single")
    if opts.get("rounds") is not None and fire != "multi":
        raise RuleError("rounds= goes with fire=multi")
    if fire == "single":
        return None, 1
    if fire != "multi" and (w is None or not w.get("auto")):
        raise RuleError(f"fire={fire} needs an automatic weapon")
    if fire == "sweep" and opts.get("called"):
        raise RuleError("a sweep is not aimed: no called shot")
    spray = dict(t["spray"][fire])
    rounds = 1
    if fire == "multi":
        rounds = int(opts.get("rounds") or 2)
        if rounds < 2:
            raise RuleError("fire=multi needs rounds=2 or more (shots at the same target)")
        spray = {"difficulty": int(spray["difficulty"]) * (rounds - 1),
                 "damage": int(spray["damage"]) * (rounds - 1)}
    elif fire == "sweep":
        rounds = n_targets  # one shot of the ROF and the magazine for each target swept
    spray["label"] = fire.replace("_", " ")
    return spray, rounds


def check_shot(ctx: RulesContext, c: Combatant, a: ActionRequest, w: dict[str, Any]) -> int:
    """What can be checked when a shot is declared; returns the shots it uses."""
    targets = action_targets(ctx, c, a)
    _, rounds = fire_mode(ctx, w, a.options, len(targets))
    pairs = ctx.enc.data.get("pairs", {})
    for x in targets:
        sit = {**pairs.get(pair_key(c, x), {}),
               **{k: a.options[k] for k in SITUATION if a.options.get(k) is not None}}
        _range_base(ctx, w, None if sit.get("range") == "none" else sit.get("range"))
        if sit.get("protection") not in (None, "none"):
            protection_body(ctx.tables, sit["protection"])
    return rounds


def _difficulty(ctx: RulesContext, c: Combatant, target: Combatant, kind: str,
                w: dict[str, Any] | None, sit: dict[str, Any], opts: dict[str, Any],
                spray: tuple[int, str] | None, s_att: int) -> dict[str, Any]:
    """The difficulty of one attack on ``target``: the base (range, Brawling 5 ...), or the
    target's reaction (replacing it, or added for a full dodge), then the dice added for
    spraying, a called shot, concealment; cover is kept apart (beating all but the cover
    hits the protection)."""
    t = ctx.tables
    ranged = kind == "shoot"
    if ranged:
        assert w is not None
        base, band = _range_base(ctx, w, sit.get("range"))
        base_txt = f"{band} range {base}"
    elif kind == "brawl":
        base = int(t["melee"]["brawling_difficulty"])
        base_txt = f"Brawling {base}"
    elif kind == "martial":
        base = int(t["melee"]["martial_difficulty"])
        base_txt = f"Martial Arts {base}"
    else:
        assert w is not None
        base = int(w.get("difficulty", t["melee"]["weapon_difficulty"]))
        base_txt = f"{w['name']} {base}"
    if opts.get("diff") is not None:
        base += int(opts["diff"])
        base_txt += f" {int(opts['diff']):+d} GM"
    s_tgt = scale_dice(t, target, opts.get("scale"))
    reaction = _reaction_for(ctx, target, c, ranged)
    full = False
    parts: list[str] = []
    if reaction is not None:
        rv = int(reaction["value"])
        if reaction["kind"] == "dodge" and s_att > s_tgt:  # D6-SCALE-3: dice added to the dodge
            n = s_att - s_tgt
            sr = roll_code(ctx, Code(n, 0), f"{target.name}: dodge +{n}D scale (vs {c.name})")
            ctx.log(f"{target.name} adds {sr.total} to the dodge against {c.name} "
                    f"(+{n}D scale)", kind="roll", actor=target, roll=sr)
            rv += sr.total
        full = bool(reaction.get("full"))
        mode = t["reactions"]["mode"]
        if mode == "add" or (mode == "partial_replaces" and full):
            diff = base + rv
            parts.append(f"{base_txt} + {reaction['kind']} {rv}")
        else:
            diff = rv
            parts.append(f"{reaction['kind']} {rv} (replaces {base_txt})")
    else:
        diff = base
        parts.append(base_txt)
    if spray is not None:
        diff += spray[0]
        parts.append(spray[1])
    for key, table, label in (("called", "called", "called shot"),
                              ("conceal", "conceal", "concealment")):
        value = opts.get(key) if key == "called" else sit.get(key)
        if value:
            n = int(t["modifiers"][table][value])
            v, txt = difficulty_dice(ctx, c.name, n, f"{label} ({value.replace('_', ' ')})")
            diff += v
            parts.append(txt)
    cover = sit.get("cover")
    cover_add = 0
    if cover and cover != "full":
        n = int(t["modifiers"]["cover"][cover])
        cover_add, txt = difficulty_dice(ctx, c.name, n, f"cover ({cover.replace('_', ' ')})")
        parts.append(txt)
    return {"target": target, "diff": diff, "total": diff + cover_add, "cover": cover,
            "full": full, "parts": parts, "reaction": reaction, "s_tgt": s_tgt, "sit": sit}


def strike(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    t = ctx.tables
    kind = a.name
    targets = action_targets(ctx, c, a)
    alive = [x for x in targets if wound(x) < KILLED]
    if not alive:
        raise Lapse(f"{', '.join(x.name for x in targets)} already Killed")
    for x in targets:
        if x not in alive:
            ctx.log(f"{x.name} is already Killed: left out of the sweep", kind="note", actor=c,
                    target=x)
    r = rd(ctx.enc, c)
    opts = a.options
    w: dict[str, Any] | None = None
    ranged = kind == "shoot"
    if kind in ("shoot", "attack"):
        w = pick_weapon(ctx, c, opts, melee=not ranged)
        skill_name = w["skill"]
    else:
        skill_name = "Brawling" if kind == "brawl" else "Martial Arts"
    sname, code = need_skill(t, c, skill_name)
    spray, rounds = fire_mode(ctx, w, opts, len(alive))
    sweep = opts.get("fire") == "sweep"
    if opts.get("fire") == "full_auto":
        if actions_taken(t, ctx.enc, c) > 1:
            raise Lapse("full auto uses the whole round: it must be the only action")
        r["no_defence"] = True
    left = None
    if ranged and w is not None:
        used = int(r["shots"].get(w["name"], 0))
        if used + rounds > int(w["rof"]):
            raise Lapse(f"{w['name']} has ROF {w['rof']}: "
                        + (f"{rounds} shots would be too many" if used == 0 else
                           "no more shots this round"))
        left = ammo_left(c, w)
        if left is not None and left < rounds:
            raise Lapse(f"{c.name}'s {w['name']} is empty: reload" if left <= 0 else
                        f"{c.name}'s {w['name']} has {left} shot(s) left: reload")
    sits = {x.id: situation(ctx, c, x, opts) if ranged else {"conceal": opts.get("conceal")}
            for x in alive}
    # the attacker's pool
    mods = action_penalties(ctx, c)
    if not sweep and (ranged or t["ranged"]["multi_target"]["applies_to_melee"]):
        target = alive[0]
        tl = r["targets"]
        if target.id not in tl:
            tl.append(target.id)
        fired = r.setdefault("fired_at", [])
        if target.id not in fired:
            fired.append(target.id)
        k = tl.index(target.id)
        per = int(t["ranged"]["multi_target"]["per_extra_target"])
        if k and per:
            mods.append((f"target {k + 1}", k * per))
    if opts.get("offhand") == "yes" and int(t["two_guns"]["offhand_penalty"]):
        mods.append(("off hand", int(t["two_guns"]["offhand_penalty"])))
    if opts.get("mod"):
        mods.append(("GM modifier", -_dice_opt(opts["mod"], "mod")))
    s_att = scale_dice(t, c)
    # smaller attacking larger: + the difference (a sweep: the smallest difference of all)
    up = min(max(0, scale_dice(t, x, opts.get("scale")) - s_att) for x in alive)
    if up:
        mods.append(("scale", -up))
    if w is not None and w.get("targeting"):
        mods.append(("targeting", -parse_code(w["targeting"]).dice))
    pool, how = build_pool(ctx, code, mods, f"{c.name}'s {kind}")
    # the difficulties (rolling declared reactions and difficulty dice as they come)
    spray_diff = None
    if spray is not None and int(spray["difficulty"]):
        n = int(spray["difficulty"])
        v, txt = difficulty_dice(ctx, c.name, abs(n), spray["label"])
        spray_diff = (v if n > 0 else -v, ("+" if n > 0 else "-") + txt.lstrip("+"))
    rows = [_difficulty(ctx, c, x, kind, w, sits[x.id], opts, spray_diff, s_att) for x in alive]
    verb = {"shoot": "shoots at", "attack": "attacks", "brawl": "punches",
            "martial": "strikes"}[kind]
    vs = "/".join(str(row["total"]) for row in rows)
    gt = " (must roll higher)" if any(
        row["full"] and not beats(t, row["total"], row["total"], full_dodge=True)
        for row in rows) else ""
    what = (f"sweep {', '.join(x.name for x in alive)}" if sweep else
            f"{kind} {alive[0].name}")
    roll = roll_code(ctx, pool, f"{c.name}: {sname} {pool.text()} ({how}) vs {vs}{gt} - {what}")
    if ranged and w is not None:
        r["shots"][w["name"]] = int(r["shots"].get(w["name"], 0)) + rounds
        if left is not None:
            c.data["ammo"][w["name"]] = left - rounds
    wtxt = f" with {w['name']}" if w else ""
    if sweep:
        wtxt += " (sweep)"
    for row in rows:
        target, full = row["target"], row["full"]
        if row["cover"] == "full":
            hit, prot = False, beats(t, roll.total, row["diff"], full_dodge=full)
        else:
            hit = beats(t, roll.total, row["total"], full_dodge=full)
            prot = bool(row["cover"]) and not hit and beats(t, roll.total, row["diff"],
                                                             full_dodge=full)
        outcome = "hit" if hit else ("protection" if prot else "miss")
        ctx.log(f"{c.name} {verb} {target.name}{wtxt}: {roll.total} vs {row['total']} "
                f"({', '.join(row['parts'])}), {'hits the cover' if prot else outcome}",
                kind="attack", actor=c, action=kind, target=target, roll=roll,
                difficulty=row["total"], outcome=outcome, pool=how, skill=sname,
                reaction=row["reaction"]["kind"] if row["reaction"] else None,
                full_dodge=full)
        if hit:
            _damage(ctx, c, target, w, kind, roll.total - row["total"], spray, s_att,
                    row["s_tgt"])
        elif prot:
            _protection(ctx, c, target, w, kind, row["sit"], s_att, row["s_tgt"])


def _damage_code(ctx: RulesContext, c: Combatant, w: dict[str, Any] | None) -> tuple[Code, str]:
    strength = parse_code(stat(c, "Strength") or "2D")
    if w is None:
        return strength, f"Strength {strength.text()}"
    dmg = str(w["damage"])
    if dmg.upper().startswith("STR"):
        extra = parse_code(dmg[3:].lstrip("+") or "0D")
        return (Code.make(strength.dice + extra.dice, strength.pips + extra.pips),
                f"Strength {strength.text()} + {w['name']} {extra.text()}")
    return parse_code(dmg), f"{w['name']} {parse_code(dmg).text()}"


def _damage(ctx: RulesContext, c: Combatant, target: Combatant, w: dict[str, Any] | None,
            kind: str, margin: int, spray: dict[str, Any] | None, s_att: int, s_tgt: int) -> None:
    t = ctx.tables
    code, how = _damage_code(ctx, c, w)
    ev = max(0, margin) // int(t["damage"]["ev_step"])
    if kind in ("brawl", "martial") and not t["melee"]["ev_on_unarmed"]:
        ev = 0
    extra = ev
    if ev:
        how += f" +{ev}D Effect Value"
    if spray is not None and int(spray["damage"]):
        extra += int(spray["damage"])
        how += f" {int(spray['damage']):+d}D {spray.get('label', 'spray')}"
    if s_att > s_tgt:
        extra += s_att - s_tgt
        how += f" +{s_att - s_tgt}D scale"
    code = Code(max(0, code.dice + extra), code.pips)
    roll = roll_code(ctx, code, f"{c.name}: damage {code.text()} ({how}) on {target.name}")
    ctx.log(f"{c.name} rolls {roll.total} damage on {target.name} ({how})", kind="damage",
            actor=c, action=kind, target=target, roll=roll, outcome=str(roll.total),
            effect_value=ev)
    resist(ctx, target, roll.total, source=f"{c.name}'s {kind}", attacker=c,
           scale_bonus=max(0, s_tgt - s_att))


def protection_body(t: dict[str, Any], name: Any) -> tuple[Code, str]:
    """T-D6-6a: the Body Strength of a named protection (or a code like 3D)."""
    pt = t["protection"]
    if not name:
        return parse_code(pt["default_body"]), "cover"
    try:
        body = parse_code(name)
        return body, f"protection {body.text()}"
    except ValueError:
        pass
    try:
        key = _match(str(name), list(pt["body"]), "protection")
    except ValueError:
        raise RuleError(f'no protection "{name}": {", ".join(pt["body"])}, or a Body code '
                        "like 3D") from None
    return parse_code(pt["body"][key]), key.replace("_", " ")


def _protection(ctx: RulesContext, c: Combatant, target: Combatant, w: dict[str, Any] | None,
                kind: str, opts: dict[str, Any], s_att: int, s_tgt: int) -> None:
    """D6-PROT-1/2: the shot hits what the target hides behind (T-D6-6a..c)."""
    t = ctx.tables
    pt = t["protection"]
    body, label = protection_body(t, opts.get("protection"))
    code, how = _damage_code(ctx, c, w)
    d = roll_code(ctx, code, f"{c.name}: damage {code.text()} ({how}) on the {label}")
    b = roll_code(ctx, body, f"{label}: Body Strength {body.text()}")
    damaged = beats(t, d.total, b.total, what="damage")
    if not damaged:
        ctx.log(f"The {label} takes {d.total} vs Body {b.total}: undamaged; {target.name} "
                "is unharmed", kind="protection", actor=c, target=target, roll=d,
                difficulty=b.total, outcome="undamaged")
        return
    rows = sorted(pt["chart"], key=lambda x: int(x["min"]))
    row = rows[0]
    for x in rows:
        if d.total - b.total >= int(x["min"]):
            row = x
    enc_prot = ctx.enc.data.setdefault("protection", {})
    enc_prot[label] = row["state"]
    ctx.log(f"The {label} takes {d.total} vs Body {b.total}: {row['state']}", kind="protection",
            actor=c, target=target, roll=d, difficulty=b.total, outcome=row["state"])
    if row is rows[-1]:  # destroyed: no more cover between these two
        pairs = ctx.enc.data.get("pairs", {})
        sit = pairs.get(pair_key(c, target), {})
        if sit.pop("cover", None) is not None:
            sit.pop("protection", None)
            if not sit:
                pairs.pop(pair_key(c, target), None)
            ctx.log(f"{target.name} has no more cover from {c.name}", kind="protection",
                    actor=c, target=target, outcome="no cover")
    if row.get("passes") == "none":
        ctx.log(f"{target.name} is unharmed behind the {label}", kind="protection",
                target=target, outcome="unharmed")
        return
    minus = int(row.get("minus", 0))
    left = Code(max(0, code.dice - minus), code.pips)
    if s_att > s_tgt:
        left = left.plus_dice(s_att - s_tgt)
    if left.dice <= 0:
        ctx.log(f"{target.name} is unharmed behind the {label}", kind="protection",
                target=target, outcome="unharmed")
        return
    roll = roll_code(ctx, left, f"{c.name}: damage through the {label} {left.text()} "
                                f"({code.text()} -{minus}D)")
    ctx.log(f"{target.name} takes {roll.total} through the {label} ({code.text()} -{minus}D)",
            kind="damage", actor=c, target=target, roll=roll, outcome=str(roll.total))
    resist(ctx, target, roll.total, source=f"through the {label}", attacker=c,
           scale_bonus=max(0, s_tgt - s_att))


# -- other actions ---------------------------------------------------------------------------
def draw(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    want = a.options.get("weapon")
    if not want:
        raise RuleError("draw needs weapon=NAME (e.g. draw weapon=Knife)")
    own = stat(c, "weapon")
    w = named_weapon(ctx, own, want)
    if w is not own:
        c.stats["weapon"] = w["name"]
    ctx.log(f"{c.name} draws {w['name']}", kind="action", actor=c, action="draw",
            outcome=w["name"])


def reload(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    w = pick_weapon(ctx, c, a.options, melee=False)
    if not w.get("ammo"):
        raise RuleError(f"{w['name']} needs no reloading")
    c.data.setdefault("ammo", {})[w["name"]] = int(w["ammo"])
    ctx.log(f"{c.name} reloads {w['name']} ({w['ammo']} shots, {w['reload']} action(s))",
            kind="action", actor=c, action="reload", outcome=str(w["ammo"]))
