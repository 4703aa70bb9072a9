"""Helpers shared by the command modules: JSON output, clean errors, the document option."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from judge_app.corpus import CR_IDS, Corpus, UnknownDocument, load_document

DEFAULT_DOC = "en-2026"


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def fail(message: str, code: int = 2) -> None:
    """Print a clear error (never a traceback) and exit."""
    click.echo(f"judge: {message}", err=True)
    sys.exit(code)


def doc_option(default: str | None = DEFAULT_DOC):
    return click.option(
        "--doc", "doc", default=default, show_default=bool(default), metavar="ID",
        help=f"Document id: {', '.join(CR_IDS)} (or a guide id).",
    )


def cr_document(doc: str) -> Corpus:
    """The corpus cut down to the CR document `doc` (`load_document`: a fifth of the whole to read), or a
    clear error naming the CR documents."""
    try:
        corpus = load_document(doc)
    except UnknownDocument:
        corpus = None
    if corpus is None or not corpus.document(doc).is_cr:
        fail(f"unknown document {doc!r}; choose one of: {', '.join(CR_IDS)}")
    return corpus
