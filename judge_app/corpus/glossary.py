"""Glossary entries: term, numbered senses, the rules they point to and the terms they send to."""

from __future__ import annotations

import re

from judge_app.corpus.cr_parser import RawGlossaryEntry, join_paragraphs
from judge_app.corpus.dates import fold
from judge_app.corpus.markup import Marked
from judge_app.corpus.model import GlossaryEntry

_SENSE_RE = re.compile(r"^(\d{1,2})\.\s+")
_PAREN_RE = re.compile(r"^(?P<term>.+?)\s*\((?P<inner>[^()]+)\)$")
_OBSOLETE = {"obsolete", "obsoleto", "obsoleta"}
# "See also Flying." / "Veja também Voar." / "Ver también Volar." / "See Dies." — not "See rule …".
_SEE_ALSO_RE = re.compile(
    r"(?:^|(?<=[.”\n]) ?)(?:See(?: also)?|Veja(?: também)?|Ver(?: también)?|Véase(?: también)?)\s+"
    r"(?!(?:the\s+|a\s+|as\s+|la\s+|las\s+)?(?:rules?|regras?|reglas?|sections?|seção|sección)\b)"
    r"(?P<terms>[^.\n]+)",
)


def term_key(term: str) -> str:
    """Lookup key: folded case and accents, single spaces, no surrounding punctuation."""
    return re.sub(r"\s+", " ", fold(term)).strip(" .,;:\"“”")


def build_entry(raw: RawGlossaryEntry, doc: str, language: str) -> GlossaryEntry:
    term = raw.term.plain.strip()
    english = ""
    m = _PAREN_RE.match(term)
    if m and language != "en" and fold(m.group("inner")).strip() not in _OBSOLETE:
        term, english = m.group("term").strip(), m.group("inner").strip()

    senses: list[Marked] = []
    shared: list[Marked] = []
    body = Marked()
    for line in raw.lines:
        body = join_paragraphs(body, line)
        sense = _SENSE_RE.match(line.plain)
        if sense:
            senses.append(line.slice(sense.end()).strip())
        elif senses and not _SEE_ALSO_RE.match(line.plain) and not line.plain[:1].isupper():
            senses[-1] = join_paragraphs(senses[-1], line)
        else:
            shared.append(line)
    if not senses:
        senses = [body]
    see_also = [t.strip() for m in _SEE_ALSO_RE.finditer(body.plain) for t in re.split(r",\s*|\s+(?:and|e|y)\s+",
                                                                                   m.group("terms")) if t.strip()]
    return GlossaryEntry(
        doc=doc,
        term=term,
        key=term_key(term),
        line=raw.line,
        senses=[s.plain for s in senses],
        text=body.plain,
        markdown=body.to_markdown(),
        english=english,
        see_also=see_also,
    )
