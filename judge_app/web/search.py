"""Search results: ranked hits with highlighted snippets, filters, and a rule number straight to its rule."""

from __future__ import annotations

import re

from flask import Blueprint, g, redirect, render_template, request, url_for
from markupsafe import Markup, escape

from judge_app import search as search_api
from judge_app.search import Hit
from judge_app.web import documents
from judge_app.web.documents import get_corpus
from judge_app.web.richtext import rule_url, term_url

bp = Blueprint("search", __name__)

MAX_QUERY = 200
PAGE_SIZE = 20
ALL = "all"
_MARK_RE = re.compile(r"</?mark>")


def snippet_html(snippet: str) -> Markup:
    """The search package's snippet (escaped text, words in <mark>): kept only if that is all it is."""
    bare = _MARK_RE.sub("", snippet)
    if "<" in bare or ">" in bare:
        return escape(bare)
    return Markup(snippet)


def hit_url(hit: Hit) -> str:
    if hit.kind == "rule" and hit.number:
        return rule_url(hit.doc, hit.number)
    if hit.kind == "glossary" and hit.term:
        return term_url(hit.doc, hit.term)
    return url_for("browse.guide", doc=hit.doc, _anchor=hit.paragraph)


def arguments() -> tuple[str, str | None, str | None]:
    """The query, document (None: all) and chapter asked for, cleaned; unknown values are dropped."""
    corpus = get_corpus()
    query = request.args.get("q", "")[:MAX_QUERY]
    doc = request.args.get("doc", "")
    if doc == ALL:
        doc = None
    elif doc not in corpus.documents:
        doc = documents.preferred_doc(request, corpus, g.lang)
    chapter = request.args.get("chapter", "")
    chapter = chapter if doc in corpus.rules and corpus.rule(doc, chapter) is not None else None
    return query, doc, chapter


@bp.route("/search")
def results():
    corpus = get_corpus()
    query, doc, chapter = arguments()
    response = search_api.search(query, doc=doc, limit=PAGE_SIZE, chapter=chapter)
    if response.jump is not None:
        return redirect(rule_url(response.jump.doc, response.jump.number))
    hits = [(hit, hit_url(hit), snippet_html(hit.snippet)) for hit in response.hits]
    chapters = [r for r in corpus.rules[doc].values() if r.level == "chapter"] if doc in corpus.rules else []
    return render_template(
        "search.html", query=query, doc=doc or ALL, chapter=chapter, response=response, hits=hits,
        chapters=chapters, suggestions=[corpus.rules[doc][n] for n in response.suggestions
                                        if doc in corpus.rules and n in corpus.rules[doc]],
        searchable=list(corpus.documents.values()), documents=corpus.documents,
    )
