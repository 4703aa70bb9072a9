"""The alignment report: per set of links, counts per relation, coverage of both documents, what a
person should check (pairs with low confidence; removed or added rules with a close text where their
counterpart would be), and the translations' disagreements."""

from __future__ import annotations

from collections import Counter
from typing import Any

from judge_app.alignment.model import RELATIONS, SAME_DATE_RELATIONS, Link
from judge_app.alignment.store import Alignment

LOW_CONFIDENCE = 0.6


def _coverage(numbers: list[str], links: list[Link], side: str) -> dict[str, Any]:
    """How many of `numbers` are paired, left unpaired (and marked why), or in no link at all."""
    paired = {getattr(link, side) for link in links if link.old is not None and link.new is not None}
    unpaired = {getattr(link, side): link.relation for link in links if (link.old is None) != (link.new is None)}
    unpaired = {n: r for n, r in unpaired.items() if n is not None and n not in paired}
    return {
        "rules": len(numbers),
        "paired": sum(1 for n in numbers if n in paired),
        "unpaired": len(unpaired),
        "unpaired_as": "/".join(sorted(set(unpaired.values()))) or "-",
        "missing": sum(1 for n in numbers if n not in paired and n not in unpaired),
    }


def _link(link: Link) -> dict[str, Any]:
    return {"from": link.old, "to": link.new, "relation": link.relation, "confidence": link.confidence,
            "reason": link.reason}


def alignment_report(alignment: Alignment, below: float = LOW_CONFIDENCE) -> dict[str, Any]:
    corpus = alignment.corpus
    out = []
    for (old_doc, new_doc), links in alignment.data.links.items():
        counts = Counter(link.relation for link in links)
        same_date = any(link.relation in SAME_DATE_RELATIONS for link in links)
        doubtful = sorted((link for link in links if link.confidence < below), key=lambda link: link.confidence)
        out.append({
            "from": old_doc,
            "to": new_doc,
            "kind": "same-date" if same_date else "cross-version",
            "relations": {relation: counts[relation] for relation in RELATIONS if counts[relation]},
            "coverage": {old_doc: _coverage(list(corpus.rules[old_doc]), links, "old"),
                         new_doc: _coverage(list(corpus.rules[new_doc]), links, "new")},
            "low_confidence": [_link(link) for link in doubtful if link.old and link.new],
            # Removed rules first: added ones are often written after an older rule, so a close text says less.
            "doubtful_unpaired": [_link(link) for link in sorted(
                (x for x in doubtful if not (x.old and x.new)), key=lambda x: (x.old is None, x.confidence))],
            "disagreements": [{"number": d.number, "kind": d.kind, "detail": d.detail}
                              for d in alignment.disagreements(new_doc)],
        })
    return {"low_confidence_below": below, "alignments": out}
