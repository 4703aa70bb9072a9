"""Descriptions compared with an amount known as the ability resolves, cards named like the card itself, and "with no
counters on it", on real cards: Pernicious Deed, Birthing Pod, Rite of Flame, Howling Wolf (107.3, 608.2h, 701.23a).
A target compared with X stays refused: targets are chosen before anything resolves (601.2c)."""

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
mana = {{ {mana} }}
library = [{library}]
graveyard = [{graveyard}]
[players.Bob]
"""


def card(cid: str, name: str, type_line: str, cost: str, text: str = "", pt: str = "", zone: str = "battlefield",
         owner: str = "Alice") -> str:
    return boards.card(cid, name, owner, type_line, text, pt, cost, zone)


BEARS = ("Grizzly Bears", "Creature — Bear", "{1}{G}", "", "2/2")
GIANT = ("Hill Giant", "Creature — Giant", "{3}{R}", "", "3/3")
OGRE = ("Gray Ogre", "Creature — Ogre", "{2}{R}", "", "2/2")
DEED = ("Pernicious Deed", "Enchantment", "{1}{B}{G}", "{X}, Sacrifice this enchantment: Destroy each artifact, "
        "creature, and enchantment with mana value X or less.", "")
POD = ("Birthing Pod", "Artifact", "{3}{G/P}", "{1}{G/P}, {T}, Sacrifice a creature: Search your library for a "
       "creature card with mana value equal to 1 plus the sacrificed creature's mana value, put that card onto the "
       "battlefield, then shuffle. Activate only as a sorcery.", "")
RITE = ("Rite of Flame", "Sorcery", "{R}", "Add {R}{R}, then add {R} for each card named Rite of Flame in each "
        "graveyard.", "")


def replay(cards: str, actions: str, expect: str, mana: str = "", library: str = "", graveyard: str = "") -> None:
    outcome = run(loads(BOARD.format(mana=mana, library=library, graveyard=graveyard) + cards + actions +
                        f"[expect]\n{expect}\n"))
    assert outcome.failure is None, outcome.failure
    assert all(c.ok for c in outcome.checks), [c.actual for c in outcome.checks if not c.ok]


def test_pernicious_deed_destroys_what_has_mana_value_x_or_less_for_the_x_paid():
    cards = card("deed", *DEED[:4]) + card("bears", *BEARS[:3], pt="2/2", owner="Bob") + \
        card("ogre", *OGRE[:3], pt="2/2", owner="Bob") + card("giant", *GIANT[:3], pt="3/3", owner="Bob")
    replay(cards, '[[actions]]\ndo = "activate"\ncard = "deed"\nx = 3\n[[actions]]\ndo = "resolve"\n',
           'zone = { bears = "graveyard", ogre = "graveyard", giant = "battlefield", deed = "graveyard" }',
           mana="black = 3")


def test_birthing_pod_finds_a_creature_of_one_more_mana_value_than_the_one_sacrificed():
    cards = card("pod", *POD[:4]) + card("bears", *BEARS[:3], pt="2/2") + \
        card("giant", *GIANT[:3], pt="3/3", zone="library") + card("ogre", *OGRE[:3], pt="2/2", zone="library")
    replay(cards, '[[actions]]\ndo = "activate"\ncard = "pod"\nsacrifice = ["bears"]\nannounce = ["life"]\n'
                  '[[actions]]\ndo = "resolve"\n',
           'zone = { bears = "graveyard", ogre = "battlefield", giant = "library" }\nlife = { Alice = 18 }',
           mana="green = 1", library='"giant", "ogre"')


def test_rite_of_flame_counts_the_cards_named_like_it_in_every_graveyard_as_it_resolves():
    cards = card("rite", *RITE[:4], zone="hand") + card("rite-2", *RITE[:4], zone="graveyard") + \
        card("bolt", "Lightning Bolt", "Instant", "{R}", "Lightning Bolt deals 3 damage to any target.",
             zone="graveyard")
    replay(cards, '[[actions]]\ndo = "cast"\ncard = "rite"\n[[actions]]\ndo = "resolve"\n',
           "mana = { Alice = { red = 3 } }", mana="red = 1", graveyard='"rite-2", "bolt"')


def test_a_target_compared_with_x_stays_refused():
    with pytest.raises(Unplayable) as caught:
        read_card("{X}{X}{B}: Destroy target nonblack creature with mana value X.", "Plaguebearer", "Creature — Zombie")
    assert caught.value.rule == "115.1"
