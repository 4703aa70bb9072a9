"""Scenarios: a board and what the players do, in a TOML file; replayed on the engine and checked.

    from judge_app.scenarios import load, run
    outcome = run(load("scenarios/trample-deathtouch-two-blockers.toml"))
    outcome.ok, outcome.trace.steps, outcome.checks

The file format is documented in `scenarios/README.md`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge_app.scenarios.loader import load, loads
    from judge_app.scenarios.model import Scenario, ScenarioError
    from judge_app.scenarios.runner import Outcome, build_game, run

__all__ = ["Outcome", "Scenario", "ScenarioError", "build_game", "load", "loads", "run"]
_HOME = {"load": "loader", "loads": "loader", "Scenario": "model", "ScenarioError": "model", "Outcome": "runner",
         "build_game": "runner", "run": "runner"}


def __getattr__(name: str):
    """The names above, imported on first use: they bring the engine, which a search of the scenario
    catalogue (`catalogue`) does not need."""
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
