"""The loaded corpus and the questions every layer asks of it."""

from __future__ import annotations

from dataclasses import dataclass, field

from judge_app.corpus import numbers
from judge_app.corpus.model import (
    Anomaly,
    Document,
    GlossaryEntry,
    GuideSection,
    Missing,
    Reference,
    Rule,
)


class UnknownDocument(KeyError):
    """A document id that is not in the manifest."""


@dataclass
class Corpus:
    documents: dict[str, Document] = field(default_factory=dict)
    rules: dict[str, dict[str, Rule]] = field(default_factory=dict)  # doc → number → rule, document order
    glossary: dict[str, list[GlossaryEntry]] = field(default_factory=dict)  # doc → entries, document order
    guides: dict[str, list[GuideSection]] = field(default_factory=dict)
    anomalies: dict[str, list[Anomaly]] = field(default_factory=dict)
    missing: dict[str, list[Missing]] = field(default_factory=dict)  # translation → English numbers it lacks
    extra: dict[str, list[Missing]] = field(default_factory=dict)  # translation → numbers English lacks
    _glossary_index: dict[str, dict[str, list[GlossaryEntry]]] = field(default_factory=dict, repr=False)
    _order: dict[str, list[str]] = field(default_factory=dict, repr=False)
    _position: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)

    # --- documents ---------------------------------------------------------------------------

    def document(self, doc: str) -> Document:
        try:
            return self.documents[doc]
        except KeyError:
            raise UnknownDocument(doc) from None

    def cr_documents(self) -> list[Document]:
        return [d for d in self.documents.values() if d.is_cr]

    def only(self, doc: str) -> Corpus:
        """This corpus cut down to `doc`: every document's description, but the rules, glossary, guide
        sections and findings of `doc` alone (what `judge rule` reads: a fifth of the whole)."""
        self.document(doc)  # raises UnknownDocument

        def mine(table: dict) -> dict:
            return {doc: table[doc]} if doc in table else {}

        return Corpus(documents=dict(self.documents), rules=mine(self.rules), glossary=mine(self.glossary),
                      guides=mine(self.guides), anomalies=mine(self.anomalies), missing=mine(self.missing),
                      extra=mine(self.extra))

    # --- rules --------------------------------------------------------------------------------

    def rule(self, doc: str, number: str) -> Rule | None:
        """The rule, section or chapter `number` (any usual spelling: "CR 702.19C", "rule 702.19.")."""
        rules = self.rules.get(doc)
        if rules is None:
            self.document(doc)  # raises UnknownDocument
            return None
        found = rules.get(number)
        if found is not None:
            return found
        canonical = numbers.normalise(number)
        return rules.get(canonical) if canonical else None

    def children(self, doc: str, number: str) -> list[Rule]:
        rule = self.rule(doc, number)
        return [self.rules[doc][n] for n in rule.children] if rule else []

    def parent(self, doc: str, number: str) -> Rule | None:
        rule = self.rule(doc, number)
        return self.rules[doc][rule.parent] if rule and rule.parent else None

    def ancestors(self, doc: str, number: str) -> list[Rule]:
        """Chapter, section, rule … down to (not including) `number`: the breadcrumbs."""
        chain = []
        rule = self.parent(doc, number)
        while rule is not None:
            chain.append(rule)
            rule = self.parent(doc, rule.number)
        return chain[::-1]

    def descendants(self, doc: str, number: str) -> list[Rule]:
        out = []
        for child in self.children(doc, number):
            out.append(child)
            out.extend(self.descendants(doc, child.number))
        return out

    def references_out(self, doc: str, number: str) -> list[Reference]:
        rule = self.rule(doc, number)
        return list(rule.references) if rule else []

    def cited_by(self, doc: str, number: str) -> list[Rule]:
        rule = self.rule(doc, number)
        return [self.rules[doc][n] for n in rule.cited_by] if rule else []

    def neighbours(self, doc: str, number: str) -> tuple[Rule | None, Rule | None]:
        """The rules before and after `number` in document order."""
        rule = self.rule(doc, number)
        if rule is None:
            return None, None
        order = self._ordered(doc)
        index = self._positions(doc)[rule.number]
        before = self.rules[doc][order[index - 1]] if index > 0 else None
        after = self.rules[doc][order[index + 1]] if index + 1 < len(order) else None
        return before, after

    def suggest(self, doc: str, number: str, limit: int = 5) -> list[str]:
        """Numbers of `doc` close to an unknown `number`: "did you mean"."""
        import difflib  # here: `judge rule` imports this module for every rule it shows, rarely to suggest

        rules = self.rules.get(doc, {})
        wanted = numbers.normalise(number) or number.strip().lower()
        out: list[str] = []
        parent = numbers.parent(wanted) if numbers.parse(wanted) or numbers.CHAPTER_RE.match(wanted) else None
        while parent and parent not in rules:
            parent = numbers.parent(parent)
        if parent:
            out.append(parent)
        out += [n for n in difflib.get_close_matches(wanted, self._ordered(doc), n=limit, cutoff=0.6) if n not in out]
        return out[:limit]

    def _ordered(self, doc: str) -> list[str]:
        if doc not in self._order:
            self._order[doc] = list(self.rules.get(doc, {}))
        return self._order[doc]

    def _positions(self, doc: str) -> dict[str, int]:
        if doc not in self._position:
            self._position[doc] = {n: i for i, n in enumerate(self._ordered(doc))}
        return self._position[doc]

    # --- glossary -----------------------------------------------------------------------------

    def glossary_entries(self, doc: str, term: str) -> list[GlossaryEntry]:
        """Every entry of `doc` for `term` (case and accents ignored; Spanish has two "Equipo")."""
        from judge_app.corpus.glossary import term_key  # here: it brings the CR parser, which `judge rule` needs not

        if doc not in self.glossary:
            self.document(doc)
            return []
        index = self._glossary_index.get(doc)
        if index is None:
            index = {}
            for entry in self.glossary[doc]:
                index.setdefault(entry.key, []).append(entry)
                if entry.english:
                    index.setdefault(term_key(entry.english), []).append(entry)
            self._glossary_index[doc] = index
        return list(index.get(term_key(term), []))

    def glossary_entry(self, doc: str, term: str) -> GlossaryEntry | None:
        found = self.glossary_entries(doc, term)
        return found[0] if found else None
