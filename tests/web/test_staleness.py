"""A 2019 rule that is not the current rule says so wherever it is shown (rule pages, search hits, the
glossary, the API), and a rule or term that came after 2019 answers in the 2019 documents with where it is."""

from __future__ import annotations

import random

import pytest
from webpages import page

from judge_app.web import staleness

PT = {"Accept-Language": "pt"}


def notice(soup):
    found = soup.select_one("aside.stale")
    assert found is not None
    return found


def current_links(box) -> list[str]:
    return [a["href"] for a in box.select("ul.current a")]


def test_a_changed_rule_says_so_above_its_text_in_the_interface_language(client):
    soup = page(client, "/rules/pt-2019/510.1c", headers=PT)
    box = notice(soup)
    assert box.find_next("article")["class"] == ["rule"]  # above the rule text
    assert box.select_one(".stale-title").get_text(strip=True) == "Esta regra mudou nas regras de 2026."
    assert current_links(box) == ["/rules/en-2026/510.1c", "/rules/es-2026/510.1c"]
    diff = box.select_one("details.changes .diff")
    assert diff.select("del") and diff.select("ins")  # the word diff is offered right there
    assert "damage assignment order" in diff.get_text()


def test_a_renumbered_rule_gives_its_current_number(client):
    soup = page(client, "/rules/pt-2019/702.52a")
    box = notice(soup)
    assert "702.53a" in box.select_one(".stale-title").get_text()
    assert current_links(box) == ["/rules/en-2026/702.53a", "/rules/es-2026/702.53a"]


def test_a_rule_removed_since_2019_says_it_is_gone(client, alignment):
    removed = [p.from_number for p in alignment.pairs("pt-2019", "en-2026") if p.relation == "removed"]
    assert removed
    soup = page(client, f"/rules/pt-2019/{removed[0]}", headers={"Accept-Language": "es"})
    title = notice(soup).select_one(".stale-title").get_text(strip=True)
    assert title == "Esta regla ya no existe en las reglas de 2026."


def test_a_rule_with_changed_subrules_lists_them(client):
    soup = page(client, "/rules/pt-2019/510.1")
    box = notice(soup)
    listed = [a.get_text() for a in box.select("ul.parts a.num")]
    assert "510.1c" in listed and "510.1a" not in listed  # 510.1a reads the same in 2026
    assert soup.select_one('[id="510.1c"] .stale-mark')["href"] == "/rules/en-2026/510.1c"


@pytest.mark.parametrize("url", ["/rules/pt-2019/702.9", "/rules/pt-2019/704.5a", "/rules/en-2026/510.1c",
                                 "/rules/es-2026/510.1c"])
def test_current_rules_and_unchanged_2019_rules_carry_no_notice(client, url):
    assert page(client, url).select_one("aside.stale") is None


def test_every_stale_rule_of_a_sample_is_flagged(client, alignment):
    """Random pt-2019 rules the alignment says are not the same in 2026, each with its notice and links."""
    pairs = [p for p in alignment.pairs("pt-2019", "en-2026") if p.relation in staleness.STALE]
    for pair in random.Random(16).sample(pairs, 12):
        soup = page(client, f"/rules/pt-2019/{pair.from_number}")
        box = notice(soup)
        if pair.to_number is not None:
            assert f"/rules/en-2026/{pair.to_number}" in current_links(box), pair


def test_a_rule_added_after_2019_answers_in_pt_2019_with_where_it_is(client):
    soup = page(client, "/rules/pt-2019/702.164", headers=PT)  # 200, not a 404
    box = notice(soup)
    assert box.h2.get_text() == "Não está nesta tradução de 2019"
    assert current_links(box) == ["/rules/en-2026/702.164", "/rules/es-2026/702.164"]
    assert "Toxic" in soup.h1.get_text()


def test_a_term_added_after_2019_answers_in_pt_2019_with_where_it_is(client):
    soup = page(client, "/glossary/pt-2019/T%C3%B3xico", headers=PT)
    links = [a["href"] for a in notice(soup).select("a")]
    assert "/glossary/es-2026/T%C3%B3xico" in links and "/glossary/en-2026/Toxic" in links
    page(client, "/glossary/pt-2019/Palavra%20inventada", status=404)


def test_a_glossary_entry_marks_its_stale_rules(client):
    soup = page(client, "/glossary/pt-2019/Ordem%20de%20atribui%C3%A7%C3%A3o%20de%20dano", headers=PT)
    box = notice(soup)
    assert [a.get_text() for a in box.select("a.num")] == ["509.2", "509.3"]
    assert all("removida" in mark.get_text() for mark in box.select(".stale-mark"))


def test_search_hits_in_2019_documents_carry_the_mark(client):
    soup = page(client, "/search?q=lhurgoyf&doc=pt-2019")
    hit = soup.select_one("ol.hits li.hit")
    assert hit.select_one(".what .num").get_text() == "205.3m"
    assert hit.select_one(".stale-mark")["href"] == "/rules/en-2026/205.3m"
    assert page(client, "/search?q=lhurgoyf&doc=en-2026").select_one(".stale-mark") is None


def test_the_api_carries_the_same_facts(client):
    data = client.get("/api/rules/pt-2019/510.1").get_json()
    assert data["standing"]["relation"] == "same"
    changed = next(c for c in data["children"] if c["number"] == "510.1c")
    assert changed["standing"] == {"relation": "changed", "stale": True, "reworded": True, "current": [
        {"doc": "en-2026", "number": "510.1c", "url": "/rules/en-2026/510.1c"},
        {"doc": "es-2026", "number": "510.1c", "url": "/rules/es-2026/510.1c"}]}
    assert "standing" not in client.get("/api/rules/en-2026/510.1c").get_json()
    response = client.get("/api/rules/pt-2019/702.164")
    assert response.status_code == 404
    assert response.get_json()["elsewhere"]["added_after"] is True
    assert response.get_json()["elsewhere"]["current"][0]["url"] == "/rules/en-2026/702.164"
    elsewhere = client.get("/api/glossary/pt-2019/T%C3%B3xico").get_json()["elsewhere"]
    assert {(e["doc"], e["term"]) for e in elsewhere} == {("en-2026", "Toxic"), ("es-2026", "Tóxico")}
    hits = client.get("/api/search?q=lhurgoyf&doc=pt-2019").get_json()["hits"]
    assert hits[0]["standing"]["current"][0]["number"] == "205.3m"
