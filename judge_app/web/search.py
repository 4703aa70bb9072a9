"""Search results: ranked hits with highlighted snippets, filters, pages of `PAGE_SIZE`, the library scenarios
that show the answer ("see it happen"), where a word only other documents have is, and a rule number
straight to its rule. The search's messages are said in the interface's language (`search.msg.<code>`)."""

from __future__ import annotations

import re

from flask import Blueprint, g, redirect, render_template, request, url_for
from markupsafe import Markup, escape

from judge_app import search as search_api
from judge_app.search import Hit, Message
from judge_app.search.searching import MAX_OFFSET
from judge_app.web import documents
from judge_app.web.documents import get_corpus
from judge_app.web.i18n import MESSAGES, translate
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


def said(message: Message, language: str) -> str:
    """A search message in the interface's language (its English text when there are no words for it)."""
    key = f"search.msg.{message.code}"
    return translate(language, key, **message.params) if key in MESSAGES["en"] else str(message)


def counted(language: str, total: int, first: int, last: int) -> str:
    """"1 result", "57 results, 21–40 shown": one and many in the interface's language."""
    text = translate(language, "search.count_one" if total == 1 else "search.count", count=total)
    if first > 1 or last < total:
        text += translate(language, "search.shown", first=first, last=last)
    return text


@bp.route("/search")
def results():
    corpus = get_corpus()
    query, doc, chapter = arguments()
    page = page_number()
    response = search_api.search(query, doc=doc, limit=PAGE_SIZE, chapter=chapter, offset=(page - 1) * PAGE_SIZE)
    if response.jump is not None:
        return redirect(rule_url(response.jump.doc, response.jump.number))
    hits = [(hit, hit_url(hit), snippet_html(hit.snippet)) for hit in response.hits]
    chapters = [r for r in corpus.rules[doc].values() if r.level == "chapter"] if doc in corpus.rules else []
    shown = get_library().entries
    last = response.offset + len(response.hits)
    pages = -(-min(response.total, MAX_OFFSET + PAGE_SIZE) // PAGE_SIZE)
    return render_template(
        "search.html", query=query, doc=doc or ALL, chapter=chapter, response=response, hits=hits,
        chapters=chapters, suggestions=[corpus.rules[doc][n] for n in response.suggestions
                                        if doc in corpus.rules and n in corpus.rules[doc]],
        searchable=list(corpus.documents.values()), documents=corpus.documents,
        messages=[said(m, g.lang) for m in response.messages],
        count=counted(g.lang, response.total, response.offset + 1, last) if hits else "",
        page=page, pages=pages, scenarios=[s for s in response.scenarios if s.id in shown],
        scenario_doc=doc if doc in corpus.rules else None,
        elsewhere=[(e, rule_url(e.doc, e.number) if e.number else None) for e in response.elsewhere],
    )
