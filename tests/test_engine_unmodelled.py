"""Abilities the engine doesn't play stop a replay only where they would act (issue 29, item 3): real cards from the
card database, by name, with the line the engine refuses; the trace says once, as the replay starts, which abilities
aren't modelled and why."""

from __future__ import annotations

import pytest
from engine_boards import board

from judge_app.cards import load_cards
from judge_app.engine.placeholders import CAST_KEYWORDS, EVERYWHERE_KEYWORDS, OUTSIDE_KEYWORDS, TRIGGERED_KEYWORDS
from judge_app.engine.verdicts import verdicts
from judge_app.scenarios import loads, run


def named(cid: str, name: str, owner: str, zone: str = "battlefield") -> str:
    return f'[[cards]]\nid = "{cid}"\nname = "{name}"\nowner = "{owner}"\nzone = "{zone}"\n'


def replay(text: str):
    return run(loads(text, "case.toml"))


def line_of(text: str, needle: str, after: int = 0) -> int:
    lines = text.splitlines()
    return next(i + 1 for i in range(after, len(lines)) if lines[i] == needle)


def refused(name: str) -> tuple[str, str]:
    """The engine's own refusal of the card's one unplayed ability: (what, rule)."""
    card = load_cards().get(name)
    [verdict] = [v for v in verdicts(card.text, card.face_name, card.type_line).abilities if not v.played]
    return verdict.refusal.what, verdict.refusal.rule


ATTACK = '\n[[actions]]\ndo = "attack"\nattackers = ["{0}"]\n'
BLOCK = '\n[[actions]]\ndo = "block"\nblockers = {{ {0} = "{1}" }}\n'


def test_a_creature_with_an_unplayed_activated_ability_attacks(cards):
    what, rule = refused("Knight of Dusk")  # {B}{B}: Destroy target creature blocking this creature.
    text = board("end of combat") + named("knight", "Knight of Dusk", "Alice") + ATTACK.format("knight") \
        + '\n[expect]\nlife = { Bob = 18 }\n'
    outcome = replay(text)
    assert outcome.ok, outcome.failure
    setup = next(s for s in outcome.trace.steps if s.kind == "setup" and "Not modelled" in s.text)
    assert "Knight of Dusk" in setup.text and what in setup.text and rule in setup.text
    assert "stops it if activated" in setup.text
    assert rule not in outcome.trace.cited()  # said, not applied: no rule of it is cited as if it acted


def test_activating_the_unplayed_ability_stops_the_replay_at_its_line_with_its_rule():
    what, rule = refused("Knight of Dusk")
    text = board("end", mana="black = 2") + named("knight", "Knight of Dusk", "Alice") \
        + '\n[[actions]]\ndo = "activate"\ncard = "knight"\n'
    outcome = replay(text)
    line = line_of(text, 'do = "activate"') - 1
    assert outcome.failure.startswith(f"case.toml:{line}: not modelled (activate)")
    assert "Knight of Dusk" in outcome.failure and what in outcome.failure and rule in outcome.failure
    last = outcome.trace.steps[-1]
    assert last.rules[:2] == [rule, "602.2"] and last.line == line


def test_an_unplayed_trigger_stops_the_replay_when_its_event_happens():
    what, rule = refused("Shortcut Seeker")  # Whenever it deals combat damage to a player, venture into the dungeon
    text = board("end of combat") + named("seeker", "Shortcut Seeker", "Alice") + ATTACK.format("seeker")
    outcome = replay(text)
    assert outcome.failure is not None and "not modelled" in outcome.failure
    last = outcome.trace.steps[-1]
    assert "Shortcut Seeker" in last.text and what in last.text and "dealt combat damage to Bob" in last.text
    assert last.rules[:2] == [rule, "603.2"] and last.step == "combat damage"


def test_an_unplayed_trigger_whose_event_does_not_happen_replays():
    """Blocked, the Seeker deals its damage to the blocker: its trigger condition, read exactly, doesn't match."""
    text = (board("end of combat") + named("seeker", "Shortcut Seeker", "Alice")
            + named("spider", "Giant Spider", "Bob") + ATTACK.format("seeker") + BLOCK.format("spider", "seeker")
            + '\n[expect]\nlife = { Bob = 20 }\ndamage = { spider = 2 }\n')
    outcome = replay(text)
    assert outcome.ok, outcome.failure


def test_a_trigger_condition_the_engine_can_not_read_stops_at_the_first_event_that_might_match():
    """"Whenever this creature becomes blocked" isn't read: unblocked it replays, blocked it stops as blocks are
    declared."""
    unblocked = board("end of combat") + named("elf", "Elvish Berserker", "Alice") + ATTACK.format("elf") \
        + '\n[expect]\nlife = { Bob = 19 }\n'
    assert replay(unblocked).ok
    blocked = board("end of combat") + named("elf", "Elvish Berserker", "Alice") \
        + named("bears", "Grizzly Bears", "Bob") + ATTACK.format("elf") + BLOCK.format("bears", "elf")
    outcome = replay(blocked)
    assert "not modelled (block)" in outcome.failure
    assert "Elvish Berserker" in outcome.trace.steps[-1].text and "603.2" in outcome.trace.steps[-1].rules


def test_an_unplayed_static_ability_stops_the_replay_at_once():
    what, rule = refused("True Believer")  # You have shroud.
    text = board("end") + named("believer", "True Believer", "Alice") + named("bears", "Grizzly Bears", "Bob")
    outcome = replay(text)
    header = line_of(text, 'id = "believer"') - 1  # the card's [[cards]] line
    assert outcome.failure.startswith(f"case.toml:{header}: not modelled"), outcome.failure
    assert what in outcome.failure
    assert len(outcome.trace.steps) <= 3  # the setup notes, then the refusal: nothing was played
    assert outcome.trace.steps[-1].rules[:3] == [rule, "113.6", "604.1"]


def test_an_unplayed_static_ability_in_the_hand_stops_the_replay_only_when_cast():
    quiet = board("end") + named("believer", "True Believer", "Alice", "hand") + named("bears", "Grizzly Bears", "Bob")
    assert replay(quiet).ok
    cast = quiet.replace("mana = {  }", "mana = { white = 2 }", 1) + '\n[[actions]]\ndo = "cast"\ncard = "believer"\n'
    outcome = replay(cast)
    assert "not modelled (cast)" in outcome.failure and "601.2a" in outcome.trace.steps[-1].rules


def test_partner_with_a_name_stops_the_replay_only_as_its_card_enters():
    """"Partner with [name]" is a deck-construction ability and a trigger as the permanent enters (702.124j): on the
    battlefield from the start it attacks; cast, it stops as it enters."""
    what, rule = refused("Chakram Slinger")
    attacking = board("end of combat") + named("slinger", "Chakram Slinger", "Alice") + ATTACK.format("slinger") \
        + '\n[expect]\nlife = { Bob = 18 }\n'
    outcome = replay(attacking)
    assert outcome.ok, outcome.failure
    assert any(what in s.text for s in outcome.trace.steps if s.kind == "setup")
    entering = board("end of combat") + named("slinger", "Chakram Slinger", "Alice", zone="hand") \
        + '\n[[actions]]\ndo = "enter"\ncard = "slinger"\n'
    stopped = replay(entering)
    assert stopped.failure is not None and "not modelled" in stopped.failure and rule in stopped.failure


@pytest.mark.parametrize("table, says", [(TRIGGERED_KEYWORDS, ("triggered",)),
                                         (EVERYWHERE_KEYWORDS, ("characteristic-defining",)),
                                         (OUTSIDE_KEYWORDS, ("deck construction", "outside the game"))])
def test_when_a_keyword_acts_is_what_its_rule_says(corpus, table, says):
    titles = {r.title.lower(): r.number for r in corpus.rules["en-2026"].values() if r.number.startswith("702.")
              and r.level == "rule" and r.title}
    for keyword in table:
        first = corpus.rule("en-2026", titles[keyword] + "a")
        assert any(words in first.text for words in says), (keyword, first.text)


def test_casting_keywords_are_keywords_of_the_rules(corpus):
    titles = {r.title.lower() for r in corpus.rules["en-2026"].values() if r.number.startswith("702.") and r.title}
    assert titles >= CAST_KEYWORDS
