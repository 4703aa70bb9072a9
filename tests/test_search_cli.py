"""`judge search`, run as a user would (through click), on the session's index."""

import json

import pytest
from click.testing import CliRunner

import judge_app.search as search_module
from judge_app.cli import main


@pytest.fixture(autouse=True)
def session_engine(engine, monkeypatch):
    monkeypatch.setattr(search_module, "_engine", engine)


def run(*args, stdin=None):
    return CliRunner().invoke(main, list(args), input=stdin)


def test_json_lists_hits_in_rank_order_and_scenarios_beside_them(engine):
    result = run("search", "trample", "--doc", "pt-2019", "--limit", "5", "--json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    hits = answer["hits"]
    assert answer["total"] >= 5 and answer["offset"] == 0
    assert answer["scenarios"] and all("trample" in s["id"] for s in answer["scenarios"])  # the library has several
    assert len(hits) == 5 and hits[0]["number"] == "702.19" and hits[0]["doc"] == "pt-2019"
    assert all({"doc", "kind", "score", "snippet"} <= set(h) and ("number" in h or "term" in h) for h in hits)
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)
    assert hits == [h.to_dict() for h in engine.search("trample", doc="pt-2019", limit=5).hits]


def test_text_output_shows_jump_correction_and_snippets():
    result = run("search", "cr 702.19c")
    assert result.exit_code == 0
    assert result.output.startswith("→ en-2026 702.19c (subrule)")
    result = run("search", "tramlpe", "--doc", "en-2026", "--limit", "3")
    assert "Did you mean: trample" in result.output
    assert " 1. en-2026  702.19  Trample" in result.output
    assert "<mark>" not in result.output  # marks become terminal emphasis


def test_stdin_answers_one_json_line_per_query_in_order(engine):
    queries = ["trample", "", "702.19c", "*", "atropelar toque mortifero", "tramlpe"]
    result = run("search", "--stdin", "--doc", "pt-2019", "--limit", "3", "--json", stdin="\n".join(queries) + "\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == len(queries)
    for query, line in zip(queries, lines, strict=True):
        assert json.loads(line) == engine.search(query, doc="pt-2019", limit=3).to_dict()
    assert json.loads(lines[1])["hits"] == [] and json.loads(lines[2])["hits"][0]["number"] == "702.19c"


def test_messages_go_to_stderr_with_json():
    result = CliRunner().invoke(main, ["search", "tramlpe", "--json"])
    assert "did you mean: trample" in result.stderr
    assert json.loads(result.stdout)["hits"][0]["number"] == "702.19"


def test_pages_and_the_count_in_words(engine):
    first = run("search", "combat damage", "--doc", "en-2026", "--limit", "3")
    second = run("search", "combat damage", "--doc", "en-2026", "--limit", "3", "--offset", "3")
    total = engine.search("combat damage", doc="en-2026").total
    assert f"{total} results (1–3)" in first.output and f"{total} results (4–6)" in second.output
    assert " 4. en-2026" in second.output and " 1. en-2026" not in second.output
    one = run("search", "ward", "--doc", "pt-2019")  # only inside a card name there; the rule came later
    assert "\n1 result\n" in one.output and "“ward” is not in pt-2019; see en-2026 702.21 Ward" in one.output


def test_bad_arguments_get_a_clear_error():
    assert run("search", "trample", "--doc", "xx").exit_code == 2
    assert "unknown document" in run("search", "trample", "--doc", "xx").output
    assert run("search").exit_code == 2
    assert run("search", "trample", "--limit", "0").exit_code == 2
