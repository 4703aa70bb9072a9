"""Cards on the web: a card's page (`/cards/<name>`: its text, how each ability is read and whether the engine plays
it, its rules linked in the chosen document, the scenarios using it), the card search (`/cards?q=`), and the JSON
(`/api/cards/<name>`, the same as `judge card show --json`; `/api/cards?q=`, names for completion).

A name that is not an entry's own (any case, a face, a short name, a prefix) leads to the card found; several
equally good, to a list; none, to a 404 with the names it is closest to. The database is loaded once per app
(`create_app`, before the workers fork), with the finder of its names in rule examples (`richtext.card_links`).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, redirect, render_template, request, url_for

from judge_app.card_report import Report, report, rules_words
from judge_app.cards import Card, CardDatabase, Lookup, load_cards
from judge_app.cards.lookup import FACE
from judge_app.cards.mentions import NameFinder
from judge_app.corpus import Corpus
from judge_app.scenarios.render import ENGINE_DOC
from judge_app.web.errors import not_found_page
from judge_app.web.scenario_view import card_readings
from judge_app.web.scenarios import chosen_doc, citations, get_library, page_context

bp = Blueprint("cards", __name__)

MAX_NAME = 200  # characters of a name looked up
SUGGESTIONS = 10  # names `/api/cards?q=` gives


def init_app(app: Any, corpus: Corpus) -> None:
    """The database and the finder of its names in text, once per app."""
    cards = app.extensions["judge_cards"] = load_cards()
    terms = [entry.term for entry in corpus.glossary.get(ENGINE_DOC, [])]
    every = (Card(*row) for row in cards.rows)  # not `iter(cards)`, which keeps each card made (~10 MB a worker)
    app.extensions["judge_card_names"] = NameFinder(every, [*terms, *rules_words()])
    app.jinja_env.globals["card_page"] = card_page


def get_cards() -> CardDatabase:
    return current_app.extensions["judge_cards"]


def card_url(name: str) -> str:
    return url_for("cards.card", name=name)


def card_page(name: str) -> str | None:
    """The page of the card of exactly this name, or of this face of a two-faced card (a scenario's card), or
    None: a card made up for a scenario, or an older name."""
    cards = get_cards()
    found = cards.get(name)
    if found is None:
        lookup = cards.find(name[:MAX_NAME])
        found = lookup.card if lookup.how == FACE else None
    return None if found is None else card_url(found.name)


def shown(card: Card) -> Report:
    return report(card, get_cards().provenance, get_library().entries.values())


def titled(shown_: Report) -> dict[str, Any]:
    """The JSON of `judge card show --json`: rule titles from the 2026 rules."""
    label = get_library().labeller(ENGINE_DOC)
    return shown_.as_json(lambda number: label(number).title)


@bp.route("/cards")
def search():
    query = request.args.get("q", "")[:MAX_NAME].strip()
    found = get_cards().find(query) if query else Lookup(query)
    if found.card is not None:
        return redirect(card_url(found.card.name))
    return render_template("cards.html", query=query, found=found)


@bp.route("/cards/<path:name>", merge_slashes=False)  # "Fire // Ice"
def card(name: str):
    cards = get_cards()
    item = cards.get(name)
    if item is None:
        found = cards.find(name[:MAX_NAME])
        if found.card is not None:
            return redirect(card_url(found.card.name))
        if found.cards:
            return render_template("cards.html", query=found.query, found=found)
        return not_found_page("card", name=name[:MAX_NAME], suggestions=found.did_you_mean)
    doc = chosen_doc()
    cites = citations(doc)
    data = shown(item)
    reading = card_readings([{"id": "", "name": item.face_name, "type": item.type_line, "text": item.text,
                              "ok": data.read, "abilities": data.summaries,
                              "errors": [{**e, "text": ""} for e in data.errors]}], cites)[0]
    return render_template("card.html", card=item, shown=data, reading=reading,
                           rules=[cites.link(number) for number in data.rules], **page_context(doc))


def card_payload(name: str) -> tuple[Any, int]:
    """One card (an entry's name, or one clear match) as `judge card show --json`; several: a list, best first."""
    cards = get_cards()
    item = cards.get(name)
    found = Lookup(name, (item,), "exact") if item is not None else cards.find(name[:MAX_NAME])
    if not found.cards:
        return {"error": f"no card named {name[:MAX_NAME]!r}", "status": 404,
                "did_you_mean": list(found.did_you_mean)}, 404
    if found.card is not None:
        return titled(shown(found.card)), 200
    return [titled(shown(c)) for c in found.cards], 200


def names_payload(query: str) -> tuple[dict[str, Any], int]:
    """The names a query finds, best first (for completion), or the names it is closest to."""
    found = get_cards().find(query[:MAX_NAME], limit=SUGGESTIONS)
    return {"query": found.query, "how": found.how,
            "cards": [{"name": c.name, "type": c.type_line, "url": card_url(c.name), "api": url_for("cards.api_card",
                                                                                                   name=c.name)}
                      for c in found.cards],
            "did_you_mean": list(found.did_you_mean)}, 200


@bp.route("/api/cards/<path:name>", merge_slashes=False)
def api_card(name: str):
    data, status = card_payload(name)
    return jsonify(data), status


@bp.route("/api/cards")
def api_names():
    data, status = names_payload(request.args.get("q", ""))
    return jsonify(data), status
