"""gunicorn's server hooks for `judge serve` (passed as `--config python:judge_app.web.gunicorn_hooks`)."""

from __future__ import annotations

import gc
import threading


def pre_fork(server, worker) -> None:
    """In the master, before a worker is forked: what the preloaded app holds (search tables, the scenario
    library, term matchers: ~130,000 objects the corpus's own freeze did not cover) is moved out of the cycle
    collector's sight. A worker then neither walks it in a full collection (~0.1 s with every thread waiting)
    nor, walking it, writes to the pages it shares with the master and the other workers."""
    gc.collect()
    gc.freeze()


def post_worker_init(worker) -> None:
    """Start the worker's scenario helper as the worker starts, beside its first requests: started by the first
    replay instead, it kept that visitor (and any other replay then) waiting seconds while it warmed the engine."""
    from judge_app.scenarios import sandbox

    threading.Thread(target=sandbox.start, name="scenario helper", daemon=True).start()
