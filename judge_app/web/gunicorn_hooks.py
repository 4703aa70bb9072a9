"""gunicorn's server hooks for `judge serve` (passed as `--config python:judge_app.web.gunicorn_hooks`)."""

from __future__ import annotations

import threading


def post_worker_init(worker) -> None:
    """Start the worker's scenario helper as the worker starts, beside its first requests: started by the first
    replay instead, it kept that visitor (and any other replay then) waiting seconds while it warmed the engine."""
    from judge_app.scenarios import sandbox

    threading.Thread(target=sandbox.start, name="scenario helper", daemon=True).start()
