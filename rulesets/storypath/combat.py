"""The action phase (SP-ACT-*), attack resolution (SP-ATK-*), Defense (AMB-SP-5), Stunts,
the complicate action (SP-CMP-*), throwing (SP-THROW-*), prone and standing (SP-PRONE-*),
grappling (SP-GRAP-*)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from combat_cli.engine.context import RulesContext
from combat_cli.engine.errors import RuleError
from combat_cli.engine.models import ActionRequest, Combatant

from . import initiative, injuries
from .rolls import PoolRoll, faces_text, roll_named, roll_pool
from .stats import best_of, is_mortal, is_pc, pool_of, weapon_of

YES = ("yes", "y", "true", "1", "on")


def bonus(ctx: RulesContext, opts: dict[str, Any]) -> int:
    """enh=N plus teamwork team=N, at most teamwork_max (SP-DICE-7)."""
    return int(opts.get("enh") or 0) + min(int(opts.get("team") or 0),
                                           int(ctx.tables["dice"]["teamwork_max"]))


def flag(opts: dict[str, Any], key: str) -> bool:
    v = opts.get(key)
    return v is not None and str(v).lower() in YES


# -- turns and the action budget -----------------------------------------------------------
def turn_of(ctx: RulesContext, c: Combatant) -> dict[str, Any]:
    t = c.data.get("turn")
    if not t or t.get("round") != ctx.enc.round:
        t = {"round": ctx.enc.round, "used": None, "attacks": 0, "reflexive": 0}
        c.data["turn"] = t
    return t


def ensure_turn(ctx: RulesContext, c: Combatant) -> None:
    """Non-reflexive actions happen in the character's own slot (SP-ACT-1). A PC who has not
    acted yet may claim an open PC slot by acting in it (SP-INIT-3)."""
    enc = ctx.enc
    cur = initiative.current(enc)
    if cur is not None and cur.id == c.id:
        if initiative.is_open(enc):
            initiative.take_slot(ctx, c)
        return
    if (c.data.get("held_round") == enc.round and not turn_of(ctx, c)["used"]):
        return
    slots = initiative.roster(enc)
    i = initiative.slot_index(enc)
    if (initiative.is_open(enc) and slots[i]["side"] == c.side and not c.out
            and not initiative.done(enc, c)
            and c.id not in {s.get("who") for s in slots}):
        initiative.take_slot(ctx, c)
        return
    if cur is None:
        raise RuleError(f"every slot of round {enc.round} has acted: end starts the next round")
    if initiative.is_open(enc) and not initiative.done(enc, c):
        raise RuleError(f"{initiative.open_slot_text(enc)}; {c.name} waits for their own slot "
                        "(reflexive actions work any time)")
    if initiative.done(enc, c):
        raise RuleError(f"{c.name} has already had a turn this round ({cur.name} acts now)")
    raise RuleError(f"it is {cur.name}'s turn, not {c.name}'s (next ends it; reflexive actions "
                    "work any time)")


def use_action(ctx: RulesContext, c: Combatant, kind: str, *, attack: bool = False) -> None:
    ensure_turn(ctx, c)
    t = turn_of(ctx, c)
    rules = ctx.tables["actions"]
    if t["used"]:
        raise RuleError(f"{c.name} has already taken a {t['used']} action this turn "
                        "(one simple or one mixed action; next ends the turn)")
    if attack and t["attacks"] >= int(rules["attacks_per_turn"]):
        raise RuleError(f"{c.name} has already attacked this turn (one attack per turn)")
    if (kind == "mixed" and rules["reflexive_counts_for_mixed"]
            and t["reflexive"] + 2 > int(rules["mixed_parts"])):
        raise RuleError(f"{c.name} already took {t['reflexive']} reflexive action(s) this turn; "
                        f"they count toward the mixed action's limit of {rules['mixed_parts']}")
    t["used"] = kind
    if attack:
        t["attacks"] += 1


def use_reflexive(ctx: RulesContext, c: Combatant) -> None:
    """SP-ACT-2: any time; on the character's own turn it counts toward a mixed action."""
    enc = ctx.enc
    if (c.data.get("lose_turn_round") == enc.round
            and (enc.data.get("initiative") or {}).get("round") == enc.round):
        raise RuleError(f"{c.name} is surprised: no action in the first turn (SP-AMB-3)")
    cur = initiative.current(enc)
    if cur is not None and cur.id == c.id:
        t = turn_of(ctx, c)
        rules = ctx.tables["actions"]
        if (t["used"] == "mixed" and rules["reflexive_counts_for_mixed"]
                and t["reflexive"] + 3 > int(rules["mixed_parts"])):
            raise RuleError(f"{c.name} took a mixed action this turn; a reflexive action would "
                            f"exceed its limit of {rules['mixed_parts']} things")
        t["reflexive"] += 1


# -- ranges --------------------------------------------------------------------------------
def _pair(a: Combatant, b: Combatant) -> str:
    return "|".join(sorted((a.id, b.id)))


def band(ctx: RulesContext, a: Combatant, b: Combatant) -> str | None:
    return (ctx.enc.data.get("ranges") or {}).get(_pair(a, b))


def set_band(ctx: RulesContext, a: Combatant, b: Combatant, value: str) -> None:
    ctx.enc.data.setdefault("ranges", {})[_pair(a, b)] = value


def match_band(ctx: RulesContext, word: str) -> str:
    bands = list(ctx.tables["ranges"]["bands"])
    low = word.lower()
    hits = [b for b in bands if b == low] or [b for b in bands if b.startswith(low)]
    if len(hits) != 1:
        raise RuleError(f'no range "{word}" (ranges: {", ".join(bands)})')
    return hits[0]


def opponents_close(ctx: RulesContext, c: Combatant) -> list[Combatant]:
    return [o for o in ctx.enc.combatants if o.side != c.side and not o.out
            and band(ctx, c, o) == "close"]


# -- Defense (SP-ATK-1, AMB-SP-5, SP-PRONE-1) -------------------------------------------------
def defense_pool(ctx: RulesContext, c: Combatant) -> str:
    if c.stats.get("defense_pool"):
        return str(c.stats["defense_pool"])
    return best_of(c, list(ctx.tables["defense"]["resilience"]))


def roll_defense(ctx: RulesContext, c: Combatant, *, full: bool = False,
                 dive: Combatant | None = None) -> int:
    """Roll Defense (AMB-SP-5); ``dive``: spend successes on Dive for Cover away from that
    attacker first (a Defensive Stunt)."""
    d = ctx.tables["defense"]
    text = defense_pool(ctx, c)
    dice, label = pool_of(c, text)
    if full:
        mult = int(d["full_multiplier"])
        dice, label = dice * mult, f"{mult} x ({label})"
    r = roll_pool(ctx, c, "Full Defense" if full else "Defense", dice, label, penalty_ok=False)
    left = r.successes
    stunt = ""
    if dive is not None:
        cost = int(d["dive_for_cover"])
        if left >= cost:
            left -= cost
            old = band(ctx, c, dive) or str(weapon_of(ctx.tables, dive).get("range", "close"))
            bands = list(ctx.tables["ranges"]["bands"])
            new = bands[min(bands.index(old) + 1, len(bands) - 1)]
            set_band(ctx, c, dive, new)
            stunt = f"; Dive for Cover ({cost}): {old} -> {new} range from {dive.name}, in cover"
        else:
            stunt = f"; too few successes to Dive for Cover (costs {cost})"
    value = max(int(d["minimum"]), left)
    note = f" (0 successes -> {value})" if left < int(d["minimum"]) else ""
    ctx.log(f"{c.name} rolls {'Full ' if full else ''}Defense: {faces_text(r)}{stunt} -> "
            f"Defense {value}{note}", kind="defense", actor=c, action="defend", roll=r.roll,
            outcome=str(value), defense=value, full=full)
    return value


def set_defense(ctx: RulesContext, c: Combatant, value: int, how: str, *, full: bool = False) -> None:
    c.data["defense"] = {"value": value, "how": how, "round": ctx.enc.round, "full": full}


def base_defense(ctx: RulesContext, t: Combatant) -> tuple[int, str]:
    d = ctx.tables["defense"]
    df = t.data.get("defense")
    if df and d["scope"] == "round":
        return int(df["value"]), str(df["how"])
    stat = t.stats.get("defense")
    if isinstance(stat, int):
        return stat, "static"
    mode = stat if stat in ("roll", "standard") else (d["pc_default"] if is_pc(t) else "static")
    if mode == "static":
        return int(d["sgc_static"]), "static"
    if mode == "standard":
        value, how = int(d["standard"]), "standard"
    else:
        value, how = roll_defense(ctx, t), "rolled"
    if d["scope"] == "round":
        set_defense(ctx, t, value, how)
    return value, how


def scale_enhancement(ctx: RulesContext, higher: Combatant, lower: Combatant) -> int:
    diff = int(higher.stats.get("scale") or 0) - int(lower.stats.get("scale") or 0)
    if diff <= 0:
        return 0
    table = list(ctx.tables["scale"]["enhancement"])
    return int(table[min(diff, len(table) - 1)])


def defense_against(ctx: RulesContext, t: Combatant, a: Combatant, rng: str) -> tuple[int, str]:
    d = ctx.tables["defense"]
    value, how = base_defense(ctx, t)
    parts = [f"{how} {value}"]
    if t.has_condition("Prone"):
        mod = int(d["prone_close"] if rng == "close" else d["prone_other"])
        value += mod
        parts.append(f"Prone {mod:+d} at {rng} range")
    enh = scale_enhancement(ctx, t, a)
    if enh and how == "static" and ctx.tables["scale"]["static_defense_half"]:
        enh //= 2  # an antagonist's static Defense takes half the Scale bonus
    if enh:
        value += enh
        parts.append(f"Scale +{enh}")
    value = max(int(d["minimum"]), value)
    return value, ", ".join(parts)


# -- mixed actions (SP-ACT-4) ---------------------------------------------------------------
@dataclass
class Half:
    """The second half of a mixed action."""

    pool: str
    what: str
    need: int
    give: int = 0
    block: Combatant | None = None
    task: str = ""


def second_half(ctx: RulesContext, c: Combatant, opts: dict[str, Any]) -> Half | None:
    other = opts.get("other")
    block = opts.get("block")
    if not opts.get("mixed") and not other and not block:
        if opts.get("give") is not None:
            raise RuleError("give= splits a mixed action: add mixed=POOL (the other action's pool)")
        return None
    what = str(other or ("complicate" if block else "the other action"))
    is_stand = what.lower() == "stand"
    default_pool = "athletics+dexterity" if is_stand else ("athletics+might" if block else None)
    pool_text = opts.get("mixed") or default_pool
    if not pool_text:
        raise RuleError("a mixed action needs the other action's pool: mixed=POOL (e.g. athletics+dexterity)")
    need = 2 if is_stand else int(opts.get("odiff") or ctx.tables["dice"]["difficulty"])
    pool_of(c, str(pool_text))  # a bad pool is refused before any roll
    if opts.get("protect"):
        ctx.find(str(opts["protect"]))
    h = Half(pool=str(pool_text), what=what, need=need)
    if block:
        h.block = ctx.find(str(block))
        h.task = str(opts.get("task") or "")
        if not h.task:
            raise RuleError('block=NAME needs the task it stops: task="open the door"')
        h.need = 1
    if is_stand and not c.has_condition("Prone"):
        raise RuleError(f"{c.name} is not Prone: nothing to stand up from")
    return h


def split(r: PoolRoll, half: Half | None, opts: dict[str, Any]) -> int:
    """Successes for the second half (the rest, with Enhancements, goes to the main action)."""
    if half is None:
        return 0
    give = opts.get("give")
    n = int(give) if give is not None else half.need
    if n < 0:
        raise RuleError("give= is 0 or more")
    half.give = min(n, r.successes)
    return half.give


def resolve_half(ctx: RulesContext, c: Combatant, half: Half, opts: dict[str, Any]) -> None:
    n = half.give
    if half.block is not None:
        impose_block(ctx, c, half.block, n, half.task, opts.get("protect"))
        return
    if half.what.lower() == "stand":
        stand_result(ctx, c, n, opts)
        return
    ok = n >= half.need
    ctx.log(f"{c.name}'s {half.what}: {n} success(es) vs Difficulty {half.need}: "
            f"{'success' if ok else 'failure'}", kind="action", actor=c, action="mixed",
            difficulty=half.need, outcome="success" if ok else "failure", successes=n)


def mixed_dice(ctx: RulesContext, c: Combatant, main_pool: str, half: Half | None
               ) -> tuple[int, str, str]:
    dice, label = pool_of(c, main_pool)
    if half is None:
        return dice, label, "simple"
    d2, l2 = pool_of(c, half.pool)
    if d2 < dice:
        return d2, f"mixed: lower of {label} = {dice} and {l2} = {d2}", "mixed"
    return dice, f"mixed: lower of {label} = {dice} and {l2} = {d2}", "mixed"


# -- Blocked (SP-CMP-2) ----------------------------------------------------------------------
def impose_block(ctx: RulesContext, c: Combatant, victim: Combatant, n: int, task: str,
                 protect: Any = None) -> None:
    if n <= 0:
        ctx.log(f"{c.name}'s complicate action on {victim.name} gets no successes: no Blocked",
                kind="action", actor=c, action="complicate", target=victim, outcome="failure")
        return
    against = ctx.find(str(protect)).id if protect else None
    name = f"Blocked {n}"
    ctx.add_condition(victim, name, quiet=True,
                      data={"blocked": n, "task": task, "against": against, "blocked_by": c.id})
    what = f"attacks on {ctx.enc.name_of(against)}" if against else task
    ctx.log(f"{c.name} complicates {victim.name}: Complication (Blocked) {n} on {what} "
            "(buy it off or the action fails)", kind="condition", actor=c, action="complicate",
            target=victim, outcome=f"Blocked {n}", blocked=n, task=task)


def blocked_for(c: Combatant, *, target: Combatant | None = None, task: str = "",
                attack: bool = False) -> tuple[int, list[str]]:
    n = 0
    names = []
    for cond in c.conditions:
        b = cond.data.get("blocked")
        if not b:
            continue
        t = str(cond.data.get("task") or "").lower()
        hit = False
        if target is not None and cond.data.get("against") == target.id:
            hit = True
        elif attack and t.startswith("attack") and (target is None or not cond.data.get("against")):
            hit = True
        elif task and t and (task.lower().startswith(t) or t.startswith(task.lower())):
            hit = True
        if hit:
            n = max(n, int(b))
            names.append(cond.name)
    return n, names


# -- attacks (SP-ATK-*) ----------------------------------------------------------------------
@dataclass
class AttackResult:
    hit: bool = False
    outcome: str = "miss"
    conditions: int = 0
    levels: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    """What inflicts each Condition (Inflict Damage, Critical ...), for the log."""


STUNT_NAMES = ("damage", "critical", "disarm", "blind", "breakgrapple", "enhance", "complicate",
               "none", "auto")
RATED_STUNTS = ("enhance", "complicate")
"""General Stunts with a rating N (``enhance2``): N successes for Enhancement / Complication N."""


def buy_off_blocked(ctx: RulesContext, c: Combatant, rest: int, n: int, names: list[str],
                    notes: list[str], what: str) -> tuple[int, bool]:
    """Spend ``n`` spare successes on a Blocked complication (SP-CMP-2): it is bought off and
    lifted, or the action fails. Returns the successes left and whether it may go on."""
    if not n:
        return rest, True
    if rest >= n:
        notes.append(f"buys off Blocked {n}")
        for nm in names:
            ctx.remove_condition(c, nm, quiet=True)
        return rest - n, True
    notes.append(f"cannot buy off Blocked {n}: the {what} fails (SP-CMP-2)")
    return rest, False


def settle(ctx: RulesContext, c: Combatant, cmp_n: int, rest: int, notes: list[str], *,
           can_buy: bool = True) -> int:
    """SP-DICE-5: buy off a roll's Complication (injury, Complicate Stunt) with threshold
    successes, or leave it: +1 Momentum to the other side. Returns the successes left."""
    if not cmp_n:
        return rest
    if can_buy and rest >= cmp_n:
        notes.append(f"buys off Complication {cmp_n}")
        return rest - cmp_n
    notes.append(f"Complication {cmp_n} not bought off: +1 Momentum to the "
                 + ("Storyguide" if is_pc(c) else "players"))
    momentum(ctx, "storyguide" if is_pc(c) else "players", 1)
    return rest


def parse_stunts(text: str | None) -> list[tuple[str, int]]:
    """``damage+critical+enhance2`` -> [("damage", 0), ("critical", 0), ("enhance", 2)]."""
    if not text:
        return [("auto", 0)]
    out = []
    for w in re.split(r"[+,/;]", str(text)):
        w = w.strip().lower().replace("_", "").replace("-", "").replace(":", "")
        if not w:
            continue
        m = re.fullmatch(r"([a-z]+)(\d*)", w)
        word, num = (m.group(1), m.group(2)) if m else (w, "")
        hits = [s for s in STUNT_NAMES if s == word] or [s for s in STUNT_NAMES if s.startswith(word)]
        if len(hits) != 1:
            raise RuleError(f'no stunt "{w}" (stunts: {", ".join(STUNT_NAMES)}; '
                            "enhance2 / complicate2 buy a rating of 2)")
        if num and hits[0] not in RATED_STUNTS:
            raise RuleError(f'stunt "{w}": only enhance and complicate take a number')
        n = int(num or 1) if hits[0] in RATED_STUNTS else 0
        if hits[0] in RATED_STUNTS and n < 1:
            raise RuleError(f'stunt "{w}": the rating is 1 or more')
        out.append((hits[0], n))
    return out


def attack_targets(ctx: RulesContext, c: Combatant, a: ActionRequest) -> list[Combatant]:
    """The target and any further targets named after it (SP-ATK-1: "target (or targets)")."""
    targets = [ctx.combatant(a.target or "")] + [ctx.find(w) for w in a.args]
    seen: set[str] = set()
    for t in targets:
        if t.id == c.id:
            raise RuleError(f"{c.name} cannot attack themself")
        if t.out:
            raise RuleError(f"{t.name} is already {t.status}")
        if t.id in seen:
            raise RuleError(f"{t.name} is named twice")
        seen.add(t.id)
    return targets


def plan_shares(avail: int, needs: list[int], opts: dict[str, Any], mode: str) -> list[int]:
    """How many successes go to each target of a several-target attack: ``mode`` "split"
    divides them (split=3+2, default: in order, each target what it ``needs`` - its Defense
    plus one Inflict Damage - while enough are left, the rest to the first); "each" compares
    the whole total against every target."""
    if len(needs) == 1 or mode == "each":
        if opts.get("split"):
            raise RuleError("split= divides the successes of an attack on several targets")
        return [avail] * len(needs)
    if opts.get("split"):
        try:
            shares = [int(x) for x in str(opts["split"]).split("+")]
        except ValueError:
            raise RuleError("split= gives each target's successes joined by +, e.g. split=3+2"
                            ) from None
        if len(shares) != len(needs) or min(shares) < 0:
            raise RuleError(f"split= needs {len(needs)} numbers of 0 or more joined by +, "
                            f"one per target (e.g. split={'+'.join('1' * len(needs))})")
        if sum(shares) > avail:
            raise RuleError(f"split={opts['split']} spends {sum(shares)} successes, the roll "
                            f"has {avail}: undo and split again")
        return shares
    shares = []
    left = avail
    for need in needs:
        take = min(left, need) if left >= need else 0
        shares.append(take)
        left -= take
    shares[0] += left
    return shares


def attack(ctx: RulesContext, c: Combatant, a: ActionRequest, *, weapon: dict[str, Any] | None = None,
           pool_text: str | None = None, thrown_person: Combatant | None = None,
           budget: bool = True, verb: str = "attack") -> AttackResult:
    opts = a.options
    targets = attack_targets(ctx, c, a)
    w = weapon or weapon_of(ctx.tables, c, opts.get("weapon"))
    tags = list(w["tags"])
    if flag(opts, "push") and "Pushing" not in tags:
        raise RuleError(f"push=yes needs a weapon with the Pushing tag ({w['name']}: "
                        f"{', '.join(tags)})")
    half = second_half(ctx, c, opts)
    if budget:
        use_action(ctx, c, "mixed" if half else "simple", attack=True)
    rngs = []
    for t in targets:
        rng = match_band(ctx, str(opts["range"])) if opts.get("range") else (
            band(ctx, c, t) or str(w.get("range", "close")))
        if "Melee" in tags and rng != "close":
            raise RuleError(f"{c.name}'s {w['name']} reaches close range only "
                            f"({t.name} is at {rng} range: range=close if they are close)")
        rngs.append(rng)
    main_pool = str(pool_text or opts.get("pool") or c.stats.get("attack_pool") or w["pool"])
    check_harm_options(ctx, opts)
    pool_of(c, main_pool)
    ally = ctx.find(str(opts["ally"])) if opts.get("ally") else c
    mode = str(ctx.tables["attack"]["several_targets"])
    plan_shares(10 ** 9, [0] * len(targets), opts, mode)  # a bad split= is refused before the roll
    # Step 1: each target's Defense (rolled the first time it is attacked this round).
    defenses = [defense_against(ctx, t, c, rng) for t, rng in zip(targets, rngs, strict=True)]
    # Step 2: the attack roll, successes + Enhancements.
    enh = int(opts.get("enh") or 0)
    team = min(int(opts.get("team") or 0), int(ctx.tables["dice"]["teamwork_max"]))
    scale_enh = scale_enhancement(ctx, c, targets[0])
    blind = c.has_condition("Blinded") and ("Ranged" in tags or "Thrown" in tags)
    dice, label, _kind = mixed_dice(ctx, c, main_pool, half)
    names = ", ".join(t.name for t in targets)
    r = roll_pool(ctx, c, f"{verb} {names} ({w['name']})", dice, label,
                  enhancement=enh + team + scale_enh, injury=not flag(opts, "waive"))
    give = split(r, half, opts)
    avail = r.total - give
    head_notes = list(r.notes)
    if blind:
        ctx.remove_condition(c, "Blinded", reason="spent on this attack")
        head_notes.append("Blinded +1 Difficulty")
    if scale_enh:
        head_notes.append(f"Scale Enhancement +{scale_enh}")
    if team:
        head_notes.append(f"Teamwork +{team}")
    needs = [d + r.extra_difficulty + (1 if blind else 0) for d, _ in defenses]
    dmg_cost = int(ctx.tables["stunts"]["inflict_damage"])
    shares = plan_shares(avail, [nd + dmg_cost + int(t.stats.get("armor") or 0)
                                 for nd, t in zip(needs, targets, strict=True)], opts, mode)
    buy = str(opts.get("buy") or "last")
    cmp_left = r.complication if buy != "no" else 0
    several = len(targets) > 1
    wtext = "unarmed" if w["name"] == "unarmed" else f"with {w['name']}"
    if several:
        how = ("successes split " + "+".join(map(str, shares)) if mode == "split"
               else "the total against each")
        ctx.log(f"{c.name} {verb}s {names} {wtext}: {faces_text(r)}"
                + (f", {give} to {half.what}" if half else "") + f"; {how}"
                + (f"; {'; '.join(head_notes)}" if head_notes else ""),
                kind="roll", actor=c, action=verb, roll=r.roll, successes=r.successes,
                shares=shares, targets=[t.name for t in targets])
    results: list[tuple[Combatant, AttackResult]] = []
    total_conditions = 0
    for n, (t, rng) in enumerate(zip(targets, rngs, strict=True)):
        notes = [] if several else list(head_notes)
        res, rest, cmp_left, stunts_bought = hit_and_stunts(
            ctx, c, t, shares[n], needs[n], opts, cmp_left, ally, first=(n == 0), notes=notes)
        results.append((t, res))
        total_conditions += res.conditions
        if n == len(targets) - 1:
            unpaid = cmp_left if buy != "no" else r.complication
            settle(ctx, c, unpaid, 0, notes, can_buy=False)
            if not any(x.hit for _, x in results) and is_pc(c):
                notes.append("Consolation: +1 Momentum to the players")
                momentum(ctx, "players", 1)
        if rest > 0:
            notes.append(f"{rest} success(es) unspent")
        if rng == "close":
            set_band(ctx, c, t, "close")
        if several:
            head = (f"  {t.name} at {rng} range: {shares[n]} success(es) vs Defense {needs[n]} "
                    f"({defenses[n][1]})")
        else:
            head = (f"{c.name} {verb}s {t.name} {wtext} at {rng} range: {faces_text(r)}"
                    + (f", {give} to {half.what}" if half else "")
                    + f" vs Defense {needs[n]} ({defenses[n][1]})")
        tail = "; ".join(stunts_bought + notes)
        ctx.log(f"{head}: {res.outcome}" + (f"; {tail}" if tail else ""), kind="attack",
                actor=c, action=verb, target=t, roll=None if several else r.roll,
                difficulty=needs[n], outcome=res.outcome,
                successes=shares[n] if several else r.successes,
                enhancement=0 if several else r.enhancement, defense=needs[n],
                stunts=stunts_bought, conditions=res.conditions, weapon=w["name"], range=rng)
    if half is not None:
        resolve_half(ctx, c, half, opts)
    for n, (t, res) in enumerate(results):
        if res.conditions:
            apply_conditions(ctx, c, t, res, tags, opts, prefix="" if n == 0 else "-")
        if res.hit:
            tag_effects(ctx, c, t, res, tags, opts, exclude={x.id for x, _ in results}
                        | ({thrown_person.id} if thrown_person else set()))
    if thrown_person is not None and total_conditions:
        pres = AttackResult(hit=True, conditions=total_conditions)
        apply_conditions(ctx, c, thrown_person, pres, tags, opts, prefix="p",
                         source=f"thrown into {targets[0].name} (SP-THROW-2)")
    return results[0][1]


def hit_and_stunts(ctx: RulesContext, c: Combatant, t: Combatant, avail: int, need: int,
                   opts: dict[str, Any], cmp_n: int, ally: Combatant, *, first: bool,
                   notes: list[str]) -> tuple[AttackResult, int, int, list[str]]:
    """SP-ATK-3 for one target: meet its Defense, buy off Blocked (SP-CMP-2), buy Stunts, and
    the roll's Complication (``buy=first`` before the Stunts, else after). Returns the result,
    the successes left, the Complication still unbought and the Stunts bought."""
    res = AttackResult()
    stunts_bought: list[str] = []
    rest = avail - need
    if rest < 0:
        return res, 0, cmp_n, stunts_bought
    res.hit, res.outcome = True, "hit"
    blocked_n, blocked_names = blocked_for(c, target=t, attack=True)
    rest, ok = buy_off_blocked(ctx, c, rest, blocked_n, blocked_names, notes, "attack")
    if not ok:
        res.hit, res.outcome = False, "blocked"
        return res, 0, cmp_n, stunts_bought
    buy = str(opts.get("buy") or "last")
    if cmp_n and buy == "first" and rest >= cmp_n:
        rest = settle(ctx, c, cmp_n, rest, notes)
        cmp_n = 0
    st = ctx.tables["stunts"]
    armor = int(t.stats.get("armor") or 0)
    cost_dmg = int(st["inflict_damage"]) + armor
    scale_adv = max(0, int(c.stats.get("scale") or 0) - int(t.stats.get("scale") or 0))
    max_dmg = 1 + (scale_adv if st["extra_damage_per_scale"] else 0)
    dmg = crit = 0
    plan = parse_stunts(opts.get("stunts"))
    auto = plan == [("auto", 0)]
    if auto:
        plan = [("damage", 0)] * max_dmg + ([("critical", 0)] if st["auto_critical"] else [])
    costs = {"critical": int(st["critical"]), "disarm": int(st["disarm"]),
             "blind": int(st["blind"]), "breakgrapple": int(st["break_grapple"])}
    for s, rating in plan:
        if s in ("none", "auto"):
            continue
        if s == "damage":
            if dmg >= max_dmg:
                if not auto:
                    notes.append(f"Inflict Damage only {max_dmg}x (Scale advantage {scale_adv})")
                continue
            if rest >= cost_dmg:
                rest -= cost_dmg
                dmg += 1
                stunts_bought.append(f"Inflict Damage ({cost_dmg}"
                                     + (f" = 0 + Armor {armor}" if armor else "") + ")")
            elif not auto:
                notes.append(f"not enough for Inflict Damage (costs {cost_dmg})")
            continue
        if s in RATED_STUNTS and not first:
            continue  # Enhance / Complicate are bought once, on the first target
        cost = rating if s in RATED_STUNTS else costs[s]
        if s == "critical" and not dmg:
            if not auto:
                notes.append("Critical needs Inflict Damage first")
            continue
        if rest < cost:
            if not auto:
                notes.append(f"not enough for {s} (costs {cost}, {rest} left)")
            continue
        rest -= cost
        if s == "critical":
            crit += 1
            stunts_bought.append(f"Critical ({cost})")
        elif s == "disarm":
            stunts_bought.append(f"Disarm ({cost})")
            ctx.add_condition(t, "Disarmed")
        elif s == "blind":
            stunts_bought.append(f"Blinding ({cost})")
            ctx.add_condition(t, "Blinded")
        elif s == "breakgrapple":
            stunts_bought.append(f"Break Up Grapple ({cost})")
            for o in ctx.enc.combatants:
                for cond in list(o.conditions):
                    if cond.name == "Grappled" and cond.data.get("by") == t.id:
                        ctx.remove_condition(o, "Grappled", reason=f"{c.name} breaks it up")
        elif s == "enhance":
            stunts_bought.append(f"Enhance {cost} ({ally.name}'s next roll)")
            add_pending(ally, "enh", cost, c)
        else:
            stunts_bought.append(f"Complicate {cost} ({t.name}'s next roll)")
            add_pending(t, "cmp", cost, c)
    if cmp_n and buy != "no" and rest >= cmp_n:
        rest = settle(ctx, c, cmp_n, rest, notes)
        cmp_n = 0
    res.conditions = dmg + crit
    res.sources = ["Inflict Damage"] * dmg + ["Critical"] * crit
    mult = minor_multiplier(ctx, c, t)
    if mult > 1 and res.conditions:
        notes.append(f"Scale x{mult} against a minor character: {res.conditions} -> "
                     f"{res.conditions * mult} Injury Conditions")
        res.conditions *= mult
        res.sources = [f"{x}, Scale x{mult}" for x in res.sources for _ in range(mult)]
    return res, rest, cmp_n, stunts_bought


def add_pending(c: Combatant, kind: str, n: int, source: Combatant) -> None:
    """An Enhance / Complicate Stunt waiting for ``c``'s next action roll."""
    c.data.setdefault("pending", []).append({"kind": kind, "n": n, "from": source.name})


def minor_multiplier(ctx: RulesContext, c: Combatant, t: Combatant) -> int:
    """Scale against minor characters multiplies results (x2, x5, x10 ... by rank advantage)."""
    sc = ctx.tables["scale"]
    if not t.stats.get("minor") or not sc["minor_multiplies"]:
        return 1
    adv = int(c.stats.get("scale") or 0) - int(t.stats.get("scale") or 0)
    if adv <= 0:
        return 1
    table = list(sc["minor_multiplier"])
    return int(table[min(adv, len(table) - 1)])


def tag_effects(ctx: RulesContext, c: Combatant, t: Combatant, res: AttackResult,
                tags: list[str], opts: dict[str, Any], *, exclude: set[str]) -> None:
    """What a hit's tags do: Pushing (push=yes knocks the target Prone after an Injury
    Condition), Stun (Taken Out means unconscious), Shockwave (one Injury Condition on
    everyone else at close range of the target)."""
    if "Pushing" in tags:
        if flag(opts, "push") and res.conditions and not t.out:
            if not t.has_condition("Prone"):
                ctx.add_condition(t, "Prone", quiet=True)
            ctx.log(f"{t.name} is knocked Prone (Pushing)", kind="condition", actor=c,
                    target=t, outcome="+Prone")
        elif res.conditions and not t.out:
            ctx.note(f"Pushing: push=yes knocks {t.name} Prone after an Injury Condition")
    if "Stun" in tags and t.out and res.conditions:
        ctx.set_status(t, "Taken Out (unconscious)", out=True)
        ctx.log(f"{t.name} is knocked unconscious (Stun)", kind="condition", actor=c,
                target=t, outcome="unconscious")
    if "Shockwave" in tags and ctx.tables["attack"]["shockwave_hits_close"]:
        shock = str(opts.get("shock") or "")
        if shock.lower() == "none":
            return
        if shock:
            others = [ctx.find(x) for x in shock.split("+") if x.strip()]
        else:
            others = [o for o in ctx.enc.combatants if o.id not in exclude | {c.id}
                      and not o.out and band(ctx, t, o) == "close"]
        if not others:
            ctx.note(f"Shockwave: nobody is recorded at close range of {t.name} "
                     "(shock=NAME+NAME names them)")
        for o in others:
            if o.id in exclude | {c.id} or o.out:
                continue
            apply_conditions(ctx, c, o, AttackResult(hit=True, conditions=1), tags, {}, prefix="-",
                             source=f"Shockwave from the hit on {t.name}")


def check_harm_options(ctx: RulesContext, opts: dict[str, Any]) -> None:
    """Refuse a bad stunts=/box=/shock= before any die is rolled."""
    parse_stunts(opts.get("stunts"))
    for key in ("box", "pbox"):
        for b in re.split(r"[+,/;]", str(opts.get(key) or "")):
            if b.strip():
                injuries.match_level(b, ctx.tables, taken_out=True)
    shock = str(opts.get("shock") or "")
    if shock and shock.lower() != "none":
        for x in shock.split("+"):
            if x.strip():
                ctx.find(x)


def apply_conditions(ctx: RulesContext, c: Combatant, t: Combatant, res: AttackResult,
                     tags: list[str], opts: dict[str, Any], *, prefix: str = "",
                     source: str = "") -> None:
    """Inflict ``res.conditions`` Injury Conditions on ``t``. ``prefix`` "" reads box=, name=,
    name2=; "p" reads pbox=, pname= (a thrown person); "-" reads nothing (the player's
    choice falls back to the least severe free box)."""
    persistent = "Aggravated" in tags or (
        "Lethal" in tags and bool(ctx.tables["injury"]["lethal_persistent_vs_mortals"])
        and is_mortal(t))
    boxes = [b.strip() for b in re.split(r"[+,/;]", str(opts.get(prefix + "box") or ""))
             if b.strip()] if prefix != "-" else []
    names = ([opts.get("name"), opts.get("name2")] if prefix == "" else
             [opts.get("pname")] if prefix == "p" else [])
    for k in range(res.conditions):
        box = boxes[k] if k < len(boxes) else None
        name = names[k] if k < len(names) else None
        why = source or (res.sources[k] if k < len(res.sources) else "Inflict Damage")
        res.levels.append(injuries.inflict(ctx, t, box=box, name=name, persistent=persistent,
                                           source=why, attacker=c, strict=False))
        if res.levels[-1] == injuries.TAKEN_OUT:
            if k + 1 < res.conditions:
                ctx.note(f"{t.name} is Taken Out: {res.conditions - k - 1} more Injury "
                         "Condition(s) not needed")
            break


def momentum(ctx: RulesContext, side: str, n: int) -> None:
    """Add ``n`` to a Momentum pool and tell the GM both pools."""
    m = ctx.enc.data.setdefault("momentum", {"players": 0, "storyguide": 0})
    m[side] = int(m.get(side, 0)) + n
    ctx.note(f"Momentum now: players {m.get('players', 0)}, Storyguide {m.get('storyguide', 0)}")


# -- other actions ---------------------------------------------------------------------------
def full_defense(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    if a.options.get("mixed"):
        raise RuleError("Full Defense is a simple action: it cannot be part of a mixed action")
    dive = ctx.find(str(a.options["dive"])) if a.options.get("dive") else None
    if dive is not None:
        held_fast(c, "Dive for Cover")
    use_action(ctx, c, "simple")
    value = roll_defense(ctx, c, full=True, dive=dive)
    set_defense(ctx, c, value, "full", full=True)


def react_defend(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    df = c.data.get("defense")
    if df and ctx.tables["defense"]["scope"] == "round":
        raise RuleError(f"{c.name}'s Defense is already {df['value']} ({df['how']}) this round")
    mode = str(a.options.get("mode") or "roll")
    dive = ctx.find(str(a.options["dive"])) if a.options.get("dive") else None
    if dive is not None:
        held_fast(c, "Dive for Cover")
    if dive is not None and mode == "standard":
        raise RuleError("Dive for Cover spends rolled Defense successes: mode=roll")
    if mode == "standard":
        value = int(ctx.tables["defense"]["standard"])
        ctx.log(f"{c.name} takes the standard Defense {value}", kind="defense", actor=c,
                action="defend", outcome=str(value))
    else:
        value = roll_defense(ctx, c, dive=dive)
    set_defense(ctx, c, value, mode if mode == "standard" else "rolled")


def complicate(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """SP-CMP-1/2: part of a mixed action; Blocked N on the target's stated task."""
    opts = a.options
    victim = ctx.combatant(a.target or "")
    task = str(opts.get("task") or "")
    protect = opts.get("protect")
    if not task and not protect:
        raise RuleError('complicate needs the task it stops: task="open the door" or protect=NAME')
    if protect and not task:
        task = f"attack {ctx.find(str(protect)).name}"
    elif protect:
        ctx.find(str(protect))
    main_pool = str(opts.get("pool") or "athletics+might")
    check_harm_options(ctx, opts)
    half = None
    if opts.get("mixed") or opts.get("other"):
        half = Half(pool=str(opts.get("mixed") or "athletics+dexterity"),
                    what=str(opts.get("other") or "the other action"),
                    need=int(opts.get("odiff") or ctx.tables["dice"]["difficulty"]))
        if half.what.lower() == "stand":
            half.need = 2
    use_action(ctx, c, "mixed")
    dice, label, _ = mixed_dice(ctx, c, main_pool, half)
    r = roll_pool(ctx, c, f"complicate {victim.name}", dice, label,
                  enhancement=bonus(ctx, opts), injury=not flag(opts, "waive"))
    give = split(r, half, opts)
    n = r.total - give
    notes: list[str] = list(r.notes)
    if r.complication:  # keep at least 1 success for the Blocked
        n = 1 + settle(ctx, c, r.complication, n - 1, notes,
                       can_buy=str(opts.get("buy") or "last") != "no")
    cmp_note = "".join(f"; {x}" for x in notes)
    ctx.log(f"{c.name} complicates {victim.name} ({task}): {faces_text(r)}"
            + (f", {give} to {half.what}" if half else "") + cmp_note,
            kind="action", actor=c, action="complicate", target=victim, roll=r.roll,
            outcome=f"Blocked {n}", successes=r.successes)
    impose_block(ctx, c, victim, n, task, protect)
    if half is not None:
        resolve_half(ctx, c, half, opts)


def do_task(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """A generic rolled action: pool vs Difficulty; a Blocked Complication on the task must be
    bought off or the action fails (SP-CMP-2)."""
    opts = a.options
    if not opts.get("pool"):
        raise RuleError("do needs a pool: do pool=athletics+dexterity [diff=N] [task=TEXT]")
    task = str(opts.get("task") or "")
    half = second_half(ctx, c, opts)
    if flag(opts, "reflexive"):
        if half:
            raise RuleError("a reflexive action is not a mixed action")
        use_reflexive(ctx, c)
    else:
        use_action(ctx, c, "mixed" if half else "simple")
    diff = max(int(ctx.tables["dice"]["difficulty"]), int(opts.get("diff") or ctx.tables["dice"]["difficulty"]))
    dice, label, _ = mixed_dice(ctx, c, str(opts["pool"]), half)
    r = roll_pool(ctx, c, task or "action", dice, label,
                  enhancement=bonus(ctx, opts),
                  injury=not flag(opts, "waive"))
    give = split(r, half, opts)
    n = r.total - give
    need = diff + r.extra_difficulty
    rest = n - need
    target = ctx.combatant(a.target) if a.target else None
    bn, bnames = blocked_for(c, target=target, task=task) if task or target else (0, [])
    notes = list(r.notes)
    ok = rest >= 0
    outcome = "success" if ok else "failure"
    if ok:
        rest, ok = buy_off_blocked(ctx, c, rest, bn, bnames, notes, "action")
        if not ok:
            outcome = "blocked"
    if ok and r.complication:
        rest = settle(ctx, c, r.complication, rest, notes,
                      can_buy=str(opts.get("buy") or "last") != "no")
    if not ok and outcome == "failure":
        notes.append("Consolation: +1 Momentum to the players" if is_pc(c) else "")
        if is_pc(c):
            momentum(ctx, "players", 1)
    if ok and rest > 0:
        notes.append(f"{rest} threshold success(es) for Stunts")
    tail = "; ".join(x for x in notes if x)
    ctx.log(f"{c.name}: {task or 'action'} {faces_text(r)}"
            + (f", {give} to {half.what}" if half else "")
            + f" vs Difficulty {need}: {outcome}" + (f"; {tail}" if tail else ""),
            kind="action", actor=c, action="do", target=target, roll=r.roll, difficulty=need,
            outcome=outcome, successes=r.successes, threshold=max(0, rest) if ok else 0)
    if half is not None:
        resolve_half(ctx, c, half, opts)


def stand_result(ctx: RulesContext, c: Combatant, n: int, opts: dict[str, Any]) -> None:
    """SP-PRONE-3: Athletics, Difficulty 1 with Complication 1; unbought -> an Injury Condition."""
    diff = int(ctx.tables["dice"]["difficulty"])
    stood = n >= diff
    bought = n >= diff + 1
    if stood:
        ctx.remove_condition(c, "Prone", quiet=True)
    text = (f"{c.name} stands up ({n} success(es) vs Difficulty {diff} + Complication 1): "
            f"{'stands' if stood else 'stays down'}, Complication "
            f"{'bought off' if bought else 'not bought off: the opponent punishes it'}")
    ctx.log(text, kind="action", actor=c, action="stand", difficulty=diff,
            outcome="stands" if stood else "prone", successes=n, bought_off=bought)
    if not bought:
        injuries.inflict(ctx, c, box=opts.get("box"), name=opts.get("name"), strict=False,
                         source="standing up next to an enemy (SP-PRONE-3)")


def stand(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    opts = a.options
    if not c.has_condition("Prone"):
        raise RuleError(f"{c.name} is not Prone")
    check_harm_options(ctx, opts)
    engaged = opponents_close(ctx, c)
    if opts.get("engaged") is not None:
        engaged = engaged or ([c] if flag(opts, "engaged") else [])
        if not flag(opts, "engaged"):
            engaged = []
    if not engaged:
        use_reflexive(ctx, c)
        ctx.remove_condition(c, "Prone", quiet=True)
        ctx.log(f"{c.name} stands up (reflexive: no enemy at close range)", kind="action",
                actor=c, action="stand", outcome="stands")
        return
    # SP-PRONE-2: with an opponent at close range it is part of a mixed action.
    use_action(ctx, c, "mixed")
    main = str(opts.get("pool") or "athletics+dexterity")
    half = None
    if opts.get("mixed"):
        half = Half(pool=str(opts["mixed"]), what=str(opts.get("other") or "the other action"),
                    need=int(opts.get("odiff") or ctx.tables["dice"]["difficulty"]))
    dice, label, _ = mixed_dice(ctx, c, main, half)
    r = roll_pool(ctx, c, "stand up", dice, label, enhancement=int(opts.get("enh") or 0),
                  injury=not flag(opts, "waive"))
    give = split(r, half, opts)
    n = r.total - give
    near = ", ".join(o.name for o in engaged if o.id != c.id) or "an enemy"
    notes = list(r.notes)
    if r.complication:  # after the stand-up's own Complication 1 (Difficulty 1 + 1)
        n = 2 + settle(ctx, c, r.complication, n - 2, notes, can_buy=n >= 2)
    ctx.log(f"{c.name} tries to stand with {near} at close range: {faces_text(r)}"
            + (f", {give} to {half.what}" if half else "")
            + "".join(f"; {x}" for x in notes), kind="roll", actor=c,
            action="stand", roll=r.roll, successes=r.successes)
    stand_result(ctx, c, n, opts)
    if half is not None:
        resolve_half(ctx, c, half, opts)


def go_prone(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    if c.has_condition("Prone"):
        raise RuleError(f"{c.name} is already Prone")
    use_reflexive(ctx, c)
    ctx.add_condition(c, "Prone")


def held_fast(c: Combatant, what: str) -> None:
    """SP-GRAP-1: a Grappled character cannot move from the spot."""
    if c.has_condition("Grappled"):
        raise RuleError(f"{c.name} is Grappled and cannot move from the spot ({what}): "
                        "escape first")


def reflexive(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    typed = (a.text.split() or [""])[0].lower()
    if typed == "move":
        held_fast(c, "move")
    task = str(a.options.get("what") or (typed if typed in ("move", "draw") else ""))
    bn, _ = blocked_for(c, task=task) if task else (0, [])
    if bn:  # SP-CMP-2: without a roll there is nothing to buy the Complication off with
        raise RuleError(f"{c.name} is Blocked {bn} on that: roll it to buy it off "
                        f'(act {c.name} do pool=P task="{task}"), or it fails')
    use_reflexive(ctx, c)
    what = str(a.options.get("what") or "a reflexive action")
    ctx.log(f"{c.name}: {what} (reflexive)", kind="action", actor=c, action="reflexive")


def opposed(ctx: RulesContext, a: Combatant, b: Combatant, pool_a: str, pool_b: str, what: str,
            *, a_wins_ties: bool) -> tuple[bool, PoolRoll, PoolRoll, str]:
    """SP-DICE-6: ``a`` against ``b``'s successes. Returns whether ``a`` wins, both rolls and
    a tail for the log (``a``'s Complication bought off with the margin, or Momentum)."""
    ra = roll_named(ctx, a, what, pool_a, enhancement=scale_enhancement(ctx, a, b))
    rb = roll_named(ctx, b, f"resist {what}", pool_b, penalty_ok=False,
                    enhancement=scale_enhancement(ctx, b, a))
    win = ra.total > rb.total or (ra.total == rb.total and a_wins_ties)
    notes = list(ra.notes)
    settle(ctx, a, ra.complication, ra.total - rb.total, notes, can_buy=win)
    return win, ra, rb, "".join(f"; {x}" for x in notes)


def grappled_by(c: Combatant) -> str | None:
    for cond in c.conditions:
        if cond.name == "Grappled":
            return cond.data.get("by")
    return None


def grapple(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """An attack (Close Combat + Might by default) that on a hit puts the target in a grapple."""
    t = ctx.combatant(a.target or "")
    opts = dict(a.options)
    opts.setdefault("stunts", "none")
    opts.setdefault("range", "close")
    req = a.model_copy(update={"options": opts})
    w = weapon_of(ctx.tables, c, "unarmed")
    res = attack(ctx, c, req, weapon=w, pool_text=str(a.options.get("pool") or "close_combat+might"),
                 verb="grapple")
    if res.hit:
        ctx.add_condition(t, "Grappled", data={"by": c.id}, quiet=True)
        ctx.log(f"{t.name} is Grappled by {c.name}: cannot move from the spot", kind="condition",
                actor=c, target=t, outcome="+Grappled")


def drag(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """SP-GRAP-1: opposed Might + Athletics; the grappler wins ties."""
    t = ctx.combatant(a.target or "")
    if grappled_by(t) != c.id:
        raise RuleError(f"{t.name} is not Grappled by {c.name} (grapple {t.name} first)")
    use_action(ctx, c, "simple")
    win, ra, rb, tail = opposed(ctx, c, t, "might+athletics", "might+athletics",
                                f"drag {t.name}", a_wins_ties=True)
    ctx.log(f"{c.name} drags {t.name}: {faces_text(ra)} vs {faces_text(rb)}: "
            f"{'dragged' if win else 'holds ground'}"
            + (" (grappler wins ties)" if ra.total == rb.total else "") + tail,
            kind="action", actor=c, action="drag", target=t, roll=ra.roll, difficulty=rb.total,
            outcome="success" if win else "failure")


def escape(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """SP-GRAP-2: opposed (Close Combat or Athletics) + (Dexterity or Might); success may reverse."""
    by = grappled_by(c)
    if not by:
        raise RuleError(f"{c.name} is not Grappled")
    g = ctx.combatant(by)
    use_action(ctx, c, "simple")
    pool_c = str(a.options.get("pool") or
                 f"{best_of(c, ['close_combat', 'athletics'])}+{best_of(c, ['dexterity', 'might'])}")
    pool_g = f"{best_of(g, ['close_combat', 'athletics'])}+{best_of(g, ['dexterity', 'might'])}"
    rc = roll_named(ctx, c, f"escape {g.name}'s grapple", pool_c, injury=not flag(a.options, "waive"),
                    enhancement=scale_enhancement(ctx, c, g))
    rg = roll_named(ctx, g, f"hold {c.name}", pool_g, penalty_ok=False,
                    enhancement=scale_enhancement(ctx, g, c))
    diff = max(int(ctx.tables["dice"]["difficulty"]), rg.total)  # SP-DICE-6
    ok = rc.total >= diff
    reverse = ok and flag(a.options, "reverse")
    notes = list(rc.notes)
    settle(ctx, c, rc.complication, rc.total - diff, notes, can_buy=ok)
    ctx.log(f"{c.name} tries to escape {g.name}: {faces_text(rc)} vs {faces_text(rg)} "
            f"(Difficulty {diff}): {'escapes' if ok else 'still held'}"
            + ("; reverses the grapple" if reverse else "")
            + "".join(f"; {x}" for x in notes), kind="action", actor=c,
            action="escape", target=g, roll=rc.roll, difficulty=diff,
            outcome="escaped" if ok else "held")
    if ok:
        ctx.remove_condition(c, "Grappled", quiet=True)
        if reverse:
            ctx.add_condition(g, "Grappled", data={"by": c.id}, quiet=True)
            ctx.log(f"{g.name} is Grappled by {c.name}", kind="condition", actor=c, target=g,
                    outcome="+Grappled")


def let_go(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    t = ctx.combatant(a.target or "")
    if grappled_by(t) != c.id:
        raise RuleError(f"{c.name} is not grappling {t.name}")
    use_reflexive(ctx, c)
    ctx.remove_condition(t, "Grappled", reason=f"{c.name} lets go")


def throw(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """SP-THROW-1/2: lift (Athletics + Might) or a grappled person (opposed, grappler wins ties),
    then an attack with Thrown, Pushing (+ Lethal/Bashing, Stun, Shockwave)."""
    opts = a.options
    t = ctx.combatant(a.target or "")
    person = ctx.find(str(opts["person"])) if opts.get("person") else None
    if person is not None and person.id in (c.id, t.id):
        raise RuleError("throw someone else at the target: person=NAME")
    if person is not None and grappled_by(person) != c.id:
        raise RuleError(f"to throw {person.name}, grapple them first (SP-THROW-1)")
    w = dict(weapon_of(ctx.tables, c, "thrown"))
    tags = [x for x in w["tags"] if x != "Bashing"]
    tags.insert(0, "Lethal" if flag(opts, "lethal") else "Bashing")
    if flag(opts, "stun"):
        tags.append("Stun")
    if flag(opts, "large"):
        tags.append("Shockwave")
    check_harm_options(ctx, opts)
    what = person.name if person else str(opts.get("object") or "an object")
    w["tags"] = tags
    w["name"] = what
    half = second_half(ctx, c, opts)
    use_action(ctx, c, "mixed" if half else "simple", attack=True)
    if person is not None:
        win, ra, rb, tail = opposed(ctx, c, person, "might+athletics", "might+athletics",
                                    f"throw {person.name}", a_wins_ties=True)
        ctx.log(f"{c.name} heaves {person.name}: {faces_text(ra)} vs {faces_text(rb)}: "
                f"{'lifted' if win else 'cannot throw them'}{tail}", kind="action", actor=c,
                action="lift", target=person, roll=ra.roll, difficulty=rb.total,
                outcome="success" if win else "failure")
    else:
        weight = max(1, int(opts.get("weight") or 1))
        r = roll_named(ctx, c, f"lift {what}", "athletics+might", injury=not flag(opts, "waive"))
        win = r.total >= weight
        notes = list(r.notes)
        settle(ctx, c, r.complication, r.total - weight, notes, can_buy=win)
        ctx.log(f"{c.name} lifts {what}: {faces_text(r)} vs Difficulty {weight}: "
                f"{'lifted' if win else 'too heavy'}" + "".join(f"; {x}" for x in notes),
                kind="action", actor=c, action="lift",
                roll=r.roll, difficulty=weight, outcome="success" if win else "failure")
    if not win:
        return
    attack(ctx, c, a, weapon=w, pool_text=str(opts.get("pool") or w["pool"]),
           thrown_person=person, budget=False, verb="throw")
    if person is not None:
        ctx.remove_condition(person, "Grappled", quiet=True)
