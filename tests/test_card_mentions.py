"""Card names in the rules' Examples: only database names, exactly as printed, the longest first; words the rules
use for themselves and the halves of split cards stay words."""

from __future__ import annotations

import pytest

from judge_app.card_report import rules_words
from judge_app.cards.mentions import NameFinder


@pytest.fixture(scope="module")
def finder(cards, corpus) -> NameFinder:
    return NameFinder(cards, [*(e.term for e in corpus.glossary["en-2026"]), *rules_words()])


def _named(finder, corpus, doc: str, number: str) -> list[str]:
    rule = corpus.rule(doc, number)
    return [m.name for example in rule.examples for m in finder.find(example)]


def test_the_cards_an_example_names_are_found_as_printed(finder, corpus, cards):
    fork = corpus.rule("en-2026", "707.10").examples[0]
    assert {m.name for m in finder.find(fork)} == {"Fork", "Emerald Charm"}
    assert "Runeclaw Bear" in _named(finder, corpus, "en-2026", "115.7e")
    assert "Llanowar Elves" in _named(finder, corpus, "en-2026", "115.7e")
    for doc, number in (("en-2026", "707.10"), ("en-2026", "115.7e"), ("pt-2019", "706.10")):
        rule = corpus.rule(doc, number)
        for example in rule.examples:
            for mention in finder.find(example):
                assert example[mention.start:mention.end].replace("’", "'") == mention.name
                assert cards.get(mention.card) is not None


def test_typographic_apostrophes_are_the_datas(finder, corpus):
    assert "Sorin's Thirst" in _named(finder, corpus, "en-2026", "608.2b")
    assert "Lich's Mirror" in _named(finder, corpus, "en-2026", "704.7")


def test_words_of_the_rules_and_parts_of_other_names_are_not_cards(finder, corpus):
    assert not any("Two-Headed Giant" in name for name in _named(finder, corpus, "en-2026", "810.8a"))
    assert "Llanowar" not in _named(finder, corpus, "pt-2019", "114.7e")  # "Elfos de Llanowar"
    assert "Lich" not in _named(finder, corpus, "pt-2019", "704.6")  # "Espelho do Lich"
    assert "Seeker" not in _named(finder, corpus, "en-2026", "123.6c")  # "Seeker of the Eldrazi Way"
    assert finder.find("Exile target creature. Fire and Ice, then Order.") == []
    assert [m.name for m in finder.find("Fire // Ice and Lightning Bolts")] == ["Fire // Ice"]
