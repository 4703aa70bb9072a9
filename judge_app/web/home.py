"""The home page: one search box, the document chooser, the ways into the rules."""

from __future__ import annotations

from flask import Blueprint, g, render_template, request

from judge_app.web import documents
from judge_app.web.documents import get_corpus

bp = Blueprint("home", __name__)


@bp.route("/")
def index():
    corpus = get_corpus()
    return render_template(
        "home.html",
        preferred=documents.preferred_doc(request, corpus, g.lang),
        cr_documents=corpus.cr_documents(),
        guides=[d for d in corpus.documents.values() if not d.is_cr],
    )
