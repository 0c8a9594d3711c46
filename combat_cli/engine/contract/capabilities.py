"""What a ruleset may add to the required core of :class:`~combat_cli.engine.contract.ruleset.Ruleset`.

A ruleset class lists the capabilities its system has before ``Ruleset``::

    class D6(DeclarePhase, Reactions, Healing, Ruleset): ...

Who needs which:

- :class:`DeclarePhase` — declare-then-resolve systems (d6, d12, the Czech pool): the GM types
  ``declare`` lines, ``resolve`` works through a queue the ruleset plans. Without it the system
  is turn-based: ``act`` resolves at once and ``next`` passes the turn (the core's order).
- :class:`Reactions` — ``react NAME ACTION`` during resolution (dodge, parry, defend).
- :class:`Healing` — ``damage``, ``heal`` and ``rest``: wounds applied by hand, healing over
  game time (with timers the ruleset sets and :meth:`Ruleset.fire_timer` answers).
- :class:`OpenTurns` — turns that must first be given to someone (Storypath's open PC slot).

The core asks :func:`need` for a capability; a system without it refuses the verb in one line
(``d12 does not take direct damage``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.domain.models import ActionRequest, Combatant, Declaration, QueueItem

if TYPE_CHECKING:
    from combat_cli.engine.contract.context import RulesContext
    from combat_cli.engine.contract.ruleset import OptionSpec, Ruleset
    from combat_cli.engine.contract.view import RulesView
    from combat_cli.engine.domain.models import Encounter

C = TypeVar("C")


class DeclarePhase:
    """Declare-then-resolve: a round is declared, then resolved from a planned queue."""

    react_closes_declarations: bool = True
    """``react`` typed while declaring closes the declarations (resolution begins with it);
    False: the reaction joins the reacting combatant's declaration and others still declare."""

    def declare(self, ctx: RulesContext, c: Combatant, actions: list[ActionRequest]) -> None:
        """Check a declaration (RuleError refuses it); the core stores it, a later one
        replaces it."""

    def replaced(self, ctx: RulesContext, c: Combatant, old: Declaration) -> None:
        """A new ``declare`` for ``c`` replaced ``old`` (default: nothing more is said)."""

    def plan(self, ctx: RulesContext) -> list[QueueItem]:
        """Build the resolution queue from ``ctx.enc.declarations`` (default: in order, each
        combatant's first action in segment 1, its second in segment 2 ...)."""
        items: list[QueueItem] = []
        rank = {cid: i for i, cid in enumerate(ctx.enc.order)}
        decls = sorted(ctx.enc.declarations.values(), key=lambda d: rank.get(d.actor, 1 << 30))
        for d in decls:
            for n, a in enumerate(d.actions, start=1):
                items.append(QueueItem(id=ctx.enc.new_id(), actor=d.actor, action=a, segment=n))
        items.sort(key=lambda i: i.segment)
        return items

    def resolve(self, ctx: RulesContext, item: QueueItem) -> None:
        """Resolve one planned action (``resolve``; ``act`` calls it at once): by default its
        declared handler, with ``ctx.resolving`` the item."""
        from combat_cli.engine.contract.ruleset import perform

        was, ctx.resolving = ctx.resolving, item
        try:
            perform(cast("Ruleset", self), ctx, ctx.combatant(item.actor), item.action,
                    missing=f"cannot resolve {item.action.name}")
        finally:
            ctx.resolving = was

    def act(self, ctx: RulesContext, c: Combatant, action: ActionRequest) -> None:
        """Declare and resolve at once: the GM's override. The action's declared handler runs
        with no queue item (``ctx.resolving`` None); a ruleset that declares none resolves a
        fresh item."""
        from combat_cli.engine.contract.ruleset import handler_for

        fn = handler_for(cast("Ruleset", self), action.name)
        if fn is not None:
            fn(ctx, c, action)
            return
        self.resolve(ctx, QueueItem(id=ctx.enc.new_id(), actor=c.id, action=action))


class Reactions:
    """``react NAME ACTION``: a reaction during resolution (the actions marked reaction)."""

    def react(self, ctx: RulesContext, c: Combatant, action: ActionRequest) -> None:
        """By default the action's declared :attr:`~ActionSpec.on_react` (or handler)."""
        from combat_cli.engine.contract.ruleset import perform

        perform(cast("Ruleset", self), ctx, c, action, react=True,
                missing=f"{action.name} is not a reaction")


class Healing:
    """Wounds by hand and healing over game time."""

    rest_options: Sequence[OptionSpec] = ()
    """Options of ``rest NAME DURATION`` (``care=``)."""

    def damage(self, ctx: RulesContext, c: Combatant, value: str) -> None:
        """``damage NAME VALUE``: the ruleset reads VALUE (points, a level, a condition)."""
        raise NotImplementedError

    def heal(self, ctx: RulesContext, c: Combatant, value: str | None) -> None:
        """``heal NAME [VALUE]``."""
        raise NotImplementedError

    def rest(self, ctx: RulesContext, c: Combatant, seconds: int, options: dict[str, Any]
             ) -> None:
        """``c`` rests for ``seconds`` (the core then moves the clock and fires timers)."""

    def value_words(self, view: RulesView, verb: str) -> list[str]:
        """Words the GM may type as the VALUE of ``damage``/``heal`` (wound levels, realms,
        tracks ...), for completion."""
        return []


class OpenTurns:
    """A turn that must be given before it is played (the players choose who takes a slot)."""

    def open_turn(self, enc: Encounter) -> tuple[str, list[Combatant]] | None:
        """What is open now and who may take it (None: nothing is open). ``next`` then asks
        the GM, never picks."""
        return None

    def give_turn(self, ctx: RulesContext, c: Combatant) -> None:
        """``c`` takes the open turn :meth:`open_turn` named; their turn begins."""
        raise NotImplementedError

    def up_next(self, view: RulesView) -> Combatant | None:
        """Who the turn after the current one goes to (the round table's ›, the players'
        page), as the ruleset passes turns on (Storypath: the next slot, perhaps an open one,
        passing over a surprised holder). Default: the next in the order who is not out."""
        enc = view.enc
        return next((c for c in (enc.get(i) for i in enc.order[enc.turn + 1:]) if not c.out),
                    None)


_REFUSALS: dict[type, str] = {
    DeclarePhase: "{ruleset} has no declare phase: act NAME ACTION resolves at once",
    Reactions: "{ruleset} has no reactions",
    Healing: "{ruleset} does not take direct damage or healing",
    OpenTurns: "{ruleset} has no open turns to give",
}


def need(ruleset: Ruleset, capability: type[C]) -> C:
    """The ruleset as ``capability``, or CommandError saying the system has no such thing."""
    if isinstance(ruleset, capability):
        return ruleset

    raise CommandError(_REFUSALS.get(capability, "{ruleset} cannot do that"), ruleset=ruleset.name)


def has(ruleset: Ruleset, capability: type) -> bool:
    return isinstance(ruleset, capability)


def rest_options(ruleset: Ruleset) -> Sequence[OptionSpec]:
    """The options of ``rest`` (none for a system without :class:`Healing`)."""
    return ruleset.rest_options if isinstance(ruleset, Healing) else ()
