"""Players' vocabulary: how players ask, and their words for what the rules call otherwise.

The data is in this folder, one readable file per language (`en.toml`, `pt.toml`, `es.toml`); see the
comments at the top of each. `stems.toml` is read by `analysis` (it decides index terms). From the corpus
itself come the old terms the Comprehensive Rules' glossary marks obsolete ("Converted Mana Cost
(Obsolete)", "Coste de maná convertido (Obsoleto)"): each is mapped to the current wording its entry gives.

    lexicon("en").filler("whats")                   # True: a word that asks, not names
    lexicon("en").shape(["who", "chooses", ...])    # "chooser"
    lexicon("es").shape(["cuándo", "puedo", ...])   # "time" ("cuando" without its accent begins a condition)
    lexicon("pt").wordings(("etb",))                # ["entra no campo de batalha", …] (keys are term tuples)
    lexicon("en").situation(["sacrifice", "it", "in", "response"])   # {"lookback": 2, "resolution": 1}
    families()["sba"]                               # Family(rules=("704.3", "704.5*"), says=())

Each language's [instead]: players' words the rules use for something else, read only as the wordings given
("infinito" is a loop in es, not the ∞ keyword). Each language's [hints]: per question shape, words its answers use
("who chooses" → "chooses"; "when do …" → "step", "priority").
`situations.toml` holds the families of rules that decide a short story (the stack, look-back, state-based
actions …); each language's [situations] section, the cues that point to them. `concepts.toml`: what each mechanic
acts through, in each language's rules (hexproof → "target"; `concepts()`).
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from judge_app.corpus import Corpus
from judge_app.search.analysis import POWER_TOUGHNESS_RE, fold, term, words

FOLDER = Path(__file__).resolve().parent
SHAPES = ("definition", "outcome", "time", "count", "permission", "chooser", "order", "combination")
ASKING = SHAPES[:-1]  # the shapes whose phrasings ask ("qué pasa"); a combination's ("con", "and") joins
CONDITION = "condition"  # [questions] condition: words that begin a condition after what is asked about
CLAUSE = "clause"  # [questions] clause: words that begin the question after a story ("…, does it still resolve?")
NEGATION = "negation"  # [questions] negation: filler kept in the rules' wordings ("library with no cards")
OBSOLETE_RE = re.compile(r"\s*\((?:obsolete|obsoleto|obsoleta)\)\s*", re.IGNORECASE)
# Where an obsolete entry's text gives the current wording: "an obsolete term for “exile [something]”".
REPLACEMENT_RE = re.compile(
    r"(?:obsolete term for|older name for|term that meant|término obsoleto para|nombre antiguo para|viejo nombre de|"
    r"que significaba|termo obsoleto para|antigo nome d[ae]|que significava)\s+"
    r"(?:an?\s+|the\s+|un\s+|una\s+|el\s+|la\s+|o\s+|um\s+|uma\s+)?[“\"]?([^.”\"(]+)", re.IGNORECASE)
_BRACKETS = re.compile(r"\[[^\]]*\]")
INFLECTED_STEM = 5  # a one-word cue's stem this long also matches the words it begins ("sacrific": "sacrificed")


@dataclass(frozen=True, slots=True)
class Family:
    """Rules that decide one kind of situation: 2026 numbers ("704.5*": and below) and English phrases."""

    rules: tuple[str, ...] = ()
    says: tuple[str, ...] = ()


@lru_cache(maxsize=1)
def families() -> dict[str, Family]:
    """`situations.toml`: family name → its rules."""
    with open(FOLDER / "situations.toml", "rb") as handle:
        data = tomllib.load(handle)
    return {name: Family(tuple(found.get("rules", ())), tuple(found.get("says", ())))
            for name, found in data.get("families", {}).items()}


@dataclass(frozen=True, slots=True)
class Concepts:
    """`concepts.toml`: what each mechanic acts through (hexproof → target, persist → a -1/-1 counter)."""

    wordings: dict[str, dict[str, tuple[str, ...]]]  # concept → language → its wordings in the rules
    mechanics: dict[str, tuple[str, ...]]  # en-2026 rule number → the concepts it acts through

    def of(self, number: str, lang: str) -> tuple[str, ...]:
        """The wordings, in `lang`, of the concepts the mechanic of en-2026 rule `number` acts through."""
        return tuple(w for name in self.mechanics.get(number, ()) for w in self.wordings[name].get(lang, ()))


@lru_cache(maxsize=1)
def concepts() -> Concepts:
    with open(FOLDER / "concepts.toml", "rb") as handle:
        data = tomllib.load(handle)
    return Concepts({name: {lang: tuple(found) for lang, found in langs.items()}
                     for name, langs in data["concepts"].items()},
                    {number: tuple(names) for number, names in data["mechanics"].items()})


def key(phrase: str, lang: str) -> tuple[str, ...]:
    """How a phrase is looked up: its words' index terms ("Fizzles" and "fizzle" meet)."""
    return tuple(term(w, lang, "fs") for w in words(phrase))


@dataclass(slots=True)
class Lexicon:
    """One language's data (see the module docstring)."""

    lang: str
    filler_words: frozenset[str] = frozenset()  # folded
    shapes: dict[str, list[tuple[str, ...]]] = field(default_factory=dict)  # kind → phrases (words: `_asking`)
    clause_words: frozenset[str] = frozenset()  # folded
    phrases: dict[tuple[str, ...], list[str]] = field(default_factory=dict)  # key → the rules' wordings
    longest: int = 1
    hints: dict[str, tuple[str, ...]] = field(default_factory=dict)  # shape → words its answers use
    cues: dict[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict)  # key → situation families
    cue_longest: int = 1
    condition_words: frozenset[str] = frozenset()  # folded: words that begin a condition ("when", "if", "cuando")
    negation_words: frozenset[str] = frozenset()  # folded: filler that the rules' wordings keep ("no", "sem")
    everyday: frozenset[tuple[str, ...]] = frozenset()  # keys of obsolete terms that are everyday words ("during")
    instead: frozenset[tuple[str, ...]] = frozenset()  # keys of [instead]: read only as their wordings (es "infinito")
    power_toughness: dict[str, list[str]] = field(default_factory=dict)  # "value" / "change" → the rules' wordings
    _known: frozenset[str] | None = None  # every term of every phrase, computed on first use
    _stems: list[tuple[str, tuple[str, ...]]] | None = None  # one-word cues' stems, longest first (first use)

    def filler(self, word: str) -> bool:
        return fold(word) in self.filler_words

    def negation(self, word: str) -> bool:
        """A word that fills a question ("no, I mean …") but tells in the rules' wordings: "a library with no cards"
        is not "a library with cards"."""
        return fold(word) in self.negation_words

    def question_starts(self, typed: list[str]) -> int:
        """Where the question begins after a story told first ("I sacrifice it in response, does the
        Aura's ability still resolve?" → at "does"; "el rival sacrificó …, qué pasa con …" → at "qué"): the last
        clause word or asking phrase that follows some other word; 0 when the whole text is the question."""
        start = 0
        folded = [fold(w) for w in typed]
        asking = [self._asking(w) for w in typed]
        for i in range(1, len(typed)):
            if (folded[i] in self.clause_words or self._asks_at(asking, i)) and any(
                    not self.filler(w) for w in typed[:i]):
                start = i
        return start

    def _asks_at(self, asking: list[str], i: int) -> bool:
        """Whether a phrasing that asks ("qué pasa", "o que acontece", "who chooses") begins at `i` (`asking`: the
        words as `_asking` compares them): after a story, the question starts there as it does at a clause word."""
        return any(tuple(asking[i:i + len(phrase)]) == phrase
                   for kind in ASKING for phrase in self.shapes.get(kind, ()))

    def _asking(self, word: str) -> str:
        """A word as phrasings that ask are compared: folded ("que pasa" is "qué pasa"), except a condition word,
        whose accent tells a question from a condition: "cuándo" asks when, "cuando" begins a condition."""
        folded = fold(word)
        return word.lower() if folded in self.condition_words else folded

    def condition_starts(self, typed: list[str], question_starts: int) -> int:
        """Where a condition begins inside the question, after what it asks about ("what happens to my
        commander | when it dies", "qué pasa con el equipo | cuando muere la criatura"): the first
        condition word with a content word between the question's start and it; len(typed) when none."""
        for i in range(question_starts + 1, len(typed)):
            if fold(typed[i]) in self.condition_words and any(not self.filler(w) for w in typed[question_starts:i]):
                return i
        return len(typed)

    def knows(self, word: str) -> bool:
        """Whether the word is part of some phrase of the vocabulary (so it is no typo)."""
        return term(word, self.lang, "fs") in self._known_terms()

    def _known_terms(self) -> frozenset[str]:
        if self._known is None:
            self._known = frozenset(t for phrase_key in self.phrases for t in phrase_key)
        return self._known

    def wordings(self, phrase_key: tuple[str, ...]) -> list[str]:
        """The rules' wordings for a phrase; for a power/toughness typed alone ("a 2/2", "+3/+3"), those of
        [power-toughness]: a value reads as "power and toughness", a change as what modifies them."""
        found = self.phrases.get(phrase_key)
        if found is None and len(phrase_key) == 1 and POWER_TOUGHNESS_RE.fullmatch(phrase_key[0]):
            found = self.power_toughness.get("change" if phrase_key[0][0] in "+-" else "value")
        return found or []

    def add(self, phrase: str, wordings: list[str]) -> None:
        phrase_key = key(phrase, self.lang)
        if not phrase_key:
            return
        self._known = None
        found = self.phrases.setdefault(phrase_key, [])
        found += [w for w in wordings if w not in found]
        self.longest = max(self.longest, len(phrase_key))

    def situation(self, typed: list[str]) -> dict[str, int]:
        """The families of rules a story's cues point to, each with how many cues point to it ("I
        sacrifice it in response": lookback 2, resolution 1)."""
        found: dict[str, int] = {}
        for named in self.cues_in(typed):
            for family in named:
                found[family] = found.get(family, 0) + 1
        return found

    def cues_in(self, typed: list[str]) -> list[tuple[str, ...]]:
        """The families each cue of `typed` points to, cue by cue; the longest cue at each place wins."""
        found: list[tuple[str, ...]] = []
        keys = [term(w, self.lang, "fs") for w in typed]
        i = 0
        while i < len(keys):
            for size in range(min(self.cue_longest, len(keys) - i), 0, -1):
                named = self.cues.get(tuple(keys[i:i + size]))
                if named:
                    found.append(named)
                    i += size
                    break
            else:
                named = self._inflected_cue(typed[i])
                if named:
                    found.append(named)
                i += 1
        return found

    def _inflected_cue(self, word: str) -> tuple[str, ...] | None:
        """The families of the one-word cue whose stem begins `word`: the stemmer leaves some inflections
        apart ("sacrificed" → "sacrif", "sacrifice" → "sacrific"; "sacrificó", "sacrificaram"), and players
        inflect verbs every way. Only stems of `INFLECTED_STEM` letters or more (no "die" in "diet")."""
        folded = fold(word.lower())
        for stem, named in self._cue_stems():
            if folded.startswith(stem):
                return named
        return None

    def _cue_stems(self) -> list[tuple[str, tuple[str, ...]]]:
        if self._stems is None:
            self._stems = sorted(((k[0], named) for k, named in self.cues.items()
                                  if len(k) == 1 and len(k[0]) >= INFLECTED_STEM), key=lambda item: -len(item[0]))
        return self._stems

    def shape(self, typed: list[str]) -> str | None:
        """The first shape (in `SHAPES` order) one of whose phrasings occurs in `typed`; else the first one of whose
        phrasings of several words occurs with a filler word inside ("what exactly counts as", "quem realmente
        escolhe"), unless it begins with a condition word ("when it does" is a condition, not "when does")."""
        folded = tuple(self._asking(w) for w in typed)
        for kind in SHAPES:
            for phrase in self.shapes.get(kind, ()):
                n = len(phrase)
                if any(folded[i:i + n] == phrase for i in range(len(folded) - n + 1)):
                    return kind
        for kind in SHAPES:
            for phrase in self.shapes.get(kind, ()):
                if len(phrase) > 1 and phrase[0] not in self.condition_words and any(
                        self._loosely(folded[i:], phrase) for i in range(len(folded))):
                    return kind
        return None

    def _loosely(self, folded: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
        """Whether `folded` begins with `phrase`, one filler word allowed between two of its words."""
        i = 0
        for k, word in enumerate(phrase):
            if k and i < len(folded) and folded[i] != word and self.filler(folded[i]):
                i += 1
            if i >= len(folded) or folded[i] != word:
                return False
            i += 1
        return True


@lru_cache(maxsize=8)
def lexicon(lang: str) -> Lexicon:
    """The language's data file, read once (an empty lexicon for a language without one)."""
    path = FOLDER / f"{lang}.toml"
    if not path.exists():
        return Lexicon(lang)
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    questions = data.get("questions", {})
    found = Lexicon(
        lang,
        filler_words=frozenset(fold(w) for w in questions.get("filler", "").split()),
        clause_words=frozenset(fold(w) for w in questions.get(CLAUSE, "").split()),
        condition_words=frozenset(fold(w) for w in questions.get(CONDITION, "").split()),
        negation_words=frozenset(fold(w) for w in questions.get(NEGATION, "").split()),
        hints={kind: tuple(found) for kind, found in data.get("hints", {}).items() if kind in SHAPES},
        everyday=frozenset(key(p, lang) for p in data.get("obsolete", {}).get("everyday", [])),
        power_toughness={kind: list(found) for kind, found in data.get("power-toughness", {}).items()},
    )
    found.shapes = {kind: [tuple(found._asking(w) for w in words(p)) for p in questions.get(kind, [])]
                    for kind in SHAPES}
    for phrase, wordings in data.get("words", {}).items():
        found.add(phrase, list(wordings))
    for phrase, wordings in data.get("instead", {}).items():
        found.add(phrase, list(wordings))
    found.instead = frozenset(key(p, lang) for p in data.get("instead", {}))
    for today, old in data.get("translation-2019", {}).items():  # both ways
        found.add(today, [old])
        found.add(old, [today])
    for cue, named in data.get("situations", {}).items():
        cue_key = key(cue, lang)
        if cue_key:
            found.cues[cue_key] = tuple(dict.fromkeys(found.cues.get(cue_key, ()) + tuple(named)))
            found.cue_longest = max(found.cue_longest, len(cue_key))
    return found


def with_obsolete_terms(base: Lexicon, corpus: Corpus, doc: str) -> Lexicon:
    """`base` plus the document's glossary entries marked obsolete, each mapped to the wording its text
    gives ("An obsolete term for mana value"), the titles of the rules it sends to and the entry itself (so
    "in play" reads as the battlefield and names "In Play (Obsolete)"); except the names the language's
    [obsolete] section calls everyday words ("during", "placed"), which stay plain words."""
    out = dataclasses.replace(base, phrases={k: list(v) for k, v in base.phrases.items()}, _known=None)
    for names, wordings in obsolete_terms(corpus, doc):
        for name in names:
            if key(name, base.lang) not in base.everyday:
                out.add(name, wordings)
    return out


def obsolete_terms(corpus: Corpus, doc: str) -> list[tuple[list[str], list[str]]]:
    """(names, current wordings) for each glossary entry of `doc` marked obsolete; the last wording is the
    entry's own term."""
    out = []
    rules = corpus.rules.get(doc, {})
    for entry in corpus.glossary.get(doc, []):
        head = f"{entry.term} {entry.text[:12]}"
        if not OBSOLETE_RE.search(head):
            continue
        names = [n.strip() for n in re.split(r"[,/]", OBSOLETE_RE.sub(" ", entry.term)) if n.strip()]
        wordings = [_BRACKETS.sub(" ", m.group(1)).strip() for m in REPLACEMENT_RE.finditer(entry.text)]
        wordings += [rules[n].title for n in entry.rules if n in rules and rules[n].title]
        wordings = [w for w in dict.fromkeys([*wordings, entry.term]) if w]
        if names:
            out.append((names, wordings))
    return out
