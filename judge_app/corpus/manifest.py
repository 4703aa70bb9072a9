"""Read `rules_corpus/manifest.toml`: which documents exist, in which language, with what authority."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

CR_IDS = ("en-2026", "es-2026", "en-2019", "pt-2019")  # stable ids, used in CLI, URLs and JSON


@dataclass(frozen=True, slots=True)
class Entry:
    id: str
    file: str
    language: str
    title: str
    kind: str
    authority: int
    effective: str = ""
    note: str = ""
    translation_of: str | None = None
    cites: str | None = None


def read(corpus_dir: Path) -> list[Entry]:
    with open(corpus_dir / "manifest.toml", "rb") as handle:
        data = tomllib.load(handle)
    entries = [Entry(**{k: v for k, v in item.items()}) for item in data.get("document", [])]
    ids = [e.id for e in entries]
    if len(set(ids)) != len(ids):
        raise ValueError(f"manifest.toml: duplicate document ids in {ids}")
    for entry in entries:
        for other in (entry.translation_of, entry.cites):
            if other and other not in ids:
                raise ValueError(f"manifest.toml: {entry.id} refers to unknown document {other!r}")
    return entries
