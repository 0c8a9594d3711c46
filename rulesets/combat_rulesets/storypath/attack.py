"""The attack action (SP-ATK-*): its target(s) and ranges, the roll, the successes shared among
several targets, then each target's Defense, Stunts and harm."""

from __future__ import annotations

from combat_cli.api import ActionRequest, Combatant, RuleError, RulesContext, Word

from .asked_reaction import ask_reaction
from .defense import defense_against
from .disarm import weapon_in_hand
from .harm import AttackResult, apply_conditions, tag_effects
from .mixed import given, mixed_dice, resolve_half, second_half, split
from .momentum import consolation, settle
from .options import Aim, Attack, Lift, Strike, yes
from .positions import band, match_band, set_band
from .records import AttackLogged, SplitLogged
from .rolls import faces_text, roll_pool
from .scale import scale_enhancement
from .schema import Tables, Weapon
from .stats import pool_of
from .stunts import check_harm_options, hit_and_stunts, stunt_effects
from .turns import use_action
from .words import says

_VERBED = {"attack": "{name} attacks {target}", "grapple": "{name} grapples {target}",
           "throw": "{name} throws {target}"}
"""The head of an attack's log line by the action that makes it."""


def attack_targets(ctx: RulesContext, c: Combatant, a: ActionRequest) -> list[Combatant]:
    """The target and any further targets named after it (SP-ATK-1: "target (or targets)")."""
    targets = [ctx.combatant(a.target or "")] + [ctx.find(w) for w in a.args]
    seen: set[str] = set()
    for t in targets:
        if t.id == c.id:
            raise RuleError("{name} cannot attack themself", name=c.name)
        if t.out:
            raise RuleError("{t} is already {status}", t=t.name, status=Word(t.status))
        if t.id in seen:
            raise RuleError("{t} is named twice", t=t.name)
        seen.add(t.id)
    return targets


def plan_shares(avail: int, needs: list[int], split: str | None, mode: str) -> list[int]:
    """How many successes go to each target of a several-target attack: ``mode`` "split"
    divides them (``split`` 3+2, default: in order, each target what it ``needs`` - its Defense
    plus one Inflict Damage - while enough are left, the rest to the first); "each" compares
    the whole total against every target."""
    if len(needs) == 1 or mode == "each":
        if split:
            raise RuleError("split= divides the successes of an attack on several targets")
        return [avail] * len(needs)
    if split:
        try:
            shares = [int(x) for x in split.split("+")]
        except ValueError:
            raise RuleError("split= gives each target's successes joined by +, e.g. split=3+2"
                            ) from None
        if len(shares) != len(needs) or min(shares) < 0:
            raise RuleError("split= needs {needs} numbers of 0 or more joined by +, one per target (e.g. split={value})", needs=len(needs), value='+'.join('1' * len(needs)))
        if sum(shares) > avail:
            raise RuleError("split={split} spends {shares} successes, the roll has {avail}: undo and split again", split=split, shares=sum(shares), avail=avail)
        return shares
    shares = []
    left = avail
    for need in needs:
        take = need if left >= need else 0
        shares.append(take)
        left -= take
    shares[0] += left
    return shares


def attack(ctx: RulesContext, c: Combatant, a: ActionRequest, *, o: Strike | None = None,
           weapon: Weapon | None = None, pool_text: str | None = None,
           thrown_person: Combatant | None = None, budget: bool = True,
           verb: str = "attack") -> AttackResult:
    """Attack the target(s) (SP-ATK-1..3). grapple and throw call it with their options ``o``
    (a :class:`Throw`, grapple's as an :class:`Attack`), ``weapon``, ``pool_text`` and
    ``verb``; throw has paid the action already (``budget`` False) and may hurl a
    ``thrown_person``, who takes as many Injury Conditions as the targets."""
    o = o if o is not None else Attack.of(a)
    aim = o if isinstance(o, Aim) else Aim()  # weapon=, split=: the attack action's own
    lift = o if isinstance(o, Lift) else Lift()  # pbox=, pname=: the thrown person's
    targets = attack_targets(ctx, c, a)
    w = weapon or weapon_in_hand(ctx, c, aim.weapon)
    tags = list(w.tags)
    if yes(o.push) and "Pushing" not in tags:
        raise RuleError("push=yes needs a weapon with the Pushing tag ({w}: {tags})", w=w.name, tags=', '.join(tags))
    half = second_half(ctx, c, o)
    if budget:
        use_action(ctx, c, "mixed" if half else "simple", attack=True)
    rngs = []
    for t in targets:
        rng = match_band(ctx, o.range) if o.range else (
            band(ctx, c, t) or w.range)
        if "Melee" in tags and rng != "close":
            raise RuleError("{name}'s {w} reaches close range only ({t} is at {rng} range: range=close if they are close)", name=c.name, w=Word(w.name), t=t.name, rng=Word(rng))
        rngs.append(rng)
    main_pool = str(pool_text or o.pool or c.stats.get("attack_pool") or w.pool)
    check_harm_options(ctx, stunts=o.stunts, boxes=(o.box, lift.pbox), shock=o.shock)
    pool_of(c, main_pool)
    ally = ctx.find(o.ally) if o.ally else c
    mode = Tables.of(ctx).attack.several_targets
    plan_shares(10 ** 9, [0] * len(targets), aim.split, mode)  # a bad split= is refused now
    # Step 1: each target's Defense (rolled the first time it is attacked this round), after
    # a PC's phone was asked for a reflexive reaction (Dive for Cover, drop Prone).
    for t, rng in zip(targets, rngs, strict=True):
        ask_reaction(ctx, t, c, rng)
    defenses = [defense_against(ctx, t, c, rng) for t, rng in zip(targets, rngs, strict=True)]
    # Step 2: the attack roll, successes + Enhancements.
    enh = o.enh or 0
    team = min(o.team or 0, Tables.of(ctx).dice.teamwork_max)
    scale_enh = scale_enhancement(ctx, c, targets[0])
    blind = c.has_condition("Blinded") and ("Ranged" in tags or "Thrown" in tags)
    dice, label = mixed_dice(c, main_pool, half)
    names = ", ".join(t.name for t in targets)
    vs = ", ".join(ctx.say("{name}'s Defense {n}", name=t.name, n=d)
                   for t, (d, _) in zip(targets, defenses, strict=True))
    r = roll_pool(ctx, c, ctx.say("{verb} {names} ({weapon})", verb=ctx.label(verb),
                                  names=names, weapon=ctx.label(w.name)), dice, label,
                  enhancement=enh + team + scale_enh, injury=not yes(o.waive),
                  vs=vs + (ctx.say(" +1 Blinded") if blind else ""))
    give = split(r, half, o.give)
    avail = r.total - give
    head_notes = list(r.notes)
    if blind:
        ctx.remove_condition(c, "Blinded", reason="spent on this attack")
        head_notes.append(ctx.say("Blinded +1 Difficulty"))
    if scale_enh:
        head_notes.append(ctx.say("Scale Enhancement +{n}", n=scale_enh))
    if team:
        head_notes.append(ctx.say("Teamwork +{n}", n=team))
    needs = [d + r.extra_difficulty + (1 if blind else 0) for d, _ in defenses]
    dmg_cost = Tables.of(ctx).stunts.inflict_damage
    shares = plan_shares(avail, [nd + dmg_cost + int(t.stats.get("armor") or 0)
                                 for nd, t in zip(needs, targets, strict=True)], aim.split, mode)
    buy = o.buy or "last"
    cmp_left = r.complication if buy != "no" else 0
    several = len(targets) > 1
    wtext = ctx.say("unarmed") if w.name == "unarmed" else \
        ctx.say("with {weapon}", weapon=ctx.label(w.name))
    if weapon is None and w.name == "unarmed" and c.has_condition("Disarmed"):
        wtext += ctx.say(" (Disarmed)")
    if several:
        how = (ctx.say("successes split {shares}", shares="+".join(map(str, shares)))
               if mode == "split" else ctx.say("the total against each"))
        ctx.log(ctx.say(_VERBED.get(verb, "{name} {verb}s {target}"), name=c.name, verb=verb,
                        target=names) + f" {wtext}: {faces_text(r, ctx)}"
                + given(half) + f"; {how}"
                + (f"; {'; '.join(head_notes)}" if head_notes else ""),
                kind="roll", actor=c, action=verb, roll=r.roll,
                **SplitLogged(successes=r.successes, shares=shares,
                              targets=[t.name for t in targets]).dump())
    results: list[tuple[Combatant, AttackResult]] = []
    total_conditions = 0
    for n, (t, rng) in enumerate(zip(targets, rngs, strict=True)):
        notes = [] if several else list(head_notes)
        res, rest, cmp_left, stunts_bought = hit_and_stunts(
            ctx, c, t, shares[n], needs[n], o, cmp_left, ally, first=(n == 0), notes=notes)
        results.append((t, res))
        total_conditions += res.conditions
        if n == len(targets) - 1:
            unpaid = cmp_left if buy != "no" else r.complication
            settle(ctx, c, unpaid, 0, notes, can_buy=False)
            if not any(x.hit for _, x in results):
                consolation(ctx, c, notes)
        if rest > 0:
            notes.append(says(ctx, "{n} success unspent", "{n} successes unspent", rest, n=rest))
        if rng == "close":
            set_band(ctx, c, t, "close")
        if several:
            head = "  " + says(
                ctx, "{name} at {range} range: {n} success vs Defense {defense} ({how})",
                "{name} at {range} range: {n} successes vs Defense {defense} ({how})", shares[n],
                name=t.name, range=Word(rng), n=shares[n], defense=needs[n],
                how=defenses[n][1])
        else:
            head = (ctx.say(_VERBED.get(verb, "{name} {verb}s {target}"), name=c.name,
                            verb=verb, target=t.name)
                    + " " + ctx.say("{weapon} at {range} range: {faces}", weapon=wtext,
                                    range=Word(rng), faces=faces_text(r, ctx))
                    + given(half)
                    + ctx.say(" vs Defense {defense} ({how})", defense=needs[n],
                              how=defenses[n][1]))
        tail = "; ".join(stunts_bought + notes)
        ctx.log(ctx.say("{head}: {outcome}{more}", head=head, outcome=Word(res.outcome),
                        more=f"; {tail}" if tail else ""), kind="attack",
                actor=c, action=verb, target=t, roll=None if several else r.roll,
                difficulty=needs[n], outcome=res.outcome,
                **AttackLogged(successes=shares[n] if several else r.successes,
                               enhancement=0 if several else r.enhancement, defense=needs[n],
                               stunts=stunts_bought, conditions=res.conditions, weapon=w.name,
                               range=rng, given=0 if several else give).dump())
    if half is not None:
        resolve_half(ctx, c, half, protect=o.protect, box=o.box, name=o.name)
    for n, (t, res) in enumerate(results):
        stunt_effects(ctx, c, t, res)
        if res.conditions:  # the player's choices (box=, name=) are for the first target
            apply_conditions(ctx, c, t, res, tags, box=o.box if n == 0 else None,
                             names=(o.name, o.name2) if n == 0 else ())
        if res.hit:
            tag_effects(ctx, c, t, res, tags, o, exclude={x.id for x, _ in results}
                        | ({thrown_person.id} if thrown_person else set()))
    if thrown_person is not None and total_conditions:
        pres = AttackResult(hit=True, conditions=total_conditions)
        apply_conditions(ctx, c, thrown_person, pres, tags, box=lift.pbox, names=(lift.pname,),
                         source=ctx.say("thrown into {name} (SP-THROW-2)",
                                        name=targets[0].name))
    return results[0][1]
