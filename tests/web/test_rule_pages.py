"""Rule pages on the real corpus: structure, links, subrules, examples, citations, neighbours, 404s."""

from __future__ import annotations

import pytest
from webpages import internal_links, page

from judge_app.corpus import CR_IDS


def numbered_sections(soup) -> list[str]:
    return [s["id"] for s in soup.select("article.rule section.entry")][1:]


@pytest.mark.parametrize("doc", CR_IDS)
def test_rule_page_shows_the_rule_and_every_subrule(client, corpus, doc):
    rule = corpus.rule(doc, "702.19")
    soup = page(client, f"/rules/{doc}/702.19")
    heading = soup.select_one("article.rule h1")
    assert heading.select_one(".num").get_text() == "702.19."
    assert rule.title in heading.get_text()
    assert numbered_sections(soup) == [d.number for d in corpus.descendants(doc, "702.19")]
    assert soup.select_one("article.rule")["lang"] == corpus.document(doc).language
    examples = sum(len(d.examples) for d in corpus.descendants(doc, "702.19"))
    assert len(soup.select("article.rule aside.example")) == examples > 0


def test_breadcrumbs_are_document_chapter_section(client, corpus):
    soup = page(client, "/rules/en-2026/702.19b")
    crumbs = soup.select("nav.crumbs li a")
    assert [a.get_text() for a in crumbs] == ["EN 2026"] + [a.heading for a in corpus.ancestors("en-2026", "702.19b")]
    assert [a["href"] for a in crumbs[1:]] == ["/rules/en-2026/7", "/rules/en-2026/702", "/rules/en-2026/702.19"]
    for href in (a["href"] for a in crumbs):
        assert client.get(href).status_code == 200


def test_every_reference_is_a_link_to_the_cited_rule(client, corpus):
    soup = page(client, "/rules/en-2026/702.19")
    expected = [n for d in corpus.descendants("en-2026", "702.19") for r in d.references for n in r.resolved]
    found = [a["href"].rsplit("/", 1)[1] for a in soup.select("article.rule a.ref")]
    assert found == expected
    assert soup.find(id="702.19a").select_one("a.ref")["href"] == "/rules/en-2026/510"


def test_a_range_links_both_of_its_ends(client, corpus):
    ref = corpus.rule("en-2026", "103.2").references[0]
    assert ref.text == "103.2a–e"
    soup = page(client, "/rules/en-2026/103.2")
    links = soup.find(id="103.2").select("a.ref")
    assert [(a.get_text(), a["href"]) for a in links] == [
        ("103.2a", "/rules/en-2026/103.2a"), ("e", "/rules/en-2026/103.2e")]


def test_keyword_names_link_to_their_keyword_rule(client, corpus):
    rule = next(r for r in corpus.rules["es-2026"].values() if r.level == "subrule" and r.keyword_links)
    link = rule.keyword_links[0]
    soup = page(client, f"/rules/es-2026/{rule.number}")
    keyword = soup.select("article.rule a.kw")[0]
    assert keyword["href"] == f"/rules/es-2026/{link.target}"
    assert keyword.get_text() == rule.text[link.start:link.end]


def test_glossary_terms_link_to_their_entries_once_per_page(client):
    soup = page(client, "/rules/en-2026/702.19")
    terms = soup.select("article.rule a.term")
    names = [a.get_text().lower() for a in terms]
    assert "lethal damage" in names
    assert len(set(a["href"] for a in terms)) == len(terms)
    for a in terms[:5]:
        entry = page(client, a["href"])
        assert entry.select_one("article.glossary-entry h1")


def test_links_on_a_rule_page_all_resolve(client):
    soup = page(client, "/rules/es-2026/702.19")
    for href in internal_links(soup, "main"):
        assert client.get(href).status_code == 200, href


def test_previous_and_next_are_the_neighbouring_rules(client):
    soup = page(client, "/rules/en-2026/702.19")
    assert soup.select_one('nav.pager a[rel="prev"]')["href"] == "/rules/en-2026/702.18"
    assert soup.select_one('nav.pager a[rel="next"]')["href"] == "/rules/en-2026/702.20"


def test_cited_by_lists_the_rules_citing_the_rule_or_its_subrules(client, corpus):
    shown = [corpus.rule("en-2026", "510.1"), *corpus.descendants("en-2026", "510.1")]
    citing = {c for d in shown for c in d.cited_by} - {d.number for d in shown}
    soup = page(client, "/rules/en-2026/510.1")
    listed = {a["href"].rsplit("/", 1)[1] for a in soup.select("section.cited ul.list a")}
    assert listed == citing and listed


def test_a_section_page_lists_what_cites_the_section(client, corpus):
    soup = page(client, "/rules/en-2026/510")
    listed = [a["href"].rsplit("/", 1)[1] for a in soup.select("section.cited ul.list a")]
    assert listed == corpus.rule("en-2026", "510").cited_by and "702.19a" in listed


def test_the_rule_in_the_other_documents(client):
    soup = page(client, "/rules/en-2026/702.19")
    assert [a["href"] for a in soup.select("section.others ul.chips a")] == [
        "/rules/es-2026/702.19", "/rules/en-2019/702.19", "/rules/pt-2019/702.19"]


def test_a_renumbered_rule_links_to_its_counterpart_and_says_so(client, alignment):
    expected = alignment.counterpart("es-2026", "112.1", "pt-2019").number
    assert expected != "112.1"
    soup = page(client, "/rules/es-2026/112.1")
    chip = soup.select_one('section.others ul.chips a[hreflang="pt"]')
    assert chip["href"] == f"/rules/pt-2019/{expected}"
    assert chip.select_one(".relation").get_text() == "(renumbered)"


def test_side_by_side_shows_each_counterparts_text(client, corpus):
    soup = page(client, "/rules/es-2026/702.19")
    details = soup.select_one("section.others details.equivalents")
    assert details.summary.get_text() == "Show the other documents side by side"
    columns = details.select("div.side-by-side > article")
    assert [a["lang"] for a in columns] == ["en", "en", "pt"]
    portuguese = columns[2]
    numbers = [p.get_text() for p in portuguese.select("p.num")]
    assert numbers == [r.number for r in corpus.descendants("pt-2019", "702.19")]
    assert corpus.rule("pt-2019", "702.19a").text[:40] in portuguese.get_text()


def test_what_changed_is_the_word_diff_of_the_english_texts(client, alignment):
    soup = page(client, "/rules/es-2026/702.19")
    changes = soup.select_one("section.others details.changes")
    headings = [h.get_text(" ", strip=True) for h in changes.select("h3")]
    assert "702.19b → 702.19b (changed)" in headings
    segments = alignment.diff("702.19b", "702.19b")
    diff = changes.select("div.diff")[headings.index("702.19b → 702.19b (changed)")]
    assert [d.get_text() for d in diff.select("del")] == [s.text for s in segments if s.op == "delete"]
    assert [i.get_text() for i in diff.select("ins")] == [s.text for s in segments if s.op == "insert"]
    assert "excess" in [i.get_text() for i in diff.select("ins")]


def test_section_page_lists_its_rules(client, corpus):
    soup = page(client, "/rules/en-2026/702")
    listed = [a["href"].rsplit("/", 1)[1] for a in soup.select("section.children a")]
    assert listed == [c.number for c in corpus.children("en-2026", "702")]


def test_emphasis_in_translations_is_kept(client):
    soup = page(client, "/rules/es-2026/100.1")
    assert [em.get_text() for em in soup.select("article.rule em")][:1] == ["Magic"]


def test_a_corrected_number_says_how_it_was_printed(client, corpus):
    rule = corpus.rule("pt-2019", "702.52a")
    assert rule.corrected
    soup = page(client, "/rules/pt-2019/702.52a")
    assert rule.printed in soup.select_one("article.rule p.note").get_text()


def test_spellings_of_a_number_redirect_to_the_canonical_page(client):
    response = client.get("/rules/en-2026/702.19B")
    assert response.status_code == 301
    assert response.headers["Location"].endswith("/rules/en-2026/702.19b")


def test_short_url_uses_the_preferred_document(client):
    assert client.get("/r/702.19").headers["Location"].endswith("/rules/en-2026/702.19")
    client.set_cookie("doc", "es-2026")
    assert client.get("/r/702.19").headers["Location"].endswith("/rules/es-2026/702.19")
    client.set_cookie("doc", "not-a-doc")
    assert client.get("/r/702.19").headers["Location"].endswith("/rules/en-2026/702.19")


def test_unknown_rule_is_a_404_with_did_you_mean(client, corpus):
    soup = page(client, "/rules/en-2026/702.19z", status=404)
    suggestions = [a["href"].rsplit("/", 1)[1] for a in soup.select("ul.did-you-mean a")]
    assert suggestions == corpus.suggest("en-2026", "702.19z") and suggestions
    assert page(client, "/r/999.99", status=404).select_one("h1")


def test_unknown_document_is_a_404(client):
    soup = page(client, "/rules/xx-2030/702.19", status=404)
    assert {a["href"] for a in soup.select("main ul.chips a")} == {f"/rules/{d}/" for d in CR_IDS}
