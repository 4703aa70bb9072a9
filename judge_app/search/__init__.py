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
indexing code changes, or when its files are damaged, and is swapped in atomically; `engine()` opens it
once per process and is safe to share between threads (they share one Whoosh searcher and the postings read);
`refresh()` picks up a changed corpus in a long-running process. The process-wide engine follows an
index published under it, and one deleted or damaged under it: `search` then switches to the published
index, or, while a new one is built in the background, raises `IndexUnavailable`.
`use_alignment(...)` plugs in a fuller alignment between documents.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from judge_app import paths
from judge_app.alignment import cache as alignment_cache
from judge_app.alignment import load_alignment
from judge_app.corpus import load_corpus
from judge_app.search import lifecycle, prepared
from judge_app.search.crosslang import AlignedDocuments, Alignment, SameDateAlignment
from judge_app.search.lifecycle import IndexInfo, IndexUnavailable, Progress, current, index_key
from judge_app.search.lifecycle import build_index as _build_index
from judge_app.search.lifecycle import ensure_index as _ensure_index
from judge_app.search.results import Elsewhere, Hit, Jump, Message, SearchResponse
from judge_app.search.scenarios import ScenarioHit
from judge_app.search.searching import Engine

__all__ = [
    "AlignedDocuments", "Alignment", "Elsewhere", "Engine", "Hit", "IndexInfo", "IndexUnavailable", "Jump", "Message",
    "SameDateAlignment", "ScenarioHit", "SearchResponse",
    "build_index", "current", "engine", "ensure_index", "index_key", "open_engine", "refresh", "reset", "search",
    "use_alignment",
]

_engine: Engine | None = None
_watch: lifecycle.Watch | None = None
_alignment: Alignment | None = None
_lock = threading.Lock()  # held while choosing and opening an index
_swap = threading.Lock()  # held for the instant the process-wide engine is replaced
_background: dict[str, threading.Thread] = {}
# Seconds an engine replaced under running searches stays open for them (a search takes well under a second;
# each engine holds a Whoosh searcher, ~50 MB once read, and the postings it kept, so a replaced one is let go soon).
RETIRE_AFTER = 15.0
log = logging.getLogger(__name__)


def search(query: str, doc: str | None = None, lang: str | None = None, limit: int = 10,
           chapter: str | None = None, offset: int = 0) -> SearchResponse:
    """Search; see the module docstring. Any query text is answered, none raises; only a missing index
    that is being rebuilt raises `IndexUnavailable`."""
    opened = engine()
    try:
        return opened.search(query, doc=doc, lang=lang, limit=limit, chapter=chapter, offset=offset)
    except Exception as error:
        return _recover(opened, error).search(query, doc=doc, lang=lang, limit=limit, chapter=chapter, offset=offset)


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
    return _new_engine(_ensure_index(progress, data_dir), alignment, data_dir)


def _new_engine(info: IndexInfo, alignment: Alignment | None, data_dir: Path | None = None) -> Engine:
    """An engine on `info`; with the corpus alignment (no `alignment` given), its tables are read from the data
    directory when an earlier process kept them (`prepared`), else built and kept."""
    corpus = load_corpus()
    if alignment is not None:
        return Engine(info.path, corpus, alignment)
    tables, aligned = prepared.load_or_prepare(info, corpus, load_alignment,
                                               alignment_cache.cache_key(paths.corpus_dir()), data_dir)
    return Engine(info.path, corpus, aligned, tables)


def engine(progress: Progress | None = None) -> Engine:
    """The process-wide engine, opened (and the index built if needed, reporting to `progress`) on
    first use; switched, in the background, to a newly published index when one appears."""
    if _engine is None:
        with _lock:
            if _engine is None:
                _open(_ensure_index(progress), warm=False)
    elif _watch is not None and _watch.changed():
        _in_background("search-index-follow", _follow)
    assert _engine is not None
    return _engine


def _open(info: IndexInfo, warm: bool = True) -> Engine:
    """Open the engine on `info` and make it the process-wide one; `warm`: with what a first search may need
    built (a running server switching to a new index)."""
    global _engine, _watch
    opened = _new_engine(info, _alignment)
    if warm:
        opened.warm()
    with _swap:
        previous, _engine, _watch = _engine, opened, lifecycle.Watch(info)
    if previous is not None:  # not closed at once: other threads may still be reading through it
        retire = threading.Timer(RETIRE_AFTER, previous.close)
        retire.daemon = True
        retire.start()
    return opened


def _open_published(failed: Engine | None) -> Engine | None:
    """Open the published index if it is sound and not the one under `failed`; look again if it goes
    while being opened (a newer build removed it). None when there is none to open."""
    for _ in range(3):
        found = lifecycle.find(index_key())
        if found is None or (failed is not None and found.path == failed.path):
            return None
        try:
            return _open(found)
        except Exception as error:
            log.warning("the search index %s could not be opened (%s); looking again", found.path, error)
    return None


def _follow() -> None:
    """The published index or its files changed: open the one now published, or rebuild a damaged one."""
    global _watch
    with _lock:
        current_engine = _engine
        found = lifecycle.find(index_key())
        if found is None:
            _in_background("search-index-rebuild", _rebuild)
        elif current_engine is not None and found.path == current_engine.path:
            _watch = lifecycle.Watch(found)  # touched, still sound: look for changes from here on
        else:
            _open_published(current_engine)


def _recover(failed: Engine, error: Exception) -> Engine:
    """A search failed: if the index under `failed` is gone or damaged, the published one (if sound) takes
    over; else a rebuild starts and IndexUnavailable is raised. A sound index re-raises `error`."""
    with _lock:
        if _engine is not None and _engine is not failed:
            return _engine  # another thread has switched already
        found = lifecycle.find(index_key())
        if found is not None and found.path == failed.path:
            raise error
        opened = _open_published(failed)
        if opened is not None:
            log.warning("the search index under this process was replaced or damaged (%s); now using %s",
                        error, opened.path)
            return opened
        _in_background("search-index-rebuild", _rebuild)
    raise IndexUnavailable("the search index is being rebuilt (it was removed or damaged); try again in a minute")


def _rebuild() -> None:
    try:
        info = _ensure_index()
        log.warning("the search index was rebuilt: %s", info.path)
    except Exception:
        log.exception("the search index could not be rebuilt")


def _in_background(name: str, work) -> None:
    """Run `work` in a thread of its own, one per name at a time; searches go on with the engine they have."""
    with _swap:
        running = _background.get(name)
        if running is not None and running.is_alive():
            return
        thread = _background[name] = threading.Thread(target=work, name=name, daemon=True)
    thread.start()


def refresh() -> bool:
    """Re-check the corpus (hashing its sources, a few ms): if it changed, build the new index and
    switch the process-wide engine to it. True when it switched. For a long-running server."""
    info = _ensure_index()
    with _lock:
        if _engine is not None and _engine.path == info.path:
            return False
        _open(info)
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
    global _engine, _watch
    with _lock:
        _engine, _watch = None, None  # not closed: other threads may still be reading through it
