"""Shared by the benchmark scripts: wall-clock times of repeated calls."""

from __future__ import annotations

import time


def timed(function, runs: int) -> list[float]:
    """Seconds taken by each of `runs` calls of `function`."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return times
