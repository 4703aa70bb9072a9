"""Card names in a question: a card of the scenario library is read as what its text gives the rules (its
keyword abilities, its Aura or Equipment subtype, else its rarest words), in the searched document's language."""

from __future__ import annotations

import json

from search_helpers import keys

from judge_app import datafiles
from judge_app.search import cards
from judge_app.search.analysis import words
from judge_app.search.refs import Ref


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
    assert [n.ref for n in unit.named] == [Ref.rule("en-2026", "702.6")]


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


def test_the_cards_are_kept_and_read_again_when_a_file_changes(tmp_path):
    """Read once into the data directory; a changed scenario file is read again, a damaged cache rebuilt."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "one.toml").write_text('[[cards]]\nname = "Giant Growth"\ntype = "Instant"\n'
                                     'text = "Target creature gets +3/+3 until end of turn."\n', encoding="utf-8")
    data = tmp_path / "data"
    assert set(cards.library(folder, data)) == {("giant", "growth")}
    (kept,) = (data / "scenarios").glob("cards-*.json")
    datafiles.write(kept, cards.CACHE_KIND, json.dumps([{"name": "Kept", "type": "", "text": "x"}]).encode())
    assert set(cards.library(folder, data)) == {("kept",)}  # what is kept is what is read
    kept.write_bytes(b"damaged")
    assert set(cards.library(folder, data)) == {("giant", "growth")}
    (folder / "one.toml").write_text('[[cards]]\nname = "Shock"\ntype = "Instant"\n'
                                     'text = "Shock deals 2 damage to any target."\n', encoding="utf-8")
    assert set(cards.library(folder, data)) == {("shock",)}
    assert len(list((data / "scenarios").glob("cards-*.json"))) == 1  # the older one is gone
