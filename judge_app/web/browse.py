"""Browsing without a query: each document's contents, its glossary A–Z, and the guides."""

from __future__ import annotations

import unicodedata
from itertools import groupby

from flask import Blueprint, current_app, redirect, render_template, url_for

from judge_app.corpus import GlossaryEntry
from judge_app.web import richtext, staleness
from judge_app.web.documents import get_alignment, get_corpus
from judge_app.web.errors import not_found_page

bp = Blueprint("browse", __name__)


@bp.route("/rules/<doc>/")
def toc(doc: str):
    corpus = get_corpus()
    if doc not in corpus.rules:
        return not_found_page("document", doc=doc)
    chapters = [r for r in corpus.rules[doc].values() if r.level == "chapter"]
    return render_template(
        "toc.html", document=corpus.document(doc),
        chapters=[(c, corpus.children(doc, c.number)) for c in chapters],
    )


@bp.route("/rules/<doc>")
def toc_without_slash(doc: str):
    return redirect(url_for("browse.toc", doc=doc), code=301)


def letter(term: str) -> str:
    """The A–Z heading a term files under: accents dropped ("Ação" under A); digits and signs under #."""
    first = unicodedata.normalize("NFKD", term[:1]).encode("ascii", "ignore").decode().upper()
    return first if first.isalpha() else "#"


@bp.route("/glossary/<doc>/")
def glossary(doc: str):
    corpus = get_corpus()
    if doc not in corpus.glossary:
        return not_found_page("document", doc=doc)
    entries = sorted(corpus.glossary[doc], key=lambda e: (letter(e.term), e.key))
    groups = [(key, list(items)) for key, items in groupby(entries, key=lambda e: letter(e.term))]
    return render_template("glossary.html", document=corpus.document(doc), groups=groups)


@bp.route("/glossary/<doc>")
def glossary_without_slash(doc: str):
    return redirect(url_for("browse.glossary", doc=doc), code=301)


@bp.route("/glossary/<doc>/<path:term>")
def glossary_entry(doc: str, term: str):
    corpus = get_corpus()
    if doc not in corpus.glossary:
        return not_found_page("document", doc=doc)
    entries = corpus.glossary_entries(doc, term[:200])
    alignment = get_alignment()
    if not entries:
        later = staleness.term_elsewhere(corpus, alignment, doc, term[:200])
        if later:
            return render_template("glossary_elsewhere.html", document=corpus.document(doc), term=term[:200],
                                   later=later, documents=corpus.documents)
        return not_found_page("term", doc=doc, term=term)
    standing = {n: s for e in entries for n in e.rules
                if (s := staleness.status(corpus, alignment, doc, n)) is not None and s.stale}
    return render_template("glossary_entry.html", document=corpus.document(doc), standing=standing,
                           documents=corpus.documents,
                           entries=[(e, richtext.glossary_text(e), _see_also(doc, e)) for e in entries])


def _see_also(doc: str, entry: GlossaryEntry) -> list[GlossaryEntry]:
    corpus = get_corpus()
    return [found for name in entry.see_also if (found := corpus.glossary_entry(doc, name)) is not None]


@bp.route("/guides/")
def guides():
    corpus = get_corpus()
    return render_template("guides.html", guides=[d for d in corpus.documents.values() if not d.is_cr])


@bp.route("/guides/<doc>")
def guide(doc: str):
    corpus = get_corpus()
    if doc not in corpus.guides:
        return not_found_page("document", doc=doc)
    rendered = current_app.extensions.setdefault("judge_guides_html", {})  # the guides never change while we run
    if doc not in rendered:
        rendered[doc] = [(s, [(p, richtext.guide_text(p)) for p in s.paragraphs]) for s in corpus.guides[doc]]
    sections = rendered[doc]
    document = corpus.document(doc)
    return render_template("guide.html", document=document, sections=sections,
                           cites=corpus.document(document.cites) if document.cites else None)
