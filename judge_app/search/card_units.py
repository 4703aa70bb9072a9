"""A card named in a question, as a unit of the document searched (the cards themselves: `cards`).

The unit holds the name as typed, then what the card's text gives the rules of that document: its keyword
abilities (the titles of the document's counterparts of `numbering.LEXICON_DOC`'s 702 rules), its subtypes with
rules of their own, else its text's rarest words (on a translation, those the corpus pairs with them).
"""

from __future__ import annotations

from judge_app.corpus import Corpus
from judge_app.search import cards
from judge_app.search.analysis import fold, words
from judge_app.search.crosslang import Alignment
from judge_app.search.numbering import LEXICON_DOC
from judge_app.search.questions import Index, Unit
from judge_app.search.refs import Ref
from judge_app.search.titles import Named


class CardUnits:
    """The scenario library's cards (read on first use), each read once per document."""

    def __init__(self, corpus: Corpus, alignment: Alignment, index: Index):
        self.corpus = corpus
        self.alignment = alignment
        self.index = index
        self._cards: dict[tuple[str, ...], cards.Card] | None = None
        self._longest = 0
        self._forms: dict[tuple[str, str], tuple[list[tuple[str, ...]], list[Named]]] = {}

    def _library(self) -> dict[tuple[str, ...], cards.Card]:
        """The cards of the scenario library by name (read once)."""
        if self._cards is None:
            library = cards.library()
            self._longest = max(map(len, library), default=0)
            self._cards = library  # last: another thread seeing it sees the longest name too
        return self._cards

    @property
    def longest(self) -> int:
        """Words in the longest card name."""
        self._library()
        return self._longest

    def unit(self, span: tuple[str, ...], doc: str) -> Unit | None:
        """The unit of the card `span` names, for `doc`, or None."""
        card = self._library().get(tuple(fold(w.lower()) for w in span))
        if card is None:
            return None
        found = self._forms.get((card.name, doc))
        if found is None:
            found = self._forms[(card.name, doc)] = self._read(card, doc)
        forms, named = found
        return Unit(tuple(span), [tuple(w.lower() for w in span), *forms], list(named), "card")

    def _read(self, card: cards.Card, doc: str) -> tuple[list[tuple[str, ...]], list[Named]]:
        """A card's forms in `doc`, and the keyword rules it names there."""
        base = self.corpus.rules.get(LEXICON_DOC, {})
        titles = {n: r.title.lower() for n, r in base.items()
                  if n.startswith(cards.KEYWORD_SECTION) and r.level == "rule" and r.title}
        here = self.corpus.rules.get(doc, {})
        forms: list[tuple[str, ...]] = []
        named: list[Named] = []
        for number in cards.keywords(card, titles):
            there = number if doc == LEXICON_DOC else self.alignment.counterpart(LEXICON_DOC, number, doc)
            if there in here and here[there].title:
                forms.append(tuple(w.lower() for w in words(here[there].title)))
                named.append(Named(Ref.rule(doc, there)))
        forms += [(subtype,) for subtype in cards.subtypes(card)]
        if not forms:
            language = self.index.language
            english = doc if language(doc) == "en" else next(
                (p for p in self.index.pivots(doc) if language(p) == "en"), None)
            rare = cards.rarest(card, lambda w, d=english: self.index.entries(w, d)) if english else ()
            if english != doc and rare:
                rare = tuple(w.lower() for w in self.index.pairs.translate(list(rare), english, "en", doc))
            forms.append(rare)
        return [f for f in forms if f], named
