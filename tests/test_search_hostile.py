"""No input ever raises: whatever is typed gets hits or a message."""

import pytest

from judge_app.search import SearchResponse

HOSTILE = [
    "", " ", "\t\n", "*", "?", "~", "trample~5", "tram*", "*trample*", "trample^10", 'a"b(c', '"', '""',
    '"unclosed phrase', "(", ")", "((trample)", "trample)", "AND", "OR", "NOT", "AND OR NOT", "trample AND",
    "NOT trample", "- +", "&&", "||", "field:value", "title_fs_en2026:trample", "ref:*", "doc:en-2026", "[a TO z]",
    "{a TO z}", "<script>alert(1)</script>", "\x00", "trample\x00deathtouch", "\x1b[31mred", "\u200b\u200e", "🙂",
    "🙂 trample", "702.19c\x07", "702.", "702.19.c", ".", "...", "'", "''", "l'", "\\", "\\\\trample", "%s %d",
    "{T}: Add {G}.", "1/1", "0", "999.999", "100.1000z", "a" * 10_000, "trample " * 2_000, "tramlpe " * 50,
    '"' * 501, "(" * 1000, "é" * 300, "\ud800",
]


@pytest.mark.parametrize("query", HOSTILE, ids=range(len(HOSTILE)))
@pytest.mark.parametrize("doc", [None, "pt-2019", "pt-lesson-turn"])
def test_any_text_is_answered_without_raising(engine, query, doc):
    response = engine.search(query, doc=doc)
    assert isinstance(response, SearchResponse)
    assert response.hits or response.message or response.jump
    assert len(response.query) <= 1000
    response.to_dict()  # JSON-ready


def test_empty_and_punctuation_only_queries_explain_themselves(engine):
    assert engine.search("").message.startswith("Type a rule number")
    assert "Nothing to search for" in engine.search("*").message
    assert "Nothing to search for" in engine.search("()").message


def test_operators_and_wildcards_are_plain_text(engine):
    assert engine.search("trample~5", doc="en-2026").hits[0].number == "702.19"
    assert engine.search("trample*", doc="en-2026").hits[0].number == "702.19"
    assert engine.search("trample AND", doc="en-2026").hits[0].number == "702.19"
    assert engine.search('"trample', doc="en-2026").hits[0].number == "702.19"  # a lone quote is ignored


def test_a_very_long_query_is_cut_and_says_so(engine):
    response = engine.search("trample " * 2000, doc="en-2026")
    assert response.hits[0].number == "702.19"
    assert "first 24 words" in response.message


def test_bad_parameters_are_answered_too(engine):
    assert "Unknown document" in engine.search("trample", doc="xx-1999").message
    assert "Unknown language" in engine.search("trample", lang="fr").message
    assert "is in 'pt'" in engine.search("trample", doc="pt-2019", lang="en").message
    assert len(engine.search("trample", limit=0).hits) == 1
    assert len(engine.search("trample", limit=10_000).hits) <= 100
    assert engine.search("trample", limit="lots").hits  # type: ignore[arg-type]
    assert engine.search(None).message  # type: ignore[arg-type]
