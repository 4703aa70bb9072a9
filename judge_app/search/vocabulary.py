"""The words of each document and how many entries hold them: word rarity, typo correction.

Corrections are words at Damerau–Levenshtein distance 1 (one letter added, removed, changed, or two
neighbours swapped: "tramlpe" → "trample") that share the first letter, taken from words occurring
in at least two entries (a typo in the corpus is never offered as a correction). Candidates come from
a one-deletion neighbourhood table per language, so a lookup costs a few dictionary probes, never a
scan of the vocabulary.
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Iterable

from judge_app.search.analysis import fold, words

MIN_COUNT = 2  # a word must occur in this many entries to be offered as a correction
PREFIX = 1  # letters a correction must share with the typed word


class Vocabulary:
    """Per document: folded word → number of entries holding it; and entries per document."""

    def __init__(self, counts: dict[str, dict[str, int]], sizes: dict[str, int], langs: dict[str, str]):
        self.counts = counts
        self.sizes = sizes
        self.langs = langs
        self._deletions: dict[str, dict[str, list[str]]] = {}
        self._lock = threading.Lock()

    @classmethod
    def collect(cls, texts: Iterable[tuple[str, str, str]]) -> Vocabulary:
        """From (document, language, entry text) triples."""
        counts: dict[str, Counter] = {}
        sizes: Counter = Counter()
        langs: dict[str, str] = {}
        for doc, lang, text in texts:
            sizes[doc] += 1
            langs[doc] = lang
            counts.setdefault(doc, Counter()).update({fold(w) for w in words(text) if w.isalpha()})
        return cls({doc: dict(c) for doc, c in counts.items()}, dict(sizes), langs)

    def to_json(self) -> dict:
        return {"counts": self.counts, "sizes": self.sizes, "langs": self.langs}

    @classmethod
    def from_json(cls, data: dict) -> Vocabulary:
        return cls(data["counts"], data["sizes"], data["langs"])

    def count(self, word: str, doc: str) -> int:
        return self.counts.get(doc, {}).get(fold(word), 0)

    def share(self, word: str, doc: str) -> float:
        """The fraction of the document's entries holding `word`."""
        return self.count(word, doc) / (self.sizes.get(doc) or 1)

    def idf(self, word: str, doc: str) -> float:
        """How much the word tells the document's entries apart: rare words weigh more."""
        return math.log(1 + (self.sizes.get(doc) or 1) / (self.count(word, doc) + 1))

    def correction(self, word: str, docs: Iterable[str]) -> str | None:
        """The most frequent word of `docs` at distance 1 from `word` (same first letter), or None."""
        folded = fold(word)
        if not 4 <= len(folded) <= 40 or not folded.isalpha():
            return None
        docs = [d for d in docs if d in self.counts]
        candidates: set[str] = set()
        for lang in {self.langs[d] for d in docs}:
            table = self._table(lang)
            candidates.update(table.get(folded, ()))
            for variant in _deletions(folded):
                candidates.update(table.get(variant, ()))
                candidates.add(variant)
        best: tuple[int, str] | None = None
        for candidate in candidates:
            if candidate[:PREFIX] != folded[:PREFIX] or not _within_one(folded, candidate):
                continue
            total = sum(self.counts[d].get(candidate, 0) for d in docs)
            if total >= MIN_COUNT and (best is None or (total, candidate) > best):
                best = (total, candidate)
        return best[1] if best else None

    def _table(self, lang: str) -> dict[str, list[str]]:
        """One-deletion variant → the language's words it comes from (built once, on first use)."""
        table = self._deletions.get(lang)
        if table is None:
            with self._lock:
                table = self._deletions.get(lang)
                if table is None:
                    known: Counter = Counter()
                    for doc, counts in self.counts.items():
                        if self.langs[doc] == lang:
                            known.update(counts)
                    table = {}
                    for w, n in known.items():
                        if n >= MIN_COUNT and len(w) >= 3:
                            for variant in _deletions(w):
                                table.setdefault(variant, []).append(w)
                    self._deletions[lang] = table
        return table

    def warm(self) -> None:
        for lang in set(self.langs.values()):
            self._table(lang)


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


def _within_one(a: str, b: str) -> bool:
    """Damerau–Levenshtein distance between `a` and `b` is exactly 1 (adjacent swap counts once)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) < len(b):
        return a[i:] == b[i + 1:]
    if a[i + 1:] == b[i + 1:]:  # one letter changed
        return True
    return i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2:] == b[i + 2:]  # two swapped
