"""Mana symbols (107.4) read into the ways they can be paid, and paid from a pool, sources and life."""

from __future__ import annotations

import pytest

from judge_app import paths
from judge_app.engine import GameObject, GameState, IllegalAction, Player, rules
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.mana import UnreadableCost, colors_asked, pay_from, payment, read_cost
from judge_app.engine.view import View
from judge_app.scenarios import loads, run


def ways(cost: str, x: int = 0) -> list[list[list[tuple[str, int]]]]:
    return [[list(w) for w in s.ways] for s in read_cost(cost, x)]


def test_every_symbol_of_107_4_is_read():
    assert ways("{3}{G}{C}") == [[[("generic", 3)]], [[("green", 1)]], [[("colorless", 1)]]]
    assert ways("{W/U}") == [[[("white", 1)], [("blue", 1)]]]
    assert ways("{2/B}") == [[[("generic", 2)], [("black", 1)]]]
    assert ways("{C/R}") == [[[("colorless", 1)], [("red", 1)]]]
    assert ways("{G/P}") == [[[("green", 1)], [("life", 2)]]]
    assert ways("{G/W/P}") == [[[("green", 1)], [("white", 1)], [("life", 2)]]]
    assert ways("{X}{X}{R}", x=3) == [[[("generic", 3)]], [[("generic", 3)]], [[("red", 1)]]]
    assert ways("{S}") == [[[("snow", 1)]]]
    with pytest.raises(UnreadableCost, match=r"\{H\}"):
        read_cost("{1}{H}")


def test_pool_payment_keeps_snow_mana_for_snow_symbols():
    assert pay_from({"green": 1, "snow green": 1}, {"green": 1, "snow": 1}) == {"green": 1, "snow green": 1}
    assert pay_from({"snow red": 1, "blue": 1}, {"snow": 1, "generic": 1}) == {"snow red": 1, "blue": 1}
    assert pay_from({"red": 2}, {"snow": 1}) is None
    assert pay_from({"colorless": 1, "red": 1}, {"colorless": 1, "generic": 1}) == {"colorless": 1, "red": 1}
    assert pay_from({"red": 1}, {"colorless": 1}) is None  # {C} needs colorless mana (107.4c)


def board(life: int = 20, pool: dict[str, int] | None = None, lands: tuple[tuple[str, str], ...] = ()) -> View:
    state = GameState(players={"Alice": Player("Alice", life=life, mana_pool=dict(pool or {})), "Bob": Player("Bob")},
                      active="Alice")
    for index, (subtype, supertype) in enumerate(lands):
        oid = f"land-{index}"
        printed = Characteristics(name=f"{supertype} {subtype}".strip(), types=frozenset({"land"}),
                                  supertypes=frozenset({supertype} - {""}), subtypes=(subtype,))
        state.objects[oid] = GameObject(oid, "Alice", "Alice", "battlefield", printed, timestamp=index + 1)
        state.battlefield.append(oid)
    return View(state)


def test_hybrid_is_paid_with_the_half_the_mana_can_pay():
    changes, text, cited = payment(board(pool={"blue": 1}), "Alice", "{W/U}", None, "Spell")
    assert [(e.mana, e.amount) for e in changes] == [("blue", -1)]
    assert "{W/U} with blue mana" in text and rules.HYBRID_SYMBOL in cited and rules.CAST_ANNOUNCE in cited


def test_phyrexian_is_paid_with_life_when_the_mana_can_not_and_life_allows():
    changes, text, cited = payment(board(life=5), "Alice", "{B/P}", None, "Dismember")
    assert [(type(e).__name__, e.amount) for e in changes] == [("LifeChange", -2)]
    assert "{B/P} with 2 life" in text and rules.PAY_LIFE in cited
    with pytest.raises(IllegalAction) as refused:  # 119.4: 1 life can't pay 2
        payment(board(life=1), "Alice", "{B/P}", None, "Dismember")
    assert "has 1 life" in refused.value.message


def test_a_scenario_can_announce_life_even_when_mana_could_pay():
    changes, text, _ = payment(board(pool={"black": 1}), "Alice", "{B/P}", None, "Dismember", announce=["life"])
    assert [type(e).__name__ for e in changes] == ["LifeChange"] and "default" not in text


def test_x_is_paid_as_announced_and_said():
    view = board(lands=(("Mountain", ""), ("Mountain", ""), ("Forest", "")))
    changes, text, cited = payment(view, "Alice", "{X}{R}", None, "Fireball", x=2)
    assert sum(1 for e in changes if type(e).__name__ == "StatusChange") == 3
    assert "X = 2" in text and rules.VARIABLE_X in cited
    with pytest.raises(IllegalAction):
        payment(view, "Alice", "{X}{R}", None, "Fireball", x=3)


def test_snow_is_paid_only_with_mana_from_snow_sources():
    view = board(lands=(("Forest", ""), ("Forest", "snow")))
    changes, _, cited = payment(view, "Alice", "{S}", None, "Icehide Troll")
    assert [e.object for e in changes if type(e).__name__ == "StatusChange"] == ["land-1"]
    assert rules.SNOW_SYMBOL in cited
    with pytest.raises(IllegalAction):
        payment(board(lands=(("Forest", ""),)), "Alice", "{S}", None, "Icehide Troll")


def test_the_colours_a_cost_asks_for_count_each_half_of_a_hybrid():
    assert colors_asked("{1}{R/G}{G}") == ["red", "green", "green"]
    assert colors_asked("{2/W}{B/P}{C}{X}") == ["white", "black"]
    assert colors_asked("{1}{H}{U}") == ["blue"]  # an unreadable symbol asks for nothing


def test_any_colour_chosen_by_default_for_a_hand_holding_a_hybrid_cost():
    """A Treasure sacrificed with no colour named, Manamorphose ({1}{R/G}) in hand: the default colour is the one
    the hand's costs ask for most (a tie, red and green, goes to WUBRG order). Found by the fuzzer: the hybrid
    symbol stopped the replay ("not a mana symbol the engine can pay")."""
    text = (paths.scenarios_dir() / "mana-any-color-treasure-manamorphose.toml").read_text(encoding="utf-8")
    text = text.replace("treasure = [\"blue\"], ", "").replace("mana = { Alice = { blue = 1 } }",
                                                                "mana = { Alice = { red = 1 } }")
    outcome = run(loads(text))
    assert outcome.failure is None, outcome.failure
    assert all(check.ok for check in outcome.checks), [c.describe() for c in outcome.checks if not c.ok]
    assert any("chooses and adds 1 red mana (default" in step.text for step in outcome.trace.steps)
