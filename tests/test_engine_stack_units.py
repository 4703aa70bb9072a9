"""Part 2's pieces on their own: mana payment, targets, layers 1–7 with
dependency, replacement ordering and the stack, on small hand-built games."""

from __future__ import annotations

import pytest

from judge_app.engine import Game, GameObject, GameState, IllegalAction, Player, Step, rules
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.interpret import read_card
from judge_app.engine.mana import parse_cost, pay_from


def card(name, types=("creature",), pt="2/2", text="", subtypes=(), supertypes=(), cost="", spell=False):
    power, toughness = (int(x) for x in pt.split("/")) if pt else (None, None)
    return Characteristics(name=name, mana_cost=cost, types=frozenset(types), subtypes=tuple(subtypes),
                           supertypes=frozenset(supertypes), power=power, toughness=toughness,
                           abilities=tuple(read_card(text, name, " ".join(t.capitalize() for t in types))))


def game_with(*objects, mana=None, zone="battlefield") -> Game:
    state = GameState(players={"Alice": Player("Alice", mana_pool=dict(mana or {})), "Bob": Player("Bob")},
                      turn=3, active="Alice", step=Step.PRECOMBAT_MAIN)
    for oid, owner, printed, *where in objects:
        place = where[0] if where else zone
        state.objects[oid] = GameObject(oid, owner, owner, place, printed, timestamp=state.next_timestamp())
        if place == "battlefield":
            state.battlefield.append(oid)
        else:
            state.players[owner].zone(place).append(oid)
    game = Game(state)
    game.start()
    return game


def test_mana_costs_are_paid_in_full_or_not_at_all():
    assert parse_cost("{2}{R}{R}") == {"generic": 2, "red": 2}
    spent = pay_from({"red": 2, "green": 1}, parse_cost("{1}{R}"))
    assert sum(spent.values()) == 2 and spent["red"] >= 1
    assert pay_from({"red": 1, "colorless": 1}, parse_cost("{1}{R}")) == {"red": 1, "colorless": 1}
    assert pay_from({"green": 2}, parse_cost("{R}")) is None


def test_sorcery_timing_and_payment_are_checked_before_anything_changes():
    game = game_with(("bolt", "Alice", card("Bolt", ("sorcery",), None, "~ deals 3 damage to any target.",
                                            cost="{R}", spell=True), "hand"))
    with pytest.raises(IllegalAction) as info:
        game.cast("Alice", "bolt", ["Bob"])
    assert rules.CAST_PAY in info.value.rules
    assert game.state.objects["bolt"].zone == "hand" and not game.state.stack


def test_hexproof_stops_opponents_only():
    game = game_with(("elf", "Bob", card("Elf", text="Hexproof")),
                     ("pump", "Alice", card("Pump", ("instant",), None, "Target creature gets +1/+1 until end of "
                                            "turn.", spell=True), "hand"),
                     ("pump2", "Bob", card("Pump", ("instant",), None, "Target creature gets +1/+1 until end of "
                                           "turn.", spell=True), "hand"))
    with pytest.raises(IllegalAction) as info:
        game.cast("Alice", "pump", ["elf"])
    assert info.value.rules[0] == rules.HEXPROOF
    game.cast("Bob", "pump2", ["elf"])
    game.resolve()
    assert game.chars("elf").pt == "3/3"


def test_dependency_overrides_timestamps_whichever_came_first():
    for first, second in (("urborg", "moon"), ("moon", "urborg")):
        lands = {"urborg": ("urborg", "Alice", card("Urborg", ("land",), None, "Each land is a Swamp in addition "
                                                    "to its other land types.", supertypes=("legendary",))),
                 "moon": ("moon", "Bob", card("Moon", ("enchantment",), None, "Nonbasic lands are Mountains."))}
        game = game_with(lands[first], lands[second],
                         ("forest", "Alice", card("Forest", ("land",), None, subtypes=("Forest",),
                                                  supertypes=("basic",))))
        assert game.chars("forest").subtypes == ("Forest",)
        assert game.chars("urborg").subtypes == ("Mountain",) and not game.chars("urborg").abilities


def test_the_stack_resolves_last_in_first_out_and_priority_returns_to_the_active_player():
    spell = "~ deals 1 damage to target player."
    game = game_with(("a", "Alice", card("Ping A", ("instant",), None, spell, spell=True), "hand"),
                     ("b", "Bob", card("Ping B", ("instant",), None, spell, spell=True), "hand"))
    game.cast("Alice", "a", ["Bob"])
    assert game.state.priority == "Alice"  # 117.3c
    game.cast("Bob", "b", ["Alice"])
    assert [i.id for i in game.state.stack] == ["a", "b"]
    game.resolve()
    assert game.state.players["Alice"].life == 19 and game.state.players["Bob"].life == 20
    assert game.state.priority == "Alice"  # 117.3b
    game.resolve()
    assert game.state.players["Bob"].life == 19
    with pytest.raises(IllegalAction):
        game.resolve()


def test_a_replacement_order_defaults_to_timestamps_and_each_applies_once():
    furnace = "If a source would deal damage to a permanent or player, it deals double that damage to that " \
              "permanent or player instead."
    game = game_with(("f1", "Alice", card("Furnace", ("enchantment",), None, furnace)),
                     ("f2", "Bob", card("Furnace", ("enchantment",), None, furnace)),
                     ("bolt", "Alice", card("Bolt", ("instant",), None, "~ deals 3 damage to any target.",
                                            spell=True), "hand"))
    game.cast("Alice", "bolt", ["Bob"])
    game.resolve()
    assert game.state.players["Bob"].life == 20 - 12  # doubled twice, each once (614.5)
