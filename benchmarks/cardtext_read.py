"""How fast card text is read: the whole coverage corpus (tests/data/cards: dev, test, test2), per card.

- warm: in one process, the grammar already loaded, every card read once (pieces repeated across cards,
  such as "Flying", are read once per process): median and 90th percentile per card, and the total;
- cold: a new process reading the whole corpus: interpreter, imports, the pickled parser from the data
  directory, then every card — once with the readings memo off (every card parsed), once with the memo
  filled by an earlier process (memo.py: what scenario replays and repeated `judge card read` get).

The warm figures are measured with the memo off: they are the parser's own speed. Each figure is given in
wall-clock time and in CPU time of the reading process: on a machine shared with other work the CPU time
is the steadier measure of the code itself.

    .venv/bin/python benchmarks/cardtext_read.py [--cold-runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CARDS = ROOT / "tests" / "data" / "cards"
HALVES = ("dev", "test", "test2")  # the tuning cards and both held-out sets

COLD = """
import json, sys, time
start = time.perf_counter()
from judge_app.cardtext import read
cards = [json.loads(l) for f in sys.argv[1:] for l in open(f, encoding="utf-8") if l.strip()]
ok = sum(read(c["text"], name=c["name"], type_line=c["type"]).ok for c in cards)
print(json.dumps({"seconds": time.perf_counter() - start, "cpu": time.process_time(), "cards": len(cards), "ok": ok}))
"""


def load_cards() -> list[dict]:
    return [json.loads(line) for half in HALVES
            for line in (CARDS / f"{half}.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]


def cold(files: list[str], memo: bool) -> tuple[float, dict]:
    env = {**os.environ, "JUDGE_CARDTEXT_MEMO": "1" if memo else "0"}
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", COLD, *files], capture_output=True, text=True, cwd=ROOT, env=env,
                          check=True)
    return time.perf_counter() - started, json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--cold-runs", type=int, default=3, help="new processes per cold figure (default 3)")
    runs_wanted = options.parse_args().cold_runs
    os.environ["JUDGE_CARDTEXT_MEMO"] = "0"
    from judge_app.cardtext import read
    from judge_app.cardtext.parser import parser

    started = time.perf_counter()
    parser()
    print(f"grammar load (pickled parser, or built and pickled if missing): {time.perf_counter() - started:.2f} s")
    cards = load_cards()
    times, cpu = [], []
    for card in cards:
        started, started_cpu = time.perf_counter(), time.process_time()
        read(card["text"], name=card["name"], type_line=card["type"])
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    for label, measured in (("wall", times), ("CPU", cpu)):
        measured.sort()
        print(f"warm ({label}): {len(cards)} cards, median {1000 * statistics.median(measured):.1f} ms per card, "
              f"p90 {1000 * measured[int(0.9 * len(measured))]:.1f} ms, total {sum(measured):.1f} s")
    files = [str(CARDS / f"{half}.jsonl") for half in HALVES]
    for memo in (False, True):
        if memo:
            cold(files, memo=True)  # fill the memo
        runs = [cold(files, memo) for _ in range(runs_wanted)]
        walls = sorted(w for w, _ in runs)
        label = "memo filled" if memo else "memo off"
        print(f"cold, {label} (new process, whole corpus): median {statistics.median(walls):.1f} s wall over "
              f"{runs_wanted} runs, {statistics.median(r['cpu'] for _, r in runs):.1f} s CPU (reading inside the "
              f"process {statistics.median(r['seconds'] for _, r in runs):.1f} s wall; "
              f"{runs[0][1]['ok']}/{runs[0][1]['cards']} read without error)")


if __name__ == "__main__":
    main()
