"""Scenarios: a board and what the players do, in a TOML file; replayed on the engine and checked.

    from judge_app.scenarios import load, run
    outcome = run(load("scenarios/trample-deathtouch-two-blockers.toml"))
    outcome.ok, outcome.trace.steps, outcome.checks

The file format is documented in `scenarios/README.md`.
"""

from judge_app.scenarios.loader import load, loads
from judge_app.scenarios.model import Scenario, ScenarioError
from judge_app.scenarios.runner import Outcome, build_game, run

__all__ = ["Outcome", "Scenario", "ScenarioError", "build_game", "load", "loads", "run"]
