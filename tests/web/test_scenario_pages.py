"""Scenario pages on the real library: the list and its filters, each scenario's board and trace, rule links
in every document, and rule pages listing the scenarios that cite them."""

from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup
from webpages import page

from judge_app import paths
from judge_app.corpus import CR_IDS
from judge_app.scenarios import load, run
from judge_app.scenarios.render import Labeller, fold_passes, outcome_json
from judge_app.web.scenario_library import fold

LIBRARY = sorted(paths.scenarios_dir().glob("*.toml"))
TRAMPLE = "trample-deathtouch-two-blockers"


def listed(soup) -> list[str]:
    return [a["href"].rsplit("/", 1)[1] for a in soup.select("#scenario-list li.scenario-item > a")]


def test_library_lists_every_scenario_file(client):
    soup = page(client, "/scenarios")
    assert listed(soup) == [path.stem for path in LIBRARY]
    assert soup.select_one("#scenario-count").get_text() == f"{len(LIBRARY)} of {len(LIBRARY)} scenarios"
    topics = {option["value"] for option in soup.select("select[name=tag] option") if option["value"]}
    assert topics == {tag for path in LIBRARY for tag in load(path).tags}
    assert client.get("/scenarios/").status_code == 301


def test_library_keyword_filter_searches_title_question_answer_tags_and_cards(client):
    ids = listed(page(client, "/scenarios?q=Deathtouch+WURM"))
    assert TRAMPLE in ids
    for path in LIBRARY:
        scenario = load(path)
        text = fold(" ".join([scenario.title, scenario.question, scenario.answer, *scenario.tags,
                              *(c.printed.name for c in scenario.cards)]))
        assert (path.stem in ids) == ("deathtouch" in text and "wurm" in text), path.stem
    assert listed(page(client, "/scenarios?q=zzzznothing")) == []


def test_library_topic_filter(client):
    ids = listed(page(client, "/scenarios?tag=layers"))
    assert ids == [path.stem for path in LIBRARY if "layers" in load(path).tags]
    assert len(ids) >= 5


@pytest.mark.parametrize(("doc", "rule", "cites"), [
    ("en-2026", "702.19", lambda n: re.fullmatch(r"702\.19[a-z]?", n)),
    ("en-2026", "CR 702.19B", lambda n: n == "702.19b"),
    ("en-2026", "704", lambda n: n.startswith("704.")),
    # 2026's 117.3a (priority) is 116.3a in the 2019 documents: the filter reads the chosen document's numbers
    ("pt-2019", "116.3a", lambda n: n == "117.3a"),
])
def test_library_rule_filter_in_the_chosen_documents_numbering(client, doc, rule, cites):
    ids = listed(page(client, f"/scenarios?rule={rule}&doc={doc}"))
    expected = [path.stem for path in LIBRARY if any(cites(n) for n in run(load(path)).trace.cited())]
    assert ids == expected and ids


@pytest.mark.parametrize("path", LIBRARY, ids=[p.stem for p in LIBRARY])
def test_scenario_page_draws_the_board_and_the_trace(client, path):
    outcome = run(load(path))
    steps = outcome.trace.steps
    lines = fold_passes(outcome_json(outcome)["trace"])  # runs in which every player passes are one line
    soup = page(client, f"/scenarios/{path.stem}?doc=en-2026")
    assert soup.select_one("main h1").get_text() == outcome.scenario.title
    frames = soup.select("#board .frame")
    assert [f["id"] for f in frames] == [f"frame-{line['steps'][-1]}" for line in lines]
    assert len(soup.select(".timeline li.step")) == len(lines)
    # the last frame (shown first) is the board after the last step: each permanent with its P/T and state
    final, snapshot = frames[-1], steps[-1].snapshot
    cards = final.select(".card")
    assert [c["data-id"] for c in cards] == _in_drawing_order(snapshot)
    for permanent in snapshot["battlefield"]:
        card = final.select_one(f'.card[data-id="{permanent["id"]}"]')
        assert card.select_one(".name").get_text() == permanent["name"]
        if "pt" in permanent:
            assert card.select_one(".pt").get_text() == permanent["pt"]
        if permanent.get("damage"):
            assert card.select_one(".damage").get_text(" ", strip=True).startswith(str(permanent["damage"]))
        assert ("tapped" in card.parent["class"]) == permanent["tapped"]
    for seat in final.select(".seat"):
        player = next(p for p in snapshot["players"] if p["name"] == seat.select_one(".who").get_text())
        assert seat.select_one(".life strong").get_text() == str(player["life"])
    assert bool(final.select(".stack")) == bool(snapshot["stack"])
    # each line's rules, in the order cited, in the caption of its frame and in the timeline
    for line, frame in zip(lines, frames, strict=True):
        assert [a["data-rule"] for a in frame.select(".caption .rules a")] == line["rules"]
        if line["kind"] == "passes":
            who = "Both players" if len(line["players"]) == 2 else "All players"
            assert frame.select_one(".caption .what").get_text().startswith(f"{who} pass")
    verdict = soup.select_one(".outcome .verdict").get_text()
    assert verdict.startswith("✓" if outcome.ok else "✗")


def _in_drawing_order(snapshot: dict) -> list[str]:
    """Permanents as the board draws them: the second player's side on top (lands first), then the first's."""
    players = [p["name"] for p in snapshot["players"]]

    def side(name: str, lands_first: bool) -> list[str]:
        mine = [p for p in snapshot["battlefield"] if p["controller"] == name]
        lands = [p["id"] for p in mine if "Land" in p["type"] and "pt" not in p]
        others = [p["id"] for p in mine if p["id"] not in lands]
        return lands + others if lands_first else others + lands

    return [i for name in reversed(players[1:]) for i in side(name, True)] + side(players[0], False)


def test_a_stack_and_a_tapped_attacker_are_drawn(client):
    soup = page(client, f"/scenarios/{TRAMPLE}")
    attacking = soup.select_one("#frame-5 .slot.tapped .card")  # declare attackers: the Wurm taps to attack
    assert attacking["data-id"] == "wurm" and "attacking Bob" in attacking.get_text()
    soup = page(client, "/scenarios/stack-target-becomes-illegal")
    stacked = [f for f in soup.select("#board .frame") if f.select(".stack .stack-item")]
    assert stacked
    assert stacked[0].select_one(".stack h4").get_text().startswith("The stack")


@pytest.mark.parametrize("doc", CR_IDS)
def test_every_rule_link_on_scenario_pages_opens_a_rule_page(client, doc, alignment, corpus):
    hrefs: dict[str, str] = {}
    for path in LIBRARY:
        html = client.get(f"/scenarios/{path.stem}?doc={doc}").get_data(as_text=True)
        # the board's frames repeat the timeline's links: parsed without them, the check is four times faster
        soup = BeautifulSoup(html[:html.index('<section id="board"')] + html[html.index('<section class="outcome'):],
                             "html.parser")
        for link in soup.select(".timeline .rules a, .outcome .rules a, .question a.ref, .answer a.ref"):
            hrefs.setdefault(link["href"], link.get("title", ""))
    assert hrefs
    for href, title in hrefs.items():
        rule_page = page(client, href)
        heading = rule_page.select_one("article.rule h1").get_text()
        assert href.rsplit("/", 1)[1] in heading
        target_doc, number = href.split("/")[2:4]
        # in the question and answer the 2026 number stays as written; a 2019 link's title names its own number
        assert title in (_title(corpus, target_doc, number), f"{number} {_title(corpus, target_doc, number)}")


def _title(corpus, doc: str, number: str) -> str:
    rule = corpus.rule(doc, number)
    while rule is not None and not rule.title:
        rule = corpus.parent(doc, rule.number)
    return rule.title if rule else ""


@pytest.mark.parametrize("doc", ["pt-2019", "en-2019"])
def test_2019_documents_link_each_rule_to_its_aligned_2019_number(client, doc, alignment, corpus):
    label = Labeller(corpus, doc, alignment)
    soup = page(client, f"/scenarios/{TRAMPLE}?doc={doc}")
    links = soup.select(".timeline .rules a")
    assert links
    for link in links:
        number = link["data-rule"]
        counterpart = alignment.counterpart("en-2026", number, doc)
        if counterpart is not None and corpus.rule(doc, counterpart.number):
            assert link["href"] == f"/rules/{doc}/{counterpart.number}"
            assert link.get_text() == counterpart.number == label(number).doc_number
        else:  # new since 2019: the 2026 rule
            assert link["href"] == f"/rules/en-2026/{number}" and "fallback" in link["class"]
    priority = soup.select_one('.timeline .rules a[data-rule="117.3a"]')
    assert priority["href"] == f"/rules/{doc}/116.3a"
    assert priority["title"] == ("Tempo e prioridade" if doc == "pt-2019" else "Timing and Priority")
    assert soup.select_one(".rules-from .note")  # the page says the numbering differs


def test_spanish_document_titles_and_interface(client):
    soup = page(client, f"/scenarios/{TRAMPLE}?doc=es-2026", headers={"Accept-Language": "es"})
    trample = soup.select_one('.timeline .rules a[data-rule="702.19b"]')
    assert trample["href"] == "/rules/es-2026/702.19b" and trample["title"] == "Arrollar"
    assert soup.select_one("#frame-12 .when").get_text(" ", strip=True).startswith("Turno 3 · daño de combate")
    assert soup.select_one(".rules-from a[aria-current]").get_text() == "ES 2026"
    assert soup.select_one(".rules-from .note") is None


def test_question_and_answer_link_the_rules_they_name(client):
    soup = page(client, f"/scenarios/{TRAMPLE}?doc=pt-2019")
    links = {a.get_text(): a for a in soup.select(".answer a.ref")}
    assert links["702.2c"]["href"] == "/rules/pt-2019/702.2c"
    assert links["702.19b"]["title"] == "Atropelar"


def test_the_chosen_document_is_remembered(client):
    client.get("/settings/doc/pt-2019?next=/scenarios/" + TRAMPLE)
    soup = page(client, f"/scenarios/{TRAMPLE}")
    assert soup.select_one(".rules-from a[aria-current]").get_text() == "PT 2019"
    assert soup.select_one('.timeline .rules a[data-rule="117.3a"]')["href"] == "/rules/pt-2019/116.3a"
    client.delete_cookie("doc")


def test_unknown_scenario_is_a_friendly_404(client):
    soup = page(client, "/scenarios/no-such-scenario", status=404)
    assert "no-such-scenario" in soup.select_one("main").get_text()
    assert soup.select_one('main a[href="/scenarios"]')


@pytest.mark.parametrize(("doc", "number", "cited"), [
    ("en-2026", "702.19", "702.19b"), ("es-2026", "702.19", "702.19b"), ("pt-2019", "116.3", "117.3a"),
    ("en-2019", "116.3a", "117.3a"),
])
def test_rule_pages_list_the_scenarios_citing_them(client, doc, number, cited):
    soup = page(client, f"/rules/{doc}/{number}")
    listed_ids = [a["href"].split("?")[0].rsplit("/", 1)[1] for a in soup.select("section.scenarios-citing a")]
    citing = [path.stem for path in LIBRARY if cited in run(load(path)).trace.cited()]
    assert set(citing) <= set(listed_ids) and citing
    for a in soup.select("section.scenarios-citing a"):
        assert a["href"].endswith(f"?doc={doc}")


def test_rule_page_index_matches_the_replays(client, app, corpus, alignment):
    """Brute force on a sample of rule pages: exactly the scenarios citing something shown on the page."""
    library = app.extensions["judge_scenarios"]
    label = Labeller(corpus, "pt-2019", alignment)
    cited = {path.stem: {label(n).doc_number for n in run(load(path)).trace.cited()} for path in LIBRARY}
    for number in ["116", "116.3", "702.2", "704.5", "613.1", "510.1", "100.1"]:
        soup = page(client, f"/rules/pt-2019/{number}")
        shown = {s["id"] for s in soup.select("article.rule section.entry")}
        listed_ids = {a["href"].split("?")[0].rsplit("/", 1)[1] for a in soup.select("section.scenarios-citing a")}
        assert listed_ids == {i for i, numbers in cited.items() if numbers & shown}, number
        assert listed_ids == {e.id for e, _ in library.citing("pt-2019", shown)}


@pytest.mark.parametrize(("language", "doc"), [("pt", "pt-2019"), ("es", "es-2026"), ("en", "en-2026")])
def test_rules_cited_link_into_the_document_of_the_pages_language(client, language, doc):
    soup = page(client, f"/scenarios/{TRAMPLE}", headers={"Accept-Language": language})
    trample = soup.select_one('.timeline .rules a[data-rule="702.19b"]')
    assert trample["href"] == f"/rules/{doc}/702.19b" and trample["lang"] == language
    passes = soup.select_one(".timeline li.step .what")  # steps 1–4: both players pass, in the page's language
    assert passes.get_text().startswith({"pt": "Os dois jogadores passam", "es": "Ambos jugadores pasan",
                                         "en": "Both players pass"}[language])
