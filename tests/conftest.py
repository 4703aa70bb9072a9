"""Shared fixtures: the real corpus and its alignment, loaded once per test session, and its search
index, built once per session into a temporary data directory."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from judge_app import paths
from judge_app.alignment import Alignment, load_alignment
from judge_app.corpus import Corpus, load_corpus
from judge_app.search import AlignedDocuments, Engine, IndexInfo, lifecycle

# Property-based tests explore new random cases on every local run; in CI (CI=true) they replay a fixed
# sequence, so a red build always means a change broke something, never a lucky draw.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
    settings.load_profile("ci")


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


@pytest.fixture(scope="session")
def search_index(tmp_path_factory, corpus) -> IndexInfo:
    """The full index of the real corpus, built once for the whole session (~15 s on 2 cores)."""
    return lifecycle.ensure_index(data_dir=tmp_path_factory.mktemp("search-data"))


@pytest.fixture(scope="session")
def engine(search_index, corpus, alignment) -> Engine:
    """What the app uses: the session's index, rules mapped between documents by the corpus alignment."""
    opened = Engine(search_index.path, corpus, AlignedDocuments(alignment))
    yield opened
    opened.close()


@pytest.fixture(scope="session")
def cards():
    """The whole card database (35,033 cards), loaded once per session."""
    from judge_app.cards import load_cards

    return load_cards()
