"""Rule pages: `/rules/<doc>/<number>`, and `/r/<number>` in the visitor's preferred document."""

from __future__ import annotations

from flask import Blueprint, g, redirect, render_template, request

from judge_app.web import documents, equivalents, packs, richtext, rule_view, staleness
from judge_app.web.documents import get_alignment, get_corpus
from judge_app.web.errors import not_found_page
from judge_app.web.scenarios import get_library

bp = Blueprint("rules", __name__)


@bp.route("/r/<path:number>")
def short(number: str):
    corpus = get_corpus()
    doc = documents.preferred_doc(request, corpus, g.lang)
    rule = corpus.rule(doc, number)
    if rule is None:
        return rule_not_found(doc, number)
    return redirect(richtext.rule_url(doc, rule.number))


@bp.route("/rules/<doc>/<path:number>")
def rule(doc: str, number: str):
    corpus = get_corpus()
    if doc not in corpus.rules:
        return document_not_found(doc)
    item = corpus.rule(doc, number)
    if item is None:
        return rule_not_found(doc, number)
    if item.number != number:
        return redirect(richtext.rule_url(doc, item.number), code=301)
    complete = not packs.in_pack(request)  # an offline pack leaves out other documents' texts (see `packs`)
    shown = rule_view.blocks(corpus, item, link_cards=complete)
    citing, glossary_terms = rule_view.cited_by(corpus, item, shown)
    previous, following = rule_view.same_level_neighbours(corpus, item)
    alignment = get_alignment()
    with_texts = item.level in ("rule", "subrule") and complete
    g.language_targets = language_targets(doc, item.number)
    standing = {b.rule.number: s for b in shown
                if (s := staleness.status(corpus, alignment, doc, b.rule.number)) is not None and s.stale}
    return render_template(
        "rule.html",
        document=corpus.document(doc),
        rule=item,
        ancestors=corpus.ancestors(doc, item.number),
        blocks=shown,
        children=corpus.children(doc, item.number) if item.level in ("chapter", "section") else [],
        citing=citing,
        glossary_terms=glossary_terms,
        previous=previous,
        following=following,
        counterparts=equivalents.counterparts(corpus, alignment, doc, item.number, texts=with_texts),
        side_by_side=with_texts,
        changes=equivalents.what_changed(corpus, alignment, doc, shown) if with_texts else None,
        scenarios=get_library().citing(doc, [b.rule.number for b in shown]) if complete else [],
        stale=staleness.status(corpus, alignment, doc, item.number), standing=standing,
        documents=corpus.documents,
    )


def language_targets(doc: str, number: str) -> dict[str, str]:
    """Where the language switch leads from this rule: the same rule in that language's document
    of the same date (translations share numbering). A language without one keeps this page, in
    the new interface language: never a silent jump to rules of another date."""
    corpus = get_corpus()
    out: dict[str, str] = {}
    for document in [corpus.document(doc), *documents.same_date(corpus, doc)]:
        if corpus.rule(document.id, number) is not None:
            out.setdefault(document.language, richtext.rule_url(document.id, number))
    return out


def rule_not_found(doc: str, number: str):
    """A number the document lacks: where the current rules have it when it came later (702.164 asked in
    pt-2019 is Toxic, added since), else a 404 with the nearest numbers."""
    corpus = get_corpus()
    later = staleness.elsewhere(corpus, get_alignment(), doc, number[:40])
    if later is not None:
        return render_template("rule_elsewhere.html", document=corpus.document(doc), asked=number[:40],
                               later=later, documents=corpus.documents)
    suggestions = [corpus.rules[doc][n] for n in corpus.suggest(doc, number[:40])]
    return not_found_page("rule", doc=doc, number=number, suggestions=suggestions)


def document_not_found(doc: str):
    return not_found_page("document", doc=doc)

