"""What a search answers: plain dataclasses, and their JSON form (shared by the CLI and the web API).

Messages are `Message`s: the English text (a `str`, so the CLI prints it as is) with a `code` and
`params`, so an interface in another language can say the same thing in its own words
(`Message.code` → its catalogue's message, `params` filled in). Codes: see `MESSAGE_CODES`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

MESSAGE_CODES = {
    "empty": "nothing was typed",
    "nothing_to_search": "the query has no words or numbers ({query})",
    "unknown_language": "no such language ({lang}; {choices})",
    "unknown_document": "no such document ({doc}; {choices})",
    "document_language": "the document is in another language ({doc}, {language}, {lang})",
    "unknown_chapter": "no such chapter or section ({chapter})",
    "no_rule": "the rule number does not exist in the document ({number}, {doc})",
    "no_citing": "no paragraph of a guide cites the rule ({number}, {doc})",
    "no_phrase": "no entry has the quoted phrase: its words are searched instead",
    "nothing_found": "nothing matches ({query})",
    "elsewhere": "words found only in other documents ({terms}, {doc}, {where})",
    "truncated": "only the first words of a long query were used ({words})",
}


class Message(str):
    """A message for the user: its English text, with `code` (a key of `MESSAGE_CODES`) and `params`."""

    code: str
    params: dict[str, str | int]

    def __new__(cls, code: str, text: str, **params: str | int) -> Message:
        message = super().__new__(cls, text)
        message.code = code
        message.params = params
        return message

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params, "text": str(self)}


@dataclass(slots=True)
class Elsewhere:
    """A word of the query that the searched documents lack and another document has: where it is."""

    term: str  # as typed
    doc: str  # a document that has it
    number: str | None = None  # the rule it leads to there (None: only in text that is no rule)
    title: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


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
    hits: list[Hit] = field(default_factory=list)  # this page of the results
    jump: Jump | None = None
    did_you_mean: str | None = None  # a corrected query (typos) or a nearby rule number
    suggestions: list[str] = field(default_factory=list)  # rule numbers near an unknown one
    messages: list[Message] = field(default_factory=list)  # empty or odd query, unknown rule, nothing found …
    docs: list[str] = field(default_factory=list)  # the documents searched
    total: int = 0  # results in all (about, past the first few hundred)
    offset: int = 0  # how many results come before this page
    scenarios: list[Any] = field(default_factory=list)  # `scenarios.ScenarioHit`: library scenarios showing it
    elsewhere: list[Elsewhere] = field(default_factory=list)  # words only other documents have, and where

    @property
    def message(self) -> Message | None:
        """Every message as one (the first one's code and parameters), or None."""
        if not self.messages:
            return None
        first = self.messages[0]
        return Message(first.code, " ".join(self.messages), **first.params)

    def say(self, code: str, text: str, **params: str | int) -> None:
        self.messages.append(Message(code, text, **params))

    def to_dict(self) -> dict[str, Any]:
        message = self.message
        return {
            "query": self.query, "docs": self.docs, "jump": self.jump.to_dict() if self.jump else None,
            "did_you_mean": self.did_you_mean, "suggestions": self.suggestions,
            "message": str(message) if message else None, "messages": [m.to_dict() for m in self.messages],
            "total": self.total, "offset": self.offset, "hits": [h.to_dict() for h in self.hits],
            "scenarios": [s.to_dict() for s in self.scenarios], "elsewhere": [e.to_dict() for e in self.elsewhere],
        }
