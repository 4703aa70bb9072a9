"""Every CR rule tied to its equivalents in the other CR documents.

    from judge_app.alignment import load_alignment
    alignment = load_alignment()                          # cached like the corpus
    alignment.equivalents("pt-2019", "702.19")            # [Equivalent(doc, number, relation, confidence, reason)]
    alignment.counterpart("en-2026", "112.1", "pt-2019")  # Equivalent(number="111.1", relation="renumbered", …)
    alignment.pairs("en-2019", "en-2026")                 # [Pair(from_number, to_number, relation, …)]
    alignment.diff("111.1", "112.1")                      # [Segment(op, text)]: what changed 2019 → 2026

Same-date alignment (pt-2019 ↔ en-2019, es-2026 ↔ en-2026) is by the corpus's corrected numbers,
checked through glossary term pairs and cited rules (`same_date`); cross-version alignment
(en-2019 ↔ en-2026) is by content, numbers only as a hint (`cross_version`, `matching`, `features`).
Relations: see `model`. Downstream of `judge_app.corpus`, which never imports this package.
"""

from __future__ import annotations

from pathlib import Path

from judge_app import paths
from judge_app.alignment import cache
from judge_app.alignment.model import (
    CROSS_VERSION_RELATIONS,
    RELATIONS,
    SAME_DATE_RELATIONS,
    Disagreement,
    Equivalent,
    Link,
    Pair,
    Segment,
)
from judge_app.alignment.store import Alignment, AlignmentData, UnknownRule
from judge_app.corpus import Corpus, load_corpus
from judge_app.corpus import cache as corpus_cache

__all__ = [
    "CROSS_VERSION_RELATIONS", "RELATIONS", "SAME_DATE_RELATIONS", "Alignment", "AlignmentData", "Disagreement",
    "Equivalent", "Link", "Pair", "Segment", "UnknownRule", "build_alignment", "load_alignment",
]

_memo: corpus_cache.ProcessMemo[Alignment] = corpus_cache.ProcessMemo()


def build_alignment(corpus: Corpus) -> Alignment:
    """Align `corpus` now, ignoring any cache."""
    return Alignment(corpus, _build(corpus))


def _build(corpus: Corpus) -> AlignmentData:
    from judge_app.alignment.build import build  # the aligners: imported only when a cache must be (re)built

    return build(corpus)


def load_alignment(corpus_dir: Path | None = None, use_cache: bool = True) -> Alignment:
    """The alignment of the corpus, from this process's memory, else the compiled cache, else built
    (and cached). Treat it as read-only: it is shared by every caller in the process."""
    corpus_dir = corpus_dir or paths.corpus_dir()
    corpus = load_corpus(corpus_dir, use_cache=use_cache)
    if not use_cache:
        return build_alignment(corpus)
    key = cache.cache_key(corpus_dir)
    path = cache.cache_path(paths.data_dir(), key)
    return _memo.get((str(corpus_dir.resolve()), key),
                     lambda: Alignment(corpus, corpus_cache.load_or_build(path, AlignmentData, lambda: _build(corpus))))
