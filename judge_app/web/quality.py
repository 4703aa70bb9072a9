"""The corpus quality page: the parse report, for translators and for whoever fixes the parser."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template

from judge_app.corpus.report import corpus_report
from judge_app.web.documents import get_corpus

bp = Blueprint("quality", __name__)


@bp.route("/quality")
def report():
    # Worked out once per app: the corpus does not change while it runs.
    data = current_app.extensions.get("judge_quality_report")
    if data is None:
        data = current_app.extensions["judge_quality_report"] = corpus_report(get_corpus())
    return render_template("quality.html", report=data)
