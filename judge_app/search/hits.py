"""From a ref back to the corpus: the texts an entry holds, and the `Hit` a ranked ref becomes."""

from __future__ import annotations

from judge_app.corpus import Corpus, GuideParagraph, GuideSection
from judge_app.search.refs import GLOSSARY, GUIDE, RULE, Ref
from judge_app.search.results import Hit
from judge_app.search.snippets import Wanted, snippet


class Resolver:
    """From a ref back to what it indexes in the corpus."""

    def __init__(self, corpus: Corpus):
        self.corpus = corpus
        self._paragraphs = {(doc, p.id): (section, p) for doc, sections in corpus.guides.items()
                            for section in sections for p in section.paragraphs}

    def paragraph(self, doc: str, paragraph_id: str) -> tuple[GuideSection, GuideParagraph]:
        return self._paragraphs[(doc, paragraph_id)]

    def rules_of(self, ref: Ref) -> list[str]:
        """The rule numbers an entry stands for: a rule itself; what a glossary entry or paragraph cites."""
        doc, kind, key = ref.doc, ref.kind, ref.key
        if kind == RULE:
            return [key]
        if kind == GLOSSARY:
            return list(self.corpus.glossary[doc][int(key)].rules)
        return sorted({n for r in self.paragraph(doc, key)[1].references for n in r.resolved})

    def parts(self, ref: Ref) -> tuple[list[str], list[str]]:
        """What the entry says (number, title, text, and the titles of the rules enclosing it: 704.5c is
        about state-based actions), and its examples."""
        doc, kind, key = ref.doc, ref.kind, ref.key
        if kind == RULE:
            rule = self.corpus.rules[doc][key]
            enclosing = [a.title for a in self.corpus.ancestors(doc, key)]
            return [rule.number, rule.title, rule.text, *enclosing], list(rule.examples)
        if kind == GLOSSARY:
            entry = self.corpus.glossary[doc][int(key)]
            return [entry.term, entry.english, entry.text], []
        section, paragraph = self.paragraph(doc, key)
        return [section.title, paragraph.text], []


def build_hit(resolver: Resolver, ref: Ref, score: float, wanted: Wanted | None, via: str | None = None) -> Hit:
    corpus = resolver.corpus
    doc, kind, key = ref.doc, ref.kind, ref.key
    score = round(score, 4)
    if kind == RULE:
        rule = corpus.rules[doc][key]
        ancestors = corpus.ancestors(doc, key)
        title = rule.title or next((a.title for a in reversed(ancestors) if a.title), "")
        return Hit(doc=doc, kind=kind, score=score, number=rule.number, title=title, level=rule.level,
                   path=[a.number for a in ancestors], snippet=snippet([rule.text, *rule.examples], wanted), via=via)
    if kind == GLOSSARY:
        entry = corpus.glossary[doc][int(key)]
        return Hit(doc=doc, kind=kind, score=score, term=entry.term, title=entry.term, rules=list(entry.rules),
                   snippet=snippet([entry.text], wanted), via=via)
    section, paragraph = resolver.paragraph(doc, key)
    return Hit(doc=doc, kind=GUIDE, score=score, paragraph=paragraph.id, title=section.title,
               rules=sorted({n for r in paragraph.references for n in r.resolved}),
               snippet=snippet([paragraph.text], wanted), via=via)
