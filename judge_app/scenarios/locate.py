"""Where each key of a TOML file is written, so a semantic error can name its line.

`tomllib` reports the line of a syntax error but gives no positions for values. This scanner reads
the file once and maps every key path — ("cards", 2, "pt"), ("players", "Alice", "life"),
("actions", 0) for an `[[actions]]` header — to the line where it is written. Values spanning lines
(multi-line strings and arrays) are skipped over; keys inside one-line inline tables map to the line
of the table's key, which is where a reader looks anyway.
"""

from __future__ import annotations

import re

_KEY_PART = r'(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|\'[^\']*\')'
_KEY = rf"{_KEY_PART}(?:\s*\.\s*{_KEY_PART})*"
_ARRAY_HEADER = re.compile(rf"^\s*\[\[\s*({_KEY})\s*\]\]")
_TABLE_HEADER = re.compile(rf"^\s*\[\s*({_KEY})\s*\]")
_ASSIGNMENT = re.compile(rf"^\s*({_KEY})\s*=(.*)$")

Path = tuple[str | int, ...]


def _parts(key: str) -> tuple[str, ...]:
    return tuple(p.strip().strip("\"'") for p in re.findall(_KEY_PART, key))


def _depth_change(text: str) -> int:
    """Net open brackets/braces in `text`, ignoring those inside strings and comments."""
    return _depths(text, 0)[0]


def _depths(text: str, depth: int) -> tuple[int, int]:
    """The bracket depth after `text`, starting from `depth`, and the deepest it reached."""
    deepest, quote = depth, ""
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            break
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
        i += 1
    return depth, deepest


class KeyLines:
    def __init__(self, text: str):
        self.lines: dict[Path, int] = {}
        self._scan(text)

    def _scan(self, text: str) -> None:
        table: Path = ()
        counts: dict[tuple[str, ...], int] = {}
        multiline = ""  # the closing delimiter of a multi-line string we are inside
        depth = 0  # open brackets of a value spanning lines
        for number, line in enumerate(text.splitlines(), start=1):
            if multiline:
                if multiline in line:
                    multiline = ""
                continue
            if depth > 0:
                depth += _depth_change(line)
                continue
            if match := _ARRAY_HEADER.match(line):
                key = _parts(match.group(1))
                index = counts.get(key, 0)
                counts[key] = index + 1
                table = (*key, index)
                self.lines.setdefault(table, number)
                self.lines.setdefault(key, number)
                continue
            if match := _TABLE_HEADER.match(line):
                table = _parts(match.group(1))
                self.lines.setdefault(table, number)
                continue
            if match := _ASSIGNMENT.match(line):
                key = (*table, *_parts(match.group(1)))
                self.lines.setdefault(key, number)
                rest = match.group(2)
                for delimiter in ('"""', "'''"):
                    if rest.strip().startswith(delimiter) and rest.count(delimiter) == 1:
                        multiline = delimiter
                if not multiline:
                    depth = _depth_change(rest)

    def line(self, path: Path) -> int:
        """The line of `path`, else of its nearest ancestor written in the file, else 1."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return 1


def deepest_line(text: str) -> int:
    """The line where arrays and inline tables are nested most deeply (for a "nested too deeply" error)."""
    depth = deepest = 0
    where = 1
    for number, line in enumerate(text.splitlines(), start=1):
        depth, peak = _depths(line, depth)
        if peak > deepest:
            deepest, where = peak, number
    return where
