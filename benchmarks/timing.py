"""Shared by the benchmark scripts: wall-clock (or CPU) times of repeated calls."""

from __future__ import annotations

import time


def timed(function, runs: int, clock=time.perf_counter) -> list[float]:
    """Seconds taken by each of `runs` calls of `function`, by `clock` (wall-clock by default)."""
    times = []
    for _ in range(runs):
        start = clock()
        function()
        times.append(clock() - start)
    return times


def cpu_timed(function, runs: int) -> list[float]:
    """CPU seconds this process spent in each of `runs` calls of `function`: on a machine whose cores are
    shared, what the work costs, without the time spent waiting for a core."""
    return timed(function, runs, clock=time.process_time)
