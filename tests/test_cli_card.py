"""`judge card read`: text, JSON, and the batch mode that answers every input line."""

from __future__ import annotations

import json
import subprocess
import sys

JUDGE = [sys.executable, "-m", "judge_app.cli"]


def _judge(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([*JUDGE, "card", "read", *args], input=stdin, capture_output=True, text=True, timeout=300)


def test_text_output_names_the_kind_and_the_rules():
    done = _judge("When this creature enters, it deals 4 damage to target creature.")
    assert done.returncode == 0, done.stderr
    assert "triggered" in done.stdout and "603.1" in done.stdout and "target creature (target 1)" in done.stdout


def test_an_unreadable_line_gives_its_position_and_exit_1():
    done = _judge("Flying\nDestroy targett creature.", "--json")
    assert done.returncode == 1
    data = json.loads(done.stdout)
    assert data["ok"] is False and data["abilities"][0]["keyword"] == "Flying"
    (error,) = data["errors"]
    assert (error["line"], error["column"]) == (2, 9) and "targett" in error["message"]
    assert "Traceback" not in done.stderr


def test_batch_mode_answers_every_line():
    lines = [json.dumps({"name": "Shock", "type": "Instant", "text": "Shock deals 2 damage to any target."}),
             "", "not json", "[1, 2]", json.dumps({"name": "x"}), json.dumps({"text": "Trample"}),
             json.dumps({"text": "Destroy every frob."})]
    done = _judge("--stdin", "--json", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(results) == len(lines)
    assert [r["ok"] for r in results] == [True, False, False, False, False, True, False]
    assert results[0]["abilities"][0]["kind"] == "spell"
    for result in results:
        assert set(result) == {"ok", "abilities", "errors"}
        for error in result["errors"]:
            assert set(error) == {"line", "column", "message"} and error["line"] >= 1 and error["column"] >= 1


def test_standard_input_with_a_dash():
    done = _judge("-", "--name", "Teysa Karlov", "--type", "Legendary Creature — Human Advisor",
                  stdin="Whenever Teysa attacks, you gain 1 life.\n")
    assert done.returncode == 0, done.stderr
    assert "trigger: Whenever ~ attacks" in done.stdout
