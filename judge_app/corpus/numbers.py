"""Comprehensive Rules numbers: recognising, normalising, ordering them.

Forms: chapter `7`, section `702`, rule `702.19`, subrule `702.19b`. Subrule letters skip `l` and
`o` (CR introduction), so after `k` comes `m` and after `n` comes `p`. No document goes past `z`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"  # no l, no o

# Canonical number: chapter, section, rule or subrule.
NUMBER_RE = re.compile(r"^(?P<section>[1-9]\d{2})(?:\.(?P<rule>\d{1,3})(?P<letter>[a-z])?)?$")
CHAPTER_RE = re.compile(r"^[1-9]$")

# What a user may type: "CR 702.19c", "702.19C", "rule 702.19.", "r. 702.19", "702".
_QUERY_PREFIX = re.compile(
    r"^\s*(?:(?:cr|c\.r\.|rules?|regras?|reglas?|r\.?|sections?|seção|secao|sección|seccion)(?=[\s\d])\s*)?",
    re.IGNORECASE,
)
_QUERY_NUMBER = re.compile(r"^(?P<section>[1-9]\d{2})(?:\.(?P<rule>\d{1,3})(?P<letter>[a-z])?)?\.?$", re.I)


@dataclass(frozen=True, slots=True)
class Number:
    section: int
    rule: int | None = None
    letter: str = ""

    @property
    def level(self) -> str:
        if self.rule is None:
            return "section"
        return "subrule" if self.letter else "rule"

    def __str__(self) -> str:
        if self.rule is None:
            return str(self.section)
        return f"{self.section}.{self.rule}{self.letter}"

    @property
    def chapter(self) -> str:
        return str(self.section // 100)

    @property
    def parent(self) -> str:
        """The number of the enclosing rule, section or chapter."""
        if self.letter:
            return f"{self.section}.{self.rule}"
        if self.rule is not None:
            return str(self.section)
        return self.chapter


def parse(number: str) -> Number | None:
    """A canonical number (`702.19b`), or None when the string is not one."""
    m = NUMBER_RE.match(number)
    if not m:
        return None
    rule = m.group("rule")
    letter = m.group("letter") or ""
    if letter and letter not in SUBRULE_LETTERS:
        return None
    return Number(int(m.group("section")), int(rule) if rule is not None else None, letter)


def normalise(text: str) -> str | None:
    """Canonical form of a number written in any usual way, or None.

    Accepts "702.19c", "702.19C", "702.19.", "CR 702.19c", "rule 702.19", "regra 704.5k",
    "regla 510", "section 5" (a chapter) and "702".
    """
    s = _QUERY_PREFIX.sub("", text.strip(), count=1).strip()
    if CHAPTER_RE.match(s):
        return s
    m = _QUERY_NUMBER.match(s)
    if not m:
        return None
    candidate = m.group("section")
    if m.group("rule") is not None:
        candidate += "." + str(int(m.group("rule"))) + (m.group("letter") or "").lower()
    return candidate if parse(candidate) else None


def letter_index(letter: str) -> int:
    """Position of a subrule letter in the skip-l-and-o sequence, 0-based; -1 for no letter."""
    return SUBRULE_LETTERS.index(letter) if letter else -1


def sort_key(number: str) -> tuple[int, int, int]:
    """Document order for any number (chapters sort before their sections)."""
    if CHAPTER_RE.match(number):
        return (int(number) * 100 - 1, -1, -1)
    n = parse(number)
    if n is None:
        return (10_000, 0, 0)
    return (n.section, -1 if n.rule is None else n.rule, letter_index(n.letter))


def level(number: str) -> str:
    if CHAPTER_RE.match(number):
        return "chapter"
    n = parse(number)
    return n.level if n else "unknown"


def parent(number: str) -> str | None:
    if CHAPTER_RE.match(number):
        return None
    n = parse(number)
    return n.parent if n else None
