"""The JSON API for bots and other tools; the same dicts as `judge rule --json` (`corpus.serialize`).

Each endpoint is a payload function (arguments → data and status) wrapped by a route, so the API
page can show real responses as its examples.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, jsonify, render_template, request, url_for

from judge_app import search as search_api
from judge_app.corpus import serialize
from judge_app.web.documents import get_corpus
from judge_app.web.richtext import rule_url
from judge_app.web.search import MAX_QUERY, hit_url

bp = Blueprint("api", __name__, url_prefix="/api")

MAX_DEPTH = 99
MAX_LIMIT = 100
SAMPLE_LINES = 30
Payload = tuple[dict[str, Any], int]


def _error(message: str, status: int, **extra: Any) -> Payload:
    return {"error": message, "status": status, **extra}, status


def documents_payload() -> Payload:
    return {"documents": [serialize.document(d) for d in get_corpus().documents.values()]}, 200


def rule_payload(doc: str, number: str, depth: str = "1") -> Payload:
    corpus = get_corpus()
    if doc not in corpus.rules:
        return _error(f"unknown document {doc!r}", 404, documents=list(corpus.rules))
    try:
        levels = min(max(int(depth), 0), MAX_DEPTH)
    except ValueError:
        return _error("depth must be a whole number", 400)
    item = corpus.rule(doc, number)
    if item is None:
        return _error(f"no rule {number} in {doc}", 404, did_you_mean=corpus.suggest(doc, number[:40]))
    return serialize.rule(corpus, item, depth=levels), 200


def glossary_payload(doc: str, term: str) -> Payload:
    corpus = get_corpus()
    if doc not in corpus.glossary:
        return _error(f"unknown document {doc!r}", 404, documents=list(corpus.glossary))
    entries = corpus.glossary_entries(doc, term[:200])
    if not entries:
        return _error(f"no glossary entry {term!r} in {doc}", 404)
    return {"doc": doc, "term": term, "entries": [serialize.glossary_entry(e) for e in entries]}, 200


def search_payload(query: str, doc: str, limit: str = "10", chapter: str = "") -> Payload:
    corpus = get_corpus()
    if doc and doc not in corpus.documents:
        return _error(f"unknown document {doc!r}", 404, documents=list(corpus.documents))
    try:
        count = min(max(int(limit), 1), MAX_LIMIT)
    except ValueError:
        return _error("limit must be a whole number", 400)
    response = search_api.search(query[:MAX_QUERY], doc=doc or None, limit=count, chapter=chapter or None)
    data = response.to_dict()
    for hit, shown in zip(response.hits, data["hits"], strict=True):
        shown["url"] = hit_url(hit)
    if response.jump is not None:
        data["jump"]["url"] = rule_url(response.jump.doc, response.jump.number)
    return data, 200


def _json(payload: Payload):
    data, status = payload
    return jsonify(data), status


@bp.route("/documents")
def documents():
    return _json(documents_payload())


@bp.route("/rules/<doc>/<path:number>")
def rule(doc: str, number: str):
    return _json(rule_payload(doc, number, request.args.get("depth", "1")))


@bp.route("/glossary/<doc>/<path:term>")
def glossary(doc: str, term: str):
    return _json(glossary_payload(doc, term))


@bp.route("/search")
def search():
    args = request.args
    return _json(search_payload(args.get("q", ""), args.get("doc", ""), args.get("limit", "10"),
                                args.get("chapter", "")))


# (endpoint, URL arguments, payload, description) for the API page.
EXAMPLES = [
    ("api.documents", {}, documents_payload,
     "Every document: id, title, language, kind, authority, effective date."),
    ("api.rule", {"doc": "en-2026", "number": "702.19"}, lambda: rule_payload("en-2026", "702.19"),
     "A rule with its subrules (?depth=N levels, default 1; 0 gives their numbers only), "
     "references with offsets, and the rules citing it."),
    ("api.glossary", {"doc": "es-2026", "term": "Arrollar"}, lambda: glossary_payload("es-2026", "Arrollar"),
     "The glossary entries for a term (case and accents ignored)."),
    ("api.search", {"q": "trample", "doc": "en-2026"}, lambda: search_payload("trample", "en-2026"),
     "Ranked hits (?limit=1–100, ?chapter=7 or 702) with snippets as escaped HTML, query words in <mark>; "
     "a rule number as the query gives a jump to that rule; did_you_mean for typos."),
]


def _sample(data: dict[str, Any]) -> str:
    lines = json.dumps(data, ensure_ascii=False, indent=2).splitlines()
    return "\n".join(lines if len(lines) <= SAMPLE_LINES else [*lines[:SAMPLE_LINES], "  …"])


@bp.route("/")
def index():
    examples = []
    for endpoint, arguments, payload, description in EXAMPLES:
        data, status = payload()
        examples.append({"url": url_for(endpoint, **arguments), "description": description,
                         "status": status, "sample": _sample(data)})
    return render_template("api.html", examples=examples)
