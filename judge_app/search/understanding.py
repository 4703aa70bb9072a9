"""What a typed query asks for, decided before any full-text search.

Judges type fast on a phone: "cr 704.5k", "702,19c", "regra 704.5k", "atropelar toque mortifero",
"\"combat damage\"". A rule number goes straight to a lookup; everything else becomes plain words
and quoted phrases. Nothing here ever reaches a query parser, so no input can be a syntax error:
operators, wildcards (`*`, `?`), fuzzy marks (`~`), brackets and control characters are just
punctuation ("trample~5" is "trample"), and only the first `MAX_WORDS` words of a very long query are
used. Words are kept in order, repeats included ("first strike and double strike"): the reading of the
question (`questions`) counts each thing it names once.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from judge_app.corpus import numbers
from judge_app.search.analysis import words

MAX_CHARS = 1000
MAX_WORDS = 24
MAX_PHRASES = 4
_QUOTES = {'"': '"', "“": "”", "„": "”", "«": "»", "”": "”"}
_DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d)")  # "702,19c" on a keyboard that prefers commas
_OPERATOR_SUFFIX = re.compile(r"(?<=\w)[~^][\d.]*")  # "trample~5", "trample^2": search syntax from elsewhere


@dataclass(slots=True)
class ParsedQuery:
    text: str  # the query as used: control characters removed, whitespace collapsed, cut to MAX_CHARS
    number: str | None = None  # canonical rule/section/chapter number when the whole query is one
    words: list[str] = field(default_factory=list)  # words outside quotes, as typed
    phrases: list[list[str]] = field(default_factory=list)  # words of each quoted phrase
    truncated: bool = False

    @property
    def empty(self) -> bool:
        return self.number is None and not self.words and not self.phrases

    def all_words(self) -> list[str]:
        return self.words + [w for phrase in self.phrases for w in phrase]


def number_token(word: str) -> str | None:
    """A rule or section number written inside a longer query ("702.19c", "704")."""
    if not word[:1].isdigit():
        return None
    number = numbers.normalise(word)
    return number if number and not numbers.CHAPTER_RE.match(number) else None


def clean(text: str) -> str:
    """Printable text on one line: control and format characters become spaces."""
    text = "".join(" " if unicodedata.category(ch)[0] == "C" else ch for ch in str(text))
    return " ".join(text.split())


def parse(query: str | None) -> ParsedQuery:
    text = clean(query or "")
    truncated = len(text) > MAX_CHARS
    text = text[:MAX_CHARS]
    number = numbers.normalise(_DECIMAL_COMMA.sub(".", text)) if text else None
    if number is not None:
        return ParsedQuery(text=text, number=number)
    phrases, rest = _split_phrases(_OPERATOR_SUFFIX.sub(" ", text))
    budget = MAX_WORDS
    kept_phrases = []
    for phrase in phrases[:MAX_PHRASES]:
        phrase_words = words(phrase)[:budget]
        budget -= len(phrase_words)
        if len(phrase_words) > 1:
            kept_phrases.append(phrase_words)
        elif phrase_words:
            rest = f"{rest} {phrase_words[0]}"
    plain = words(rest)
    truncated = truncated or len(plain) > budget or len(phrases) > MAX_PHRASES
    return ParsedQuery(text=text, words=plain[: max(budget, 0)], phrases=kept_phrases, truncated=truncated)


def _split_phrases(text: str) -> tuple[list[str], str]:
    """Quoted phrases (balanced pairs only) and the text outside them; a lone quote is ignored."""
    phrases: list[str] = []
    outside: list[str] = []
    i = 0
    while i < len(text):
        close = _QUOTES.get(text[i])
        end = text.find(close, i + 1) if close else -1
        if close and end == -1 and close != text[i]:
            end = text.find(text[i], i + 1)  # “…“ typed with the same mark twice
        if end > i:
            phrases.append(text[i + 1:end])
            outside.append(" ")
            i = end + 1
        else:
            outside.append(text[i])
            i += 1
    return phrases, "".join(outside)
