"""Which rules document a visitor reads, and how documents are named and matched in the interface."""

from __future__ import annotations

from flask import Request, current_app

from judge_app.alignment import Alignment
from judge_app.corpus import CR_IDS, Corpus, Document

COOKIE = "doc"


def get_corpus() -> Corpus:
    return current_app.extensions["judge_corpus"]


def get_alignment() -> Alignment:
    return current_app.extensions["judge_alignment"]


def label(document: Document) -> str:
    """"EN 2026", "PT 2019": language and year, how judges tell the documents apart."""
    year = document.effective[:4]
    return f"{document.language.upper()} {year}".strip()


def default_doc(corpus: Corpus, ui_language: str) -> str:
    """The current rules in the interface language if they exist, else the current English rules."""
    newest = max(d.effective for d in corpus.cr_documents())
    for document in corpus.cr_documents():
        if document.language == ui_language and document.effective == newest:
            return document.id
    return CR_IDS[0]


def language_doc(corpus: Corpus, ui_language: str) -> str:
    """The newest rules in the interface language (pt-2019 for Portuguese), else the current English rules."""
    mine = [d for d in corpus.cr_documents() if d.language == ui_language]
    return max(mine, key=lambda d: d.effective).id if mine else CR_IDS[0]


def preferred_doc(request: Request, corpus: Corpus, ui_language: str) -> str:
    chosen = request.cookies.get(COOKIE)
    if chosen in corpus.rules:
        return chosen
    return default_doc(corpus, ui_language)


def same_date(corpus: Corpus, doc: str) -> list[Document]:
    """The other CR documents of the same date: translations share the original's numbering."""
    effective = corpus.document(doc).effective
    return [d for d in corpus.cr_documents() if d.effective == effective and d.id != doc]

