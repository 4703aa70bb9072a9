"""Where the index lives, when it is rebuilt, and how a new one replaces the old without a reader
ever seeing half of it.

Layout under `<data dir>/search/`:

    current.json            {"key": ..., "dir": "index-<key>-<stamp>", "entries": ..., "seconds": ...}
    index-<key>-<stamp>/    a complete Whoosh index plus `vocabulary.json`
    .lock                   held (flock) while a build runs, so processes never build twice at once

The key hashes the corpus (sources, manifest, parser code) and the code that decides what the index
holds: change either and the next `ensure_index` builds again. A build is written to a fresh
directory and published by replacing `current.json` atomically (`os.replace`); readers open whatever
it names. The previous directory is kept so processes still reading it are not cut off; older ones,
and any left half-built by a crash, are removed.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import whoosh
from whoosh import index as whoosh_index

from judge_app import paths
from judge_app.corpus import Corpus, cache, load_corpus
from judge_app.search import entries as entries_module
from judge_app.search.schema import build_schema, document_fields
from judge_app.search.vocabulary import Vocabulary

Progress = Callable[[int, int], None]  # (entries done, entries in all)
VOCABULARY_FILE = "vocabulary.json"
_CODE_DIR = Path(__file__).resolve().parent
# The modules that decide what the index holds; editing the ranking code does not rebuild it.
_INDEX_CODE = ("analysis.py", "entries.py", "schema.py", "vocabulary.py", "lifecycle.py", "lexicon/stems.toml")


@dataclass(frozen=True, slots=True)
class IndexInfo:
    path: Path
    key: str
    entries: int
    seconds: float  # how long the build took
    built: bool  # built by this call (False: an existing index was current)


def index_root(data_dir: Path | None = None) -> Path:
    root = (data_dir or paths.data_dir()) / "search"
    root.mkdir(parents=True, exist_ok=True)
    return root


def index_key(corpus_dir: Path | None = None) -> str:
    digest = hashlib.sha256(cache.cache_key(corpus_dir or paths.corpus_dir()).encode())
    digest.update(repr(whoosh.__version__).encode())
    for name in _INDEX_CODE:
        digest.update(name.encode())
        digest.update((_CODE_DIR / name).read_bytes())
    return digest.hexdigest()[:20]


def current(data_dir: Path | None = None, key: str | None = None) -> IndexInfo | None:
    """The published index (for `key`, when given), or None."""
    root = index_root(data_dir)
    try:
        record = json.loads((root / "current.json").read_text(encoding="utf-8"))
        path = root / record["dir"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if (key is not None and record.get("key") != key) or not (path / VOCABULARY_FILE).is_file():
        return None
    return IndexInfo(path, record["key"], int(record.get("entries", 0)), float(record.get("seconds", 0)), False)


def ensure_index(progress: Progress | None = None, data_dir: Path | None = None,
                 corpus_dir: Path | None = None) -> IndexInfo:
    """The current index, built first if the corpus or this code changed since the last build."""
    key = index_key(corpus_dir)
    found = current(data_dir, key)
    if found is not None:
        return found
    with _build_lock(data_dir):
        found = current(data_dir, key)  # another process may have built it while we waited
        if found is not None:
            return found
        return _build(key, progress, data_dir, corpus_dir)


def build_index(progress: Progress | None = None, data_dir: Path | None = None,
                corpus_dir: Path | None = None) -> IndexInfo:
    """Build the index now, even if a current one exists, and publish it."""
    with _build_lock(data_dir):
        return _build(index_key(corpus_dir), progress, data_dir, corpus_dir)


def _build(key: str, progress: Progress | None, data_dir: Path | None, corpus_dir: Path | None) -> IndexInfo:
    start = time.perf_counter()
    corpus = load_corpus(corpus_dir)
    root = index_root(data_dir)
    target = Path(tempfile.mkdtemp(dir=root, prefix=f"index-{key}-{time.strftime('%Y%m%dT%H%M%S')}-"))
    try:
        count = write_index(corpus, target, progress)
        seconds = time.perf_counter() - start
        record = {"key": key, "dir": target.name, "entries": count, "seconds": round(seconds, 3),
                  "built_at": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
        _write_atomically(root / "current.json", json.dumps(record, indent=1))
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise
    _remove_old(root, keep={target.name})
    return IndexInfo(target, key, count, seconds, True)


def write_index(corpus: Corpus, target: Path, progress: Progress | None = None) -> int:
    """Write every entry of `corpus` into a new Whoosh index in `target`, and its vocabulary."""
    total = entries_module.count(corpus)
    ix = whoosh_index.create_in(str(target), build_schema({d.id: d.language for d in corpus.documents.values()}))
    writer = ix.writer(limitmb=256)
    texts: list[tuple[str, str, str]] = []
    done = 0
    try:
        for entry in entries_module.entries(corpus):
            writer.add_document(**document_fields(entry))
            texts.append((entry.doc, entry.lang, "\n".join((entry.title, entry.text, entry.examples))))
            done += 1
            if progress and (done % 250 == 0 or done == total):
                progress(done, total)
        writer.commit(optimize=True)
    except BaseException:
        writer.cancel()
        raise
    vocabulary = Vocabulary.collect(texts)
    (target / VOCABULARY_FILE).write_text(json.dumps(vocabulary.to_json(), ensure_ascii=False), encoding="utf-8")
    return done


def _write_atomically(path: Path, text: str) -> None:
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _remove_old(root: Path, keep: set[str]) -> None:
    """Remove index directories except `keep` and the newest other complete one (a process may still
    read it). Called with the build lock held, so no other build is in progress."""
    others = sorted((p for p in root.glob("index-*") if p.is_dir() and p.name not in keep),
                    key=lambda p: ((p / VOCABULARY_FILE).is_file(), p.stat().st_mtime), reverse=True)
    for i, old in enumerate(others):
        if i > 0 or not (old / VOCABULARY_FILE).is_file():
            shutil.rmtree(old, ignore_errors=True)


@contextmanager
def _build_lock(data_dir: Path | None) -> Iterator[None]:
    with open(index_root(data_dir) / ".lock", "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
