"""Corpus → alignment data: each translation with its original, each English revision with the next."""

from __future__ import annotations

from itertools import pairwise

from judge_app.alignment import cross_version, features, same_date
from judge_app.alignment.store import AlignmentData
from judge_app.corpus import Corpus


def english_revisions(corpus: Corpus) -> list[str]:
    """The English CR documents (originals, not translations), oldest first."""
    english = [d for d in corpus.cr_documents() if d.language == "en" and not d.translation_of]
    return [d.id for d in sorted(english, key=lambda d: d.effective)]


def build(corpus: Corpus) -> AlignmentData:
    data = AlignmentData()
    for document in corpus.cr_documents():
        if document.translation_of:
            found = same_date.align(corpus, document.id)
            data.links[(document.translation_of, document.id)] = found.links
            data.disagreements[document.id] = found.disagreements
            data.terms[document.id] = found.terms
    revisions = english_revisions(corpus)
    for old, new in pairwise(revisions):
        data.links[(old, new)] = cross_version.align(features.entries(corpus, old), features.entries(corpus, new))
    return data
