"""The trace cites the continuous effects that decide (issue 29, item 5): when a characteristic computed through the
layers decides an outcome — toughness at state-based actions, a creature's types and abilities as it attacks or is
targeted, what the scenario asks — the effects that made it and their rules (613.1–613.8, 611.3a, 700.5 …), once per
change. Real cards: the interaction set of tests/data/interactions, replayed."""

from __future__ import annotations

import hashlib
import sys
import tomllib
from pathlib import Path

from judge_app.scenarios import load, run

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tests" / "data" / "interactions"
CASES = tomllib.loads((FOLDER / "cases.toml").read_text(encoding="utf-8"))["case"]


def replay(name: str):
    outcome = run(load(FOLDER / f"{name}.toml"))
    assert outcome.ok, outcome.failure or [c.describe() for c in outcome.checks if not c.ok]
    return outcome


def test_toughness_zero_cites_the_effects_that_made_it():
    outcome = replay("minus-counters-anthem-removed")
    [step] = [s for s in outcome.trace.steps if s.kind == "state-based actions" and "Grizzly Bears" in s.text]
    assert "toughness 0" in step.text and "2 -1/-1 counter(s)" in step.text
    assert {"704.5f", "613.4c"} <= set(step.rules)


def test_damage_that_is_not_lethal_because_of_an_effect_is_said_once():
    outcome = replay("kird-ape-keeps-its-forest")
    said = [s for s in outcome.trace.steps if "not lethal damage" in s.text]
    assert len(said) == 1  # state-based actions are checked many times after: nothing changed, nothing more is said
    assert {"704.5g", "613.4c", "611.3a"} <= set(said[0].rules) and "you control a Forest" in said[0].text


def test_an_attacker_under_another_players_control_with_haste_cites_layers_2_and_6():
    outcome = replay("act-of-treason-haste")
    [note] = [s for s in outcome.trace.steps if s.text.startswith("Grizzly Bears attacks:")]
    assert {"613.1b", "613.1f"} <= set(note.rules) and "Act of Treason" in note.text


def test_a_target_made_illegal_by_a_gained_ability_cites_layer_6():
    outcome = replay("blossoming-defense-fizzles-bolt")
    [note] = [s for s in outcome.trace.steps if "as Lightning Bolt resolves" in s.text]
    assert "613.1f" in note.rules and "hexproof" in note.text.lower()


def test_what_the_scenario_asks_is_explained_with_its_devotion():
    outcome = replay("purphoros-devotion-five")
    [note] = [s for s in outcome.trace.steps if s.text.startswith("As the scenario asks (type)")]
    assert {"700.5", "611.3a", "613.1d"} <= set(note.rules)


def test_a_printed_characteristic_is_not_explained():
    outcome = replay("reach-blocks-a-flyer")  # no continuous effect on either creature
    assert not any(s.text.startswith(("Serra Angel attacks:", "Giant Spider blocks:")) for s in outcome.trace.steps)


def test_the_interaction_set_is_whole(corpus):
    assert len(CASES) >= 40
    names = [c["name"] for c in CASES]
    assert len(set(names)) == len(names)
    assert sorted(p.stem for p in FOLDER.glob("*.toml") if p.stem != "cases") == sorted(names)
    for case in CASES:  # a third, by a hash of the name, chosen before any case was replayed
        blind = hashlib.sha256(case["name"].encode()).digest()[0] % 3 == 0
        assert case["part"] == ("blind" if blind else "tune")
        assert case["rules"] and case["source"]
        for number in case["rules"]:
            assert corpus.rule("en-2026", number) is not None, (case["name"], number)
    assert 10 <= sum(c["part"] == "blind" for c in CASES) <= 20


def test_rule_recall_on_the_tuning_part_stays_at_least_nine_in_ten():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from interactions import cases, measure

    found = wanted = 0
    for case in cases("tune"):
        _, hits, _ = measure(case)
        found += len(hits)
        wanted += len(case["rules"])
    assert found / wanted >= 0.9  # 0.940 when written (0.482 before the trace said what decided)
