"""What a search answers besides hits: pages and the total, messages with a code and parameters, and the
words only other documents have."""

from __future__ import annotations

import pytest
from search_helpers import keys

from judge_app.search.results import MESSAGE_CODES


def test_pages_follow_one_another(engine):
    whole = engine.search("combat damage", doc="en-2026", limit=60)
    first = engine.search("combat damage", doc="en-2026", limit=20)
    second = engine.search("combat damage", doc="en-2026", limit=20, offset=20)
    assert keys(first) + keys(second) == keys(whole)[:40]
    assert second.offset == 20 and second.total == first.total == whole.total >= 40
    beyond = engine.search("combat damage", doc="en-2026", limit=20, offset=490)
    assert beyond.offset == 490 and len(beyond.hits) <= 20
    assert engine.search("combat damage", doc="en-2026", offset=10_000).offset == 500  # paging stops there
    assert engine.search("combat damage", doc="en-2026", offset="x").offset == 0


def test_a_rule_number_pages_through_its_subrules(engine):
    first = engine.search("702.19", doc="en-2026", limit=2)
    second = engine.search("702.19", doc="en-2026", limit=2, offset=2)
    assert keys(first) == ["702.19", "702.19a"] and keys(second) == ["702.19b", "702.19c"]
    assert first.total == 1 + len(engine.corpus.rules["en-2026"]["702.19"].children)


@pytest.mark.parametrize(("query", "kwargs", "code", "params"), [
    ("", {}, "empty", {}),
    ("*", {}, "nothing_to_search", {"query": "*"}),
    ("trample", {"doc": "xx-1999"}, "unknown_document", {"doc": "xx-1999"}),
    ("trample", {"lang": "fr"}, "unknown_language", {"lang": "fr"}),
    ("trample", {"doc": "pt-2019", "lang": "en"}, "document_language", {"doc": "pt-2019", "language": "pt"}),
    ("trample", {"doc": "en-2026", "chapter": "nonsense"}, "unknown_chapter", {"chapter": "nonsense"}),
    ("702.99z", {"doc": "en-2026"}, "no_rule", {"number": "702.99z", "doc": "en-2026"}),
    ('"trample banana"', {"doc": "en-2026"}, "no_phrase", {}),
    ("zzqxv", {"doc": "en-2026"}, "nothing_found", {"query": "zzqxv"}),
    (" ".join(["trample"] * 30), {"doc": "en-2026"}, "truncated", {"words": 24}),
])
def test_messages_have_a_code_and_parameters(engine, query, kwargs, code, params):
    response = engine.search(query, **kwargs)
    found = {m.code: m for m in response.messages}
    assert code in found and code in MESSAGE_CODES
    assert params.items() <= found[code].params.items()
    assert str(found[code]) and str(found[code]) in str(response.message)
    assert {"code": code, "params": found[code].params, "text": str(found[code])} in response.to_dict()["messages"]


def test_a_mechanic_newer_than_the_document_is_found_elsewhere(engine):
    response = engine.search("how does ward work", doc="pt-2019")
    places = {(e.term, e.doc, e.number) for e in response.elsewhere}
    assert ("ward", "en-2026", "702.21") in places
    assert response.messages[0].code == "elsewhere" and "en-2026" in response.messages[0].params["where"]
    mill = engine.search("mill", doc="en-2019")
    assert ("mill", "en-2026", "701.17") in {(e.term, e.doc, e.number) for e in mill.elsewhere}


def test_words_the_document_has_are_not_sent_elsewhere(engine):
    for query, doc in (("trample", "pt-2019"), ("atropelar", "pt-2019"), ("ward", "en-2026"), ("mulligan", "es-2026")):
        assert engine.search(query, doc=doc).elsewhere == []


def test_the_json_form_holds_everything(engine):
    data = engine.search("trample", doc="en-2026", limit=3).to_dict()
    assert {"query", "docs", "hits", "total", "offset", "messages", "message", "scenarios", "elsewhere", "jump",
            "did_you_mean", "suggestions"} <= set(data)
    assert len(data["hits"]) == 3 and data["total"] > 3
    assert all({"id", "title", "question", "tags", "rules", "score"} <= set(s) for s in data["scenarios"])
