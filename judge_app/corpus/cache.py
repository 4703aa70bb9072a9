"""A compiled copy of the corpus, so a warm start does not parse again.

The cache file's name carries a key made of the source documents' hashes, the manifest and the
corpus code itself: edit a document or the parser and the next load rebuilds. The file is written and
checked by `judge_app.datafiles`: atomically, with a checksum verified before it is unpickled, so a
damaged file is rebuilt, never trusted.
"""

from __future__ import annotations

import contextlib
import hashlib
import pickle
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

from judge_app import datafiles
from judge_app.corpus import manifest
from judge_app.corpus.store import Corpus

_CODE_DIR = Path(__file__).resolve().parent
T = TypeVar("T")


def cache_key(corpus_dir: Path) -> str:
    digest = hashlib.sha256()
    for source in sorted(_CODE_DIR.glob("*.py")):
        digest.update(source.name.encode())
        digest.update(source.read_bytes())
    digest.update((corpus_dir / "manifest.toml").read_bytes())
    for entry in manifest.read(corpus_dir):
        digest.update(entry.file.encode())
        digest.update(hashlib.sha256((corpus_dir / entry.file).read_bytes()).digest())
    return digest.hexdigest()[:24]


def cache_path(data_dir: Path, key: str) -> Path:
    return data_dir / "corpus" / f"corpus-{key}.pickle"


def document_path(data_dir: Path, key: str, doc: str) -> Path:
    """Where `Corpus.only(doc)` is kept beside the whole corpus's cache (same key)."""
    return data_dir / "corpus" / f"document-{key}.{doc}.pickle"


def load_document(path: Path, doc: str, whole: Callable[[], Corpus]) -> Corpus:
    """The corpus cut down to `doc`, stored at `path`, else cut from `whole()` now and written there for the
    next process (the other keys' copies of `doc` removed). A folder that cannot be written is not said: the
    whole corpus's cache serves (or its own warning has said why it cannot), only more slowly."""
    view = read_pickle(path, Corpus)
    if view is None:
        view = whole().only(doc)
        with contextlib.suppress(OSError):
            datafiles.write_latest(path, _kind(path), pickle.dumps(view, protocol=pickle.HIGHEST_PROTOCOL),
                                   older=f"{_kind(path)}-*.{doc}.pickle")
    return view


def load(path: Path) -> Corpus | None:
    return read_pickle(path, Corpus)


def store(corpus: Corpus, path: Path) -> None:
    write_pickle(corpus, path)


class ProcessMemo(Generic[T]):
    """The one value this process keeps for a key (a corpus, an alignment), made once under a lock;
    a new key (a changed source) replaces the old value."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._key: object = None
        self._value: T | None = None

    def get(self, key: object, make: Callable[[], T]) -> T:
        with self._lock:
            if self._value is None or self._key != key:
                self._value, self._key = make(), key
            return self._value

    def clear(self) -> None:
        with self._lock:
            self._key, self._value = None, None


def load_or_build(path: Path, kind: type[T], build: Callable[[], T]) -> T:
    """The `kind` stored at `path`, else built now and written there for the next process. A file that
    cannot be written (read-only or full data directory) is said once; the value is used from memory."""
    value = read_pickle(path, kind)
    if value is None:
        value = build()
        try:
            write_pickle(value, path)
        except OSError as error:
            datafiles.warn(f"{_kind(path)} cache", path.parent, error,
                           "working from memory; each new process will build it again")
    return value


def read_pickle(path: Path, kind: type):
    """The object stored at `path` if it is a `kind`, else None (missing, damaged, or from old code)."""
    return datafiles.load(path, _kind(path), kind)


def write_pickle(value: object, path: Path) -> None:
    """Write `value` to `path` ("<kind>-<key>.pickle") atomically, with a checksum, then delete the other
    keys' files of the same kind beside it. Raises OSError when the folder cannot be written."""
    kind = _kind(path)
    datafiles.dump(value, path, kind)
    for old in path.parent.glob(f"{kind}-*.pickle"):
        if old != path:
            old.unlink(missing_ok=True)


def _kind(path: Path) -> str:
    return path.name.split("-", 1)[0]
