"""Corpus text as safe HTML with every link in place: rules, glossary entries, guide paragraphs.

Links come from three places: the references the corpus resolved (to the cited rule), keyword
names (to the keyword's rule), and glossary terms (to the glossary entry; a script adds the
definition on hover or tap). A glossary term is linked at its first appearance on a page only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from flask import current_app, has_request_context, request, url_for
from markupsafe import Markup
from werkzeug.routing import Map

from judge_app.corpus import Corpus, GlossaryEntry, GuideParagraph, Reference, Rule
from judge_app.corpus.numbers import normalise
from judge_app.web import render, terms
from judge_app.web.render import Link

# A written number, or the letter ending a range of subrules ("103.2a–e": the "e").
_NUMBER_RE = re.compile(r"(\d+(?:\.\d+[a-z]?)?)|(?<=[–-])([a-z])\b", re.I)


def rule_url(doc: str, number: str) -> str:
    return _address("rules.rule", doc, "number", number)


def term_url(doc: str, term: str) -> str:
    return _address("browse.glossary_entry", doc, "term", term)


def _address(endpoint: str, doc: str, name: str, value: str) -> str:
    """`url_for`, remembered: a page links dozens of rules and terms, a pack or an export thousands of
    pages, and an address depends only on the routes and where the app is mounted."""
    if not has_request_context():
        return url_for(endpoint, doc=doc, **{name: value})
    return _remembered(current_app.url_map, request.script_root, endpoint, doc, name, value)


@lru_cache(maxsize=65536)
def _remembered(_routes: Map, _root: str, endpoint: str, doc: str, name: str, value: str) -> str:
    return url_for(endpoint, doc=doc, **{name: value})


@dataclass
class TermLinker:
    """Glossary links for one page: each entry linked once, never to the page's own rules."""

    corpus: Corpus
    doc: str
    own_numbers: set[str] = field(default_factory=set)
    enabled: bool = True
    seen: set[str] = field(default_factory=set)

    def links(self, text: str, taken: list[Link]) -> list[Link]:
        if not self.enabled:
            return []
        out = []
        busy = [(link.start, link.end) for link in taken]
        for start, end, entry in terms.matcher(self.corpus, self.doc).find(text):
            if entry.key in self.seen or self.own_numbers.intersection(entry.rules):
                continue
            if any(start < b_end and b_start < end for b_start, b_end in busy):
                continue
            self.seen.add(entry.key)
            busy.append((start, end))
            out.append(Link(start, end, term_url(self.doc, entry.term), "term"))
        return out


def reference_links(ref: Reference) -> list[Link]:
    """Each number written in the reference linked to its rule; else the whole reference to the first."""
    if not ref.resolved:
        return []
    out = []
    resolved = set(ref.resolved)
    last = ""
    for match in _NUMBER_RE.finditer(ref.text):
        if match.group(1):
            number = last = normalise(match.group(1)) or ""
        else:
            number = last.rstrip("abcdefghijklmnopqrstuvwxyz") + match.group(2).lower() if last else ""
        if number in resolved:
            start = ref.start + match.start()
            out.append(Link(start, start + len(match.group(0)), rule_url(ref.target_doc, number), "ref"))
    if not out:
        out.append(Link(ref.start, ref.end, rule_url(ref.target_doc, ref.resolved[0]), "ref"))
    return out


def part_links(references: list[Reference], part: str) -> list[Link]:
    return [link for ref in references if ref.part == part for link in reference_links(ref)]


def rule_text(rule: Rule, linker: TermLinker) -> Markup:
    links = part_links(rule.references, "text")
    links += [Link(k.start, k.end, rule_url(rule.doc, k.target), "kw") for k in rule.keyword_links
              if k.target not in linker.own_numbers]
    links += linker.links(rule.text, links)
    return render.to_html(rule.markdown, rule.text, links)


def rule_examples(rule: Rule, linker: TermLinker, link_cards: bool = True) -> list[Markup]:
    out = []
    for index, (plain, marked) in enumerate(zip(rule.examples, rule.examples_markdown, strict=True), start=1):
        links = part_links(rule.references, f"example {index}")
        if link_cards:
            links += [link for link in card_links(plain) if not _overlaps(link, links)]
        links += linker.links(plain, links)
        out.append(render.to_html(marked, plain, links))
    return out


def card_links(text: str) -> list[Link]:
    """The names of cards of the database printed in `text` (a rule's example), linked to their pages
    (`judge_app.cards.mentions`; the finder is made once per app by `web.cards.init_app`)."""
    finder = current_app.extensions.get("judge_card_names") if has_request_context() else None
    if finder is None:
        return []
    return [Link(m.start, m.end, card_address(m.card), "card-name") for m in finder.find(text)]


def card_address(name: str) -> str:
    return url_for("cards.card", name=name)


def _overlaps(link: Link, others: list[Link]) -> bool:
    return any(link.start < other.end and other.start < link.end for other in others)


def glossary_text(entry: GlossaryEntry) -> Markup:
    return render.to_html(entry.markdown, entry.text, part_links(entry.references, "text"))


def guide_text(paragraph: GuideParagraph) -> Markup:
    return render.to_html(paragraph.markdown, paragraph.text, part_links(paragraph.references, "text"))
