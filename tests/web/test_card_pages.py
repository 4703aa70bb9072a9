"""Card pages on the real database: a card's text, how each ability is read and whether the engine plays it, its
rules linked in the chosen document, the scenarios using it; names typed otherwise, several cards, none; the card
search and the JSON (the same as `judge card show --json`); card names linked from rule examples and scenario
pages; card text escaped."""

from __future__ import annotations

import json
import subprocess
import sys

from markupsafe import escape
from webpages import page

from judge_app.web.security import CONTENT_SECURITY_POLICY

NOTICE = "Unofficial Fan Content permitted under the Fan Content Policy. Not approved/endorsed by Wizards."


def test_a_card_page_shows_the_card_its_reading_rules_and_scenarios(client, cards):
    soup = page(client, "/cards/Tarmogoyf")
    card = cards.get("Tarmogoyf")
    assert soup.h1.get_text(" ", strip=True) == "Tarmogoyf {1}{G}"
    assert soup.select_one(".type-line").get_text() == "Creature — Lhurgoyf"
    assert soup.select_one(".oracle").get_text("\n", strip=True) == card.text
    abilities = soup.select(".card-readings li.ability")
    assert len(abilities) == 1 and abilities[0].select_one(".verdict.played")
    rules = [a["href"] for a in soup.select(".card-rules a")]
    assert rules and all(href.startswith("/rules/en-2026/") for href in rules)
    assert "/rules/en-2026/613.4a" in rules
    assert "/scenarios/cda-tarmogoyf?doc=en-2026" in [a["href"] for a in soup.select(".card-scenarios a")]
    assert NOTICE in soup.select_one(".source").get_text() and "2026" in soup.select_one(".source").get_text()
    assert soup.select_one("a[href='/api/cards/Tarmogoyf']")


def test_a_refused_ability_says_why_with_its_rule_linked(client):
    soup = page(client, "/cards/Glacial%20Chasm")  # cumulative upkeep and its prevention aren't played yet
    refused = soup.select(".card-readings li.ability.refused")
    assert len(refused) == 2
    first = refused[0].select_one(".verdict.refused")
    assert "cumulative upkeep" in first.get_text()
    assert first.select_one("ul.rules a")["href"] == "/rules/en-2026/702.24"


def test_rules_are_linked_in_the_chosen_document(client, alignment):
    soup = page(client, "/cards/Tarmogoyf?doc=pt-2019")
    for link in soup.select(".card-rules a"):
        doc = link["href"].split("/")[2]
        assert doc in ("pt-2019", "en-2026")  # a rule added since 2019 links to the 2026 rules
    assert any(link["href"].startswith("/rules/pt-2019/") for link in soup.select(".card-rules a"))


def test_names_typed_otherwise_lead_to_the_card(client):
    for typed, name in (("tarmogoyf", "/cards/Tarmogoyf"), ("dandan", "/cards/Dand%C3%A2n"),
                        ("ice", "/cards/Fire%20//%20Ice"), ("Jace%20the%20mind%20sculptor",
                                                             "/cards/Jace,%20the%20Mind%20Sculptor")):
        response = client.get(f"/cards/{typed}")
        assert response.status_code == 302 and response.headers["Location"] == name, typed
        assert client.get(name).status_code == 200, name


def test_several_cards_give_a_list_and_none_a_404_with_did_you_mean(client, cards):
    soup = page(client, "/cards/jace")
    listed = [a.get_text(" ", strip=True) for a in soup.select(".card-list a strong")]
    assert listed == [c.name for c in cards.find("jace").cards]
    missing = page(client, "/cards/tarmogyof", status=404)
    assert [a["href"] for a in missing.select(".did-you-mean a")] == ["/cards/Tarmogoyf"]
    assert page(client, "/cards/qqqqqqqqq", status=404).select(".did-you-mean a") == []


def test_the_card_search_suggests(client):
    assert client.get("/cards?q=tarmogoyf").headers["Location"] == "/cards/Tarmogoyf"
    prefix = page(client, "/cards?q=lightning+bo")
    assert "Lightning Bolt" in [a.get_text() for a in prefix.select(".card-list strong")]
    words = client.get("/cards?q=sculptor+mind")  # its words in any order
    assert words.headers["Location"] == "/cards/Jace,%20the%20Mind%20Sculptor"
    typo = page(client, "/cards?q=tarmogyof")
    assert [a.get_text() for a in typo.select(".did-you-mean a")] == ["Tarmogoyf"]
    empty = page(client, "/cards")
    box = empty.select_one("form.card-search input[name=q]")
    assert box["list"] == "card-names" and box["data-card-names"] == "/api/cards"


def test_the_api_gives_the_same_json_as_the_command_line(client):
    done = subprocess.run([sys.executable, "-m", "judge_app.cli", "card", "show", "Glacial Chasm", "--json"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    response = client.get("/api/cards/Glacial%20Chasm")
    assert response.status_code == 200 and response.json == json.loads(done.stdout)
    assert response.json["abilities"][0]["played"] is False


def test_the_api_lists_several_suggests_names_and_says_none(client, cards):
    several = client.get("/api/cards/jace").json
    assert [c["name"] for c in several] == [c.name for c in cards.find("jace").cards]
    none = client.get("/api/cards/tarmogyof")
    assert none.status_code == 404 and none.json["did_you_mean"] == ["Tarmogoyf"]
    names = client.get("/api/cards?q=lightning%20bo").json
    assert names["how"] == "prefix" and "Lightning Bolt" in [c["name"] for c in names["cards"]]
    assert all(set(c) == {"name", "type", "url", "api"} for c in names["cards"]) and len(names["cards"]) <= 10
    assert client.get("/api/cards?q=tarmogyof").json["did_you_mean"] == ["Tarmogoyf"]


def test_card_text_is_escaped(client, cards):
    card = cards.get("Minsc & Boo, Timeless Heroes")
    assert "&" in card.name and ("'" in card.text or '"' in card.text)
    response = client.get("/cards/Minsc%20&%20Boo,%20Timeless%20Heroes")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Minsc &amp; Boo, Timeless Heroes" in html and "Minsc & Boo" not in html
    for line in card.text.splitlines():
        assert f"<p>{escape(line)}</p>" in html
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY


def test_card_names_in_rule_examples_link_to_their_pages(client):
    soup = page(client, "/rules/en-2026/707.10")
    first = soup.select_one(".example")
    linked = {a.get_text(): a["href"] for a in first.select("a.card-name")}
    assert linked == {"Fork": "/cards/Fork", "Emerald Charm": "/cards/Emerald%20Charm"}
    two_headed = page(client, "/rules/en-2026/810.8a")
    assert "Two-Headed Giant" not in [a.get_text() for a in two_headed.select("a.card-name")]
    assert "Platinum Angel" in [a.get_text() for a in two_headed.select("a.card-name")]
    for href in {a["href"] for a in soup.select("a.card-name")} | {a["href"] for a in two_headed.select("a.card-name")}:
        assert client.get(href).status_code == 200, href
    portuguese = page(client, "/rules/pt-2019/706.10")
    assert "/cards/Fork" in [a["href"] for a in portuguese.select("a.card-name")]


def test_scenario_pages_link_their_database_cards(client):
    soup = page(client, "/scenarios/cda-tarmogoyf")
    linked = {a.get_text(): a["href"] for a in soup.select(".scenario-cards a")}
    assert linked["Tarmogoyf"] == "/cards/Tarmogoyf"
    made_up = page(client, "/scenarios/double-strike-trample")
    names = [el.get_text() for el in made_up.select(".scenario-cards li > *")]
    assert "Blade Champion" in names and "Grizzly Bears" in names
    assert [a.get_text() for a in made_up.select(".scenario-cards a")] == ["Grizzly Bears"]


def test_the_notice_is_in_every_footer_and_the_editor_completes_card_names(client):
    home = page(client, "/")
    assert NOTICE in home.select_one("footer").get_text()
    assert home.select_one("footer a[href='/cards']")
    editor = page(client, "/scenarios/try")
    box = editor.select_one("#card-lookup input[name=q]")
    assert box["list"] == "card-names" and editor.select_one("datalist#card-names") is not None
    assert editor.select_one("#card-lookup")["action"] == "/cards" and editor.select_one("#card-add").has_attr("hidden")
