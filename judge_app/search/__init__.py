"""Search over every document of the corpus: by rule number, keyword, glossary term or plain question,
in English, Portuguese and Spanish. Whoosh does the full-text work behind this package; callers only
see the functions and dataclasses below.

    from judge_app import search

    response = search.search("tramlpe", doc="en-2026")     # never raises on any query text
    response.did_you_mean                                  # "trample"
    for hit in response.hits:                              # best first
        hit.doc, hit.kind, hit.number or hit.term, hit.score, hit.snippet   # snippet: escaped HTML, <mark>

    response = search.search("cr 702.19C")                 # a rule number: no full text
    response.jump                                          # Jump(doc="en-2026", number="702.19c", …)

    search.ensure_index()                                  # build if missing or stale (corpus/code changed)
    search.build_index(progress=lambda done, total: …)     # rebuild now (`judge index build`)

`search(query, doc=None, lang=None, limit=10, chapter=None, offset=0) -> SearchResponse`
    doc      a document id ("en-2026", "pt-2019", "pt-lesson-turn" …); None searches every document
             (rule numbers then open in the default document: en-2026, or es-2026/pt-2019 for lang).
    lang     "en", "pt" or "es": only documents in that language.
    limit    1–100 hits; offset: how many to skip (0–500), for the next pages.
    chapter  "7", "702" or "702.19": only rules inside it.
    Words of another language find the corresponding rules (cross-language): English or Spanish on
    pt-2019, English or Portuguese on es-2026, and so on, through the corpus alignment. Questions are
    read as players ask them (`questions`, with the players' vocabulary of `lexicon/`).

`SearchResponse`: `query` (as understood), `hits` (this page, a list of `Hit`), `total` and `offset`,
`jump` (a `Jump` when the query was a rule number that exists), `did_you_mean` (a corrected query, or
the nearest rule number), `suggestions` (rule numbers near an unknown one), `messages` (each a `Message`:
English text with a `code` and `params` to say it in another language; `message` joins them), `docs`
(what was searched), `scenarios` (library scenarios that show the answer happen, `ScenarioHit`),
`elsewhere` (words only other documents have, and the rule each leads to there); `to_dict()` gives
the JSON form.

`Hit`: `doc`, `kind` ("rule", "glossary", "guide"), `number` (rules), `term` (glossary), `paragraph`
(guides), `title`, `level`, `path` (enclosing numbers), `rules` (what a glossary entry or guide
paragraph refers to), `score`, `snippet`, `via` (the pivot document of a cross-language hit).

The index lives in `<data dir>/search/` (`JUDGE_DATA_DIR`), is rebuilt when the corpus or the
indexing code changes, and is swapped in atomically; `engine()` opens it once per process and is safe
to share between threads (each thread gets its own Whoosh searcher); `refresh()` picks up a changed
corpus in a long-running process. `use_alignment(...)` plugs in a fuller alignment between documents.
"""

from __future__ import annotations

import threading
from pathlib import Path

from judge_app.alignment import load_alignment
from judge_app.corpus import load_corpus
from judge_app.search.crosslang import AlignedDocuments, Alignment, SameDateAlignment
from judge_app.search.lifecycle import IndexInfo, Progress, current, index_key
from judge_app.search.lifecycle import build_index as _build_index
from judge_app.search.lifecycle import ensure_index as _ensure_index
from judge_app.search.results import Elsewhere, Hit, Jump, Message, SearchResponse
from judge_app.search.scenarios import ScenarioHit
from judge_app.search.searching import Engine

__all__ = [
    "AlignedDocuments", "Alignment", "Elsewhere", "Engine", "Hit", "IndexInfo", "Jump", "Message", "SameDateAlignment",
    "ScenarioHit", "SearchResponse",
    "build_index", "current", "engine", "ensure_index", "index_key", "open_engine", "refresh", "reset", "search",
    "use_alignment",
]

_engine: Engine | None = None
_alignment: Alignment | None = None
_lock = threading.Lock()


def search(query: str, doc: str | None = None, lang: str | None = None, limit: int = 10,
           chapter: str | None = None, offset: int = 0) -> SearchResponse:
    """Search; see the module docstring. Any query text is answered, none raises."""
    return engine().search(query, doc=doc, lang=lang, limit=limit, chapter=chapter, offset=offset)


def ensure_index(progress: Progress | None = None, data_dir: Path | None = None) -> IndexInfo:
    """The current index, built first if missing or stale."""
    return _ensure_index(progress, data_dir)


def build_index(progress: Progress | None = None, data_dir: Path | None = None) -> IndexInfo:
    """Rebuild the index now and publish it; `progress(done, total)` is called as entries are written."""
    info = _build_index(progress, data_dir)
    reset()
    return info


def open_engine(data_dir: Path | None = None, alignment: Alignment | None = None,
                progress: Progress | None = None) -> Engine:
    """A new engine on the current index of `data_dir` (built first if needed), mapping rules between
    documents with `alignment` (default: the corpus alignment, `judge_app.alignment`)."""
    info = _ensure_index(progress, data_dir)
    return Engine(info.path, load_corpus(), alignment or AlignedDocuments(load_alignment()))


def engine(progress: Progress | None = None) -> Engine:
    """The process-wide engine, opened (and the index built if needed, reporting to `progress`) on
    first use."""
    global _engine
    if _engine is None:
        with _lock:
            if _engine is None:
                _engine = open_engine(alignment=_alignment, progress=progress)
    return _engine


def refresh() -> bool:
    """Re-check the corpus (hashing its sources, a few ms): if it changed, build the new index and
    switch the process-wide engine to it. True when it switched. For a long-running server."""
    global _engine
    info = _ensure_index()
    with _lock:
        if _engine is not None and _engine.path == info.path:
            return False
        _engine = Engine(info.path, load_corpus(), _alignment or AlignedDocuments(load_alignment()))
        return True


def use_alignment(alignment: Alignment | None) -> None:
    """Map rules between documents with `alignment` from now on (None: back to the corpus alignment).

    Any object with `pivots(doc)` and `counterpart(from_doc, number, to_doc)` will do (see
    `crosslang.Alignment`), e.g. `SameDateAlignment(corpus)`, which needs no alignment build.
    """
    global _alignment
    _alignment = alignment
    reset()


def reset() -> None:
    """Forget the process-wide engine: the next search opens the index again (after a rebuild)."""
    global _engine
    with _lock:
        _engine = None  # not closed: other threads may still be reading through it
