"""The engine's parts on their own: ability templates, the layer pipeline, lethal damage, blocking checks."""

from __future__ import annotations

import pytest

from judge_app.engine import Game, GameObject, GameState, IllegalAction, Player, Step, actions, rules
from judge_app.engine.characteristics import Characteristics, colors_of_cost, parse_type_line
from judge_app.engine.combat import lethal_needed
from judge_app.engine.combatchecks import block_violations
from judge_app.engine.continuous import LAYER_ORDER, ContinuousEffect, effect_kind
from judge_app.engine.interpret import read_card
from judge_app.engine.layers import characteristics


def creature(name, pt="2/2", text="", colors=(), types=("creature",), subtypes=()):
    power, toughness = (int(x) for x in pt.split("/"))
    return Characteristics(name=name, colors=frozenset(colors), types=frozenset(types), subtypes=tuple(subtypes),
                           power=power, toughness=toughness, abilities=tuple(read_card(text, name, "Creature")))


def game_with(*objects: tuple[str, str, Characteristics]) -> Game:
    state = GameState(players={"Alice": Player("Alice"), "Bob": Player("Bob")}, turn=2, active="Alice",
                      step=Step.PRECOMBAT_MAIN)
    for oid, owner, printed in objects:
        state.objects[oid] = GameObject(oid, owner, owner, "battlefield", printed, timestamp=state.next_timestamp())
        state.battlefield.append(oid)
    return Game(state)


def test_type_line_and_colours():
    assert parse_type_line("Legendary Artifact Creature — Golem Knight") == (
        frozenset({"legendary"}), frozenset({"artifact", "creature"}), ("Golem", "Knight"))
    assert colors_of_cost("{2}{G/W}{B}") == frozenset({"green", "white", "black"})


def test_layers_apply_set_before_modify_whatever_the_timestamps():
    """613.4b–c: the Gray Ogre example of 613.5."""
    game = game_with(("ogre", "Alice", creature("Gray Ogre")))
    game.state.objects["ogre"].counters["+1/+1"] = 1
    game.start()
    game.apply(actions.pump, "ogre", 4, 4)
    game.apply(actions.set_pt, "ogre", 0, 1)
    assert game.chars("ogre").pt == "5/6"
    game.advance_to(Step.CLEANUP)
    assert game.chars("ogre").pt == "3/3"


def test_static_abilities_follow_their_source():
    game = game_with(("bear", "Alice", creature("Bear")),
                     ("anthem", "Alice", Characteristics("Anthem", types=frozenset({"enchantment"}), abilities=tuple(
                         read_card("Creatures you control get +1/+1.", "Anthem", "Enchantment")))),
                     ("foe", "Bob", creature("Foe")))
    assert game.chars("bear").pt == "3/3" and game.chars("foe").pt == "2/2"
    game.start()
    game.apply(actions.destroy, "anthem")
    assert game.chars("bear").pt == "2/2"


def test_a_new_effect_kind_plugs_into_the_pipeline():
    """Part 2 adds layers by registering kinds; callers keep asking `characteristics`."""
    @effect_kind("test: becomes blue", "5", rules.LAYERS)
    def _blue(chars, effect):
        return Characteristics(**{**{f: getattr(chars, f) for f in chars.__slots__}, "colors": frozenset({"blue"})})

    game = game_with(("bear", "Alice", creature("Bear", colors=("green",))))
    game.state.effects.append(ContinuousEffect("test: becomes blue", 99, "becomes blue", affected=("bear",)))
    game.state.touch()
    assert characteristics(game.state, "bear").colors == {"blue"}
    assert LAYER_ORDER.index("5") < LAYER_ORDER.index("6")


def test_lethal_damage_counts_marked_and_assigned_damage_and_deathtouch():
    game = game_with(("wall", "Bob", creature("Wall", "0/5")))
    game.state.objects["wall"].damage = 2
    assert lethal_needed(game, "wall", deathtouch=False, assigned_already=0) == 3
    assert lethal_needed(game, "wall", deathtouch=False, assigned_already=1) == 2
    assert lethal_needed(game, "wall", deathtouch=True, assigned_already=0) == 1
    assert lethal_needed(game, "wall", deathtouch=True, assigned_already=1) == 0


def test_block_violations_cite_the_forbidding_rule():
    flyer = creature("Drake", text="Flying")
    bear = creature("Bear", colors=("green",))
    [violation] = block_violations(flyer, bear, [])
    assert violation.rule == "702.9b" and "neither flying nor reach" in violation.reason
    assert block_violations(flyer, creature("Spider", text="Reach"), []) == []
    knight = creature("Knight", text="Protection from green")
    assert block_violations(knight, bear, [])[0].rule == "702.16f"
    island = Characteristics("Island", supertypes=frozenset({"basic"}), types=frozenset({"land"}), subtypes=("Island",))
    assert block_violations(creature("Serpent", text="Islandwalk"), bear, [island])[0].rule == "702.14c"
    assert block_violations(creature("Serpent", text="Snow islandwalk"), bear, [island]) == []  # a plain Island


def test_illegal_attack_leaves_the_game_as_it_was():
    game = game_with(("wall", "Alice", creature("Wall", "0/4", text="Defender")))
    game.start()
    with pytest.raises(IllegalAction) as info:
        game.declare_attackers([("wall", None)])
    assert "702.3b" in info.value.rules
    assert not game.state.objects["wall"].tapped and game.state.awaiting is Step.DECLARE_ATTACKERS
