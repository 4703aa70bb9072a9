"""One document's search index for the browser: what offline search and the static export load.

The browser searches with MiniSearch (vendored in `static/vendor/minisearch/`), but the index is
built here, with the server's own analysis (`analysis.term`: Snowball stemming, then accent
folding), and written in MiniSearch's serialised form, so the phone only parses it and never
tokenises the whole document. JavaScript has no Snowball stemmer for three languages; it needs
none: stemming is a function on the document's own words, so the index ships the vocabulary as
stem → the folded words that have it ("trampl" ← "trample", "trampled"), and the browser maps a
typed word to its stem by looking it up (after correcting a typo against the same list).

Fields: `title` (a keyword rule's or section's name, a glossary term) and `text` (the text, its
examples and the enclosing titles, so "trample blocker" finds 702.19c). The format is MiniSearch
7's `toJSON` (serializationVersion 2); `static/offline-search.js` loads it with `loadJS`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from judge_app.corpus import Corpus
from judge_app.search.analysis import fold, term, words
from judge_app.search.entries import GLOSSARY, RULE, Entry, entries
from judge_app.search.lexicon import lexicon
from judge_app.search.questions import STOP_SHARE

FORMAT = 1
FIELDS = ("title", "text")
HEADING_CHARS = 90


@dataclass(frozen=True, slots=True)
class Links:
    """Where an entry's page is, as the caller's pages link it (server paths, or files of an export)."""

    rule: Callable[[str, str], str]  # (doc, number) -> url
    term: Callable[[str, str], str]  # (doc, term) -> url


def build(corpus: Corpus, doc: str, links: Links) -> dict:
    """The index of one CR document's rules and glossary, as plain JSON-ready data: what the page needs
    (entries, vocabulary, common stems) and, under "minisearch", MiniSearch's own part."""
    lang = corpus.document(doc).language
    rows = [e for e in entries(corpus) if e.doc == doc and e.kind in (RULE, GLOSSARY)]
    glossary = corpus.glossary.get(doc, [])
    postings: dict[str, dict[int, dict[int, int]]] = {}
    lengths: dict[int, list[int]] = {}
    surfaces: dict[str, Counter] = {}
    listed = []
    for short_id, entry in enumerate(rows):
        values = (entry.title, " ".join(filter(None, (entry.text, entry.examples, entry.context))))
        lengths[short_id] = []
        for field_id, value in enumerate(values):
            keys = []
            for word in words(value):
                key = term(word, lang, "sf")
                keys.append(key)
                if not any(ch.isdigit() for ch in word):
                    surfaces.setdefault(key, Counter())[fold(word.replace("’", "'"))] += 1
            lengths[short_id].append(len(keys))
            for key, count in Counter(keys).items():
                postings.setdefault(key, {}).setdefault(field_id, {})[short_id] = count
        listed.append(_listed(corpus, doc, entry, glossary, links))
    count = len(rows)
    average = [sum(lengths[i][f] for i in lengths) / max(count, 1) for f in range(len(FIELDS))]
    document_frequency = {key: len(set().union(*(d.keys() for d in fields.values())))
                          for key, fields in postings.items()}
    return {
        "format": FORMAT,
        "doc": doc,
        "lang": lang,
        "fields": list(FIELDS),
        "entries": listed,
        "vocabulary": [[key, document_frequency[key], sorted(found)] for key, found in sorted(surfaces.items())],
        "common": sorted(k for k, n in document_frequency.items() if n > STOP_SHARE * count),
        "asks": sorted(lexicon(lang).filler_words),  # question and filler words, dropped as the server drops them
        "minisearch": {
            "documentCount": count,
            "nextId": count,
            "documentIds": {str(i): i for i in range(count)},
            "fieldIds": {name: i for i, name in enumerate(FIELDS)},
            "fieldLength": {str(i): lengths[i] for i in range(count)},
            "averageFieldLength": average,
            "storedFields": {},
            "dirtCount": 0,
            "index": [[key, {str(f): {str(i): n for i, n in docs.items()} for f, docs in fields.items()}]
                      for key, fields in postings.items()],
            "serializationVersion": 2,
        },
    }


def _listed(corpus: Corpus, doc: str, entry: Entry, glossary: list, links: Links) -> list:
    """[kind, number or term, heading, url]: what a hit shows and where it leads."""
    if entry.kind == RULE:
        rule = corpus.rules[doc][entry.key]
        return ["rule", rule.number, rule.heading, links.rule(doc, rule.number)]
    item = glossary[int(entry.key)]
    text = " ".join(item.text.split())
    heading = text if len(text) <= HEADING_CHARS else text[:HEADING_CHARS].rsplit(" ", 1)[0] + "…"
    return ["glossary", item.term, heading, links.term(doc, item.term)]
