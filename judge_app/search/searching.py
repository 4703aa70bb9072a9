"""The search engine: query understanding, then a direct rule lookup or a ranked full-text search.

    engine = Engine(index_path, corpus)
    engine.search("cr 702.19c")                     # a rule number: jump, no full text
    engine.search("atropelar toque mortifero", doc="pt-2019")
    engine.search("trample", doc="pt-2019")         # English on Portuguese: cross-language

Full text, in order: typo correction of words no document in scope knows; the question read in each
document (see `questions`); one Whoosh search over the documents in scope (see `queries`, `execution`);
ranking (see `ranking`); for a translation, the same query run on its pivot document and mapped back
through the alignment (see `crosslang`); snippets. The engine runs these steps and keeps what they ask
of the index (word frequencies, the documents' filters, each document's reader); it answers the reader's
`questions.Index`.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.query import Or, Term

from judge_app.corpus import Corpus, numbers
from judge_app.scenarios.catalogue import catalogue
from judge_app.search import elsewhere, events, execution, scenarios, understanding
from judge_app.search.analysis import CHAINS, LANGUAGES, term
from judge_app.search.card_units import CardUnits
from judge_app.search.crosslang import Alignment, SameDateAlignment
from judge_app.search.hits import Resolver, build_hit
from judge_app.search.lexicon import Lexicon
from judge_app.search.lifecycle import VOCABULARY_FILE
from judge_app.search.memo import LIMIT, remembered
from judge_app.search.numbering import Numbering
from judge_app.search.prepared import Prepared, prepare
from judge_app.search.queries import document_query
from judge_app.search.questions import Question, Reader, Readers, Unit
from judge_app.search.ranking import Ranker, Scores
from judge_app.search.refs import RULE, Ref
from judge_app.search.results import Jump, SearchResponse
from judge_app.search.schema import field as field_name
from judge_app.search.scoring import DocumentBM25
from judge_app.search.snippets import Wanted
from judge_app.search.understanding import number_token
from judge_app.search.vocabulary import Vocabulary

CANDIDATES = 80  # full-text hits gathered per Whoosh search, before re-ranking (more for deep pages)
MAX_LIMIT = 100
MAX_OFFSET = 500  # paging stops here: nobody reads the 500th hit
SCENARIO_REFRESH = 10.0  # seconds between looks at the scenario folder
DEFAULT_DOC = {"en": "en-2026", "es": "es-2026", "pt": "pt-2019"}  # where a bare rule number opens
FOREIGN_RATIO = 5  # a word this much more frequent in the pivot document is taken as the pivot's language


@dataclass(slots=True)
class _Words:
    """A query after typo correction."""

    words: list[str]
    phrases: list[list[str]] = field(default_factory=list)

    @property
    def phrase_words(self) -> list[str]:
        return [w for phrase in self.phrases for w in phrase]

    @property
    def all(self) -> list[str]:
        return self.words + self.phrase_words


class Engine:
    """One opened index and the corpus it was built from. Thread-safe: the threads share one Whoosh
    searcher (~50 MB once its pages are read), one at a time (Whoosh's readers seek and read a shared
    file: used by two threads at once, they give wrong results); what they read of it, each term's
    postings, is kept (`execution.Postings`), so a search rarely waits for another. Rules are mapped
    between documents with `alignment` (default: same-date numbers; `open_engine` passes the corpus
    alignment)."""

    def __init__(self, path: Path, corpus: Corpus, alignment: Alignment | None = None,
                 prepared: Prepared | None = None):
        self.path = Path(path)
        self.corpus = corpus
        self.ix = whoosh_index.open_dir(str(self.path))
        self.vocabulary = Vocabulary.from_json(json.loads((self.path / VOCABULARY_FILE).read_text(encoding="utf-8")))
        self.alignment = alignment or SameDateAlignment(corpus)
        prepared = prepared or prepare(self.path, corpus, self.alignment)  # given: read from the data directory
        self.pairs = prepared.pairs
        self.titles = prepared.titles
        self.resolver = Resolver(corpus)
        self.weighting = DocumentBM25(self.vocabulary.sizes)
        self._lang = {doc: document.language for doc, document in corpus.documents.items()}
        self._searcher = None
        self._whoosh = threading.RLock()  # held while a thread reads the index through the searcher
        self._lock = threading.Lock()
        self.postings = execution.Postings(self._reading)
        self.refs: list[Ref] = [Ref.parse(stored) for stored in prepared.refs]  # by index number
        self.docnum = {ref: n for n, ref in enumerate(self.refs)}
        self._docnums: dict[str, set[int]] = {}
        for n, ref in enumerate(self.refs):
            self._docnums.setdefault(ref.doc, set()).add(n)
        self._allowed_cache: dict[tuple[tuple[str, ...], str | None], set[int]] = {}
        self._known_cache: dict[tuple[str, str], bool] = {}
        self._entries_cache: dict[tuple[str, str], int] = {}
        self.lexicons: dict[str, Lexicon] = prepared.lexicons
        self.numbering = Numbering(corpus, self.alignment)
        self.readers = Readers(self)
        self._cards = CardUnits(corpus, self.alignment, self)
        self.ranker = Ranker(corpus, self.resolver, self.lexicons, self.readers, self.numbering, self.docnum)
        self._finder: scenarios.ScenarioFinder | None = None
        self._finder_summaries: list | None = None
        if prepared.finder is not None:  # kept for the library as it was: used while the library is the same
            self._finder = prepared.finder.using(self.alignment)
            self._finder_summaries = self._finder.summaries
        self._finder_checked = 0.0

    def warm(self) -> None:
        """Build now what the first search with a typo would build (the vocabulary's correction tables, a tenth
        of a second): for a server, before its first visitor; a one-search command does without."""
        self.vocabulary.warm()

    # --- plumbing ------------------------------------------------------------------------------

    @contextmanager
    def _reading(self):
        """The Whoosh searcher, for this thread alone while the block runs."""
        with self._whoosh:
            yield self.searcher()

    def searcher(self):
        """The engine's Whoosh searcher (opened on first use); read it inside `_reading` when other threads
        may search."""
        with self._whoosh:
            if self._searcher is None:
                self._searcher = self.ix.searcher(weighting=self.weighting)
            return self._searcher

    def close(self) -> None:
        """Close the searcher (a search after this opens it again)."""
        with self._whoosh:
            if self._searcher is not None:
                self._searcher.close()
                self._searcher = None

    # --- the public question -------------------------------------------------------------------

    def search(self, query: str, doc: str | None = None, lang: str | None = None, limit: int = 10,
               chapter: str | None = None, offset: int = 0) -> SearchResponse:
        """See `judge_app.search.search`. Answers any text; never raises on user input."""
        parsed = understanding.parse(query)
        limit = _bounded(limit, 1, MAX_LIMIT, 10)
        offset = _bounded(offset, 0, MAX_OFFSET, 0)
        docs = self._scope(doc, lang, response := SearchResponse(query=parsed.text, offset=offset))
        response.docs = docs
        if response.messages:
            pass
        elif parsed.empty and not parsed.text:
            response.say("empty", "Type a rule number (702.19c) or some words (trample, state-based actions).")
        elif parsed.empty:
            response.say("nothing_to_search", f"Nothing to search for in {_quoted(parsed.text)}: "
                         "type words or a rule number.", query=_shortened(parsed.text))
        elif parsed.number is not None:
            self._jump(parsed.number, doc, lang, limit, offset, response)
        else:
            section = numbers.normalise(str(chapter)) if chapter else None
            if chapter and section is None:
                response.say("unknown_chapter", f"Unknown chapter or section {_quoted(str(chapter))}: "
                             "use a number such as 7 or 702.", chapter=_shortened(str(chapter)))
            else:
                self._full_text(parsed, docs, section, limit, offset, response)
        if parsed.truncated:
            response.say("truncated", f"Only the first {understanding.MAX_WORDS} words of a long query were used.",
                         words=understanding.MAX_WORDS)
        return response

    def _scope(self, doc: str | None, lang: str | None, response: SearchResponse) -> list[str]:
        """The documents to search; a problem with `doc` or `lang` is said in `response`."""
        documents = self.corpus.documents
        if lang is not None and lang not in LANGUAGES:
            response.say("unknown_language", f"Unknown language {_quoted(str(lang))}: choose one of "
                         f"{', '.join(LANGUAGES)}.", lang=_shortened(str(lang)), choices=", ".join(LANGUAGES))
            return []
        if doc is not None:
            if doc not in documents:
                response.say("unknown_document", f"Unknown document {_quoted(str(doc))}: choose one of "
                             f"{', '.join(documents)}.", doc=_shortened(str(doc)), choices=", ".join(documents))
                return []
            if lang is not None and documents[doc].language != lang:
                response.say("document_language", f"Document {doc} is in {documents[doc].language!r}, not {lang!r}.",
                             doc=doc, language=documents[doc].language, lang=lang)
                return []
            return [doc]
        return [d for d, document in documents.items() if lang is None or document.language == lang]

    # --- rule numbers --------------------------------------------------------------------------

    def _jump(self, number: str, doc: str | None, lang: str | None, limit: int, offset: int,
              response: SearchResponse) -> None:
        target = doc or DEFAULT_DOC.get(lang or "en", "en-2026")
        response.docs = [target]
        if not self.corpus.documents[target].is_cr:
            self._citing(number, target, limit, offset, response)
            return
        rule = self.corpus.rule(target, number)
        if rule is None:
            response.suggestions = self.corpus.suggest(target, number)
            response.did_you_mean = response.suggestions[0] if response.suggestions else None
            response.say("no_rule", f"No rule {number} in {target}.", number=number, doc=target)
            return
        response.jump = Jump(target, rule.number, rule.level, rule.title, list(rule.children))
        listed = [rule.number, *rule.children]
        response.total = len(listed)
        response.hits = [build_hit(self.resolver, Ref.rule(target, n), 1.0 if i == 0 else 0.5, None)
                         for i, n in enumerate(listed) if offset <= i < offset + limit]
        response.scenarios = self.scenarios.find([(target, [rule.number])], [], words_needed=False)

    def _citing(self, number: str, doc: str, limit: int, offset: int, response: SearchResponse) -> None:
        """A rule number asked of a guide: the paragraphs that cite it."""
        allowed = self._allowed([doc], None)
        found, response.total = execution.top(self.postings.scores(Term("cites", number)), allowed, offset + limit)
        response.hits = [build_hit(self.resolver, self.refs[n], 1.0, None) for n, _ in found[offset:]]
        if not response.total:
            response.say("no_citing", f"No paragraph of {doc} cites rule {number}.", number=number, doc=doc)

    # --- full text -----------------------------------------------------------------------------

    def _full_text(self, parsed: understanding.ParsedQuery, docs: list[str], section: str | None, limit: int,
                   offset: int, response: SearchResponse) -> None:
        pivots = self.pivots(docs[0]) if len(docs) == 1 else []
        query = self._correct(parsed, docs + pivots)
        if query.all != parsed.all_words():
            response.did_you_mean = _rewrite(parsed.text, parsed.all_words(), query.all)
        allowed = self._allowed(docs, section)
        foreign = self._language_shares(query.all, docs, pivots)[1]
        depth = max(CANDIDATES, offset + limit)

        scores, wanted, matched = self._ranked(query, docs, allowed, depth)
        if parsed.phrases and not scores:
            response.say("no_phrase", "No entry has that exact phrase; showing entries with its words.")
            scores, wanted, matched = self._ranked(_Words(query.all), docs, allowed, depth)
        via: dict[Ref, str] = {}
        if foreign > 0:
            scores, via = self._cross_language(query, docs[0], pivots, scores, section)
        ranked = self.ranker.ordered(scores, docs)
        response.total = max(len(ranked), matched)
        response.hits = [build_hit(self.resolver, ref, score, wanted.get(ref.doc), via.get(ref))
                         for ref, score in ranked[offset:offset + limit]]
        response.elsewhere = elsewhere.find(self, query.words, docs, pivots)
        if response.elsewhere:
            response.messages.append(elsewhere.message(response.elsewhere, docs))
        elif not ranked and not response.messages:
            response.say("nothing_found", f"Nothing found for {_quoted(parsed.text)}.", query=_shortened(parsed.text))
        if ranked:
            response.scenarios = self._scenarios(query, docs, [ref for ref, _ in ranked[:scenarios.HITS]])

    def _scenarios(self, query: _Words, docs: list[str], refs: list[Ref]) -> list:
        """The library scenarios that show what the best hits say (see `scenarios`)."""
        hits = [(ref.doc, self.resolver.rules_of(ref)) for ref in refs]
        if self._lang[docs[0]] == "en":
            read = [self.reader(docs[0]).read(query.words)]
        elif scenarios.ENGINE_DOC in self.corpus.documents:  # scenarios are told in English: the words it pairs
            read = [scenarios.paired(self.reader(scenarios.ENGINE_DOC).read(query.words))]
        else:
            read = []
        return self.scenarios.find(hits, read)

    @property
    def scenarios(self) -> scenarios.ScenarioFinder:
        """The scenario library, prepared for matching; its folder is looked at again every
        `SCENARIO_REFRESH` seconds, so scenarios added while the app runs are found."""
        now = time.monotonic()
        with self._lock:
            if self._finder is None or now - self._finder_checked > SCENARIO_REFRESH:
                summaries = catalogue()
                if self._finder is None or summaries != self._finder_summaries:
                    self._finder = scenarios.ScenarioFinder(summaries, self.alignment)
                    self._finder_summaries = summaries
                self._finder_checked = now
            return self._finder

    def reader(self, doc: str) -> Reader:
        """How questions are read in `doc` (its vocabulary, titles and term pairs)."""
        return self.readers[doc]

    def _ranked(self, query: _Words, docs: list[str], allowed: set[int], depth: int = CANDIDATES
                ) -> tuple[Scores, dict[str, Wanted], int]:
        """One Whoosh search over `docs`, ranked (see `ranking`): ref → score of the best `depth` matches
        and the entries the question names, per document the analysed words to mark in snippets, and how many
        entries matched in all."""
        wanted: dict[str, Wanted] = {}
        questions: dict[str, Question] = {}
        subqueries = []
        for doc in docs:
            lang = self._lang[doc]
            question = questions[doc] = self.readers[doc].read(query.words)
            built = document_query(question, query.phrases)
            if built is not None:
                subqueries.append(built)
            marked = [w for u in question.counted for w in u.words] + query.phrase_words
            wanted[doc] = Wanted(lang, frozenset(term(w, lang, "sf") for w in marked),
                                 frozenset(term(w, lang, "fs") for w in marked))
        found: list[tuple[int, float]] = []
        matched = 0
        if subqueries and allowed:
            whole = subqueries[0] if len(subqueries) == 1 else Or(subqueries)
            found, matched = execution.top(self.postings.scores(whole), allowed, depth)
        candidates = [(self.refs[n], score) for n, score in found]
        return self.ranker.rank(candidates, questions, bool(query.phrases), allowed), wanted, matched

    # --- what reading a question asks of the index (`questions.Index`) ----------------------------

    def language(self, doc: str) -> str:
        return self._lang[doc]

    def pivots(self, doc: str) -> list[str]:
        """The documents of other languages a search of `doc` also runs on (none for a guide)."""
        if not self.corpus.documents[doc].is_cr:
            return []
        return [p for p in self.alignment.pivots(doc) if self._lang[p] != self._lang[doc]]

    def concepts(self, doc: str) -> Mapping[str, tuple[str, ...]]:
        return self.numbering.concepts(doc)

    def card(self, span: tuple[str, ...], doc: str) -> Unit | None:
        return self._cards.unit(span, doc)

    @property
    def card_longest(self) -> int:
        return self._cards.longest

    # --- typos -----------------------------------------------------------------------------------

    def _correct(self, parsed: understanding.ParsedQuery, docs: list[str]) -> _Words:
        """Words no title or text of `docs` holds are replaced by their closest known word."""
        fixes: dict[str, str] = {}
        for word in parsed.all_words():
            if word in fixes or number_token(word) or any(self.known_in(word, d) for d in docs):
                continue
            if any(self.lexicons[d].knows(word) or events.knows(word, self._lang[d]) or self.lexicons[d].filler(word)
                   for d in docs):
                continue  # players' words ("etb", "scoop", "am i dead") are no typos
            if any(self.known_in(word, d) for d in self.corpus.documents):
                continue  # a word of another document ("ward" in pt-2019) is said to be elsewhere
            fix = self.vocabulary.correction(word, docs)
            if fix:
                fixes[word] = fix
        return _Words([fixes.get(w, w) for w in parsed.words], [[fixes.get(w, w) for w in p] for p in parsed.phrases])

    def best_rule(self, words: list[str], doc: str) -> str | None:
        """The number of the rule of `doc` that `words` find first (for a link), or None."""
        scores, _, _ = self._ranked(_Words(words), [doc], self._allowed([doc], None), depth=20)
        rules = [(s, ref.key) for ref, s in scores.items() if ref.kind == RULE]
        return max(rules)[1] if rules else None

    def entries(self, word: str, doc: str) -> int:
        """About how many entries of `doc` hold the word's index term: the most of any part's (a lower
        bound: an entry may hold it in its title and not its text)."""
        return remembered(self._entries_cache, (word, doc), LIMIT,
                          lambda: self._doc_frequencies(word, doc, ("title", "text", "more"), max))

    def known_in(self, word: str, doc: str) -> bool:
        """Whether any title or text of `doc` holds the word (in either analysis chain)."""
        return remembered(self._known_cache, (word, doc), LIMIT,
                          lambda: self._doc_frequencies(word, doc, ("title", "text"), any))

    def _doc_frequencies(self, word: str, doc: str, parts: tuple[str, ...], combine):
        """`combine` (max, any) of how many entries of `doc` hold the word's term, per part and chain."""
        lang = self._lang[doc]
        with self._reading() as searcher:
            reader = searcher.reader()
            return combine([reader.doc_frequency(field_name(part, chain, doc), term(word, lang, chain))
                            for chain in CHAINS for part in parts])

    def _language_shares(self, words: list[str], docs: list[str], pivots: list[str]) -> tuple[float, float]:
        """The shares of the query's words that belong to the documents searched and to their pivots.

        A word known on both sides belongs to the documents searched ("mulligan", "mana"), unless it is
        far more frequent in the pivot: "flying" occurs once in pt-2019 (a card name) but in hundreds
        of en-2019 entries, so on pt-2019 it is an English word.
        """
        if not words:
            return 0.0, 0.0
        native = foreign = 0
        for word in words:
            here = max(self.vocabulary.share(word, d) for d in docs)
            there = max((self.vocabulary.share(word, p) for p in pivots), default=0.0)
            if any(self.lexicons[d].knows(word) or self.lexicons[d].filler(word) for d in docs):
                native += 1  # a players' word of the documents' language ("cartas", "flicker", "got")
            elif number_token(word) or (here and here * FOREIGN_RATIO >= there):
                native += 1
            elif there:
                foreign += 1
            elif any(self.known_in(word, d) for d in docs):  # an inflection the vocabulary lacks
                native += 1
            elif any(self.known_in(word, p) for p in pivots):
                foreign += 1
        return native / len(words), foreign / len(words)

    # --- cross-language ----------------------------------------------------------------------------

    def _cross_language(self, query: _Words, doc: str, pivots: list[str], native: Scores,
                        section: str | None) -> tuple[Scores, dict[Ref, str]]:
        """Merge the native hits with those of the pivot documents, mapped to `doc` (`Ranker.merge_pivot`).

        Runs only when some query words belong to a pivot's language (the native reading has already
        paired the ones the corpus pairs: "trample" → "Atropelar").
        """
        merged = dict(native)
        via: dict[Ref, str] = {}
        allowed = self._allowed([doc], section)
        for pivot in pivots:
            share = self._language_shares(query.all, [pivot], [doc])[0]  # the words this pivot's language owns
            if share == 0:
                continue
            found, _, _ = self._ranked(query, [pivot], self._allowed([pivot], section))
            mapped = []
            for ref, s in found.items():
                number = self.alignment.counterpart(pivot, ref.key, doc) if ref.kind == RULE else None
                target = Ref.rule(doc, number) if number is not None else None
                if target is not None and self.docnum.get(target) in allowed:
                    mapped.append((target, s))
            self.ranker.merge_pivot(merged, via, mapped, share, pivot)
        return merged, via

    # --- filters -----------------------------------------------------------------------------------

    def _allowed(self, docs: list[str], section: str | None) -> set[int]:
        """Document numbers of `docs` (inside `section`, when given): the search filter."""
        def compute() -> set[int]:
            allowed = set().union(*(self._docnums.get(d, set()) for d in docs))
            if section is not None:
                allowed &= set(self.postings.term("path", section)[0])
            return allowed

        return remembered(self._allowed_cache, (tuple(docs), section), 256, compute)


def _bounded(value, low: int, high: int, default: int) -> int:
    try:
        return max(low, min(int(value), high))
    except (TypeError, ValueError):
        return default


def _shortened(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def _quoted(text: str, width: int = 60) -> str:
    """User text quoted in a message, shortened."""
    return repr(text if len(text) <= width else text[:width - 1] + "…")


def _rewrite(text: str, before: list[str], after: list[str]) -> str:
    """`text` with each corrected word replaced, for "did you mean"."""
    for old, new in zip(before, after, strict=True):
        if old != new:
            text = text.replace(old, new, 1)
    return text
