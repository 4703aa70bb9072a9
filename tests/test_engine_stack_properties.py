"""Property-based tests on random spell and combat sequences (Hypothesis): casting, responding, resolving,
attacking and moving on never raise anything but `IllegalAction`, and after every action the game keeps its
invariants: each object is in exactly one zone, the stack and the cards on it agree, state-based actions and
triggers were dealt with before a player got priority (117.5), and every rule cited exists."""

from __future__ import annotations

import json

from engine_boards import give_library, give_spells
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from judge_app.cardtext.nodes import targets as targets_of
from judge_app.engine import Game, GameObject, GameState, IllegalAction, Player, Step, rules
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.interpret import read_card
from judge_app.engine.state import STACK

SPELLS = [
    "~ deals 2 damage to any target.",
    "~ deals 3 damage to target creature. ~ deals 1 damage to target player.",
    "Target creature gets +3/+3 until end of turn.",
    "Target creature has base power and toughness 0/1 until end of turn.",
    "Destroy target creature.",
    "Exile target creature. Return it to the battlefield under its owner's control at the beginning of the next "
    "end step.",
    "Return target creature to its owner's hand.",
    "Counter target spell.",
    "Counter target spell unless its controller pays {2}.",
    "Target creature loses all abilities until end of turn.",
    "Target creature gains flying and first strike until end of turn.",
    "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn.",
    "Create a token that's a copy of target creature.",
    "Create two 1/1 white Soldier creature tokens.",
    "Prevent the next 3 damage that would be dealt to any target this turn.",
    "~ deals 2 damage to each creature.",
    "Put two +1/+1 counters on target creature.",
    "Target land becomes a 3/3 Elemental creature until end of turn. It's still a land.",
    "Draw two cards.",
    "Target player discards a card.",
]
CREATURE_TEXTS = [
    "", "Flying", "Hexproof", "Shroud", "Ward {1}", "Deathtouch, lifelink", "Indestructible", "Trample",
    "Whenever another creature dies, you gain 1 life.",
    "When ~ dies, each opponent loses 1 life.",
    "When ~ enters, ~ deals 1 damage to any target.",
    "Whenever ~ attacks, ~ gets +1/+0 until end of turn.",
    "Other creatures you control get +1/+1.",
    "If a creature would die, exile it instead.",
    "Prevent all damage that would be dealt to ~.",
    "~ enters with two +1/+1 counters on it.",
]

creature = st.fixed_dictionaries({"power": st.integers(0, 4), "toughness": st.integers(1, 4),
                                  "text": st.sampled_from(CREATURE_TEXTS)})
action = st.one_of(
    st.tuples(st.just("cast"), st.integers(0, 99), st.lists(st.integers(0, 99), max_size=2),
              st.sampled_from(["Alice", "Bob"])),
    st.tuples(st.just("resolve"), st.integers(1, 2)),
    st.tuples(st.just("attack"), st.integers(0, 3)),
    st.tuples(st.just("advance"), st.sampled_from([Step.END_OF_COMBAT, Step.POSTCOMBAT_MAIN, Step.END])),
)


def build(alice, bob, spells) -> Game:
    state = GameState(players={"Alice": Player("Alice", library=[], mana_pool={"red": 9, "blue": 9}),
                               "Bob": Player("Bob", library=[], mana_pool={"red": 9, "blue": 9})},
                      turn=3, active="Alice", step=Step.PRECOMBAT_MAIN)
    for owner, specs in (("Alice", alice), ("Bob", bob)):
        for n, spec in enumerate(specs):
            oid = f"{owner[0]}{n}"
            abilities = tuple(read_card(spec["text"], oid, "Creature"))
            printed = Characteristics(name=oid, types=frozenset({"creature"}), power=spec["power"],
                                      toughness=spec["toughness"], abilities=abilities)
            state.objects[oid] = GameObject(oid, owner, owner, "battlefield", printed, timestamp=state.next_timestamp())
            state.battlefield.append(oid)
    state.objects["land"] = GameObject("land", "Alice", "Alice", "battlefield", Characteristics(
        "Forest", supertypes=frozenset({"basic"}), types=frozenset({"land"}), subtypes=("Forest",)),
        timestamp=state.next_timestamp())
    state.battlefield.append("land")
    for owner in ("Alice", "Bob"):
        give_spells(state, owner, owner[0], spells)
        give_library(state, owner, owner[0], 4)
    return Game(state)


def candidates(game: Game, nouns: tuple[str, ...]) -> list[str]:
    """Plausible choices for a target: mostly of the right kind, so that casting often succeeds."""
    state = game.state
    if "spell" in nouns:
        return [i.id for i in state.stack] or list(state.players)
    if set(nouns) <= {"player", "opponent"}:
        return list(state.players)
    return [*state.battlefield, *(state.players if "player" in nouns else [])]


def check_invariants(game: Game) -> None:
    state = game.state
    places: dict[str, list[str]] = {}
    for oid in state.battlefield:
        places.setdefault(oid, []).append("battlefield")
    for player in state.players.values():
        for zone in ("library", "hand", "graveyard", "exile"):
            for oid in player.zone(zone):
                places.setdefault(oid, []).append(zone)
                assert state.objects[oid].owner == player.name, (oid, zone)
    for oid, zones in places.items():
        assert len(zones) == 1, (oid, zones)
        assert state.objects[oid].zone == zones[0], (oid, zones)
    on_stack = {i.source for i in state.stack if i.kind == "spell"}
    assert on_stack == {oid for oid, o in state.objects.items() if o.zone == STACK}
    if game.over:
        return
    assert not state.pending_triggers  # put on the stack before a player received priority (117.5)
    if state.step in (Step.UNTAP, Step.CLEANUP) or game.state.awaiting is not None:
        # no priority in untap and cleanup, nor while a turn-based action waits for its choices
        # (attackers, blockers, damage: 508.1, 509.1, 510.1 come before priority, 117.3a)
        assert state.priority is None
    else:
        assert state.priority in state.players
    for obj in state.permanents():  # state-based actions were performed (704.5f, 704.5g)
        chars = game.chars(obj.id)
        if chars.is_creature:
            assert chars.toughness > 0
            assert obj.damage < chars.toughness or chars.has("indestructible"), (obj.id, obj.damage, chars.pt)


def play(game: Game, actions) -> None:
    game.start()
    check_invariants(game)
    for item in actions:
        if game.over:
            break
        try:
            if item[0] == "cast":
                _, pick, targets, player = item
                hand = game.state.players[player].hand
                if not hand:
                    continue
                card = hand[pick % len(hand)]
                spell = game.chars(card).abilities_of("spell")
                specs = targets_of(spell[0].effect) if spell else ()
                chosen = []
                for spec, t in zip(specs, [*targets, 0, 1], strict=False):
                    refs = candidates(game, spec.nouns)
                    chosen.append(refs[t % len(refs)])
                game.cast(player, card, chosen)
            elif item[0] == "resolve":
                game.resolve(min(item[1], len(game.state.stack)) or 1)
            elif item[0] == "attack":
                attackers = [o.id for o in game.state.permanents() if game.controller(o.id) == game.state.active
                             and game.chars(o.id).is_creature][: item[1]]
                game.declare_attackers([(a, None) for a in attackers])
            else:
                game.advance_to(item[1])
        except IllegalAction as exc:
            assert exc.rules and all(r in rules.all_cites().values() for r in exc.rules)
        check_invariants(game)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(creature, max_size=3), st.lists(creature, max_size=3),
       st.lists(st.sampled_from(SPELLS), min_size=1, max_size=4), st.lists(action, max_size=8))
# Found by Hypothesis in CI: an "any target" trigger of a creature returned at the end step chose its default
# target among players and permanents alike, and asked a player's owner.
@example(alice=[], bob=[{"power": 0, "toughness": 1, "text": "When ~ enters, ~ deals 1 damage to any target."}],
         spells=["Exile target creature. Return it to the battlefield under its owner's control at the beginning "
                 "of the next end step."], actions=[("cast", 0, [], "Alice")])
def test_random_spell_and_combat_sequences_keep_the_invariants(alice, bob, spells, actions):
    game = build(alice, bob, spells)
    play(game, actions)
    game.advance_to(Step.CLEANUP)
    check_invariants(game)
    known = set(rules.all_cites().values())
    for step in game.trace.steps:
        assert step.rules and set(step.rules) <= known, step.text
    json.dumps(game.trace.to_json())  # the trace is plain data
