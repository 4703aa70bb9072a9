"""The search box's target. Full-text search is not installed yet: a rule number still goes straight
to the rule (the corpus knows every number); anything else gets a plain "not available yet" page."""

from __future__ import annotations

from flask import Blueprint, g, redirect, render_template, request

from judge_app.web import documents
from judge_app.web.documents import get_corpus
from judge_app.web.richtext import rule_url

bp = Blueprint("search", __name__)


@bp.route("/search")
def results():
    corpus = get_corpus()
    query = request.args.get("q", "").strip()[:200]
    doc = request.args.get("doc", "")
    if doc not in corpus.rules:
        doc = documents.preferred_doc(request, corpus, g.lang)
    rule = corpus.rule(doc, query) if query else None
    if rule is not None:
        return redirect(rule_url(doc, rule.number))
    return render_template("search_unavailable.html", query=query, doc=doc), 503
