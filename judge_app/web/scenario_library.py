"""The scenario library as the web shows it: every file of scenarios/ read and replayed once per app.

The files never change while the app runs, so each is replayed at start (~0.2 s for the whole library)
and kept as plain data (`render.outcome_json`). From the replays come the topics (tags) and an index from
each rule cited to the scenarios citing it, in every CR document's own numbering (2019 documents through
the alignment), which rule pages and the library's rule filter read.
"""

from __future__ import annotations

import logging
import re
import threading
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge_app.alignment import Alignment
from judge_app.corpus import Corpus
from judge_app.corpus.numbers import normalise
from judge_app.scenarios import ScenarioError, load, run
from judge_app.scenarios.catalogue import card_names
from judge_app.scenarios.render import Labeller, outcome_json

log = logging.getLogger("judge_app.web")


@dataclass(frozen=True)
class Entry:
    """One scenario file, replayed."""

    id: str  # the file name without .toml: its address, /scenarios/<id>
    source: str  # the TOML text, for "try your own"
    title: str
    question: str
    answer: str
    tags: tuple[str, ...]
    data: dict[str, Any]  # `outcome_json` of the replay
    cited: tuple[str, ...]  # 2026 rule numbers, in order of first citation
    words: str  # what a keyword search looks in: title, question, answer, tags, card names (folded)
    cards: tuple[str, ...] = ()  # its cards' names (`catalogue.card_names`)

    @property
    def steps(self) -> int:
        return len(self.data["trace"])

    @property
    def ok(self) -> bool:
        return self.data["ok"]

    def uses(self, names: Iterable[str]) -> bool:
        """Whether a card of this scenario bears one of `names` (the card page's scenarios)."""
        return not set(names).isdisjoint(self.cards)


def fold(text: str) -> str:
    """Lower case without accents: "Dano" finds "daño", "Atropelar" finds "atropelar"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def read_entry(path: Path) -> Entry:
    scenario = load(path)
    outcome = run(scenario)
    words = " ".join([scenario.title, scenario.question, scenario.answer, *scenario.tags,
                      *(card.printed.name for card in scenario.cards)])
    data = outcome_json(outcome)
    data["scenario"]["file"] = path.name  # where the server keeps its files is nobody's business
    return Entry(id=path.stem, source=path.read_text(encoding="utf-8"), title=scenario.title,
                 question=scenario.question, answer=scenario.answer, tags=tuple(scenario.tags),
                 data=data, cited=tuple(outcome.trace.cited()), words=fold(words), cards=card_names(scenario))


class Library:
    """The replayed scenarios, their topics, and which rules each cites, per document."""

    def __init__(self, entries: Iterable[Entry], corpus: Corpus, alignment: Alignment):
        self.entries = {entry.id: entry for entry in entries}
        self.corpus = corpus
        self.alignment = alignment
        self._labellers: dict[str, Labeller] = {}
        self._indexes: dict[str, dict[str, list[str]]] = {}
        self._lock = threading.Lock()

    def labeller(self, doc: str) -> Labeller:
        """Rule numbers and titles in `doc`, remembered for the life of the app."""
        with self._lock:
            if doc not in self._labellers:
                self._labellers[doc] = Labeller(self.corpus, doc, self.alignment)
            return self._labellers[doc]

    def index(self, doc: str) -> dict[str, list[str]]:
        """Rule number in `doc` → ids of the scenarios citing it (the 2026 rule or its counterpart in `doc`)."""
        with self._lock:
            found = self._indexes.get(doc)
        if found is not None:
            return found
        label = self.labeller(doc)
        index: dict[str, list[str]] = {}
        for entry in self.entries.values():
            for number in entry.cited:
                shown = label(number).doc_number
                if shown is not None and entry.id not in index.setdefault(shown, []):
                    index[shown].append(entry.id)
        with self._lock:
            return self._indexes.setdefault(doc, index)

    def numbers_in(self, doc: str, entry: Entry) -> list[str]:
        """The rules `entry` cites, numbered as in `doc` (those `doc` has)."""
        label = self.labeller(doc)
        shown = (label(n).doc_number for n in entry.cited)
        return list(dict.fromkeys(n for n in shown if n is not None))  # two 2026 rules may share a 2019 one

    def citing(self, doc: str, numbers: Iterable[str]) -> list[tuple[Entry, list[str]]]:
        """The scenarios citing any of `numbers` (a rule page's entries), each with the numbers it cites."""
        index = self.index(doc)
        found: dict[str, list[str]] = {}
        for number in numbers:
            for scenario_id in index.get(number, ()):
                found.setdefault(scenario_id, []).append(number)
        return [(self.entries[i], cited) for i, cited in found.items()]

    def tags(self) -> list[tuple[str, int]]:
        """Every topic with how many scenarios have it, the most common first."""
        counts = Counter(tag for entry in self.entries.values() for tag in entry.tags)
        return sorted(counts.items(), key=lambda item: (-item[1], item[0]))

    def select(self, doc: str, query: str = "", tag: str = "", rule: str = "") -> list[Entry]:
        """The scenarios with every word of `query`, the topic `tag`, and citing `rule` (or a rule under it)
        as numbered in `doc`; an empty filter keeps everything."""
        chosen = list(self.entries.values())
        words = fold(query).split()
        if words:
            chosen = [e for e in chosen if all(word in e.words for word in words)]
        if tag:
            chosen = [e for e in chosen if tag in e.tags]
        if rule:
            wanted = set(self.rule_matches(doc, rule))
            chosen = [e for e in chosen if e.id in wanted]
        return chosen

    def rule_matches(self, doc: str, rule: str) -> list[str]:
        """Ids of the scenarios citing `rule` (any usual spelling) or anything numbered under it, in `doc`."""
        number = normalise(rule)
        if number is None:
            return []
        under = re.compile(re.escape(number) + r"(?:$|[a-z]$|\.)")
        ids: list[str] = []
        for cited, scenario_ids in self.index(doc).items():
            if under.match(cited):
                ids += [i for i in scenario_ids if i not in ids]
        return ids


def load_library(folder: Path, corpus: Corpus, alignment: Alignment) -> Library:
    """Every *.toml file of `folder`, replayed; a malformed file is logged and left out, never fatal."""
    entries = []
    for path in sorted(folder.glob("*.toml")):
        try:
            entries.append(read_entry(path))
        except (ScenarioError, OSError) as exc:
            log.warning("scenario %s left out of the library: %s", path.name, exc)
    return Library(entries, corpus, alignment)
