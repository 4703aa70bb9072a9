"""Search results: ranked hits with highlighted snippets, filters, and a rule number straight to its rule."""

from __future__ import annotations

import re

from flask import Blueprint, g, redirect, render_template, request, url_for
from markupsafe import Markup, escape

from judge_app import search as search_api
from judge_app.search import Hit
from judge_app.search.searching import MAX_LIMIT
from judge_app.web import documents, staleness
from judge_app.web.documents import get_alignment, get_corpus
from judge_app.web.richtext import rule_url, term_url

bp = Blueprint("search", __name__)

MAX_QUERY = 200
PAGE_SIZE = 20
MAX_PAGE = MAX_LIMIT // PAGE_SIZE  # until the search API pages itself, pages come from one ranking
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


def page_number() -> int:
    try:
        return min(max(int(request.args.get("page", "1")), 1), MAX_PAGE)
    except ValueError:
        return 1


def standing(hit: Hit) -> staleness.Status | None:
    """For a 2019 rule among the hits: how it stands in the 2026 rules, when it is not the same."""
    if hit.kind != "rule" or not hit.number:
        return None
    found = staleness.status(get_corpus(), get_alignment(), hit.doc, hit.number)
    return found if found is not None and found.stale else None


@bp.route("/search")
def results():
    corpus = get_corpus()
    query, doc, chapter = arguments()
    number = page_number()
    first = (number - 1) * PAGE_SIZE
    response = search_api.search(query, doc=doc, limit=first + PAGE_SIZE + 1, chapter=chapter)
    if response.jump is not None:
        return redirect(rule_url(response.jump.doc, response.jump.number))
    shown = response.hits[first:first + PAGE_SIZE]
    if not shown and number > 1:  # past the last page (an old link): back to the first
        return redirect(url_for("search.results", q=query, doc=doc or ALL, chapter=chapter))
    hits = [(hit, hit_url(hit), snippet_html(hit.snippet), standing(hit)) for hit in shown]
    more = len(response.hits) > first + PAGE_SIZE and number < MAX_PAGE
    chapters = [r for r in corpus.rules[doc].values() if r.level == "chapter"] if doc in corpus.rules else []
    # a term of the current rules asked in a 2019 document ("tóxico" in pt-2019): say where it is
    later = staleness.term_elsewhere(corpus, get_alignment(), doc, query.strip()) if doc and query.strip() else []
    return render_template(
        "search.html", query=query, doc=doc or ALL, chapter=chapter, response=response, hits=hits,
        page=number, first=first + 1, last=first + len(shown), more=more, later=later,
        chapters=chapters, suggestions=[corpus.rules[doc][n] for n in response.suggestions
                                        if doc in corpus.rules and n in corpus.rules[doc]],
        searchable=list(corpus.documents.values()), documents=corpus.documents,
    )
