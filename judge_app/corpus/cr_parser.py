"""Parse a Comprehensive Rules document (English original or translation) into raw entries.

The output is still "as printed": numbers are the printed strings and nothing is checked or
resolved yet. `checks` validates and corrects numbering, `build` turns entries into `Rule`s and
`linking` resolves references. Splitting it this way keeps each step testable on its own.

Layout handled:
- front matter (title, effective date, introduction), a table of contents ending with "Credits",
  the numbered rules, the glossary, the credits;
- one paragraph per rule, or (translations) paragraphs broken across lines, even across blank
  lines, with heading marks and list dashes in front of rule numbers;
- examples ("Example:", "Exemplo:", "Ejemplo:", bold or italic or neither) kept apart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge_app.corpus.dates import effective_date, fold
from judge_app.corpus.markup import Marked, inline, parse_inline

_GLOSSARY_WORDS = {"glossary", "glossario", "glosario"}
_CREDITS_WORDS = {"credits", "creditos"}
_HEADING_RE = re.compile(r"^\s*#{1,6}\s")
_ENTRY_RE = re.compile(
    r"^(?P<num>[1-9](?:\d{2}(?:\.\d{1,3}[A-Za-z]{0,2})?)?)(?P<dot>\.)?(?:\s+(?P<rest>.*))?$", re.S
)
_EXAMPLE_RE = re.compile(r"^(?:Example|Exemplo|Ejemplo)s?\s*[:.]\s*", re.IGNORECASE)
_TERMINAL = ".:;!?)]”\"»’'"
_DANGLING_WORDS = {
    "rule", "rules", "see", "section", "regra", "regras", "consulte", "veja", "ver", "seção", "regla",
    "reglas", "sección", "la", "a", "as", "o", "os", "de", "da", "do", "the", "of", "and", "e", "y",
}


@dataclass(slots=True)
class Entry:
    """A numbered paragraph as printed, with what followed it up to the next number."""

    printed: str  # number as printed, without the trailing period: "702.19", "502.48a", "111.10S"
    dotted: bool  # printed with a trailing period
    line: int
    body: Marked
    examples: list[Marked] = field(default_factory=list)
    heading: bool = False  # printed with heading marks ("#### 702.19. Atropelar")


@dataclass(slots=True)
class RawGlossaryEntry:
    term: Marked
    line: int
    lines: list[Marked] = field(default_factory=list)


@dataclass(slots=True)
class ParsedCR:
    effective: str
    front_matter: str
    entries: list[Entry]
    glossary: list[RawGlossaryEntry]
    back_matter: str
    stray: list[tuple[int, str]]  # text that belongs to no entry (reported, never dropped silently)


def _word(line: str) -> str:
    if len(line) > 40:  # headings such as "## **Glossário**" are short; skip the work for prose
        return ""
    return fold(inline(line).plain).strip(" *:.")


def _find(lines: list[str], words: set[str], start: int = 0, last: bool = False) -> int | None:
    hits = [i for i in range(start, len(lines)) if _word(lines[i]) in words]
    if not hits:
        return None
    return hits[-1] if last else hits[0]


def parse(lines: list[str], language: str) -> ParsedCR:
    toc_end = _find(lines, _CREDITS_WORDS)
    if toc_end is None:
        raise ValueError("no table of contents ending in 'Credits' found")
    glossary_start = _find(lines, _GLOSSARY_WORDS, toc_end + 1, last=True)
    if glossary_start is None:
        raise ValueError("no glossary heading found after the table of contents")
    credits_start = _find(lines, _CREDITS_WORDS, glossary_start + 1, last=True) or len(lines)

    front = "\n".join(lines[: toc_end + 1])
    entries, stray = _parse_body(lines, toc_end + 1, glossary_start)
    glossary, glossary_stray = _parse_glossary(lines, glossary_start + 1, credits_start, language)
    back = "\n".join(lines[credits_start:])
    return ParsedCR(
        effective=effective_date(front, language) or effective_date(back, language),
        front_matter=front,
        entries=entries,
        glossary=glossary,
        back_matter=back,
        stray=stray + glossary_stray,
    )


def _title_like(text: str) -> bool:
    text = text.strip()
    return bool(text) and len(text) <= 90 and text[-1] not in ".:;" and "\n" not in text


def _dangling(text: str) -> bool:
    """Does this paragraph stop mid-sentence ("… consulte a", "… see rule")?"""
    stripped = text.rstrip()
    if not stripped:
        return False
    last_word = stripped.rsplit(None, 1)[-1].lower()
    return stripped[-1] not in _TERMINAL and last_word in _DANGLING_WORDS


def join_paragraphs(previous: Marked, following: Marked, rule_text: bool = False) -> Marked:
    """Re-join a sentence broken across lines; otherwise keep a paragraph break.

    In rule text every paragraph ends with closing punctuation, so one that does not was broken
    ("… Old" / "Man of the Sea …"). Elsewhere (guides, glossary) short unpunctuated lines are often
    labels, so only the clear cases join: a comma, a lower-case or bracketed continuation.
    """
    before = previous.plain.rstrip()
    after = following.plain.lstrip()
    if not before:
        return following
    broken = before[-1] not in _TERMINAL and (
        rule_text
        or before[-1] == ","
        or after[:1].islower()
        or after[:1].isdigit()
        or after[:1] in "“\"«({["
        or _dangling(before)
    )
    return previous.strip().join(following.strip(), " " if broken else "\n")


def _parse_body(lines: list[str], start: int, end: int) -> tuple[list[Entry], list[tuple[int, str]]]:
    entries: list[Entry] = []
    stray: list[tuple[int, str]] = []
    chapter = 0
    for index in range(start, end):
        raw = lines[index]
        if not raw.strip():
            continue
        marked = inline(raw)
        text = marked.plain.strip()
        if not text:
            continue
        line_no = index + 1
        current = entries[-1] if entries else None
        continuing = (
            current is not None
            and "." in current.printed  # a section's body is its title, never a broken sentence
            and _dangling((current.examples[-1] if current.examples else current.body).plain)
        )
        m = None if continuing else _ENTRY_RE.match(text)
        if m and "." not in m.group("num") and not m.group("dot"):
            m = None  # "100 cards …": a section or chapter number always has its period
        if m and len(m.group("num")) == 1:
            # A chapter heading ("1. Game Concepts") comes in order; anything else is prose.
            if int(m.group("num")) == chapter + 1 and _title_like(m.group("rest") or ""):
                chapter += 1
            else:
                m = None
        if m:
            body_start = marked.plain.index(m.group("rest")) if m.group("rest") else len(marked.plain)
            entries.append(
                Entry(
                    printed=m.group("num"),
                    dotted=bool(m.group("dot")),
                    line=line_no,
                    body=marked.slice(body_start).strip(),
                    heading=bool(_HEADING_RE.match(raw)),
                )
            )
            continue
        if current is None:
            stray.append((line_no, text))
            continue
        example = _EXAMPLE_RE.match(text)
        if example and not continuing:
            offset = marked.plain.index(text) + example.end()
            current.examples.append(marked.slice(offset).strip())
        elif current.examples:
            current.examples[-1] = join_paragraphs(current.examples[-1], marked, rule_text=True)
        else:
            current.body = join_paragraphs(current.body, marked, rule_text=True)
    return entries, stray


# --- glossary ---------------------------------------------------------------------------------

_SENSE_RE = re.compile(r"^\s*(?:[-*]\s+)?(\d{1,2})\.\s+")
_SEE_RE = re.compile(r"^(?:see|veja|ver|consulte|v[ée]ase)\b", re.IGNORECASE)


def _bold_line(raw: str) -> Marked | None:
    """A line that is bold from end to end ("### **Atropelar**"), as its text."""
    stripped = raw.strip()
    core = re.sub(r"^#{1,6}\s+", "", stripped)
    if core.startswith("**") and core.rstrip().endswith("**") and len(core) > 4:
        return parse_inline(core)
    return None


def _term_like(text: str) -> bool:
    return (
        _title_like(text)
        and len(text) <= 70
        and not _SENSE_RE.match(text)
        and not _SEE_RE.match(text)
        and not text.startswith(("-", "“", "\""))
    )


def _parse_glossary(
    lines: list[str], start: int, end: int, language: str
) -> tuple[list[RawGlossaryEntry], list[tuple[int, str]]]:
    """Three layouts: English blocks (term line, then definition lines, blank line between
    entries); Portuguese bold term lines; Spanish term and definition as separate paragraphs."""
    entries: list[RawGlossaryEntry] = []
    stray: list[tuple[int, str]] = []
    bold_terms = any(_bold_line(lines[i]) for i in range(start, min(end, start + 40)))
    previous_blank = True
    for index in range(start, end):
        raw = lines[index]
        if not raw.strip():
            previous_blank = True
            continue
        marked = inline(raw).strip()
        if not marked.plain:
            continue
        if bold_terms:
            bold = _bold_line(raw)
            is_term = bold is not None and _term_like(bold.plain)
            if is_term:
                marked = bold.strip()
        elif language == "en":
            is_term = previous_blank and _term_like(marked.plain)
        else:
            is_term = _term_like(marked.plain) and (not entries or bool(entries[-1].lines))
        previous_blank = False
        if is_term:
            entries.append(RawGlossaryEntry(term=marked, line=index + 1))
        elif entries:
            entries[-1].lines.append(marked)
        else:
            stray.append((index + 1, marked.plain))
    return entries, stray
