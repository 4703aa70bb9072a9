"""Glossary terms in rule text: which words of a rule have a glossary entry worth explaining.

One pattern per document, built once: every current (not obsolete) term and each of its listed
forms ("Control, Controller"), matched on word boundaries with an optional plural. Forms found in
many rules ("player", "card", Spanish "sobre") are left out: every judge knows them, and a link on
every other word would bury the ones that help ("lethal damage", "combat damage step").
"""

from __future__ import annotations

import re
import threading
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from judge_app.corpus import Corpus, GlossaryEntry

_OBSOLETE_RE = re.compile(r"\((?:obsolete|obsoleto|obsoleta)\)", re.I)
_FORM_SPLIT_RE = re.compile(r",\s*|/")
MIN_LENGTH = 4  # shorter forms ("Se, es") are ordinary words more often than terms
MAX_SHARE = 0.02  # a form found in more than this share of a document's rules is not linked


@dataclass(frozen=True, slots=True)
class TermMatcher:
    pattern: re.Pattern[str] | None
    entries: dict[str, GlossaryEntry]  # lower-cased form → entry

    def find(self, text: str) -> Iterator[tuple[int, int, GlossaryEntry]]:
        if self.pattern is None:
            return
        for match in self.pattern.finditer(text):
            entry = self.entries.get(match.group(1).lower())
            if entry is not None:
                yield match.start(), match.end(), entry


def forms(entry: GlossaryEntry) -> list[str]:
    if _OBSOLETE_RE.search(entry.term):
        return []
    found = [f.strip(" “”\"'") for f in _FORM_SPLIT_RE.split(entry.term)]
    return [f for f in found if len(f) >= MIN_LENGTH and not f.startswith("(")]


def trie_regex(words: Iterable[str]) -> str:
    """One alternation factored by common prefixes: several times faster than a flat `a|b|c` of ~900 terms.

    Greedy optional groups make the longest form win, as a longest-first alternation would.
    """
    trie: dict = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def emit(node: dict) -> str:
        branches = [re.escape(char) + emit(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(trie)


def _compile(by_form: dict[str, GlossaryEntry]) -> TermMatcher:
    if not by_form:
        return TermMatcher(None, {})
    return TermMatcher(re.compile(rf"(?<!\w)({trie_regex(by_form)})(?:e?s)?(?!\w)", re.I), by_form)


def build_matcher(entries: list[GlossaryEntry], texts: list[str]) -> TermMatcher:
    """A matcher for `entries`, without the forms that appear in too many of `texts`."""
    by_form: dict[str, GlossaryEntry] = {}
    for entry in entries:
        for form in forms(entry):
            by_form.setdefault(form.lower(), entry)
    everything = _compile(by_form)
    if everything.pattern is None:
        return everything
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update({m.group(1).lower() for m in everything.pattern.finditer(text)})
    limit = max(1, int(len(texts) * MAX_SHARE))
    return _compile({form: entry for form, entry in by_form.items() if counts[form] <= limit})


_matchers: dict[tuple[int, str], TermMatcher] = {}
_lock = threading.Lock()


def matcher(corpus: Corpus, doc: str) -> TermMatcher:
    key = (id(corpus), doc)
    with _lock:
        found = _matchers.get(key)
        if found is None:
            texts = [r.text for r in corpus.rules.get(doc, {}).values()]
            found = _matchers[key] = build_matcher(corpus.glossary.get(doc, []), texts)
        return found
