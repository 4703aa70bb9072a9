"""The rules the lexicon names, as numbered in each document.

The lexicon's data (`lexicon/situations.toml`, `events.toml`, `concepts.toml`) and the ranking's rule lists give
2026 numbers, read in `LEXICON_DOC`; the other documents number some rules otherwise (608.2h in 2026 is 608.2g in
2019), so each is mapped through the alignment, once per document.
"""

from __future__ import annotations

from collections.abc import Iterable

from judge_app.corpus import Corpus, numbers
from judge_app.search import events
from judge_app.search.crosslang import Alignment
from judge_app.search.lexicon import concepts, families

LEXICON_DOC = "en-2026"  # where the lexicon's rule numbers are read


class Numbering:
    """The lexicon's rules in each document (kept per document)."""

    def __init__(self, corpus: Corpus, alignment: Alignment):
        self.corpus = corpus
        self.alignment = alignment
        self._families: dict[str, dict[str, tuple[str, ...]]] = {}
        self._events: dict[str, dict[str, tuple[str, ...]]] = {}

    def families(self, doc: str) -> dict[str, tuple[str, ...]]:
        """The rules of each situation family (`lexicon/situations.toml`) as numbered in `doc`: its listed rules
        and those whose text says one of its phrases, read in `LEXICON_DOC`."""
        found = self._families.get(doc)
        if found is None:
            base = self.corpus.rules.get(LEXICON_DOC, {})
            found = {}
            for name, family in families().items():
                listed = [n for wanted in family.rules for n in _at_or_below(wanted, base)]
                listed += [n for n, rule in base.items() if any(p in _plain(rule.text) for p in family.says)]
                found[name] = self.in_document(listed, doc)
            self._families[doc] = found
        return found

    def events(self, doc: str) -> dict[str, tuple[str, ...]]:
        """The rules of each event (`lexicon/events.toml`) as numbered in `doc`, the deciding rule first."""
        found = self._events.get(doc)
        if found is None:
            found = self._events[doc] = {event.name: self.in_document(event.rules, doc)
                                         for event in events.all_events().values()}
        return found

    def concepts(self, doc: str) -> dict[str, tuple[str, ...]]:
        """Per mechanic, as numbered in `doc`, the wordings of the concepts it acts through (`lexicon/concepts.toml`),
        in the document's language."""
        table = concepts()
        lang = self.corpus.documents[doc].language
        found = {}
        for number in table.mechanics:
            there = self.in_document((number,), doc)
            if there:
                found[there[0]] = table.of(number, lang)
        return found

    def in_document(self, listed: Iterable[str], doc: str) -> tuple[str, ...]:
        """`LEXICON_DOC` rule numbers as numbered in `doc`, in order, once each; those without a counterpart there
        left out."""
        if doc != LEXICON_DOC:
            listed = [self.alignment.counterpart(LEXICON_DOC, n, doc) for n in listed]
        return tuple(n for n in dict.fromkeys(listed) if n and n in self.corpus.rules.get(doc, {}))


def descends(number: str, root: str) -> bool:
    """Whether the rule is below `root`, at any depth ("504.1" below chapter "5")."""
    parent = numbers.parent(number)
    while parent and len(parent) >= len(root):
        if parent == root:
            return True
        parent = numbers.parent(parent)
    return False


def _at_or_below(wanted: str, rules) -> list[str]:
    """"704.5*": 704.5 and every rule below it; "608.2b": itself (when the document has it)."""
    if not wanted.endswith("*"):
        return [wanted] if wanted in rules else []
    root = wanted[:-1]
    return [n for n in rules if n == root or (n.startswith(root) and descends(n, root))]


def _plain(text: str) -> str:
    return text.lower().replace("’", "'")
