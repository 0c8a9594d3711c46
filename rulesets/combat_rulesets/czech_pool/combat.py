"""The turn: declarations -> engagements, pools, per-pair difficulties, speeds; the single roll
per combatant; pair resolution in speed order; disadvantages and forced skills.

State kept (typed, :mod:`combat_rulesets.czech_pool.state`): the pairs' disadvantages
(``czp(ctx).pairs``) and this turn's model (``czp(ctx).turn``: engagements, pools, rolls,
difficulties, and what resolved).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from combat_cli.api import ActionRequest, Combatant, Encounter, RuleError, RulesContext
from combat_rulesets.czech_pool import health
from combat_rulesets.czech_pool.lang import count, flag, match, names, say, status, term, terr
from combat_rulesets.czech_pool.options import Defend, Threaten
from combat_rulesets.czech_pool.schema import Row, Tables
from combat_rulesets.czech_pool.state import Difficulty, Pool, Threat, Turn, Where, czp, fighter
from combat_rulesets.czech_pool.stats import demon_key, stat, talents, value, weapon

# action name (Czech, canonical) -> skill key
THREAT_ACTIONS = {"boj": "boj", "rvačka": "rvacka", "vrh": "vrh", "střelba": "strelba",
                  "kouzlení": "kouzleni", "vzývání": "vzyvani", "modlení": "modleni"}
DEFEND, FULL, IGNORE, STAND = "bránit", "pouze_bránit", "nebránit", "vstát"
FLAGS = {
    "mireni": ("míření", "aim", "mirit", "mířit"),
    "omracit": ("omráčit", "stun"),
    "dlouhy_vrh": ("daleko", "far", "dlouhý_vrh", "long_throw"),
    "rozptyl": ("rozptyl", "spread", "velký_rozptyl"),
    "zady": ("zády", "back"),
}
FLAG_OPTIONS = {"míření": "mireni", "omráčit": "omracit", "daleko": "dlouhy_vrh",
                "rozptyl": "rozptyl", "zády": "zady"}
CHOICES = {"wound": ("zranit", "wound", "zranění", "w"),
           "disadvantage": ("nevýhoda", "disadvantage", "nevyhoda", "d")}
SIZES = {"vetsi_cil": ("větší", "larger", "bigger"), "mensi_cil": ("menší", "smaller")}
RANGES = {"0": ("malý", "short", "maly", "1"), "1": ("velký", "long", "velky", "2")}
COVERS = {"0": ("malá", "small", "1"), "1": ("střední", "medium", "2"), "2": ("velká", "large", "3")}
CHECKS = ("rovnovaha", "houzevnatost", "soustredeni")
PRONE = "Ležící"
RESISTANCE_STATS = {"resistence": "Resistence", "zranitelnost": "Zranitelnost"}
def skill_names(keys: list[str] | tuple[str, ...]) -> dict[str, tuple[str, str]]:
    """The keys' Czech and English names (the catalogue's), to match what the GM typed."""
    return {k: names(k) for k in keys}


# ---------------------------------------------------------------- state helpers ----------
def pair_level(where: Where, holder: str, victim: str) -> int:
    p = czp(where).pairs.get(f"{holder}>{victim}")
    return p.level if p else 0


def pkey(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def rows(tables: Tables) -> dict[str, Row]:
    """The modifier table with the columns chosen by AMB-CZ-7."""
    out = dict(tables.modifiers)
    if tables.amb.table_columns == "as_printed":
        out.update(tables.modifiers_as_printed)
    return out


def _cell(row: Row, column: str, index: int = 0) -> int:
    return row.cell(column, index)


def demon(c: Combatant, rw: dict[str, Row], column: str, override: str) -> tuple[str, int]:
    """c's demon row and its value in ``column``; a strong demon's "?" cell is the
    per-combatant number ``override`` (Démon bank / obtížnost / zranění) when the GM set it."""
    dk = demon_key(c)
    if not dk:
        return "", 0
    v = _cell(rw[dk], column)
    if dk.startswith("silny") and rw[dk].has(column) and stat(c, override) is not None:
        v = int(stat(c, override))
    return dk, v


# ---------------------------------------------------------------- declarations -----------
@dataclass
class Intent:
    """What a declaration means (worked out again from the declarations when needed)."""

    threats: list[Threat] = field(default_factory=list)
    full: bool = False
    """Only defends (pouze bránit)."""
    def_skill: str | None = None
    """The skill he defends with (bránit dovednost=)."""
    def_vs: dict[str, str | None] = field(default_factory=dict)
    """Opponents he defends against by name (bránit NAME), with the skill if given."""
    ignore: list[str] = field(default_factory=list)
    """Opponents he does not defend against (nebránit)."""
    stand: bool = False


def intent(ctx: RulesContext, c: Combatant, actions: list[ActionRequest]) -> Intent:
    """What a declaration means: threats, defence, full defence, ignored attackers, standing."""
    out = Intent()
    threats = out.threats
    for a in actions:
        if a.name in THREAT_ACTIONS:
            threats.append(_threat(ctx, c, a))
        elif a.name in (DEFEND, FULL):
            skill = Defend.of(a).dovednost
            key = match(skill, skill_names(("boj", "rvacka", "atletika", "kouzleni",
                                             "vzyvani", "modleni")),
                        "defence skill", ctx) if skill else None
            if a.name == FULL:
                out.full = True
            if a.target:
                out.def_vs[a.target] = key
                if a.target in out.ignore:
                    raise terr(ctx, "{name}: {name_a_target} both defended and ignored", name=c.name, name_a_target=ctx.name(a.target))
            elif key:
                out.def_skill = key
        elif a.name == IGNORE:
            if a.target == c.id:
                raise RuleError(say(ctx, "{name} cannot ignore himself", c, name=c.name))
            if a.target is not None:  # nebránit needs a target (the core asks for one)
                out.ignore.append(a.target)
        elif a.name == STAND:
            out.stand = True
    targets = [x.target for x in threats]
    if len(set(targets)) != len(targets):
        raise terr(ctx, "{name} threatens the same opponent twice: one action per opponent", name=c.name)
    if out.full and targets:
        raise terr(ctx, "{name}: full defence threatens nobody — drop the attack or the full defence", name=c.name)
    if out.stand and targets:
        raise terr(ctx, "{name}: standing up takes the whole action — no attack this turn", name=c.name)
    for x in out.ignore:
        if x in targets:
            raise RuleError(say(ctx, "{name} cannot threaten {other} and not defend against "
                                "him", name=c.name, other=ctx.name(x)))
        if x in out.def_vs:
            raise terr(ctx, "{name}: {name_x} both defended and ignored", name=c.name, name_x=ctx.name(x))
    return out


def _choice(ctx: RulesContext, value: str | None, table: Mapping[str, tuple[str, ...]],
            what: str) -> str | None:
    """An option's word matched to its key in ``table`` (Czech or English), None if not given."""
    return None if value is None else match(value, table, what, ctx)


def _switches(ctx: RulesContext, a: ActionRequest, o: Threaten) -> list[str]:
    """The flags switched on by option (``míření=yes``); a word that is not yes/no is refused."""
    out = []
    for opt, word in o.switches().items():
        k = FLAG_OPTIONS[opt]
        try:
            on = flag(word)
        except ValueError:
            raise terr(ctx, "{action}: {option}= takes yes/no, not {value}",
                       action=ctx.label(a.name),
                       option=ctx.label(opt), value=repr(word)) from None
        if on:
            out.append(k)
    return out


def _threat(ctx: RulesContext, c: Combatant, a: ActionRequest) -> Threat:
    if a.target is None:
        shown = ctx.label(a.name)
        raise terr(ctx, "{action} needs a target: {action} NAME", action=shown)
    if a.target == c.id:
        raise RuleError(say(ctx, "{name} cannot threaten himself", c, name=c.name))
    skill = THREAT_ACTIONS[a.name]
    o = Threaten.of(a)
    flags: list[str] = []
    for w in a.args:
        flags.append(match(w, FLAGS, "flag of {action}", ctx,
                           action=ctx.label(a.name)))
    flags += _switches(ctx, a, o)
    choice = _choice(ctx, o.volba, CHOICES, "choice")
    attr_key = None
    if o.atribut is not None:
        allowed = Tables.of(ctx).skills.attribute[skill]
        attr_key = match(o.atribut, skill_names(tuple(allowed)), "attribute for {action}", ctx,
                         action=ctx.label(a.name))
    check = _choice(ctx, o.kontrola, skill_names(CHECKS), "check")
    return Threat(
        target=a.target, skill=skill, action=a.name, flags=sorted(set(flags)),
        choice=choice, attr=attr_key, check=check,
        size=_choice(ctx, o.cil, SIZES, "target size"),
        range=_choice(ctx, o.dostrel, RANGES, "range"),
        cover=_choice(ctx, o.prekazka, COVERS, "cover"),
        diff=o.obt or 0, pool=o.bank or 0, damage=o.zraneni, speed=o.rychlost,
    )


def free_number(ctx: RulesContext, c: Combatant, skill: str) -> int:
    """CZ-POOL-3/4: 1 + 1 per skill point above 2, +1 per usable Shield/Two-Weapon talent."""
    core = Tables.of(ctx).core
    n = core.free_base + max(0, value(c, skill) - core.free_skill_floor)
    return n + core.talent_free_bonus * len(usable_talents(ctx, c, skill))


def usable_talents(ctx: RulesContext, c: Combatant, skill: str) -> list[str]:
    if skill not in Tables.of(ctx).core.talent_skills:
        return []
    have = talents(c)
    out = []
    if "stit" in have and flag(stat(c, "Štít", True)):
        out.append("stit")
    if "dve_zbrane" in have and flag(stat(c, "Druhá zbraň", True)):
        out.append("dve_zbrane")
    return out


def status_text(ctx: RulesContext, c: Combatant) -> str:
    """The fighter's status in the table's language (stored in Czech), agreeing with the
    fighter's gender."""
    return status(ctx, c)


def check_declaration(ctx: RulesContext, c: Combatant, actions: list[ActionRequest]) -> None:
    if c.out:
        raise terr(ctx, "{name} is out of the fight ({status_text_ctx_c}) and cannot declare", name=c.name, status_text_ctx_c=status_text(ctx, c))
    it = intent(ctx, c, actions)
    me = fighter(ctx, c)
    turn_skills = [x.skill for x in it.threats]
    if turn_skills and me.surprised and ctx.enc.round == 1:
        ctx.note(say(ctx, "{name} is surprised: he threatens nobody in turn 1, only defends "
                     "(his attack will lapse)", c, name=c.name))
    for x in it.threats:
        o = ctx.combatant(x.target)
        if o.out:
            raise terr(ctx, "{o_name} is out of the fight ({status_text_ctx_o}): choose another target", o_name=o.name, status_text_ctx_o=status_text(ctx, o))
    forced = me.forced
    if forced:
        for x in it.threats:
            if x.skill not in forced:
                shown = "/".join(term(k, ctx.lang) for k in forced)
                raise RuleError(say(ctx, "{name} must fight with {skills} this turn (lost to it "
                                    "last turn): declare {name} {first} ...", c, name=c.name,
                                    skills=shown, first=shown.lower().split("/")[0]))
    if it.stand and not c.has_condition(PRONE):
        raise terr(ctx, "{name} is not prone: stand is for a prone fighter (condition {name} +prone)", name=c.name)
    if turn_skills:
        low = min(turn_skills, key=lambda k: value(c, k))
        limit = max(1, free_number(ctx, c, low))
        if len(turn_skills) > limit:
            raise RuleError(say(ctx, "{name} can threaten at most {limit} opponent(s) with "
                                "{skill} {value} (1 + 1 per point above 2)", name=c.name,
                                limit=limit, skill=term(low, ctx.lang), value=value(c, low),
                                opponents=count(ctx, "{n} opponent", "{n} opponents", limit)))


# ---------------------------------------------------------------- the turn model ---------
def _speed(ctx: RulesContext, c: Combatant, skill: str, attr: str | None = None,
           given: int | None = None) -> tuple[int, str]:
    """CZ-INIT-2: attribute + skill + weapon/spell/miracle speed (``given``: rychlost=)."""
    tables = Tables.of(ctx)
    attr = attr or best_attr(ctx, c, skill)
    src = tables.skills.speed_source.get(skill, "none")
    if given is not None:
        extra = int(given)
    elif src == "weapon":
        extra = weapon(c, tables)["speed"]
    elif src == "brawl":
        extra = tables.core.brawl_speed
    elif src == "spell":
        extra = int(stat(c, "Rychlost kouzla", 0))
    elif src == "miracle":
        extra = int(stat(c, "Rychlost zázraku", 0))
    else:
        extra = 0
    s = value(c, attr) + value(c, skill) + extra
    return s, f"{term(attr, ctx.lang)} {value(c, attr)} + {term(skill, ctx.lang)} {value(c, skill)} + {extra}"


def best_attr(ctx: RulesContext, c: Combatant, skill: str) -> str:
    allowed = Tables.of(ctx).skills.attribute.get(skill, ["obratnost"])
    return max(allowed, key=lambda k: value(c, k))


def stand_speed(c: Combatant) -> int:
    return value(c, "obratnost") + value(c, "atletika")


def potential_speed(ctx: RulesContext, c: Combatant) -> int:
    """Before declarations: the speed of a melee attack (for the order shown)."""
    return _speed(ctx, c, "boj")[0]


def _length(ctx: RulesContext, c: Combatant, skill: str) -> tuple[int, int]:
    tables = Tables.of(ctx)
    if skill == "rvacka":
        return tables.core.brawl_length, tables.core.brawl_speed
    w = weapon(c, tables)
    return w["length"], w["speed"]


def present_actions(enc: Encounter, actions: list[ActionRequest]) -> list[ActionRequest]:
    """The declared actions whose target is still in the encounter (not removed since)."""
    here = {c.id for c in enc.combatants}
    return [a for a in actions if a.target is None or a.target in here]


def build(ctx: RulesContext) -> Turn:
    """Everything fixed at the start of resolution: who engages whom with which skill, pools,
    per-pair difficulties, speeds."""
    enc = ctx.enc
    tables = Tables.of(ctx)
    sk, core, amb = tables.skills, tables.core, tables.amb
    live = [c for c in enc.combatants if not c.out]
    intents: dict[str, Intent] = {}
    for c in live:
        d = enc.declarations.get(c.id)
        intents[c.id] = intent(ctx, c, present_actions(enc, d.actions)) if d else Intent()
        it = intents[c.id]
        if it.threats and fighter(ctx, c).surprised and enc.round == 1:
            it.threats = []  # AMB-CZ-14 (said at the declaration and when it lapses)
    # attackers
    attackers: dict[str, list[str]] = {c.id: [] for c in live}
    threat_of: dict[str, dict[str, Threat]] = {c.id: {} for c in live}
    for cid, it in intents.items():
        for th in it.threats:
            if th.target in attackers:
                attackers[th.target].append(cid)
                threat_of[cid][th.target] = th
    model = Turn()
    # engagement skills
    for c in live:
        it = intents[c.id]
        eng: dict[str, str] = {}
        for o, th in threat_of[c.id].items():
            eng[o] = th.skill
        own = [th.skill for th in threat_of[c.id].values()]
        extra_skills: list[str] = []
        defended = [x for x in attackers[c.id] if x not in it.ignore]
        for x in defended:
            xs = threat_of[x][c.id].skill
            allowed = list(sk.defend_with.get(xs, ["atletika"]))
            if x in eng and eng[x] in allowed:
                continue
            chosen = it.def_vs.get(x)
            if chosen is not None and chosen not in allowed:
                raise RuleError(say(
                    ctx, "{name} cannot defend against {other}'s {attack} with {skill} (use "
                    "{allowed})", name=c.name, other=ctx.name(x), attack=term(xs, ctx.lang),
                    skill=term(chosen, ctx.lang),
                    allowed="/".join(term(k, ctx.lang) for k in allowed)))
            if chosen is None and it.def_skill in allowed:
                chosen = it.def_skill
            if chosen is None:
                inuse = [s for s in own if s in allowed]
                chosen = inuse[0] if inuse else max(allowed, key=lambda k: value(c, k))
            # he faces x with the parrying skill (his threat skill, if any, stays in use too)
            eng[x] = chosen
            extra_skills.append(chosen)
        model.engage[c.id] = eng
        model.used[c.id] = list(dict.fromkeys([*own, *extra_skills, *eng.values()]))
        model.defended[c.id] = defended
        if it.full:
            model.full.append(c.id)
        if it.stand:
            model.stand.append(c.id)
    # pools
    rw = rows(tables)
    for c in live:
        it = intents[c.id]
        used = list(dict.fromkeys([*model.used[c.id], *(["atletika"] if it.stand else [])]))
        if not used:
            continue
        # CZ-SKILL-4: the lowest skill (on a tie, the one with the lower attribute)
        skill = min(used, key=lambda k: (value(c, k), value(c, best_attr(ctx, c, k))))
        magic_attr = next((th.attr for th in it.threats if th.skill == skill and th.attr),
                          None)
        attr = magic_attr or best_attr(ctx, c, skill)
        parts: list[tuple[str, int]] = [(term(attr, ctx.lang), value(c, attr)),
                                        (term(skill, ctx.lang), value(c, skill))]
        free = free_number(ctx, c, skill)
        ndef = len(model.defended[c.id])
        base = free if amb.outnumber_baseline == "free" else 1
        extra = max(0, ndef - base)
        if extra:
            parts.append((term("precisleni", ctx.lang), -core.outnumber_penalty * extra))
        bonus = int(stat(c, "Bonus", 0))
        if bonus:
            parts.append((term("bonus", ctx.lang), bonus))
        tier = health.penalty_tier(ctx, c)
        if tier:
            v = _cell(rw["zraneni"], "pool", tier - 1)
            if v:
                parts.append((term("zraneni", ctx.lang), v))
        dk, v = demon(c, rw, "pool", "Démon bank")
        if v:
            parts.append((term(dk, ctx.lang), v))
        second = amb.range_second_value == "pool"
        for th in it.threats:
            if second and "dlouhy_vrh" in th.flags:
                v = _cell(rw["dlouhy_vrh"], "second")
                if v:
                    parts.append((term("dlouhy_vrh", ctx.lang), v))
            if second and th.range is not None:
                v = _cell(rw["dostrel"], "second", int(th.range))
                if v:
                    parts.append((term("dostrel", ctx.lang), v))
            if th.pool:
                parts.append((term("bonus", ctx.lang), th.pool))
        n = sum(v for _, v in parts)
        text = parts_text(parts)
        model.pools[c.id] = Pool(n=max(0, n), skill=skill, attr=attr, free=free,
                                 defended=ndef, text=text)
    # difficulties
    for c in live:
        model.self_diff[c.id] = _difficulty(ctx, c, None, threat_of, model)[0]
        mine: dict[str, Difficulty] = {}
        model.diff[c.id] = mine
        for o in model.engage[c.id]:
            value_, terms = _difficulty(ctx, c, ctx.combatant(o), threat_of, model)
            mine[o] = Difficulty(value=value_, parts=terms)
        if amb.one_roll == "highest" and mine:
            top = max(dx.value for dx in mine.values())
            for dx in mine.values():
                dx.value = top
    # threats and speeds
    for c in live:
        ths = []
        for th in intents[c.id].threats:
            s, why = _speed(ctx, c, th.skill, th.attr, th.speed)
            ths.append(th.model_copy(update={"speed_value": s, "speed_text": why}))
        model.threats[c.id] = ths
        speeds = [x.speed_value for x in ths]
        if c.id in model.stand:
            speeds.append(stand_speed(c))
        model.speeds[c.id] = max(speeds) if speeds else None
    return model


def _difficulty(ctx: RulesContext, c: Combatant, o: Combatant | None,
                threat_of: dict[str, dict[str, Threat]], model: Turn
                ) -> tuple[int, list[tuple[str, int]]]:
    """c's difficulty against o (None: c's own difficulty, e.g. to stand up)."""
    tables = Tables.of(ctx)
    core, amb = tables.core, tables.amb
    rw = rows(tables)
    lang = ctx.lang
    parts: list[tuple[str, int]] = []

    def add(key: str, v: int) -> None:
        if v:
            parts.append((term(key, lang), v))

    # personal (and the environment verb's values for everyone)
    env = czp(ctx).env
    for cond, key in ((PRONE, "lezici"), ("Šero", "sero"), ("Tma", "tma"),
                      ("Stísněný", "stisneny")):
        if c.has_condition(cond) or env.get(key):
            add(key, _cell(rw[key], "difficulty"))
    for st, key in (("Únava", "unava"), ("Počasí", "pocasi"), ("Terén", "teren")):
        n = max(int(stat(c, st, 0)), int(env.get(key, 0)))
        if n:
            top = rw[key].max
            add(key, min(n, n if top is None else top) * _cell(rw[key], "difficulty"))
    add("demon", demon(c, rw, "difficulty", "Démon obtížnost")[1])
    tier = health.penalty_tier(ctx, c)
    if tier:
        add("zraneni", _cell(rw["zraneni"], "difficulty", tier - 1))
    for key in ("resistence", "zranitelnost"):
        n = int(stat(c, RESISTANCE_STATS[key], 0))
        if n:
            add(key, n * _cell(rw[key], "difficulty"))
    if o is not None:
        add("nevyhoda", pair_level(ctx, o.id, c.id))
        th = threat_of[c.id].get(o.id)
        if th:
            for f in th.flags:
                if f != "zady":
                    add(f, _cell(rw[f], "difficulty"))
            if th.size:
                add(th.size, _cell(rw[th.size], "difficulty"))
            if th.range is not None:
                add("dostrel", _cell(rw["dostrel"], "difficulty", int(th.range)))
            if th.cover is not None:
                add("prekazka", _cell(rw["prekazka"], "difficulty", int(th.cover)))
            add("obt", th.diff)
        oth = threat_of[o.id].get(c.id)
        if oth and "zady" in oth.flags:
            add("zady", _cell(rw["zady"], "difficulty"))
        eng_c = model.engage[c.id].get(o.id)
        eng_o = model.engage.get(o.id, {}).get(c.id)
        melee = ("boj", "rvacka")
        if eng_c in melee and eng_o in melee:
            lc, sc = _length(ctx, c, eng_c)
            lo, so = _length(ctx, o, eng_o)
            if th and lo > lc:
                add("delsi_zbran", _cell(rw["delsi_zbran"], "difficulty"))
            if lo == lc and so > sc:
                add("rychlejsi_zbran", core.faster_weapon)
        # CZ-POOL-5 talents vs a single opponent (AMB-CZ-6)
        if amb.talent_difficulty == "opponent":
            opp_o = model.engage.get(o.id, {})
            if len(opp_o) == 1 and eng_o is not None:
                n = len(usable_talents(ctx, o, eng_o))
                add("talent_jeden", n * core.talent_single_difficulty)
        else:
            mine = model.engage[c.id]
            if len(mine) == 1 and eng_c is not None:
                n = len(usable_talents(ctx, c, eng_c))
                add("talent_vlastni", n * core.talent_single_difficulty)
        # as printed: weak demons raise the opponent's difficulty
        odk = demon_key(o)
        if odk:
            add("demon", _cell(rw[odk], "opponent_difficulty"))
        if (o.id in model.full and th and amb.full_defence in ("both", "attacker")):
            add("soupera_pouze_branit", core.full_defence_attacker)
    d = core.base_difficulty + sum(v for _, v in parts)
    if c.id in model.full and amb.full_defence in ("both", "own"):
        floor = core.full_defence_floor
        if d > floor:
            nd = max(floor, d + core.full_defence_own)
            parts.append((term("pouze_branit", lang), nd - d))
            d = nd
    d = min(max(d, amb.difficulty_min), amb.difficulty_max)
    return d, parts


def describe_diff(base: int, parts: Sequence[tuple[str, int]], d: int) -> str:
    bits = "".join(f" {'+' if v >= 0 else '-'} {name} {abs(v)}" for name, v in parts)
    return f"{d} ({base}{bits})" if parts else str(d)


def parts_text(parts: list[tuple[str, int]]) -> str:
    out = ""
    for i, (name, v) in enumerate(parts):
        if i == 0:
            out = f"{name} {v}"
        else:
            out += f" {'+' if v >= 0 else '-'} {name} {abs(v)}"
    return out
