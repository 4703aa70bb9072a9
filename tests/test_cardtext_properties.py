"""Any text at all, and real card texts mutated, give a reading or positioned errors: never an exception,
through `read()` and through `judge card read --stdin --json` (one result line for every input line)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_app.cardtext import CardText, read

CARDS = Path(__file__).resolve().parent / "data" / "cards" / "dev.jsonl"
TEXTS = [json.loads(line)["text"] for line in CARDS.read_text(encoding="utf-8").splitlines() if line.strip()][:120]
PIECES = ["{T}", "{2/W}", "{G/P}", "{X}", ":", "—", "•", '"', "(", ")", ",", ".", "\n", "target", "creature",
          "When", "this creature", "+1/+1", "−2:", "Choose one —", "instead", "If", "unless", "Flying", "X"]

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _check(card: CardText, text: str) -> None:
    assert isinstance(card, CardText)
    lines = max(1, text.count("\n") + 1)
    for error in card.errors:
        assert 1 <= error.line <= lines and error.column >= 1 and error.message


@SETTINGS
@given(st.text(max_size=200))
def test_random_text_reads_or_fails_with_a_position(text):
    _check(read(text), text)


@st.composite
def mutated_card_text(draw) -> str:
    text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 3))):
        position = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "swap"]))
        if kind == "insert":
            text = text[:position] + draw(st.sampled_from(PIECES)) + text[position:]
        elif kind == "delete":
            text = text[:position] + text[position + draw(st.integers(1, 8)):]
        else:
            words = text.split(" ")
            if len(words) > 2:
                i = draw(st.integers(0, len(words) - 2))
                words[i], words[i + 1] = words[i + 1], words[i]
                text = " ".join(words)
    return text


@SETTINGS
@given(mutated_card_text(), st.sampled_from([None, "", "Instant", "Creature — Elf", "Legendary Creature — Human"]))
def test_mutated_card_text_reads_or_fails_with_a_position(text, type_line):
    _check(read(text, name="Test Card", type_line=type_line), text)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(mutated_card_text().map(lambda t: json.dumps({"text": t})),
                          st.text(max_size=40).filter(lambda s: "\n" not in s and "\r" not in s)),
                min_size=1, max_size=5))
def test_batch_mode_answers_every_line_whatever_it_holds(lines):
    done = subprocess.run([sys.executable, "-m", "judge_app.cli", "card", "read", "--stdin", "--json"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(results) == len(lines)
    for result in results:
        assert set(result) == {"ok", "abilities", "errors"}
        assert all(e["line"] >= 1 and e["column"] >= 1 for e in result["errors"])
