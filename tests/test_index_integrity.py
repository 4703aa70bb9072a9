"""A search index that is deleted, damaged or replaced — before a command, or under a running process — is
noticed, said truthfully by `judge index status`, and rebuilt or swapped; no search ends in a traceback.
On a small real corpus (chapter 1 of en-2019), so each build takes about a second."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time

import pytest
from click.testing import CliRunner
from search_helpers import mini_corpus

import judge_app.corpus as corpus_module
import judge_app.search as search_module
from judge_app import paths
from judge_app.cli import main
from judge_app.corpus.cache import ProcessMemo
from judge_app.search import IndexUnavailable, lifecycle


@pytest.fixture
def mini(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(corpus_module, "_memo", ProcessMemo())
    source = mini_corpus(tmp_path / "corpus")
    monkeypatch.setenv("JUDGE_CORPUS_DIR", str(source))
    return source, tmp_path / "data"


def _segment(info: lifecycle.IndexInfo):
    return max((p for p in info.path.iterdir() if p.suffix == ".seg"), key=lambda p: p.stat().st_size)


def _flip_middle(path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


def _status() -> dict:
    result = CliRunner().invoke(main, ["index", "status", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("damage", ["delete the segment", "flip a byte", "truncate the vocabulary",
                                    "delete the folder", "garble current.json"])
def test_status_tells_the_truth_and_the_next_search_rebuilds(mini, damage):
    source, data = mini
    built = lifecycle.ensure_index(data_dir=data, corpus_dir=source)
    assert _status()["state"] == "current"
    if damage == "delete the segment":
        _segment(built).unlink()
    elif damage == "flip a byte":
        _flip_middle(_segment(built))
    elif damage == "truncate the vocabulary":
        (built.path / lifecycle.VOCABULARY_FILE).write_text("{", encoding="utf-8")
    elif damage == "delete the folder":
        shutil.rmtree(built.path)
    else:
        (data / "search" / "current.json").write_text('{"key": ', encoding="utf-8")
    status = _status()
    assert status["current"] is False
    assert status["state"] in ("damaged", "missing"), status
    again = lifecycle.ensure_index(data_dir=data, corpus_dir=source)
    assert again.built and again.path != built.path
    assert _status()["state"] == "current"


def test_a_command_on_a_damaged_index_rebuilds_it_and_answers(mini):
    source, data = mini
    built = lifecycle.ensure_index(data_dir=data, corpus_dir=source)
    _flip_middle(_segment(built))
    result = subprocess.run([sys.executable, "-c", "from judge_app.cli import main; main()", "search", "mulligan",
                             "--json"], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(paths.PROJECT_ROOT)})
    assert result.returncode == 0, result.stderr
    assert "Aborted" not in result.stderr and "Traceback" not in result.stderr
    assert json.loads(result.stdout), "no hits"


def _search_in_new_thread(query: str):
    """A search from a thread the engine has not seen."""
    outcome = {}

    def run() -> None:
        try:
            outcome["response"] = search_module.search(query)
        except Exception as error:
            outcome["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    return outcome


def _searching_until_switched(query: str, opened, unavailable: bool) -> None:
    """Search from new threads until the process has left the index at `opened` (its watch looks every
    0.1 s here): each search answers (from what the engine holds, until it switches), or, only when
    `unavailable` is allowed, says the index is being rebuilt; nothing else may be raised."""
    deadline = time.monotonic() + 60
    while True:
        outcome = _search_in_new_thread(query)
        if "error" in outcome:
            assert unavailable and isinstance(outcome["error"], IndexUnavailable), repr(outcome["error"])
        else:
            assert outcome["response"].hits
        if search_module.engine().path != opened and "response" in outcome:
            return
        assert time.monotonic() < deadline, "the process never left the index it opened"
        time.sleep(0.1)


def test_a_running_process_survives_its_index_being_deleted(mini, monkeypatch):
    monkeypatch.setattr(lifecycle, "WATCH_EVERY", 0.1)
    monkeypatch.setattr(search_module, "_engine", None)
    assert search_module.search("mulligan").hits
    opened = search_module.engine().path
    shutil.rmtree(opened)
    _searching_until_switched("mulligan", opened, unavailable=True)
    _searching_until_switched("shuffle", opened, unavailable=False)  # a word it never read, from the new index


def test_a_running_process_follows_an_index_published_under_it(mini, monkeypatch):
    source, data = mini
    monkeypatch.setattr(lifecycle, "WATCH_EVERY", 0.1)
    monkeypatch.setattr(search_module, "_engine", None)
    assert search_module.search("mulligan").hits
    first = search_module.engine().path
    lifecycle.build_index(data_dir=data, corpus_dir=source)  # as `judge index build` in another process would
    lifecycle.build_index(data_dir=data, corpus_dir=source)  # twice: the first index is gone now
    assert not first.exists()
    _searching_until_switched("mulligan", first, unavailable=False)


def test_an_unwritable_data_directory_builds_the_index_elsewhere_and_says_so(mini, capfd):
    source, data = mini
    data.mkdir(parents=True, exist_ok=True)
    (data / "search").write_text("not a folder")  # nothing can be written where the index should go
    info = lifecycle.ensure_index(data_dir=data, corpus_dir=source)
    assert info.entries and not info.path.is_relative_to(data)
    assert "cannot write the search index" in capfd.readouterr().err
    again = lifecycle.ensure_index(data_dir=data, corpus_dir=source)
    assert not again.built and again.path == info.path  # found there by the next process too
    shutil.rmtree(info.path.parent, ignore_errors=True)
