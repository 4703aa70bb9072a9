"""The parse report: per document, what was found and everything odd about it."""

from __future__ import annotations

from typing import Any

from judge_app.corpus import serialize
from judge_app.corpus.store import Corpus


def _unresolved(where: str, refs: list) -> list[dict[str, Any]]:
    return [{"in": where, "text": r.text, "part": r.part, "unresolved": list(r.unresolved)}
            for r in refs if r.unresolved]


def document_report(corpus: Corpus, doc: str) -> dict[str, Any]:
    document = corpus.document(doc)
    report: dict[str, Any] = {"document": serialize.document(document)}
    if document.is_cr:
        rules = list(corpus.rules[doc].values())
        glossary = corpus.glossary[doc]
        refs = [r for rule in rules for r in rule.references] + [r for e in glossary for r in e.references]
        unresolved = [u for rule in rules for u in _unresolved(rule.number, rule.references)]
        unresolved += [u for e in glossary for u in _unresolved(f"glossary: {e.term}", e.references)]
        report.update(
            rules=sum(1 for r in rules if r.level in ("rule", "subrule")),
            chapters=sum(1 for r in rules if r.level == "chapter"),
            sections=sum(1 for r in rules if r.level == "section"),
            glossary=len(glossary),
            examples=sum(len(r.examples) for r in rules),
            references=len(refs),
            resolved_references=len(refs) - len(unresolved),
            unresolved_references=unresolved,
            keyword_links=sum(len(r.keyword_links) for r in rules),
            corrected_numbers=sum(1 for r in rules if r.corrected),
        )
    else:
        sections = corpus.guides[doc]
        paragraphs = [p for s in sections for p in s.paragraphs]
        refs = [r for p in paragraphs for r in p.references]
        report.update(
            sections=len(sections),
            paragraphs=len(paragraphs),
            references=len(refs),
            resolved_references=sum(1 for r in refs if r.ok),
            unresolved_references=[u for p in paragraphs for u in _unresolved(p.id, p.references)],
        )
    report["anomalies"] = [serialize.anomaly(a) for a in corpus.anomalies.get(doc, [])]
    report["missing_vs_english"] = [serialize.missing(m) for m in corpus.missing.get(doc, [])]
    report["extra_vs_english"] = [serialize.missing(m) for m in corpus.extra.get(doc, [])]
    return report


def corpus_report(corpus: Corpus) -> dict[str, dict[str, Any]]:
    return {doc: document_report(corpus, doc) for doc in corpus.documents}
