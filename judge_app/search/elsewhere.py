"""Words only other documents have: "ward" searched in the 2019 Portuguese rules (ward came in 2021).

A unit of the question is missing from the documents searched when none of them (nor their pivots) holds
it under any of its forms, or when it names a rule or glossary term in another Comprehensive Rules document
but in none of them ("ward" occurs in pt-2019 only inside a card name). Each is reported with the rule it
leads to in the documents that have it ("“ward” is not in pt-2019; see en-2026 702.21 Ward, es-2026 702.21
Rebatir"), so the user can follow it.
"""

from __future__ import annotations

from judge_app.search.results import Elsewhere, Message

MAX_DOCS = 3  # documents named per word


def missing_units(engine, words: list[str], docs: list[str], pivots: list[str]):
    """The units of the question (as read in the first document searched) that nothing in scope holds."""
    if not docs or not engine.corpus.documents[docs[0]].is_cr:
        return []
    reader = engine.reader(docs[0])
    question = reader.read(words)
    scope = docs + pivots
    out = []
    for unit in question.units:
        if unit.source == "number" or unit.named:
            continue
        absent = unit.weight == 0 and not any(engine.known_in(w, d) for w in unit.typed for d in scope)
        spellings = [unit.typed, *unit.forms]
        if absent or (not any(_names(engine, s, pivots) for s in spellings)
                      and any(_names(engine, s, _others(engine, scope)) for s in spellings)):
            out.append(unit)
    return out


def _others(engine, scope: list[str]) -> list[str]:
    return [d for d, document in engine.corpus.documents.items() if document.is_cr and d not in scope]


def _names(engine, typed: tuple[str, ...], docs: list[str]) -> bool:
    """Whether the words name a rule title or glossary term in any of `docs`."""
    return any(engine.reader(doc).names(list(typed)) for doc in docs)


def find(engine, words: list[str], docs: list[str], pivots: list[str]) -> list[Elsewhere]:
    """Where each missing unit is: up to `MAX_DOCS` other rules documents, with their best rule for it."""
    found: list[Elsewhere] = []
    for unit in missing_units(engine, words, docs, pivots):
        term = " ".join(unit.typed)
        spellings = [list(unit.typed)] + [list(f) for f in unit.forms]
        for doc in _others(engine, docs + pivots):
            spelled = next((s for s in spellings if all(engine.known_in(w, doc) for w in s)), None)
            if spelled is None:
                continue
            number = engine.best_rule(spelled, doc)
            title = engine.corpus.rules[doc][number].title if number else ""
            found.append(Elsewhere(term, doc, number, title))
            if sum(1 for e in found if e.term == term) >= MAX_DOCS:
                break
    return found


def message(found: list[Elsewhere], docs: list[str]) -> Message:
    terms = list(dict.fromkeys(e.term for e in found))
    where = ", ".join(f"{e.doc} {e.number} {e.title}".strip() if e.number else e.doc for e in found)
    quoted = ", ".join(f"“{t}”" for t in terms)
    searched = ", ".join(docs)
    return Message("elsewhere", f"{quoted} {'is' if len(terms) == 1 else 'are'} not in {searched}; see {where}.",
                   terms=", ".join(terms), doc=searched, where=where)
