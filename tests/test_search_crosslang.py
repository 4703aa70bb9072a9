"""Cross-language: an English query on a translation finds the corresponding rules (and back),
through the same-date alignment of numbers and the term pairs taken from titles and the glossary."""

import pytest
from search_helpers import keys

from judge_app.search.crosslang import SameDateAlignment, TermPairs


@pytest.mark.parametrize(("query", "doc", "expected", "marked"), [
    ("trample", "pt-2019", "702.19", "Atropelar"),
    ("deathtouch", "es-2026", "702.2", "Toque mortal"),
    ("state-based actions", "pt-2019", "704", None),
    ("combat damage step", "es-2026", "510", "Paso de daño de combate"),
    ("atropelar", "en-2019", "702.19", None),
    ("arrollar", "en-2026", "702.19", None),
])
def test_a_query_in_the_other_language_finds_the_aligned_rule(engine, corpus, query, doc, expected, marked):
    response = engine.search(query, doc=doc)
    assert keys(response)[0] == expected
    assert all(h.doc == doc for h in response.hits)
    if marked:
        assert corpus.rule(doc, expected).title == marked
        assert "<mark>" in response.hits[0].snippet


@pytest.mark.parametrize(("query", "doc", "named_in", "number", "expected"), [
    ("arrollar", "pt-2019", "es-2026", "702.19", "702.19"),  # Spanish on Portuguese, through es-2026
    ("atropelar", "es-2026", "pt-2019", "702.19", "702.19"),  # and back, through pt-2019
    ("menace", "pt-2019", "en-2019", "702.110", "702.110"),
    ("amenaza", "pt-2019", "es-2026", "702.111", "702.110"),  # renumbered between 2019 and 2026
    ("ameaçar", "es-2026", "pt-2019", "702.110", "702.111"),
    ("ameaçar", "en-2026", "pt-2019", "702.110", "702.111"),
])
def test_the_corpus_alignment_crosses_versions_too(engine, alignment, query, doc, named_in, number, expected):
    """The word names a keyword rule in another document; the hit is that rule's counterpart here."""
    assert keys(engine.search(query, doc=named_in))[0] == number
    assert alignment.counterpart(named_in, number, doc).number == expected
    assert keys(engine.search(query, doc=doc))[0] == expected


def test_hits_found_only_through_the_pivot_say_so(engine):
    response = engine.search("poison counters lose game", doc="pt-2019")
    assert any(h.via == "en-2019" for h in response.hits)
    assert "704.5c" in keys(response)[:5]


def test_a_native_query_is_not_disturbed_by_the_pivot(engine):
    response = engine.search("atropelar", doc="pt-2019")
    assert keys(response)[0] == "702.19" and all(h.via is None for h in response.hits)
    # a filler word of the document's language is its own, whatever the pivot holds ("got" stems like pt "gota")
    response = engine.search("i got decked, do i lose", doc="en-2026")
    assert all(h.via is None for h in response.hits) and keys(response)[0] == "704.5b"


def test_term_pairs_come_from_titles_and_glossary(corpus):
    alignment = SameDateAlignment(corpus)
    pairs = TermPairs(corpus, alignment)
    assert alignment.pivots("pt-2019") == ["en-2019"] and alignment.pivots("en-2026") == ["es-2026"]
    assert alignment.counterpart("en-2019", "702.19", "pt-2019") == "702.19"
    assert alignment.counterpart("en-2019", "702.19", "es-2026") is None  # not the same date
    assert pairs.translate(["trample"], "en-2019", "en", "pt-2019") == ["Atropelar"]
    assert pairs.translate(["deathtouch", "and", "trample"], "en-2026", "en", "es-2026") == ["Toque", "mortal",
                                                                                           "Arrollar"]
    assert pairs.translate(["atropelar"], "pt-2019", "pt", "en-2019") == ["Trample"]


def test_another_alignment_plugs_in(engine, search_index, corpus):
    """The alignment is a protocol: a stricter one (here: no pairs at all) changes what pivots find.
    ("hideaway" is in no players' vocabulary: only the corpus's pairs make it "Refúgio".)"""
    from judge_app.search import Engine

    class NoAlignment:
        def pivots(self, doc):
            return []

        def counterpart(self, from_doc, number, to_doc):
            return None

    assert keys(engine.search("hideaway", doc="pt-2019"))[0] == "702.74"
    engine = Engine(search_index.path, corpus, alignment=NoAlignment())
    try:
        assert "702.74" not in keys(engine.search("hideaway", doc="pt-2019"))[:3]
    finally:
        engine.close()
