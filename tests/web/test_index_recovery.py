"""The web app while its search index is deleted under it: 503 with Retry-After while a new one is built,
then answers again; never a 500. On a small real corpus (chapter 1 of en-2019) so the rebuild is quick."""

from __future__ import annotations

import shutil
import time

import pytest
from search_helpers import mini_corpus

import judge_app.corpus as corpus_module
import judge_app.search as search_module
from judge_app.corpus.cache import ProcessMemo


@pytest.fixture
def mini(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(corpus_module, "_memo", ProcessMemo())
    monkeypatch.setenv("JUDGE_CORPUS_DIR", str(mini_corpus(tmp_path / "corpus")))


def test_the_web_says_503_while_the_index_is_rebuilt_never_500(app, mini, monkeypatch):
    monkeypatch.setattr(search_module, "_engine", None)
    assert search_module.search("mulligan").hits
    shutil.rmtree(search_module.engine().path)
    client = app.test_client()
    seen = set()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        statuses = {client.get("/api/search?q=mulligan").status_code, client.get("/search?q=mulligan").status_code}
        seen |= statuses
        if statuses == {200}:
            break
        time.sleep(0.5)
    assert seen <= {200, 503}, seen
    assert client.get("/api/search?q=mulligan").get_json()["hits"]
