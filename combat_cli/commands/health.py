"""Health verbs: damage, heal, condition."""

from __future__ import annotations

from combat_cli.commands.parsing import partition
from combat_cli.commands.registry import Cmd, verb
from combat_cli.engine.capabilities import Healing, need
from combat_cli.engine.durations import DurationError, parse_duration
from combat_cli.engine.errors import CommandError
from combat_cli.engine.models import Combatant
from combat_cli.engine.queries import closest, find_combatant, find_many, match_word


@verb("damage", "damage NAME VALUE", "apply damage directly; the ruleset reads VALUE",
      aliases=("dmg",), details="A group's name damages each living member.")
def damage(cmd: Cmd) -> None:
    if len(cmd.args) < 2:
        raise cmd.usage_error("damage needs a name and a value")
    for c in find_many(cmd.enc, cmd.args[0]):
        need(cmd.ruleset, Healing).damage(cmd.ctx, c, " ".join(cmd.args[1:]))


@verb("heal", "heal NAME [VALUE]", "heal directly; the ruleset reads VALUE")
def heal(cmd: Cmd) -> None:
    if not cmd.args:
        raise cmd.usage_error("heal needs a name")
    c = find_combatant(cmd.enc, cmd.args[0])
    need(cmd.ruleset, Healing).heal(cmd.ctx, c, " ".join(cmd.args[1:]) or None)


def quote(name: str) -> str:
    return f'"{name}"' if " " in name else name


@verb("condition", "condition NAME +COND [for=DURATION] [secret] | condition NAME -COND",
      "add or remove a condition (for=3r, 10m, 1h ... ends it by itself; secret keeps it "
      "off the players' screen)", aliases=("cond",))
def condition(cmd: Cmd) -> None:
    pos, opts = partition(cmd.args)
    secret = len(pos) >= 3 and pos[-1].lower() == "secret"
    if secret:
        pos = pos[:-1]
    if len(pos) < 2:
        raise cmd.usage_error("condition needs a name and +COND or -COND")
    for c in find_many(cmd.enc, pos[0]):
        _condition_one(cmd, c, " ".join(pos[1:]), opts, secret)


def _condition_one(cmd: Cmd, c: Combatant, spec: str, opts: dict[str, str], secret: bool
                   ) -> None:
    if spec[:1] not in "+-" or len(spec) < 2:
        raise CommandError(f'write +{spec.lstrip("+-") or "Prone"} to add or -{spec.lstrip("+-") or "Prone"} to remove')
    sign, name = spec[0], spec[1:].strip()
    extra = {k: v for k, v in opts.items() if k.lower() not in ("for", "custom")}
    if extra:
        raise CommandError(f"condition has no option {next(iter(extra))}= "
                           "(only for=DURATION, custom=yes)")
    custom = any(k.lower() == "custom" and v.lower() in ("yes", "y", "true", "1")
                 for k, v in opts.items())
    known = [k.name for k in cmd.ruleset.conditions]
    aliases = {a: k.name for k in cmd.ruleset.conditions for a in k.aliases}
    if sign == "-":
        if opts or secret:
            raise CommandError("for=, custom= and secret go with +COND only")
        have = [x.name for x in c.conditions]
        if not have:
            raise CommandError(f"{c.name} has no conditions")
        alias = next((v for a, v in aliases.items() if a.lower() == name.lower()), None)
        name = match_word(alias or name, have, f"condition on {c.name}")
        was_secret = any(x.secret for x in c.conditions if x.name == name)
        cmd.ctx.remove_condition(c, name, quiet=was_secret)
        if was_secret:
            cmd.ctx.log(cmd.ctx.say("{name} is no longer {condition}", name=c.name,
                                    condition=cmd.ctx.label(name)),
                        kind="condition", actor=c, outcome=f"-{name}", secret=True)
        return
    if name.lower() in (a.lower() for a in aliases):
        name = next(v for a, v in aliases.items() if a.lower() == name.lower())
    else:
        for k in known:
            if k.lower() == name.lower() or (len(name) >= 3 and k.lower().startswith(name.lower())):
                name = k
                break
        else:
            guess = closest(name, [*known, *aliases]) if not custom else None
            if guess:
                raise CommandError(f'no {cmd.ruleset.name} condition "{name}" — did you mean '
                                   f'{aliases.get(guess, guess)}? (for one of your own: '
                                   f'condition {quote(c.name)} +{quote(name)} custom=yes)')
    seconds = None
    if "for" in (k.lower() for k in opts):
        value = next(v for k, v in opts.items() if k.lower() == "for")
        try:
            seconds = parse_duration(value, cmd.ruleset.round_seconds)
        except DurationError as e:
            raise CommandError(str(e)) from None
    cond = cmd.ctx.add_condition(c, name, duration=seconds, quiet=secret)
    if secret:
        cond.secret = True
        text = cmd.ctx.say("{name} is {condition}", name=c.name, condition=cmd.ctx.label(name))
        cmd.ctx.log(f"{text} (secret)", kind="condition", actor=c, outcome=f"+{name}",
                    secret=True)
