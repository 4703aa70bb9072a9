"""The trace as lines to read (`render.fold_passes`): runs of steps in which every player passes with nothing on the
stack become one line, in the CLI text, the JSON and the web page; every step is still accounted for."""

from __future__ import annotations

from judge_app.scenarios import loader, runner
from judge_app.scenarios.render import fold_passes, outcome_json, quiet, render_json, render_text


def replays(scenario_files):
    return [outcome_json(runner.run(loader.load(f))) for f in scenario_files]


def test_every_step_is_in_exactly_one_line_in_order(scenario_files):
    folded = total = 0
    for data in replays(scenario_files):
        lines = fold_passes(data["trace"])
        assert [i for line in lines for i in line["steps"]] == [s["index"] for s in data["trace"]]
        by_index = {s["index"]: s for s in data["trace"]}
        for line in lines:
            if line["kind"] != "passes":
                continue
            run = [by_index[i] for i in line["steps"]]
            assert len(run) > 1 and all(quiet(s) for s in run)  # nobody acts inside a folded line
            assert any(s["kind"] == "priority" for s in run) and len({s["turn"] for s in run}) == 1
            assert all(not s["snapshot"]["stack"] for s in run)
        folded += len(lines)
        total += len(data["trace"])
    assert folded < 0.75 * total  # the library reads in far fewer lines than it has steps


def test_someone_acting_is_never_folded(scenario_files):
    for data in replays(scenario_files):
        acted = {s["index"] for s in data["trace"]
                 if s["changes"] or s["kind"] not in ("priority", "turn-based action")}
        for line in fold_passes(data["trace"]):
            if line["kind"] == "passes":
                assert not acted & set(line["steps"])


def test_cli_text_and_json_show_the_folded_lines(scenario_files, corpus):
    path = next(f for f in scenario_files if f.stem == "trample-deathtouch-two-blockers")
    outcome = runner.run(loader.load(path))
    text = render_text(outcome, corpus)
    assert "\n1–4. turn 3, declare attackers · passes\n" in text
    assert "Both players pass, with nothing on the stack: precombat main → beginning of combat → declare " \
           "attackers." in " ".join(text.split())
    data = render_json(outcome, corpus, "pt-2019")
    assert len(data["trace"]) == len(outcome.trace.steps)  # the full trace stays for tools
    first = data["lines"][0]
    assert first["steps"] == [1, 2, 3, 4] and first["kind"] == "passes" and first["players"] == ["Alice", "Bob"]
    assert {"number": "117.4", "doc_number": "116.4", "title": "Tempo e prioridade", "found": True} in first["rules"]
