"""A rule number, however it is typed, jumps straight to that rule and lists its subrules."""

import pytest
from search_helpers import keys


@pytest.mark.parametrize(("typed", "doc", "number"), [
    ("702.19c", "en-2026", "702.19c"),
    ("702.19C", "en-2026", "702.19c"),
    ("CR 702.19c", "en-2026", "702.19c"),
    ("cr 704.5k", "en-2026", "704.5k"),
    ("rule 702.19", "en-2026", "702.19"),
    ("rules 702.19.", "en-2019", "702.19"),
    ("regra 704.5k", "pt-2019", "704.5k"),
    ("regla 510", "es-2026", "510"),
    ("reglas 613.7", "es-2026", "613.7"),
    ("702,19c", "pt-2019", "702.19c"),
    ("  702  ", "en-2026", "702"),
    ("5", "es-2026", "5"),
])
def test_number_forms_jump_to_the_rule_in_the_requested_document(engine, corpus, typed, doc, number):
    response = engine.search(typed, doc=doc)
    assert response.jump is not None
    assert (response.jump.doc, response.jump.number) == (doc, number)
    rule = corpus.rule(doc, number)
    assert response.jump.children == rule.children
    assert response.jump.title == rule.title
    # the rule first, then its subrules in document order
    assert keys(response) == [number, *rule.children][:10]
    assert response.hits[0].snippet.startswith(rule.text[:20].replace("“", "“"))


def test_a_bare_number_opens_the_default_document_of_the_language(engine):
    assert engine.search("702.19").jump.doc == "en-2026"
    assert engine.search("702.19", lang="pt").jump.doc == "pt-2019"
    assert engine.search("702.19", lang="es").jump.doc == "es-2026"


def test_the_limit_caps_the_listed_subrules_not_the_jump(engine, corpus):
    response = engine.search("704.5", limit=3)
    assert response.jump.children == corpus.rule("en-2026", "704.5").children
    assert keys(response) == ["704.5", "704.5a", "704.5b"]


def test_an_unknown_number_says_so_and_suggests_near_ones(engine, corpus):
    response = engine.search("702.19z", doc="en-2026")
    assert response.jump is None and response.hits == []
    assert response.message == "No rule 702.19z in en-2026."
    assert response.suggestions == corpus.suggest("en-2026", "702.19z")
    assert response.did_you_mean == "702.19"


def test_a_number_asked_of_a_guide_lists_the_paragraphs_citing_it(engine, corpus):
    response = engine.search("rule 5", doc="pt-lesson-turn")
    assert response.hits and all(h.kind == "guide" and h.doc == "pt-lesson-turn" for h in response.hits)
    for hit in response.hits:
        assert "5" in hit.rules


def test_a_number_among_words_ranks_that_rule_high(engine):
    response = engine.search("702.19c trample", doc="en-2026")
    assert response.jump is None
    assert "702.19c" in keys(response)[:3]
