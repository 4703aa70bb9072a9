"""Card text → the pieces the grammar reads, each with where it sits in the text as given.

Every change here keeps each character where it was (a replaced name or reminder text becomes spaces),
so a position in a piece is a position in the original line: errors point at what the player wrote.

- typography: curly quotes and apostrophes, the minus sign, non-breaking spaces → their plain forms;
- reminder text (in parentheses, 207.2a… it has no rules meaning) → spaces;
- the card's own name, and a legendary card's short name ("Teysa" for "Teysa Karlov") → "~";
- an ability word or flavor word before a dash ("Landfall — ") → spaces (207.2c);
- a Saga's chapter numerals ("I, II — ") are taken off and returned with the piece (714.2);
- lines: one ability each; a "Choose one —" line takes the bullet lines after it as its modes;
- sentences: an ability's first sentence says what kind it is; later ones continue its effect.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_SAME_LENGTH = str.maketrans({
    "’": "'", "‘": "'", "“": '"', "”": '"', "−": "-", "–": "—", "\u00a0": " ", "\t": " ", "\r": " ",
    "\u2009": " ", "\u202f": " ",
})
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}
_CHAPTERS = re.compile(r"^((?:I|II|III|IV|V|VI|VII|VIII|IX|X)(?:\s*,\s*(?:I|II|III|IV|V|VI|VII|VIII|IX|X))*)\s*—\s*")
_DASH_PREFIX = re.compile(r"^([A-Za-z0-9][^—:{}\"•]{0,40}?)\s*—\s*(?=\S)")
_BULLET = re.compile(r"^\s*[•*]\s*")
_SPREE = re.compile(r"^\s*\+\s*(?=\{)")
_MODE_COST = re.compile(r"^\s*(?:\{[^{}\s]{1,8}\})+\s*—")  # Tiered's "• Fire — {0} — …": a mode's additional cost
_LEVEL = re.compile(r"^\s*LEVEL\s+(\d+)(?:\s*-\s*(\d+)|(\+))\s*$")
_PT_LINE = re.compile(r"^\s*(\d+|\*)/(\d+|\*)\s*$")
# "1—9 | …" (a die's results table, 706.3), "8+ | Flying" (a station symbol, 721.2)
_BAND = re.compile(r"^\s*(\d+)\s*(?:—\s*(\d+)|(\+))?\s*\|\s*")
_CLASS_BAR = re.compile(r"^\s*(?:\{[^{}]+\})+\s*:\s*Level\s+(\d+)\s*$")  # "{1}{B}: Level 2" (716.2)


@dataclass(frozen=True, slots=True)
class Piece:
    """A span of one line to parse with one of the grammar's start rules."""

    start: str  # "first", "next", "mode", "spree_mode"
    text: str  # the line with replacements, cut to this piece (same length as the span)
    line: int  # 1-based
    column: int  # 1-based column of text[0]


@dataclass(slots=True)
class Unit:
    """One ability: its pieces in order, and what the line said around the grammar's business."""

    line: int
    text: str  # the ability's text as written (reminder text removed), for the tree
    pieces: list[Piece] = field(default_factory=list)
    modes: list[list[Piece]] = field(default_factory=list)
    chapters: tuple[int, ...] = ()
    level: tuple[int, int | None] | None = None  # leveler: the LEVEL band this ability belongs to (711)
    pt: str = ""  # a leveler band's P/T line
    band: tuple[str, int] | None = None  # ("class", N): after a Class's level bar (716.2a); ("station", N): N+ (721.2a)
    results: list[tuple[int, int | None, list[Piece]]] = field(default_factory=list)  # a roll's results table (706.3)
    opens_modes: bool = False  # "Choose one —": the bullet lines after it are its modes


def normalise(text: str) -> str:
    return _nested_quotes(text.translate(_SAME_LENGTH), text)


def _nested_quotes(text: str, original: str) -> str:
    """Inside a quoted ability, a quote within it is written with single quotes ('This token gets …'): they
    become double quotes, the grammar's one kind (same length: positions are kept). A typographic opening
    quote (‘, as the CR's examples quote an ability inside an ability) opens one at any depth."""
    out = list(text)
    depth = 0
    opened: list[int] = []
    for i, ch in enumerate(text):
        if ch == '"':
            depth = depth + 1 if i == 0 or text[i - 1] in " (—\n" else max(depth - 1, 0)
        elif ch == "'" and (depth or opened or original[i] == "‘"):
            before = text[i - 1] if i else " "
            after = text[i + 1] if i + 1 < len(text) else " "
            if (before in " (" or original[i] == "‘") and after.isupper():
                opened.append(i)
            elif opened and before in ".!\"" and after in ' "\n.,':
                out[opened.pop()] = out[i] = '"'
    return "".join(out)


def blank_reminders(line: str) -> str:
    """Parenthesised text outside quotes → spaces."""
    out = list(line)
    depth = 0
    in_quote = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_quote = not in_quote
        if in_quote and depth == 0:
            continue
        if ch == "(":
            depth += 1
        if depth:
            out[i] = " "
        if ch == ")" and depth:
            depth -= 1
    return "".join(out)


def self_names(name: str, type_line: str) -> list[str]:
    """The names a card calls itself by: its name, its parts (split cards) and, if legendary, its short name:
    the part before a comma ("Jace, the Mind Sculptor" → "Jace") or the first word ("Teysa" for "Teysa
    Karlov"). Without a type line a short name is used only if the text uses it as a name (see
    reader.guess_names)."""
    names: list[str] = []
    for full in [n.strip() for n in normalise(name).split("//") if n.strip()]:
        names.append(full)
        legendary = "legendary" in type_line.lower()
        if legendary:
            before_comma = full.split(",")[0].strip()
            if before_comma != full:
                names.append(before_comma)
            words = before_comma.split()
            if len(words) > 1 and words[0][:1].isupper() and len(words[0]) > 2 and words[0].lower() not in (
                    "the", "a", "an", "lord", "lady", "sir", "king", "queen", "general", "captain"):
                names.append(words[0])
            elif len(words) > 2 and words[0].lower() in ("the",):
                names.append(" ".join(words[:2]))
    return sorted(set(names), key=len, reverse=True)


def replace_names(line: str, names: list[str]) -> str:
    for name in names:
        pattern = re.compile(r"(?<![\w'])" + re.escape(name) + r"(?![\w])")
        line = pattern.sub(lambda m: "~" + " " * (len(m.group()) - 1), line)
    return line


def strip_ability_word(line: str, is_keyword) -> str:
    """"Landfall — Whenever …" → spaces then "Whenever …", unless the words before the dash are a keyword
    ("Cumulative upkeep—Pay 1 life", "Boast — {1}{R}: …")."""
    match = _DASH_PREFIX.match(line)
    if not match or is_keyword(match.group(1)):
        return line
    return " " * match.end() + line[match.end():]


def split_sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence: a period (or a closing quote after one) followed by a space or the end,
    outside quotes."""
    spans: list[tuple[int, int]] = []
    start = 0
    depth = 0  # quotes may nest: an opening quote follows a space, a closing one doesn't
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            depth = depth + 1 if i == 0 or text[i - 1] in " (—" else max(depth - 1, 0)
            if not depth and i > 0 and text[i - 1] == "." and (i + 1 == n or text[i + 1] == " "):
                spans.append((start, i + 1))
                start = i + 1
        elif ch == "." and not depth and (i + 1 == n or text[i + 1] == " ") and not _abbreviation(text, i):
            spans.append((start, i + 1))
            start = i + 1
        i += 1
    if text[start:].strip():
        spans.append((start, n))
    out = []
    for a, b in spans:
        while a < b and text[a] == " ":
            a += 1
        if a < b:
            out.append((a, b))
    return out


def _abbreviation(text: str, i: int) -> bool:
    return text[max(0, i - 2):i + 1].lower() in ("vs.",) or text[max(0, i - 1):i + 2] == ". ."


def units(text: str, name: str, type_line: str, is_keyword) -> list[Unit]:
    """The abilities of a card's text, each as the pieces to parse."""
    names = self_names(name, type_line) if name else []
    out: list[Unit] = []
    level: tuple[int, int | None] | None = None
    class_level: int | None = None
    raw_lines = normalise(text).split("\n")
    for index, raw in enumerate(raw_lines, start=1):
        line = blank_reminders(raw)
        before_modes = _bullet_follows(raw_lines, index)
        if not line.strip():
            continue
        level_match = _LEVEL.match(line)
        if level_match:
            low = int(level_match.group(1))
            level = (low, None if level_match.group(3) else int(level_match.group(2)))
            continue
        if level is not None and _PT_LINE.match(line):
            out.append(Unit(index, line.strip(), level=level, pt=line.strip()))
            continue
        line = replace_names(line, names)
        shown = " ".join(blank_reminders(raw).split())
        band = _BAND.match(line)
        if (band and out and not band.group(3)) or (band and band.group(3) and out and _rolls(out[-1])):
            low = int(band.group(1))
            high = None if band.group(3) else int(band.group(2) or low)
            body = " " * band.end() + line[band.end():].rstrip()
            out[-1].results.append((low, high, [Piece("next", " " * a + body[a:b], index, 1)
                                                for a, b in split_sentences(body)]))
            out[-1].text += "\n" + shown
            continue
        station = None
        if band and band.group(3):
            station = int(band.group(1))
            line = " " * band.end() + line[band.end():]
        bar = _CLASS_BAR.match(line)
        if bar:
            class_level = int(bar.group(1))
        bullet = _BULLET.match(line)
        spree = _SPREE.match(line)
        if (bullet or spree) and out and (out[-1].modes or out[-1].opens_modes):
            body = line[(bullet or spree).end():] if bullet else line
            column = (bullet.end() if bullet else 0)
            padded = " " * column + (strip_ability_word(body, is_keyword) if bullet else body)  # a mode's name
            costed = spree or _MODE_COST.match(padded)
            piece = Piece("spree_mode" if costed else "mode", padded.rstrip(), index, 1)
            out[-1].modes.append([piece])
            out[-1].text += "\n" + shown
            continue
        chapters: tuple[int, ...] = ()
        chapter_match = _CHAPTERS.match(line)
        if chapter_match:
            chapters = tuple(_ROMAN[r.strip()] for r in chapter_match.group(1).split(","))
            line = " " * chapter_match.end() + line[chapter_match.end():]
        else:
            line = strip_ability_word(line, is_keyword)
        unit = Unit(index, shown, chapters=chapters, level=level, opens_modes=before_modes or _modal_head(line),
                    band=("station", station) if station is not None else (
                        ("class", class_level) if class_level is not None and not bar else None))
        spans = [(0, len(line.rstrip()))] if unit.opens_modes or _keywordish(line, is_keyword) else \
            split_sentences(line.rstrip())
        for number, (a, b) in enumerate(spans):
            unit.pieces.append(Piece("first" if number == 0 else "next", " " * a + line[a:b], index, 1))
        if unit.pieces:
            out.append(unit)
    return out


def _rolls(unit: Unit) -> bool:
    """Whether an ability rolls a die: the "N+ | …" lines after it are its results table, not station symbols."""
    return bool(re.search(r"\broll", unit.text, re.IGNORECASE))


def _modal_head(line: str) -> bool:
    stripped = line.strip()
    return stripped.endswith("—") or bool(re.search(r"\bchooses? (one|two|three|any number|up to \w+|one or "
                                                     r"(more|both)|x)\b[^.]*—\s*$", stripped, re.IGNORECASE))


def _keywordish(line: str, is_keyword) -> bool:
    """A keyword ability whose parameter has its own sentence ("Ward—Pay 3 life.", "Escape—{2}{B}, Exile …")."""
    head = line.strip().split("—")[0].split(" {")[0].strip()
    return "—" in line and is_keyword(head)


def _bullet_follows(lines: list[str], index: int) -> bool:
    """Whether the line after line `index` (1-based) is a mode: "• …" or Spree's "+ {1} — …"."""
    for line in lines[index:]:
        if line.strip():
            return bool(_BULLET.match(line) or _SPREE.match(line))
    return False
