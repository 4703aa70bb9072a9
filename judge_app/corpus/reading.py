"""Bytes to text: the encodings and line endings the source documents really use.

The 2026 English file is UTF-8 with a byte-order mark and bare CR line endings; the 2019 one has
CRLF endings and seven bytes from the DOS code page 437 in Arabian Nights card names (Dand\\x83n
is Dandân). Nothing is dropped: every byte becomes a character.
"""

from __future__ import annotations

import codecs


def _cp437_fallback(error: UnicodeDecodeError) -> tuple[str, int]:
    """Decode bytes that are not valid UTF-8 one at a time as code page 437."""
    bad = error.object[error.start : error.end]
    return bad.decode("cp437"), error.end


codecs.register_error("judge-cp437", _cp437_fallback)


def decode(data: bytes) -> str:
    """UTF-8 (BOM optional), falling back to code page 437 byte by byte; newlines normalised to LF."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    text = data.decode("utf-8", errors="judge-cp437")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def lines(data: bytes) -> list[str]:
    """The document's lines, without their endings. Line numbers are 1-based index + 1."""
    return decode(data).split("\n")
