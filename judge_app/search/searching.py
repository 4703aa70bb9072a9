"""The search engine: query understanding, then a direct rule lookup or a ranked full-text search.

    engine = Engine(index_path, corpus)
    engine.search("cr 702.19c")                     # a rule number: jump, no full text
    engine.search("atropelar toque mortifero", doc="pt-2019")
    engine.search("trample", doc="pt-2019")         # English on Portuguese: cross-language

Full text, in order: typo correction of words no document in scope knows; one Whoosh search over
the documents in scope (see `queries`); ranking (see `ranking`); for a translation, the same query
run on its pivot document and mapped back through the alignment (see `crosslang`); snippets.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.query import Or, Term

from judge_app.corpus import Corpus, numbers
from judge_app.scenarios.catalogue import catalogue
from judge_app.search import cards, elsewhere, events, execution, ranking, scenarios, understanding
from judge_app.search.analysis import CHAINS, LANGUAGES, fold, term, terms, words
from judge_app.search.crosslang import Alignment, SameDateAlignment
from judge_app.search.entries import RULE, parse_ref
from judge_app.search.fitting import Fitting
from judge_app.search.hits import Resolver, build_hit
from judge_app.search.lexicon import Lexicon, concepts, families
from judge_app.search.lifecycle import VOCABULARY_FILE
from judge_app.search.prepared import Prepared, prepare
from judge_app.search.queries import document_query, number_token
from judge_app.search.questions import Question, Reader, Unit
from judge_app.search.results import Jump, SearchResponse
from judge_app.search.schema import field as field_name
from judge_app.search.scoring import DocumentBM25
from judge_app.search.snippets import Wanted
from judge_app.search.titles import Named
from judge_app.search.vocabulary import Vocabulary

CANDIDATES = 80  # full-text hits gathered per Whoosh search, before re-ranking (more for deep pages)
MAX_LIMIT = 100
MAX_OFFSET = 500  # paging stops here: nobody reads the 500th hit
SCENARIO_REFRESH = 10.0  # seconds between looks at the scenario folder
DEFAULT_DOC = {"en": "en-2026", "es": "es-2026", "pt": "pt-2019"}  # where a bare rule number opens
_CACHE_LIMIT = 50_000
DOCUMENT_ORDER_STEP = 0.02  # searching several documents, each later one in the manifest weighs this much less
FOREIGN_RATIO = 5  # a word this much more frequent in the pivot document is taken as the pivot's language
FAMILY_DOC = "en-2026"  # where the situation families' rule numbers are read


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
        self._order = {doc: i for i, doc in enumerate(corpus.documents)}  # manifest order: en-2026 first
        self._searcher = None
        self._whoosh = threading.RLock()  # held while a thread reads the index through the searcher
        self._lock = threading.Lock()
        self.postings = execution.Postings(self._reading)
        self.refs: list[str] = prepared.refs
        self.docnum = {ref: n for n, ref in enumerate(self.refs)}
        self._docnums: dict[str, set[int]] = {}
        for n, ref in enumerate(self.refs):
            self._docnums.setdefault(ref.split("|", 1)[0], set()).add(n)
        self._allowed_cache: dict[tuple[tuple[str, ...], str | None], set[int]] = {}
        self._terms_cache: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
        self._word_terms_cache: dict[tuple[str, str], frozenset[str]] = {}
        self._known_cache: dict[tuple[str, str], bool] = {}
        self._entries_cache: dict[tuple[str, str], int] = {}
        self.lexicons: dict[str, Lexicon] = prepared.lexicons
        self._readers: dict[str, Reader] = {}
        self._listings: dict[str, bool] = {}
        self._finder: scenarios.ScenarioFinder | None = None
        self._finder_summaries: list | None = None
        if prepared.finder is not None:  # kept for the library as it was: used while the library is the same
            self._finder = prepared.finder.using(self.alignment)
            self._finder_summaries = self._finder.summaries
        self._finder_checked = 0.0
        self._keywords: dict[str, list[tuple[str, ...]]] = {}
        self._families: dict[str, dict[str, tuple[str, ...]]] = {}
        self._events: dict[str, dict[str, tuple[str, ...]]] = {}
        self._cards: dict[tuple[str, ...], cards.Card] | None = None
        self._hint_terms: dict[tuple[str, str], frozenset[str]] = {}
        self._card_forms: dict[tuple[str, str], tuple[list[tuple[str, ...]], list[Named]]] = {}
        self._variants: dict[tuple[str, str], frozenset[str]] = {}
        self._timings: dict[str, tuple[str, ...]] = {}
        self._ahead_cache: dict[tuple[str, str], tuple[str, ...]] = {}

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
        response.hits = [build_hit(self.resolver, f"{target}|{RULE}|{n}", 1.0 if i == 0 else 0.5, None)
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
        pivots = self._pivots(docs)
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
        via: dict[str, str] = {}
        if foreign > 0:
            scores, via = self._cross_language(query, docs[0], pivots, scores, section)
        if len(docs) > 1:  # the same rule in several documents: the current, most authoritative first
            scores = {ref: s * (1 - DOCUMENT_ORDER_STEP * self._order[parse_ref(ref)[0]]) for ref, s in scores.items()}
        ranked = sorted(scores.items(), key=lambda item: (-item[1], self.docnum.get(item[0], 0)))
        response.total = max(len(ranked), matched)
        response.hits = [build_hit(self.resolver, ref, score, wanted.get(parse_ref(ref)[0]), via.get(ref))
                         for ref, score in ranked[offset:offset + limit]]
        response.elsewhere = elsewhere.find(self, query.words, docs, pivots)
        if response.elsewhere:
            response.messages.append(elsewhere.message(response.elsewhere, docs))
        elif not ranked and not response.messages:
            response.say("nothing_found", f"Nothing found for {_quoted(parsed.text)}.", query=_shortened(parsed.text))
        if ranked:
            response.scenarios = self._scenarios(query, docs, [ref for ref, _ in ranked[:scenarios.HITS]])

    def _scenarios(self, query: _Words, docs: list[str], refs: list[str]) -> list:
        """The library scenarios that show what the best hits say (see `scenarios`)."""
        hits = [(parse_ref(ref)[0], self.resolver.rules_of(ref)) for ref in refs]
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
        found = self._readers.get(doc)
        if found is None:
            pivots = tuple((p, self._lang[p]) for p in self._pivots([doc]))
            found = Reader(doc, self._lang[doc], self.lexicons[doc], self.titles, self.vocabulary, self.pairs, pivots,
                           number_token, lambda word, d=doc: self.entries(word, d),
                           lambda span, d=doc: self.card_unit(span, d), max(map(len, self.cards), default=0),
                           self.concept_wordings(doc))
            self._readers[doc] = found
        return found

    def _ranked(self, query: _Words, docs: list[str], allowed: set[int], depth: int = CANDIDATES
                ) -> tuple[dict[str, float], dict[str, Wanted], int]:
        """One Whoosh search over `docs`: ref → score (normalised to the top hit, plus title bonuses) of
        the best `depth` matches, per document the analysed words to mark in snippets, and how many
        entries matched in all."""
        wanted: dict[str, Wanted] = {}
        questions: dict[str, Question] = {}
        subqueries = []
        for doc in docs:
            lang = self._lang[doc]
            question = questions[doc] = self.reader(doc).read(query.words)
            built = document_query(question, query.phrases)
            if built is not None:
                subqueries.append(built)
            marked = [w for u in question.counted for w in u.words] + query.phrase_words
            wanted[doc] = Wanted(lang, frozenset(term(w, lang, "sf") for w in marked),
                                 frozenset(term(w, lang, "fs") for w in marked))
        scores: dict[str, float] = {}
        matched = 0
        if subqueries and allowed:
            whole = subqueries[0] if len(subqueries) == 1 else Or(subqueries)
            found, matched = execution.top(self.postings.scores(whole), allowed, depth)
            for n, score in found:
                ref = self.refs[n]
                doc, kind, number = parse_ref(ref)
                scores[ref] = (score * ranking.KIND_WEIGHT[kind] * ranking.position(kind, number)
                               * self._coverage(ref, questions[doc]))
        top = max(scores.values(), default=0) or 1
        scores = {ref: s / top for ref, s in scores.items()}
        for doc in docs:
            if not self.corpus.documents[doc].is_cr:
                continue
            question = questions[doc]
            lift = partial(self._lift, scores, question, bool(query.phrases), allowed)
            # several titles: each is a part asked for, no coverage
            lift(ranking.named(question, self.corpus.rules[doc]),
                 None if ranking.several_titles(question) else lambda held: held ** ranking.NAMED_COVERAGE)
            if question.situation:
                lift(ranking.cued(question, self.family_rules(doc)), lambda held: held ** ranking.CUE_COVERAGE)
            if question.events:
                lift(ranking.evented(question, self.event_rules(doc), self._untold(question)), ranking.event_share)
        return self._behind_parents(scores, questions), wanted, matched

    def _untold(self, question: Question) -> dict[str, float]:
        """For a question naming two mechanics or more, the events none of whose cues names one of them, each with
        `ranking.EVENT_UNTOLD`: what is asked is where the mechanics meet, which such an event does not know ("my
        deathtouch trampler double blocked, how much goes through": 702.19b, not 510.1c of double blocks)."""
        mechanics = question.mechanics
        if len(mechanics) < 2:
            return {}
        return {event: ranking.EVENT_UNTOLD for event in question.events
                if not any(events.tells(event, word, question.lang) for unit in mechanics for word in unit.typed)}

    def _lift(self, scores: dict[str, float], question: Question, phrased: bool, allowed: set[int],
              bonuses: dict[str, float], scale: Callable[[float], float] | None) -> None:
        """Add title, cue and event bonuses to `scores`, each times `scale` of how much of the question its entry
        holds (None: in full). With a quoted phrase, only entries found (they hold it) are lifted."""
        for ref, bonus in bonuses.items():
            if (ref in scores or not phrased) and self.docnum.get(ref) in allowed:
                held = 1.0 if scale is None else scale(self._fit(ref, question)[0])
                scores[ref] = scores.get(ref, 0.0) + bonus * held

    def _behind_parents(self, scores: dict[str, float], questions: dict[str, Question]) -> dict[str, float]:
        """A subrule holding no more of the question than its rule (one that says something itself) or than an
        earlier subrule of the same rule, found too, weighs `ranking.PARENT_FIRST`: the rule states the general
        case ("305.2 A player can normally play one land during their turn"), its subrules the details (305.2a:
        how to count the lands played); under a heading ("702.61 Split Second"), the first subrule holding the
        question states it (702.61a: what split second stops), later ones treat cases (702.61b: what it lets
        through). The heading itself weighs `ranking.HEADING_ASKED` for a question asking more than its term ("what
        does pro red stop": 702.16 Protection says nothing, its subrules say what protection stops)."""
        out = dict(scores)
        for ref, score in scores.items():
            doc, kind, number = parse_ref(ref)
            if kind != RULE:
                continue
            if self._heading(doc, number) and sum(u.source != "number" for u in questions[doc].counted) > 1:
                out[ref] = score * ranking.HEADING_ASKED
                continue
            ahead = [other for other in self._ahead(doc, number) if other in scores]
            if ahead:
                question = questions[doc]
                held = self._fit(ref, question)[0]
                if any(self._fit(other, question)[0] >= held for other in ahead):
                    out[ref] = score * ranking.PARENT_FIRST
        return out

    def _ahead(self, doc: str, number: str) -> tuple[str, ...]:
        """The refs of the rules a subrule steps behind when it says no more: its rule, unless a heading, and the
        earlier subrules of the same rule ("702.15e" → 702.15a–d)."""
        def compute() -> tuple[str, ...]:
            parent = numbers.parent(number)
            rule = self.corpus.rules[doc].get(parent) if parent else None
            if rule is None:
                return ()
            ahead = [] if ranking.only_title(rule) else [parent]
            if number[-1:].isalpha() and number[:-1] == parent:
                ahead += [parent + chr(letter) for letter in range(ord("a"), ord(number[-1]))]
            return tuple(f"{doc}|{RULE}|{n}" for n in ahead)

        return _remembered(self._ahead_cache, (doc, number), _CACHE_LIMIT, compute)

    def _heading(self, doc: str, number: str) -> bool:
        """Whether the rule is a heading: only a title, over subrules ("702.16 Protection")."""
        rule = self.corpus.rules[doc].get(number)
        return rule is not None and bool(rule.children) and ranking.only_title(rule)

    @property
    def cards(self) -> dict[tuple[str, ...], cards.Card]:
        """The cards of the scenario library by name (read once)."""
        if self._cards is None:
            self._cards = cards.library()
        return self._cards

    def card_unit(self, span: tuple[str, ...], doc: str) -> Unit | None:
        """The unit of the card `span` names, for `doc` (see `cards`), or None: the name as typed, then what
        the card's text gives the rules."""
        card = self.cards.get(tuple(fold(w.lower()) for w in span))
        if card is None:
            return None
        found = self._card_forms.get((card.name, doc))
        if found is None:
            found = self._card_forms[(card.name, doc)] = self._read_card(card, doc)
        forms, named = found
        return Unit(tuple(span), [tuple(w.lower() for w in span), *forms], list(named), "card")

    def _read_card(self, card: cards.Card, doc: str) -> tuple[list[tuple[str, ...]], list[Named]]:
        """A card's forms in `doc`: its keyword abilities (titles of the document's counterparts of en-2026's
        702 rules), its subtypes with rules of their own, else its text's rarest words (on a translation,
        those the corpus pairs with the document's words)."""
        base = self.corpus.rules.get(FAMILY_DOC, {})
        titles = {n: r.title.lower() for n, r in base.items()
                  if n.startswith(cards.KEYWORD_SECTION) and r.level == "rule" and r.title}
        here = self.corpus.rules.get(doc, {})
        forms: list[tuple[str, ...]] = []
        named: list[Named] = []
        for number in cards.keywords(card, titles):
            there = number if doc == FAMILY_DOC else self.alignment.counterpart(FAMILY_DOC, number, doc)
            if there in here and here[there].title:
                forms.append(tuple(w.lower() for w in words(here[there].title)))
                named.append(Named(f"{doc}|{RULE}|{there}", RULE))
        forms += [(subtype,) for subtype in cards.subtypes(card)]
        if not forms:
            english = doc if self._lang[doc] == "en" else next(
                (p for p in self._pivots([doc]) if self._lang[p] == "en"), None)
            rare = cards.rarest(card, lambda w, d=english: self.entries(w, d)) if english else ()
            if english != doc:
                rare = tuple(w.lower() for w in self.pairs.translate(list(rare), english, "en", doc)) if rare else ()
            forms.append(rare)
        return [f for f in forms if f], named

    def family_rules(self, doc: str) -> dict[str, tuple[str, ...]]:
        """The rules of each situation family (`lexicon/situations.toml`) as numbered in `doc`: read in
        en-2026, mapped through the alignment (608.2h in 2026 is 608.2g in 2019)."""
        found = self._families.get(doc)
        if found is None:
            base = self.corpus.rules.get(FAMILY_DOC, {})
            found = {}
            for name, family in families().items():
                numbers = [n for wanted in family.rules for n in _at_or_below(wanted, base)]
                numbers += [n for n, rule in base.items() if any(p in _plain(rule.text) for p in family.says)]
                found[name] = self._in_document(numbers, doc)
            self._families[doc] = found
        return found

    def event_rules(self, doc: str) -> dict[str, tuple[str, ...]]:
        """The rules of each event (`lexicon/events.toml`) as numbered in `doc`, the deciding rule first: read in
        en-2026, mapped through the alignment."""
        found = self._events.get(doc)
        if found is None:
            found = self._events[doc] = {event.name: self._in_document(event.rules, doc)
                                         for event in events.all_events().values()}
        return found

    def concept_wordings(self, doc: str) -> dict[str, tuple[str, ...]]:
        """Per mechanic, as numbered in `doc`, the wordings of the concepts it acts through (`lexicon/concepts.toml`,
        read in en-2026 and mapped through the alignment), in the document's language."""
        table = concepts()
        found = {}
        for number in table.mechanics:
            there = self._in_document((number,), doc)
            if there:
                found[there[0]] = table.of(number, self._lang[doc])
        return found

    def _in_document(self, numbers: Iterable[str], doc: str) -> tuple[str, ...]:
        """en-2026 rule numbers as numbered in `doc` (through the alignment), in order, once each; those without a
        counterpart there left out."""
        if doc != FAMILY_DOC:
            numbers = [self.alignment.counterpart(FAMILY_DOC, n, doc) for n in numbers]
        return tuple(n for n in dict.fromkeys(numbers) if n and n in self.corpus.rules.get(doc, {}))

    def _coverage(self, ref: str, question: Question) -> float:
        """`ranking.coordination` of the question's units over what the entry holds; for a question naming
        two or more mechanics, times `ranking.MEETING` when the entry holds them all (a power of it when it
        holds some: two of three), or `ranking.LISTED` when it is a list of keywords; a rule within a rule or
        section the question names (a title, or the rules a glossary term sends to) weighs more
        (`ranking.TOPIC_LIFT` times the share of the question naming it): "can a tapped creature block" → 509.1a
        (the glossary's Block sends to 509), not 702.39a (Provoke)."""
        share, meets = self._fit(ref, question)
        factor = 1.0
        if len(question.mechanics) > 1:
            factor = ranking.LISTED if self._listing(ref, question.lang) else ranking.MEETING ** meets
        if self._holds_hint(ref, question):
            factor *= ranking.SHAPE_HINT
        variant = self._variant(ref)
        if variant and not variant & self._fitting(question).asked:
            factor *= ranking.UNASKED_VARIANT
        _, kind, number = parse_ref(ref)
        if kind == RULE:
            factor *= 1 + ranking.TOPIC_LIFT * self._fitting(question).topic(number)
            if question.shape == "time" and any(number == root or _descends(number, root)
                                                 for root in self._timing(question.doc)):
                factor *= ranking.TIMING_LIFT
        return share ** ranking.COORDINATION * factor

    def _timing(self, doc: str) -> tuple[str, ...]:
        """`ranking.TIMING_RULES` as numbered in `doc` (Timing and Priority is 117 in 2026, 116 in 2019)."""
        found = self._timings.get(doc)
        if found is None:
            found = self._timings[doc] = self._in_document(ranking.TIMING_RULES, doc)
        return found

    def _variant(self, ref: str) -> frozenset[str]:
        """For a rule of the multiplayer and casual variants (`ranking.VARIANT_CHAPTERS`: 810.9 in "Two-Headed
        Giant Variant", "Multiplayer Rules"), the index terms of the words that tell something (not "rules",
        "players") of its section's and chapter's titles and of the glossary terms sending only to the section;
        empty for any other entry."""
        doc, kind, number = parse_ref(ref)
        if kind != RULE or not number.startswith(ranking.VARIANT_CHAPTERS):
            return frozenset()
        section = number.split(".")[0]

        def compute() -> frozenset[str]:
            rules, lang, reader = self.corpus.rules[doc], self._lang[doc], self.reader(doc)
            titles = [rules[n].title for n in (section, section[0]) if n in rules and rules[n].title]
            titles += [entry.term for entry in self.corpus.glossary.get(doc, [])  # "Comandante" for "903 Commander"
                       if entry.rules and all(n.split(".")[0] == section for n in entry.rules)]
            return frozenset(t for title in titles for w in words(title) if not reader.incidental(w)
                             for t in self._word_terms(w, lang))

        return _remembered(self._variants, (doc, section), _CACHE_LIMIT, compute)

    def _hints(self, question: Question) -> frozenset[str]:
        """The index terms of the words the answer to the question's shape uses (the lexicon's [hints])."""
        if question.shape is None:
            return frozenset()
        cache_key = (question.doc, question.shape)
        found = self._hint_terms.get(cache_key)
        if found is None:
            lang = question.lang
            found = frozenset(term(w, lang, chain) for w in self.lexicons[question.doc].hints.get(question.shape, ())
                              for chain in CHAINS)
            self._hint_terms[cache_key] = found
        return found

    def _holds_hint(self, ref: str, question: Question) -> bool:
        """Whether the entry holds a word the answer to the question's shape uses (`_hints`), or a number when the
        question asks how many (`ranking.NUMBER_SHAPES`: "100" cards, "40" life)."""
        hints = self._hints(question)
        if not hints:
            return False
        own = self._entry_terms(ref, question.lang)[0]
        return bool(hints & own) or (question.shape in ranking.NUMBER_SHAPES and any(t.isdigit() for t in own))

    def _fit(self, ref: str, question: Question) -> tuple[float, float]:
        """How much of the question the entry holds (see `fitting.Fitting.fit`)."""
        return self._fitting(question).fit(ref, lambda: self._entry_terms(ref, question.lang))

    def _fitting(self, question: Question) -> Fitting:
        """The question's units as index terms, and the rules it names (worked out once, kept with the reading)."""
        if question.fitting is None:
            question.fitting = Fitting.of(question, lambda word: self._word_terms(word, question.lang))
        return question.fitting

    def _word_terms(self, word: str, lang: str) -> frozenset[str]:
        """A word's index terms in both chains (asked of every word of a question, for each entry it might fit)."""
        found = self._word_terms_cache.get((word, lang))
        if found is None:
            found = _remembered(self._word_terms_cache, (word, lang), _CACHE_LIMIT,
                                lambda: frozenset(term(word, lang, chain) for chain in CHAINS))
        return found

    def _listing(self, ref: str, lang: str) -> bool:
        """Whether the entry's own text names many keywords (122.1b lists the keyword counters): such a
        list mentions mechanics together without being where they meet."""
        found = self._listings.get(ref)
        if found is None:
            doc = parse_ref(ref)[0]
            own = self._entry_terms(ref, lang)[0]
            found = sum(all(t in own for t in k) for k in self._keyword_keys(doc)) >= ranking.LISTING
            self._listings[ref] = found
        return found

    def _keyword_keys(self, doc: str) -> list[tuple[str, ...]]:
        """The index terms of each keyword ability and action title of `doc`."""
        found = self._keywords.get(doc)
        if found is None:
            lang = self._lang[doc]
            found = [tuple(terms(rule.title, lang, "fs")) for number, rule in self.corpus.rules.get(doc, {}).items()
                     if rule.level == "rule" and rule.title and number.startswith(("701.", "702."))]
            self._keywords[doc] = found
        return found

    def _entry_terms(self, ref: str, lang: str) -> tuple[frozenset[str], frozenset[str]]:
        """The index terms (both chains) of what the entry says, and of its examples (`Resolver.parts`)."""
        def compute() -> tuple[frozenset[str], frozenset[str]]:
            own, around = self.resolver.parts(ref)
            return tuple(frozenset(t for text in texts for chain in CHAINS for t in terms(text, lang, chain))
                         for texts in (own, around))

        return _remembered(self._terms_cache, ref, 8192, compute)

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
        rules = [(s, parse_ref(ref)[2]) for ref, s in scores.items() if parse_ref(ref)[1] == RULE]
        return max(rules)[1] if rules else None

    def entries(self, word: str, doc: str) -> int:
        """About how many entries of `doc` hold the word's index term: the most of any part's (a lower
        bound: an entry may hold it in its title and not its text)."""
        return _remembered(self._entries_cache, (word, doc), _CACHE_LIMIT,
                           lambda: self._doc_frequencies(word, doc, ("title", "text", "more"), max))

    def known_in(self, word: str, doc: str) -> bool:
        """Whether any title or text of `doc` holds the word (in either analysis chain)."""
        return _remembered(self._known_cache, (word, doc), _CACHE_LIMIT,
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

    def _pivots(self, docs: list[str]) -> list[str]:
        if len(docs) != 1 or not self.corpus.documents[docs[0]].is_cr:
            return []
        return [p for p in self.alignment.pivots(docs[0]) if self._lang[p] != self._lang[docs[0]]]

    def _cross_language(self, query: _Words, doc: str, pivots: list[str], native: dict[str, float],
                        section: str | None) -> tuple[dict[str, float], dict[str, str]]:
        """Merge the native hits with those of the pivot documents, mapped to `doc`.

        Runs only when some query words belong to a pivot's language (the native reading has already
        paired the ones the corpus pairs: "trample" → "Atropelar"). Each pivot's hits weigh by the share
        of the query's words its language owns, so a mostly Portuguese query on pt-2019 is barely
        touched by the English pivot, and an English one comes mostly from it.
        """
        merged = dict(native)
        via: dict[str, str] = {}
        allowed = self._allowed([doc], section)
        for pivot in pivots:
            share = self._language_shares(query.all, [pivot], [doc])[0]  # the words this pivot's language owns
            if share == 0:
                continue
            found, _, _ = self._ranked(query, [pivot], self._allowed([pivot], section))
            for ref, s in found.items():
                _, kind, number = parse_ref(ref)
                target_number = self.alignment.counterpart(pivot, number, doc) if kind == RULE else None
                target = f"{doc}|{RULE}|{target_number}"
                if target_number is None or self.docnum.get(target) not in allowed:
                    continue
                before = merged.get(target, 0.0)
                merged[target] = before + s * share
                if s * share > before:
                    via[target] = pivot
        return merged, via

    # --- filters -----------------------------------------------------------------------------------

    def _allowed(self, docs: list[str], section: str | None) -> set[int]:
        """Document numbers of `docs` (inside `section`, when given): the search filter."""
        def compute() -> set[int]:
            allowed = set().union(*(self._docnums.get(d, set()) for d in docs))
            if section is not None:
                allowed &= set(self.postings.term("path", section)[0])
            return allowed

        return _remembered(self._allowed_cache, (tuple(docs), section), 256, compute)


def _remembered(cache: dict, key, limit: int, compute):
    """`cache[key]`, computed once; a cache grown past `limit` starts again (bounded memory per engine)."""
    found = cache.get(key)
    if found is None:
        found = compute()
        if len(cache) >= limit:
            cache.clear()
        cache[key] = found
    return found


def _at_or_below(wanted: str, rules) -> list[str]:
    """"704.5*": 704.5 and every rule below it; "608.2b": itself (when the document has it)."""
    if not wanted.endswith("*"):
        return [wanted] if wanted in rules else []
    root = wanted[:-1]
    return [n for n in rules if n == root or (n.startswith(root) and _descends(n, root))]


def _descends(number: str, root: str) -> bool:
    parent = numbers.parent(number)
    while parent and len(parent) >= len(root):
        if parent == root:
            return True
        parent = numbers.parent(parent)
    return False


def _plain(text: str) -> str:
    return text.lower().replace("’", "'")


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
