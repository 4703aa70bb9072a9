"""The loaded alignment and the questions the web app, search and CLI ask of it.

Three sets of links are built: `pt-2019`→`en-2019` and `es-2026`→`en-2026` (same date, read from
the English original to the translation) and `en-2019`→`en-2026` (across versions). The four CR
documents form a chain, pt-2019 — en-2019 — en-2026 — es-2026, and a rule's equivalents in any
other document are found by walking it: the relation of a composed step is the cross-version one
(a translation step changes nothing), its confidence the product, its reason both reasons.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge_app.alignment.diff import word_diff
from judge_app.alignment.model import (
    TRANSLATION,
    Disagreement,
    Equivalent,
    Link,
    Pair,
    Segment,
)
from judge_app.corpus import Corpus, Rule

EARLIER, LATER = "en-2019", "en-2026"


@dataclass
class AlignmentData:
    """What is built and cached: plain data, no corpus inside."""

    links: dict[tuple[str, str], list[Link]] = field(default_factory=dict)  # (old doc, new doc) → links
    disagreements: dict[str, list[Disagreement]] = field(default_factory=dict)  # translation → …
    terms: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # translation → glossary term pairs


@dataclass(frozen=True, slots=True)
class _Step:
    doc: str
    number: str | None
    relation: str
    confidence: float
    reason: str
    hops: tuple[str, ...] = ()  # for a composed step: each link walked, with its reason


class UnknownRule(KeyError):
    """A rule number a document does not have."""


class Alignment:
    """Read-only queries over `AlignmentData`, with the corpus for texts. Shared: do not mutate."""

    def __init__(self, corpus: Corpus, data: AlignmentData):
        self.corpus = corpus
        self.data = data
        self._steps: dict[tuple[str, str], list[_Step]] = {}
        self._neighbours: dict[str, list[str]] = {}
        for (old_doc, new_doc), links in data.links.items():
            self._neighbours.setdefault(old_doc, []).append(new_doc)
            self._neighbours.setdefault(new_doc, []).append(old_doc)
            for link in links:
                if link.old is not None:
                    self._steps.setdefault((old_doc, link.old), []).append(_Step(
                        new_doc, link.new, link.relation, link.confidence, link.reason,
                        (_hop(old_doc, link.old, new_doc, link.new, link.reason),)))
                if link.new is not None:
                    self._steps.setdefault((new_doc, link.new), []).append(_Step(
                        old_doc, link.old, link.relation, link.confidence, link.reason,
                        (_hop(new_doc, link.new, old_doc, link.old, link.reason),)))

    @property
    def documents(self) -> list[str]:
        """The aligned documents, in the corpus's display order."""
        return [d for d in self.corpus.documents if d in self._neighbours]

    def _rule(self, doc: str, number: str) -> Rule:
        rule = self.corpus.rule(doc, number)  # raises UnknownDocument for an unknown id
        if rule is None:
            raise UnknownRule(f"no rule {number} in {doc}")
        return rule

    # --- equivalents -------------------------------------------------------------------------------

    def equivalents(self, doc: str, number: str) -> list[Equivalent]:
        """Every counterpart of rule `number` of `doc` in the other aligned documents, in document
        order, best first within a document. A document where it has none gets one entry with
        `number` None, whose relation says why (removed, added, untranslated, translation-only)."""
        start = self._rule(doc, number).number
        found: list[Equivalent] = []
        frontier = [(doc, start, None)]
        seen = {doc}
        while frontier:
            reached = []
            for at_doc, at_number, via in frontier:
                for step in self._steps.get((at_doc, at_number), []):
                    if step.doc in seen:
                        continue
                    composed = _compose(via, step)
                    found.append(Equivalent(step.doc, step.number, composed.relation, composed.confidence,
                                            composed.reason))
                    if step.number is not None:
                        reached.append((step.doc, step.number, composed))
                    else:
                        found += self._unreachable(step.doc, at_doc, seen, composed)
            seen |= {e.doc for e in found}
            frontier = reached
        order = {d: i for i, d in enumerate(self.documents)}
        unique = {(e.doc, e.number): e for e in sorted(found, key=lambda e: e.confidence)}
        return sorted(unique.values(), key=lambda e: (order[e.doc], e.number is None, -e.confidence))

    def _unreachable(self, doc: str, came_from: str, seen: set[str], why: _Step) -> list[Equivalent]:
        """The documents beyond `doc` on the chain, which a rule without a counterpart in `doc` cannot reach."""
        out = []
        previous, current = came_from, doc
        while True:
            onward = [d for d in self._neighbours.get(current, []) if d != previous and d not in seen]
            if not onward:
                return out
            previous, current = current, onward[0]
            out.append(Equivalent(current, None, why.relation, why.confidence, f"{why.reason} | nothing in {doc} "
                                                                                 f"to follow to {current}"))

    def counterparts(self, doc: str, number: str, target_doc: str) -> list[Equivalent]:
        """The equivalents of `number` in `target_doc` that exist (several after a split or merge)."""
        self.corpus.document(target_doc)
        return [e for e in self.equivalents(doc, number) if e.doc == target_doc and e.number is not None]

    def counterpart(self, doc: str, number: str, target_doc: str) -> Equivalent | None:
        """The best equivalent of `number` in `target_doc`, or None if it has none there (its
        `equivalents` entry for `target_doc` says why). For showing a 2026 citation as the
        Portuguese rule it corresponds to: `counterpart("en-2026", "702.19b", "pt-2019")`."""
        found = self.counterparts(doc, number, target_doc)
        return found[0] if found else None

    # --- pairs --------------------------------------------------------------------------------------

    def pairs(self, from_doc: str, to_doc: str) -> list[Pair]:
        """Every rule of `from_doc`, in document order, with each of its equivalents in `to_doc`
        (`to_number` None when it has none there)."""
        self.corpus.document(to_doc)
        if from_doc == to_doc or to_doc not in self.documents or from_doc not in self.documents:
            raise ValueError(f"no alignment from {from_doc} to {to_doc}; aligned documents: "
                             f"{', '.join(self.documents)}")
        out = []
        for number in self.corpus.rules[from_doc]:
            for e in self.equivalents(from_doc, number):
                if e.doc == to_doc:
                    out.append(Pair(from_doc, number, to_doc, e.number, e.relation, e.confidence, e.reason))
        return out

    # --- what changed -------------------------------------------------------------------------------

    def diff(self, number_2019: str, number_2026: str, old_doc: str = EARLIER, new_doc: str = LATER) -> list[Segment]:
        """Word-level diff from rule `number_2019` of `old_doc` to rule `number_2026` of `new_doc`:
        equal/insert/delete segments over the rule text and its examples ("Example: …" paragraphs,
        one per line)."""
        return word_diff(_shown(self._rule(old_doc, number_2019)), _shown(self._rule(new_doc, number_2026)))

    def disagreements(self, doc: str) -> list[Disagreement]:
        """Same-number pairs of translation `doc` and its original whose contents disagree."""
        return list(self.data.disagreements.get(doc, []))

    def term_pairs(self, doc: str) -> dict[str, list[str]]:
        """Glossary terms of translation `doc` → the English glossary terms they may translate."""
        return {term: list(english) for term, english in self.data.terms.get(doc, {}).items()}

    def links(self, old_doc: str, new_doc: str) -> list[Link]:
        """The links as built, read from `old_doc` (earlier, or the original) to `new_doc`."""
        return list(self.data.links[(old_doc, new_doc)])


def _shown(rule: Rule) -> str:
    return "\n".join([rule.text, *(f"Example: {e}" for e in rule.examples)])


def _hop(from_doc: str, from_number: str, to_doc: str, to_number: str | None, reason: str) -> str:
    return f"{from_doc} {from_number} → {to_doc} {to_number or '(none)'}: {reason}"


def _compose(first: _Step | None, second: _Step) -> _Step:
    """Two steps as one: the relation that is not a translation (a missing counterpart's relation
    always wins: it says why), confidences multiplied, each link's reason in turn."""
    if first is None:
        return second
    relation = first.relation if second.relation == TRANSLATION else second.relation
    hops = first.hops + second.hops
    return _Step(second.doc, second.number, relation, round(first.confidence * second.confidence, 3),
                 " | ".join(hops), hops)
