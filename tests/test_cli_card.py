"""`judge card read`: text, JSON, and the batch mode that answers every input line, each ability with the engine's
verdict. `judge card show`: real cards of the database by any spelling of their name."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

JUDGE = [sys.executable, "-m", "judge_app.cli"]


def _judge(*args: str, stdin: str = "", command: str = "read") -> subprocess.CompletedProcess:
    return subprocess.run([*JUDGE, "card", command, *args], input=stdin, capture_output=True, text=True, timeout=300)


def _show(*args: str) -> subprocess.CompletedProcess:
    return _judge(*args, command="show")


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


def test_read_json_gives_each_ability_the_engines_verdict():
    # Cumulative upkeep is a keyword the engine doesn't play yet: when it does, pick another one it refuses.
    done = _judge("Flying\nCumulative upkeep {1}", "--json")
    assert done.returncode == 0, done.stderr
    flying, upkeep = json.loads(done.stdout)["abilities"]
    assert flying["played"] is True and "refusal" not in flying
    assert upkeep["played"] is False and upkeep["refusal"] == {"what": "cumulative upkeep", "rule": "702.24"}
    text = _judge("Flying\nCumulative upkeep {1}")
    assert "engine: plays it" in text.stdout and "engine: not played yet: cumulative upkeep (702.24)" in text.stdout


def test_batch_json_gives_each_ability_the_engines_verdict(cards):
    names = ["Lightning Bolt", "Jace, the Mind Sculptor"]
    lines = [json.dumps({"name": cards.get(n).face_name, "type": cards.get(n).type_line, "text": cards.get(n).text})
             for n in names]
    done = _judge("--stdin", "--json", stdin="\n".join(lines) + "\n")
    bolt, jace = (json.loads(line) for line in done.stdout.splitlines())
    assert [a["played"] for a in bolt["abilities"]] == [True]
    assert all("played" in a for a in jace["abilities"]) and not all(a["played"] for a in jace["abilities"])
    for ability in jace["abilities"]:
        assert ability["played"] or set(ability["refusal"]) == {"what", "rule"}


def test_show_a_card_the_engine_plays_with_its_rules_and_scenarios(corpus):
    done = _show("Tarmogoyf", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["name"] == "Tarmogoyf" and data["type"] == "Creature — Lhurgoyf" and data["mana_value"] == 2
    assert (data["power"], data["toughness"], data["loyalty"], data["colors"]) == ("*", "1+*", None, ["green"])
    assert data["played"] is True and all(a["played"] for a in data["abilities"])
    assert data["abilities"][0]["node"] == "StaticAbility" and "rules" in data["abilities"][0]
    for rule in data["rules"]:
        assert corpus.rule("en-2026", rule["number"]) is not None and rule["title"]
    assert "cda-tarmogoyf" in [s["id"] for s in data["scenarios"]]
    assert data["provenance"]["notice"].startswith("Unofficial Fan Content permitted under the Fan Content Policy.")
    text = _show("Tarmogoyf")
    assert "Creature — Lhurgoyf" in text.stdout and "cda-tarmogoyf" in text.stdout and "engine: plays it" in text.stdout


def test_show_a_card_the_engine_refuses_with_the_reason_and_rule(corpus):
    # Glacial Chasm's cumulative upkeep and damage prevention aren't played yet; its other two lines are.
    data = json.loads(_show("Glacial Chasm", "--json").stdout)
    assert data["read"] is True and data["played"] is False
    refused = [ability for ability in data["abilities"] if not ability["played"]]
    assert [a["refusal"]["rule"] for a in refused] == ["702.24", "614.1"]
    assert all(corpus.rule("en-2026", a["refusal"]["rule"]) is not None for a in refused)
    assert "not played yet" in _show("Glacial Chasm").stdout


@pytest.mark.parametrize(("typed", "name"), [
    ("dandan", "Dandân"), ("JACE THE MIND SCULPTOR", "Jace, the Mind Sculptor"), ("Khârn", "Khârn the Betrayer"),
    ("insectile aberration", "Insectile Aberration"), ("Ice", "Fire // Ice"),
    ("delver of secrets", "Delver of Secrets // Insectile Aberration")])
def test_show_finds_a_card_by_any_spelling(typed, name):
    done = _show(typed, "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["name"] == name


def test_show_several_equally_good_gives_the_list_best_first(cards):
    done = _show("jace", "--json")
    assert done.returncode == 0, done.stderr
    listed = json.loads(done.stdout)
    assert isinstance(listed, list) and len(listed) > 5
    assert [c["name"] for c in listed] == [c.name for c in cards.find("jace").cards]
    assert all({"name", "abilities", "rules", "scenarios", "played"} <= set(c) for c in listed)
    text = _show("jace")
    assert "Jace, the Mind Sculptor" in text.stdout and "best first" in text.stdout


def test_show_no_card_says_did_you_mean_and_exits_1():
    done = _show("tarmogyof")
    assert done.returncode == 1 and done.stdout == ""
    assert "did you mean: Tarmogoyf" in done.stderr and "Traceback" not in done.stderr
    nothing = _show("qqqqqqqqqqqq", "--json")
    assert nothing.returncode == 1 and "no card named" in nothing.stderr


def test_show_says_the_faces_the_data_lacks():
    done = _show("Bushi Tenderfoot")
    assert "Kenzo the Hardhearted: missing from the data" in done.stdout
    data = json.loads(_show("Bushi Tenderfoot", "--json").stdout)
    assert data["missing_faces"] == ["Kenzo the Hardhearted"] and data["read"] is False and data["errors"]
