"""Finding cards by name, best first: the exact name; the name however typed (case, accents, punctuation); a face
of a two-faced card; a legendary card's short name; the start of a name; words of a name in any order; and
otherwise the names a typo is closest to, as "did you mean" (never taken for the card: a judge should see which
card is shown)."""

from __future__ import annotations

import bisect
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from judge_app.cards import names
from judge_app.cards.model import Card

EXACT, NAME, FACE, SHORT, PREFIX, WORDS = "exact", "name", "face", "short name", "prefix", "words"
LIMIT = 20  # names listed for a query that matches many ("jace", "goblin")
SUGGESTIONS = 5
_MIN_PREFIX = 3  # letters before a prefix or a typo is looked for
_CANDIDATES = 60  # names sharing most trigrams with a typo, measured


@dataclass(frozen=True, slots=True)
class Lookup:
    """What a name found: `cards` best first (one → the card; several equally good → a list), `how` they matched,
    and when nothing did, the names the query is closest to."""

    query: str
    cards: tuple[Card, ...] = ()
    how: str = ""
    did_you_mean: tuple[str, ...] = ()

    @property
    def card(self) -> Card | None:
        """The one clear best match, or None (none, or several equally good)."""
        return self.cards[0] if len(self.cards) == 1 else None


@dataclass(slots=True)
class NameIndex:
    """Every name, face and short name of the database by `names.key`, each to the numbers of its entries (their
    place in the database). Numbers and strings only, so that it loads fast."""

    entries: tuple[str, ...]  # each entry's name
    rank: tuple[int, ...]  # each entry's place when equally good: paper, traditional, whole entries first
    group: tuple[int, ...]  # the first of those: 0 for a paper, traditional, whole entry
    names: dict[str, list[int]] = field(default_factory=dict)  # an entry's whole name
    faces: dict[str, list[int]] = field(default_factory=dict)  # a face of a two-faced entry
    shorts: dict[str, list[int]] = field(default_factory=dict)  # a legendary face's short name
    keys: list[str] = field(default_factory=list)  # every name and face key, sorted (prefixes)
    words: list[str] = field(default_factory=list)  # every word of a name, sorted
    by_word: dict[str, list[int]] = field(default_factory=dict)
    trigrams: dict[str, bytes] = field(default_factory=dict)  # "length:trigram" → positions in `keys` (array "I")

    @classmethod
    def build(cls, cards: Sequence[Card]) -> NameIndex:
        group = tuple(card.alchemy * 4 + card.nontraditional * 2 + (card.front is not None) for card in cards)
        rank = [0] * len(cards)
        for place, number in enumerate(sorted(range(len(cards)), key=lambda n: (group[n], cards[n].name))):
            rank[number] = place
        index = cls(tuple(card.name for card in cards), tuple(rank), group)
        for number, card in enumerate(cards):
            index.names.setdefault(names.key(card.name), []).append(number)
            for face in card.faces if len(card.faces) > 1 else ():
                index.faces.setdefault(names.key(face), []).append(number)
            for face in card.faces if card.legendary else ():
                short = names.short_name(face)
                if short:
                    index.shorts.setdefault(names.key(short), []).append(number)
            for word in {w for face in card.faces for w in names.words(face)} | set(names.words(card.name)):
                index.by_word.setdefault(word, []).append(number)
        index.keys = sorted(set(index.names) | set(index.faces))
        index.words = sorted(index.by_word)
        grams: dict[str, list[int]] = defaultdict(list)
        for position, key in enumerate(index.keys):
            for gram in _trigrams(key):
                grams[f"{len(key)}:{gram}"].append(position)
        index.trigrams = {gram: array("I", positions).tobytes() for gram, positions in grams.items()}
        return index

    def find(self, query: str, limit: int = LIMIT) -> tuple[str, list[int], tuple[str, ...]]:
        """How the query matched, the entries' numbers best first, and the names it is closest to if none."""
        key = names.key(query)
        if not key:
            return "", [], ()
        exact = [n for n in self.names.get(key, ()) if self.entries[n] == query.strip()]
        for how, numbers in ((EXACT, exact), (NAME, self.names.get(key, ())), (FACE, self.faces.get(key, ())),
                             (SHORT, self.shorts.get(key, ()))):
            if numbers:
                return how, self._best(numbers, limit), ()
        if len(key) >= _MIN_PREFIX:
            for how, numbers in ((PREFIX, self._prefixed(key)), (WORDS, self._by_words(names.words(query)))):
                if numbers:
                    return how, self._best(numbers, limit, by_length=True), ()
        return "", [], self.suggest(key)

    def suggest(self, key: str, count: int = SUGGESTIONS) -> tuple[str, ...]:
        """The names whose key is within a few typos of `key` (1 for short names, 2, 3 for long ones), closest
        first."""
        if len(key) < _MIN_PREFIX:
            return ()
        allowed = 1 if len(key) <= 5 else 2 if len(key) <= 10 else 3
        grams = _trigrams(key)
        shared: Counter[int] = Counter()
        for length in range(len(key) - allowed, len(key) + allowed + 1):
            for gram in grams:
                shared.update(array("I", self.trigrams.get(f"{length}:{gram}", b"")))
        needed = len(grams) - 3 * allowed  # each edit changes at most three trigrams
        scored = []
        for position, count in shared.most_common(_CANDIDATES):
            if count < needed:
                break
            candidate = self.keys[position]
            distance = _distance(key, candidate, allowed)
            if distance <= allowed:
                scored.append((distance, candidate))
        found: list[str] = []
        for _, candidate in sorted(scored):
            for number in self.names.get(candidate) or self.faces.get(candidate, ()):
                name = self.entries[number]
                name = name if names.key(name) == candidate else _face(name, candidate)
                if name not in found:
                    found.append(name)
        return tuple(found[:count])

    def _prefixed(self, key: str) -> list[int]:
        start = bisect.bisect_left(self.keys, key)
        numbers: list[int] = []
        for candidate in self.keys[start:]:
            if not candidate.startswith(key):
                break
            numbers += self.names.get(candidate, []) + self.faces.get(candidate, [])
        return numbers

    def _by_words(self, typed: list[str]) -> list[int]:
        """The names holding a word starting with each typed word."""
        found: set[int] | None = None
        for word in typed:
            start = bisect.bisect_left(self.words, word)
            holding: set[int] = set()
            for candidate in self.words[start:]:
                if not candidate.startswith(word):
                    break
                holding.update(self.by_word[candidate])
            found = holding if found is None else found & holding
            if not found:
                return []
        return sorted(found or ())

    def _best(self, numbers: Iterable[int], limit: int, by_length: bool = False) -> list[int]:
        """Paper cards before Alchemy's, traditional before nontraditional, whole entries before back faces; for
        prefixes and words, shorter names first; then by name."""
        def place(number: int) -> tuple[int, int, int]:
            return (self.group[number], len(self.entries[number]) if by_length else 0, self.rank[number])
        return sorted(set(numbers), key=place)[:limit]


def _face(name: str, key: str) -> str:
    return next((face for face in name.split(" // ") if names.key(face) == key), name)


def _trigrams(key: str) -> set[str]:
    padded = f"^{key}$"
    return {padded[i:i + 3] for i in range(len(padded) - 2)}


def _distance(a: str, b: str, limit: int) -> int:
    """Edit distance with adjacent swaps counted once (optimal string alignment), or `limit + 1` once it is
    certain to pass `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] | None = None
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, other in enumerate(b, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char != other))
            if before is not None and i > 1 and j > 1 and char == b[j - 2] and a[i - 2] == other:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, previous = previous, current
    return previous[-1]
