"""A fixed slice of the fuzz run (benchmarks/fuzz.py, which sends 10,000 inputs of each kind): hostile query
strings, rule numbers, card texts and scenario files through the app never give a 5xx or a traceback, and no
replay stops on an engine fault (the sandbox's "crash": the engine failing on a text it accepted)."""

from __future__ import annotations

import sys

import pytest

from judge_app import paths

sys.path.insert(0, str(paths.PROJECT_ROOT / "benchmarks"))
import fuzz

SLICE = {"queries": 20, "rules": 60, "cards": 25, "scenarios": 25}


@pytest.mark.parametrize("kind", list(SLICE))
def test_a_slice_of_the_fuzz_run_gives_no_5xx_and_no_traceback(app, kind):
    found = fuzz.fuzz(app.test_client(), kind, SLICE[kind], seed=15)
    assert found["5xx"] == 0, found["examples"]
    assert found["tracebacks"] == 0, found["traceback_examples"]
    assert found["refusals"].get("crash", 0) == 0, found["examples"].get("crash")
    assert found["requests"] >= SLICE[kind]
