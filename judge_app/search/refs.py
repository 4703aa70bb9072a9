"""One entry of the index, named: its document, its kind and its key within the kind.

    Ref.of("en-2026", RULE, "702.19b")       # a rule, by number (`Ref.rule("en-2026", "702.19b")`)
    Ref.of("en-2026", GLOSSARY, "17")        # a glossary entry, by its position in the document's glossary
    Ref.of("pt-lesson-turn", GUIDE, "s3p2")  # a guide paragraph, by id

The index stores it as text ("en-2026|rule|702.19b"): `str` writes that form and `Ref.parse` reads it, here only.
Scores, bonuses and hits are keyed by it, and a search looks refs up thousands of times: so each entry's ref is made
once and kept (`of` is the only way to make one), and equal refs being the same object, they hash and compare as
fast as any object.
"""

from __future__ import annotations

from dataclasses import dataclass

RULE, GLOSSARY, GUIDE = "rule", "glossary", "guide"
_SEPARATOR = "|"


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Ref:
    doc: str
    kind: str  # RULE, GLOSSARY or GUIDE
    key: str  # a rule's number, a glossary entry's position ("17"), a guide paragraph's id ("s3p2")

    def __reduce__(self):
        """Unpickled as the kept ref of the same entry."""
        return Ref.of, (self.doc, self.kind, self.key)

    def __str__(self) -> str:
        return _SEPARATOR.join((self.doc, self.kind, self.key))

    @classmethod
    def of(cls, doc: str, kind: str, key: str) -> Ref:
        """The ref of this entry, made on first use and kept (entries are bounded by the corpus)."""
        found = _KEPT.get((doc, kind, key))
        if found is None:
            made = object.__new__(cls)
            for name, value in (("doc", doc), ("kind", kind), ("key", key)):
                object.__setattr__(made, name, value)  # frozen: set once, here
            found = _KEPT.setdefault((doc, kind, key), made)
        return found

    @classmethod
    def rule(cls, doc: str, number: str) -> Ref:
        return cls.of(doc, RULE, number)

    @classmethod
    def parse(cls, text: str) -> Ref:
        """The ref the index stores as `text` ("en-2026|rule|702.19b")."""
        doc, kind, key = text.split(_SEPARATOR, 2)
        return cls.of(doc, kind, key)


_KEPT: dict[tuple[str, str, str], Ref] = {}
