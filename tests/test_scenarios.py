"""Replay every scenario of the library: its expectations hold and it cites the rules it names, in order."""

from __future__ import annotations

import json

import pytest

from judge_app import paths
from judge_app.engine import rules
from judge_app.engine.keywords import SIMPLE_KEYWORDS
from judge_app.engine.state import NO_PRIORITY_STEPS
from judge_app.scenarios import load, run
from judge_app.scenarios.render import render_json

LIBRARY = sorted(paths.scenarios_dir().glob("*.toml"))
NO_PRIORITY = {step.value for step in NO_PRIORITY_STEPS}


def test_the_library_has_at_least_thirty_scenarios():
    assert len(LIBRARY) >= 30


@pytest.mark.parametrize("path", LIBRARY, ids=[p.stem for p in LIBRARY])
def test_scenario_replays_as_expected(path, corpus):
    scenario = load(path)
    assert scenario.question.strip() and scenario.answer.strip(), "each scenario states its question and answer"
    assert scenario.expectations, "each scenario states its expected outcome"
    assert scenario.expected_rules, "each scenario names the rules that answer it, in order"
    outcome = run(scenario)
    assert outcome.failure is None, outcome.failure
    failed = [c.describe() for c in outcome.checks if not c.ok]
    assert not failed, "\n".join(failed)
    # the rules named by the scenario are cited by the trace, in that order
    cited = outcome.trace.citations()
    position = 0
    for number in scenario.expected_rules:
        assert number in cited[position:], f"{number} is not cited after position {position}: {cited}"
        position = cited.index(number, position) + 1
    # the trace is plain data: it round-trips through JSON
    data = render_json(outcome, corpus)
    assert json.loads(json.dumps(data))["ok"] is True
    # nobody holds priority in a step without it (untap, cleanup: 502.4, 514.3) or once the game is over
    for step in outcome.trace.steps:
        if step.snapshot["step"] in NO_PRIORITY or step.snapshot.get("result"):
            assert step.snapshot["priority"] is None, (step.index, step.text)
    assert [s["index"] for s in data["trace"]] == list(range(1, len(data["trace"]) + 1))


def test_replays_are_deterministic():
    first = run(load(LIBRARY[0])).trace.to_json()
    assert run(load(LIBRARY[0])).trace.to_json() == first


def test_the_library_covers_every_keyword_and_state_based_action():
    texts = " ".join(c.printed.name + " " + " ".join(a.kind for a in c.printed.abilities)
                     for path in LIBRARY for c in load(path).cards).lower()
    for keyword in [*SIMPLE_KEYWORDS, "protection", "landwalk"]:
        assert keyword in texts, f"no scenario has a card with {keyword}"
    cited = {n for path in LIBRARY for n in run(load(path)).trace.cited()}
    state_based = {name: c for name, c in rules.all_cites().items() if name.startswith("SBA_") and name != "SBA_CHECK"}
    missing = {name: c for name, c in state_based.items() if c not in cited}
    assert not missing, f"state-based actions no scenario exercises: {missing}"
    for rule in (rules.PROTECTION_DAMAGE, rules.PROTECTION_ENCHANT, rules.PROTECTION_EQUIP, rules.PROTECTION_BLOCK,
                 rules.PROTECTION_TARGET, rules.TRAMPLE_NO_BLOCKERS, rules.DEATHTOUCH_LETHAL, rules.DRAW_ALL_LOSE,
                 rules.FIRST_STRIKE_DAMAGE_STEP, rules.CLEANUP_DAMAGE_AND_EFFECTS, rules.MANA_EMPTIES):
        assert rule in cited, f"{rule} is cited by no scenario"


def test_the_library_covers_the_stack_triggers_replacement_and_every_layer():
    cited = {n for path in LIBRARY for n in run(load(path)).trace.cited()}
    part_two = [rules.RESOLVE_TARGETS, rules.IN_RESPONSE, rules.COUNTER, rules.TRIGGER_APNAP, rules.LOOK_BACK,
                rules.INTERVENING_IF, rules.RESOLVE_INTERVENING_IF, rules.DELAYED_ONCE, rules.TRIGGER_TARGETS,
                rules.ORDER_EFFECTS, rules.SELF_REPLACEMENT_FIRST, rules.PREVENTION_SHIELD, rules.SKIP_STEP,
                rules.REPLACEMENT_ENTERS_WITH, rules.REPLACEMENT_ENTERS, rules.LAYER_2, rules.LAYER_3, rules.LAYER_4,
                rules.LAYER_1A, rules.LAYER_5, rules.LAYER_6, rules.LAYER_7A, rules.LAYER_7B, rules.LAYER_7C,
                rules.COPIABLE_VALUES,
                rules.DEPENDENCY, rules.EFFECT_SET_LOCKED, rules.HEXPROOF, rules.SHROUD, rules.WARD, rules.FLASH,
                rules.MANA_ABILITY, rules.LOYALTY_TIMING, rules.ACTIVATE_TAP_SICKNESS, rules.CAST_PAY,
                rules.CREATE_TOKEN, rules.COPY]
    missing = [r for r in part_two if r not in cited]
    assert not missing, f"cited by no scenario: {missing}"
