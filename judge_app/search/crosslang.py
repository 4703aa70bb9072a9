"""Cross-language search: which documents a query may pivot through, and term pairs between them.

An English query on `pt-2019` is also run on `en-2019` (its pivot) and the hits are mapped to the
Portuguese rules they correspond to; it is also translated with term pairs ("trample" → "atropelar")
and run on the Portuguese text itself. Both need to know which rule of one document is which rule of
another: that is the `Alignment` protocol (two methods), answered two ways:

- `AlignedDocuments` wraps `judge_app.alignment` (rules tied across languages and versions, checked
  pair by pair): every CR document pivots through one document of each other language, so Spanish
  words on pt-2019 go through es-2026 and come back as the 2019 Portuguese rules ("amenaza" →
  es-2026 702.111 → pt-2019 702.110). The process-wide engine uses it.
- `SameDateAlignment` needs nothing but the corpus: a translation and its English original of the
  same date share rule numbers (`pt-2019` ↔ `en-2019`, `es-2026` ↔ `en-2026`).

Term pairs come from the corpus itself: titles of corresponding rules ("Trample" ↔ "Atropelar",
"Combat Damage Step" ↔ "Etapa de dano de combate"), glossary entries that point to the same rules,
and the English term a translated glossary gives in parentheses (`GlossaryEntry.english`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Protocol

from judge_app.alignment import Alignment as RuleAlignment
from judge_app.corpus import Corpus
from judge_app.search.analysis import key
from judge_app.search.analysis import words as analysis_words
from judge_app.search.entries import indexed_title


class Alignment(Protocol):
    def pivots(self, doc: str) -> list[str]:
        """Documents whose rules can be mapped into `doc`, best first."""

    def counterpart(self, from_doc: str, number: str, to_doc: str) -> str | None:
        """The number in `to_doc` of the rule `number` of `from_doc`, or None."""


class SameDateAlignment:
    """A translation and its English original share rule numbers."""

    def __init__(self, corpus: Corpus):
        self.corpus = corpus
        self._pivots: dict[str, list[str]] = {doc: [] for doc in corpus.documents}
        for document in corpus.cr_documents():
            original = document.translation_of
            if original and original in corpus.documents:
                self._pivots[document.id].append(original)
                self._pivots[original].append(document.id)

    def pivots(self, doc: str) -> list[str]:
        return list(self._pivots.get(doc, []))

    def counterpart(self, from_doc: str, number: str, to_doc: str) -> str | None:
        if to_doc not in self._pivots.get(from_doc, []):
            return None
        return number if number in self.corpus.rules.get(to_doc, {}) else None


class AlignedDocuments:
    """`judge_app.alignment` as an `Alignment`: pivots are one aligned document per other language
    (the same date when there is one, else the latest), counterparts its best equivalent."""

    def __init__(self, alignment: RuleAlignment):
        self._alignment: RuleAlignment | None = alignment
        self._load: Callable[[], RuleAlignment] | None = None
        documents = alignment.corpus.documents
        aligned = alignment.documents
        self._pivots: dict[str, list[str]] = {}
        for doc in aligned:
            here = documents[doc]
            by_language: dict[str, str] = {}
            for other in sorted(aligned, key=lambda d: (documents[d].effective != here.effective,
                                                        _negated(documents[d].effective))):
                by_language.setdefault(documents[other].language, other)
            self._pivots[doc] = [d for lang, d in by_language.items() if lang != here.language]
        self._counterparts: dict[tuple[str, str, str], str | None] = {}

    @classmethod
    def from_remembered(cls, pivots: dict[str, list[str]], counterparts: dict[tuple[str, str, str], str | None],
                        load: Callable[[], RuleAlignment]) -> AlignedDocuments:
        """One answering from what `remembered` gave (`search.prepared` keeps it in the data directory), that
        calls `load()` for the alignment only when asked a counterpart it does not hold."""
        made = cls.__new__(cls)
        made._alignment, made._load = None, load
        made._pivots, made._counterparts = pivots, dict(counterparts)
        return made

    def remembered(self) -> tuple[dict[str, list[str]], dict[tuple[str, str, str], str | None]]:
        """The pivots and every counterpart asked so far."""
        return self._pivots, dict(self._counterparts)

    @property
    def alignment(self) -> RuleAlignment:
        if self._alignment is None:
            assert self._load is not None
            self._alignment = self._load()
        return self._alignment

    @property
    def documents(self) -> list[str]:
        return list(self._pivots)

    def pivots(self, doc: str) -> list[str]:
        return list(self._pivots.get(doc, []))

    def counterpart(self, from_doc: str, number: str, to_doc: str) -> str | None:
        cache_key = (from_doc, number, to_doc)
        if from_doc not in self._pivots or to_doc not in self._pivots:
            return None  # a guide, say: not aligned
        if cache_key not in self._counterparts:
            try:
                found = self.alignment.counterpart(from_doc, number, to_doc)
            except KeyError:  # UnknownRule, UnknownDocument
                found = None
            self._counterparts[cache_key] = found.number if found else None
        return self._counterparts[cache_key]


def _negated(date: str) -> tuple[int, ...]:
    """Sorts later dates first."""
    return tuple(-ord(ch) for ch in date)


class TermPairs:
    """For each (from document, to document): term key in the from-language → terms of the to-document."""

    def __init__(self, corpus: Corpus, alignment: Alignment):
        self._pairs: dict[tuple[str, str], dict[str, list[str]]] = {}
        self.longest = 1
        for document in corpus.cr_documents():
            for pivot in alignment.pivots(document.id):
                for a, b in _pairs(corpus, alignment, pivot, document.id):
                    lang_a = corpus.documents[pivot].language
                    source = key(a, lang_a)
                    if source and source != key(b, lang_a):  # "Mana" ↔ "Mana" adds nothing
                        targets = self._pairs.setdefault((pivot, document.id), {}).setdefault(source, [])
                        if b not in targets:
                            targets.append(b)
                        self.longest = max(self.longest, len(source.split()))

    def lookup(self, span: list[str], from_doc: str, from_lang: str, to_doc: str) -> list[str]:
        """The terms of `to_doc` paired with exactly this span of `from_doc`'s language ([] if none)."""
        return list(self._pairs.get((from_doc, to_doc), {}).get(key(" ".join(span), from_lang), []))

    def translate(self, words: list[str], from_doc: str, from_lang: str, to_doc: str) -> list[str]:
        """Words of `to_doc`'s language for the spans of `words` the pairs know, longest spans first:
        ["trample", "deathtouch"] → ["Atropelar", "Toque", "mortífero"]."""
        table = self._pairs.get((from_doc, to_doc), {})
        out: list[str] = []
        i = 0
        while i < len(words):
            for size in range(min(self.longest, len(words) - i), 0, -1):
                targets = table.get(key(" ".join(words[i:i + size]), from_lang))
                if targets:
                    out += [w for target in targets for w in analysis_words(target)]
                    i += size
                    break
            else:
                i += 1
        return out


def _pairs(corpus: Corpus, alignment: Alignment, a_doc: str, b_doc: str) -> list[tuple[str, str]]:
    """(term in a_doc, term in b_doc) pairs."""
    out = []
    for number, rule in corpus.rules.get(a_doc, {}).items():
        title = indexed_title(rule)
        other = alignment.counterpart(a_doc, number, b_doc)
        if title and other:
            other_title = indexed_title(corpus.rules[b_doc][other])
            if other_title:
                out.append((title, other_title))

    def by_rules(doc: str, mapper) -> dict[tuple[str, ...], str]:
        seen: Counter = Counter()
        terms: dict[tuple[str, ...], str] = {}
        for entry in corpus.glossary.get(doc, []):
            mapped = tuple(mapper(n) for n in entry.rules)
            if mapped and all(mapped):
                seen[mapped] += 1
                terms[mapped] = entry.term
        return {rules: term for rules, term in terms.items() if seen[rules] == 1}

    in_a = by_rules(a_doc, lambda n: alignment.counterpart(a_doc, n, b_doc))
    in_b = by_rules(b_doc, lambda n: n)
    out += [(term, in_b[rules]) for rules, term in in_a.items() if rules in in_b]
    for doc in (a_doc, b_doc):
        if corpus.documents[doc].language == "en":
            continue
        for entry in corpus.glossary.get(doc, []):
            if entry.english:
                out.append((entry.english, entry.term) if doc == b_doc else (entry.term, entry.english))
    return out
