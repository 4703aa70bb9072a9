"""Characteristic-defining power and toughness (604.3, 613.4a) read from the card-text tree, on real cards: Lord of
Extinction counts every graveyard, Crowd of Cinders only black permanents its controller controls, Adeline sets its
power and keeps its printed toughness; forms the engine can't count stay refused."""

from __future__ import annotations

import engine_boards as boards
import pytest

from judge_app.engine.interpret import Unplayable, read_card
from judge_app.scenarios import loads, run

BOARD = """
title = "t"
question = "?"
until = "precombat main"
[start]
turn = 3
active = "Alice"
[players.Alice]
graveyard = ["a-1", "a-2"]
[players.Bob]
graveyard = ["b-1"]
"""


def card(cid: str, name: str, owner: str, type_line: str, pt: str, text: str = "", zone: str = "battlefield",
         colors: str = "") -> str:
    return boards.card(cid, name, owner, type_line, text, pt, zone=zone, **({"colors": [colors]} if colors else {}))


FILLER = "".join(card(c, "Grizzly Bears", "Alice" if c.startswith("a") else "Bob", "Creature — Bear", "2/2",
                      zone="graveyard") for c in ("a-1", "a-2", "b-1"))


def sizes(cards: str, expect: str) -> None:
    """The board's characteristics as `expect` says, and the explanation of the first one cites 613.4a and 604.3."""
    explain = f'[[actions]]\ndo = "explain"\ncard = "{expect.split()[0]}"\n'
    outcome = run(loads(BOARD + FILLER + cards + explain +
                        f"[expect]\npt = {{ {expect} }}\nrules = [\"613.4a\", \"604.3\"]\n"))
    assert outcome.failure is None and all(c.ok for c in outcome.checks), [c for c in outcome.checks if not c.ok]


def test_lord_of_extinction_counts_the_cards_in_every_graveyard():
    sizes(card("lord", "Lord of Extinction", "Alice", "Creature — Elemental", "0/0", "Lord of Extinction's power and "
               "toughness are each equal to the number of cards in all graveyards."), 'lord = "3/3"')


def test_crowd_of_cinders_counts_only_black_permanents_its_controller_controls():
    crowd = card("crowd", "Crowd of Cinders", "Alice", "Creature — Elemental", "0/0", "Fear\nCrowd of Cinders's power "
                 "and toughness are each equal to the number of black permanents you control.", colors="black")
    knight = card("knight", "Dread Knight", "Alice", "Creature — Knight", "2/2", colors="black")
    theirs = card("theirs", "Dread Knight", "Bob", "Creature — Knight", "2/2", colors="black")
    sizes(crowd + knight + theirs, 'crowd = "2/2"')  # itself and the Knight; not Bob's


def test_adeline_sets_its_power_and_keeps_its_printed_toughness():
    adeline = card("adeline", "Adeline, Resplendent Cathar", "Alice", "Legendary Creature — Human Knight", "0/4",
                   "Vigilance\nAdeline's power is equal to the number of creatures you control.")
    bears = card("bears", "Grizzly Bears", "Alice", "Creature — Bear", "2/2")
    sizes(adeline + bears, 'adeline = "2/4"')


def test_a_characteristic_defining_ability_the_engine_cant_count_stays_refused():
    with pytest.raises(Unplayable) as caught:
        read_card("Lhurgoyf's power is equal to the number of creature cards in all graveyards and its toughness is "
                  "equal to that number plus 1.", "Lhurgoyf", "Creature — Lhurgoyf")
    assert caught.value.rule == "604.3"
