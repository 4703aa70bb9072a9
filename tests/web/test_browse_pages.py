"""Home, contents, glossary, guides and the quality page on the real corpus."""

from __future__ import annotations

import pytest
from webpages import internal_links, page

from judge_app.corpus import CR_IDS
from judge_app.corpus.report import corpus_report


def test_home_has_one_search_box_and_the_document_chooser(client):
    soup = page(client, "/")
    forms = soup.select("main form[role=search]")
    assert len(forms) == 1 and forms[0]["action"] == "/search"
    box = forms[0].select_one("input[name=q]")
    assert box.has_attr("autofocus")
    assert soup.select_one("header form[role=search]") is None  # no second box on the home page
    choices = soup.select("ul.docs a")
    assert [a["href"].split("/settings/doc/")[1].split("?")[0] for a in choices] == list(CR_IDS)
    assert [a.strong.get_text() for a in choices] == ["EN 2026", "ES 2026", "EN 2019", "PT 2019"]
    assert soup.select_one('ul.docs a[aria-current="true"]').strong.get_text() == "EN 2026"


def test_home_links_all_resolve(client):
    soup = page(client, "/")
    links = internal_links(soup)
    assert "/rules/en-2026/" in links and "/glossary/en-2026/" in links and "/guides/" in links
    for href in links:
        expected = 303 if href.startswith("/settings/") else 200
        assert client.get(href).status_code == expected, href


def test_document_choice_is_remembered(client):
    response = client.get("/settings/doc/pt-2019?next=/")
    assert response.status_code == 303 and response.headers["Location"] == "/"
    soup = page(client, "/")
    assert soup.select_one('ul.docs a[aria-current="true"]').strong.get_text() == "PT 2019"
    assert soup.select_one("main input[name=doc]")["value"] == "pt-2019"
    assert "/rules/pt-2019/" in internal_links(soup)


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:x"])
def test_settings_never_redirect_off_site(client, target):
    response = client.get("/settings/lang/es", query_string={"next": target})
    assert response.status_code == 303 and response.headers["Location"] == "/"


@pytest.mark.parametrize("doc", CR_IDS)
def test_contents_has_every_chapter_collapsible_with_its_sections(client, corpus, doc):
    soup = page(client, f"/rules/{doc}/")
    chapters = [r for r in corpus.rules[doc].values() if r.level == "chapter"]
    details = soup.select("div.toc details")
    assert [d.summary.get_text() for d in details] == [c.heading for c in chapters]
    first = chapters[0]
    listed = [a["href"].rsplit("/", 1)[1] for a in details[0].select("a")]
    assert listed == [first.number] + [s.number for s in corpus.children(doc, first.number)]


def test_contents_links_resolve(client):
    soup = page(client, "/rules/pt-2019/")
    for href in internal_links(soup, "div.toc")[:60]:
        assert client.get(href).status_code == 200, href


@pytest.mark.parametrize("doc", CR_IDS)
def test_glossary_lists_every_term_under_its_letter(client, corpus, doc):
    soup = page(client, f"/glossary/{doc}/")
    terms = [a.get_text() for a in soup.select("ul.terms a")]
    assert sorted(terms) == sorted(e.term for e in corpus.glossary[doc])
    letters = [a.get_text() for a in soup.select("nav.letters a")]
    assert letters == sorted(letters) and "A" in letters
    for a in soup.select("nav.letters a"):
        assert soup.find(id=a["href"][1:]) is not None


def test_glossary_entry_shows_definition_and_rule_links(client, corpus):
    entry = corpus.glossary_entry("es-2026", "Arrollar")
    soup = page(client, "/glossary/es-2026/Arrollar")
    article = soup.select_one("article.glossary-entry")
    assert article.h1.get_text().startswith("Arrollar")
    assert [a["href"] for a in article.select("ul.chips a")] == [f"/rules/es-2026/{n}" for n in entry.rules]
    assert article.select_one("div.text a.ref")["href"] == "/rules/es-2026/702.19"
    for href in internal_links(soup, "main"):
        assert client.get(href).status_code == 200, href


def test_glossary_entry_found_by_any_spelling_and_unknown_terms_404(client):
    assert page(client, "/glossary/en-2026/trample").select_one("article h1").get_text() == "Trample"
    soup = page(client, "/glossary/en-2026/Not%20A%20Term", status=404)
    assert soup.select_one("main a.button")["href"] == "/glossary/en-2026/"


def test_guides_show_date_and_authority_plainly(client, corpus):
    soup = page(client, "/guides/")
    cards = soup.select("section.guide-card")
    guides = [d for d in corpus.documents.values() if not d.is_cr]
    assert len(cards) == len(guides)
    for card, document in zip(cards, guides, strict=True):
        facts = dict(zip([dt.get_text() for dt in card.select("dt")], [dd.get_text() for dd in card.select("dd")],
                         strict=True))
        when = card.select_one("dd time")
        assert (when["datetime"] if when else facts["Date"]) == (document.effective or "undated")
        assert facts["Authority"].startswith(f"{document.authority} of 4")
    assert "2007" in [c.select("dd")[1].get_text() for c in cards]
    assert "December 18, 2008" in [c.select("dd")[1].get_text() for c in cards]


@pytest.mark.parametrize("doc", ["pt-lesson-turn", "pt-rulebook-2007", "pt-notes-2008"])
def test_guide_page_warns_and_links_its_references_to_pt_2019(client, corpus, doc):
    soup = page(client, f"/guides/{doc}")
    warning = soup.select_one("main .warning")
    assert warning.strong.get_text().startswith("Not the current rules")
    paragraphs = [p for s in corpus.guides[doc] for p in s.paragraphs]
    assert len(soup.select("div.guide div.para")) == len(paragraphs)
    expected = [n for p in paragraphs for r in p.references for n in r.resolved]
    linked = [a["href"] for a in soup.select("div.guide a.ref")]
    assert all(h.startswith("/rules/pt-2019/") for h in linked)
    assert {h.rsplit("/", 1)[1] for h in linked} == set(expected)
    for href in linked[:10]:
        assert client.get(href).status_code == 200


def test_quality_page_reports_every_document(client, corpus):
    report = corpus_report(corpus)
    soup = page(client, "/quality")
    sections = soup.select("section.quality")
    assert [s["id"] for s in sections] == [f"doc-{d}" for d in report]
    es = soup.find(id="doc-es-2026")
    counts = {tr.th.get_text(): tr.td.get_text() for tr in es.select("table.counts tr")}
    assert counts["Rules"] == f'{report["es-2026"]["rules"]:,}'  # in English, thousands with a comma
    assert counts["Corrected numbers"] == f'{report["es-2026"]["corrected_numbers"]:,}'
    summaries = [s.get_text() for s in es.select("details summary")]
    assert f"Anomalies ({len(report['es-2026']['anomalies'])})" in summaries
    assert f"Unresolved references ({len(report['es-2026']['unresolved_references'])})" in summaries
    for href in internal_links(soup, "main")[:40]:
        assert client.get(href).status_code == 200, href
