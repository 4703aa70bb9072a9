"""Clean text converted from formatted documents, keeping emphasis as emphasis.

The translations and guides came out of word processors as Markdown-like text: heading marks,
list dashes, `**bold**` and `*italics*` (often unbalanced), escapes such as `\\{`, links and a few
HTML tags. `Marked` holds text as plain characters plus emphasis spans; `to_markdown` then writes
Markdown in which only the emphasis is markup: every other special character is escaped, so the
result is safe to render with HTML disabled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# A line's structural prefix: heading marks and list bullets (any nesting).
_PREFIX_RE = re.compile(r"^\s*(?:#{1,6}\s+|[-–•·]\s+|\*\s+(?=\S))*")
_LINK_RE = re.compile(r"\[([^\]\n]*)\]\((?:[^()\s]|\([^()\s]*\))*\)")
_AUTOLINK_RE = re.compile(r"<(https?://[^>\s]+)>")
_SUP_RE = re.compile(r"<sup>\s*(.*?)\s*</sup>", re.I)
_TAG_RE = re.compile(r"</?(?:u|b|i|em|strong|span|br|sup|sub)\b[^>]*>", re.I)
_UNICODE_ESCAPE_RE = re.compile(r"\\u([0-9a-fA-F]{4})")
_SPECIAL_RE = re.compile(r"[*\\<\[]")
_ESCAPABLE = set("\\`*_{}[]()#+-.!<>|~\"'")
_ALWAYS_ESCAPED = set("\\`*_[]")
_LINE_START_RE = re.compile(r"^(\s*)([#>+=-]|\d+(?=[.)]))", re.M)
_SUPERSCRIPT_WORDS = {"tm": "™", "®": "®", "(r)": "®", "©": "©"}


@dataclass(slots=True)
class Marked:
    """Plain text with emphasis spans `(start, end, kind)`, kind "em" or "strong"."""

    plain: str = ""
    spans: list[tuple[int, int, str]] = field(default_factory=list)

    def __add__(self, other: Marked) -> Marked:
        shift = len(self.plain)
        return Marked(self.plain + other.plain, self.spans + [(s + shift, e + shift, k) for s, e, k in other.spans])

    def join(self, other: Marked, separator: str) -> Marked:
        if not self.plain:
            return other
        if not other.plain:
            return self
        return self + Marked(separator) + other

    def strip(self) -> Marked:
        left = len(self.plain) - len(self.plain.lstrip())
        right = len(self.plain.rstrip())
        spans = [(max(s, left) - left, min(e, right) - left, k) for s, e, k in self.spans]
        return Marked(self.plain[left:right], [(s, e, k) for s, e, k in spans if e > s])

    def slice(self, start: int, end: int | None = None) -> Marked:
        """The text from `start` to `end`, spans clipped."""
        end = len(self.plain) if end is None else end
        spans = [(max(s, start) - start, min(e, end) - start, k) for s, e, k in self.spans if e > start and s < end]
        return Marked(self.plain[start:end], [(s, e, k) for s, e, k in spans if e > s])

    def paragraphs(self) -> list[Marked]:
        """Split at line breaks (the paragraph breaks `join` keeps)."""
        out, start = [], 0
        for index, ch in enumerate(self.plain):
            if ch == "\n":
                out.append(self.slice(start, index))
                start = index + 1
        out.append(self.slice(start))
        return out

    def to_markdown(self) -> str:
        return to_markdown(self.plain, self.spans)


def strip_prefix(line: str) -> str:
    """Remove heading marks and list bullets at the start of a line."""
    return _PREFIX_RE.sub("", line, count=1)


def parse_inline(source: str) -> Marked:
    """Markdown-like inline text to plain text and emphasis spans.

    Escapes become their character, links their text, `<sup>TM</sup>` a ™, other formatting tags
    vanish, and `*` runs pair up as emphasis the way a reader would see them; a run with no partner
    was a conversion artifact and is dropped, never shown.
    """
    if not _SPECIAL_RE.search(source):
        return Marked(source)
    source = _UNICODE_ESCAPE_RE.sub(lambda m: chr(int(m.group(1), 16)), source)
    source = _LINK_RE.sub(lambda m: m.group(1), source)
    source = _AUTOLINK_RE.sub(lambda m: m.group(1), source)
    source = _SUP_RE.sub(lambda m: _SUPERSCRIPT_WORDS.get(m.group(1).lower(), m.group(1)), source)
    source = _TAG_RE.sub("", source)

    plain: list[str] = []
    runs: list[tuple[int, int, bool, bool]] = []  # (plain offset, length, can_open, can_close)
    i, n = 0, len(source)
    while i < n:
        ch = source[i]
        if ch == "\\" and i + 1 < n and source[i + 1] in _ESCAPABLE:
            plain.append(source[i + 1])
            i += 2
            continue
        if ch == "*":
            j = i
            while j < n and source[j] == "*":
                j += 1
            before = source[i - 1] if i > 0 else " "
            after = source[j] if j < n else " "
            runs.append((len(plain), j - i, not after.isspace(), not before.isspace()))
            i = j
            continue
        plain.append(ch)
        i += 1
    return Marked("".join(plain), _pair_runs(runs))


def _pair_runs(runs: list[tuple[int, int, bool, bool]]) -> list[tuple[int, int, str]]:
    """Pair emphasis delimiter runs (a simplified CommonMark): `*` is em, `**` strong, `***` both."""
    spans: list[tuple[int, int, str]] = []
    openers: list[list[int]] = []  # [offset, remaining length]
    for offset, length, can_open, can_close in runs:
        remaining = length
        if can_close:
            while remaining and openers:
                opener = openers[-1]
                used = min(remaining, opener[1], 3)
                if used == 3:
                    spans.append((opener[0], offset, "strong"))
                    spans.append((opener[0], offset, "em"))
                else:
                    spans.append((opener[0], offset, "strong" if used == 2 else "em"))
                opener[1] -= used
                remaining -= used
                if opener[1] == 0:
                    openers.pop()
        if remaining and can_open:
            openers.append([offset, remaining])
    return sorted((s, e, k) for s, e, k in spans if e > s)


_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"} | {ch: "\\" + ch for ch in _ALWAYS_ESCAPED}
_ESCAPE_RE = re.compile("[" + re.escape("".join(_ESCAPES)) + "]")


def _escape(text: str) -> str:
    return _ESCAPE_RE.sub(lambda m: _ESCAPES[m.group(0)], text)


def _escape_line_starts(markdown: str) -> str:
    """Keep a line from being read as a heading, list, quote or rule ("702.19. Trample", "- 2")."""
    def fix(m: re.Match[str]) -> str:
        marker = m.group(2)
        if marker[0].isdigit():
            return m.group(1) + marker + "\\"
        return m.group(1) + "\\" + marker

    return _LINE_START_RE.sub(fix, markdown)


def to_markdown(plain: str, spans: list[tuple[int, int, str]] = ()) -> str:
    """Markdown for `plain` with `spans` as emphasis and every other special character escaped.

    Emphasis is written with `*`/`**` and moved inward past spaces at its edges (Markdown ignores
    delimiters that touch whitespace on the inner side). Overlapping spans are nested or dropped.
    """
    marks: dict[int, list[str]] = {}
    kept: list[tuple[int, int, str]] = []
    for start, end, kind in sorted(spans, key=lambda s: (s[0], -s[1])):
        while start < end and plain[start].isspace():
            start += 1
        while end > start and plain[end - 1].isspace():
            end -= 1
        if end <= start:
            continue
        crossing = any(s < start < e < end or start < s < end < e for s, e, _ in kept)
        same_inside_same = any(s <= start and end <= e and k == kind for s, e, k in kept)
        if crossing or same_inside_same:
            continue  # not representable in Markdown: keep the text, drop this emphasis
        kept.append((start, end, kind))
        delimiter = "**" if kind == "strong" else "*"
        marks.setdefault(start, []).append(delimiter)
        marks.setdefault(end, []).insert(0, delimiter)
    out: list[str] = []
    last = 0
    for position in sorted(marks):
        out.append(_escape(plain[last:position]))
        out.append("".join(marks[position]))
        last = position
    out.append(_escape(plain[last:]))
    return _escape_line_starts("".join(out))


def inline(source: str) -> Marked:
    """`parse_inline` after removing the line's heading marks and list bullets."""
    return parse_inline(strip_prefix(source))


def plain(source: str) -> str:
    return inline(source).plain
