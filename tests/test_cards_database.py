"""The card database on the real data: every card loads and is found by its name, spelled as people type it; what
the data does oddly is put right; the compiled cache is trusted only when intact."""

from __future__ import annotations

import hashlib
import lzma
import re
from collections import Counter

import pytest

from judge_app import paths
from judge_app.cards import build, cache_key, load_cards, source
from judge_app.cards.names import fold, key


def test_every_card_loads_and_is_found_by_its_name(cards):
    provenance = cards.provenance
    assert len(cards) == provenance.cards == 35033
    entries = Counter(card.name for card in cards)
    for card in cards:
        found = cards.find(card.name)
        assert found.how == "exact", card.name
        assert card in found.cards, card.name
        if entries[card.name] == 1:
            assert found.card == card, card.name


def test_every_face_of_a_two_faced_card_finds_it(cards):
    faced = [card for card in cards if len(card.faces) > 1]
    assert len(faced) > 900
    for card in faced:
        for face in card.faces:
            found = cards.find(face)
            assert card in found.cards or cards.get(face), (card.name, face)  # an entry of that name comes first


def test_the_data_matches_its_provenance():
    folder = paths.cards_dir()
    provenance = source.provenance(folder)
    data = (folder / provenance.file).read_bytes()
    assert hashlib.sha256(data).hexdigest() == provenance.sha256_xz
    assert hashlib.sha256(lzma.decompress(data)).hexdigest() == provenance.sha256_json
    assert "Fan Content Policy" in provenance.notice and provenance.date == "2026-07-03"


@pytest.mark.parametrize(("typed", "name"), [
    ("dandan", "Dandân"), ("DANDAN", "Dandân"), ("seance", "Séance"), ("Seance", "Séance"),
    ("jace vryns prodigy", "Jace, Vryn's Prodigy // Jace, Telepath Unbound"), ("will o the wisp", "Will-o'-the-Wisp"),
    ("willothewisp", "Will-o'-the-Wisp"), ("Æther Vial", "Aether Vial"), ("juzam djinn", "Juzám Djinn"),
    ("lim duls vault", "Lim-Dûl's Vault"), ("Kharn", "Khârn the Betrayer"), ("Sheoldred the Apocalypse",
    "Sheoldred, the Apocalypse"), ("mind sculptor", "Jace, the Mind Sculptor"), ("counterspel", "Counterspell"),
])
def test_names_are_found_however_they_are_typed(cards, typed, name):
    assert cards.find(typed).card.name == name


def test_a_prefix_lists_the_names_it_starts_shortest_first(cards):
    found = cards.find("tarmo")
    assert found.how == "prefix" and [c.name for c in found.cards] == ["Tarmogoyf", "Tarmogoyf Nest"]


def test_a_name_with_blanks_is_not_found_by_its_other_words_alone(cards):
    assert cards.find("________ Goblin").card.name == "________ Goblin"
    assert cards.find("goblin").card is None  # the Goblins whose names start so, not "________ Goblin"


def test_a_short_name_shared_by_several_legends_lists_them_all(cards):
    found = cards.find("Emrakul")
    assert found.how == "short name" and found.card is None
    assert {"Emrakul, the Aeons Torn", "Emrakul, the Promised End"} <= {c.name for c in found.cards}


def test_a_typo_is_not_taken_for_a_card_but_suggested(cards):
    for typed, meant in [("tarmogyof", "Tarmogoyf"), ("lightnig bolt", "Lightning Bolt"),
                         ("elesh norn grand cenobyte", "Elesh Norn, Grand Cenobite")]:
        found = cards.find(typed)
        assert found.cards == () and meant in found.did_you_mean[:3], typed
    assert cards.find("xyzzyqq").did_you_mean == ()
    assert cards.find("  ").cards == ()


def test_paper_cards_come_before_alchemy_and_nontraditional_ones(cards):
    alchemy = [card for card in cards if card.alchemy]
    assert len(alchemy) == 224 and all(card.name.startswith("A-") for card in alchemy)
    assert cards.find("Luminarch Aspirant").card.name == "Luminarch Aspirant"
    marked = {t for card in cards if card.nontraditional for t in card.types}
    assert {"Plane", "Scheme", "Vanguard", "Phenomenon"} <= marked
    assert not any(card.nontraditional for card in cards if card.types == ("Creature",))


def test_loyalty_abilities_are_written_as_oracle_text_writes_them(cards):
    jace = cards.get("Jace, the Mind Sculptor")
    assert jace.text.splitlines()[0].startswith("+2: Look at the top card")
    assert jace.text.splitlines()[2].startswith("−1: Return target creature")
    assert not any(re.search(r"(?m)^\[[+−0-9X]+\]:", card.text) for card in cards)


@pytest.mark.parametrize(("name", "colors", "origin"), [
    ("Lightning Bolt", ("red",), "mana cost"), ("Dryad Arbor", ("green",), "color identity"),
    ("Insectile Aberration", ("blue",), "color identity"), ("Ancestral Vision", ("blue",), "color identity"),
    ("Boros Reckoner", ("red", "white")[::-1], "mana cost"), ("Seat of the Synod", (), ""),
    ("Forest", (), ""), ("Memnite", (), ""), ("Kitchen Finks", ("white", "green"), "mana cost"),
])
def test_colours_come_from_the_mana_cost_or_a_lost_colour_indicator(cards, name, colors, origin):
    card = cards.get(name)
    assert (card.colors, card.colors_from) == (colors, origin)


@pytest.mark.parametrize(("name", "value"), [
    ("Lightning Bolt", 1), ("Emrakul, the Aeons Torn", 15), ("Fireball", 1), ("Spectral Procession", 6),
    ("Forest", 0), ("Gitaxian Probe", 1), ("Kitchen Finks", 3),
])
def test_mana_value_is_computed_from_the_mana_cost(cards, name, value):
    assert cards.get(name).mana_value == value


def test_faces_the_data_lacks_are_reported_never_made_up(cards):
    split = cards.get("Fire // Ice")
    assert split.faces == ("Fire", "Ice") and split.missing_faces == ("Ice",)
    assert cards.find("Ice").card is split
    mdfc = cards.find("Tibalt, Cosmic Impostor").card
    assert mdfc.face_name == "Valki, God of Lies" and mdfc.missing_faces == ("Tibalt, Cosmic Impostor",)
    delver = cards.get("Delver of Secrets // Insectile Aberration")
    assert delver.missing_faces == () and delver.back == "Insectile Aberration"
    assert cards.get("Insectile Aberration").front == "Delver of Secrets"
    missing = sum(1 for card in cards if card.missing_faces)
    assert 400 <= missing <= 700


def test_the_compiled_cache_is_rebuilt_when_damaged(tmp_path):
    folder = paths.cards_dir()
    path = tmp_path / "cards" / f"cards-{cache_key(folder)}.pickle"
    first = load_cards(data_dir=tmp_path)
    assert path.exists() and len(first) == 35033
    from judge_app.cards import _memo

    _memo.clear()
    path.write_bytes(path.read_bytes()[:-100])  # truncated
    again = load_cards(data_dir=tmp_path)
    assert again.get("Dandân").mana_cost == "{U}{U}"
    assert len(path.read_bytes()) > 1_000_000  # written again whole
    _memo.clear()


def test_the_database_built_anew_equals_the_cached_one(cards):
    fresh = build()
    assert fresh.rows == cards.rows


def test_folding():
    assert fold("Lim-Dûl's Vault") == "lim duls vault" and key("B.F.M. (Big Furry Monster)") == "bfmbigfurrymonster"


def test_the_card_database_imports_nothing_above_the_corpus():
    """Data, not rules: of the project, only the paths, the data files and the corpus's cache helpers."""
    import ast

    allowed = {"judge_app", "judge_app.paths", "judge_app.datafiles", "judge_app.corpus"}
    for path in (paths.PROJECT_ROOT / "judge_app" / "cards").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("judge_app"):
                module = node.module or ""
                assert module.startswith("judge_app.cards") or module in allowed, (path.name, module)
