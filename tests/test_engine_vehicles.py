"""Vehicles and crew (301.7, 702.122) on real cards and boards: Smuggler's Copter, Skysovereign, Heart of Kiran.
Crewing taps other untapped creatures with enough total power, summoning-sick ones too; an uncrewed Vehicle is no
creature and can't attack; a Vehicle that came under its controller's control this turn can't attack once crewed."""

from __future__ import annotations

import pytest

from judge_app.engine.errors import IllegalAction
from judge_app.engine.game import Game
from judge_app.engine.interpret import Unplayable, read_card
from judge_app.scenarios import loads
from judge_app.scenarios.runner import build_game

COPTER = ("Smuggler's Copter", "Artifact — Vehicle", "{2}", "3/3", "Flying\nWhenever this Vehicle attacks or blocks, "
          "you may draw a card. If you do, discard a card.\nCrew 1")
SKYSOVEREIGN = ("Skysovereign, Consul Flagship", "Legendary Artifact — Vehicle", "{5}", "6/5", "Flying\nWhenever "
                "Skysovereign enters or attacks, it deals 3 damage to target creature or planeswalker an opponent "
                "controls.\nCrew 3")
BEARS = ("Grizzly Bears", "Creature — Bear", "{1}{G}", "2/2", "")
ELVES = ("Llanowar Elves", "Creature — Elf Druid", "{G}", "1/1", "{T}: Add {G}.")


def board(cards: dict[str, tuple[tuple[str, str, str, str, str], str, bool]]) -> Game:
    """id → (card, owner, summoning sick); all on the battlefield, Alice's turn 3, precombat main."""
    text = 'title = "t"\nquestion = "?"\n[start]\nturn = 3\nactive = "Alice"\n[players.Alice]\nlibrary = 3\n' \
           '[players.Bob]\n'
    for cid, ((name, type_line, cost, pt, oracle), owner, sick) in cards.items():
        text += f'[[cards]]\nid = "{cid}"\nname = "{name}"\nowner = "{owner}"\ntype = "{type_line}"\n' \
                f'cost = "{cost}"\npt = "{pt}"\ntext = """{oracle}"""\nsummoning_sick = {str(sick).lower()}\n'
    played = build_game(loads(text))
    played.start()
    return played


def test_crew_taps_the_oldest_creatures_that_reach_its_power_by_default():
    played = board({"sky": (SKYSOVEREIGN, "Alice", False), "elves": (ELVES, "Alice", True),
                    "bears-1": (BEARS, "Alice", True), "bears-2": (BEARS, "Alice", False)})
    played.activate("Alice", "sky", 1, [])
    tapped = [c for c in ("elves", "bears-1", "bears-2") if played.state.objects[c].tapped]
    assert tapped == ["elves", "bears-1"]  # power 1 + 2 reaches 3; summoning sickness doesn't matter (302.6)
    assert "(default: the oldest creatures that reach it)" in played.trace.steps[-1].text
    played.resolve()
    assert played.chars("sky").is_creature and played.chars("sky").pt == "6/5"
    assert "Vehicle" in played.chars("sky").subtypes  # an "artifact creature" keeps its types (205.1b)


def test_crew_needs_enough_power_from_other_untapped_creatures():
    played = board({"sky": (SKYSOVEREIGN, "Alice", False), "bears": (BEARS, "Alice", False),
                    "copter": (COPTER, "Alice", False)})
    with pytest.raises(IllegalAction) as caught:
        played.activate("Alice", "sky", 1, [])
    assert caught.value.rules[0] == "702.122a" and "total power 2" in str(caught.value)
    with pytest.raises(IllegalAction) as caught:
        played.activate("Alice", "copter", 1, [], None, {"crew": ["copter"]})
    assert "only other untapped creatures" in str(caught.value)


def test_an_uncrewed_vehicle_cant_attack_and_a_crewed_one_can():
    played = board({"copter": (COPTER, "Alice", False), "bears": (BEARS, "Alice", True)})
    with pytest.raises(IllegalAction):
        played.declare_attackers([("copter", None)])
    played = board({"copter": (COPTER, "Alice", False), "bears": (BEARS, "Alice", True)})
    played.activate("Alice", "copter", 1, [], None, {"crew": ["bears"]})
    played.resolve()
    played.declare_attackers([("copter", None)])
    assert played.state.combat is not None and "copter" in played.state.combat.attackers


def test_a_vehicle_that_came_under_control_this_turn_cant_attack_once_crewed():
    played = board({"copter": (COPTER, "Alice", True), "bears": (BEARS, "Alice", False)})
    played.activate("Alice", "copter", 1, [])
    played.resolve()
    with pytest.raises(IllegalAction) as caught:
        played.declare_attackers([("copter", None)])
    assert "302.6" in caught.value.rules


def test_crew_with_another_cost_stays_refused():
    with pytest.raises(Unplayable) as caught:
        read_card("Flying, vigilance\nCrew 3\nCrew—Remove a loyalty counter from a planeswalker you control.",
                  "Heart of Kiran", "Legendary Artifact — Vehicle")
    assert "crew" in str(caught.value) and caught.value.rule == "702.122"
