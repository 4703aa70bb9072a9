"""Shared by the benchmark scripts: wall-clock (or CPU) times of repeated calls."""

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


def cpu_timed(function, runs: int) -> list[float]:
    """CPU seconds this process spent in each of `runs` calls of `function`: on a machine whose cores are
    shared, what the work costs, without the time spent waiting for a core."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        function()
        times.append(time.process_time() - start)
    return times
