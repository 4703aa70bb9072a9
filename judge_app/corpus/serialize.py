"""The corpus as plain JSON-ready dicts, shared by the CLI and the web API so both say the same."""

from __future__ import annotations

from typing import Any

from judge_app.corpus.model import Anomaly, Document, GlossaryEntry, Missing, Reference, Rule
from judge_app.corpus.store import Corpus


def document(doc: Document) -> dict[str, Any]:
    return {
        "id": doc.id, "title": doc.title, "language": doc.language, "kind": doc.kind,
        "authority": doc.authority, "effective": doc.effective, "file": doc.file, "sha256": doc.sha256,
        "translation_of": doc.translation_of, "cites": doc.cites, "note": doc.note,
    }


def reference(ref: Reference) -> dict[str, Any]:
    return {
        "text": ref.text, "part": ref.part, "start": ref.start, "end": ref.end, "doc": ref.target_doc,
        "numbers": list(ref.numbers), "resolved": list(ref.resolved), "unresolved": list(ref.unresolved),
    }


def rule(corpus: Corpus, item: Rule, depth: int = 1) -> dict[str, Any]:
    """A rule with its subrules `depth` levels down (0: numbers only)."""
    children = corpus.children(item.doc, item.number)
    return {
        "doc": item.doc,
        "number": item.number,
        "printed": item.printed,
        "corrected": item.corrected,
        "level": item.level,
        "title": item.title,
        "text": item.text,
        "markdown": item.markdown,
        "examples": list(item.examples),
        "line": item.line,
        "parent": item.parent,
        "path": [a.number for a in corpus.ancestors(item.doc, item.number)],
        "children": [rule(corpus, c, depth - 1) for c in children] if depth > 0 else [c.number for c in children],
        "references": [reference(r) for r in item.references],
        "keyword_links": [{"start": k.start, "end": k.end, "target": k.target} for k in item.keyword_links],
        "cited_by": list(item.cited_by),
        "cited_by_glossary": list(item.cited_by_glossary),
    }


def glossary_entry(entry: GlossaryEntry) -> dict[str, Any]:
    return {
        "doc": entry.doc, "term": entry.term, "key": entry.key, "english": entry.english,
        "senses": list(entry.senses), "text": entry.text, "markdown": entry.markdown, "rules": list(entry.rules),
        "references": [reference(r) for r in entry.references], "see_also": list(entry.see_also),
        "line": entry.line,
    }


def anomaly(item: Anomaly) -> dict[str, Any]:
    return {"kind": item.kind, "line": item.line, "printed": item.printed, "message": item.message,
            "corrected_to": item.corrected_to}


def missing(item: Missing) -> dict[str, Any]:
    return {"number": item.number, "cause": item.cause}
