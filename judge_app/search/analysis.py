"""Text analysis for the index and for queries: one tokenizer, then lowercase, Snowball stemming and
accent folding, per language, in two orders.

Why two orders: stemming first and folding after keeps the stemmer's view of accented words
("mãos" → "mã" → "ma", so plural and singular meet), but a query typed without accents is stemmed
as a different word ("mao" → "mao"). Folding first and stemming after finds the accentless query
but splits some plurals. The index carries both chains in two fields; a query term matches either.

No stop lists: the usual ones delete game words ("each", "before", "own", "estado"). Very common
words are dropped from queries by document frequency instead (see `searching`).

Before stemming, `lexicon/stems.toml` gives some word forms their own term: game words Snowball would
otherwise stem onto another word ("dies" onto "die", "dañar" onto "daño"), and irregular forms it
cannot join ("murió" to "morir").
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from whoosh.analysis import Filter, RegexTokenizer
from whoosh.lang import stemmer_for_language

LANGUAGES = ("en", "pt", "es")
CHAINS = ("sf", "fs")  # stem-then-fold, fold-then-stem

# A rule number ("702.19c", "100.1") is one token; so is a power/toughness or its change ("2/2", "+1/+1",
# "-1/-1", "+X/+0": players type "+1/+1 counters", "a 2/2", the rules write the same); otherwise words,
# apostrophes inside kept ("owner's"). static/offline-search.js reads tokens alike.
_PT = r"[+\-−–]?(?:\d{1,3}|[xy])/[+\-−–]?(?:\d{1,3}|[xy])"
POWER_TOUGHNESS_RE = re.compile(_PT, re.IGNORECASE)  # one token: "2/2" (a value), "+3/+3" (a change)
TOKEN_RE = re.compile(rf"[1-9]\d{{2}}\.\d{{1,3}}[a-z]?(?!\w)|(?<![\w/]){_PT}(?![\w/])|\w+(?:['’]\w+)*", re.IGNORECASE)
_MINUS = str.maketrans({"−": "-", "–": "-"})  # a minus sign or an en dash in "−1/−1" is the hyphen of "-1/-1"

_NOT_DECOMPOSED = str.maketrans({"æ": "ae", "œ": "oe", "ø": "o", "ß": "ss", "ł": "l", "đ": "d", "’": "'"})
STEMS_FILE = Path(__file__).resolve().parent / "lexicon" / "stems.toml"


@lru_cache(maxsize=100_000)
def fold(text: str) -> str:
    """Lower case without accents: "Mortífero" → "mortifero", "Æther" → "aether"."""
    decomposed = unicodedata.normalize("NFKD", text.lower().translate(_NOT_DECOMPOSED))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def tokens(text: str) -> Iterator[re.Match[str]]:
    """Tokens of `text` with their offsets (the snippet builder needs the offsets)."""
    return TOKEN_RE.finditer(text)


def words(text: str) -> list[str]:
    return TOKEN_RE.findall(text)


@lru_cache(maxsize=3)
def _stemmer(lang: str):
    return stemmer_for_language(lang)


@lru_cache(maxsize=1)
def fixed_stems() -> dict[str, dict[str, str]]:
    """Per language: folded word form → the term it gets instead of its Snowball stem."""
    with open(STEMS_FILE, "rb") as handle:
        data = tomllib.load(handle)
    return {lang: {fold(word): target for word, target in table.items()} for lang, table in data.items()}


_remembered: dict[tuple[str, str], dict[str, str]] = {}  # (lang, chain) → lowercased word → its term


def remember(table: dict[tuple[str, str], dict[str, str]]) -> None:
    """Terms an earlier process worked out (`search.prepared` keeps the corpus's): looked up, not stemmed again."""
    _remembered.update(table)


@lru_cache(maxsize=200_000)
def term(word: str, lang: str, chain: str) -> str:
    """The index term for one token: `chain` "sf" stems then folds, "fs" folds then stems.

    Tokens holding a digit or a slash (rule numbers, "1/1", "+X/+0") are only lowercased, never stemmed.
    """
    lowered = word.lower().replace("’", "'").translate(_MINUS)
    known = _remembered.get((lang, chain))
    if known is not None and lowered in known:
        return known[lowered]
    if "/" in lowered or any(ch.isdigit() for ch in lowered):
        return lowered
    fixed = fixed_stems().get(lang, {}).get(fold(lowered))
    if fixed is not None:
        return fixed
    stem = _stemmer(lang)
    if chain == "sf":
        return fold(stem(lowered))
    return stem(fold(lowered))


def terms(text: str, lang: str, chain: str) -> list[str]:
    return [term(w, lang, chain) for w in words(text)]


def key(text: str, lang: str, chain: str = "fs") -> str:
    """A comparison key for titles and glossary terms: "State-Based Actions" ~ "state based action"."""
    return " ".join(terms(text, lang, chain))


class ChainFilter(Filter):
    """Whoosh filter applying `term` to every token (lowercase included)."""

    def __init__(self, lang: str, chain: str):
        self.lang = lang
        self.chain = chain

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ChainFilter) and (self.lang, self.chain) == (other.lang, other.chain)

    def __hash__(self) -> int:
        return hash((self.lang, self.chain))

    def __call__(self, stream):
        for token in stream:
            token.text = term(token.text, self.lang, self.chain)
            yield token


def analyzer(lang: str, chain: str):
    """The Whoosh analyzer of one language and chain (used when indexing)."""
    return RegexTokenizer(TOKEN_RE) | ChainFilter(lang, chain)
