"""The JSON API for bots and other tools; the same dicts as `judge rule --json` (`corpus.serialize`).

Each endpoint is a payload function (arguments → data and status) wrapped by a route, so the API
page can show real responses as its examples.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, current_app, jsonify, render_template, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from judge_app import search as search_api
from judge_app.corpus import serialize
from judge_app.scenarios import sandbox
from judge_app.scenarios.render import ENGINE_DOC, label_json
from judge_app.web import staleness
from judge_app.web.cards import card_payload, names_payload
from judge_app.web.documents import get_alignment, get_corpus
from judge_app.web.richtext import rule_url
from judge_app.web.scenario_library import Entry
from judge_app.web.scenarios import get_library
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
        later = staleness.elsewhere(corpus, get_alignment(), doc, number[:40])
        extra = {"elsewhere": later.to_json()} if later is not None else {}
        return _error(f"no rule {number} in {doc}", 404, did_you_mean=corpus.suggest(doc, number[:40]), **extra)
    data = serialize.rule(corpus, item, depth=levels)
    _add_standing(data, doc)
    return data, 200


def _add_standing(data: dict[str, Any], doc: str) -> None:
    """In an older document, how the rule and each subrule shown stand in the current rules ("standing")."""
    corpus, alignment = get_corpus(), get_alignment()
    if not staleness.is_older(corpus, doc):
        return
    found = staleness.status(corpus, alignment, doc, data["number"])
    if found is not None:
        data["standing"] = found.to_json()
    for child in data.get("children", []):
        if isinstance(child, dict):
            _add_standing(child, doc)


def glossary_payload(doc: str, term: str) -> Payload:
    corpus = get_corpus()
    if doc not in corpus.glossary:
        return _error(f"unknown document {doc!r}", 404, documents=list(corpus.glossary))
    entries = corpus.glossary_entries(doc, term[:200])
    alignment = get_alignment()
    if not entries:
        later = staleness.term_elsewhere(corpus, alignment, doc, term[:200])
        extra = {"elsewhere": [f.to_json() for f in later]} if later else {}
        return _error(f"no glossary entry {term!r} in {doc}", 404, **extra)
    out = []
    for entry in entries:
        shown = serialize.glossary_entry(entry)
        if staleness.is_older(corpus, doc):
            shown["stale_rules"] = {s.number: s.to_json() for s in staleness.glossary_status(corpus, alignment, entry)}
        out.append(shown)
    return {"doc": doc, "term": term, "entries": out}, 200


def search_payload(query: str, doc: str, limit: str = "10", chapter: str = "", offset: str = "",
                   page: str = "") -> Payload:
    """Hits (a page of them: ?offset=N, or ?page=N counting from 1 in pages of ?limit), the total, the
    scenarios that show the answer, words only other documents have; each with its page on the site."""
    corpus = get_corpus()
    if doc and doc not in corpus.documents:
        return _error(f"unknown document {doc!r}", 404, documents=list(corpus.documents))
    try:
        count = min(max(int(limit), 1), MAX_LIMIT)
        skip = int(offset) if offset else (max(int(page), 1) - 1) * count if page else 0
    except ValueError:
        return _error("limit, offset and page must be whole numbers", 400)
    if skip < 0:
        return _error("offset must not be negative", 400)
    response = search_api.search(query[:MAX_QUERY], doc=doc or None, limit=count, chapter=chapter or None,
                                 offset=skip)
    return with_urls(response), 200


def with_urls(response: search_api.SearchResponse) -> dict[str, Any]:
    """`response.to_dict()` with the site's address of every hit, scenario and place elsewhere."""
    corpus = get_corpus()
    data = response.to_dict()
    for hit, shown in zip(response.hits, data["hits"], strict=True):
        shown["url"] = hit_url(hit)
        if hit.kind == "rule" and hit.number and staleness.is_older(corpus, hit.doc):
            found = staleness.status(corpus, get_alignment(), hit.doc, hit.number)
            if found is not None:
                shown["standing"] = found.to_json()
    if response.jump is not None:
        data["jump"]["url"] = rule_url(response.jump.doc, response.jump.number)
    for shown in data["scenarios"]:
        shown["url"] = url_for("scenarios.scenario", name=shown["id"], doc=response.docs[0] if response.docs else None)
    for shown in data["elsewhere"]:
        shown["url"] = rule_url(shown["doc"], shown["number"]) if shown["number"] else None
    return data


def _scenario_doc(doc: str) -> str | Payload:
    """The CR document rules are cited from (default: the engine's, en-2026), or a 404 payload."""
    corpus = get_corpus()
    if not doc:
        return ENGINE_DOC
    if doc not in corpus.rules:
        return _error(f"unknown document {doc!r}", 404, documents=list(corpus.rules))
    return doc


def _scenario_summary(entry: Entry, doc: str) -> dict[str, Any]:
    library = get_library()
    return {"id": entry.id, "title": entry.title, "tags": list(entry.tags), "question": entry.question,
            "steps": entry.steps, "ok": entry.ok, "rules": library.numbers_in(doc, entry),
            "url": url_for("scenarios.scenario", name=entry.id), "api": url_for("api.scenario", name=entry.id)}


def _labelled(data: dict[str, Any], doc: str) -> dict[str, Any]:
    """A replay with each cited rule's number, title and page in `doc` (the 2026 rule's page if it has none)."""
    out = label_json(data, get_corpus(), doc, get_library().labeller(doc))
    for step in out["trace"]:
        for rule in step["rules"]:
            rule["url"] = rule_url(doc, rule["doc_number"]) if rule["found"] else rule_url(ENGINE_DOC, rule["number"])
    return out


def scenarios_payload(query: str = "", tag: str = "", rule: str = "", doc: str = "") -> Payload:
    doc = _scenario_doc(doc)
    if isinstance(doc, tuple):
        return doc
    library = get_library()
    chosen = library.select(doc, query[:MAX_QUERY], tag[:MAX_QUERY], rule[:MAX_QUERY])
    return {"doc": doc, "count": len(chosen), "total": len(library.entries),
            "scenarios": [_scenario_summary(e, doc) for e in chosen]}, 200


def scenario_payload(name: str, doc: str = "") -> Payload:
    doc = _scenario_doc(doc)
    if isinstance(doc, tuple):
        return doc
    entry = get_library().entries.get(name)
    if entry is None:
        return _error(f"no scenario {name[:100]!r}", 404, scenarios=url_for("api.scenarios"))
    return {"id": entry.id, "url": url_for("scenarios.scenario", name=entry.id), **_labelled(entry.data, doc),
            "source": entry.source}, 200


def run_payload(body: bytes, doc: str = "") -> Payload:
    """Replay scenario text (the request body) within the sandbox's limits: the trace, or where it went wrong."""
    doc = _scenario_doc(doc)
    if isinstance(doc, tuple):
        return doc
    text = sandbox.decode(body)
    if isinstance(text, sandbox.Refusal):
        return text.to_json(), text.status
    result = sandbox.replay(text)
    if result.refusal is not None:
        return result.refusal.to_json(), result.refusal.status
    return {**_labelled(result.data, doc), "seconds": round(result.seconds, 3)}, 200


def _json(payload: Payload):
    data, status = payload
    response = jsonify(data)
    if status == 503 and data.get("kind") in (sandbox.BUSY.kind, sandbox.UNAVAILABLE.kind):
        response.headers["Retry-After"] = "2"
    return response, status


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
                                args.get("chapter", ""), args.get("offset", ""), args.get("page", "")))


@bp.route("/scenarios")
def scenarios():
    args = request.args
    return _json(scenarios_payload(args.get("q", ""), args.get("tag", ""), args.get("rule", ""), args.get("doc", "")))


@bp.route("/scenarios/<name>")
def scenario(name: str):
    return _json(scenario_payload(name, request.args.get("doc", "")))


@bp.route("/scenarios/run", methods=["POST"])
def run_scenario():
    request.max_content_length = sandbox.MAX_TEXT
    try:
        body = request.get_data(cache=False)
    except RequestEntityTooLarge:
        refusal = sandbox.too_large(request.content_length)
        return _json((refusal.to_json(), refusal.status))
    return _json(run_payload(body, request.args.get("doc", "")))


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
     "Ranked hits (?limit=1–100, ?offset=N or ?page=N for the next ones, ?chapter=7 or 702) with snippets as "
     "escaped HTML, query words in <mark>, and the total; the library scenarios that show the answer (scenarios); "
     "words only other documents have, with the rule there (elsewhere); messages with a code and parameters; "
     "a rule number as the query gives a jump to that rule; did_you_mean for typos. Questions as players ask "
     "them work too (?q=does my spell fizzle if they flicker the target)."),
    ("api.scenarios", {"tag": "trample"}, lambda: scenarios_payload(tag="trample"),
     "The scenario library: id, title, topics (tags), question, number of trace steps, whether its expectations "
     "hold, and the rules it cites. Filters: ?q= words, ?tag= a topic, ?rule= a rule number (its subrules too), "
     "numbered as in ?doc= (default en-2026)."),
    ("api.scenario", {"name": "trample-deathtouch-two-blockers", "doc": "pt-2019"},
     lambda: scenario_payload("trample-deathtouch-two-blockers", "pt-2019"),
     "One scenario replayed: its question and answer, the trace (each step: turn, step, what happened, the rules "
     "with their number, title and page in ?doc=, the state changes, and a snapshot of the board: players, "
     "permanents, the stack), the expectations checked, and the TOML source."),
    ("cards.api_card", {"name": "Tarmogoyf"}, lambda: card_payload("Tarmogoyf"),
     "A card of the database, as `judge card show --json` gives it: its characteristics, each ability as the "
     "grammar reads it with played (true or false) and the refusal (what, and its rule) when the engine doesn't "
     "play it yet, the 2026 rules it cites with their titles, the library scenarios using it, and the data's "
     "provenance. A name typed otherwise finds the card; several equally good give a list, best first; none a 404 "
     "with did_you_mean."),
    ("cards.api_names", {"q": "lightning"}, lambda: names_payload("lightning"),
     "Card names for completion: the cards a name, its start or its words find (best first, at most 10), each with "
     "its type line and addresses; did_you_mean when none does."),
]

RUN_ERROR_EXAMPLE = sandbox.EXAMPLE.replace("[players.Alice]\n", "[players.Alice]\nlif = 20\n")

# (body, description) of the POST examples: the text is replayed for real to show its answer.
RUN_EXAMPLES = [
    (sandbox.EXAMPLE, "Replay scenario text sent as the request body (UTF-8 TOML, the format of scenarios/README.md, "
     f"at most {sandbox.MAX_TEXT // 1024} KB; ?doc= as above): the same JSON as one scenario, with the time taken. "
     f"It runs in a separate process for at most {sandbox.TIME_LIMIT:g} s, with no access to files or the "
     "network."),
    (RUN_ERROR_EXAMPLE, "A scenario that cannot be replayed gets a 4xx with the line and what is wrong: 413 too "
     "large; 422 not UTF-8, malformed, too slow, too much memory or too long a trace (kind says which); 503 busy, "
     "retry after Retry-After seconds."),
]


def _sample(data: dict[str, Any]) -> str:
    lines = json.dumps(data, ensure_ascii=False, indent=2).splitlines()
    return "\n".join(lines if len(lines) <= SAMPLE_LINES else [*lines[:SAMPLE_LINES], "  …"])


@bp.route("/")
def index():
    examples = []
    for endpoint, arguments, payload, description in EXAMPLES:
        data, status = payload()
        examples.append({"method": "GET", "url": url_for(endpoint, **arguments), "description": description,
                         "status": status, "sample": _sample(data)})
    examples += _run_examples()
    return render_template("api.html", examples=examples)


def _run_examples() -> list[dict[str, Any]]:
    """The POST examples, replayed once per app (the answers never change), unless the sandbox was busy."""
    kept = current_app.extensions.get("judge_api_run_examples")
    if kept is not None:
        return kept
    examples = []
    for body, description in RUN_EXAMPLES:
        data, status = run_payload(body.encode("utf-8"), "en-2026")
        examples.append({"method": "POST", "url": url_for("api.run_scenario", doc="en-2026"), "body": body,
                         "description": description, "status": status, "sample": _sample(data)})
    if all(e["status"] != sandbox.BUSY.status for e in examples):
        current_app.extensions["judge_api_run_examples"] = examples
    return examples
