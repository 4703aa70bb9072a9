"""A word-level diff of two rule texts, as data a renderer can show ("what changed").

Words, punctuation and spaces are compared with typography folded: 2019's straight quotes and
hyphens against 2026's curly quotes and dashes are not changes. Equal segments carry the later
wording. A lone space or punctuation mark left equal between two changes is folded into them, so
a rewritten phrase reads as one deletion and one insertion rather than a comb of fragments.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from judge_app.alignment.features import TYPOGRAPHY
from judge_app.alignment.model import Segment

EQUAL, INSERT, DELETE = "equal", "insert", "delete"

_TOKEN_RE = re.compile(r"\w+|\s+|[^\w\s]")


def _key(token: str) -> str:
    return " " if token.isspace() else token.translate(TYPOGRAPHY)


def word_diff(old: str, new: str) -> list[Segment]:
    """Segments that read `old` into `new`: the deletes and equals spell `old` (up to typography),
    the inserts and equals spell `new` exactly."""
    a, b = _TOKEN_RE.findall(old), _TOKEN_RE.findall(new)
    keys_a, keys_b = [_key(t) for t in a], [_key(t) for t in b]
    if keys_a == keys_b:  # most rules kept their wording: no need to look for the longest matches
        return _merge([(EQUAL, old, new)] if b else [])
    matcher = SequenceMatcher(None, keys_a, keys_b, autojunk=False)
    raw: list[tuple[str, str, str]] = []  # (op, old text, new text)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            raw.append((EQUAL, "".join(a[i1:i2]), "".join(b[j1:j2])))
        else:
            if i2 > i1:
                raw.append((DELETE, "".join(a[i1:i2]), ""))
            if j2 > j1:
                raw.append((INSERT, "", "".join(b[j1:j2])))
    return _merge(_absorb_glue(raw))


def _absorb_glue(raw: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """Turn a tiny equal run (a space, a comma) between two changes into a deletion plus an insertion."""
    out: list[tuple[str, str, str]] = []
    for i, (op, old, new) in enumerate(raw):
        glue = (op == EQUAL and 0 < i < len(raw) - 1 and len(new.strip()) <= 1
                and raw[i - 1][0] != EQUAL and raw[i + 1][0] != EQUAL)
        if glue:
            out += [(DELETE, old, ""), (INSERT, "", new)]
        else:
            out.append((op, old, new))
    return out


def _merge(raw: list[tuple[str, str, str]]) -> list[Segment]:
    """Adjacent changes as one deletion then one insertion; adjacent equal runs joined."""
    segments: list[Segment] = []
    deleted, inserted = "", ""

    def flush() -> None:
        nonlocal deleted, inserted
        if deleted:
            segments.append(Segment(DELETE, deleted))
        if inserted:
            segments.append(Segment(INSERT, inserted))
        deleted, inserted = "", ""

    for op, old, new in raw:
        if op == DELETE:
            deleted += old
        elif op == INSERT:
            inserted += new
        else:
            flush()
            if segments and segments[-1].op == EQUAL:
                segments[-1] = Segment(EQUAL, segments[-1].text + new)
            else:
                segments.append(Segment(EQUAL, new))
    flush()
    return segments
