"""Analysis: tokens, accent folding and Snowball stemming per language, both chains."""

import pytest
from search_helpers import keys

from judge_app.search.analysis import analyzer, fold, term, words


def test_rule_numbers_stay_one_token():
    assert words("See rule 702.19c, then 704.5k.") == ["See", "rule", "702.19c", "then", "704.5k"]
    assert [t.text for t in analyzer("en", "fs")("Rule 702.19C applies")] == ["rule", "702.19c", "appli"]


def test_folding_removes_accents_and_case():
    assert fold("Mortífero") == "mortifero"
    assert fold("ACCIÓN") == "accion"
    assert fold("Æther") == "aether"


def test_the_two_chains_differ_where_accents_meet_stems():
    # stem-then-fold joins singular and plural; fold-then-stem matches what people type without accents
    assert term("mão", "pt", "sf") == term("mãos", "pt", "sf")
    assert term("mao", "pt", "fs") == term("mão", "pt", "fs")
    assert term("mao", "pt", "sf") != term("mão", "pt", "sf")


@pytest.mark.parametrize(("lang", "forms"), [
    ("en", ["trample", "tramples", "trampling"]),
    ("pt", ["criatura", "criaturas"]),
    ("es", ["acción", "acciones"]),
])
def test_snowball_stemming_joins_inflections(lang, forms):
    assert len({term(w, lang, "fs") for w in forms}) == 1


@pytest.mark.parametrize(("query", "doc", "expected"), [
    ("tramples", "en-2026", "702.19"),  # English plural verb → keyword title
    ("atropelando", "pt-2019", "702.19"),  # Portuguese gerund
    ("arrolla", "es-2026", "702.19"),  # Spanish present tense
])
def test_stemming_finds_other_forms_in_each_language(engine, query, doc, expected):
    assert expected in keys(engine.search(query, doc=doc))[:3]


@pytest.mark.parametrize(("query", "doc", "expected", "marked"), [
    ("toque mortifero", "pt-2019", "702.2", "mortífero"),
    ("vinculo com a vida", "pt-2019", "702.15", "Vínculo"),
    ("accion basada en estado", "es-2026", "704", "Acciones"),
    ("vinculo vital", "es-2026", "702.15", "Vínculo"),
])
def test_accentless_queries_find_accented_text_and_mark_it(engine, query, doc, expected, marked):
    response = engine.search(query, doc=doc)
    assert keys(response)[0] == expected
    assert f"<mark>{marked}</mark>" in response.hits[0].snippet


def test_an_accentless_word_finds_the_accented_one_not_only_its_stem(engine, corpus):
    response = engine.search("mao", doc="pt-2019")
    assert keys(response)[0] == "402"  # section "Mão"
    assert all("mão" in (h.snippet + h.title).lower() for h in response.hits)


def test_power_and_toughness_stay_one_token():
    """"+1/+1 counters", "a 2/2", "−1/−1" are what players type and the rules write: one token each, never "1", "1"."""
    assert words("two +1/+1 counters on a 2/2") == ["two", "+1/+1", "counters", "on", "a", "2/2"]
    assert words("gets +X/+0, then -X/-Y") == ["gets", "+X/+0", "then", "-X/-Y"]
    assert term("−1/−1", "en", "fs") == term("-1/-1", "en", "sf") == "-1/-1"  # a minus sign is the hyphen
    assert words("pay {2/W} and/or 702.19c") == ["pay", "2", "W", "and", "or", "702.19c"]  # hybrid mana: no


def test_a_counter_of_one_kind_finds_that_kind(engine, corpus):
    """"-1/-1 counters" finds rules about -1/-1 counters (split into "1", "1" it found every "1")."""
    found = [k for k in keys(engine.search("-1/-1 counters", doc="en-2026")) if not k.startswith("glossary:")][:5]
    rules = corpus.rules["en-2026"]
    assert sum("-1/-1" in rules[k].text for k in found) >= 4, found  # (one may be about counters in general)
    assert "704.5q" in keys(engine.search("marcador +1/+1 e marcador -1/-1 se anulam", doc="pt-2019"))[:3]
