"""Scenarios on the web: the library (`/scenarios`), a scenario's board and rules trace step by step
(`/scenarios/<id>`), and "try your own" (`/scenarios/try`), whose text is replayed by
`judge_app.scenarios.sandbox` within its limits; beside it, each card of the text as the card-text grammar
reads it (on loading an example, on running, or on "Read the cards" alone, which replays nothing).

Rules are cited in the visitor's document (`?doc=`, else the remembered choice): the engine's 2026 numbers as
they are in EN/ES 2026, the aligned rule in the 2019 documents.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, current_app, g, redirect, render_template, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from judge_app.scenarios import sandbox
from judge_app.scenarios.render import ENGINE_DOC, aligned
from judge_app.web import documents
from judge_app.web.documents import get_corpus
from judge_app.web.errors import not_found_page
from judge_app.web.scenario_library import Entry, Library
from judge_app.web.scenario_view import Citations, card_readings, trace_view

bp = Blueprint("scenarios", __name__)

EXAMPLE = "trample-deathtouch-two-blockers"  # what the editor opens with
MAX_FILTER = 200
FORM_OVERHEAD = 16 * 1024  # a form's boundaries and headers, and a carriage return per line
EXCERPT = 2  # lines shown on each side of an error's line


def get_library() -> Library:
    return current_app.extensions["judge_scenarios"]


def chosen_doc(values: Mapping[str, str] | None = None) -> str:
    """The CR document rules are cited from: `doc` in the query (or `values`), else the visitor's chosen one,
    else the rules in the page's language (a 2019 rule there says when it is no longer the current rule)."""
    corpus = get_corpus()
    doc = (request.args if values is None else values).get("doc", "")
    if doc in corpus.rules:
        return doc
    chosen = request.cookies.get(documents.COOKIE)
    return chosen if chosen in corpus.rules else documents.language_doc(corpus, g.lang)


def citations(doc: str) -> Citations:
    library = get_library()
    return Citations(doc, library.labeller(doc), library.labeller(ENGINE_DOC))


def page_context(doc: str) -> dict[str, Any]:
    corpus = get_corpus()
    return {"document": corpus.document(doc), "cr_documents": corpus.cr_documents(),
            "numbered_alike": aligned(corpus, doc)}


@bp.route("/scenarios")
def library():
    library = get_library()
    doc = chosen_doc()
    query = request.args.get("q", "")[:MAX_FILTER]
    tag = request.args.get("tag", "")[:MAX_FILTER]
    rule = request.args.get("rule", "")[:MAX_FILTER]
    chosen = library.select(doc, query, tag, rule)
    return render_template("scenarios.html", entries=[(e, library.numbers_in(doc, e)) for e in chosen],
                           total=len(library.entries), tags=library.tags(), query=query, tag=tag, rule=rule,
                           **page_context(doc))


@bp.route("/scenarios/")
def library_with_slash():
    return redirect(url_for("scenarios.library"), code=301)


@bp.route("/scenarios/<name>")
def scenario(name: str):
    entry = get_library().entries.get(name)
    if entry is None:
        return not_found_page("scenario", name=name[:100])
    doc = chosen_doc()
    cites = citations(doc)
    return render_template("scenario.html", entry=entry, view=trace_view(entry.data, cites),
                           question=cites.markdown(entry.question), answer=cites.markdown(entry.answer),
                           **page_context(doc))


@bp.route("/scenarios/try", methods=["GET", "POST"])
def try_your_own():
    form: Mapping[str, str] = {}
    too_large = None
    if request.method == "POST":  # limits set before anything reads the body
        request.max_content_length = request.max_form_memory_size = sandbox.MAX_TEXT + FORM_OVERHEAD
        try:
            form = request.form
        except RequestEntityTooLarge:
            too_large = sandbox.too_large(request.content_length)
    library = get_library()
    doc = chosen_doc(form or None)
    context: dict[str, Any] = {
        "examples": sorted(library.entries.values(), key=lambda e: e.title.casefold()),
        "limit_kb": sandbox.MAX_TEXT // 1024, "time_limit": f"{sandbox.TIME_LIMIT:g}", **page_context(doc)}
    if too_large is not None:
        return _refused(too_large, "", context)
    cites = citations(doc)
    if request.method == "GET":
        example = _example(library, request.args.get("from", ""))
        text = example.source if example else ""
        return render_template("scenario_try.html", text=text, example=example.id if example else "",
                               cards=card_readings(sandbox.read_cards(text).cards, cites), **context)
    text, refusal = _posted_text(form)
    if refusal is not None:
        return _refused(refusal, text, context)
    if form.get("only") == "read":
        result = sandbox.read_cards(text)
        if result.refusal is not None:
            return _refused(result.refusal, text, context)
        return render_template("scenario_try.html", text=text, example="", cards=card_readings(result.cards, cites),
                               **context)
    result = sandbox.replay(text)
    context["cards"] = card_readings(result.cards, cites)
    if result.refusal is not None:
        return _refused(result.refusal, text, context)
    scenario = result.data["scenario"]
    return render_template("scenario_try.html", text=text, example="", view=trace_view(result.data, cites),
                           scenario=scenario, question=cites.markdown(scenario["question"]),
                           answer=cites.markdown(scenario["answer"]), seconds=result.seconds, **context)


def _posted_text(form: Mapping[str, str]) -> tuple[str, sandbox.Refusal | None]:
    """The scenario typed in the editor, or a file sent as the `text` field: its bytes are decoded here, so
    a file that is not UTF-8 is refused at its line (a typed field arrives decoded, errors replaced)."""
    upload = request.files.get("text")
    if upload is None or form.get("text"):
        return form.get("text", "").replace("\r\n", "\n"), None
    body = upload.read(sandbox.MAX_TEXT + 1)
    text = sandbox.decode(body)
    if isinstance(text, sandbox.Refusal):
        return body.decode("utf-8", "replace").replace("\r\n", "\n"), text
    return text.replace("\r\n", "\n"), None


def _example(library: Library, name: str) -> Entry | None:
    return library.entries.get(name) or library.entries.get(EXAMPLE) or next(iter(library.entries.values()), None)


def _refused(refusal: sandbox.Refusal, text: str, context: dict[str, Any]):
    """The editor again with the text kept, the problem said, and its line shown among its neighbours."""
    response = current_app.make_response((render_template(
        "scenario_try.html", text=text, example="", refusal=refusal, excerpt=excerpt(text, refusal.line),
        **context), refusal.status))
    if refusal.status == 503:  # busy, or the scenario helper is down: come back in a moment
        response.headers["Retry-After"] = "2"
    return response


def excerpt(text: str, line: int | None) -> list[tuple[int, str, bool]]:
    """(number, text, is the error's line) for the lines around `line`."""
    lines = text.splitlines()
    if not line or line > len(lines):
        return []
    first = max(1, line - EXCERPT)
    return [(n, lines[n - 1][:200], n == line) for n in range(first, min(len(lines), line + EXCERPT) + 1)]
