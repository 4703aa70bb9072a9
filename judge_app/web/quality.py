"""The corpus quality page: the parse report, for translators and for whoever fixes the parser."""

from __future__ import annotations

from flask import Blueprint, render_template

from judge_app.corpus.report import corpus_report
from judge_app.web.documents import get_corpus

bp = Blueprint("quality", __name__)


@bp.route("/quality")
def report():
    return render_template("quality.html", report=corpus_report(get_corpus()))
