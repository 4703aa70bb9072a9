"""Documents → parsed model: read every source in the manifest, number, link and check it.

Order matters: an English CR is built before its translation, whose numbering is checked
against it; guides come last, since their references resolve against a CR document.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from judge_app.corpus import checks, cr_parser, guides, linking, manifest, numbers
from judge_app.corpus.glossary import build_entry
from judge_app.corpus.model import Anomaly, Document, Rule
from judge_app.corpus.reading import lines
from judge_app.corpus.store import Corpus


def _build_order(entries: list[manifest.Entry]) -> list[manifest.Entry]:
    return sorted(entries, key=lambda e: (e.kind != "comprehensive-rules", e.translation_of is not None))


def build(corpus_dir: Path) -> Corpus:
    corpus = Corpus()
    for meta in _build_order(manifest.read(corpus_dir)):
        data = (corpus_dir / meta.file).read_bytes()
        document = Document(
            id=meta.id, file=meta.file, language=meta.language, title=meta.title, kind=meta.kind,
            authority=meta.authority, effective=meta.effective, declared_effective=meta.effective,
            note=meta.note, sha256=hashlib.sha256(data).hexdigest(),
            translation_of=meta.translation_of, cites=meta.cites,
        )
        corpus.documents[meta.id] = document
        if document.is_cr:
            _add_cr(corpus, document, lines(data))
        else:
            corpus.guides[meta.id] = guides.parse(lines(data), document.title)
            corpus.anomalies[meta.id] = []
    linking.link(corpus)
    _compare_translations(corpus)
    corpus.documents = {doc: corpus.documents[doc] for doc in _display_order(corpus.documents)}
    return corpus


def _display_order(documents: dict[str, Document]) -> list[str]:
    """CR documents in the stable order of `manifest.CR_IDS`, then the guides by authority."""
    crs = [d for d in manifest.CR_IDS if d in documents]
    crs += [d for d, doc in documents.items() if doc.is_cr and d not in crs]
    rest = sorted((d for d, doc in documents.items() if not doc.is_cr), key=lambda d: documents[d].authority)
    return crs + rest


def _add_cr(corpus: Corpus, document: Document, source: list[str]) -> None:
    parsed = cr_parser.parse(source, document.language)
    document.front_matter, document.back_matter = parsed.front_matter, parsed.back_matter
    anomalies: list[Anomaly] = []
    if parsed.effective:
        document.effective = parsed.effective
        if document.declared_effective and parsed.effective != document.declared_effective:
            anomalies.append(Anomaly(document.id, "effective-date", 1, parsed.effective,
                                     f"the document says {parsed.effective}, the manifest "
                                     f"{document.declared_effective}"))
    english = list(corpus.rules[document.translation_of]) if document.translation_of else None
    numbered, found = checks.number_entries(parsed.entries, document.id, english)
    anomalies += found
    rules = _make_rules(document.id, numbered)
    if english is None:
        anomalies += checks.gaps(list(rules), document.id, {n: r.line for n, r in rules.items()})
    anomalies += [Anomaly(document.id, "stray-text", line, "", f"text outside any rule: {text[:80]!r}")
                  for line, text in parsed.stray]
    anomalies += [Anomaly(document.id, "empty-rule", r.line, r.printed, f"{r.number} has no text")
                  for r in rules.values() if not r.text]
    anomalies.sort(key=lambda a: a.line)
    corpus.rules[document.id] = rules
    corpus.anomalies[document.id] = anomalies
    corpus.glossary[document.id] = [build_entry(raw, document.id, document.language) for raw in parsed.glossary]


def _is_heading_rule(text: str, heading: bool) -> bool:
    """A rule whose whole text is a name ("702.19. Trample", "#### 702.129. Afligir")."""
    return bool(text) and "\n" not in text and (heading or (len(text) <= 60 and text[-1] not in ".:;"))


def _make_rules(doc: str, numbered: list[checks.Numbered]) -> dict[str, Rule]:
    rules: dict[str, Rule] = {}
    for item in numbered:
        entry, number = item.entry, item.number
        level = numbers.level(number)
        text = entry.body.plain
        title = text if level in ("chapter", "section") or (level == "rule" and _is_heading_rule(
            text, entry.heading)) else ""
        rules[number] = Rule(
            doc=doc, number=number, printed=entry.printed + ("." if entry.dotted else ""), level=level,
            line=entry.line, title=title, text=text, markdown=entry.body.to_markdown(),
            examples=[e.plain for e in entry.examples], examples_markdown=[e.to_markdown() for e in entry.examples],
        )
    for rule in rules.values():
        parent = numbers.parent(rule.number)
        while parent is not None and parent not in rules:
            parent = numbers.parent(parent)
        rule.parent = parent
        if parent is not None:
            rules[parent].children.append(rule.number)
    return rules


def _compare_translations(corpus: Corpus) -> None:
    for doc, document in corpus.documents.items():
        if not document.translation_of:
            continue
        original = document.translation_of
        have = {n: r.text for n, r in corpus.rules[doc].items()}
        reference = {n: r.text for n, r in corpus.rules[original].items()}
        corpus.missing[doc] = checks.missing_between(have, reference, doc, original)
        corpus.extra[doc] = checks.missing_between(reference, have, original, doc)
