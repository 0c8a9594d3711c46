"""czech_pool: the Czech homebrew d10 pool system (SOUBOJ).

Everyone declares whom he threatens and whom he defends against; on the first ``resolve``
everyone rolls ONE pool (attribute + lowest skill in use + bonuses - penalties) and the
successes are counted per pair at that pair's difficulty (6 + modifiers). Pairs resolve from
the highest speed (attribute + skill + weapon/spell speed); the winner wounds (difference +
weapon - armour) or imposes a +1 disadvantage (to +3). Czech by default, English with
``--lang en``.
"""

from __future__ import annotations

from typing import Any

from combat_cli.api import (
    ActionRequest,
    ActionSpec,
    Combatant,
    ConditionSpec,
    Encounter,
    OptionSpec,
    QueueItem,
    RuleError,
    RulesContext,
    Ruleset,
)
from rulesets.czech_pool import lang as _lang
from rulesets.czech_pool import schema
from rulesets.czech_pool.stats import STAT_EN, STATS

_THREAT_OPTS = (
    OptionSpec("volba", "zranit|nevýhoda — zranit (výchozí) nebo vnutit nevýhodu "
               "(wound, default | disadvantage)", aliases=("choice",)),
    OptionSpec("cíl", "větší|menší — střelba na větší (-1) / menší (+1) cíl (larger|smaller)",
               aliases=("cil", "size")),
    OptionSpec("dostřel", "malý|velký — nad malý (+1) / velký (+2, -2 kostky) dostřel "
               "(short|long range)", aliases=("dostrel", "range")),
    OptionSpec("překážka", "malá|střední|velká — cíl za překážkou +1/+2/+3 "
               "(cover small|medium|large)", aliases=("prekazka", "cover")),
    OptionSpec("obt", "±N další vlivy na obtížnost (other difficulty modifier)", kind="int",
               aliases=("obtížnost", "obtiznost", "diff", "difficulty")),
    OptionSpec("bank", "±N kostek (other dice bonus/penalty)", kind="int", aliases=("pool",)),
    OptionSpec("zranění", "zranění zbraně/kouzla pro tento útok (weapon/spell damage)",
               kind="int", aliases=("zraneni", "damage", "dmg")),
    OptionSpec("rychlost", "rychlost zbraně/kouzla/zázraku (weapon/spell speed)", kind="int",
               aliases=("speed",)),
    OptionSpec("atribut", "Klamání|Charisma|Pevnost mysli — pro vzývání/modlení (attribute)",
               aliases=("attribute", "attr")),
    OptionSpec("kontrola", "rovnováha|houževnatost|soustředění — kontrolní hod, je-li zraněn "
               "před akcí (check: balance|toughness|concentration)", aliases=("check",)),
    OptionSpec("míření", "ano — míření -1 (aiming)", aliases=("mireni", "aim")),
    OptionSpec("omráčit", "ano — snaha omráčit +1 (trying to stun)", aliases=("omracit", "stun")),
    OptionSpec("daleko", "ano — vrh nad velkou vzdálenost +1, -1 kostka (long throw)",
               aliases=("dlouhy_vrh", "dlouhý_vrh", "far", "long_throw")),
    OptionSpec("rozptyl", "ano — velký rozptyl -1 (wide spread)", aliases=("spread",)),
    OptionSpec("zády", "ano — cíl je k útočníkovi zády: jeho obtížnost +1 (back turned)",
               aliases=("zady", "back")),
)
_FLAGS = "[míření] [omráčit] [daleko] [rozptyl] [zády]"
_SKILL_OPT = OptionSpec("dovednost", "boj|rvačka|atletika ... — dovednost obrany "
                        "(skill to defend with)", aliases=("skill",))


def _threat(cz: str, en: str, skill: str, *extra: str) -> ActionSpec:
    names = {_lang.norm(cz), en, *extra} - {cz}
    return ActionSpec(cz, f"ohrozit CÍL: {skill}", target="required", attack=True,
                      options=_THREAT_OPTS, aliases=tuple(sorted(names)), args=_FLAGS)


ACTIONS = (
    _threat("boj", "melee", "Boj (melee)", "attack"),
    _threat("rvačka", "brawl", "Rvačka (brawl)"),
    _threat("vrh", "throw", "Vrh (throw)"),
    _threat("střelba", "shoot", "Střelba (shoot)"),
    _threat("kouzlení", "cast", "Kouzlení (cast a spell)"),
    _threat("vzývání", "invoke", "Vzývání (invoke)"),
    _threat("modlení", "pray", "Modlení (pray)"),
    ActionSpec("bránit", "bránit se (CÍLI, nebo všem) dovedností dovednost= (defend)",
               target="optional", options=(_SKILL_OPT,), aliases=("branit", "defend")),
    ActionSpec("pouze_bránit", "pouze bránit: útočníkům +1, sobě -1 (min 6) (full defence)",
               target="none", options=(_SKILL_OPT,),
               aliases=("pouze", "pouze_branit", "full_defence", "full_defense", "fulldef")),
    ActionSpec("nebránit", "nebránit se CÍLI: bez postihu za přečíslení, on má 0 úspěchů "
               "(do not defend against TARGET)", target="required",
               aliases=("nebranit", "ignore")),
    ActionSpec("vstát", "vstát ze země, obtížnost +2 (stand up from prone)", target="none",
               aliases=("vstat", "stand")),
)

# what an English GM sees in help: action names, their help, option names
_HELP_EN = {
    "boj": "threaten TARGET with Melee", "rvačka": "threaten TARGET with Brawl (fist)",
    "vrh": "threaten TARGET with Throwing", "střelba": "threaten TARGET with Shooting",
    "kouzlení": "threaten TARGET with Spellcasting", "vzývání": "threaten TARGET with Invocation",
    "modlení": "threaten TARGET with Prayer",
    "bránit": "defend (against TARGET, or everyone) with skill=",
    "pouze_bránit": "full defence: attackers +1, own -1 (not below 6)",
    "nebránit": "do not defend against TARGET: no outnumbering penalty, he meets 0 successes",
    "vstát": "stand up from prone: own roll at +2",
}
_OPTION_HELP_EN = {
    "volba": "wound|disadvantage — what he does if he wins (default wound)",
    "cíl": "larger|smaller — shooting at a larger (-1) / smaller (+1) target",
    "dostřel": "short|long — beyond short (+1) / long range (+2, -2 dice)",
    "překážka": "small|medium|large — the target behind cover +1/+2/+3",
    "obt": "±N other influences on the difficulty",
    "bank": "±N other dice",
    "zranění": "this attack's weapon/spell damage",
    "rychlost": "this attack's weapon/spell/miracle speed",
    "atribut": "Deception|Charisma|Willpower — for invoke/pray",
    "kontrola": "balance|toughness|concentration — the check if wounded before acting",
    "míření": "yes — aiming -1", "omráčit": "yes — trying to stun +1",
    "daleko": "yes — long throw +1, -1 die", "rozptyl": "yes — wide spread -1",
    "zády": "yes — the target has its back turned: its difficulty +1",
    "dovednost": "melee|brawl|athletics ... — the skill to defend with",
}
EN_WORDS: dict[str, str] = {
    _FLAGS: "[aim] [stun] [far] [spread] [back]",
    **{o.help: _OPTION_HELP_EN[o.name] for a in ACTIONS for o in a.options},
    **{a.name: next(x for x in (*a.aliases, a.name) if x in {
        "melee", "brawl", "throw", "shoot", "cast", "invoke", "pray", "defend", "full_defence",
        "ignore", "stand"}) for a in ACTIONS},
    **{a.help: _HELP_EN[a.name] for a in ACTIONS},
    "volba": "choice", "cíl": "size", "dostřel": "range", "překážka": "cover", "obt": "diff",
    "bank": "pool", "zranění": "damage", "rychlost": "speed", "atribut": "attribute",
    "kontrola": "check", "míření": "aim", "omráčit": "stun", "daleko": "far",
    "rozptyl": "spread", "zády": "back", "dovednost": "skill",
}

CONDITIONS = (
    ConditionSpec("Ležící", "prone: difficulty +2; vstát to stand up", ("lezici", "prone")),
    ConditionSpec("Šero", "dusk / blurred view: difficulty +1", ("sero", "dusk", "dim")),
    ConditionSpec("Tma", "darkness / blindness / unseen opponent: difficulty +3",
                  ("tma", "dark", "darkness", "blind", "slepota")),
    ConditionSpec("Stísněný", "cramped space: difficulty +1",
                  ("stisneny", "stísněný prostor", "cramped")),
)

HOUSE_RULES = {
    "amb.full_defence": "AMB-CZ-1 pouze bránit: both (default) | attacker (+1 to attackers) | "
                        "own (own -1, min 6)",
    "amb.success": "AMB-CZ-2 a die succeeds at >= (default) or > the difficulty",
    "amb.ones_cancel": "AMB-CZ-3 each 1 cancels a success (default false)",
    "amb.one_roll": "AMB-CZ-4 per_pair (default): successes counted per pair | highest",
    "amb.forced_skill": "AMB-CZ-5 trump (default): the winner's skill or better | "
                        "melee_or_brawl",
    "amb.talent_difficulty": "AMB-CZ-6 shield/two-weapon +1 vs a single opponent goes to "
                             "the opponent (default) | own",
    "amb.table_columns": "AMB-CZ-7 modifier columns: recommended (default) | as_printed",
    "amb.range_second_value": "AMB-CZ-7 long throw / beyond range second value: pool "
                              "(default) | damage",
    "amb.outnumber_baseline": "AMB-CZ-8 -2 per defended opponent beyond the free number "
                              "(free, default) | beyond one",
    "amb.undefended_zero": "AMB-CZ-9 an undefended attack meets 0 successes (default true)",
    "amb.non_threat_disadvantage_only": "AMB-CZ-10 a winner who did not threaten may only "
                                        "impose a disadvantage (default true)",
    "amb.drop_defence_disadvantage": "AMB-CZ-11 a full defender who attacks loses the "
                                     "disadvantages he imposed (default true)",
    "amb.difficulty_min": "AMB-CZ-12 lowest difficulty (default 2)",
    "amb.difficulty_max": "AMB-CZ-12 highest difficulty (default 10)",
    "amb.ties_simultaneous": "AMB-CZ-13 equal speeds resolve simultaneously (default true)",
    "amb.clash_speed": "AMB-CZ-15 a slower winner's effect lands at his own speed, after his "
                       "check roll if wounded first (own, default) | at the faster speed",
    "amb.notice_roll": "AMB-CZ-14 round 1 Postřeh + Obezřetnost notice roll (default true)",
    "amb.notice_difficulty": "AMB-CZ-14 its difficulty (default 6)",
    "amb.notice_surprise": "AMB-CZ-14 no success: surprised, may not threaten in round 1 "
                           "(default true)",
    "health.recheck_against": "unconsciousness re-check when a wound is worse than the "
                              "previous one (default) | the worst so far",
    "health.at_zero": "all levels gone: bezvedomi (default) | smrt",
    "core.default_choice": "what a winner who threatened does without volba=: wound (default) "
                           "| disadvantage",
}


def _ask_demon_numbers(ctx: RulesContext, c: Combatant) -> None:
    """T-CZ-1: a strong demon's cells are "?" in the seed: say which numbers are in use and
    how to set them."""
    from rulesets.czech_pool.combat import rows
    from rulesets.czech_pool.stats import demon_key

    dk = demon_key(c)
    if not dk.startswith("silny"):
        return
    row = rows(ctx.tables)[dk]
    cells = [("Démon bank", "demon_pool", row.get("pool", 0)),
             ("Démon obtížnost", "demon_difficulty", row.get("difficulty", 0)),
             ("Démon zranění", "demon_damage", row.get("damage", row.get("damage_taken", 0)))]
    unset = [(cz, en, v) for cz, en, v in cells if c.stats.get(cz) is None]
    if not unset:
        return
    cz = ", ".join(f"{n.replace(' ', '_')}={v:+d}" for n, _e, v in unset)
    en = ", ".join(f"{e}={v:+d}" for _n, e, v in unset)
    ctx.note(_lang.t(ctx, f"{c.name}: {_lang.term(dk)} má v semínku „?“ — výchozí {cz} "
                          f"(jinak: set {c.name} {unset[0][0].replace(' ', '_')}=N ...)",
                     f"{c.name}: the seed's {_lang.term(dk, 'en')} is \"?\" — defaults {en} "
                     f"(to change: set {c.name} {unset[0][1]}=N ...)"))


# the values each house-rule switch knows (bool / int: of that type)
SWITCH_VALUES: dict[str, Any] = {
    "amb.full_defence": ("both", "attacker", "own"),
    "amb.success": (">=", ">"),
    "amb.ones_cancel": bool,
    "amb.one_roll": ("per_pair", "highest"),
    "amb.forced_skill": ("trump", "melee_or_brawl"),
    "amb.talent_difficulty": ("opponent", "own"),
    "amb.table_columns": ("recommended", "as_printed"),
    "amb.range_second_value": ("pool", "damage"),
    "amb.outnumber_baseline": ("free", "one"),
    "amb.undefended_zero": bool,
    "amb.non_threat_disadvantage_only": bool,
    "amb.drop_defence_disadvantage": bool,
    "amb.difficulty_min": int,
    "amb.difficulty_max": int,
    "amb.ties_simultaneous": bool,
    "amb.clash_speed": ("own", "faster"),
    "amb.notice_roll": bool,
    "amb.notice_difficulty": int,
    "amb.notice_surprise": bool,
    "health.recheck_against": ("previous", "worst"),
    "health.at_zero": ("bezvedomi", "smrt", "unconscious", "dead"),
    "core.default_choice": ("wound", "disadvantage", "zranit", "nevyhoda"),
}


class CzechPool(Ruleset):
    name = "czech_pool"
    fill_stat_defaults = False  # read through its own stat helpers; not listed as typed
    tables_model = schema.Tables
    title = "Czech d10 pool (SOUBOJ): one roll vs everyone, speed order, wounds or disadvantage"
    round_seconds = 6
    declare_phase = True
    tables_package = "rulesets.czech_pool"
    # values whose 0 or negative would break the arithmetic (issue 13 item 32)
    table_ranges = {
        "core.die_sides": (2, 100), "core.base_difficulty": (1, None),
        "core.outnumber_penalty": (0, None), "core.free_base": (1, None),
        "core.free_skill_floor": (0, None), "core.talent_free_bonus": (0, None),
        "core.disadvantage_step": (0, None), "core.disadvantage_max": (0, None),
        "core.full_defence_floor": (1, None), "amb.notice_difficulty": (1, None),
        "health.base_levels": (1, None), "health.severity": (1, None),
        "health.penalty_from": (1, None), "modifiers.*.max": (1, None),
        "weapons.*.length": (0, None),
    }
    stats = STATS
    actions = ACTIONS
    conditions = CONDITIONS
    house_rules = HOUSE_RULES
    language = "cs"
    languages = ("en",)

    def __init__(self) -> None:
        from rulesets.czech_pool.verbs import VERBS

        self.verbs = VERBS

    _tables_cache: dict[str, Any] | None = None

    def load_tables(self) -> dict[str, Any]:
        """tables.toml, read once (a deep copy each time, so nobody can change the original)."""
        import copy

        if self._tables_cache is None:
            self._tables_cache = super().load_tables()
        return copy.deepcopy(self._tables_cache)

    def tables_for(self, house_rules: dict[str, Any]) -> dict[str, Any]:
        """The tables with the house rules merged in; a switch set to a value it does not
        know is refused (a typo must not silently change the rules)."""
        tables = super().tables_for(house_rules)
        for key, allowed in SWITCH_VALUES.items():
            part, name = key.split(".")
            v = tables[part][name]
            ok = isinstance(v, bool) if allowed is bool else (
                isinstance(v, int) and not isinstance(v, bool) if allowed is int
                else _lang.norm(str(v)) in allowed)
            if not ok:
                shown = ("true|false" if allowed is bool else "a whole number" if allowed is int
                         else "|".join(allowed))  # type: ignore[arg-type]
                raise RuleError(f"house rules: {key} is {shown}, not {v!r}")
        amb = tables["amb"]
        if not 1 <= amb["difficulty_min"] <= amb["difficulty_max"] <= 10:
            raise RuleError("house rules: 1 <= amb.difficulty_min <= amb.difficulty_max <= 10")
        return tables

    # -- language --------------------------------------------------------------------
    def label(self, word: str, lang: str = "") -> str:
        if lang == "en" and word in STAT_EN:
            return STAT_EN[word]
        if lang == "en" and word in EN_WORDS:
            return EN_WORDS[word]
        return _lang.label(word, lang)

    # -- roster ----------------------------------------------------------------------
    def on_add(self, ctx: RulesContext, c: Combatant) -> None:
        from rulesets.czech_pool.stats import weapon

        weapon(c, ctx.tables, ctx)  # an unknown catalogue weapon is refused here
        c.data.setdefault("wounds", [])
        _ask_demon_numbers(ctx, c)

    # -- rounds ----------------------------------------------------------------------
    def begin_round(self, ctx: RulesContext) -> None:
        from rulesets.czech_pool.initiative import begin_round

        begin_round(ctx)

    def declare(self, ctx: RulesContext, c: Combatant, actions: list[ActionRequest]) -> None:
        from rulesets.czech_pool.combat import check_declaration

        check_declaration(ctx, c, actions)

    def plan(self, ctx: RulesContext) -> list[QueueItem]:
        from rulesets.czech_pool.resolution import plan

        return plan(ctx)

    def resolve(self, ctx: RulesContext, item: QueueItem) -> None:
        from rulesets.czech_pool.resolution import resolve

        resolve(ctx, item)

    def act(self, ctx: RulesContext, c: Combatant, action: ActionRequest) -> None:
        raise RuleError(_lang.t(ctx, "v tomto systému se jedná společně: declare JMÉNO AKCE ..., "
                                     "pak resolve",
                                "this system resolves a turn together: declare NAME ACTION ..., "
                                "then resolve"))

    def end_round(self, ctx: RulesContext) -> None:
        from rulesets.czech_pool.resolution import end_round

        end_round(ctx)

    def can_act(self, enc: Encounter, c: Combatant) -> str | None:
        """Out fighters are refused by ``declare`` and lapse in ``resolve`` (both with a
        context, so in the table's language); here only for the core's other verbs, whose
        refusals are English ("... and cannot hold an action")."""
        if not c.out or enc.phase == "declare":
            return None
        if enc.phase == "resolve" and any(i.actor == c.id and i.state == "pending"
                                          for i in enc.queue):
            return None
        return f"{c.name}: {self.label(c.status, 'en').lower()}"

    # -- health ----------------------------------------------------------------------
    def damage(self, ctx: RulesContext, c: Combatant, value: str) -> None:
        from rulesets.czech_pool.health import damage

        damage(ctx, c, value)

    def heal(self, ctx: RulesContext, c: Combatant, value: str | None) -> None:
        from rulesets.czech_pool.health import heal

        heal(ctx, c, value)

    # -- display ---------------------------------------------------------------------
    def status_columns(self, enc: Encounter, c: Combatant) -> dict[str, str]:
        from rulesets.czech_pool.display import status_columns

        return status_columns(self, enc, c)

    def columns(self, enc: Encounter, c: Combatant, lang: str = "") -> dict[str, str]:
        from rulesets.czech_pool.display import status_columns

        return status_columns(self, enc, c, lang)

    wound_columns = ("Health",)

    def wound_level(self, enc: Encounter, c: Combatant) -> int:
        from combat_cli.api import level_by_fraction
        from rulesets.czech_pool.health import taken
        from rulesets.czech_pool.stats import max_levels

        key = repr(sorted(enc.house_rules.items()))  # tables cached: a report asks often
        cache = self.__dict__.setdefault("_wound_tables", {})
        if key not in cache:
            cache[key] = self.tables_for(enc.house_rules)
        most = max_levels(c, cache[key])
        return level_by_fraction(most - taken(c), most, c.out)

    def json_extra(self, enc: Encounter) -> dict[str, Any]:
        from rulesets.czech_pool.display import json_extra

        return json_extra(self, enc)

    def help_text(self) -> str:
        return ("Akce / actions: boj rvačka vrh střelba kouzlení vzývání modlení CÍL "
                "[volba=zranit|nevýhoda] [míření] ...; bránit [CÍL] dovednost=..; pouze_bránit; "
                "nebránit CÍL; vstát.\n" + super().help_text())

    def demo(self) -> list[str]:
        from rulesets.czech_pool.demo import demo_lines

        return demo_lines()


RULESET = CzechPool()
