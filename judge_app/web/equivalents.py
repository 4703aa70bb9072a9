"""A rule in the other documents: its counterparts, their texts side by side, and what changed
between the 2019 and 2026 rules, word by word (from `judge_app.alignment`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from markupsafe import Markup, escape

from judge_app.alignment import Alignment, Equivalent, Segment
from judge_app.alignment.store import EARLIER, LATER
from judge_app.corpus import Corpus, Document, Rule
from judge_app.web.rule_view import Block, blocks


@dataclass
class Counterpart:
    document: Document
    equivalent: Equivalent
    rule: Rule | None  # None when the document has no counterpart (the relation says why)
    blocks: list[Block]


@dataclass
class Change:
    """One entry of "what changed": a 2019 rule and its 2026 counterpart (either may be None)."""

    old: str | None
    new: str | None
    relation: str
    html: Markup  # the word-level diff; empty when unchanged, removed or added


@dataclass
class Changes:
    old_doc: str
    new_doc: str
    entries: list[Change]
    unchanged: list[str]  # 2026 numbers whose text did not change


def counterparts(corpus: Corpus, alignment: Alignment, doc: str, number: str, texts: bool) -> list[Counterpart]:
    """Each other document's best counterpart (several after a split), with its rendered text if `texts`."""
    out = []
    for equivalent in alignment.equivalents(doc, number):
        rule = corpus.rule(equivalent.doc, equivalent.number) if equivalent.number else None
        shown = blocks(corpus, rule, link_terms=False) if texts and rule is not None else []
        out.append(Counterpart(corpus.document(equivalent.doc), equivalent, rule, shown))
    return out


def _in(alignment: Alignment, doc: str, number: str, target: str) -> str | None:
    if doc == target:
        return number
    found = alignment.counterpart(doc, number, target)
    return found.number if found else None


def diff_html(segments: list[Segment]) -> Markup:
    out = []
    for segment in segments:
        text = str(escape(segment.text)).replace("\n", "<br>\n")
        if segment.op == "insert":
            out.append(f"<ins>{text}</ins>")
        elif segment.op == "delete":
            out.append(f"<del>{text}</del>")
        else:
            out.append(text)
    return Markup("".join(out))


@lru_cache(maxsize=8192)
def _changed(alignment: Alignment, old: str, new: str) -> Markup | None:
    """The diff of an en-2019 rule into an en-2026 rule as HTML, None if the wording is the same.

    Kept: the documents never change while the app runs, and a diff costs milliseconds.
    """
    segments = alignment.diff(old, new)
    return None if all(s.op == "equal" for s in segments) else diff_html(segments)


def what_changed(corpus: Corpus, alignment: Alignment, doc: str, shown: list[Block]) -> Changes | None:
    """For every entry on the page, the English 2019 text read into the English 2026 text.

    Translations are compared through their English originals: the word-level diff is only
    meaningful within one language, and the English text is the authority of each date.
    """
    effective = corpus.document(doc).effective
    if effective not in (corpus.document(EARLIER).effective, corpus.document(LATER).effective):
        return None
    english = EARLIER if effective == corpus.document(EARLIER).effective else LATER
    entries: list[Change] = []
    unchanged: list[str] = []
    seen_old: set[str] = set()
    for block in shown:
        at = _in(alignment, doc, block.rule.number, english)
        if at is None:
            continue
        old = at if english == EARLIER else _in(alignment, LATER, at, EARLIER)
        new = at if english == LATER else _in(alignment, EARLIER, at, LATER)
        if old is not None:
            seen_old.add(old)
        if old is None or new is None:
            relation = "added" if old is None else "removed"
            entries.append(Change(old, new, relation, Markup("")))
            continue
        html = _changed(alignment, old, new)
        if html is None:
            unchanged.append(new)
            continue
        entries.append(Change(old, new, "changed" if old == new else "renumbered", html))
    if not entries and not unchanged:
        return None
    return Changes(EARLIER, LATER, entries, unchanged)
