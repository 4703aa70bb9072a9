"""The engine's verdict on each ability of real cards of the database: played, or refused with what and the rule
(a rule of the 2026 corpus); what only the whole card refuses lands on the ability it names."""

from __future__ import annotations

import random

from judge_app.engine import interpret
from judge_app.engine.verdicts import verdicts


def _of(cards, name: str):
    card = cards.get(name)
    assert card is not None, name
    return verdicts(card.text, card.face_name, card.type_line)


def test_a_card_the_engine_plays_has_every_ability_played(cards):
    bolt = _of(cards, "Lightning Bolt")
    assert bolt.read and bolt.played
    (ability,) = bolt.result_json()["abilities"]
    assert ability["kind"] == "spell" and ability["played"] is True and "refusal" not in ability


def test_a_refused_ability_says_what_and_its_rule(cards, corpus):
    jace = _of(cards, "Jace, the Mind Sculptor")
    assert jace.read and not jace.played
    marks = [(a["kind"], a["played"]) for a in jace.summaries()]
    assert len(marks) == 4 and all(kind == "loyalty" for kind, _ in marks)
    refused = [a for a in jace.summaries() if not a["played"]]
    assert refused, "the −12 shuffles a hand into a library, which the engine doesn't play"
    for ability in refused:
        assert ability["refusal"]["what"] and corpus.rule("en-2026", ability["refusal"]["rule"]) is not None
    with_refusal = [a for a in jace.result_json()["abilities"] if not a["played"]]
    assert [a["refusal"] for a in with_refusal] == [a["refusal"] for a in refused]


def test_the_verdict_agrees_with_the_engine_on_a_sample_of_the_pool(cards):
    """Every card of a seeded sample: played completely exactly when `interpret.read_card` builds it."""
    sample = random.Random(28).sample([c for c in cards if c.text and not c.alchemy], 150)
    played = 0
    for card in sample:
        verdict = verdicts(card.text, card.face_name, card.type_line)
        try:
            interpret.read_card(card.text, card.face_name, card.type_line)
            whole = True
        except (interpret.Unplayable, interpret.CardTextError):
            whole = False
        assert verdict.played == whole, card.name
        assert len(verdict.result_json()["abilities"]) == len(verdict.reading.abilities)
        played += whole
    assert 0 < played < len(sample)


def test_a_card_with_text_not_read_gives_the_lines_read_and_the_errors(cards):
    unread = next(c for c in cards if c.text and not verdicts(c.text, c.face_name, c.type_line).read)
    data = verdicts(unread.text, unread.face_name, unread.type_line).result_json()
    assert data["ok"] is False and data["errors"]
    assert all(set(e) == {"line", "column", "message"} for e in data["errors"])
