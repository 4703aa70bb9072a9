"""Property-based tests on random combats (Hypothesis): the engine accounts for damage as 120.3 says, never
lets a creature with lethal damage survive a state-based action check unless it is indestructible, and never
raises on a legal scenario (an illegal choice is refused with `IllegalAction`, nothing else)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_app.engine import Game, GameObject, GameState, IllegalAction, Player, Step
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.interpret import read_card
from judge_app.engine.trace import PRIORITY

KEYWORDS = ["flying", "reach", "first strike", "double strike", "trample", "deathtouch", "lifelink", "vigilance",
            "indestructible", "infect", "wither", "menace", "protection from red", "protection from green",
            "intimidate", "fear"]
COLORS = ["white", "blue", "black", "red", "green"]

creature = st.fixed_dictionaries({
    "power": st.integers(0, 7),
    "toughness": st.integers(1, 7),
    "keywords": st.lists(st.sampled_from(KEYWORDS), max_size=3, unique=True),
    "colors": st.lists(st.sampled_from(COLORS), max_size=2, unique=True),
    "damage": st.integers(0, 2),
})


@st.composite
def combats(draw):
    attackers = draw(st.lists(creature, min_size=1, max_size=3))
    blockers = draw(st.lists(creature, min_size=0, max_size=3))
    blocks = [draw(st.one_of(st.none(), st.integers(0, len(attackers) - 1))) for _ in blockers]
    life = draw(st.tuples(st.integers(1, 20), st.integers(1, 20)))
    return attackers, blockers, blocks, life


def build(attackers, blockers, life) -> Game:
    state = GameState(players={"Alice": Player("Alice", life=life[0]), "Bob": Player("Bob", life=life[1])},
                      turn=3, active="Alice", step=Step.PRECOMBAT_MAIN)
    for prefix, owner, specs in (("a", "Alice", attackers), ("b", "Bob", blockers)):
        for n, spec in enumerate(specs):
            oid = f"{prefix}{n}"
            printed = Characteristics(
                name=oid, colors=frozenset(spec["colors"]), types=frozenset({"creature"}), power=spec["power"],
                toughness=spec["toughness"], abilities=tuple(read_card(", ".join(spec["keywords"]))))
            damage = min(spec["damage"], spec["toughness"] - 1)
            state.objects[oid] = GameObject(oid, owner, owner, "battlefield", printed, damage=damage,
                                            timestamp=state.next_timestamp())
            state.battlefield.append(oid)
    return Game(state)


def play(attackers, blockers, blocks, life) -> tuple[Game, set[str]]:
    """Attack with everything, block as drawn (or not at all if that is illegal), run to the end of combat."""
    game = build(attackers, blockers, life)
    game.start()
    game.declare_attackers([(f"a{n}", None) for n in range(len(attackers))])
    declared = [(f"b{n}", f"a{target}") for n, target in enumerate(blocks) if target is not None]
    try:
        game.declare_blockers(declared)
    except IllegalAction:
        declared = []
        game.declare_blockers([])
    game.advance_to(Step.END_OF_COMBAT)
    return game, {a for _, a in declared}


def damage_events(game: Game) -> list[dict]:
    return [c for step in game.trace.steps for c in step.changes if c["event"] == "damage"]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combats())
def test_life_and_poison_follow_the_damage_dealt(combat):
    attackers, blockers, _, life = combat
    game, blocked = play(*combat)
    state = game.state
    events = damage_events(game)
    for player, start in zip(("Alice", "Bob"), life, strict=True):
        to_player = [e for e in events if e["recipient"] == player]
        lost = sum(e["amount"] for e in to_player if not game.chars(e["source"]).has("infect"))
        poison = sum(e["amount"] for e in to_player if game.chars(e["source"]).has("infect"))
        gained = sum(e["amount"] for e in events if game.chars(e["source"]).has("lifelink")
                     and state.objects[e["source"]].owner == player)
        assert state.players[player].life == start - lost + gained  # 120.3a, 120.3f
        assert state.players[player].poison == poison  # 120.3b
    if not game.over:
        for n, spec in enumerate(attackers):  # 510.1b: an unblocked attacker deals its power to the player
            oid = f"a{n}"
            if oid in blocked or spec["power"] <= 0:
                continue
            to_bob = sum(e["amount"] for e in events if e["source"] == oid and e["recipient"] == "Bob")
            strikes = 2 if "double strike" in spec["keywords"] else 1
            assert to_bob == spec["power"] * strikes
    for e in events:  # no creature deals more than its power in a step
        assert e["amount"] <= max(s["power"] for s in attackers + blockers)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combats())
def test_lethal_damage_never_survives_a_state_based_action_check(combat):
    game, _ = play(*combat)
    checked = [s for s in game.trace.steps if s.kind == PRIORITY]  # state-based actions ran before each pass
    assert checked
    for step in checked:
        for permanent in step.snapshot["battlefield"]:
            if "pt" not in permanent:
                continue
            toughness = int(permanent["pt"].split("/")[1])
            assert toughness > 0, permanent
            if permanent["damage"] >= toughness:
                assert "indestructible" in [a.lower() for a in permanent.get("abilities", [])], permanent


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combats(), st.sampled_from([Step.END, Step.CLEANUP]))
def test_the_engine_never_raises_on_a_legal_scenario(combat, until):
    game, _ = play(*combat)
    game.advance_to(until)
    if not game.over:
        game.advance_to(Step.DRAW, game.state.turn + 1)
    assert game.trace.steps
    for step in game.trace.steps:
        assert step.rules, step.text
    for permanent in game.state.permanents():  # cleanup removed all damage (514.2)
        if game.state.step is not Step.CLEANUP or game.over:
            break
        assert permanent.damage == 0
