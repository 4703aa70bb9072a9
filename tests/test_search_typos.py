"""Typo tolerance: a word no document in scope knows is replaced by its nearest known word (edit
distance 1, first letter fixed), and the response says "did you mean"."""

import pytest
from search_helpers import keys

from judge_app.search.vocabulary import _within_one


@pytest.mark.parametrize(("typed", "doc", "meant", "expected"), [
    ("tramlpe", "en-2026", "trample", "702.19"),  # two letters swapped
    ("deathtuch", "en-2026", "deathtouch", "702.2"),  # a letter missing
    ("flyng", "en-2026", "flying", "702.9"),
    ("hexprooof", "en-2026", "hexproof", "702.11"),  # a letter too many
    ("atropelra", "pt-2019", "atropelar", "702.19"),
    ("arollar", "es-2026", "arrollar", "702.19"),
    ("vinculo com a vdia", "pt-2019", "vinculo com a vida", "702.15"),
])
def test_a_typo_is_corrected_and_still_finds_the_rule(engine, typed, doc, meant, expected):
    response = engine.search(typed, doc=doc)
    assert response.did_you_mean == meant
    assert keys(response)[0] == expected


@pytest.mark.parametrize(("query", "doc"), [
    ("trample", "en-2026"), ("ward", "en-2026"), ("toque mortífero", "pt-2019"), ("toque mortifero", "pt-2019"),
    ("tramples", "en-2026"),
])
def test_known_words_are_never_corrected(engine, query, doc):
    assert engine.search(query, doc=doc).did_you_mean is None


def test_no_correction_beyond_distance_one_or_across_the_first_letter(engine):
    assert engine.search("trmplae", doc="en-2026").did_you_mean is None  # distance 2
    assert engine.search("rtample", doc="en-2026").did_you_mean is None  # first letter differs
    response = engine.search("zzzzqx", doc="en-2026")
    assert response.hits == [] and response.did_you_mean is None and response.message


def test_distance_one_includes_adjacent_swaps():
    assert _within_one("tramlpe", "trample")
    assert _within_one("trampe", "trample") and _within_one("trample", "tramples")
    assert _within_one("trampke", "trample")
    assert not _within_one("trample", "trample") and not _within_one("tmraple", "trample")
