"""``help``: the verbs, one verb with its options, or one of the ruleset's actions."""

from __future__ import annotations

from combat_cli.commands.registry import Cmd, all_verbs, find_verb, verb, verb_name
from combat_cli.commands.views import (
    ActionHelp,
    HelpView,
    RulesHelp,
    VerbHelp,
)
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.grammar.syntax import Arg
from combat_cli.locale import Msg


@verb("help", (Arg("word", "topic", optional=True),),
      "the verbs, or one verb with its options and the ruleset's actions",
      mutates=False, aliases=("?",),
      details="help rules: the house-rule switches with the rule each one settles")
def help_(cmd: Cmd) -> None:
    if cmd.args["word"] is None:
        cmd.show(HelpView())
        return
    word = cmd.args["word"].lower()
    verbs = all_verbs(cmd.table)
    rs = cmd.ruleset
    for a in rs.actions:
        if word == a.name or word in a.aliases:
            cmd.show(ActionHelp(a))
            if word in verbs:        # a verb of the same name (d12: task, defend): both
                cmd.show(VerbHelp(verbs[word]))
            return
    if word == "rules":
        cmd.show(RulesHelp())
        return
    try:
        cmd.show(VerbHelp(find_verb(word, verbs, cmd.table.language)))
    except CommandError:
        names = sorted(verb_name(v, cmd.table.language) for v in verbs.values()) + [
            a.name for a in rs.actions]
        from combat_cli.engine.domain.queries import closest

        guess = closest(word, names)
        raise CommandError('no verb or action "{word}"{hint}', word=cmd.args["word"],
                           hint=Msg(" — did you mean {guess}?", guess=guess) if guess
                           else "") from None
