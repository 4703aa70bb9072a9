"""The alignment's data: links between two documents, equivalents, disagreements, diff segments."""

from __future__ import annotations

from dataclasses import dataclass

# Cross-version relations, read from the earlier rule to the later one.
SAME = "same"  # same number, same text
CHANGED = "changed"  # same number, text changed
RENUMBERED = "renumbered"  # another number (the text may have changed too: see `Link.text_changed`)
SPLIT = "split"  # one earlier rule became several later rules
MERGED = "merged"  # several earlier rules became one later rule
REMOVED = "removed"  # an earlier rule with no later counterpart
ADDED = "added"  # a later rule with no earlier counterpart
# Same-date relations, read from the English original to its translation.
TRANSLATION = "translation"  # the same number in both, the same rule
UNTRANSLATED = "untranslated"  # an English rule the translation lacks
TRANSLATION_ONLY = "translation-only"  # a translation's rule the English lacks

CROSS_VERSION_RELATIONS = (SAME, CHANGED, RENUMBERED, SPLIT, MERGED, REMOVED, ADDED)
SAME_DATE_RELATIONS = (TRANSLATION, UNTRANSLATED, TRANSLATION_ONLY)
RELATIONS = CROSS_VERSION_RELATIONS + SAME_DATE_RELATIONS


@dataclass(frozen=True, slots=True)
class Link:
    """One edge between the rules of two documents: `old` in the earlier (or original) document,
    `new` in the later one (or the translation). None on one side for removed/added/untranslated."""

    old: str | None
    new: str | None
    relation: str
    # 0–1. For a pair, the evidence: 1.0 for the same title or text in the same place, lower for
    # reworded or moved text, lowered further when the two cite different rules. For a rule left
    # unpaired, 1 minus how alike the closest rule in its expected place reads.
    confidence: float
    reason: str  # why these two were paired (or why there is no counterpart), in words
    text_changed: bool = False  # cross-version only: the texts differ (whitespace aside)


@dataclass(frozen=True, slots=True)
class Pair:
    """A link read in one direction, between two named documents."""

    from_doc: str
    from_number: str
    to_doc: str
    to_number: str | None
    relation: str
    confidence: float
    reason: str

    def as_dict(self) -> dict:
        return {"from": self.from_number, "to": self.to_number, "relation": self.relation,
                "confidence": self.confidence, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Equivalent:
    """A rule's counterpart in another document. `number` is None when it has none there; `relation`
    then says why (removed, added, untranslated, translation-only)."""

    doc: str
    number: str | None
    relation: str
    confidence: float
    reason: str


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A same-number pair of an original and its translation whose contents do not agree."""

    doc: str  # the translation
    number: str
    kind: str  # "title" or "references"
    detail: str


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of a word-level diff: "equal", "insert" (only in the later text) or "delete"."""

    op: str
    text: str
