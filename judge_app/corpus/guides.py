"""The Portuguese guides: sections of paragraphs, their CR references resolved later (pt-2019).

The guides have no common format: the lesson numbers its steps by its own scheme (1.1, 3.4a),
the 2007 rulebook uses capitalised headings and breaks sentences across lines, the 2008 blog
notes start topics with "MTG:" and list keywords under single letters. A heading is a short line
without closing punctuation that is written in capitals, starts like one of those, or stands
alone between blank lines; everything else is paragraph text.
"""

from __future__ import annotations

import re

from judge_app.corpus.cr_parser import join_paragraphs
from judge_app.corpus.markup import Marked, inline
from judge_app.corpus.model import GuideParagraph, GuideSection

_HEADING_START_RE = re.compile(
    r"^(?:Lição\s+\d|SEÇÃO\s+\d|MTG:"  # lesson, rulebook section, blog topic
    r"|\d+(?:\.\d+)?\s+(?:\(e \d\)\s+)?[A-ZÁÉÍÓÚÂÊÔÃÕÇ]"  # "1.1 Etapa de Desvirar", "2 (e 4) FASE PRINCIPAL"
    r"|[a-h]\.\s+[A-Z])"  # "a. Etapa de desvirar"
)
_RULE_LINE_RE = re.compile(r"^_{5,}$")


def _is_heading(text: str, alone: bool) -> bool:
    if not text or len(text) > 70 or text[-1] in ".,;!?…" or text.startswith(("(", "“", "\"", "—")):
        return False
    letters = [ch for ch in text if ch.isalpha()]
    shouting = sum(ch.isupper() for ch in letters) >= 0.8 * len(letters) and (len(letters) >= 3 or len(text) == 1)
    standalone = alone and len(text) <= 50 and text[0].isupper() and text[-1] != ":" and not any(
        ch.isdigit() for ch in text
    )
    return shouting or standalone or bool(_HEADING_START_RE.match(text))


def parse(lines: list[str], doc_title: str) -> list[GuideSection]:
    sections: list[GuideSection] = []
    current = GuideSection(id="s0", title=doc_title, line=1)
    paragraph: Marked | None = None
    paragraph_line = 0

    def flush() -> None:
        nonlocal paragraph
        if paragraph is not None and paragraph.plain.strip():
            number = len(current.paragraphs) + 1
            current.paragraphs.append(GuideParagraph(
                id=f"{current.id}p{number}", line=paragraph_line,
                text=paragraph.plain, markdown=paragraph.to_markdown(),
            ))
        paragraph = None

    def blank(i: int) -> bool:
        return not 0 <= i < len(lines) or not lines[i].strip()

    for index, raw in enumerate(lines):
        marked = inline(raw).strip()
        text = marked.plain
        if not text or _RULE_LINE_RE.match(text):
            continue
        alone = blank(index - 1) and blank(index + 1)
        if _is_heading(text, alone) and not (paragraph is not None and _continues(paragraph, marked)):
            flush()
            if current.paragraphs or current.id != "s0":
                sections.append(current)
            current = GuideSection(id=f"s{len([s for s in sections if s.id != 's0']) + 1}", title=text,
                                   line=index + 1)
            continue
        if paragraph is not None and _continues(paragraph, marked):
            paragraph = join_paragraphs(paragraph, marked)
        else:
            flush()
            paragraph, paragraph_line = marked, index + 1
    flush()
    if current.paragraphs or not sections:
        sections.append(current)
    return sections


def _continues(paragraph: Marked, following: Marked) -> bool:
    """A sentence broken across lines continues the paragraph; anything else starts a new one."""
    joined = join_paragraphs(paragraph, following)
    return not joined.plain.endswith("\n" + following.plain.strip()) or paragraph.plain.endswith("\n")
