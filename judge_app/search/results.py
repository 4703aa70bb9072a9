"""What a search answers: plain dataclasses, and their JSON form (shared by the CLI and the web API)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(slots=True)
class Hit:
    doc: str
    kind: str  # "rule", "glossary" or "guide"
    score: float  # relevance; comparable within one response only
    snippet: str  # escaped HTML; query words in <mark>
    number: str | None = None  # a rule's number ("702.19b")
    term: str | None = None  # a glossary entry's term
    paragraph: str | None = None  # a guide paragraph's id ("s3p2")
    title: str = ""  # keyword/section title; the term; the guide section's title
    level: str = ""  # rules: "chapter", "section", "rule" or "subrule"
    path: list[str] = field(default_factory=list)  # rules: enclosing numbers, chapter first
    rules: list[str] = field(default_factory=list)  # glossary and guides: the rules they refer to
    via: str | None = None  # found through this other document (cross-language), else None

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}


@dataclass(slots=True)
class Jump:
    """The query was a rule number: the rule (or section, chapter) to open, with its subrules."""

    doc: str
    number: str
    level: str
    title: str
    children: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class SearchResponse:
    query: str  # the query as understood (cleaned)
    hits: list[Hit] = field(default_factory=list)
    jump: Jump | None = None
    did_you_mean: str | None = None  # a corrected query (typos) or a nearby rule number
    suggestions: list[str] = field(default_factory=list)  # rule numbers near an unknown one
    message: str | None = None  # for the user: empty or odd query, unknown rule, nothing found
    docs: list[str] = field(default_factory=list)  # the documents searched

    def to_dict(self) -> dict[str, Any]:
        return {
            "query": self.query, "docs": self.docs, "jump": self.jump.to_dict() if self.jump else None,
            "did_you_mean": self.did_you_mean, "suggestions": self.suggestions, "message": self.message,
            "hits": [h.to_dict() for h in self.hits],
        }
