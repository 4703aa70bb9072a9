"""Card names in a question: a card of the scenario library is read as what its text gives the rules (its
keyword abilities, its Aura or Equipment subtype, else its rarest words), in the searched document's language."""

from __future__ import annotations

from search_helpers import keys

from judge_app.search import cards
from judge_app.search.analysis import words


def units(engine, query: str, doc: str):
    return {" ".join(u.typed): u for u in engine.reader(doc).read(words(query)).counted}


def test_the_library_s_cards_are_read_by_name_and_short_name():
    found = cards.library()
    assert found[("bonesplitter",)].type == "Artifact — Equipment"
    assert found[("urborg",)] is found[("urborg", "tomb", "of", "yawgmoth")]
    assert all(card.text.strip() for card in found.values())  # a card without rules text says nothing


def test_a_card_name_becomes_its_keywords_and_subtypes(engine):
    unit = units(engine, "bonesplitter on a creature with protection from artifacts", "en-2026")["bonesplitter"]
    assert unit.source == "card"
    assert ("equip",) in unit.forms and ("equipment",) in unit.forms
    assert [n.ref for n in unit.named] == ["en-2026|rule|702.6"]


def test_a_card_naming_no_keyword_gives_its_rarest_words_in_the_document_s_language(engine):
    english = units(engine, "blood moon and urborg which one wins", "en-2026")["blood moon"]
    assert ("nonbasic", "mountains", "lands") in [tuple(sorted(f)) for f in english.forms] or \
        any("nonbasic" in f for f in english.forms)
    spanish = units(engine, "blood moon y urborg cual se aplica", "es-2026")["blood moon"]
    assert spanish.source == "card" and spanish.forms and all("nonbasic" not in f for f in spanish.forms)


def test_a_word_the_rules_use_is_no_card(engine):
    """"Clone" and "Cancel" are cards of the library, but words the rules use: read as the words."""
    assert units(engine, "clone copies counters", "en-2026")["clone"].source != "card"
    assert units(engine, "cancel a spell", "en-2026")["cancel"].source != "card"
    assert units(engine, "tarmogoyf", "en-2026")["tarmogoyf"].source == "card"  # two examples name it


def test_a_card_name_finds_the_rules_of_what_it_does(engine):
    assert "702.16d" in keys(engine.search("bonesplitter on a creature with protection from artifacts"))[:3]
