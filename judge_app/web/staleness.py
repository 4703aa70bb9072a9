"""Whether what a 2019 document says is still the rule: its 2026 counterparts (`judge_app.alignment`) and how
the rule fared — the same, reworded, renumbered, split, merged or removed — and, for a rule or glossary term
a 2019 document does not have, where the 2026 rules have it.

A judge reading the 2019 Portuguese translation must never cite a rule that has since changed without being
told: every page, hit and API answer that shows a 2019 rule carries these facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from judge_app.alignment import Alignment
from judge_app.alignment.store import EARLIER, LATER
from judge_app.corpus import Corpus, GlossaryEntry
from judge_app.corpus.glossary import term_key
from judge_app.web.richtext import rule_url, term_url

CURRENT = ("en-2026", "es-2026")  # the current rules, in the languages they exist in
STALE = ("changed", "renumbered", "split", "merged", "removed")


@dataclass(frozen=True)
class Target:
    """A counterpart in the current rules."""

    doc: str
    number: str

    @property
    def url(self) -> str:
        return rule_url(self.doc, self.number)


@dataclass(frozen=True)
class Status:
    """How rule `number` of an older document stands in the current rules."""

    doc: str
    number: str
    relation: str  # same | changed | renumbered | split | merged | removed
    reworded: bool  # the current text differs from this one (always true for "changed")
    english: str | None  # the English 2019 rule the comparison went through (for the word diff)
    targets: tuple[Target, ...]  # its counterparts in the current rules, English first

    @property
    def stale(self) -> bool:
        return self.relation in STALE

    @property
    def numbers(self) -> list[str]:
        """The current numbers, each once (English and Spanish share them)."""
        return list(dict.fromkeys(t.number for t in self.targets))

    def to_json(self) -> dict[str, Any]:
        return {"relation": self.relation, "stale": self.stale, "reworded": self.reworded,
                "current": [{"doc": t.doc, "number": t.number, "url": t.url} for t in self.targets]}


def is_older(corpus: Corpus, doc: str) -> bool:
    """Whether `doc` is a CR document older than the current rules."""
    document = corpus.documents.get(doc)
    return bool(document and document.is_cr and document.effective < corpus.document(LATER).effective)


def status(corpus: Corpus, alignment: Alignment, doc: str, number: str) -> Status | None:
    """How rule `number` of `doc` stands in the current rules; None for a current document or an unknown rule."""
    if not is_older(corpus, doc) or corpus.rule(doc, number) is None:
        return None
    return _status(alignment, doc, corpus.rule(doc, number).number)


@lru_cache(maxsize=16384)
def _status(alignment: Alignment, doc: str, number: str) -> Status:
    equivalents = alignment.equivalents(doc, number)
    english = number if doc == EARLIER else next((e.number for e in equivalents if e.doc == EARLIER), None)
    later = [e for e in equivalents if e.doc == LATER]
    relation = later[0].relation if later else "removed"
    targets = tuple(Target(e.doc, e.number) for current in CURRENT for e in equivalents
                    if e.doc == current and e.number is not None)
    reworded = relation in ("changed", "split", "merged") or (
        relation == "renumbered" and english is not None and any(
            _reworded(alignment, english, e.number) for e in later if e.number is not None))
    return Status(doc, number, relation, reworded, english, targets)


@lru_cache(maxsize=16384)
def _reworded(alignment: Alignment, old: str, new: str) -> bool:
    return any(s.op != "equal" for s in alignment.diff(old, new))


@dataclass(frozen=True)
class Elsewhere:
    """A rule number a document does not have: the current rule of that number, and whether it came after."""

    doc: str
    number: str
    added: bool  # the current rule has no counterpart in `doc`: it came after that document
    counterpart: str | None  # else: `doc`'s own number for the same rule
    targets: tuple[Target, ...]
    title: str

    def to_json(self) -> dict[str, Any]:
        return {"added_after": self.added, "counterpart": self.counterpart, "title": self.title,
                "current": [{"doc": t.doc, "number": t.number, "url": t.url} for t in self.targets]}


def elsewhere(corpus: Corpus, alignment: Alignment, doc: str, number: str) -> Elsewhere | None:
    """For a number `doc` lacks (702.164 asked in pt-2019): the current rule of that number, if there is one."""
    if not is_older(corpus, doc) or corpus.rule(doc, number) is not None:
        return None
    current = corpus.rule(LATER, number)
    if current is None:
        return None
    mine = alignment.counterpart(LATER, current.number, doc)
    targets = tuple(Target(d, current.number) for d in CURRENT if corpus.rule(d, current.number) is not None)
    titled = current
    while titled is not None and not titled.title:
        titled = corpus.parent(LATER, titled.number)
    return Elsewhere(doc, current.number, mine is None, mine.number if mine else None, targets,
                     titled.title if titled else "")


@dataclass(frozen=True)
class TermElsewhere:
    """A glossary term a document lacks, found in a current document's glossary."""

    doc: str
    entry: GlossaryEntry

    @property
    def url(self) -> str:
        return term_url(self.doc, self.entry.term)

    def to_json(self) -> dict[str, Any]:
        return {"doc": self.doc, "term": self.entry.term, "rules": self.entry.rules, "url": self.url}


def term_elsewhere(corpus: Corpus, alignment: Alignment, doc: str, term: str) -> list[TermElsewhere]:
    """Where a term `doc`'s glossary lacks is in the current glossaries ("Tóxico" asked in pt-2019), and only
    when it is new: a term whose rules `doc` has under another name is not "elsewhere"."""
    if not is_older(corpus, doc) or corpus.glossary_entry(doc, term) is not None:
        return []
    key = term_key(term)
    found = []
    for current in CURRENT:
        entry = corpus.glossary_entry(current, term)
        if entry is None or entry.key != key:
            continue
        if entry.rules and all(alignment.counterpart(current, n, doc) is not None for n in entry.rules):
            continue
        found.append(TermElsewhere(current, entry))
    if found and not any(f.doc == LATER for f in found):  # the English entry too, through the rules it points to
        english = _english_entry(corpus, found[0].entry)
        if english is not None:
            found.append(TermElsewhere(LATER, english))
    return sorted(found, key=lambda f: CURRENT.index(f.doc))


def _english_entry(corpus: Corpus, entry: GlossaryEntry) -> GlossaryEntry | None:
    """The English glossary entry pointing at the same rules as a translation's entry."""
    for candidate in corpus.glossary[LATER]:
        if candidate.rules and candidate.rules == entry.rules:
            return candidate
    return None


def glossary_status(corpus: Corpus, alignment: Alignment, entry: GlossaryEntry) -> list[Status]:
    """The stale rules a 2019 glossary entry points to."""
    found = [status(corpus, alignment, entry.doc, n) for n in entry.rules]
    return [s for s in found if s is not None and s.stale]
