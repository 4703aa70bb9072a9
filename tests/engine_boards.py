"""Pieces of random boards shared by the engine's property tests: instants in hand, cards in the library."""
from __future__ import annotations

from judge_app.engine import GameObject, GameState
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.interpret import read_card


def give_spells(state: GameState, owner: str, prefix: str, spells: list[str]) -> None:
    """Put one instant per text into the owner's hand; "~" in a text is the spell's own name."""
    for n, text in enumerate(spells):
        oid = f"{prefix}-spell-{n}"
        name = f"Spell {owner[0]}{n}"
        printed = Characteristics(name=name, mana_cost="{1}", types=frozenset({"instant"}),
                                  abilities=tuple(read_card(text.replace("~", name), name, "Instant")))
        state.objects[oid] = GameObject(oid, owner, owner, "hand", printed, timestamp=state.next_timestamp())
        state.players[owner].hand.append(oid)


def give_library(state: GameState, owner: str, prefix: str, count: int) -> None:
    """Put count sorcery cards into the owner's library, so drawing never loses the game by itself."""
    for n in range(count):
        oid = f"{prefix}-library-{n}"
        state.objects[oid] = GameObject(oid, owner, owner, "library", Characteristics(
            name=f"card {oid}", types=frozenset({"sorcery"})))
        state.players[owner].library.append(oid)
