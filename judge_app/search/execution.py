"""Running a query: Whoosh's query tree scored over each term's postings, read from the index once and kept.

Whoosh's matchers walk a query tree document by document in Python, weighing at each step whether a
block of documents can still reach the top; a player's question (ten to thirty terms over several fields,
run on the document and its pivots) spent two thirds of its time there, and counting every match for
the total cost as much again. This index is small (~15,000 entries) and never changes under an engine,
so each term's postings are read once, scored with the engine's BM25 and kept (`Postings`, bounded);
a query is then a few dictionary merges, and the count of matches comes free:

    Term            its postings' scores, times its boost
    Or              the sum of what each subquery scores, over every document any of them matches
    DisjunctionMax  the best of the subqueries' scores
    And             the sum, over the documents every subquery matches
    AndMaybe        the required side's documents; plus the optional side's score where it matches too

as Whoosh's own matchers define them (a compound's boost multiplies, except for a compound of one
subquery, which Whoosh runs as that subquery). Anything else (a quoted phrase, an Or with `minmatch` or
`scale`) is run by Whoosh's matcher. Scores equal Whoosh's up to the order floats are added in.
"""

from __future__ import annotations

import heapq
from array import array
from collections.abc import Callable
from contextlib import AbstractContextManager

from whoosh.query import And, AndMaybe, DisjunctionMax, Or, Query, Term

Scores = dict[int, float]  # document number → score
Reading = Callable[[], AbstractContextManager]  # the engine's searcher, held for this thread alone

BUDGET = 1_500_000  # postings kept per engine (~12 bytes each); past it the store starts again


class Postings:
    """Each term's postings as (document numbers, scores), read through `reading` once and kept (thread-safe:
    a term two threads ask for at once is read twice, and either copy kept)."""

    def __init__(self, reading: Reading, budget: int = BUDGET):
        self._reading = reading
        self._budget = budget
        self._kept: dict[tuple[str, str], tuple[array, array]] = {}
        self._size = 0

    def term(self, fieldname: str, text: str) -> tuple[array, array]:
        key = (fieldname, text)
        found = self._kept.get(key)
        if found is None:
            found = self._read(fieldname, text)
            if self._size + len(found[0]) > self._budget:
                self._kept, self._size = {}, 0
            self._kept[key] = found
            self._size += len(found[0])
        return found

    def _read(self, fieldname: str, text: str) -> tuple[array, array]:
        ids, scores = array("i"), array("d")
        with self._reading() as searcher:
            schema = searcher.schema
            if fieldname not in schema:
                return ids, scores
            try:
                key = schema[fieldname].to_bytes(text)
            except ValueError:
                return ids, scores
            if (fieldname, key) not in searcher.reader():
                return ids, scores
            matcher = searcher.postings(fieldname, key)
            while matcher.is_active():
                ids.append(matcher.id())
                scores.append(matcher.score())
                matcher.next()
        return ids, scores

    def scores(self, query: Query) -> Scores:
        """What `query` scores, per document it matches."""
        kind = type(query)
        if kind is Term:
            ids, scores = self.term(query.fieldname, query.text)
            boost = query.boost
            found = dict(zip(ids, scores, strict=True))
            return found if boost == 1.0 else {n: s * boost for n, s in found.items()}
        if kind in _COMBINE and not getattr(query, "minmatch", 0) and not getattr(query, "scale", None):
            subqueries = query.subqueries
            if not subqueries:
                return {}
            if len(subqueries) == 1:  # Whoosh runs it as its one subquery, boost and all
                return self.scores(subqueries[0])
            parts = [self.scores(q) for q in subqueries]
            combined = _COMBINE[kind](parts)
            boost = query.boost
            return combined if boost == 1.0 else {n: s * boost for n, s in combined.items()}
        if kind is AndMaybe:
            required = self.scores(query.a)
            optional = self.scores(query.b)
            return {n: s + optional.get(n, 0.0) for n, s in required.items()} if optional else required
        return self._matched(query)

    def _matched(self, query: Query) -> Scores:
        """A query this module does not take apart, run by Whoosh's own matcher."""
        found: Scores = {}
        with self._reading() as searcher:
            matcher = query.matcher(searcher, searcher.context(needs_current=True))
            while matcher.is_active():
                found[matcher.id()] = matcher.score()
                matcher.next()
        return found


def _sum(parts: list[Scores]) -> Scores:
    parts = sorted(parts, key=len, reverse=True)
    total = dict(parts[0])
    for part in parts[1:]:
        for n, s in part.items():
            total[n] = total.get(n, 0.0) + s
    return total


def _best(parts: list[Scores]) -> Scores:
    parts = sorted(parts, key=len, reverse=True)
    best = dict(parts[0])
    for part in parts[1:]:
        for n, s in part.items():
            if n not in best or s > best[n]:
                best[n] = s
    return best


def _all(parts: list[Scores]) -> Scores:
    parts = sorted(parts, key=len)
    total = dict(parts[0])
    for part in parts[1:]:
        total = {n: s + part[n] for n, s in total.items() if n in part}
    return total


_COMBINE = {Or: _sum, DisjunctionMax: _best, And: _all}


def top(scores: Scores, allowed: set[int], limit: int) -> tuple[list[tuple[int, float]], int]:
    """The best `limit` of the documents in `allowed`, best first (equal scores: the lower document number
    first, as Whoosh orders them), and how many documents of `allowed` matched in all."""
    if len(allowed) < len(scores):
        kept = [(n, allowed_score) for n in allowed if (allowed_score := scores.get(n)) is not None]
    else:
        kept = [(n, s) for n, s in scores.items() if n in allowed]
    best = heapq.nsmallest(limit, kept, key=lambda item: (-item[1], item[0]))
    return best, len(kept)
