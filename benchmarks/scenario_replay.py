"""Replay time of scenarios (targets: a typical scenario < 20 ms, the whole library < 2 s).

    python benchmarks/scenario_replay.py [--runs N] [--scenario NAME] [--stack-scenarios NAME,NAME]

Typical scenarios: a combat one (part 1) and stack ones (part 2: casting, responses, triggers, layers).

Replay: a loaded scenario run on a fresh game, trace with a board snapshot after every step, and its
expectations checked. Load + replay also parses and checks the TOML file. Medians over N runs.

The fork server (`sandbox`): its memory once warmed up (resident, and of that, anonymous: what its children
share until they write), and the typical scenario replayed in a child from text never replayed before.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from timing import timed

from judge_app import paths
from judge_app.scenarios import load, run, sandbox


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--scenario", default="trample-deathtouch-two-blockers")
    parser.add_argument("--stack-scenarios", default="stack-target-becomes-illegal,dies-triggers-look-back,"
                        "replacement-and-prevention-order,dependency-blood-moon-urborg")
    args = parser.parse_args()

    files = sorted(paths.scenarios_dir().glob("*.toml"))
    typical_path = paths.scenarios_dir() / f"{args.scenario}.toml"
    typical = load(typical_path)
    outcome = run(typical)
    replay = timed(lambda: run(typical), args.runs)
    full = timed(lambda: run(load(typical_path)), args.runs)
    scenarios = [load(f) for f in files]
    library = timed(lambda: [run(s) for s in scenarios], max(3, args.runs // 5))
    library_full = timed(lambda: [run(load(f)) for f in files], max(3, args.runs // 5))
    per = sorted((statistics.median(timed(lambda s=s: run(s), 5)), s.name) for s in scenarios)

    ms = 1000
    print(f"typical scenario: {typical.name} ({len(outcome.trace.steps)} trace steps, {len(outcome.checks)} checks)")
    print(f"  replay          median {statistics.median(replay) * ms:.2f} ms  (min {min(replay) * ms:.2f}, "
          f"max {max(replay) * ms:.2f}, runs {len(replay)})  target < 20 ms")
    print(f"  load + replay   median {statistics.median(full) * ms:.2f} ms")
    for name in args.stack_scenarios.split(","):
        scenario = load(paths.scenarios_dir() / f"{name}.toml")
        steps = len(run(scenario).trace.steps)
        times = timed(lambda s=scenario: run(s), args.runs)
        print(f"stack scenario: {name} ({steps} trace steps)  replay median {statistics.median(times) * ms:.2f} ms  "
              f"ratio to target {statistics.median(times) / 0.020:.2f}")
    print(f"library: {len(files)} scenarios")
    print(f"  replay all      median {statistics.median(library):.3f} s  (runs {len(library)})  target < 2 s")
    print(f"  load + replay   median {statistics.median(library_full):.3f} s")
    print(f"  slowest: {per[-1][1]} {per[-1][0] * ms:.2f} ms; fastest: {per[0][1]} {per[0][0] * ms:.2f} ms")
    print(f"  ratio typical/target {statistics.median(replay) / 0.020:.2f}, "
          f"library/target {statistics.median(library) / 2:.2f}")
    fork_server(typical_path.read_text(encoding="utf-8"), args.runs)


def fork_server(text: str, runs: int) -> None:
    sandbox.start()
    resident, anonymous = memory(next(pid for pid in children() if "judge_app.scenarios.sandbox" in command(pid)))
    count = iter(range(10 ** 9))
    replays = [sandbox.replay(f"{text}\n# {next(count)}\n") for _ in range(runs)]  # each new: no answer remembered
    print(f"fork server: {resident:.0f} MB resident ({anonymous:.0f} MB anonymous) once warmed up")
    print(f"  a replay in a child: median {statistics.median(r.seconds for r in replays) * 1000:.1f} ms "
          f"({statistics.median(r.cpu for r in replays) * 1000:.1f} ms of the child's processor time)")


def children() -> list[int]:
    return [int(pid) for task in Path("/proc/self/task").iterdir() for pid in (task / "children").read_text().split()]


def command(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


def memory(pid: int) -> tuple[float, float]:
    """Resident and anonymous resident memory of a process, in MB."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "RssAnon"):
            found[key] = int(value.split()[0]) / 1024
    return found["VmRSS"], found["RssAnon"]


if __name__ == "__main__":
    main()
