"""The state of a cross-version alignment while it is built: who is paired with whom, the scores,
each rule's likely counterparts, and what the document structure says about a candidate pair."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from judge_app.alignment.features import Entry, Index, cosine, is_heading, kind, similarity

CANDIDATES = 8  # likely counterparts kept per rule (by weighted word overlap) for exact comparison
BEST_MARGIN = 0.12  # how far below the best counterpart it could still have a pair's score may be


@dataclass(slots=True)
class Pairing:
    new: str
    score: float  # the evidence for the pair, 0–1
    why: str


@dataclass(frozen=True, slots=True)
class Piece:
    """A secondary link: one part of a split or of a merge."""

    old: str
    new: str
    relation: str  # SPLIT or MERGED
    score: float
    why: str


def _children(entries: dict[str, Entry]) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for number, entry in entries.items():
        if entry.parent is not None:
            table.setdefault(entry.parent, []).append(number)
    return table


class Matcher:
    """One-to-one pairs (`fwd`, `back`) and split/merge pieces between `old` and `new` entries."""

    def __init__(self, old: dict[str, Entry], new: dict[str, Entry]):
        self.old, self.new = old, new
        self.fwd: dict[str, Pairing] = {}
        self.back: dict[str, str] = {}
        self.pieces: list[Piece] = []
        self.children_old, self.children_new = _children(old), _children(new)
        self._scores: dict[tuple[str, str], float] = {}
        index_old, index_new = Index.pair(old, new)
        self.vectors = (index_old.vectors, index_new.vectors)
        self.candidates_old = {n: index_new.nearest(index_old.vectors[n], kind(e), CANDIDATES) for n, e in old.items()}
        self.candidates_new = {n: index_old.nearest(index_new.vectors[n], kind(e), CANDIDATES) for n, e in new.items()}

    # --- scores -------------------------------------------------------------------------------------

    def score(self, a: str, b: str) -> float:
        """Similarity of old `a` and new `b`: word order for rules; for headings, the words of what
        they hold (a section is its rules), or 0.9 at least when the titles are equal."""
        key = (a, b)
        if key not in self._scores:
            ea, eb = self.old[a], self.new[b]
            if is_heading(ea) or is_heading(eb):
                value = cosine(self.vectors[0][a], self.vectors[1][b])
                if ea.title and ea.title == eb.title:
                    value = max(value, 0.9)
            else:
                value = similarity(ea.words, eb.words)
            self._scores[key] = value
        return self._scores[key]

    def loose(self, a: str, b: str) -> float:
        """A similarity that forgives rewording: the better of word order and weighted word overlap."""
        return max(self.score(a, b), cosine(self.vectors[0][a], self.vectors[1][b]))

    def best_free_new(self, a: str) -> float:
        """The best score old `a` has with any new rule still unpaired."""
        return max((self.score(a, b) for b in self.candidates_old[a] if b not in self.back), default=0.0)

    def best_free_old(self, b: str) -> float:
        return max((self.score(a, b) for a in self.candidates_new[b] if a not in self.fwd), default=0.0)

    def plausible(self, a: str, b: str, value: float) -> bool:
        """Not clearly worse than what either side could still have elsewhere: a rule that moved
        away is not claimed by a weaker neighbour left in its old place."""
        return value >= self.best_free_new(a) - BEST_MARGIN and value >= self.best_free_old(b) - BEST_MARGIN

    # --- pairs --------------------------------------------------------------------------------------

    def pair(self, a: str, b: str, score: float, why: str) -> None:
        self.fwd[a] = Pairing(b, score, why)
        self.back[b] = a

    def free_old(self, a: str) -> bool:
        return a not in self.fwd

    def free_new(self, b: str) -> bool:
        return b not in self.back

    def linked(self, a: str, b: str) -> bool:
        """Are old `a` and new `b` paired, or pieces of one split or merge?"""
        pairing = self.fwd.get(a)
        return (pairing is not None and pairing.new == b) or any(p.old == a and p.new == b for p in self.pieces)

    # --- structure ----------------------------------------------------------------------------------

    def support(self, a: str, b: str) -> str:
        """What the structure says for pairing old `a` with new `b`, in words ("" if nothing): their
        parents are paired, or siblings of `a` moved under `b`'s parent."""
        parent_old, parent_new = self.old[a].parent, self.new[b].parent
        if parent_old is None or parent_new is None:
            return ""
        if self.linked(parent_old, parent_new):
            return f"parents {parent_old}→{parent_new} aligned"
        moved = [s for s in self.children_old.get(parent_old, [])
                 if s != a and s in self.fwd and self.new[self.fwd[s].new].parent == parent_new]
        if moved:
            return f"its siblings {', '.join(moved[:3])} moved under {parent_new}"
        return ""

    def descendants_old(self, number: str) -> list[str]:
        return _descendants(self.children_old, number)

    def descendants_new(self, number: str) -> list[str]:
        return _descendants(self.children_new, number)


def _descendants(children: dict[str, list[str]], number: str) -> list[str]:
    out = []
    for child in children.get(number, []):
        out.append(child)
        out.extend(_descendants(children, child))
    return out


def ancestor(entries: dict[str, Entry], number: str, level: str) -> str | None:
    """`number` itself or its ancestor at `level` ("section" of 702.19b is 702)."""
    current: str | None = number
    while current is not None and entries[current].level != level:
        current = entries[current].parent
    return current


def monotone(a: list[str], b: list[str], score: Callable[[str, str], float | None]) -> list[tuple[str, str, float]]:
    """The order-keeping set of pairs with the highest total score (a score of None forbids a pair)."""
    rows, cols = len(a), len(b)
    table = [[score(x, y) for y in b] for x in a]
    best = [[0.0] * (cols + 1) for _ in range(rows + 1)]
    for i in range(1, rows + 1):
        for j in range(1, cols + 1):
            value = max(best[i - 1][j], best[i][j - 1])
            s = table[i - 1][j - 1]
            if s is not None:
                value = max(value, best[i - 1][j - 1] + s)
            best[i][j] = value
    out = []
    i, j = rows, cols
    while i > 0 and j > 0:
        s = table[i - 1][j - 1]
        if s is not None and best[i][j] == best[i - 1][j - 1] + s:
            out.append((a[i - 1], b[j - 1], s))
            i, j = i - 1, j - 1
        elif best[i][j] == best[i - 1][j]:
            i -= 1
        else:
            j -= 1
    return out[::-1]
