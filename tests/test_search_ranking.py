"""Ranking and the query forms around it: titles and glossary terms outrank passing mentions,
phrases in quotes, filters by document, language and chapter, snippets escaped and marked."""

import pytest
from bs4 import BeautifulSoup
from search_helpers import keys

from judge_app.search.snippets import Wanted, snippet


@pytest.mark.parametrize(("query", "doc", "top"), [
    ("trample", "en-2026", ["702.19"]),
    ("Lifelink", "en-2026", ["702.15"]),
    ("first strike", "en-2019", ["702.7"]),
    ("combat damage step", "en-2026", ["510"]),
    ("legend rule", "en-2026", ["glossary:Legend Rule", "704.5j"]),
    ("what is the maximum hand size", "en-2026", ["glossary:Maximum Hand Size", "402.2", "514.1"]),
    ("regla de leyendas", "es-2026", ["glossary:Regla de leyendas", "704.5j"]),
])
def test_a_keyword_title_or_glossary_term_comes_first(engine, query, doc, top):
    """The entry so named, with the rule its glossary entry sends to, before any passing mention."""
    assert sorted(keys(engine.search(query, doc=doc))[:len(top)]) == sorted(top)


@pytest.mark.parametrize(("query", "doc", "first"), [
    ("exalted", "en-2026", "702.83"),  # a bare keyword: its rule
    ("how does exalted work", "en-2026", "702.83a"),  # asked what it means: the subrule that says it
    ("como funciona o exaltado", "pt-2019", "702.82a"),
    ("what counts as a permanent", "en-2026", "110.1"),
    ("regla de leyendas", "es-2026", "glossary:Regla de leyendas"),
    ("cómo funciona la regla de leyendas", "es-2026", "704.5j"),  # the rule the entry sends to, before the entry
])
def test_asked_what_a_term_means_the_rule_that_states_it_comes_first(engine, query, doc, first):
    assert keys(engine.search(query, doc=doc))[0] == first


@pytest.mark.parametrize(("query", "doc"), [
    ("what does protection from red stop", "en-2026"),
    ("qué impide la protección contra rojo", "es-2026"),
    ("o que a proteção contra vermelho impede", "pt-2019"),
])
def test_asked_more_than_a_term_its_heading_steps_behind_the_subrules(engine, query, doc):
    """702.16 "Protection" is only a title: what protection stops is said in its subrules, found first."""
    ranked = keys(engine.search(query, doc=doc))
    assert "702.16a" in ranked[:3]
    assert "702.16" not in ranked[:ranked.index("702.16a") + 1]


def test_asked_how_many_an_entry_with_the_number_weighs_more(engine):
    """903.5a says "exactly 100 cards": asked how many, an entry with a number (a count hint) is lifted."""
    assert "903.5a" in keys(engine.search("quantas cartas tem um deck de commander", doc="pt-2019"))[:3]


def test_mulligan_ranks_the_rule_and_its_entry_above_the_old_variants(engine):
    ranked = keys(engine.search("mulligan", doc="en-2026"))
    assert ranked[:2] == ["glossary:Mulligan", "103.5"]
    for old in ("glossary:London Mulligan", "glossary:Paris Mulligan", "glossary:Vancouver Mulligan"):
        assert old not in ranked[:2]


def test_a_named_glossary_entry_brings_the_rules_it_sends_to(engine, corpus):
    entry = corpus.glossary_entry("en-2026", "Legend Rule")
    ranked = keys(engine.search("legend rule", doc="en-2026"))
    assert entry.rules[0] in ranked[:3]


def test_rules_combining_the_words_beat_entries_naming_one(engine):
    ranked = keys(engine.search("deathtouch trample lethal damage", doc="en-2026"))
    assert set(ranked[:3]) & {"702.2c", "702.19b"}
    assert not ranked[0].startswith("glossary:")


def test_quoted_phrases_are_required(engine, corpus):
    response = engine.search('"combat damage step" first strike', doc="en-2026")
    assert response.hits
    for hit in response.hits:
        texts = [corpus.rule(hit.doc, hit.number).text, *corpus.rule(hit.doc, hit.number).examples, hit.title] \
            if hit.kind == "rule" else [BeautifulSoup(hit.snippet, "html.parser").get_text()]
        assert any("combat damage step" in t.lower() for t in texts), hit


def test_a_phrase_nobody_wrote_falls_back_to_its_words(engine):
    response = engine.search('"trample deathtouch"', doc="en-2026")
    assert response.hits and "exact phrase" in response.message


def test_filters_by_document_language_and_chapter(engine):
    assert {h.doc for h in engine.search("trample", lang="pt").hits} <= {"pt-2019", "pt-lesson-turn",
                                                                       "pt-rulebook-2007", "pt-notes-2008"}
    everywhere = engine.search("trample")
    assert {"en-2026", "en-2019"} <= {h.doc for h in everywhere.hits}
    assert (everywhere.hits[0].doc, everywhere.hits[0].number) == ("en-2026", "702.19")  # the current rules first
    assert engine.search("trample", doc="en-2026", chapter="5").hits == []  # no rule of chapter 5 mentions it
    in_chapter = engine.search("damage", doc="en-2026", chapter="5")
    assert in_chapter.hits and all(h.kind == "rule" and h.path[0] == "5" for h in in_chapter.hits)
    in_section = engine.search("damage", doc="en-2026", chapter="702.19")
    assert in_section.hits and all(h.number.startswith("702.19") for h in in_section.hits)
    assert engine.search("trample", doc="en-2026", chapter="nonsense").message


def test_guides_are_searched_and_rank_below_the_rules(engine):
    response = engine.search("etapa de manutenção", lang="pt")
    kinds = [h.kind for h in response.hits]
    assert "guide" in kinds
    assert engine.search("etapa de manutenção", doc="pt-lesson-turn").hits[0].kind == "guide"


def test_snippets_are_escaped_html_with_only_mark_tags(engine):
    for query, doc in [("trample", "en-2026"), ("toque mortifero", "pt-2019"), ("{T}", "en-2026"),
                       ("<script>alert(1)</script> damage", "en-2026")]:
        for hit in engine.search(query, doc=doc).hits:
            tags = {tag.name for tag in BeautifulSoup(hit.snippet, "html.parser").find_all(True)}
            assert tags <= {"mark"}, hit.snippet


def test_snippet_escapes_before_marking():
    wanted = Wanted("en", frozenset({"trampl"}), frozenset({"trampl"}))
    html = snippet(['<b>Trample</b> & "more"'], wanted)
    assert html == '&lt;b&gt;<mark>Trample</mark>&lt;/b&gt; &amp; &quot;more&quot;'


def test_snippet_shows_the_window_with_the_marked_words(corpus):
    text = corpus.rule("en-2026", "702.19b").text
    wanted = Wanted("en", frozenset({"excess"}), frozenset({"excess"}))
    html = snippet([text], wanted, width=80)
    assert "<mark>excess</mark>" in html and html.startswith("…")


@pytest.mark.parametrize(("query", "doc", "first", "variant_after"), [
    ("how many poison counters to lose", "en-2026", "704.5c", "810.10b"),  # not Two-Headed Giant's count
    ("quantos marcadores de veneno para perder", "pt-2019", "704.5c", "810.10b"),
    ("cuántos contadores de veneno para perder", "es-2026", "704.5c", "810.10b"),
])
def test_a_variant_s_rules_weigh_less_when_the_question_names_no_variant(engine, query, doc, first, variant_after):
    found = keys(engine.search(query, doc=doc))
    assert found[0] == first and variant_after in found


@pytest.mark.parametrize(("query", "doc", "wanted"), [
    ("two-headed giant poison counters", "en-2026", "810.10"),  # the variant's title named
    ("gigante de duas cabeças marcadores de veneno", "pt-2019", "810.10"),
    ("cuánto es el impuesto del comandante", "es-2026", "903.8"),  # a glossary term only the variant uses
])
def test_a_variant_named_keeps_its_rules_first(engine, query, doc, wanted):
    assert any(k.startswith(wanted) for k in keys(engine.search(query, doc=doc))[:3])


def test_each_entry_a_unit_names_earns_by_that_unit_s_share(engine):
    """A unit naming several entries (Lifelink: the rule and the glossary term) earns each a title bonus in
    proportion to its share of the question, the second as much as the first (not as if it were the question)."""
    from judge_app.search import understanding
    from judge_app.search.ranking import Ranker

    query = "lifelink with trample, do i gain life for the damage to the blocker and to the player"
    question = engine.reader("en-2026").read(understanding.parse(query).words)
    bonus = engine.ranker.named(question)
    total = sum(u.weight for u in question.counted)
    lifelink = next(u for u in question.counted if u.typed == ("lifelink",))
    assert len({n.ref for n in lifelink.named}) >= 2
    for entry in lifelink.named:
        expected = Ranker.PARTIAL_TITLE * lifelink.weight / total * Ranker.EXACT_WEIGHT[entry.kind]
        assert bonus[entry.ref] == pytest.approx(expected)
