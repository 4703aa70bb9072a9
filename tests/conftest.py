"""Shared fixtures: the real corpus and its alignment, loaded once per test session."""

from __future__ import annotations

import pytest

from judge_app import paths
from judge_app.alignment import Alignment, load_alignment
from judge_app.corpus import Corpus, load_corpus


@pytest.fixture(scope="session")
def corpus() -> Corpus:
    return load_corpus()


@pytest.fixture(scope="session")
def scenario_files() -> list:
    """The scenario library shipped in scenarios/."""
    return sorted(paths.scenarios_dir().glob("*.toml"))


@pytest.fixture(scope="session")
def alignment(corpus) -> Alignment:
    return load_alignment()
