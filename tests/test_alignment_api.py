"""The alignment API the web app and search call: equivalents, counterparts, pairs, diff."""

from itertools import pairwise

import pytest

from judge_app.alignment import UnknownRule
from judge_app.alignment.diff import word_diff
from judge_app.corpus import UnknownDocument


def _by_doc(equivalents):
    out = {}
    for e in equivalents:
        out.setdefault(e.doc, []).append(e)
    return out


def test_a_portuguese_rule_reaches_english_and_the_2026_rules(alignment):
    found = _by_doc(alignment.equivalents("pt-2019", "702.52a"))  # printed "502.48a"
    assert set(found) == {"en-2019", "en-2026", "es-2026"}
    assert [(e.number, e.relation) for e in found["en-2019"]] == [("702.52a", "translation")]
    assert [(e.number, e.relation) for e in found["en-2026"]] == [("702.53a", "renumbered")]
    assert [(e.number, e.relation) for e in found["es-2026"]] == [("702.53a", "renumbered")]
    assert "en-2019 702.52a → en-2026 702.53a" in found["es-2026"][0].reason


def test_a_spanish_rule_reaches_the_2019_rule_it_descends_from(alignment):
    found = _by_doc(alignment.equivalents("es-2026", "111.1"))
    assert [(e.number, e.relation) for e in found["en-2019"]] == [("110.5", "renumbered")]
    assert [e.number for e in found["pt-2019"]] == ["110.5"]


def test_a_removed_rule_says_so_in_each_later_document(alignment):
    found = _by_doc(alignment.equivalents("pt-2019", "509.2"))
    assert [(e.number, e.relation) for e in found["en-2026"]] == [(None, "removed")]
    assert [(e.number, e.relation) for e in found["es-2026"]] == [(None, "removed")]


def test_an_added_rule_has_no_2019_counterpart(alignment):
    found = _by_doc(alignment.equivalents("es-2026", "123.1"))
    assert [(e.number, e.relation) for e in found["en-2019"]] == [(None, "added")]
    assert [(e.number, e.relation) for e in found["pt-2019"]] == [(None, "added")]
    assert alignment.counterpart("es-2026", "123.1", "pt-2019") is None


def test_a_split_rule_has_several_counterparts(alignment):
    found = alignment.counterparts("pt-2019", "712.1a", "es-2026")
    assert [e.number for e in found] == ["712.5a", "712.5b", "712.5c"] or {e.number for e in found} == {
        "712.5a", "712.5b", "712.5c"}
    assert {e.relation for e in found} == {"split"}


def test_counterpart_shows_a_2026_citation_as_the_portuguese_rule(alignment):
    counterpart = alignment.counterpart("en-2026", "CR 702.41a", "pt-2019")  # any usual spelling
    assert (counterpart.number, counterpart.relation) == ("702.40a", "renumbered")
    assert alignment.counterpart("en-2026", "112.1", "pt-2019").number == "111.1"


def test_pairs_compose_across_language_and_version(corpus, alignment):
    pairs = alignment.pairs("pt-2019", "es-2026")
    assert [p.from_number for p in pairs if p.from_number not in {q.from_number for q in pairs[:0]}]
    assert {p.from_number for p in pairs} == set(corpus.rules["pt-2019"])
    by_number = {p.from_number: p for p in pairs}
    assert (by_number["111.1"].to_number, by_number["111.1"].relation) == ("112.1", "renumbered")
    reverse = alignment.pairs("en-2026", "en-2019")
    assert {p.to_number for p in reverse if p.relation == "added"} == {None}
    assert {p.from_number for p in reverse} == set(corpus.rules["en-2026"])


def test_unknown_rules_and_documents_are_clear_errors(alignment):
    with pytest.raises(UnknownRule):
        alignment.equivalents("pt-2019", "702.999")
    with pytest.raises(UnknownDocument):
        alignment.equivalents("fr-2026", "702.19")
    with pytest.raises(ValueError, match="no alignment"):
        alignment.pairs("pt-2019", "pt-lesson-turn")


def test_diff_reads_the_2019_text_into_the_2026_text(corpus, alignment):
    old, new = corpus.rule("en-2019", "110.5c"), corpus.rule("en-2026", "111.4")
    segments = alignment.diff("110.5c", "111.4")
    assert {s.op for s in segments} == {"equal", "insert", "delete"}
    later = "".join(s.text for s in segments if s.op != "delete")
    assert later.split("\n")[0] == new.text and later.count("\nExample: ") == len(new.examples)
    earlier = "".join(s.text for s in segments if s.op != "insert")
    assert earlier.replace("’", "'").replace("“", '"').replace("”", '"') == old.text.replace("’", "'")
    inserted = " ".join(s.text for s in segments if s.op == "insert")
    assert "word “Token.”" in inserted
    assert all(a.op != b.op for a, b in pairwise(segments))


def test_diff_ignores_typography_and_keeps_a_rewrite_in_one_piece():
    segments = word_diff("it's a \"rule\" -- here", "it’s a “rule” -- here")
    assert [s.op for s in segments] == ["equal"]
    segments = word_diff("the cat sat on the mat", "the dog stood on the mat")
    assert [(s.op, s.text) for s in segments] == [
        ("equal", "the "), ("delete", "cat sat"), ("insert", "dog stood"), ("equal", " on the mat")]
