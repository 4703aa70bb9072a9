"""Helpers for the search tests: hits as plain keys, and a small real corpus for index lifecycle tests."""

from __future__ import annotations

from pathlib import Path

from judge_app import paths
from judge_app.search import SearchResponse

MINI_MANIFEST = """[[document]]
id = "en-2019"
file = "cr.txt"
language = "en"
title = "Magic: The Gathering Comprehensive Rules"
effective = "2019-01-25"
kind = "comprehensive-rules"
authority = 1
"""


def keys(response: SearchResponse) -> list[str]:
    """"702.19" for a rule, "glossary:Trample" for a glossary entry, "guide:s3p2" for a paragraph."""
    return [h.number if h.kind == "rule" else f"{h.kind}:{h.term or h.paragraph}" for h in response.hits]


def mini_corpus(target: Path) -> Path:
    """The real en-2019 document cut to chapter 1 and the start of its glossary (≈450 entries):
    a corpus whose index builds in well under a second."""
    lines = (paths.corpus_dir() / "cr-en-2019-01-25.txt").read_bytes().split(b"\r\n")
    chapter_2 = [i for i, line in enumerate(lines) if line == b"2. Parts of a Card"][1]
    glossary = lines.index(b"Glossary", chapter_2)
    credits = lines.index(b"Credits", glossary)
    target.mkdir(parents=True, exist_ok=True)
    (target / "cr.txt").write_bytes(b"\r\n".join(lines[:chapter_2] + lines[glossary:glossary + 80] + lines[credits:]))
    (target / "manifest.toml").write_text(MINI_MANIFEST, encoding="utf-8")
    return target
