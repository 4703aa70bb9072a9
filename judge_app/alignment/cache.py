"""A compiled copy of the alignment, beside the corpus cache, so a warm start does not align again.

The key joins the corpus cache key (the sources and the corpus code) with a hash of this package's
code: edit a document, the parser or the aligner and the next load rebuilds.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from judge_app.alignment.store import AlignmentData
from judge_app.corpus import cache as corpus_cache

_CODE_DIR = Path(__file__).resolve().parent


def cache_key(corpus_dir: Path) -> str:
    digest = hashlib.sha256(corpus_cache.cache_key(corpus_dir).encode())
    for source in sorted(_CODE_DIR.glob("*.py")):
        digest.update(source.name.encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()[:24]


def cache_path(data_dir: Path, key: str) -> Path:
    return data_dir / "alignment" / f"alignment-{key}.pickle"


def load(path: Path) -> AlignmentData | None:
    return corpus_cache.read_pickle(path, AlignmentData)


def store(data: AlignmentData, path: Path) -> None:
    corpus_cache.write_pickle(data, path)
