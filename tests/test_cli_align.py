"""`judge align …` and `judge rule --related`, run as a user would (through click)."""

import json

from click.testing import CliRunner

from judge_app.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_report_counts_every_relation_and_leaves_no_rule_out():
    result = run("align", "report", "--json")
    assert result.exit_code == 0
    data = {(a["from"], a["to"]): a for a in json.loads(result.output)["alignments"]}
    cross = data[("en-2019", "en-2026")]
    assert cross["kind"] == "cross-version"
    assert set(cross["relations"]) == {"same", "changed", "renumbered", "split", "merged", "removed", "added"}
    assert cross["coverage"]["en-2019"]["missing"] == 0 and cross["coverage"]["en-2026"]["missing"] == 0
    assert cross["coverage"]["en-2019"]["unpaired_as"] == "removed"
    assert all(p["confidence"] < 0.6 and p["reason"] and p["to"] for p in cross["low_confidence"])
    doubtful = cross["doubtful_unpaired"]
    assert doubtful[0]["relation"] == "removed" and doubtful[-1]["relation"] == "added"
    assert all(p["confidence"] < 0.6 and (p["from"] is None) != (p["to"] is None) for p in doubtful)
    assert data[("en-2019", "pt-2019")]["disagreements"]


def test_report_text_lists_counts_and_pairs_to_check():
    output = run("align", "report", "--below", "0.7").output
    assert "== en-2019 → en-2026 (cross-version)" in output
    assert "removed " in output and "added " in output
    assert "low confidence (< 0.70" in output
    assert "[references] cites nothing where en-2019 cites 116" in output


def test_pairs_json_has_one_object_per_pair_with_null_for_removed():
    result = run("align", "pairs", "--from", "en-2019", "--to", "en-2026", "--json")
    pairs = json.loads(result.output)
    assert all(set(p) >= {"from", "to", "relation", "confidence"} for p in pairs)
    removed = [p for p in pairs if p["relation"] == "removed"]
    assert removed and all(p["to"] is None for p in removed)
    assert {"from": "111", "to": "112", "relation": "renumbered"}.items() <= next(
        p for p in pairs if p["from"] == "111").items()
    reverse = json.loads(run("align", "pairs", "--from", "en-2026", "--to", "en-2019", "--json").output)
    added = [p for p in reverse if p["relation"] == "added"]
    assert added and all(p["to"] is None for p in added)


def test_pairs_with_a_bad_document_is_a_clear_error():
    result = run("align", "pairs", "--from", "en-2019", "--to", "fr-2026", "--json")
    assert result.exit_code == 2 and "unknown document 'fr-2026'" in result.output
    result = run("align", "pairs", "--from", "pt-2019", "--to", "pt-2019")
    assert result.exit_code == 2 and "different documents" in result.output
    assert "Traceback" not in result.output


def test_rule_related_lists_the_equivalents_in_the_other_documents():
    data = json.loads(run("rule", "111.1", "--doc", "pt-2019", "--related", "--json").output)
    found = {(e["doc"], e["number"], e["relation"]) for e in data["equivalents"]}
    assert found == {("en-2019", "111.1", "translation"), ("en-2026", "112.1", "renumbered"),
                     ("es-2026", "112.1", "renumbered")}
    assert all(e["reason"] and e["heading"] for e in data["equivalents"])
    output = run("rule", "702.41", "--doc", "es-2026", "--related").output
    assert "en-2019  702.40. Affinity" in output and "renumbered" in output


def test_related_for_an_unknown_rule_is_a_clear_error():
    result = run("rule", "702.999", "--doc", "pt-2019", "--related")
    assert result.exit_code == 1 and "no rule '702.999' in pt-2019" in result.output


def test_diff_marks_what_changed():
    output = run("align", "diff", "202.3", "202.3").output
    assert "The[- converted-] mana [-cost-]{+value+} of an object" in output
    segments = json.loads(run("align", "diff", "202.3", "202.3", "--json").output)
    assert {s["op"] for s in segments} == {"equal", "delete", "insert"}
    result = run("align", "diff", "202.3", "999.9")
    assert result.exit_code == 1 and "no rule 999.9 in en-2026" in result.output
