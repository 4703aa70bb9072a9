"""Parsed model → linked model: references resolved, "cited by" filled in, glossary entries tied to
their rules, keyword names tied to their keyword rules, guide references tied to a CR document."""

from __future__ import annotations

import re

from judge_app.corpus import references
from judge_app.corpus.model import KeywordLink, Reference, Rule
from judge_app.corpus.store import Corpus

# Keyword names that are also everyday words in rule text; linking them would mislead.
_NOT_LINKED = {
    "en": {"dash", "reach", "flash", "fear", "shadow", "changeling", "defender", "equip", "enchant", "protection",
           "partner", "escape", "offering", "visit", "training", "gift", "station", "craft", "plot",
           "backup", "infinity", "assist", "exhaust", "solved", "bargain", "cleave", "tiered", "sneak"},
    "pt": {"alcance", "encantar", "proteção", "parceiro", "voar", "escapar", "oferenda", "equipar", "medo"},
    "es": {"alcance", "encantar", "protección", "compañero", "volar", "escapar", "ofrenda", "equipar", "miedo",
           "destello"},
}


def resolve(found: references.Found, part: str, target_doc: str, rules: dict[str, Rule],
            ordered: list[str]) -> Reference:
    named: list[str] = []
    for first, last in found.items:
        for number in references.expand(first, last, ordered):
            if number not in named:
                named.append(number)
    return Reference(
        text=found.text, part=part, start=found.start, end=found.end, target_doc=target_doc,
        numbers=tuple(named),
        resolved=tuple(n for n in named if n in rules),
        unresolved=tuple(n for n in named if n not in rules),
    )


def find_references(text: str, language: str, part: str, target_doc: str, rules: dict[str, Rule],
                    ordered: list[str]) -> list[Reference]:
    return [resolve(f, part, target_doc, rules, ordered) for f in references.find(text, language)]


def link(corpus: Corpus) -> None:
    for doc, document in corpus.documents.items():
        if document.is_cr:
            _link_cr(corpus, doc, document.language)
    for doc, sections in corpus.guides.items():
        target = corpus.documents[doc].cites
        rules = corpus.rules.get(target, {}) if target else {}
        ordered = list(rules)
        for section in sections:
            for paragraph in section.paragraphs:
                paragraph.references = find_references(paragraph.text, corpus.documents[doc].language, "text",
                                                       target or "", rules, ordered)


def _link_cr(corpus: Corpus, doc: str, language: str) -> None:
    rules = corpus.rules[doc]
    ordered = list(rules)
    for rule in rules.values():
        found = find_references(rule.text, language, "text", doc, rules, ordered)
        for i, example in enumerate(rule.examples, 1):
            found += find_references(example, language, f"example {i}", doc, rules, ordered)
        rule.references = found
        for reference in found:
            for target in reference.resolved:
                cited = rules[target].cited_by
                if target != rule.number and rule.number not in cited:
                    cited.append(rule.number)
    for entry in corpus.glossary[doc]:
        entry.references = find_references(entry.text, language, "text", doc, rules, ordered)
        entry.rules = list(dict.fromkeys(n for r in entry.references for n in r.resolved))
        for number in entry.rules:
            if entry.term not in rules[number].cited_by_glossary:
                rules[number].cited_by_glossary.append(entry.term)
    _link_keywords(rules, language)


def keyword_names(rules: dict[str, Rule]) -> dict[str, str]:
    """Keyword name (lower case) → its rule in 701/702, for names that belong to one rule only."""
    owners: dict[str, set[str]] = {}
    for rule in rules.values():
        if rule.level == "rule" and rule.title and rule.number.split(".")[0] in ("701", "702"):
            name = re.sub(r"\s*\(.*\)$", "", rule.title).strip().lower()
            if len(name) >= 4:
                owners.setdefault(name, set()).add(rule.number)
    return {name: next(iter(owner)) for name, owner in owners.items() if len(owner) == 1}


def _link_keywords(rules: dict[str, Rule], language: str) -> None:
    """Link keyword *ability* names (702) in rule text; keyword actions (701: "cast", "counter") are
    ordinary verbs in most sentences and stay unlinked."""
    names = {n: r for n, r in keyword_names(rules).items()
             if r.startswith("702.") and n not in _NOT_LINKED.get(language, set())}
    if not names:
        return
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
                         + r")(?![\w-])", re.IGNORECASE)
    for rule in rules.values():
        taken = [(r.start, r.end) for r in rule.references if r.part == "text"]
        links = []
        for m in pattern.finditer(rule.text):
            target = names[m.group(1).lower()]
            own = rule.number == target or (rule.number.startswith(target) and rule.number[len(target):].isalpha())
            if own or any(s < m.end() and m.start() < e for s, e in taken):
                continue
            links.append(KeywordLink(m.start(), m.end(), target))
        rule.keyword_links = links
