"""Looking at, revealing and putting away library cards, on real cards and real boards: Impulse, Forbidden Alchemy,
Sleight of Hand, Collected Company, Satyr Wayfinder, Ancient Stirrings, Dimir Charm, Peek, Enlightened Tutor (701.20,
701.23, 401.4, 608.2d). Each replay checks where every card went, the order left in the library, and the rules
cited; what the engine still can't play stays refused."""

from __future__ import annotations

import engine_boards as boards
import pytest

from judge_app.engine.game import Game
from judge_app.engine.interpret import Unplayable, read_card
from judge_app.scenarios import loads
from judge_app.scenarios.runner import build_game

BOARD = """
title = "test"
question = "?"
until = "precombat main"
[start]
turn = 3
active = "Alice"
[players.Alice]
mana = {{ {mana} }}
library = [{library}]
[players.Bob]
library = [{bob_library}]
hand = [{bob_hand}]
"""

CARDS = {  # id: (name, type line, mana cost, P/T)
    "island": ("Island", "Basic Land — Island", "", ""),
    "forest": ("Forest", "Basic Land — Forest", "", ""),
    "bolt": ("Lightning Bolt", "Instant", "{R}", ""),
    "bears": ("Grizzly Bears", "Creature — Bear", "{1}{G}", "2/2"),
    "elves": ("Llanowar Elves", "Creature — Elf Druid", "{G}", "1/1"),
    "giant": ("Hill Giant", "Creature — Giant", "{3}{R}", "3/3"),
    "map": ("Expedition Map", "Artifact", "{1}", ""),
}


def _card(cid: str, owner: str, zone: str = "library") -> str:
    name, type_line, cost, pt = CARDS[cid.split("-")[0]]
    return boards.card(cid, name, owner, type_line, pt=pt, cost=cost, zone=zone)


def replay(name: str, type_line: str, text: str, library: list[str], *, mana: str, bob_library: tuple[str, ...] = (),
           bob_hand: tuple[str, ...] = (), choices: str = "", targets: tuple[str, ...] = (),
           announced: dict | None = None, resolve: int = 1) -> Game:
    """Alice casts the card (id "spell") with `library` top first and Bob's cards as given; it resolves (and then
    what it put on the stack, `resolve` times in all)."""
    board = BOARD.format(mana=mana, library=", ".join(f'"{c}"' for c in library),
                         bob_library=", ".join(f'"{c}"' for c in bob_library),
                         bob_hand=", ".join(f'"{c}"' for c in bob_hand))
    spell = f'[[cards]]\nid = "spell"\nname = "{name}"\nowner = "Alice"\nzone = "hand"\ntype = "{type_line}"\n' \
            f'cost = "{{1}}"\ntext = """{text}"""\n' + ('pt = "1/1"\n' if "Creature" in type_line else "")
    cards = "".join(_card(c, "Alice") for c in library) + "".join(_card(c, "Bob") for c in bob_library) \
        + "".join(_card(c, "Bob", "hand") for c in bob_hand)
    game = build_game(loads(board + spell + cards + (f"[choices]\n{choices}\n" if choices else "")))
    game.start()
    game.cast("Alice", "spell", list(targets), None, announced or {})
    game.resolve(resolve)
    return game


def where(game: Game, cid: str) -> str:
    return game.state.objects[cid].zone


def library(game: Game, player: str = "Alice") -> list[str]:
    return list(game.state.players[player].library)


def resolved(game: Game) -> str:
    return "\n".join(s.text for s in game.trace.steps if "resolves" in s.text)


def test_impulse_by_default_takes_the_top_card_and_puts_the_rest_on_the_bottom_in_order():
    game = replay("Impulse", "Instant", "Look at the top four cards of your library. Put one of them into your "
                     "hand and the rest on the bottom of your library in any order.",
                     ["island", "forest", "bolt", "bears", "giant"], mana="blue = 1")
    assert where(game, "island") == "hand"
    assert library(game) == ["giant", "forest", "bolt", "bears"]
    text = resolved(game)
    assert "looks at the top 4 cards of their library: Island, Forest, Lightning Bolt, Grizzly Bears" in text
    assert "(default: in the order they were)" in text
    assert {"701.20e", "608.2d", "401.4"} <= set(game.trace.citations())


def test_forbidden_alchemy_puts_the_card_chosen_into_the_hand_and_the_rest_into_the_graveyard():
    game = replay("Forbidden Alchemy", "Instant", "Look at the top four cards of your library. Put one of them "
                     "into your hand and the rest into your graveyard.", ["island", "forest", "bolt", "bears", "giant"],
                     mana="black = 1", choices='choose = { spell = ["bolt"] }')
    assert where(game, "bolt") == "hand"
    assert [where(game, c) for c in ("island", "forest", "bears")] == ["graveyard"] * 3
    assert library(game) == ["giant"]


def test_sleight_of_hand_puts_the_other_card_on_the_bottom():
    game = replay("Sleight of Hand", "Sorcery", "Look at the top two cards of your library. Put one of them into "
                     "your hand and the other on the bottom of your library.", ["island", "bolt", "giant"],
                     mana="blue = 1", choices='choose = { spell = ["bolt"] }')
    assert where(game, "bolt") == "hand"
    assert library(game) == ["giant", "island"]


def test_collected_company_puts_only_creatures_with_mana_value_3_or_less_onto_the_battlefield():
    game = replay("Collected Company", "Instant", "Look at the top six cards of your library. Put up to two creature "
                     "cards with mana value 3 or less from among them onto the battlefield. Put the rest on the bottom "
                     "of your library in any order.", ["giant", "bolt", "bears", "island", "elves", "forest", "map"],
                     mana="green = 1")
    assert where(game, "bears") == where(game, "elves") == "battlefield"
    assert where(game, "giant") == "library"  # mana value 4: not among those it may put
    assert library(game) == ["map", "giant", "bolt", "island", "forest"]


def test_satyr_wayfinder_may_take_a_land_and_mills_the_rest():
    game = replay("Satyr Wayfinder", "Creature — Satyr", "When this creature enters, reveal the top four cards of "
                     "your library. You may put a land card from among them into your hand. Put the rest into your "
                     "graveyard.", ["bolt", "bears", "forest", "giant", "island"], mana="green = 1", resolve=2)
    assert where(game, "forest") == "hand"
    assert [where(game, c) for c in ("bolt", "bears", "giant")] == ["graveyard"] * 3
    assert library(game) == ["island"]
    assert "701.20a" in game.trace.citations()


def test_ancient_stirrings_reveals_a_colorless_card_and_puts_the_revealed_card_into_the_hand():
    game = replay("Ancient Stirrings", "Sorcery", "Look at the top five cards of your library. You may reveal a "
                     "colorless card from among them and put the revealed card into your hand. Then put the rest of "
                     "the cards on the bottom of your library in any order.", ["bolt", "bears", "map", "giant"],
                     mana="green = 1")
    assert where(game, "map") == "hand"  # the one colourless card
    assert library(game) == ["bolt", "bears", "giant"]
    assert "reveals Expedition Map from among them" in resolved(game)


def test_ancient_stirrings_with_no_colorless_card_reveals_nothing():
    game = replay("Ancient Stirrings", "Sorcery", "Look at the top five cards of your library. You may reveal a "
                     "colorless card from among them and put the revealed card into your hand. Then put the rest of "
                     "the cards on the bottom of your library in any order.", ["bolt", "bears"], mana="green = 1")
    assert where(game, "bolt") == where(game, "bears") == "library"
    assert "reveals nothing: there is no colorless card among them" in resolved(game)


def test_dimir_charm_looks_at_the_target_players_library_and_puts_one_back():
    game = replay("Dimir Charm", "Instant", "Choose one —\n• Counter target sorcery spell.\n• Destroy target "
                     "creature with power 2 or less.\n• Look at the top three cards of target player's library. Put "
                     "one of them back and the rest into that player's graveyard.", [], mana="blue = 1",
                     bob_library=("island-b", "bolt-b", "giant-b", "forest-b"),
                     choices='choose = { spell = ["giant-b"] }',
                     targets=("Bob",), announced={"modes": [3]})
    assert library(game, "Bob") == ["giant-b", "forest-b"]
    assert where(game, "island-b") == where(game, "bolt-b") == "graveyard"
    assert "looks at the top 3 cards of Bob's library" in resolved(game)


def test_peek_shows_the_target_players_hand_then_draws():
    game = replay("Peek", "Instant", "Look at target player's hand.\nDraw a card.", ["island"], mana="blue = 1",
                     bob_hand=("bolt-b", "giant-b"),
                     targets=("Bob",))
    assert "Alice looks at Bob's hand: Lightning Bolt, Hill Giant" in resolved(game)
    assert where(game, "island") == "hand"
    assert where(game, "bolt-b") == "hand"


def test_enlightened_tutor_reveals_the_card_and_puts_it_on_top_after_the_shuffle():
    game = replay("Enlightened Tutor", "Instant", "Search your library for an artifact or enchantment card, reveal "
                     "it, then shuffle and put that card on top.", ["island", "bolt", "map"], mana="white = 1")
    assert library(game)[0] == "map"
    assert "reveals Expedition Map" in resolved(game)
    assert {"701.23a", "701.20a", "701.24a"} <= set(game.trace.citations())


@pytest.mark.parametrize(("name", "type_line", "text", "what"), [
    ("Fact or Fiction", "Instant", "Reveal the top five cards of your library. An opponent separates those cards into "
     "two piles. Put one pile into your hand and the rest into your graveyard.", "separate into piles"),
    ("Atraxa, Grand Unifier", "Legendary Creature — Phyrexian Angel", "When Atraxa enters, reveal the top ten cards "
     "of your library. For each card type, you may put a card of that type from among the revealed cards into your "
     "hand. Put the rest on the bottom of your library in a random order.", "for each"),
    ("Ad Nauseam", "Instant", "Reveal the top card of your library and put that card into your hand. You lose life "
     "equal to its mana value. You may repeat this process any number of times.", "repeat"),
])
def test_what_the_engine_cant_choose_among_the_cards_seen_stays_refused(name, type_line, text, what):
    with pytest.raises(Unplayable) as caught:
        read_card(text, name, type_line)
    assert what in str(caught.value)
