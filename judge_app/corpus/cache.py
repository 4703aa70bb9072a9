"""A compiled copy of the corpus, so a warm start does not parse again.

The cache file's name carries a key made of the source documents' hashes, the manifest and the
corpus code itself: edit a document or the parser and the next load rebuilds. Writes go to a
temporary file that is renamed into place, so concurrent processes never read a partial file.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

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
    """The `kind` pickled at `path`, else built now and written there for the next process."""
    value = read_pickle(path, kind)
    if value is None:
        value = build()
        write_pickle(value, path)
    return value


def read_pickle(path: Path, kind: type):
    """The object pickled at `path` if it is a `kind`, else None (missing, damaged, or from old code)."""
    try:
        with open(path, "rb") as handle:
            value = pickle.load(handle)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
        return None
    return value if isinstance(value, kind) else None


def write_pickle(value: object, path: Path) -> None:
    """Write `value` to `path` ("<kind>-<key>.pickle") atomically, then delete the other keys' files
    of the same kind beside it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    kind = path.name.split("-", 1)[0]
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{kind}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    for old in path.parent.glob(f"{kind}-*.pickle"):
        if old != path:
            old.unlink(missing_ok=True)
