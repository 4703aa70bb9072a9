"""The corpus as index entries: one per rule or subrule, glossary entry and guide paragraph."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from judge_app.corpus import Corpus, Rule
from judge_app.search.refs import GLOSSARY, GUIDE, RULE, Ref


@dataclass(slots=True)
class Entry:
    doc: str
    lang: str
    version: str  # the document's effective date (or year); "" when undated
    kind: str  # RULE, GLOSSARY or GUIDE
    key: str  # rule number, glossary position ("17"), or guide paragraph id ("s3p2")
    title: str = ""  # keyword or section name, glossary term (and its English), guide section title
    text: str = ""
    examples: str = ""
    context: str = ""  # titles of the enclosing chapter, section and rule: "Trample" for 702.19b
    path: list[str] = field(default_factory=list)  # enclosing numbers and the rule's own: ["7", "702", "702.19"]
    cites: list[str] = field(default_factory=list)  # rule numbers the entry refers to

    @property
    def ref(self) -> Ref:
        """Stable identity within one index (stored as "en-2026|rule|702.19b")."""
        return Ref.of(self.doc, self.kind, self.key)


def indexed_title(rule: Rule) -> str:
    """The title worth matching: chapters, sections and keyword/heading rules (not subrule text)."""
    return rule.title if rule.level in ("chapter", "section", "rule") else ""


def entries(corpus: Corpus) -> Iterator[Entry]:
    for doc in corpus.documents.values():
        common = {"doc": doc.id, "lang": doc.language, "version": doc.effective}
        for rule in corpus.rules.get(doc.id, {}).values():
            ancestors = corpus.ancestors(doc.id, rule.number)
            title = indexed_title(rule)
            yield Entry(
                kind=RULE, key=rule.number, title=title,
                text="" if title and rule.text == title else rule.text,
                examples="\n".join(rule.examples),
                context=" · ".join(a.title for a in ancestors if a.title),
                path=[a.number for a in ancestors] + [rule.number],
                cites=sorted({n for ref in rule.references for n in ref.resolved}),
                **common,
            )
        for position, entry in enumerate(corpus.glossary.get(doc.id, [])):
            yield Entry(
                kind=GLOSSARY, key=str(position),
                title=f"{entry.term} {entry.english}".strip(),
                text=entry.text, cites=list(entry.rules), **common,
            )
        for section in corpus.guides.get(doc.id, []):
            for paragraph in section.paragraphs:
                yield Entry(
                    kind=GUIDE, key=paragraph.id, title=section.title, text=paragraph.text,
                    cites=sorted({n for ref in paragraph.references for n in ref.resolved}), **common,
                )


def count(corpus: Corpus) -> int:
    """How many entries `entries` yields (for a progress bar's length)."""
    return (sum(len(r) for r in corpus.rules.values()) + sum(len(g) for g in corpus.glossary.values())
            + sum(len(s.paragraphs) for sections in corpus.guides.values() for s in sections))

