"""Never silent (issue 29): the probes of `judge_app.engine.inert` find abilities the engine accepts that do nothing,
and find none in the families fixed, on real cards of the database and on a sample of the whole pool."""

from __future__ import annotations

import dataclasses
import hashlib
import re

import pytest

from judge_app.engine import inert
from judge_app.engine.ability import Change, Filter
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.interpret import CardTextError, Unplayable, read_card

SAMPLE = 400  # cards of the pool, by hash of the name (the whole pool: benchmarks/cardpool.py --check)


def probed(cards, name: str) -> inert.Probed:
    card = cards.get(name)
    pt = (int(card.power), int(card.toughness)) if card.power is not None else None
    return inert.probe(card.text, card.face_name, card.type_line, card.mana_cost or "", pt)


@pytest.mark.parametrize("name, family", [
    ("Spreading Seas", "static effect"),  # "Enchanted land is an Island": an Aura on a noncreature (303.4b, 305.7)
    ("Ensoul Artifact", "static effect"),  # "Enchanted artifact is a creature … in addition to its other types"
    ("Orb of Dreams", "enters replacement"),  # "Permanents enter tapped." (614.1d)
    ("Dread Tiller", "look-back trigger"),  # "Whenever a creature with a -1/-1 counter on it dies" (603.10a)
    ("Beacon of Destruction", "own card moved"),  # "Shuffle Beacon of Destruction into its owner's library."
    ("Tropical Island", "basic land types"),  # Land — Forest Island: both mana abilities (305.6)
])
def test_the_families_found_inert_now_act(cards, name, family):
    found = probed(cards, name)
    assert family in found.probed
    assert found.inert == []


def _card(text: str, type_line: str) -> Characteristics:
    return Characteristics(name="Probe", types=frozenset(type_line.lower().split()), abilities=tuple(read_card(
        text, "Probe", type_line)))


def test_the_static_probe_finds_an_effect_that_changes_nothing():
    """An anthem changing nothing (as a mis-built effect would) is found; the real one isn't."""
    printed = _card("Creatures you control get +1/+1.", "Enchantment")
    [anthem] = printed.abilities
    assert inert._static(printed, anthem) is None
    idle = dataclasses.replace(anthem, changes=(Change("modify power/toughness", power=0, toughness=0),))
    printed = dataclasses.replace(printed, abilities=(idle,))
    assert "changes no object" in inert._static(printed, idle)


def test_the_enters_probe_taps_what_it_names_and_skips_what_names_nothing_on_the_board():
    printed = _card("Artifacts and lands enter tapped.", "Enchantment")
    [maze] = printed.abilities
    assert inert._enters_tapped(printed, maze) is None
    spec = dataclasses.replace(maze.events, object=Filter(types=frozenset({"planeswalker"}), text="planeswalkers"))
    assert inert._enters_tapped(printed, dataclasses.replace(maze, events=spec)) == inert.SKIPPED


def _pt(value: str | None) -> int:
    found = re.match(r"-?\d+", value or "")
    return int(found.group()) if found else 0


def test_a_sample_of_the_pool_has_nothing_inert(cards):
    """Every probe on a fixed sample of the pool: no card played completely is found inert, and no probe fails."""
    sample = sorted(cards, key=lambda c: hashlib.sha256(c.name.encode()).digest())[:SAMPLE]
    families: set[str] = set()
    found = []
    for card in sample:
        if card.missing_faces:
            continue
        try:
            read_card(card.text, card.face_name, card.type_line)
        except (CardTextError, Unplayable):
            continue
        pt = (_pt(card.power), _pt(card.toughness)) if card.power is not None else None
        result = inert.probe(card.text, card.face_name, card.type_line, card.mana_cost or "", pt)
        families.update(result.probed)
        found += [(card.name, i.family, i.why) for i in result.inert]
    assert {"static effect", "look-back trigger"} <= families  # the sample exercises the probes
    assert found == []
