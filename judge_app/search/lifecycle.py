"""Where the index lives, when it is rebuilt, how a new one replaces the old without a reader ever seeing
half of it, and how a damaged one is noticed.

Layout under `<data dir>/search/`:

    current.json            {"key": ..., "dir": "index-<key>-<stamp>", "entries": ..., "seconds": ...,
                             "format": 2, "files": {name: [size, sha256], ...}}
    index-<key>-<stamp>/    a complete Whoosh index plus `vocabulary.json`
    .lock                   held (flock) while a build runs, so processes never build twice at once

The key hashes the corpus (sources, manifest, parser code) and the code that decides what the index
holds: change either and the next `ensure_index` builds again. A build is written to a fresh
directory and published by replacing `current.json` atomically (`os.replace`); readers open whatever
it names. The previous directory is kept so processes still reading it are not cut off; older ones,
and any left half-built by a crash, are removed.

`current.json` lists every file of the index with its size and checksum. `find` (what `ensure_index`
opens) checks them all (~20 ms for the whole corpus): a deleted, truncated or altered index is rebuilt,
never opened; `status` says which it is (`judge index status`). A running process watches the same
record cheaply (`Watch`: a stat of `current.json` and of each file, every few seconds) to follow a newly
published index and to notice one damaged under it.

When the data directory cannot be written (read-only, someone else's, full), the index is built in a
private folder in shared memory (`/dev/shm`, else the temporary folder) instead, said once on stderr,
and found there by the next process.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import whoosh

from judge_app import datafiles, paths
from judge_app.corpus import Corpus, cache, load_corpus

Progress = Callable[[int, int], None]  # (entries done, entries in all)
VOCABULARY_FILE = "vocabulary.json"
_CODE_DIR = Path(__file__).resolve().parent
# The modules that decide what the index holds; editing the ranking code does not rebuild it.
_INDEX_CODE = ("analysis.py", "entries.py", "schema.py", "vocabulary.py", "lifecycle.py", "lexicon/stems.toml")


INDEX_FORMAT = 2  # current.json lists each file's size and checksum
RECORD = "current.json"
WATCH_EVERY = 2.0  # seconds between a running process's looks at the published index


@dataclass(frozen=True, slots=True)
class IndexInfo:
    path: Path
    key: str
    entries: int
    seconds: float  # how long the build took
    built: bool  # built by this call (False: an existing index was current)
    files: dict[str, tuple[int, str]] = field(default_factory=dict, compare=False)  # name → (size, sha256)


@dataclass(frozen=True, slots=True)
class IndexStatus:
    """What `judge index status` says: "current", "stale" (the corpus or code changed), "damaged" or "missing"."""

    state: str
    problem: str
    info: IndexInfo | None
    wanted_key: str


class IndexUnavailable(RuntimeError):
    """No usable index right now: the one in use was deleted or damaged and another is being built."""


def index_root(data_dir: Path | None = None) -> Path:
    """`<data dir>/search`, where the index is kept when the data directory can be written."""
    return (data_dir or paths.data_dir()) / "search"


def fallback_root() -> Path:
    """Where the index goes when the data directory cannot be written: private to this user, in memory
    when the system has a shared-memory folder."""
    base = Path("/dev/shm") if os.access("/dev/shm", os.W_OK) else Path(tempfile.gettempdir())
    return base / f"rules-judge-{os.getuid()}" / "search"


def _roots(data_dir: Path | None) -> list[Path]:
    return [index_root(data_dir), fallback_root()]


def index_key(corpus_dir: Path | None = None) -> str:
    digest = hashlib.sha256(cache.cache_key(corpus_dir or paths.corpus_dir()).encode())
    digest.update(repr(whoosh.__version__).encode())
    for name in _INDEX_CODE:
        digest.update(name.encode())
        digest.update((_CODE_DIR / name).read_bytes())
    return digest.hexdigest()[:20]


def current(data_dir: Path | None = None, key: str | None = None) -> IndexInfo | None:
    """The published index (for `key`, when given) as its record says, unchecked; or None."""
    for root in _roots(data_dir):
        info = _published(root)
        if info is not None and (key is None or info.key == key):
            return info
    return None


def _published(root: Path) -> IndexInfo | None:
    try:
        record = json.loads((root / RECORD).read_text(encoding="utf-8"))
        files = {name: (int(size), str(digest)) for name, (size, digest) in record["files"].items()}
        if record.get("format") != INDEX_FORMAT or not files:
            return None
        return IndexInfo(root / record["dir"], record["key"], int(record.get("entries", 0)),
                         float(record.get("seconds", 0)), False, files)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def verify(info: IndexInfo) -> str:
    """What is wrong with the index's files ("" when each has its recorded size and checksum)."""
    for name, (size, digest) in info.files.items():
        path = info.path / name
        try:
            if path.stat().st_size != size:
                return f"{name} has changed size"
            if _checksum(path) != digest:
                return f"{name} does not match its checksum"
        except OSError:
            return f"{name} is missing" if info.path.is_dir() else f"its folder {info.path.name} is missing"
    return ""


def find(key: str, data_dir: Path | None = None) -> IndexInfo | None:
    """The published index for `key` whose files all check out, or None."""
    for root in _roots(data_dir):
        info = _published(root)
        if info is not None and info.key == key and not verify(info):
            return info
    return None


def status(data_dir: Path | None = None, corpus_dir: Path | None = None) -> IndexStatus:
    key = index_key(corpus_dir)
    info = current(data_dir, key) or current(data_dir)
    if info is None:
        if any((root / RECORD).exists() for root in _roots(data_dir)):
            return IndexStatus("damaged", f"{RECORD} cannot be read", None, key)
        return IndexStatus("missing", "", None, key)
    problem = verify(info)
    if problem:
        return IndexStatus("damaged", problem, info, key)
    return IndexStatus("current" if info.key == key else "stale", "", info, key)


def ensure_index(progress: Progress | None = None, data_dir: Path | None = None,
                 corpus_dir: Path | None = None) -> IndexInfo:
    """The current index, built first if it is missing, damaged, or the corpus or this code changed."""
    key = index_key(corpus_dir)
    return find(key, data_dir) or _build_somewhere(key, progress, data_dir, corpus_dir, again=False)


def build_index(progress: Progress | None = None, data_dir: Path | None = None,
                corpus_dir: Path | None = None) -> IndexInfo:
    """Build the index now, even if a current one exists, and publish it."""
    return _build_somewhere(index_key(corpus_dir), progress, data_dir, corpus_dir, again=True)


def _build_somewhere(key: str, progress: Progress | None, data_dir: Path | None, corpus_dir: Path | None,
                     again: bool) -> IndexInfo:
    """Build under the first root that can be written, holding its lock (another process may have built it
    meanwhile: then that one is used, unless `again`)."""
    roots = _roots(data_dir)
    for i, root in enumerate(roots):
        try:
            with _build_lock(root, private=i > 0):
                found = None if again else find(key, data_dir)
                return found or _build(key, progress, root, corpus_dir)
        except OSError as error:
            if i == len(roots) - 1:
                raise
            datafiles.warn("search index", root, error, f"building it in {roots[i + 1]} instead, for this "
                           "machine until it restarts")
    raise AssertionError("unreachable")


def _build(key: str, progress: Progress | None, root: Path, corpus_dir: Path | None) -> IndexInfo:
    start = time.perf_counter()
    corpus = load_corpus(corpus_dir)
    target = datafiles.new_folder(root, f"index-{key}-{time.strftime('%Y%m%dT%H%M%S')}-")
    try:
        count = write_index(corpus, target, progress)
        files = {p.name: (p.stat().st_size, _checksum(p)) for p in sorted(target.iterdir())
                 if p.is_file() and not p.name.endswith("WRITELOCK")}
        seconds = time.perf_counter() - start
        record = {"key": key, "dir": target.name, "entries": count, "seconds": round(seconds, 3),
                  "built_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "format": INDEX_FORMAT,
                  "files": {name: list(value) for name, value in files.items()}}
        datafiles.write_bytes(root / RECORD, json.dumps(record, indent=1).encode("utf-8"))
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise
    _remove_old(root, keep={target.name})
    return IndexInfo(target, key, count, seconds, True, files)


def _checksum(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def write_index(corpus: Corpus, target: Path, progress: Progress | None = None) -> int:
    """Write every entry of `corpus` into a new Whoosh index in `target`, and its vocabulary."""
    from whoosh import index as whoosh_index  # what builds an index: imported only when one is built

    from judge_app.search import entries as entries_module
    from judge_app.search.schema import build_schema, document_fields
    from judge_app.search.vocabulary import Vocabulary

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


def _remove_old(root: Path, keep: set[str]) -> None:
    """Remove index directories except `keep` and the newest other complete one (a process may still
    read it). Called with the build lock held, so no other build is in progress."""
    others = sorted((p for p in root.glob("index-*") if p.is_dir() and p.name not in keep),
                    key=lambda p: ((p / VOCABULARY_FILE).is_file(), p.stat().st_mtime), reverse=True)
    for i, old in enumerate(others):
        if i > 0 or not (old / VOCABULARY_FILE).is_file():
            shutil.rmtree(old, ignore_errors=True)


@contextmanager
def _build_lock(root: Path, private: bool = False) -> Iterator[None]:
    """Hold `root`'s build lock (made first, and checked to be ours only when `private`)."""
    if private:
        root.parent.mkdir(mode=0o700, exist_ok=True)
        root.mkdir(exist_ok=True)
        owner = root.parent.stat()
        if owner.st_uid != os.getuid() or owner.st_mode & 0o077:
            raise PermissionError(f"{root.parent} is not private to this user")
    else:
        datafiles.make_folder(root)
    with open(root / ".lock", "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class Watch:
    """A cheap look, at most every WATCH_EVERY seconds, at whether an opened index is still the published one
    and untouched: the stat of `current.json` and of each of its files, as they were when it was opened."""

    def __init__(self, info: IndexInfo) -> None:
        self.info = info
        self._seen = self._look()
        self._next = time.monotonic() + WATCH_EVERY
        self._lock = threading.Lock()

    def _look(self) -> tuple:
        stats = []
        for path in [self.info.path.parent / RECORD, *(self.info.path / name for name in self.info.files)]:
            try:
                found = path.stat()
                stats.append((found.st_ino, found.st_size, found.st_mtime_ns))
            except OSError:
                stats.append(None)
        return tuple(stats)

    def changed(self) -> bool:
        """True once something changed since the index was opened (looked at most every WATCH_EVERY s)."""
        now = time.monotonic()
        if now < self._next or not self._lock.acquire(blocking=False):
            return False
        try:
            self._next = now + WATCH_EVERY
            return self._look() != self._seen
        finally:
            self._lock.release()
