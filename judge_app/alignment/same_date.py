"""Align a translation with its English original of the same date, by (corrected) rule number, and
check that each pair really is the same rule.

The corpus has already corrected the translation's mistyped numbers against the English text, so
pairing is by number. Two checks then look at content the translator carried over:

- titles: a keyword rule's (or section's) translated title and the English one must be a term pair
  of the two glossaries. Glossary entries are paired across languages by the rules they point to
  ("Atropelar" → 702.19 and "Trample" → 702.19), so this checks the glossary and the rule headings
  of the translation against each other and against the English;
- references: the rule numbers cited in the two texts must be the same.

A failed check is reported as a `Disagreement` and lowers the pair's confidence; it does not unpair
the rules (a disagreement is as often a typo in a cited number as a misnumbered rule). A rule only
one side has is `untranslated` (English only) or `translation-only`, except when each side has
exactly one such rule in the same place: the translation numbered it differently, and they pair.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from judge_app.alignment.features import title_key
from judge_app.alignment.model import TRANSLATION, TRANSLATION_ONLY, UNTRANSLATED, Disagreement, Link
from judge_app.corpus import Corpus, Rule
from judge_app.corpus.glossary import term_key

TITLE_MISMATCH = 0.7  # confidence of a pair whose titles do not agree through the glossary
REFERENCES_PARTLY = 0.85  # … whose texts cite some of the same rules, not all
REFERENCES_DIFFER = 0.7  # … whose texts cite no rule in common
RENUMBERED_SLOT = 0.6  # … paired because each was the only unpaired rule in the same place
_PARENTHESIS_RE = re.compile(r"\(([^()]+)\)$")
TITLE_LIKENESS = 0.85  # a glossary term this close to a title names it (plural, gerund, article)


@dataclass
class SameDate:
    links: list[Link] = field(default_factory=list)  # old = English number, new = translation number
    disagreements: list[Disagreement] = field(default_factory=list)
    terms: dict[str, list[str]] = field(default_factory=dict)  # translated glossary term → English terms


def glossary_pairs(corpus: Corpus, original: str, translation: str) -> dict[str, list[str]]:
    """Translated glossary term → the English terms it may translate: those of the entries pointing
    to exactly the same rules ("Atropelar" → 702.19 and "Trample" → 702.19; where both glossaries
    have two entries for 702.19, each translated term gets both English ones), or the English term
    the translation gives in parentheses."""
    def by_rules(doc: str) -> dict[tuple[str, ...], list[str]]:
        table: dict[tuple[str, ...], list[str]] = {}
        for entry in corpus.glossary[doc]:
            if entry.rules:
                table.setdefault(tuple(entry.rules), []).append(entry.term)
        return table

    english = by_rules(original)
    pairs = {term: list(english[rules]) for rules, terms in by_rules(translation).items() if rules in english
             for term in terms}
    for entry in corpus.glossary[translation]:
        # "Afinidade (Affinity)"; but also "Goad (Incitar)" and "Ante (apuesta)": keep what the English has.
        if entry.english and corpus.glossary_entry(original, entry.english):
            pairs[entry.term] = [entry.english]
        elif entry.english and corpus.glossary_entry(original, entry.term):
            pairs[entry.english] = [entry.term]
    return pairs


def _cited(rule: Rule) -> set[str]:
    return {n for ref in rule.references for n in ref.numbers if n != rule.number}


def _same_citations(corpus: Corpus, original: Rule, cited: set[str]) -> str | None:
    """A sibling of `original` citing exactly `cited`, if any: a hint that the numbers shifted."""
    if not cited or original.parent is None:
        return None
    for sibling in corpus.children(original.doc, original.parent):
        if sibling.number != original.number and _cited(sibling) == cited:
            return sibling.number
    return None


def _alike(term: str, title_key_: str) -> bool:
    """A glossary term naming a title: "Restart the Game" for "Restarting the Game", "Vanguard" for "Vanguards"."""
    return SequenceMatcher(None, term_key(term), title_key_).ratio() >= TITLE_LIKENESS


def _check_title(corpus: Corpus, original: Rule, translated: Rule, terms: dict[str, list[str]]) -> str | None:
    """"agree" if the translated title's glossary term pairs include the English title (or an English
    term pointing to this rule), "" if the glossaries cannot tell, else what disagrees."""
    wanted = term_key(original.title)
    given = _PARENTHESIS_RE.search(translated.title)  # "Votar (Vote)"
    if given and _alike(given.group(1), wanted):
        return "agree"
    keys = {term_key(t): e for t, e in terms.items()}
    english = keys.get(term_key(translated.title)) or keys.get(title_key(translated.title))
    if not english:
        return ""
    for term in english:
        entry = corpus.glossary_entry(original.doc, term)
        if entry is not None and original.number in entry.rules:
            return "agree"
        if _alike(term, wanted):
            return "agree"
    names = " or ".join(f"“{t}”" for t in english)
    return (f"the glossaries pair “{translated.title}” with {names}, but {original.doc} {original.number} "
            f"is “{original.title}”")


def _check(corpus: Corpus, original: Rule, translated: Rule, terms: dict[str, list[str]],
           found: list[Disagreement]) -> tuple[float, list[str]]:
    """Confidence that two same-number rules are the same rule, and what supports it."""
    confidence, why = 1.0, []
    if original.title and translated.title and original.level != "subrule":
        verdict = _check_title(corpus, original, translated, terms)
        if verdict == "agree":
            why.append(f"title “{translated.title}” = “{original.title}”")
        elif verdict:
            found.append(Disagreement(translated.doc, translated.number, "title", verdict))
            confidence = min(confidence, TITLE_MISMATCH)
    cited_original, cited_translated = _cited(original), _cited(translated)
    if cited_original != cited_translated:
        shared = cited_original & cited_translated
        detail = (f"cites {', '.join(sorted(cited_translated)) or 'nothing'} where {original.doc} cites "
                  f"{', '.join(sorted(cited_original)) or 'nothing'}")
        twin = _same_citations(corpus, original, cited_translated)
        if twin:
            detail += f"; {original.doc} {twin} cites exactly those (shifted numbering?)"
        found.append(Disagreement(translated.doc, translated.number, "references", detail))
        confidence = min(confidence, REFERENCES_PARTLY if shared else REFERENCES_DIFFER)
    elif cited_original:
        why.append(f"both cite {', '.join(sorted(cited_original))}")
    return confidence, why


def _slots(numbers: list[str], paired: set[str]) -> dict[str, tuple[str | None, str | None]]:
    """For each unpaired number, the paired numbers just before and after it in document order."""
    out = {}
    previous = None
    pending: list[str] = []
    for number in numbers:
        if number in paired:
            for waiting in pending:
                out[waiting] = (previous, number)
            pending, previous = [], number
        else:
            pending.append(number)
    for waiting in pending:
        out[waiting] = (previous, None)
    return out


Slot = tuple[str | None, str | None]


def _renumbered(corpus: Corpus, original: str, translation: str, shared: set[str]) -> list[tuple[str, str, Slot]]:
    """English-only and translation-only rules that are each alone between the same paired rules,
    with the same parent and level: one rule, numbered differently (pt-2019 401.8 is en-2019 401.7)."""
    english, translated = corpus.rules[original], corpus.rules[translation]

    def by_slot(numbers: list[str]) -> dict[Slot, list[str]]:
        table: dict[Slot, list[str]] = {}
        for number, slot in _slots(numbers, shared).items():
            table.setdefault(slot, []).append(number)
        return table

    theirs = by_slot(list(translated))
    found = []
    for slot, numbers in by_slot(list(english)).items():
        others = theirs.get(slot, [])
        if len(numbers) == 1 and len(others) == 1:
            a, b = english[numbers[0]], translated[others[0]]
            if a.level == b.level and a.parent == b.parent:
                found.append((a.number, b.number, slot))
    return found


def align(corpus: Corpus, translation: str) -> SameDate:
    original = corpus.document(translation).translation_of
    if original is None:
        raise ValueError(f"{translation} is not a translation")
    english, translated = corpus.rules[original], corpus.rules[translation]
    result = SameDate(terms=glossary_pairs(corpus, original, translation))
    shared = {n for n in english if n in translated}
    causes_missing = {m.number: m.cause for m in corpus.missing.get(translation, [])}
    causes_extra = {m.number: m.cause for m in corpus.extra.get(translation, [])}
    for number in english:
        if number in shared:
            confidence, why = _check(corpus, english[number], translated[number], result.terms,
                                     result.disagreements)
            reason = "same number" + (f"; {'; '.join(why)}" if why else "")
            printed = translated[number].printed.rstrip(".")
            if translated[number].corrected:
                reason += f" (printed {printed} in {translation}, corrected by the corpus)"
            result.links.append(Link(number, number, TRANSLATION, confidence, reason))
    moved = _renumbered(corpus, original, translation, shared)
    for a, b, (before, after) in moved:
        confidence, why = _check(corpus, english[a], translated[b], result.terms, result.disagreements)
        place = f"between {before or 'the start'} and {after or 'the end'}"
        reason = f"numbered {b} in {translation} where {original} has {a}: the only rule on either side {place}"
        result.links.append(Link(a, b, TRANSLATION, round(min(confidence, RENUMBERED_SLOT), 3),
                                 reason + (f"; {'; '.join(why)}" if why else "")))
    moved_english, moved_translated = {a for a, _, _ in moved}, {b for _, b, _ in moved}
    for number in english:
        if number not in shared and number not in moved_english:
            cause = causes_missing.get(number, f"{translation} has no rule {number}")
            result.links.append(Link(number, None, UNTRANSLATED, 1.0, cause))
    for number in translated:
        if number not in shared and number not in moved_translated:
            cause = causes_extra.get(number, f"{original} has no rule {number}")
            result.links.append(Link(None, number, TRANSLATION_ONLY, 1.0, cause))
    return result

