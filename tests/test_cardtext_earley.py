"""Our Earley loop (judge_app/cardtext/earley.py) against lark's own, on real card text: the same parse
tree for every sentence, the same refusal, and the same terminals expected where a sentence stops short.

lark's own loop, without our lookahead, takes seconds per sentence: a few short sentences of each half of
the coverage corpus are compared here (the whole corpus was compared when the loop was written)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lark.exceptions import UnexpectedEOF, UnexpectedInput

from judge_app.cardtext import parser as parser_module
from judge_app.cardtext.lexer import tokens
from judge_app.cardtext.parser import expected_at, parser
from judge_app.cardtext.prepare import units
from judge_app.cardtext.reader import _is_keyword

CARDS = Path(__file__).parent / "data" / "cards"


@pytest.fixture(scope="module")
def lark_own():
    """The same compiled grammar, parsed by lark's own Earley loop (not replaced by ours)."""
    parser()  # builds and pickles the grammar if needed
    own = parser_module._load(parser_module._cache_path(parser_module.grammar_text()))
    assert own is not None
    return own


def _pieces(half: str, count: int) -> list:
    """`count` sentences of 20–70 characters, spread over the half's cards."""
    cards = [json.loads(line) for line in (CARDS / f"{half}.jsonl").read_text(encoding="utf-8").splitlines() if line]
    found = []
    for card in cards:
        for unit in units(card["text"], card["name"], card["type"], _is_keyword):
            found.extend(p for p in unit.pieces if 20 <= len(p.text.strip()) <= 70)
    return found[::len(found) // count][:count]


def _outcome(lark, piece):
    try:
        return "tree", lark.parse(piece.text, start=piece.start)
    except UnexpectedEOF:
        return "stops short", None
    except UnexpectedInput as exc:
        return "refused", getattr(exc, "token", None) and exc.token.start_pos


@pytest.mark.parametrize("half", ["dev", "test", "test2"])
def test_same_trees_as_larks_earley(lark_own, half):
    pieces = _pieces(half, 2)
    assert len(pieces) == 2
    for piece in pieces:
        ours, theirs = _outcome(parser(), piece), _outcome(lark_own, piece)
        assert ours == theirs, piece.text.strip()
        assert ours[0] == "tree" or ours[1] is not None  # a tree, or a refusal at a token


def test_same_expected_terminals_where_a_sentence_stops(lark_own):
    vocab = parser().parser.lexer.lexer.vocab
    checked = 0
    for piece in _pieces("dev", 3):
        found = list(tokens(piece.text, vocab))
        if len(found) < 4:
            continue
        cut = len(found) // 2
        short = piece.text[:found[cut].start_pos]
        try:
            lark_own.parse(short, start=piece.start)
            continue  # a complete sentence already
        except UnexpectedEOF as exc:
            theirs = set(exc.expected)
        except UnexpectedInput:
            continue
        assert expected_at(piece.text, piece.start, cut) == theirs, short
        checked += 1
    assert checked >= 2
