"""What an engine derives when it opens an index, kept in the data directory for the next process.

Opening an index reads every stored reference out of it, builds the cross-language term pairs (which
asks the alignment for the counterpart of every rule of every pivot document: most of two seconds),
the title table and each document's lexicon. None of it changes until the index, the alignment or the
search code does, so it is written once to `<data dir>/search-tables/tables-<key>.pickle`, atomically and
checksummed like the corpus and alignment caches (`judge_app.datafiles`): a damaged or older file is
built again; when the data directory cannot be written they go to this user's private folder (as the index
does), and when neither can be, that is said once and they are used from memory.

The key joins the index's key (the corpus and the indexing code) and the checksums of its files (an index
copied or built again the same has the same tables, one rebuilt differently has others), the alignment
cache's key (the corpus and the aligner's code), the scenario folder's signature (the scenario finder is
kept) and this package's code and lexicons. With the tables
remembered, the alignment itself is loaded only if a search asks for a counterpart they do not hold.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from whoosh import index as whoosh_index

from judge_app import datafiles, paths
from judge_app.corpus import Corpus
from judge_app.corpus import cache as corpus_cache
from judge_app.scenarios.catalogue import catalogue, folder_signature
from judge_app.search import analysis
from judge_app.search.analysis import CHAINS, term, words
from judge_app.search.crosslang import AlignedDocuments, Alignment, TermPairs
from judge_app.search.entries import entries
from judge_app.search.lexicon import Lexicon, lexicon, with_obsolete_terms
from judge_app.search.lifecycle import IndexInfo
from judge_app.search.scenarios import ENGINE_DOC, ScenarioFinder
from judge_app.search.titles import Titles

_CODE_DIR = Path(__file__).resolve().parent


@dataclass
class Prepared:
    refs: list[str]  # the index's stored reference of each Whoosh document number
    pairs: TermPairs
    titles: Titles
    lexicons: dict[str, Lexicon]  # per document
    pivots: dict[str, list[str]] | None = None  # an `AlignedDocuments`' state (kept tables only)
    counterparts: dict[tuple[str, str, str], str | None] | None = None
    terms: dict[tuple[str, str], dict[str, str]] | None = None  # for `analysis.remember` (kept tables only)
    finder: ScenarioFinder | None = None  # the scenario library as it was then, with no alignment (kept only)


def prepare(path: Path, corpus: Corpus, alignment: Alignment) -> Prepared:
    """Build the tables for the index at `path` now (seconds with `AlignedDocuments`)."""
    with whoosh_index.open_dir(str(path)).searcher() as searcher:
        refs = [stored["ref"] for stored in searcher.reader().all_stored_fields()]
    lexicons = {doc: with_obsolete_terms(lexicon(d.language), corpus, doc) if d.is_cr else lexicon(d.language)
                for doc, d in corpus.documents.items()}
    return Prepared(refs, TermPairs(corpus, alignment), Titles(corpus), lexicons)


def _prepare_to_keep(path: Path, corpus: Corpus, alignment: AlignedDocuments) -> Prepared:
    """`prepare`, and what a new process would otherwise work out on its first search: the counterparts
    between the 2026 rules and every other document, both ways (the scenario finder maps hits into them, the
    situation families map them into the document searched), and the index term of every word of the
    corpus (stemming is most of a cold search)."""
    prepared = prepare(path, corpus, alignment)
    for doc in alignment.documents:
        for number in corpus.rules.get(doc, {}):
            alignment.counterpart(doc, number, ENGINE_DOC)
        for number in corpus.rules.get(ENGINE_DOC, {}):
            alignment.counterpart(ENGINE_DOC, number, doc)
    prepared.pivots, prepared.counterparts = alignment.remembered()
    prepared.finder = ScenarioFinder(catalogue(), None)
    prepared.terms = {}
    for entry in entries(corpus):
        for chain in CHAINS:
            table = prepared.terms.setdefault((entry.lang, chain), {})
            for text in (entry.title, entry.text, entry.examples, entry.context):
                for word in words(text):
                    lowered = word.lower().replace("’", "'")
                    if lowered not in table:
                        table[lowered] = term(lowered, entry.lang, chain)
    return prepared


def load_or_prepare(info: IndexInfo, corpus: Corpus, load_alignment: Callable, alignment_key: str,
                    data_dir: Path | None = None) -> tuple[Prepared, AlignedDocuments]:
    """The tables for the index `info` with the corpus alignment, from the data directory or built now (and
    kept there); and the alignment as the engine should use it, loaded only when first needed."""
    path = info.path
    key = _key(info, alignment_key)
    cache = tables_path(data_dir or paths.data_dir(), key)
    prepared = corpus_cache.read_pickle(cache, Prepared) or _read_private(key)
    if prepared is None:
        aligned = AlignedDocuments(load_alignment())
        prepared = _prepare_to_keep(path, corpus, aligned)
        _keep(prepared, cache, key)
    else:
        aligned = AlignedDocuments.from_remembered(prepared.pivots or {}, prepared.counterparts or {},
                                                   load_alignment)
    analysis.remember(prepared.terms or {})
    return prepared, aligned


def _read_private(key: str) -> Prepared | None:
    try:
        return corpus_cache.read_pickle(tables_path(datafiles.private_folder("tables"), key), Prepared)
    except OSError:
        return None


def _keep(prepared: Prepared, cache: Path, key: str) -> None:
    """Written to the data directory, else (read-only, full) to this user's private folder, as the index is."""
    try:
        corpus_cache.write_pickle(prepared, cache)
    except OSError as error:
        try:
            corpus_cache.write_pickle(prepared, tables_path(datafiles.private_folder("tables"), key))
        except OSError:
            datafiles.warn("search tables", cache.parent, error,
                           "working from memory; each new process will build them again")


def tables_path(data_dir: Path, key: str) -> Path:
    return data_dir / "search-tables" / f"tables-{key}.pickle"


def _key(info: IndexInfo, alignment_key: str) -> str:
    digest = hashlib.sha256(f"{info.key}|{sorted(info.files.items())}|{alignment_key}|{folder_signature()}".encode())
    for source in sorted(_CODE_DIR.rglob("*")):
        if source.suffix in (".py", ".toml"):
            digest.update(str(source.relative_to(_CODE_DIR)).encode())
            digest.update(source.read_bytes())
    return digest.hexdigest()[:24]
