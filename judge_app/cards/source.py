"""The card data as received (`rules_corpus/cards/`): the compressed JSON and its provenance file."""

from __future__ import annotations

import hashlib
import json
import lzma
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PROVENANCE = "PROVENANCE.toml"


@dataclass(frozen=True, slots=True)
class Provenance:
    """What the data is and where it came from: said wherever a card's characteristics are shown."""

    file: str
    date: str  # the Oracle wording's date (the source package's build)
    package: str
    version: str
    licence: str
    notice: str  # the Fan Content Policy notice
    sha256_xz: str
    sha256_json: str
    cards: int

    @property
    def label(self) -> str:
        return f"the card database ({self.package} {self.version}, Oracle text of {self.date})"


def provenance(folder: Path) -> Provenance:
    with open(folder / PROVENANCE, "rb") as handle:
        data = tomllib.load(handle)
    return Provenance(file=data["file"], date=data["date"], package=data["source"]["package"],
                      version=data["source"]["version"], licence=data["source"]["licence"],
                      notice=data["text"]["notice"], sha256_xz=data["sha256_xz"], sha256_json=data["sha256_json"],
                      cards=data["cards"])


def digest(folder: Path) -> str:
    """The compressed file's SHA-256: the cache's key for the data."""
    return hashlib.sha256((folder / provenance(folder).file).read_bytes()).hexdigest()


def entries(folder: Path) -> list[dict[str, Any]]:
    """The JSON list of cards, unchanged."""
    with lzma.open(folder / provenance(folder).file, "rb") as handle:
        return json.load(handle)
