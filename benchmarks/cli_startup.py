"""Start-up of the `judge` command: process wall time (and CPU time) of a few commands, median of N runs.

    .venv/bin/python benchmarks/cli_startup.py                 # this checkout
    .venv/bin/python benchmarks/cli_startup.py --root OTHER    # another checkout (say, an older commit), with
                                                               # this Python; give it its own --data folder

Targets (issue 15): `judge rule 702.19b` ≤ 0.3 s, `judge search "trample deathtouch"` ≤ 0.6 s wall; (issue 28)
`judge card show` ≤ 0.5 s, a card looked at before (its verdicts in the readings memo: no parser, no engine). Each
command runs once first to warm the caches (corpus, alignment, search index) and the disk; the figures are
the runs after that. On a shared machine wall time follows the load: the CPU time (user + system) of the
process is printed beside it, and the machine's load average before and after.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = [("rule 702.19b", ["rule", "702.19b"], 0.3),
            ('search "trample deathtouch"', ["search", "trample deathtouch"], 0.6),
            ('card read "Flying, trample"', ["card", "read", "Flying, trample"], None),
            ("card show tarmogoyf", ["card", "show", "tarmogoyf"], 0.5),
            ('card show "jace, the mind sculptor" --json', ["card", "show", "jace, the mind sculptor", "--json"], 0.5),
            ("index status", ["index", "status"], None),
            ("scenario run double-strike-trample", ["scenario", "run", "scenarios/double-strike-trample.toml"],
             None),
            ("--help", ["--help"], None)]


def timed(root: Path, arguments: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one `judge` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "from judge_app.cli import main; main()", *arguments], cwd=root,
                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout whose judge_app is run")
    parser.add_argument("--data", type=Path, default=None, help="JUDGE_DATA_DIR for these runs")
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    # As a user runs it: with compiled bytecode cached (written by the warm-up run).
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
           "PYTHONPATH": str(options.root.resolve())}
    if options.data:
        env["JUDGE_DATA_DIR"] = str(options.data)
    print(f"judge_app from {options.root.resolve()}; load average {os.getloadavg()[0]:.1f}")
    for label, arguments, target in COMMANDS:
        timed(options.root, arguments, env)  # warm: caches built if missing, files in the page cache
        runs = [timed(options.root, arguments, env) for _ in range(options.runs)]
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        aim = f"  (target ≤ {target} s)" if target else ""
        print(f"judge {label:30} wall {wall:5.2f} s   cpu {cpu:5.2f} s   median of {options.runs}{aim}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
