"""What two rules are compared on: their words, their titles, the rules they cite, their place.

Text similarity works on word tokens, case folded, with rule numbers reduced to one placeholder
token: a rule whose only change is that a cited number moved ("see rule 111.4" → "see rule 112.4")
reads as unchanged text, and the citations are compared separately, through the alignment itself.
"""

from __future__ import annotations

import heapq
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from judge_app.corpus import Corpus, Rule
from judge_app.corpus.glossary import term_key

QUERY_WORDS = 16  # a rule's most distinctive words, used to find its likely counterparts
MAX_POSTING = 300  # words in more rules than this are too common to find anything
RULE_TOKEN = "#"
# 2019's text has straight quotes and hyphens where 2026's has curly quotes and dashes: not a change.
TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "\u00a0": " "})

_WORD_RE = re.compile(r"\d{3}\.\d+[a-z]?|\d+|[^\W\d_]+(?:'[^\W\d_]+)?")
_RULE_NUMBER_RE = re.compile(r"\d{3}(?:\.\d+[a-z]?)?")


def tokens(text: str) -> list[str]:
    """Word tokens of `text`, case folded, every rule or section number replaced by `RULE_TOKEN`."""
    text = text.lower().translate(TYPOGRAPHY)
    return [RULE_TOKEN if _RULE_NUMBER_RE.fullmatch(w) else w for w in _WORD_RE.findall(text)]


def title_key(title: str) -> str:
    """A title for comparison: folded, a trailing parenthesis dropped ("∞ (Infinity)" → "∞")."""
    return term_key(re.sub(r"\s*\([^()]*\)$", "", title)) if title else ""


@dataclass(slots=True)
class Entry:
    """One rule (or chapter, section, subrule) of a document, ready to be compared."""

    number: str
    level: str
    parent: str | None
    title: str  # `title_key` of the rule's title, "" if it has none
    words: list[str]  # tokens of the text (examples illustrate; they are not what a rule says)
    content: Counter  # tokens of the text, and of the descendants' text for chapters, sections, headings
    cites: frozenset[str]  # numbers the rule's text and examples refer to (itself excluded)
    norm: str  # the text and examples, typography folded, whitespace collapsed: equal means unchanged


def _norm(rule: Rule) -> str:
    return " ".join(" ".join([rule.text, *rule.examples]).translate(TYPOGRAPHY).split())


def entries(corpus: Corpus, doc: str) -> dict[str, Entry]:
    """Every rule of `doc` as an `Entry`, in document order."""
    rules = corpus.rules[doc]
    out: dict[str, Entry] = {}
    for number, rule in rules.items():
        words = tokens(rule.text)
        cites = frozenset(n for ref in rule.references for n in ref.resolved if n != number)
        out[number] = Entry(number, rule.level, rule.parent, title_key(rule.title), words, Counter(words), cites,
                            _norm(rule))
    # A chapter, section or heading rule ("702.19. Trample") says little by itself: what it holds does.
    full: dict[str, Counter] = {}
    for number in reversed(list(rules)):
        bag = Counter(out[number].words)
        for child in rules[number].children:
            bag.update(full[child])
        full[number] = bag
        if is_heading(out[number]):
            out[number].content = bag
    return out


def is_heading(entry: Entry) -> bool:
    """Chapters, sections and keyword-style rules whose text is only a name."""
    return entry.level in ("chapter", "section") or (entry.level == "rule" and bool(entry.title))


def similarity(a: list[str], b: list[str]) -> float:
    """How much of two word sequences is the same, in order: 2·matched / (len a + len b)."""
    if not a or not b:
        return 1.0 if a == b else 0.0
    return SequenceMatcher(None, a, b, autojunk=False).ratio()


def containment(part: list[str], whole: list[str]) -> float:
    """The share of `part`'s words found, in order, in `whole` (1.0: `part` is all inside `whole`)."""
    if not part or not whole:
        return 0.0
    blocks = SequenceMatcher(None, part, whole, autojunk=False).get_matching_blocks()
    return sum(b.size for b in blocks) / len(part)


def kind(entry: Entry) -> str:
    """What an entry may be paired with: chapters with chapters, sections with sections, and rules
    with rules or subrules (a rule may become a subrule and back)."""
    return "rule" if entry.level in ("rule", "subrule") else entry.level


@dataclass
class Index:
    """TF-IDF vectors of one document's entries (of their `content`), to find the few likely
    counterparts of a rule fast before comparing word sequences, which is the slow part."""

    vectors: dict[str, dict[str, float]] = field(default_factory=dict)
    postings: dict[str, dict[str, list[tuple[str, float]]]] = field(default_factory=dict)  # kind → word → …

    @classmethod
    def pair(cls, old: dict[str, Entry], new: dict[str, Entry]) -> tuple[Index, Index]:
        """Two indexes sharing one vocabulary weighting (document frequency over both documents)."""
        df: Counter = Counter()
        for entry in (*old.values(), *new.values()):
            df.update(entry.content.keys())
        total = len(old) + len(new)
        idf = {w: math.log(total / n) for w, n in df.items()}
        return cls._one(old, idf), cls._one(new, idf)

    @classmethod
    def _one(cls, entries_: dict[str, Entry], idf: dict[str, float]) -> Index:
        index = cls()
        for number, entry in entries_.items():
            vector = {w: (1 + math.log(c)) * idf[w] for w, c in entry.content.items() if idf[w] > 0}
            norm = math.sqrt(sum(v * v for v in vector.values())) or 1.0
            vector = {w: v / norm for w, v in vector.items()}
            index.vectors[number] = vector
            postings = index.postings.setdefault(kind(entry), {})
            for w, v in vector.items():
                postings.setdefault(w, []).append((number, v))
        return index

    def nearest(self, vector: dict[str, float], group: str, limit: int) -> list[str]:
        """The `limit` entries of kind `group` with the highest cosine to `vector`. Candidates come
        from the query's most distinctive words only (scanning every shared word is what is slow)."""
        postings = self.postings.get(group, {})
        scores: dict[str, float] = {}
        for w, v in heapq.nlargest(QUERY_WORDS, vector.items(), key=lambda item: item[1]):
            posting = postings.get(w, ())
            if len(posting) > MAX_POSTING:
                continue
            for number, weight in posting:
                scores[number] = scores.get(number, 0.0) + v * weight
        shortlist = heapq.nlargest(limit * 3, scores, key=scores.__getitem__)
        return heapq.nlargest(limit, shortlist, key=lambda n: cosine(vector, self.vectors[n]))


def cosine(a: dict[str, float], b: dict[str, float]) -> float:
    if len(a) > len(b):
        a, b = b, a
    return sum(v * b.get(w, 0.0) for w, v in a.items())
