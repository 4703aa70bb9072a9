"""Highlighted snippets: the part of a text with the most query words, escaped, words in <mark>.

A word is marked when its analysed form (either chain) is one the query asked for, so "tramples"
marks "trample" and "mortifero" marks "mortífero". Text is escaped before any markup is added:
rule text is data, never HTML.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from html import escape

from judge_app.search.analysis import term, tokens

WIDTH = 240  # characters of text in a snippet
LEAD = 60  # characters shown before the first marked word


@dataclass(frozen=True, slots=True)
class Wanted:
    """The analysed query terms of one language, as each chain produced them."""

    lang: str
    sf: frozenset[str]
    fs: frozenset[str]

    def matches(self, word: str) -> bool:
        return term(word, self.lang, "sf") in self.sf or term(word, self.lang, "fs") in self.fs


def marked_spans(text: str, wanted: Wanted) -> list[tuple[int, int, str]]:
    """(start, end, matched term) of every wanted word in `text`."""
    return [(m.start(), m.end(), term(m.group(), wanted.lang, "fs")) for m in tokens(text)
            if wanted.matches(m.group())]


def snippet(texts: Collection[str], wanted: Wanted | None, width: int = WIDTH) -> str:
    """The best window of the first text holding a wanted word (else the start of the first text)."""
    texts = [t for t in texts if t]
    if not texts:
        return ""
    if wanted is not None:
        for text in texts:
            spans = marked_spans(text, wanted)
            if spans:
                return _render(text, spans, width)
    return _render(texts[0], [], width)


def _render(text: str, spans: list[tuple[int, int, str]], width: int) -> str:
    start = _best_start(spans, width)
    end = start + width
    if start > 0:
        start = _word_boundary(text, start, forward=True)
    if end < len(text):
        end = _word_boundary(text, end, forward=False)
    out = ["…"] if start > 0 else []
    position = start
    for s, e, _ in spans:
        if s < start or e > end:
            continue
        out.append(escape(text[position:s]))
        out.append(f"<mark>{escape(text[s:e])}</mark>")
        position = e
    out.append(escape(text[position:end]))
    if end < len(text):
        out.append("…")
    return "".join(out).replace("\n", " ")


def _best_start(spans: list[tuple[int, int, str]], width: int) -> int:
    """Start of the window that shows the most distinct wanted words (the earliest on a tie)."""
    best, best_count = 0, -1
    for s, _, _ in spans:
        start = max(0, s - LEAD)
        count = len({t for s2, e2, t in spans if s2 >= start and e2 <= start + width})
        if count > best_count:
            best, best_count = start, count
    return best


def _word_boundary(text: str, index: int, forward: bool) -> int:
    index = min(max(index, 0), len(text))
    step = 1 if forward else -1
    limit = 20
    i = index
    while 0 < i < len(text) and not text[i - 1].isspace() and limit:
        i += step
        limit -= 1
    return i if limit else index
