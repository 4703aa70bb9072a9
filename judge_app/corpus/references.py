"""Find rule and section references in text, in English, Portuguese and Spanish.

A reference is a run of numbers, optionally introduced by a keyword ("see rule", "consulte a
regra", "ver la regla", "section", "seção", "sección"), with lists ("702.19b and 702.19c",
"702.19b y 702.19c", "702.19b e 702.19c") and ranges ("101.4a–c", "119.7–8", "903.6–903.11").
Without a keyword only full rule numbers (with a dot) count, so "20 life" or "100 cards" never do;
after a keyword a bare three-digit number is a section and a single digit a chapter.

Expansion of ranges and resolution against a document happen in `linking`; this module only reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge_app.corpus.numbers import SUBRULE_LETTERS

_RULE = r"[1-9]\d{2}\.\d{1,3}[a-z]?(?![a-zA-Z0-9])"
_SECTION = r"[1-9]\d{2}(?![\d.]\d|[a-zA-Z0-9])"
_CHAPTER = r"[1-9](?![\d.,]\d|[a-zA-Z0-9])"
_DASH = r"(?:\s?[–—]\s?|-)"
_RANGE_END = r"(?:[1-9]\d{2}(?:\.\d{1,3}[a-z]?)?|\d{1,3}(?!\d|\.\d)|[a-z])(?![a-zA-Z0-9])"
_ITEM = rf"(?:{_RULE}|{_SECTION}|{_CHAPTER})(?:{_DASH}{_RANGE_END})?"
_SEPARATOR = r"(?:\s*,\s*(?:(?:and|or|y|o|e|ou)\s+)?|\s+(?:and|or|y|o|e|ou)\s+)"

_KEYWORDS = {
    "en": r"(?:see\s+(?:also\s+)?)?(?:rules?|sections?)",
    "pt": r"(?:(?:consulte|veja|ver|vide)\s+(?:tamb[ée]m\s+)?(?:as?\s+|os?\s+)?)?"
          r"(?:regras?|se[çc][ãõ](?:o|es)|sec[çc][ãõ](?:o|es))",
    "es": r"(?:(?:ver|v[ée]ase|consulta|consultar)\s+(?:tambi[ée]n\s+)?(?:las?\s+|los?\s+)?)?"
          r"(?:reglas?|secci[óo]n(?:es)?)",
}
_KEYWORD_RE = {
    lang: re.compile(rf"(?<!\w)(?P<kw>{kw})\s+(?P<items>{_ITEM}(?:{_SEPARATOR}{_ITEM})*)", re.IGNORECASE)
    for lang, kw in _KEYWORDS.items()
}
_BARE_ITEM = rf"{_RULE}(?:{_DASH}{_RANGE_END})?"
_BARE_RE = re.compile(rf"(?<![\w.])(?P<items>{_BARE_ITEM}(?:{_SEPARATOR}{_BARE_ITEM})*)")
_ITEM_RE = re.compile(rf"(?P<start>{_RULE}|{_SECTION}|{_CHAPTER})(?:{_DASH}(?P<end>{_RANGE_END}))?")


@dataclass(frozen=True, slots=True)
class Found:
    """A reference as read: its span and its items, each a number or an unexpanded range."""

    text: str
    start: int
    end: int
    items: tuple[tuple[str, str | None], ...]  # (first, last or None)


def find(text: str, language: str) -> list[Found]:
    """Every reference in `text`, in order; spans do not overlap."""
    found: list[Found] = []
    taken: list[tuple[int, int]] = []
    keyword_re = _KEYWORD_RE.get(language, _KEYWORD_RE["en"])
    for m in keyword_re.finditer(text):
        items = _items(m.group("items"), keyword=m.group("kw"))
        if items:
            found.append(Found(m.group(0), m.start(), m.end(), items))
            taken.append((m.start(), m.end()))
    for m in _BARE_RE.finditer(text):
        if any(s <= m.start() < e for s, e in taken):
            continue
        items = _items(m.group("items"), keyword="")
        if items:
            found.append(Found(m.group(0), m.start(), m.end(), items))
    found.sort(key=lambda f: f.start)
    return found


def _items(items_text: str, keyword: str) -> tuple[tuple[str, str | None], ...]:
    section_word = keyword.lower().rstrip("s").endswith(("section", "seção", "secção", "sección", "seçõe",
                                                         "secçõe", "seccione"))
    items = []
    for m in _ITEM_RE.finditer(items_text):
        first = m.group("start")
        if "." not in first and len(first) == 1 and not section_word:
            continue  # "rule 5" is not a reference to chapter 5
        items.append((first, m.group("end")))
    return tuple(items)


def expand(first: str, last: str | None, ordered_numbers: list[str] | None = None) -> list[str]:
    """The numbers a list item names. A range ends in a letter ("101.4a–c"), a rule number in the
    same section ("119.7–8"), or a full number ("903.6–903.11", "506–511")."""
    if last is None:
        return [first]
    if len(last) == 1 and last.isalpha():
        base, letter = first[:-1], first[-1]
        if not letter.isalpha() or letter not in SUBRULE_LETTERS or last not in SUBRULE_LETTERS:
            return [first]
        a, b = SUBRULE_LETTERS.index(letter), SUBRULE_LETTERS.index(last)
        return [base + ch for ch in SUBRULE_LETTERS[a : b + 1]] if a <= b else [first]
    if "." in first and "." not in last and len(last) <= 3 and not (len(last) == 3 and first[:3] != last):
        section, rule = first.split(".", 1)
        if rule.isdigit() and last.isdigit() and int(rule) <= int(last):
            return [f"{section}.{n}" for n in range(int(rule), int(last) + 1)]
        return [first]
    if "." not in first and last.isdigit() and len(first) == len(last) and int(first) <= int(last):
        return [str(n) for n in range(int(first), int(last) + 1)]
    if ordered_numbers is not None and first in ordered_numbers and last in ordered_numbers:
        i, j = ordered_numbers.index(first), ordered_numbers.index(last)
        if i <= j:
            level = first.count(".") + (1 if first[-1].isalpha() else 0)
            return [n for n in ordered_numbers[i : j + 1] if n.count(".") + (1 if n[-1].isalpha() else 0) == level]
    return [first, last]
