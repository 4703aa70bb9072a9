"""The Whoosh schema: filter fields, and per-document text fields in both analysis chains.

Text fields are per document (`text_fs_pt2019`, `title_sf_en2026` …), analysed in the document's
language. A search of one document then reads only that document's postings (searching en-2026 does
not wade through en-2019), each document keeps its own term statistics, and a query term is analysed
by the same chain as the field it targets. Searching several documents is an Or over their fields.
"""

from __future__ import annotations

import re

from whoosh.fields import ID, KEYWORD, TEXT, Schema

from judge_app.search.analysis import CHAINS, analyzer
from judge_app.search.entries import Entry

PARTS = ("title", "text", "more")  # "more": examples and the titles of the enclosing rules


def slug(doc: str) -> str:
    """A document id as it appears in field names: "pt-lesson-turn" → "ptlessonturn"."""
    return re.sub(r"[^a-z0-9]", "", doc.lower())


def field(part: str, chain: str, doc: str) -> str:
    return f"{part}_{chain}_{slug(doc)}"


def build_schema(languages: dict[str, str]) -> Schema:
    """`languages`: document id → language, for every document of the corpus."""
    fields = {
        "ref": ID(stored=True, unique=True),  # "en-2026|rule|702.19b": the entry, in the corpus
        "doc": ID(stored=True),
        "lang": ID(stored=True),
        "version": ID(stored=True),  # the document's effective date
        "kind": ID(stored=True),  # "rule", "glossary", "guide"
        "number": ID(stored=True),  # a rule's own number
        "path": KEYWORD,  # enclosing numbers and its own, for chapter/section filters
        "cites": KEYWORD,  # numbers the entry refers to
    }
    for doc, lang in languages.items():
        for chain in CHAINS:
            for part in PARTS:
                fields[field(part, chain, doc)] = TEXT(analyzer=analyzer(lang, chain), phrase=True)
    return Schema(**fields)


def document_fields(entry: Entry) -> dict[str, str]:
    """The values `writer.add_document` takes for one entry."""
    values = {
        "ref": str(entry.ref), "doc": entry.doc, "lang": entry.lang, "version": entry.version, "kind": entry.kind,
        "path": " ".join(entry.path), "cites": " ".join(entry.cites),
    }
    if entry.kind == "rule":
        values["number"] = entry.key
    more = "\n".join(part for part in (entry.examples, entry.context) if part)
    for chain in CHAINS:
        for part, value in (("title", entry.title), ("text", entry.text), ("more", more)):
            if value:
                values[field(part, chain, entry.doc)] = value
    return values
