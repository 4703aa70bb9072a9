"""Validate the printed numbering of a CR document and correct it where the evidence is unambiguous.

A printed number is accepted when it is well formed, new, later than the previous one and its
parent exists. Otherwise it "cannot belong where it stands" (the Portuguese `502.48a` under
702.48), and for a translation the English document of the same date decides: if exactly one
English number fits between the last accepted number and the next well-placed one, and the
translation does not print it elsewhere, that is the correction. The printed number is always
kept beside the corrected one, and every case is reported.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from judge_app.corpus import numbers
from judge_app.corpus.cr_parser import Entry
from judge_app.corpus.model import Anomaly, Missing

ANOMALY_KINDS = {
    "malformed-number": "the printed number is not a possible rule number",
    "letter-case": "a subrule letter printed in upper case",
    "period": "a rule number printed without its period, or a subrule number with one",
    "out-of-sequence": "a number that comes before the number preceding it, or whose parent is absent",
    "duplicate": "a number printed twice",
    "gap": "a number skipped in sequence",
    "unnumbered": "a paragraph printed without its number, numbered from its neighbours and the English text",
    "effective-date": "the date the document states differs from the manifest",
    "stray-text": "text that belongs to no rule or glossary entry",
    "empty-rule": "a numbered rule with no text",
    "reference-unresolved": "a reference to a number the document does not have",
}

_PRINTED_RE = re.compile(r"^(?P<section>\d{1,3})(?:\.(?P<rule>\d{1,3})(?P<letters>[A-Za-z]*))?$")
def _canonical(printed: str) -> tuple[str | None, list[str]]:
    """The canonical form of a printed number and what was odd about it (kinds)."""
    m = _PRINTED_RE.match(printed)
    if not m:
        return None, ["malformed-number"]
    if m.group("rule") is None:
        return m.group("section"), []
    letters = m.group("letters")
    issues = []
    if letters != letters.lower():
        issues.append("letter-case")
    candidate = f"{m.group('section')}.{int(m.group('rule'))}{letters.lower()}"
    if numbers.parse(candidate) is None:
        return None, ["malformed-number"]
    return candidate, issues


@dataclass(slots=True)
class Numbered:
    entry: Entry
    number: str


def _edit_distance(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def _misfits(canon: list[str | None]) -> list[bool]:
    """Which entries cannot stand where they are: malformed, repeated, earlier than the number
    before them, or without their parent. A misfit never moves the sequence forward."""
    used: set[str] = set()
    last: str | None = None
    flags = []
    for number in canon:
        ok = (
            number is not None
            and number not in used
            and (last is None or numbers.sort_key(number) > numbers.sort_key(last))
            and (numbers.parent(number) is None or numbers.parent(number) in used)
        )
        flags.append(not ok)
        if ok:
            used.add(number)
            last = number
    return flags


def _corrections(canon: list[str | None], misfit: list[bool], english: list[str]) -> dict[int, str]:
    """Entry index → English number, for misfits the English document pins down.

    The well-placed numbers are aligned with the English sequence (a longest common subsequence);
    between two aligned numbers, the misfits of the translation face the English numbers it lacks.
    As many misfits as missing numbers: they correspond in order. Otherwise a misfit takes the one
    missing number closest to what was printed, if only one is closest and within one keystroke.
    """
    keyed = [number if not bad else f"?{i}" for i, (number, bad) in enumerate(zip(canon, misfit, strict=True))]
    printed_ok = {n for n, bad in zip(canon, misfit, strict=True) if n and not bad}
    matcher = SequenceMatcher(None, keyed, english, autojunk=False)
    result: dict[int, str] = {}
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "replace":
            continue
        bad = [i for i in range(i1, i2) if misfit[i]]
        free = [n for n in english[j1:j2] if n not in printed_ok]
        if not bad or not free:
            continue
        if len(bad) == len(free):
            pairs = zip(bad, free, strict=True)
            result.update((i, n) for i, n in pairs if _compatible(canon[i], n))
            continue
        for i in bad:
            printed = canon[i] or ""
            scored = sorted((_edit_distance(printed, n), n) for n in free)
            scored = [(d, n) for d, n in scored if _compatible(canon[i], n)]
            if scored and scored[0][0] <= 1 and (len(scored) == 1 or scored[1][0] > scored[0][0]):
                result[i] = scored[0][1]
                free.remove(scored[0][1])
    return result


def _compatible(printed: str | None, english: str) -> bool:
    """Can a misfit printed as `printed` be the English `english`? Same level, or one number is the
    other with its tail lost or added ("118.13" for 118.13c, "700.8a" for 700.8, "702" for 702.95b);
    a malformed number ("702.12ba") may be anything."""
    if printed is None or numbers.level(printed) == numbers.level(english):
        return True
    return english.startswith(printed) or printed.startswith(english)


def number_entries(
    entries: list[Entry], doc: str, english: list[str] | None = None
) -> tuple[list[Numbered], list[Anomaly]]:
    """Give each entry its canonical number, correcting with `english` (numbers in order) if given."""
    anomalies: list[Anomaly] = []
    parsed = [_canonical(e.printed) for e in entries]
    canon = [number for number, _ in parsed]
    for entry, (number, issues) in zip(entries, parsed, strict=True):
        if "letter-case" in issues:
            anomalies.append(Anomaly(doc, "letter-case", entry.line, entry.printed,
                                     f"{entry.printed}: subrule letter in upper case", number))
        level = numbers.level(number) if number else "unknown"
        if level == "subrule" and entry.dotted:
            anomalies.append(Anomaly(doc, "period", entry.line, entry.printed,
                                     f"{entry.printed}.: a subrule number is printed with a period"))
        elif level == "rule" and not entry.dotted:
            anomalies.append(Anomaly(doc, "period", entry.line, entry.printed,
                                     f"{entry.printed}: a rule number is printed without its period"))

    misfit = _misfits(canon)
    corrections = _corrections(canon, misfit, english) if english is not None else {}
    result: list[Numbered] = []
    used: set[str] = set()
    last: str | None = None
    for i, entry in enumerate(entries):
        number = canon[i]
        if not misfit[i]:
            result.append(Numbered(entry, number))
            used.add(number)
            last = number
            continue
        reason = (
            "malformed-number" if number is None
            else "duplicate" if number in used
            else "out-of-sequence"
        )
        corrected = corrections.get(i)
        if corrected and corrected not in used:
            anomalies.append(Anomaly(
                doc, reason, entry.line, entry.printed,
                f"{entry.printed} cannot stand after {last}; corrected to {corrected}: between the same "
                f"neighbours the English document has {corrected}, which this document lacks",
                corrected,
            ))
            result.append(Numbered(entry, corrected))
            used.add(corrected)
            last = corrected
        elif number and number not in used:
            anomalies.append(Anomaly(doc, reason, entry.line, entry.printed,
                                     f"{entry.printed} cannot stand after {last}; kept as printed, "
                                     f"no unambiguous correction"))
            result.append(Numbered(entry, number))
            used.add(number)
        else:
            # Repeated or malformed with nothing to correct it to: keep the text with the rule before.
            anomalies.append(Anomaly(doc, reason, entry.line, entry.printed,
                                     f"{entry.printed} cannot stand after {last} and no number is certain; "
                                     f"its text is kept as a paragraph of {last}"))
            if result:
                previous = result[-1].entry
                previous.body = previous.body.join(entry.body, "\n")
                previous.examples.extend(entry.examples)
    if english is not None:
        result = _split_unnumbered(result, english, doc, anomalies)
    return result, anomalies


def _split_unnumbered(result: list[Numbered], english: list[str], doc: str,
                      anomalies: list[Anomaly]) -> list[Numbered]:
    """Give back their numbers to paragraphs printed without one.

    When a rule's text runs on for k more paragraphs and the English document has exactly k
    numbers right after that rule which this document lacks, siblings or children of it, those
    paragraphs are those rules (Spanish 405.6c carries 405.6d and 405.6e unnumbered).
    """
    present = {item.number for item in result}
    position = {n: i for i, n in enumerate(english)}
    out: list[Numbered] = []
    for item in result:
        out.append(item)
        if item.number not in position or item.entry.examples:
            continue
        j = position[item.number] + 1
        lacking = []
        while j < len(english) and english[j] not in present:
            lacking.append(english[j])
            j += 1
        paragraphs = item.entry.body.paragraphs()
        family = (numbers.parent(item.number), item.number)
        if not lacking or len(paragraphs) - 1 != len(lacking) or any(numbers.parent(n) not in family
                                                                     for n in lacking):
            continue
        item.entry.body = paragraphs[0]
        for number, paragraph in zip(lacking, paragraphs[1:], strict=True):
            entry = Entry(printed="", dotted=False, line=item.entry.line, body=paragraph)
            anomalies.append(Anomaly(doc, "unnumbered", item.entry.line, "",
                                     f"a paragraph of {item.number} printed without a number is {number}: "
                                     f"the English document has {number} there and this one lacks it", number))
            out.append(Numbered(entry, number))
            present.add(number)
    return out


def gaps(numbers_in_order: list[str], doc: str, lines: dict[str, int]) -> list[Anomaly]:
    """Subrule letters or rule numbers skipped within one parent (for documents without a reference)."""
    anomalies = []
    previous_child: dict[str, str] = {}
    for number in numbers_in_order:
        n = numbers.parse(number)
        if n is None or n.rule is None:
            continue
        parent = n.parent
        before = previous_child.get(parent)
        if n.letter:
            expected = numbers.SUBRULE_LETTERS[numbers.letter_index(numbers.parse(before).letter) + 1] \
                if before else "a"
            if n.letter != expected:
                anomalies.append(Anomaly(doc, "gap", lines[number], number,
                                         f"{number} follows {before or parent}: {n.section}.{n.rule}{expected} "
                                         f"is missing"))
        else:
            expected_rule = numbers.parse(before).rule + 1 if before else 1
            if n.rule != expected_rule:
                anomalies.append(Anomaly(doc, "gap", lines[number], number,
                                         f"{number} follows {before or parent}: {n.section}.{expected_rule} "
                                         f"is missing"))
        previous_child[parent] = number
    return anomalies


def missing_between(have: dict[str, str], reference: dict[str, str], have_label: str,
                    reference_label: str) -> list[Missing]:
    """Numbers of `reference` absent from `have` (both map number → text, in document order),
    each with its likely cause."""
    missing = []
    order = list(have)
    keys = [numbers.sort_key(n) for n in order]
    for number in reference:
        if number in have:
            continue
        parent = numbers.parent(number)
        index = bisect.bisect_left(keys, numbers.sort_key(number))
        before = order[index - 1] if index > 0 else None
        after = order[index] if index < len(order) else None
        if parent and parent not in have:
            cause = f"its parent {parent} is absent from {have_label} as well"
        elif before and "\n" in have[before]:
            cause = f"probably merged into {before}, whose text in {have_label} has more than one paragraph"
        elif after and after not in reference and numbers.parent(after) == parent:
            cause = f"numbered differently: {have_label} has {after}, which {reference_label} lacks, in its place"
        else:
            span = f"from {before} straight to {after}" if before and after else f"past {before or after}"
            cause = (f"{have_label} goes {span}; {reference_label} has {number} between them "
                     f"(untranslated, or a different revision of the rules)")
        missing.append(Missing(number, cause))
    return missing
