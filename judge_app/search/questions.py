"""From the words a player typed to what is searched in one document: units, each a thing the question names.

    "does my spell fizzle if they flicker the target?"   (en-2026)
    → shape "outcome"; units: spell | fizzle → "illegal target" / "doesn't resolve" |
      flicker → "exile return to the battlefield" / "new object" | target

In order, over the words:
1. Words that ask or fill ("does", "my", "if", "they", "o que", "qué") are left out (`lexicon` filler), as
   are words in most entries of the document ("the", "de"). The phrasing gives the question a shape
   (definition, outcome, time, permission, chooser, count, order, combination): see `Lexicon.shape`.
2. A card of the scenario library named whole ("blood moon", "Bonesplitter") becomes one unit holding what its
   text gives the rules (`cards`: its keyword abilities, "Aura", else its rarest words).
   Else, the longest phrase the players' vocabulary knows becomes one unit holding the rules' wordings for it
   ("etb" → "enters the battlefield"; a single word, or a term the rules name, also as typed); the
   document's obsolete terms too.
3. Else the longest span naming a rule title or glossary term ("first strike", "state-based actions").
4. Else, a span in another language the corpus pairs with this document's words ("trample" on pt-2019 →
   "Atropelar"): a unit holding both.
5. Else the word alone.
A unit is matched when an entry holds any one of its forms; its weight is the rarity of its rarest form the
document holds, so a unit nothing in the document holds weighs nothing, but no more than the rarity of all its
forms together ("die" is said "dies", "destroyed", "put into a graveyard": as common as those together).
Units naming a keyword or a glossary term are the question's mechanics: a question with two or more prefers
where they meet, or where one meets the concept another acts through (`lexicon/concepts.toml`: hexproof → target).
Cues of a story ("in response", "dies", "gain control") point to the families of rules that decide it
(`Lexicon.situation`); combinations of happenings ("a cast trigger" and "countered") are events, each naming the rules
that decide it (`events`). The story told before the question weighs less, and so does a condition after what the
question asks about ("what happens to my commander | when it dies": the commander is asked about, not dying).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from judge_app.search.analysis import CHAINS, term, words
from judge_app.search.crosslang import TermPairs
from judge_app.search.events import recognised
from judge_app.search.lexicon import Lexicon
from judge_app.search.refs import GLOSSARY, RULE
from judge_app.search.titles import Named, Titles
from judge_app.search.understanding import number_token
from judge_app.search.vocabulary import Vocabulary

if TYPE_CHECKING:  # fitting.py reads a Question: imported for the annotation only
    from judge_app.search.fitting import Fitting

STOP_SHARE = 0.3  # a word in more than this share of a document's entries is left out ("the", "de")
FOREIGN_RATIO = 5  # a word this much more frequent in a pivot document belongs to the pivot's language
MECHANIC_SHARE = 0.05  # a named unit whose words are in more entries than this is not a mechanic ("creature")
MECHANIC_SECTIONS = ("30", "70")  # rules of card types (their subtypes: Equipment, Aura) and keyword actions/abilities
MECHANIC_WEIGHT = 1.5  # in a question naming two mechanics or more, each weighs this much more than its rarity
WEIGHT_CAP = 6.0  # a word rarer than this (in idf) weighs no more: rare is not always relevant ("per", "exactly")
STORY_WEIGHT = 0.8  # a unit of the story told before the question ("I sacrifice it in response, does …")
CONDITION_WEIGHT = 0.6  # a unit of a condition after what is asked about ("what happens to my commander when it dies")
IDIOM_WEIGHT = 1.5  # a player's phrase the vocabulary knows ("still resolve") names what is asked
READ_CACHE = 512  # questions remembered per document
COUNT_WEIGHT = 0.5  # a plain number ("7 cards", "pay 4 life") is usually a detail of the story
STORY_CUES = 2  # cues that make a story of a question …
STORY_WORDS = 2  # … or content words told before the question itself ("I sacrifice it in response, does …")
CARD_WORD_ENTRIES = 2  # a one-word card name is read as the card only where at most this many entries use it


@dataclass(slots=True)
class Unit:
    """One thing the question names, with every form it may take in the document."""

    typed: tuple[str, ...]  # the words as typed
    forms: list[tuple[str, ...]]  # content words of each form; the typed words first when they count
    named: list[Named] = field(default_factory=list)  # rule titles and glossary terms the unit names
    source: str = "word"  # "word", "card", "lexicon", "title", "translation", "number"
    condition: bool = False  # named in a condition after what is asked about ("… when it dies")
    weight: float = 0.0  # how much the unit tells entries apart (0: no form occurs in the document)
    mechanic: bool = False
    strengths: list[float] = field(default_factory=list)  # per form, its rarity over the unit's weight: over 1 for a
    #   form rarer than the unit said all its ways ("layer" of layers / continuous effects), so an entry using the
    #   rarest wording holds more than the whole unit (capping it at 1 measured worse on the development questions)
    keys: list[tuple[str, float]] = field(default_factory=list)  # per form, its rarest word and that word's share
    emphasis: float = 1.0  # how much more (or less) the reading weighs it than its rarity: story, condition, idiom …
    concepts: list[tuple[str, ...]] = field(default_factory=list)  # a mechanic's: what it acts through (its rule's
    #   words for it: hexproof → "target"), held where it meets another mechanic the question names (`fitting`)

    @property
    def words(self) -> list[str]:
        """Every word of every form (for snippets)."""
        return list(dict.fromkeys(w for form in self.forms for w in form))

    def stress(self, factor: float) -> None:
        """Weigh the unit `factor` times more for what the question makes of it (told in the story: less; one
        of two mechanics: more); `queries` scales its full-text score alike."""
        self.weight *= factor
        self.emphasis *= factor


@dataclass(slots=True)
class Question:
    doc: str
    lang: str
    shape: str | None
    units: list[Unit]
    situation: dict[str, int] = field(default_factory=dict)  # families of deciding rules → cues pointing to each
    events: tuple[str, ...] = ()  # what happened in the story, each event naming its deciding rules (`events`)
    story: bool = False  # a story is told (see `Reader._story`): its cues weigh fully
    fitting: Fitting | None = field(default=None, repr=False, compare=False)  # set by the engine, kept with the reading

    @property
    def counted(self) -> list[Unit]:
        return [u for u in self.units if u.weight > 0]

    @property
    def mechanics(self) -> list[Unit]:
        return [u for u in self.counted if u.mechanic]


class Index(Protocol):
    """What reading a question asks of the opened index (`searching.Engine` answers it)."""

    titles: Titles  # rule titles and glossary terms, per document
    vocabulary: Vocabulary  # word rarity per document
    pairs: TermPairs  # terms of corresponding rules across languages
    lexicons: Mapping[str, Lexicon]  # per document

    def language(self, doc: str) -> str: ...

    def pivots(self, doc: str) -> list[str]:
        """The documents of other languages whose words a question on `doc` may use (`crosslang`)."""

    def concepts(self, doc: str) -> Mapping[str, tuple[str, ...]]:
        """Per mechanic's rule number in `doc`, the wordings of the concepts it acts through (`numbering`)."""

    def entries(self, word: str, doc: str) -> int:
        """About how many entries of `doc` hold the word's index term."""

    def card(self, span: tuple[str, ...], doc: str) -> Unit | None:
        """The unit of the card `span` names, read for `doc`, or None (`card_units`)."""

    @property
    def card_longest(self) -> int:
        """Words in the longest card name."""


class Readers:
    """Each document's reader, made on first use."""

    def __init__(self, index: Index):
        self.index = index
        self._made: dict[str, Reader] = {}

    def __getitem__(self, doc: str) -> Reader:
        found = self._made.get(doc)
        if found is None:
            index = self.index
            pivots = tuple((p, index.language(p)) for p in index.pivots(doc))
            found = self._made[doc] = Reader(doc, index.language(doc), index.lexicons[doc], index, pivots,
                                             index.concepts(doc))
        return found


@dataclass(slots=True)
class Reader:
    """What understanding a question in one document needs; `read` does the work."""

    doc: str
    lang: str
    lexicon: Lexicon
    index: Index
    pivots: tuple[tuple[str, str], ...] = ()  # (pivot document, its language)
    concepts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # rule number → wordings of its concepts
    _read: dict[tuple[str, ...], Question] = field(default_factory=dict)

    def read(self, typed: list[str]) -> Question:
        """The question these words ask in the document (remembered: one search reads it several times)."""
        key = tuple(typed)
        found = self._read.get(key)
        if found is None:
            found = self._read_now(typed)
            if len(self._read) > READ_CACHE:
                self._read.clear()
            self._read[key] = found
        return found

    def _read_now(self, typed: list[str]) -> Question:
        units: list[Unit] = []
        story: set[int] = set()  # ids of the units told before the question itself
        question_starts = self.lexicon.question_starts(typed)
        condition_starts = self.lexicon.condition_starts(typed, question_starts)
        i = 0
        while i < len(typed):
            found = self._number(typed, i) or self._card(typed, i)
            found = found or _longer(self._phrase(typed, i), self._title(typed, i))
            found = found or self._foreign(typed, i)
            if found is None:
                word = typed[i]
                found = (None if self.incidental(word) else Unit((word,), [(word,)]), 1)
            unit, size = found
            if unit is not None:
                units.append(unit)
                if i + size <= question_starts:
                    story.add(id(unit))
                elif i >= condition_starts:
                    unit.condition = True
            i += size
        units = _merge(units, story)
        for unit in units:
            self._weigh(unit)
            if unit.mechanic:
                self._through_concepts(unit)
            if id(unit) in story:
                unit.stress(STORY_WEIGHT)
            elif unit.condition:
                unit.stress(CONDITION_WEIGHT)
            elif unit.source == "lexicon" and len(unit.typed) > 1:
                unit.stress(IDIOM_WEIGHT)
        mechanics = [u for u in units if u.mechanic and u.weight > 0]
        if len(mechanics) > 1:  # two mechanics or more are what is asked; the other words are details
            for unit in mechanics:
                unit.stress(MECHANIC_WEIGHT)
        return Question(self.doc, self.lang, self.lexicon.shape(typed), units, self.lexicon.situation(typed),
                        recognised(typed, self.lang), self._story(typed, question_starts))

    def _story(self, typed: list[str], question_starts: int) -> bool:
        """Whether a story is told: `STORY_CUES` cues or more, or `STORY_WORDS` content words before the question
        itself. One cue word in a plain question ("what happens to my commander when it dies") is a weak sign:
        lifting the stack and state-based actions there would push the rule asked about down."""
        told = sum(not self.incidental(w) for w in typed[:question_starts])
        return told >= STORY_WORDS or len(self.lexicon.cues_in(typed)) >= STORY_CUES

    # --- what a word is ------------------------------------------------------------------------

    def incidental(self, word: str) -> bool:
        """A word that asks or fills, or one in most entries: no use telling entries apart."""
        return self.lexicon.filler(word) or self.index.vocabulary.share(word, self.doc) > STOP_SHARE

    def content(self, phrase: str | tuple[str, ...], wording: bool = False) -> tuple[str, ...]:
        """The words that tell entries apart; of the rules' `wording` of a player's phrase, negations too ("library
        with no cards"), unless in most entries."""
        found = words(phrase) if isinstance(phrase, str) else list(phrase)
        return tuple(w for w in found if not self.incidental(w) or (
            wording and self.lexicon.negation(w) and self.index.vocabulary.share(w, self.doc) <= STOP_SHARE)
        ) or tuple(found)

    def foreign(self, word: str) -> bool:
        here = self.index.vocabulary.share(word, self.doc)
        there = max((self.index.vocabulary.share(word, p) for p, _ in self.pivots), default=0.0)
        return there > 0 and here * FOREIGN_RATIO < there

    # --- spans -----------------------------------------------------------------------------------

    def _number(self, typed: list[str], i: int) -> tuple[Unit, int] | None:
        number = number_token(typed[i])
        if number is None:
            return None
        return Unit((typed[i],), [(number,)], source="number"), 1

    def _card(self, typed: list[str], i: int) -> tuple[Unit, int] | None:
        """A card's name: whole, and if one word, one that the document barely uses and is no title ("Tarmogoyf";
        not "Clone")."""
        for size in range(min(self.index.card_longest, len(typed) - i), 0, -1):
            span = tuple(typed[i:i + size])
            unit = self.index.card(span, self.doc)
            if unit is None:
                continue
            if size == 1 and (self._entries(span[0]) > CARD_WORD_ENTRIES or self.names(list(span))
                              or self.lexicon.knows(span[0])):
                return None
            return unit, size
        return None

    def _phrase(self, typed: list[str], i: int) -> tuple[Unit, int] | None:
        for size in range(min(self.lexicon.longest, len(typed) - i), 0, -1):
            span = tuple(typed[i:i + size])
            phrase_key = tuple(term(w, self.lang, "fs") for w in span)
            wordings = self.lexicon.wordings(phrase_key)
            if wordings:
                # a phrase is searched as typed only when it is the rules' own term ("converted mana cost");
                # else through its wordings ("still resolve" is nobody's wording); a single word always, unless
                # the rules' same word names something else ([instead]: es "infinito" is a loop, not ∞)
                own = phrase_key not in self.lexicon.instead
                named = self.names(list(span)) if own else []
                typed_form = [self.content(span)] if own and (size == 1 or named) else []
                forms = typed_form + [self.content(w, wording=True) for w in wordings]
                named += [n for w in wordings for n in self.names(words(w))]
                if own:
                    named = named or self.names(list(self.content(span)))  # "protection from" names Protection
                return Unit(span, _unique(forms), named, "lexicon"), size
        return None

    def _title(self, typed: list[str], i: int) -> tuple[Unit, int] | None:
        for size in range(min(self.index.titles.longest, len(typed) - i), 0, -1):
            span = typed[i:i + size]
            if size == 1 and self.incidental(span[0]):
                continue
            named = self.names(span)
            if named:
                return Unit(tuple(span), [self.content(tuple(span))], named, "title"), size
        return None

    def _foreign(self, typed: list[str], i: int) -> tuple[Unit, int] | None:
        if not self.foreign(typed[i]):
            return None
        pairs = self.index.pairs
        for pivot, lang in self.pivots:
            for size in range(min(pairs.longest, len(typed) - i), 0, -1):
                span = typed[i:i + size]
                targets = pairs.lookup(span, pivot, lang, self.doc)
                if targets:
                    forms = [self.content(tuple(span))] + [self.content(t) for t in targets]
                    named = [n for t in targets for n in self.names(words(t))]
                    return Unit(tuple(span), _unique(forms), named, "translation"), size
        return None

    def names(self, span: list[str]) -> list[Named]:
        """The rule titles and glossary terms of the document these words name exactly."""
        keys = [" ".join(term(w, self.lang, chain) for w in span) for chain in CHAINS]
        return self.index.titles.lookup(self.doc, keys)

    # --- weights ---------------------------------------------------------------------------------

    def _weigh(self, unit: Unit) -> None:
        """The unit's weight: the rarity of its rarest form that occurs in the document. Forms that do
        not occur are dropped (a slang word the rules never use is searched through its wordings)."""
        if unit.source == "number":
            unit.weight = max(self.index.vocabulary.idf(unit.forms[0][0], self.doc), 1.0)
            return
        size = self.index.vocabulary.sizes.get(self.doc) or 1
        held = [f for f in unit.forms if f and all(self._occurs(w) for w in f)]
        unit.forms = held
        if not held:
            unit.weight = 0.0
            return
        rarity = [min(WEIGHT_CAP, sum(self._idf(w) for w in f) / len(f)) for f in held]
        unit.weight = max(rarity)
        if len(held) > 1:  # a thing said many ways is as common as all its wordings together ("die": dies, destroyed)
            together = sum(min(self._entries(w) for w in f) for f in held)
            unit.weight = min(unit.weight, max(self._count_idf(together), min(rarity)))
        unit.strengths = [r / unit.weight if unit.weight else 1.0 for r in rarity]
        if all(w.isdigit() for w in unit.typed):
            unit.weight *= COUNT_WEIGHT
        keys: dict[str, float] = {}
        for form in held:
            word = min(form, key=self._entries)
            keys.setdefault(term(word, self.lang, "fs"), (word, self._entries(word) / size))
        unit.keys = sorted(keys.values(), key=lambda key: key[1])
        shares = [max(self._entries(w) for w in f) / size for f in held]
        unit.mechanic = (bool(unit.named) and any(_is_mechanic(n) for n in unit.named) and min(shares) <= MECHANIC_SHARE
                         and not self.lexicon.cues_in(list(unit.typed)))  # "killed", "dies": what happened

    def _through_concepts(self, unit: Unit) -> None:
        """The concepts a mechanic acts through (`lexicon/concepts.toml`), in the document's words; they change
        neither its weight nor what finds candidates: they only let a rule naming another mechanic and this one's
        concept meet it."""
        for named in unit.named:
            if named.kind != RULE:
                continue
            for wording in self.concepts.get(named.ref.key, ()):
                form = self.content(wording, wording=True)
                if form not in unit.concepts:
                    unit.concepts.append(form)

    def _occurs(self, word: str) -> bool:
        """Whether the document holds the word's index term; words the vocabulary does not count (numbers,
        "+1/+1") are taken as held."""
        return not word.isalpha() or self._entries(word) > 0

    def _entries(self, word: str) -> int:
        """Entries holding the word's index term (any form stemming alike: "indestructable" is held
        where "indestructible" is)."""
        return self.index.entries(word, self.doc)

    def _idf(self, word: str) -> float:
        return self._count_idf(self._entries(word))

    def _count_idf(self, entries: int) -> float:
        return math.log(1 + (self.index.vocabulary.sizes.get(self.doc) or 1) / (entries + 1))


def _is_mechanic(named: Named) -> bool:
    """A keyword ability or action, or a subtype or card type's own rule (`MECHANIC_SECTIONS`: 702.19 Trample,
    701.34 Proliferate, 301.5 Equipment, 302.6 summoning sickness), or a glossary term sending to one: not a
    whole section or step ("combat damage step" is where things happen), nor a player ("opponent", 102.3)."""
    numbers = named.rules if named.kind == GLOSSARY else (named.ref.key,) if named.kind == RULE else ()
    return any("." in number and number.startswith(MECHANIC_SECTIONS) for number in numbers)


def _longer(a: tuple[Unit, int] | None, b: tuple[Unit, int] | None) -> tuple[Unit, int] | None:
    """Of two readings of the words at one place, the one spanning more words (the vocabulary's on a tie)."""
    if a is None or b is None:
        return a or b
    return b if b[1] > a[1] else a


def _unique(forms: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for form in forms:
        if form and form not in out:
            out.append(form)
    return out


def _merge(units: list[Unit], story: set[int]) -> list[Unit]:
    """The same thing named twice ("trample … trample") counts once: as asked about when the question itself
    names it again after the story ("el rival sacrificó … mi hechizo, ¿qué pasa con mi hechizo?"), and as a
    condition only when every mention is in one. `story` (ids of the story's units) is updated."""
    out: list[Unit] = []
    seen: dict[tuple[tuple[str, ...], ...], Unit] = {}
    for unit in units:
        signature = tuple(tuple(w.lower() for w in f) for f in unit.forms) or (unit.typed,)
        first = seen.get(signature)
        if first is None:
            seen[signature] = unit
            out.append(unit)
            continue
        if id(unit) not in story:
            story.discard(id(first))
            first.condition = first.condition and unit.condition
    return out
