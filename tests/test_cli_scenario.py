"""`judge scenario run` and `judge scenario check` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from judge_app import paths
from judge_app.cli import main

TRAMPLE = str(paths.scenarios_dir() / "trample-deathtouch-two-blockers.toml")


def invoke(*args):
    return CliRunner().invoke(main, list(args))


def test_run_prints_the_trace_and_the_verdict():
    result = invoke("scenario", "run", TRAMPLE)
    assert result.exit_code == 0, result.output
    assert "702.19b Trample" in result.output
    assert "702.2c Deathtouch" in result.output
    assert "PASS:" in result.output


def test_run_json():
    result = invoke("scenario", "run", TRAMPLE, "--json")
    data = json.loads(result.output)
    assert data["ok"] is True
    step = next(s for s in data["trace"] if any(r["number"] == "702.19b" for r in s["rules"]))
    assert {"turn", "step", "kind", "text", "rules", "changes", "snapshot"} <= set(step)
    assert {"number": "702.19b", "doc_number": "702.19b", "title": "Trample", "found": True} in step["rules"]


def test_run_in_spanish_shows_spanish_titles():
    result = invoke("scenario", "run", TRAMPLE, "--doc", "es-2026")
    assert result.exit_code == 0
    assert "702.19b Arrollar" in result.output and "702.2c Toque mortal" in result.output


def test_run_with_a_2019_document_shows_the_aligned_2019_rules():
    result = invoke("scenario", "run", TRAMPLE, "--doc", "pt-2019", "--json")
    data = json.loads(result.output)
    assert data["document"]["aligned"] is False
    assert "alignment" in data["document"]["note"]
    rules = {r["number"]: r for step in data["trace"] for r in step["rules"]}
    # 2026's 117 Timing and Priority was 116 in 2019; keyword rules kept their numbers.
    assert rules["117.3a"]["doc_number"] == "116.3a" and rules["117.3a"]["title"] == "Tempo e prioridade"
    assert rules["702.19b"]["doc_number"] == "702.19b" and rules["702.19b"]["title"] == "Atropelar"
    text = invoke("scenario", "run", TRAMPLE, "--doc", "pt-2019").output
    assert "117.3a (= 116.3a)" in text


def test_failed_expectation_exits_1(tmp_path):
    text = Path(TRAMPLE).read_text(encoding="utf-8").replace("Bob = 17", "Bob = 15")
    path = tmp_path / "wrong.toml"
    path.write_text(text, encoding="utf-8")
    result = invoke("scenario", "run", str(path))
    assert result.exit_code == 1
    assert "FAILED: life of Bob = 15, got 17" in result.output


def test_malformed_file_exits_2_with_one_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('title = "x"\nquestion = "y"\n[players.A]\n[players.B]\n[[cards]]\nname = "Bear"\nowner = "A"\n'
                    'type = "Creature"\npt = "2/x"\n', encoding="utf-8")
    result = invoke("scenario", "run", str(path))
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0
    assert f"{path}:9:" in result.output and "power/toughness" in result.output


def test_missing_file_exits_2(tmp_path):
    result = invoke("scenario", "run", str(tmp_path / "none.toml"))
    assert result.exit_code == 2 and result.output == f"judge: {tmp_path / 'none.toml'}: no such file\n"


def test_check_runs_the_library():
    result = invoke("scenario", "check")
    assert result.exit_code == 0, result.output
    assert "0 fail, 0 malformed" in result.output


def test_check_reports_failures(tmp_path):
    (tmp_path / "bad.toml").write_text("title = \n", encoding="utf-8")
    result = invoke("scenario", "check", "--dir", str(tmp_path))
    assert result.exit_code == 2 and "ERROR" in result.output
