"""How full-text scores become a ranking: every rule, each with its weights beside it (`Ranker`).

In order of strength:
1. A query naming a keyword rule, section or glossary term ("trample", "mulligan", "legend rule") puts that
   entry first, then the rules its glossary entry sends to; asked what it means ("what is the maximum hand
   size", "how does exalted work"), the rules themselves first: those the entry sends to, and the subrule
   stating a rule that is only a title (702.83a for 702.83 "Exalted").
2. BM25 (see `scoring`), times the rarity-weighted share of the query's words the entry holds (`fitting`), so a
   rule combining "deathtouch", "trample" and "lethal damage" beats an entry naming only one of them.
   For two mechanics or more, the entries holding them all (where they meet) weigh more; an entry holding one and
   the concept another acts through (`lexicon/concepts.toml`: deathtouch → "lethal damage") meets that one too.
3. Glossary entries and guide paragraphs weigh less than rules: a short definition does not crowd
   out the rule ("mulligan" once ranked the London/Paris/Vancouver entries first), and the guides are
   the lowest authority.
4. A short story's cues ("in response", "dies", "gain control") lift the rules that decide such situations
   (`lexicon/situations.toml`: the stack, look-back, state-based actions …), each by how much of the
   question it holds: the deciding rule rarely uses the story's words, but the best of them holds some.
   An event of the story, a combination of happenings (`lexicon/events.toml`: "a cast trigger" and "the spell
   was countered"), lifts the rules that decide it more, and even a rule holding little of the question; in a
   question naming two mechanics or more, less when none of its cues names one of them.
5. The question's shape: "who chooses …" prefers entries saying who chooses, "how many …" entries with a count
   (the lexicon's [hints], or a number), "which happens first" entries saying what goes on top or in which order;
   "when do/can …" and "is there a window …" the rules of timing and priority and of the turn's steps.
6. A subrule holding no more of the question than its rule, or than an earlier subrule of the same rule, found
   too, steps behind it: the rule states the general case (305.2 "A player can normally play one land during their
   turn"), the subrule a detail; under a heading (702.61 Split Second) the first subrule holding the question
   states it (702.61a), later ones treat cases (702.61b); the heading itself, for a question asking more than its
   term, steps behind them all ("what does protection from red stop": 702.16a–f before 702.16 "Protection").
7. A rule within a rule or section the question names (a rule title, or the rules a glossary term it names sends
   to) weighs more, by the share of the question naming it: the question's topic ("can a tapped creature block":
   the glossary's Block sends to 509, so 509.1a before 702.39a Provoke, which also holds "untapped" and "block").
8. The rules of a multiplayer or casual variant (Two-Headed Giant, Commander, Archenemy …) weigh less when the
   question names no word of that variant (its title, its chapter's, or a glossary term only it uses): they
   restate ordinary rules for the variant ("how many poison counters to lose": 704.5c, not 810.10b).
9. Hits found through a pivot document weigh by the share of the query its language owns; searching several
   documents, the same rule weighs a little less in each later one.
The weights were tuned on the development query set (`benchmarks/search_queries.toml`) and the development
half of the player questions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import ClassVar

from judge_app.corpus import Corpus, numbers
from judge_app.corpus.model import Rule
from judge_app.search import events
from judge_app.search.analysis import CHAINS, term, terms, words
from judge_app.search.fitting import Fitting, Terms
from judge_app.search.hits import Resolver
from judge_app.search.lexicon import Lexicon
from judge_app.search.memo import LIMIT, remembered
from judge_app.search.numbering import Numbering, descends
from judge_app.search.questions import Question, Reader
from judge_app.search.refs import GLOSSARY, GUIDE, RULE, Ref

Scores = dict[Ref, float]


class Ranker:
    """The ranking of one engine's searches: `rank` turns the candidates of one search into scores, `ordered` sorts
    them. What it works out per entry, word or document is kept (bounded)."""

    def __init__(self, corpus: Corpus, resolver: Resolver, lexicons: Mapping[str, Lexicon],
                 readers: Mapping[str, Reader], numbering: Numbering, docnum: Mapping[Ref, int]):
        self.corpus = corpus
        self.resolver = resolver
        self.lexicons = lexicons
        self.readers = readers
        self.numbering = numbering
        self.docnum = docnum  # each entry's number in the index: the filters' currency, and the order of ties
        self._order = {doc: i for i, doc in enumerate(corpus.documents)}  # manifest order: en-2026 first
        self._entry_terms_cache: dict[Ref, tuple[Terms, Terms]] = {}
        self._word_terms_cache: dict[tuple[str, str], Terms] = {}
        self._listings: dict[Ref, bool] = {}
        self._keywords: dict[str, list[tuple[str, ...]]] = {}
        self._hint_terms: dict[tuple[str, str], Terms] = {}
        self._variants: dict[tuple[str, str], Terms] = {}
        self._timings: dict[str, tuple[str, ...]] = {}
        self._ahead_cache: dict[tuple[str, str], tuple[Ref, ...]] = {}

    # --- one search ------------------------------------------------------------------------------

    def rank(self, found: Iterable[tuple[Ref, float]], questions: Mapping[str, Question], phrased: bool,
             allowed: set[int]) -> Scores:
        """The candidates' scores (BM25 times the kind, position and coverage weights, normalised to the best),
        plus the title, cue and event bonuses of each Comprehensive Rules document, with subrules behind their
        rules. `questions`: the question as read in each document searched; `phrased`: it holds a quoted phrase;
        `allowed`: the index numbers the search may return."""
        scores: Scores = {}
        for ref, score in found:
            scores[ref] = (score * self.KIND_WEIGHT[ref.kind] * self.position(ref)
                           * self.coverage(ref, questions[ref.doc]))
        top = max(scores.values(), default=0) or 1
        scores = {ref: s / top for ref, s in scores.items()}
        for doc, question in questions.items():
            if not self.corpus.documents[doc].is_cr:
                continue
            # several titles: each is a part asked for, no coverage
            self._lift(scores, question, phrased, allowed, self.named(question),
                       None if self.several_titles(question) else lambda held: held ** self.NAMED_COVERAGE)
            if question.situation:
                self._lift(scores, question, phrased, allowed, self.cued(question),
                           lambda held: held ** self.CUE_COVERAGE)
            if question.events:
                self._lift(scores, question, phrased, allowed, self.evented(question, self._untold(question)),
                           self.event_share)
        return self._behind_parents(scores, questions)

    def _lift(self, scores: Scores, question: Question, phrased: bool, allowed: set[int], bonuses: Scores,
              scale: Callable[[float], float] | None) -> None:
        """Add title, cue and event bonuses to `scores`, each times `scale` of how much of the question its entry
        holds (None: in full). With a quoted phrase, only entries found (they hold it) are lifted."""
        for ref, bonus in bonuses.items():
            if (ref in scores or not phrased) and self.docnum.get(ref) in allowed:
                held = 1.0 if scale is None else scale(self.fit(ref, question)[0])
                scores[ref] = scores.get(ref, 0.0) + bonus * held

    @staticmethod
    def merge_pivot(merged: Scores, via: dict[Ref, str], found: Iterable[tuple[Ref, float]], share: float,
                    pivot: str) -> None:
        """Add the hits of a pivot document, mapped to the document searched, to `merged`, each weighing `share`
        (of the query's words, those the pivot's language owns): a mostly Portuguese query on pt-2019 is barely
        touched by the English pivot, and an English one comes mostly from it. `via`: the hits the pivot gave
        most of."""
        for target, score in found:
            before = merged.get(target, 0.0)
            merged[target] = before + score * share
            if score * share > before:
                via[target] = pivot

    DOCUMENT_ORDER_STEP = 0.02  # searching several documents, each later one in the manifest weighs this much less

    def ordered(self, scores: Scores, docs: list[str]) -> list[tuple[Ref, float]]:
        """Best first; the same rule in several documents: the current, most authoritative first."""
        if len(docs) > 1:
            scores = {ref: s * (1 - self.DOCUMENT_ORDER_STEP * self._order[ref.doc]) for ref, s in scores.items()}
        return sorted(scores.items(), key=lambda item: (-item[1], self.docnum.get(item[0], 0)))

    # --- kind and position -----------------------------------------------------------------------

    KIND_WEIGHT: ClassVar[dict[str, float]] = {RULE: 1.0, GLOSSARY: 0.4, GUIDE: 0.45}
    SUBRULE_STEP = 0.04  # see `position`

    def position(self, ref: Ref) -> float:
        """A rule's first subrules state it ("702.11b: Hexproof on a permanent means …"); later ones treat
        cases. Between otherwise equal subrules, the earlier wins: each letter costs SUBRULE_STEP."""
        key = ref.key
        if ref.kind != RULE or not key[-1:].isalpha():
            return 1.0
        return max(1 - self.SUBRULE_STEP * (ord(key[-1]) - ord("a")), 1 - 10 * self.SUBRULE_STEP)

    # --- titles named ----------------------------------------------------------------------------

    # A title or glossary term naming the whole query adds this much (the full-text top hit scores 1) …
    EXACT_WEIGHT: ClassVar[dict[str, float]] = {RULE: 2.0, GLOSSARY: 1.5, GUIDE: 0.0}
    PARTIAL_TITLE = 0.2  # … and one naming part of it, this share of that (times the part it names) …
    SEVERAL_TITLES = 0.2  # … or this, when the query is several rule titles ("atropelar toque mortífero").
    GLOSSARY_RULE_SHARE = 0.85  # the rules a named glossary entry sends to get this share of its bonus (asked what a
    #                             term means, the other way round: "cómo funciona la regla de leyendas" wants 704.5j)
    HEADING_SHARE = 0.75  # asked what a rule that is only a title means (a keyword, a section), its first subrule,
    #                       which states it, takes the title's bonus and the title keeps this share ("how does exalted
    #                       work" → 702.82a, "what counts as a permanent" → 110.1; "exalted" alone → 702.82)
    NAMED_COVERAGE = 1.0  # how much a title bonus shrinks when the entry holds only some of the question

    def named(self, question: Question) -> Scores:
        """Title, glossary-term and rule-number matches in the question's document: ref → bonus.

        A unit naming a title or glossary term earns that entry a bonus in proportion to its share of the
        question's weight: the full bonus when it is the whole question ("what is the maximum hand size"),
        a small one when it is one part of a longer one. A question made of several rule titles ("atropelar
        toque mortífero": two keywords) gives each a good share. A rule number among the words ("702.19c
        trample") names that rule outright. The rules a named glossary entry sends to get most of its bonus.
        """
        doc = question.doc
        rules = self.corpus.rules[doc]
        bonus: Scores = {}
        units = question.counted
        for unit in units:
            if unit.source == "number" and unit.forms[0][0] in rules:
                bonus[Ref.rule(doc, unit.forms[0][0])] = self.EXACT_WEIGHT[RULE]
        named_words = [u for u in units if u.source != "number"]
        total = sum(u.weight for u in named_words)
        if not total:
            return bonus
        several = self.several_titles(question)
        asked = question.shape == "definition"  # "what is …", not a bare term: the rules themselves before their names
        for unit in named_words:
            if unit.condition and not several:
                continue  # "what happens to my commander when it dies" asks about the commander, not what dying is
            share = unit.weight / total
            for entry in unit.named:
                if share > 0.999:
                    part = 1.0
                elif several and entry.kind == RULE:
                    part = self.SEVERAL_TITLES
                else:
                    part = self.PARTIAL_TITLE * share
                weight = part * self.EXACT_WEIGHT[entry.kind]
                sending = self.GLOSSARY_RULE_SHARE
                own, sent = (sending, 1.0) if asked and entry.rules else (1.0, sending)
                bonus[entry.ref] = max(bonus.get(entry.ref, 0.0), weight * own)
                for i, number in enumerate(entry.rules):
                    ref = Ref.rule(doc, number)
                    bonus[ref] = max(bonus.get(ref, 0.0), weight * sent * (0.97 ** i))
                defining = asked and entry.kind == RULE and _defining(entry.ref, rules)
                if defining:  # the heading steps back for the subrule that states it
                    bonus[entry.ref] = weight * self.HEADING_SHARE
                    ref = Ref.rule(doc, defining)
                    bonus[ref] = max(bonus.get(ref, 0.0), weight)
        return bonus

    @staticmethod
    def several_titles(question: Question) -> bool:
        """The question is only rule titles, two or more ("atropelar toque mortífero")."""
        named_words = [u for u in question.counted if u.source != "number"]
        return len(named_words) > 1 and all(any(n.kind == RULE for n in u.named) for u in named_words)

    # --- a story's cues and events ---------------------------------------------------------------

    CUE_WEIGHT = 1.2  # a family of rules a story's cue points to: each of its rules gets this (times its coverage) …
    CUE_REPEAT = 0.25  # … and this share more for each further cue pointing to it, …
    CUE_MOST = 1.5  # … up to this many times CUE_WEIGHT
    LONE_CUE = 0.5  # a cue in a question that tells no story ("what happens to my commander when it dies") weighs this
    CUE_COVERAGE = 1.0  # how much a cue's bonus shrinks when the rule holds only some of the question

    def cued(self, question: Question) -> Scores:
        """The rules of the families the question's cues point to (numbers in its document): ref → bonus.
        A rule in several of them (113.7a: resolution and look-back) takes the best."""
        family_rules = self.numbering.families(question.doc)
        bonus: Scores = {}
        for family, cues in question.situation.items():
            weight = (self.CUE_WEIGHT * min(1 + self.CUE_REPEAT * (cues - 1), self.CUE_MOST)
                      * (1.0 if question.story else self.LONE_CUE))
            for number in family_rules.get(family, ()):
                ref = Ref.rule(question.doc, number)
                bonus[ref] = max(bonus.get(ref, 0.0), weight)
        return bonus

    EVENT_WEIGHT = 2.0  # an event of the story (`lexicon/events.toml`: "a cast trigger" and "countered") lifts its
    #                     rules this much, more than a family cue: a combination of happenings names the deciding rule …
    EVENT_ORDER = 0.9  # … each later rule of the event this share of the one before (the deciding rule comes first) …
    EVENT_FLOOR = 0.5  # … and a rule holding none of the question's words still this share of it (the deciding rule
    #                    rarely uses the story's words: 601.2i says "cast" and "trigger", not "countered")
    EVENT_UNTOLD = 0.5  # in a question naming two mechanics or more, an event none of whose cues names one of them
    #                     weighs this much: what is asked is where they meet, which the event does not know

    def evented(self, question: Question, factors: Mapping[str, float] | None = None) -> Scores:
        """The rules of the events recognised in the question's story (numbers in its document, the deciding rule
        first): ref → bonus, before it is scaled by how much of the question the rule holds (`event_share`);
        `factors`: events weighing less (`EVENT_UNTOLD`). A rule of several events takes the best."""
        event_rules = self.numbering.events(question.doc)
        bonus: Scores = {}
        for event in question.events:
            weight = self.EVENT_WEIGHT * (factors or {}).get(event, 1.0)
            for i, number in enumerate(event_rules.get(event, ())):
                ref = Ref.rule(question.doc, number)
                bonus[ref] = max(bonus.get(ref, 0.0), weight * self.EVENT_ORDER ** i)
        return bonus

    def event_share(self, held: float) -> float:
        """How much of an event's bonus a rule holding `held` of the question gets: `EVENT_FLOOR` at least."""
        return self.EVENT_FLOOR + (1 - self.EVENT_FLOOR) * held

    def _untold(self, question: Question) -> dict[str, float]:
        """For a question naming two mechanics or more, the events none of whose cues names one of them, each with
        `EVENT_UNTOLD`: what is asked is where the mechanics meet, which such an event does not know ("my
        deathtouch trampler double blocked, how much goes through": 702.19b, not 510.1c of double blocks)."""
        mechanics = question.mechanics
        if len(mechanics) < 2:
            return {}
        return {event: self.EVENT_UNTOLD for event in question.events
                if not any(events.tells(event, word, question.lang) for unit in mechanics for word in unit.typed)}

    # --- coverage: how much of the question an entry holds, and what it holds ---------------------

    COORDINATION = 2.0  # how hard entries holding only some of the query's words are pushed down
    MEETING = 1.3  # an entry holding every mechanic a question names (two or more) weighs this much more
    LISTED = 0.5  # an entry listing keywords (`_listing`) weighs this much for a question naming two or more mechanics
    SHAPE_HINT = 1.15  # an entry holding a word the answer to the question's shape uses ("who chooses" → "chooses")
    UNASKED_VARIANT = 0.7  # a rule of a variant the question names no word of ("how many poison counters to lose":
    #                        704.5c, not 810.10b of Two-Headed Giant) weighs this much
    TOPIC_LIFT = 0.5  # a rule within a rule or section the question names (its title, or where a glossary term it
    #                   names sends) weighs up to this much more, times the share of the question naming it: "can a
    #                   tapped creature block" → 509.1a (the glossary's Block sends to 509) before 702.39a (Provoke)
    TIMING_RULES = ("117", "5")  # Timing and Priority, and the turn's steps and phases (chapter 5; 2026 numbers) …
    TIMING_LIFT = 1.3  # … weigh this much more for a question asking when ("when do I draw" → 504.1, the draw step)

    def coverage(self, ref: Ref, question: Question) -> float:
        """How much of the question the entry holds, ** `COORDINATION`; for a question naming two or more
        mechanics, times `MEETING` when the entry holds them all (a power of it when it holds some: two of three),
        or `LISTED` when it is a list of keywords; times the shape's, variant's, topic's and timing's weights."""
        share, meets = self.fit(ref, question)
        factor = 1.0
        if len(question.mechanics) > 1:
            factor = self.LISTED if self._listing(ref, question.lang) else self.MEETING ** meets
        if self._holds_hint(ref, question):
            factor *= self.SHAPE_HINT
        variant = self._variant(ref)
        if variant and not variant & self.fitting(question).asked:
            factor *= self.UNASKED_VARIANT
        if ref.kind == RULE:
            number = ref.key
            factor *= 1 + self.TOPIC_LIFT * self.fitting(question).topic(number)
            if question.shape == "time" and any(number == root or descends(number, root)
                                                 for root in self._timing(question.doc)):
                factor *= self.TIMING_LIFT
        return share ** self.COORDINATION * factor

    def fit(self, ref: Ref, question: Question) -> tuple[float, float]:
        """How much of the question the entry holds (see `fitting.Fitting.fit`)."""
        return self.fitting(question).fit(ref, lambda: self._entry_terms(ref, question.lang))

    def fitting(self, question: Question) -> Fitting:
        """The question's units as index terms, and the rules it names (worked out once, kept with the reading)."""
        if question.fitting is None:
            question.fitting = Fitting.of(question, lambda word: self._word_terms(word, question.lang))
        return question.fitting

    LISTING = 5  # an entry naming this many keywords is a list, not where two of them meet

    def _listing(self, ref: Ref, lang: str) -> bool:
        """Whether the entry's own text names `LISTING` keywords or more (122.1b lists the keyword counters): such a
        list mentions mechanics together without being where they meet."""
        found = self._listings.get(ref)
        if found is None:
            own = self._entry_terms(ref, lang)[0]
            found = sum(all(t in own for t in k) for k in self._keyword_keys(ref.doc)) >= self.LISTING
            self._listings[ref] = found
        return found

    def _keyword_keys(self, doc: str) -> list[tuple[str, ...]]:
        """The index terms of each keyword ability and action title of `doc`."""
        found = self._keywords.get(doc)
        if found is None:
            lang = self.corpus.documents[doc].language
            found = [tuple(terms(rule.title, lang, "fs")) for number, rule in self.corpus.rules.get(doc, {}).items()
                     if rule.level == "rule" and rule.title and number.startswith(("701.", "702."))]
            self._keywords[doc] = found
        return found

    NUMBER_SHAPES = ("count",)  # asked how many, a number counts as a hint ("how many cards in a commander deck" →
    #                             903.5a, "100")

    def _holds_hint(self, ref: Ref, question: Question) -> bool:
        """Whether the entry holds a word the answer to the question's shape uses (the lexicon's [hints]), or a
        number when the question asks how many (`NUMBER_SHAPES`: "100" cards, "40" life)."""
        hints = self._hints(question)
        if not hints:
            return False
        own = self._entry_terms(ref, question.lang)[0]
        return bool(hints & own) or (question.shape in self.NUMBER_SHAPES and any(t.isdigit() for t in own))

    def _hints(self, question: Question) -> Terms:
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

    VARIANT_CHAPTERS = ("8", "9")  # multiplayer rules and casual variants (Two-Headed Giant, Commander, Archenemy …)

    def _variant(self, ref: Ref) -> Terms:
        """For a rule of the multiplayer and casual variants (`VARIANT_CHAPTERS`: 810.9 in "Two-Headed Giant
        Variant", "Multiplayer Rules"), the index terms of the words that tell something (not "rules", "players") of
        its section's and chapter's titles and of the glossary terms sending only to the section; empty for any
        other entry."""
        doc, number = ref.doc, ref.key
        if ref.kind != RULE or not number.startswith(self.VARIANT_CHAPTERS):
            return frozenset()
        section = number.split(".")[0]

        def compute() -> Terms:
            rules, lang, reader = self.corpus.rules[doc], self.corpus.documents[doc].language, self.readers[doc]
            titles = [rules[n].title for n in (section, section[0]) if n in rules and rules[n].title]
            titles += [entry.term for entry in self.corpus.glossary.get(doc, [])  # "Comandante" for "903 Commander"
                       if entry.rules and all(n.split(".")[0] == section for n in entry.rules)]
            return frozenset(t for title in titles for w in words(title) if not reader.incidental(w)
                             for t in self._word_terms(w, lang))

        return remembered(self._variants, (doc, section), LIMIT, compute)

    def _timing(self, doc: str) -> tuple[str, ...]:
        """`TIMING_RULES` as numbered in `doc` (Timing and Priority is 117 in 2026, 116 in 2019)."""
        found = self._timings.get(doc)
        if found is None:
            found = self._timings[doc] = self.numbering.in_document(self.TIMING_RULES, doc)
        return found

    def _word_terms(self, word: str, lang: str) -> Terms:
        """A word's index terms in both chains (asked of every word of a question, for each entry it might fit)."""
        found = self._word_terms_cache.get((word, lang))
        if found is None:
            found = remembered(self._word_terms_cache, (word, lang), LIMIT,
                               lambda: frozenset(term(word, lang, chain) for chain in CHAINS))
        return found

    def _entry_terms(self, ref: Ref, lang: str) -> tuple[Terms, Terms]:
        """The index terms (both chains) of what the entry says, and of its examples (`Resolver.parts`)."""
        def compute() -> tuple[Terms, Terms]:
            own, around = self.resolver.parts(ref)
            return tuple(frozenset(t for text in texts for chain in CHAINS for t in terms(text, lang, chain))
                         for texts in (own, around))

        return remembered(self._entry_terms_cache, ref, 8192, compute)

    # --- subrules behind their rules -------------------------------------------------------------

    PARENT_FIRST = 0.85  # a subrule holding no more of the question than its rule (found too) weighs this much
    HEADING_ASKED = 0.6  # a rule that is only a title ("702.16 Protection") weighs this much for a question asking
    #                      more than the term ("what does pro red stop"): what it asks is said in its subrules

    def _behind_parents(self, scores: Scores, questions: Mapping[str, Question]) -> Scores:
        """A subrule holding no more of the question than its rule (one that says something itself) or than an
        earlier subrule of the same rule, found too, weighs `PARENT_FIRST`: the rule states the general case
        ("305.2 A player can normally play one land during their turn"), its subrules the details (305.2a: how to
        count the lands played); under a heading ("702.61 Split Second"), the first subrule holding the question
        states it (702.61a: what split second stops), later ones treat cases (702.61b: what it lets through). The
        heading itself weighs `HEADING_ASKED` for a question asking more than its term ("what does pro red stop":
        702.16 Protection says nothing, its subrules say what protection stops)."""
        out = dict(scores)
        for ref, score in scores.items():
            if ref.kind != RULE:
                continue
            doc, number = ref.doc, ref.key
            if self._heading(doc, number) and sum(u.source != "number" for u in questions[doc].counted) > 1:
                out[ref] = score * self.HEADING_ASKED
                continue
            ahead = [other for other in self._ahead(doc, number) if other in scores]
            if ahead:
                question = questions[doc]
                held = self.fit(ref, question)[0]
                if any(self.fit(other, question)[0] >= held for other in ahead):
                    out[ref] = score * self.PARENT_FIRST
        return out

    def _ahead(self, doc: str, number: str) -> tuple[Ref, ...]:
        """The rules a subrule steps behind when it says no more: its rule, unless a heading, and the earlier
        subrules of the same rule ("702.15e" → 702.15a–d)."""
        def compute() -> tuple[Ref, ...]:
            parent = numbers.parent(number)
            rule = self.corpus.rules[doc].get(parent) if parent else None
            if rule is None:
                return ()
            ahead = [] if only_title(rule) else [parent]
            if number[-1:].isalpha() and number[:-1] == parent:
                ahead += [parent + chr(letter) for letter in range(ord("a"), ord(number[-1]))]
            return tuple(Ref.rule(doc, n) for n in ahead)

        return remembered(self._ahead_cache, (doc, number), LIMIT, compute)

    def _heading(self, doc: str, number: str) -> bool:
        """Whether the rule is a heading: only a title, over subrules ("702.16 Protection")."""
        rule = self.corpus.rules[doc].get(number)
        return rule is not None and bool(rule.children) and only_title(rule)


def only_title(rule: Rule) -> bool:
    """Whether the rule says nothing but its title ("702.82 Exalted", "110 Permanents"): a heading over its subrules."""
    return rule.text.strip() == (rule.title or "").strip()


def _defining(ref: Ref, rules: Mapping[str, Rule]) -> str | None:
    """The subrule that states a rule which is only a title ("702.82 Exaltado" → 702.82a), or None."""
    rule = rules.get(ref.key)
    if rule is None or not rule.children or not only_title(rule):
        return None
    return rule.children[0]
