"""What a rule page shows: the rule and its subrules as linked HTML, who cites it, its neighbours."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from judge_app.corpus import Corpus, Rule
from judge_app.web.richtext import TermLinker, rule_examples, rule_text


@dataclass
class Block:
    """One numbered entry on the page: its text and examples, as HTML."""

    rule: Rule
    html: Markup
    examples: list[Markup]
    depth: int
    show_text: bool = True  # false for a keyword heading whose text is only its title ("Trample")


def blocks(corpus: Corpus, rule: Rule, link_terms: bool = True, link_cards: bool = True) -> list[Block]:
    """The rule and, for rules and subrules, everything under it, in document order.

    Without `link_terms` (texts shown beside another document's) glossary terms stay plain; without
    `link_cards` (an offline pack, which holds no card pages) card names in examples do.
    """
    entries = [(rule, 0)]
    if rule.level in ("rule", "subrule"):
        entries += _descendants_with_depth(corpus, rule, 1)
    own = {r.number for r, _ in entries} | {a.number for a in corpus.ancestors(rule.doc, rule.number)}
    linker = TermLinker(corpus, rule.doc, own, enabled=link_terms)
    out = []
    for item, depth in entries:
        show_text = bool(item.text) and item.text != item.title
        html = rule_text(item, linker) if show_text else Markup("")
        out.append(Block(item, html, rule_examples(item, linker, link_cards), depth, show_text))
    return out


def _descendants_with_depth(corpus: Corpus, rule: Rule, depth: int) -> list[tuple[Rule, int]]:
    out = []
    for child in corpus.children(rule.doc, rule.number):
        out.append((child, depth))
        out += _descendants_with_depth(corpus, child, depth + 1)
    return out


def cited_by(corpus: Corpus, rule: Rule, shown: list[Block]) -> tuple[list[Rule], list[str]]:
    """Rules citing anything on the page (from outside it), and glossary terms pointing at it."""
    inside = {b.rule.number for b in shown}
    numbers: list[str] = []
    glossary: list[str] = []
    for block in shown:
        numbers += [n for n in block.rule.cited_by if n not in inside and n not in numbers]
        glossary += [t for t in block.rule.cited_by_glossary if t not in glossary]
    return [corpus.rules[rule.doc][n] for n in numbers], glossary


def same_level_neighbours(corpus: Corpus, rule: Rule) -> tuple[Rule | None, Rule | None]:
    """The nearest entries of the same level before and after: 702.18 and 702.20 around 702.19."""
    before, after = corpus.neighbours(rule.doc, rule.number)
    while before is not None and before.level != rule.level:
        before, _ = corpus.neighbours(rule.doc, before.number)
    while after is not None and after.level != rule.level:
        _, after = corpus.neighbours(rule.doc, after.number)
    return before, after
