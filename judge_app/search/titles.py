"""Exact title and term matches: a query that names a keyword rule, a section or a glossary term
("trample", "state-based actions", "mulligan") should get that entry first, not a passing mention.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge_app.corpus import Corpus
from judge_app.search.analysis import CHAINS, key
from judge_app.search.entries import indexed_title
from judge_app.search.refs import GLOSSARY, Ref


@dataclass(frozen=True, slots=True)
class Named:
    ref: Ref  # a rule or a glossary entry
    rules: tuple[str, ...] = ()  # for a glossary entry: the rules it sends to

    @property
    def kind(self) -> str:
        return self.ref.kind


class Titles:
    """Per document: title key (in both analysis chains) → the entries so named."""

    def __init__(self, corpus: Corpus):
        self._by_doc: dict[str, dict[str, list[Named]]] = {}
        self.longest = 1
        for document in corpus.cr_documents():
            table: dict[str, list[Named]] = {}
            lang = document.language
            for number, rule in corpus.rules.get(document.id, {}).items():
                title = indexed_title(rule)
                if title and len(title) <= 60:
                    self._add(table, title, lang, Named(Ref.rule(document.id, number)))
            for position, entry in enumerate(corpus.glossary.get(document.id, [])):
                named = Named(Ref.of(document.id, GLOSSARY, str(position)), tuple(entry.rules))
                for term in (entry.term, entry.english):
                    if term:
                        self._add(table, term, lang, named)
            self._by_doc[document.id] = table

    def _add(self, table: dict[str, list[Named]], title: str, lang: str, named: Named) -> None:
        for chain in CHAINS:
            title_key = key(title, lang, chain)
            if title_key:
                found = table.setdefault(title_key, [])
                if named not in found:
                    found.append(named)
                self.longest = max(self.longest, len(title_key.split()))

    def lookup(self, doc: str, keys: list[str]) -> list[Named]:
        table = self._by_doc.get(doc, {})
        out: list[Named] = []
        for k in keys:
            for named in table.get(k, []):
                if named not in out:
                    out.append(named)
        return out
