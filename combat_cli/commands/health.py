"""Health verbs: damage, heal, condition."""

from __future__ import annotations

from combat_cli.commands.registry import Cmd, verb
from combat_cli.engine.contract.capabilities import Healing, need
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.domain.models import Combatant
from combat_cli.engine.domain.queries import closest, fold, match_word
from combat_cli.engine.grammar.syntax import Arg, Args, Opt, Syntax


@verb("damage", (Arg("name", "group"), Arg("value", "value")), "apply damage directly; the ruleset reads VALUE",
      aliases=("dmg",), details="A group's name damages each living member.")
def damage(cmd: Cmd) -> None:
    for c in cmd.args["name"]:
        need(cmd.ruleset, Healing).damage(cmd.ctx, c, cmd.args["value"])


@verb("heal", (Arg("name", "name"), Arg("value", "value", optional=True)),
      "heal directly; the ruleset reads VALUE")
def heal(cmd: Cmd) -> None:
    need(cmd.ruleset, Healing).heal(cmd.ctx, cmd.args["name"], cmd.args["value"] or None)


def quote(name: str) -> str:
    return f'"{name}"' if " " in name else name


@verb("condition", Syntax((Arg("name", "group"), Arg("cond", "condition"),
                          Opt("for", "duration"),
                          Arg("secret", "keyword", optional=True, choices=("secret",)),
                          Opt("custom", hidden=True)),
                         also=(Arg("name", "group"), Arg("cond", "condition", metavar="-COND")),
                         missing="condition needs a name and +COND or -COND",
                         unknown="condition has no option {key}= (only for=DURATION, "
                                 "custom=yes)"),
      "add or remove a condition (for=3r, 10m, 1h ... ends it by itself; secret keeps it "
      "off the players' screen)", aliases=("cond",))
def condition(cmd: Cmd) -> None:
    for c in cmd.args["name"]:
        _condition_one(cmd, c, cmd.args)


def _condition_one(cmd: Cmd, c: Combatant, args: Args) -> None:
    spec: str = args["cond"]
    secret = bool(args["secret"])
    sign, name = spec[0], spec[1:].strip()
    opts = args.opts
    from combat_cli.locale.commands import commands

    custom = (args["custom"] or "").lower() in ("yes", "y", "true", "1") or commands(
        cmd.table.language).keyword_of(args["custom"] or "", ("yes",)) == "yes"
    known = [k.name for k in cmd.ruleset.conditions]
    aliases = {a: k.name for k in cmd.ruleset.conditions for a in k.aliases}
    if sign == "-":
        if opts or secret:
            raise CommandError("for=, custom= and secret go with +COND only")
        have = [x.name for x in c.conditions]
        if not have:
            raise CommandError("{name} has no conditions", name=c.name)
        alias = next((v for a, v in aliases.items() if a.lower() == name.lower()), None)
        name = match_word(alias or name, have, f"condition on {c.name}")
        was_secret = any(x.secret for x in c.conditions if x.name == name)
        cmd.ctx.remove_condition(c, name, quiet=was_secret)
        if was_secret:
            cmd.ctx.log(cmd.ctx.say("{name} is no longer {condition}", name=c.name,
                                    condition=cmd.ctx.label(name)),
                        kind="condition", actor=c, outcome=f"-{name}", secret=True)
        return
    kept_custom = ""
    alias = next((v for a, v in aliases.items() if fold(a) == fold(name)), None)
    if alias is not None:
        name = alias
    else:
        for k in known:
            if fold(k) == fold(name) or (len(name) >= 3 and fold(k).startswith(fold(name))):
                name = k
                break
        else:  # not one of the ruleset's: kept as the GM's own, and said so (with the near one)
            kept_custom = "" if custom else name
    seconds: int | None = args["for"]
    cond = cmd.ctx.add_condition(c, name, duration=seconds, quiet=secret)
    if secret:
        cond.secret = True
        text = cmd.ctx.say("{name} is {condition}", name=c.name, condition=cmd.ctx.label(name))
        cmd.ctx.log(f"{text} (secret)", kind="condition", actor=c, outcome=f"+{name}",
                    secret=True)
    if kept_custom:
        _say_kept_custom(cmd, kept_custom, [*known, *aliases], aliases)


def _say_kept_custom(cmd: Cmd, name: str, known: list[str], aliases: dict[str, str]) -> None:
    """A condition the ruleset doesn't have was kept as the GM's own: one note saying so, and
    how to get the ruleset's nearest one if that was meant (the condition is kept whatever the
    likeness, so no cut-off decides what happens)."""
    guess = closest(name, known)
    if guess:
        guess = aliases.get(guess, guess)
        cmd.ctx.note(cmd.ctx.say("{name} kept as a custom condition; for {guess} type +{guess2}",
                                 name=name, guess=cmd.ctx.label(guess), guess2=quote(guess)))
    else:
        cmd.ctx.note(cmd.ctx.say("{name} kept as a custom condition (not a {ruleset} one)",
                                 name=name, ruleset=cmd.ruleset.name))
