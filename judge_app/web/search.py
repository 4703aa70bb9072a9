"""Search results: ranked hits with highlighted snippets, filters, pages of `PAGE_SIZE`, the library scenarios
that show the answer ("see it happen"), where a word only other documents have is, and a rule number
straight to its rule. The search's messages are said in the interface's language (`search.msg.<code>`)."""

from __future__ import annotations

import re

from flask import Blueprint, g, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup, escape

from judge_app import search as search_api
from judge_app.search import Hit, Message
from judge_app.search.searching import MAX_OFFSET
from judge_app.web import documents, staleness
from judge_app.web.documents import get_alignment, get_corpus
from judge_app.web.richtext import rule_url, term_url
from judge_app.web.scenarios import get_library

bp = Blueprint("search", __name__)

MAX_QUERY = 200
PAGE_SIZE = 20
MAX_PAGE = MAX_OFFSET // PAGE_SIZE + 1  # the search stops there
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
        return max(1, min(int(request.args.get("page", "1")), MAX_PAGE))
    except ValueError:
        return 1


# The search's messages by code (see `judge_app.search.results.MESSAGE_CODES`), in the interface's language.
SAID = {
    "empty": lambda p: _("Type a rule number (702.19c) or some words (trample, state-based actions)."),
    "nothing_to_search": lambda p: _("Nothing to search for in “%(query)s”: type words or a rule number.", **p),
    "unknown_language": lambda p: _("Unknown language “%(lang)s”: choose one of %(choices)s.", **p),
    "unknown_document": lambda p: _("Unknown document “%(doc)s”: choose one of %(choices)s.", **p),
    "document_language": lambda p: _("Document %(doc)s is in %(language)s, not %(lang)s.", **p),
    "unknown_chapter": lambda p: _("Unknown chapter or section “%(chapter)s”: use a number such as 7 or 702.", **p),
    "no_rule": lambda p: _("No rule %(number)s in %(doc)s.", **p),
    "no_citing": lambda p: _("No paragraph of %(doc)s cites rule %(number)s.", **p),
    "no_phrase": lambda p: _("No entry has that exact phrase; showing entries with its words."),
    "nothing_found": lambda p: _("Nothing found for “%(query)s”.", **p),
    "elsewhere": lambda p: _("%(terms)s: not in %(doc)s, but in other documents (below).", **p),
    "truncated": lambda p: _("Only the first %(words)s words of a long query were used.", **p),
}


def said(message: Message) -> str:
    """A search message in the interface's language (its English text for a code without words here)."""
    saying = SAID.get(message.code)
    return saying(message.params) if saying else str(message)


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
    page = page_number()
    response = search_api.search(query, doc=doc, limit=PAGE_SIZE, chapter=chapter, offset=(page - 1) * PAGE_SIZE)
    if response.jump is not None:
        return redirect(rule_url(response.jump.doc, response.jump.number))
    if not response.hits and page > 1:  # past the last page (an old link): back to the first
        return redirect(url_for("search.results", q=query, doc=doc or ALL, chapter=chapter))
    hits = [(hit, hit_url(hit), snippet_html(hit.snippet), standing(hit)) for hit in response.hits]
    chapters = [r for r in corpus.rules[doc].values() if r.level == "chapter"] if doc in corpus.rules else []
    in_library = get_library().entries
    pages = -(-min(response.total, MAX_OFFSET + PAGE_SIZE) // PAGE_SIZE)
    # a term of the current rules asked in a 2019 document ("tóxico" in pt-2019): say where it is, once
    later = staleness.term_elsewhere(corpus, get_alignment(), doc, query.strip()) if doc and query.strip() else []
    messages = [m for m in response.messages if not (later and m.code == "elsewhere")]
    return render_template(
        "search.html", query=query, doc=doc or ALL, chapter=chapter, response=response, hits=hits,
        chapters=chapters, suggestions=[corpus.rules[doc][n] for n in response.suggestions
                                        if doc in corpus.rules and n in corpus.rules[doc]],
        searchable=list(corpus.documents.values()), documents=corpus.documents,
        messages=[said(m) for m in messages], page=page, pages=pages, later=later,
        scenarios=[s for s in response.scenarios if s.id in in_library],
        scenario_doc=doc if doc in corpus.rules else None,
        elsewhere=[] if later else [(e, rule_url(e.doc, e.number) if e.number else None) for e in response.elsewhere],
    )
