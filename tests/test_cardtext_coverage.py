"""How much real card text reads: the targets of issue 12 on the tuning half of the coverage corpus and on
the ability texts quoted in the 2026 CR's Examples (benchmarks/cardtext_coverage.py prints the figures,
the held-out half and what fails)."""

from __future__ import annotations

import json
from pathlib import Path

from judge_app.cardtext import read
from judge_app.cardtext.examples import quoted_abilities

CARDS = Path(__file__).resolve().parent / "data" / "cards"


def _cards(half: str) -> list[dict]:
    return [json.loads(line) for line in (CARDS / f"{half}.jsonl").read_text(encoding="utf-8").splitlines()
            if line.strip()]


def test_the_corpus_is_real_cards_over_every_family():
    cards = _cards("dev") + _cards("test") + _cards("test2")
    assert len(cards) >= 600
    families = {f for card in cards for f in card["families"]}
    assert families == set(range(1, 11))
    assert {card["templating"] for card in cards} == {"current", "old"}
    assert all(card["name"] and card["type"] and card["text"] for card in cards)


def test_the_tuning_half_reads(corpus):
    cards = _cards("dev")
    failed = [card["name"] for card in cards if not read(card["text"], name=card["name"], type_line=card["type"]).ok]
    assert len(failed) <= 0.03 * len(cards), failed


def test_the_cr_examples_read(corpus):
    examples = quoted_abilities(corpus)
    assert 200 <= len(examples) <= 260
    failed = [text for text in examples if not read(text).ok]
    assert len(failed) <= 0.10 * len(examples), failed
