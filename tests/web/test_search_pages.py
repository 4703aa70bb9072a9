"""The search page and /api/search on the real index: ranked hits, snippets, filters, jumps to rules."""

from __future__ import annotations

from webpages import page

from judge_app import search as search_api
from judge_app.web.search import snippet_html


def hits(soup) -> list[str]:
    return [a["href"] for a in soup.select("ol.hits li.hit > a")]


def test_results_are_ranked_links_with_highlighted_snippets(client):
    soup = page(client, "/search?q=trample&doc=en-2026")
    found = hits(soup)
    expected = search_api.search("trample", doc="en-2026", limit=20)
    assert found[0] == "/rules/en-2026/702.19"
    assert len(found) == len(expected.hits)
    marks = [m.get_text().lower() for m in soup.select("ol.hits p.snippet mark")]
    assert marks and set(marks) == {"trample"}
    for href in found[:8]:
        assert client.get(href).status_code == 200, href


def test_a_rule_number_goes_straight_to_the_rule(client):
    for query in ("702.19", "CR 702.19C", "rule 702.19c"):
        response = client.get("/search", query_string={"q": query, "doc": "en-2026"})
        assert response.status_code == 302
        assert response.headers["Location"].startswith("/rules/en-2026/702.19")
    assert client.get("/search?q=702.19&doc=es-2026").headers["Location"] == "/rules/es-2026/702.19"


def test_a_typo_offers_did_you_mean(client):
    soup = page(client, "/search?q=tramlpe&doc=en-2026")
    link = soup.select_one("p.did-you-mean a")
    assert link.get_text() == "trample"
    again = page(client, link["href"])
    assert hits(again)[0] == "/rules/en-2026/702.19"


def test_document_and_chapter_filters(client):
    soup = page(client, "/search?q=atropelar&doc=pt-2019")
    assert hits(soup) and all(h.startswith(("/rules/pt-2019/", "/glossary/pt-2019/")) for h in hits(soup))
    assert soup.select_one("select[name=doc] option[selected]")["value"] == "pt-2019"
    soup = page(client, "/search?q=damage&doc=en-2026&chapter=5")
    rules = [h for h in hits(soup) if h.startswith("/rules/")]
    assert rules and all(h.rsplit("/", 1)[1].startswith("5") for h in rules)
    assert soup.select_one("select[name=chapter] option[selected]")["value"] == "5"


def test_guides_and_all_documents_can_be_searched(client):
    soup = page(client, "/search?q=atacar&doc=pt-rulebook-2007")
    found = hits(soup)
    assert found and all(h.startswith("/guides/pt-rulebook-2007#s") for h in found)
    guide = page(client, "/guides/pt-rulebook-2007")
    assert guide.find(id=found[0].split("#")[1]) is not None
    everywhere = {h.split("/")[2] for h in hits(page(client, "/search?q=trample&doc=all"))}
    assert len(everywhere) > 1


def test_an_empty_query_explains_itself(client):
    soup = page(client, "/search?q=&doc=en-2026")
    assert soup.select_one("main p.note").get_text()
    assert not hits(soup)


def test_markup_in_a_query_is_shown_as_text(client):
    soup = page(client, "/search", query_string={"q": "<script>alert(1)</script> trample", "doc": "en-2026"})
    assert soup.find("script", src=False) is None
    assert "<script>" in soup.select_one("main h1").get_text()


def test_snippets_other_than_text_and_marks_are_escaped():
    assert str(snippet_html("a <mark>b</mark> &amp; c")) == "a <mark>b</mark> &amp; c"
    assert "<img" not in str(snippet_html('x <img src=x onerror=alert(1)> <mark>y</mark>'))


def test_api_search(client):
    data = client.get("/api/search?q=trample&doc=en-2026&limit=3").get_json()
    assert data["hits"][0]["url"] == "/rules/en-2026/702.19"
    assert len(data["hits"]) == 3 and data["docs"] == ["en-2026"]
    jump = client.get("/api/search?q=702.19c&doc=es-2026").get_json()["jump"]
    assert jump["number"] == "702.19c" and jump["url"] == "/rules/es-2026/702.19c"
    assert client.get("/api/search?q=x&doc=nope").status_code == 404
    assert client.get("/api/search?q=x&limit=lots").status_code == 400
