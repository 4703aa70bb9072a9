"""The rule corpus: every document parsed into one cross-linked model.

    from judge_app.corpus import load_corpus
    corpus = load_corpus()
    corpus.rule("en-2026", "702.19b").text
    corpus.cited_by("en-2026", "702.19")
    corpus.glossary_entry("pt-2019", "Atropelar").rules   # ["702.19"]

Pipeline: reading (bytes → lines) → cr_parser / guides (lines → entries) → checks (numbering) →
build (entries → model) → linking (references, cited-by, keywords) → cache.
"""

from __future__ import annotations

from pathlib import Path

from judge_app import paths
from judge_app.corpus import cache, manifest
from judge_app.corpus.manifest import CR_IDS
from judge_app.corpus.model import (
    Anomaly,
    Document,
    GlossaryEntry,
    GuideParagraph,
    GuideSection,
    KeywordLink,
    Missing,
    Reference,
    Rule,
)
from judge_app.corpus.store import Corpus, UnknownDocument

__all__ = [
    "CR_IDS", "Anomaly", "Corpus", "Document", "GlossaryEntry", "GuideParagraph", "GuideSection",
    "KeywordLink", "Missing", "Reference", "Rule", "UnknownDocument", "build_corpus", "load_corpus",
    "load_document",
]

_memo: cache.ProcessMemo[Corpus] = cache.ProcessMemo()


def build_corpus(corpus_dir: Path | None = None) -> Corpus:
    """Parse every document now, ignoring any cache."""
    from judge_app.corpus.build import build  # the parsers: imported only when a cache must be (re)built

    return build(corpus_dir or paths.corpus_dir())


def load_corpus(corpus_dir: Path | None = None, use_cache: bool = True) -> Corpus:
    """The corpus, from this process's memory, else the compiled cache, else parsed (and cached).

    Treat the returned object as read-only: it is shared by every caller in the process.
    """
    corpus_dir = corpus_dir or paths.corpus_dir()
    if not use_cache:
        return build_corpus(corpus_dir)
    key = cache.cache_key(corpus_dir)
    path = cache.cache_path(paths.data_dir(), key)
    return _memo.get((str(corpus_dir.resolve()), key),
                     lambda: cache.load_or_build(path, Corpus, lambda: build_corpus(corpus_dir)))


def load_document(doc: str, corpus_dir: Path | None = None) -> Corpus:
    """The corpus cut down to document `doc` (`Corpus.only`): every document's description, but only `doc`'s
    rules, glossary and guide sections. For a command that shows one document (`judge rule`): it reads a
    fifth of the whole, from its own file beside the corpus cache (made from the whole when missing or
    damaged). Raises UnknownDocument for an id the manifest does not have.
    """
    corpus_dir = corpus_dir or paths.corpus_dir()
    if doc not in {entry.id for entry in manifest.read(corpus_dir)}:
        raise UnknownDocument(doc)
    key = cache.cache_key(corpus_dir)
    return cache.load_document(cache.document_path(paths.data_dir(), key, doc), doc,
                               lambda: load_corpus(corpus_dir))
