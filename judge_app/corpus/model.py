"""The parsed corpus: plain dataclasses, shared by every layer above (search, web, engine, CLI).

Text is kept twice where it is shown: `text` is plain (for search, the terminal, JSON) and
`markdown` keeps the document's emphasis as Markdown with every other special character escaped,
so a renderer can show emphasis without ever trusting the text as markup.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Document:
    id: str
    file: str
    language: str
    title: str
    kind: str  # "comprehensive-rules", "lesson", "basic-rulebook", "community-notes"
    authority: int  # 1 is highest
    effective: str  # as the document states it (ISO date or year); "" if it says nothing
    declared_effective: str  # as the manifest states it
    note: str
    sha256: str
    front_matter: str = ""  # text before the rules (title, introduction, contents), kept verbatim
    back_matter: str = ""  # text after the glossary (credits, notices), kept verbatim
    translation_of: str | None = None  # the English document of the same date, for translations
    cites: str | None = None  # for guides: the CR document their rule numbers resolve against

    @property
    def is_cr(self) -> bool:
        return self.kind == "comprehensive-rules"


@dataclass(slots=True)
class Reference:
    """A mention of rule or section numbers in a text, resolved within one CR document."""

    text: str  # as written: "rules 702.19b–d", "consulte a regra 704.5", "sección 5"
    part: str  # where it was found: "text", or "example 1", "example 2" …
    start: int  # offsets into that part's plain text
    end: int
    target_doc: str
    numbers: tuple[str, ...]  # every number it names, ranges expanded, in order
    resolved: tuple[str, ...]  # those that exist in target_doc
    unresolved: tuple[str, ...]  # those that do not

    @property
    def ok(self) -> bool:
        return not self.unresolved


@dataclass(slots=True)
class KeywordLink:
    """A keyword name in rule text that unambiguously names a keyword rule (701.x or 702.x)."""

    start: int
    end: int
    target: str


@dataclass(slots=True)
class Rule:
    doc: str
    number: str  # canonical and, where the evidence was unambiguous, corrected
    printed: str  # exactly as the document prints it (e.g. "502.48a")
    level: str  # "chapter", "section", "rule" or "subrule"
    line: int  # 1-based line of the source document
    title: str = ""  # chapters, sections, and keyword/heading rules ("Trample")
    text: str = ""
    markdown: str = ""
    examples: list[str] = field(default_factory=list)
    examples_markdown: list[str] = field(default_factory=list)
    parent: str | None = None
    children: list[str] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)  # found in text, then in examples
    keyword_links: list[KeywordLink] = field(default_factory=list)
    cited_by: list[str] = field(default_factory=list)  # numbers of rules of the same document
    cited_by_glossary: list[str] = field(default_factory=list)  # glossary terms that point here

    @property
    def corrected(self) -> bool:
        return self.printed.rstrip(".").lower() != self.number

    @property
    def heading(self) -> str:
        """Number and title (or the start of the text), for lists and links."""
        label = self.title or _shorten(self.text, 80)
        return f"{self.number}. {label}" if self.level in ("chapter", "section", "rule") else f"{self.number} {label}"


@dataclass(slots=True)
class GlossaryEntry:
    doc: str
    term: str  # as printed, markup removed
    key: str  # folded lookup key (see `glossary.term_key`)
    line: int
    senses: list[str] = field(default_factory=list)  # numbered senses, or the one definition
    text: str = ""  # the whole definition, plain
    markdown: str = ""
    english: str = ""  # the English term a translation gives in parentheses ("Afinidade (Affinity)")
    rules: list[str] = field(default_factory=list)  # resolved numbers it points to, in order
    references: list[Reference] = field(default_factory=list)
    see_also: list[str] = field(default_factory=list)  # other glossary terms it sends to


@dataclass(slots=True)
class GuideParagraph:
    id: str  # stable within its document: "s3p2" (section 3, paragraph 2)
    line: int
    text: str
    markdown: str
    references: list[Reference] = field(default_factory=list)


@dataclass(slots=True)
class GuideSection:
    id: str  # "s3"
    title: str
    line: int
    paragraphs: list[GuideParagraph] = field(default_factory=list)


@dataclass(slots=True)
class Anomaly:
    """Something odd in a source document, reported rather than hidden."""

    doc: str
    kind: str  # see `checks.ANOMALY_KINDS`
    line: int
    printed: str
    message: str
    corrected_to: str | None = None


@dataclass(slots=True)
class Missing:
    """A rule number present in one document and absent from its counterpart of the same date."""

    number: str
    cause: str


def _shorten(text: str, width: int) -> str:
    first = text.split("\n", 1)[0]
    return first if len(first) <= width else first[: width - 1].rstrip() + "…"
