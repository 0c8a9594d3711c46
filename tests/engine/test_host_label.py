"""The host owns labels (issue 24): ``Host.label`` is the core's word service (catalogue,
gender agreement, counted sentences, a ruleset's own words by its catalogue); a ruleset
declares its words as catalogue data and overrides nothing, and an older plug-in that still
overrides ``Ruleset.label`` is obeyed."""

from __future__ import annotations

from combat_cli.api import Encounter, Ruleset, RulesView
from combat_cli.engine.contract.host import host
from combat_cli.plugins import load


class Shouting(Ruleset):
    name = "shouting"

    def label(self, word: str, lang: str = "", gender: str = "") -> str:
        return word.upper()


class Quoting(Ruleset):
    name = "quoting"

    def label(self, word: str, lang: str = "", gender: str = "") -> str:
        return f"«{super().label(word, lang, gender)}»"


def test_an_older_plug_ins_label_override_is_still_obeyed_by_the_host_and_the_views() -> None:
    rs = Shouting()
    assert host(rs).label("Round") == "ROUND"
    assert RulesView(Encounter(ruleset="shouting"), rs).label("Status") == "STATUS"


def test_an_override_that_calls_super_gets_the_hosts_label() -> None:
    assert host(Quoting()).label("Round", "cs") == f"«{host(Ruleset()).label('Round', 'cs')}»"


def test_czech_pool_overrides_no_label_its_words_are_catalogue_data() -> None:
    rs = load("czech_pool")
    assert "label" not in vars(type(rs))
    h = host(rs)
    assert h.label("Obratnost", "en") == "Agility"          # a stat's stored Czech name
    assert h.label("Obratnost") == "Obratnost"
    assert h.label("Druhá zbraň", "en") == "Second weapon"
    assert h.label("boj", "en") == "melee"                   # an action's name
    assert h.label("rvacka") == "Rvačka"                     # a canonical key in a label
    assert h.label("{name}'s {action} lapses: {why}", "en") == "{name}'s action lapses: {why}"


def test_a_status_stored_in_czech_agrees_with_the_gender_and_shows_in_english() -> None:
    h = host(load("czech_pool"))
    assert h.label("Zraněný", "", "f") == "Zraněná"
    assert h.label("Zraněný", "cs", "n") == "Zraněné"
    assert h.label("Zraněný") == "Zraněný"
    assert h.label("Zraněný", "en", "f") == "Wounded"


def test_an_english_ruleset_labels_as_before() -> None:
    h = host(Ruleset())
    assert h.label("Round", "en") == "Round"
    assert h.label("{n} round", "en") == "{n} round"


def test_a_declared_typed_word_is_shown_as_typed_in_every_language() -> None:
    rs = load("d12")
    assert "label" not in vars(type(rs))
    assert "bid" in rs.typed_words
    assert host(rs).label("bid", "cs") == "bid"
    assert host(Ruleset()).label("Round", "cs") != "Round"
