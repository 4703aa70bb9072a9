"""Concurrent searches: threads (sharing one Whoosh searcher) and separate processes on one index."""

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from judge_app.search import evaluation

QUERIES = [(case.q, case.doc) for case in evaluation.load_cases()]


def _answers(engine, queries):
    return [[(h.doc, h.kind, h.number, h.term, h.score, h.snippet) for h in engine.search(q, doc=d).hits]
            for q, d in queries]


def test_eight_threads_get_the_same_results_as_one(engine):
    serial = _answers(engine, QUERIES)
    batches = [QUERIES[i::8] for i in range(8)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(2):  # twice over, the threads interleaving differently
            results = list(pool.map(lambda batch: _answers(engine, batch), batches))
            for i, batch_result in enumerate(results):
                assert batch_result == serial[i::8]


def test_two_processes_search_one_index_alongside_this_one(engine, search_index):
    """Each process opens the published index itself (`judge search --stdin`), none rebuilds it."""
    queries = [q for q, d in QUERIES if d == "en-2026"][:30]
    env = {**os.environ, "JUDGE_DATA_DIR": str(search_index.path.parent.parent)}
    command = [sys.executable, "-c", "from judge_app.cli import main; main()", "search", "--stdin", "--doc", "en-2026",
               "--json"]
    processes = [subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  env=env, text=True) for _ in range(2)]
    outputs = [p.communicate("\n".join(queries) + "\n", timeout=300) for p in processes]
    expected = [[h.to_dict() for h in engine.search(q, doc="en-2026").hits] for q in queries]
    for process, (out, err) in zip(processes, outputs, strict=True):
        assert process.returncode == 0, err
        assert [json.loads(line)["hits"] for line in out.splitlines()] == expected
    assert sorted(p.name for p in search_index.path.parent.glob("index-*")) == [search_index.path.name]
