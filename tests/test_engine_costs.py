"""Cost increases and reductions as spells are cast (601.2f, 118.7a, 702.41a) and delve (702.66), on real cards and
real boards: Grand Arbiter Augustin IV, Sphere of Resistance, Wizard's Lightning, Frogmite, Gurmag Angler. Each
replay checks what was paid; the forms the engine can't compute stay refused, or stop the replay as not modelled."""

from __future__ import annotations

import engine_boards as boards
import pytest

from judge_app.engine.errors import IllegalAction, NotModelled
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
active = "{active}"
[players.Alice]
mana = {{ {alice} }}
[players.Bob]
mana = {{ {bob} }}
"""

ARBITER = ("Grand Arbiter Augustin IV", "Legendary Creature — Human Advisor", "{2}{W}{U}", "2/3",
           "White spells you cast cost {1} less to cast.\nBlue spells you cast cost {1} less to cast.\n"
           "Spells your opponents cast cost {1} more to cast.")
SPHERE = ("Sphere of Resistance", "Artifact", "{2}", "", "Spells cost {1} more to cast.")
COUNTERSPELL = ("Counterspell", "Instant", "{U}{U}", "", "Counter target spell.")
HELIX = ("Lightning Helix", "Instant", "{R}{W}", "", "Lightning Helix deals 3 damage to any target and you gain 3 "
         "life.")
DIVINATION = ("Divination", "Sorcery", "{2}{U}", "", "Draw two cards.")
WIZARD = ("Ghitu Lavarunner", "Creature — Human Wizard", "{R}", "1/2", "")
LIGHTNING = ("Wizard's Lightning", "Instant", "{2}{R}", "", "This spell costs {2} less to cast if you control a "
             "Wizard.\nWizard's Lightning deals 3 damage to any target.")
ORNITHOPTER = ("Ornithopter", "Artifact Creature — Thopter", "{0}", "0/2", "Flying")
FROGMITE = ("Frogmite", "Artifact Creature — Frog", "{4}", "2/2", "Affinity for artifacts")
ANGLER = ("Gurmag Angler", "Creature — Zombie Fish", "{6}{B}", "5/5", "Delve")
BEARS = ("Grizzly Bears", "Creature — Bear", "{1}{G}", "2/2", "")


def game(cards: dict[str, tuple[tuple[str, str, str, str, str], str, str]], alice: str = "", bob: str = "",
         active: str = "Alice", graveyard: tuple[str, ...] = ()) -> Game:
    """A board: id → (card, owner, zone), Alice's graveyard in order; the players' mana pools."""
    text = BOARD.format(alice=alice, bob=bob, active=active)
    text = text.replace("[players.Bob]", f"graveyard = {list(graveyard)!r}\n[players.Bob]".replace("'", '"'))
    for cid, ((name, type_line, cost, pt, oracle), owner, zone) in cards.items():
        text += boards.card(cid, name, owner, type_line, oracle, pt, cost, zone)
    played = build_game(loads(text))
    played.start()
    return played


def cast_text(played: Game) -> str:
    return next(s.text for s in reversed(played.trace.steps) if " casts " in s.text)


def test_grand_arbiter_makes_its_controllers_white_and_blue_spells_cheaper_and_the_opponents_dearer():
    played = game({"arbiter": (ARBITER, "Alice", "battlefield"), "helix": (HELIX, "Alice", "hand")},
                  alice="white = 1, red = 1")
    played.cast("Alice", "helix", ["Bob"])  # {R}{W}: {1} less for white only takes generic mana, and it has none
    assert "total cost {R}{W} → {R}{W}" in cast_text(played) and "118.7a" in played.trace.steps[-1].rules
    played = game({"arbiter": (ARBITER, "Alice", "battlefield"), "div": (DIVINATION, "Alice", "hand")},
                  alice="blue = 1")
    with pytest.raises(IllegalAction) as caught:  # {2}{U}, blue: {1} less → {1}{U}; she has only {U}
        played.cast("Alice", "div", [])
    assert caught.value.rules[0] == "601.2h" and "{1}{U}" in str(caught.value)


def test_sphere_of_resistance_taxes_every_player_and_the_tax_adds_up():
    played = game({"sphere-1": (SPHERE, "Alice", "battlefield"), "sphere-2": (SPHERE, "Bob", "battlefield"),
                   "div": (DIVINATION, "Alice", "hand")}, alice="blue = 5")
    played.cast("Alice", "div", [])
    assert "total cost {2}{U} → {4}{U}" in cast_text(played)
    assert played.state.players["Alice"].mana_pool == {}


def test_wizards_lightning_costs_its_red_mana_only_with_a_wizard():
    played = game({"wizard": (WIZARD, "Alice", "battlefield"), "bolt": (LIGHTNING, "Alice", "hand")},
                  alice="red = 1")
    played.cast("Alice", "bolt", ["Bob"])
    assert "total cost {2}{R} → {R}" in cast_text(played)


def test_wizards_lightning_without_a_wizard_costs_its_mana_cost():
    played = game({"bolt": (LIGHTNING, "Alice", "hand")}, alice="red = 3")
    played.cast("Alice", "bolt", ["Bob"])
    assert "less" not in cast_text(played) and played.state.players["Alice"].mana_pool == {}


def test_affinity_never_reduces_a_cost_below_nothing():
    board = {f"orni-{i}": (ORNITHOPTER, "Alice", "battlefield") for i in range(5)}
    played = game({**board, "frog": (FROGMITE, "Alice", "hand")})
    played.cast("Alice", "frog", [])
    assert "{5} less; total cost {4} → {0}" in cast_text(played)
    assert "702.41a" in played.trace.steps[-1].rules


def test_a_counterspell_of_the_opponent_pays_grand_arbiters_tax():
    played = game({"arbiter": (ARBITER, "Alice", "battlefield"), "div": (DIVINATION, "Alice", "hand"),
                   "counter": (COUNTERSPELL, "Bob", "hand")}, alice="blue = 2", bob="blue = 3")
    played.cast("Alice", "div", [])
    played.cast("Bob", "counter", ["div"])
    assert "total cost {U}{U} → {1}{U}{U}" in cast_text(played)
    assert played.state.players["Bob"].mana_pool == {}


@pytest.mark.parametrize(("name", "type_line", "text"), [
    ("Fireball", "Sorcery", "This spell costs {1} more to cast for each target beyond the first.\nFireball deals X "
     "damage divided evenly, rounded down, among any number of targets."),
    ("Ghalta, Primal Hunger", "Legendary Creature — Elder Dinosaur", "This spell costs {X} less to cast, where X is "
     "the total power of creatures you control.\nTrample"),
])
def test_a_cost_change_of_its_own_the_engine_cant_count_stops_the_cast_as_not_modelled(name, type_line, text):
    [ability, *_] = read_card(text, name, type_line)
    assert ability.kind == "cost change" and ability.word == "not modelled"
    card = (name, type_line, "{X}{R}", "4/4" if "Creature" in type_line else "", text)
    played = game({"card": (card, "Alice", "hand")}, alice="red = 9")
    with pytest.raises(NotModelled) as caught:
        played.cast("Alice", "card", ["Bob"] if name == "Fireball" else [])
    assert caught.value.rules == ("601.2f",)


def test_a_cost_change_for_other_spells_the_engine_cant_count_stays_refused():
    with pytest.raises(Unplayable) as caught:
        read_card("Spells your opponents cast cost {1} more to cast for each card in their hand.", "Tax",
                  "Enchantment")
    assert "601.2f" in str(caught.value)


GRAVE = {f"bears-{i}": (BEARS, "Alice", "graveyard") for i in range(1, 9)}


def test_delve_by_default_exiles_as_many_cards_as_the_generic_mana_those_put_there_first():
    played = game({**GRAVE, "angler": (ANGLER, "Alice", "hand")}, alice="black = 1",
                  graveyard=tuple(GRAVE))
    played.cast("Alice", "angler", [])
    exiled = [c for c in GRAVE if played.state.objects[c].zone == "exile"]
    assert exiled == [f"bears-{i}" for i in range(1, 7)]  # {6}: six cards, the first six put there
    assert "(default: as many as the generic mana" in cast_text(played)
    assert {"702.66a", "702.66b"} <= set(played.trace.steps[-1].rules)


def test_delve_pays_only_generic_mana_and_only_with_cards_in_the_graveyard():
    played = game({**GRAVE, "angler": (ANGLER, "Alice", "hand"), "other": (BEARS, "Alice", "hand")},
                  alice="black = 1", graveyard=tuple(GRAVE))
    with pytest.raises(IllegalAction) as caught:
        played.cast("Alice", "angler", [], None, {"delve": list(GRAVE)[:7]})
    assert caught.value.rules[0] == "702.66a" and "has 6, not 7" in str(caught.value)
    with pytest.raises(IllegalAction) as caught:
        played.cast("Alice", "angler", [], None, {"delve": ["other"]})
    assert "isn't a card in Alice's graveyard" in str(caught.value)
