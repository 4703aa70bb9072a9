"""Soak test of `judge serve` as `make run` starts it (2 workers), on loopback only, bounded in time.

    .venv/bin/python benchmarks/soak.py [--seconds 60] [--clients 50] [--slow 100] [--workers 2]

For `--seconds`, `--clients` clients (5 processes of threads, each with its own keep-alive connection)
ask for rule pages, searches, API answers and scenario replays as fast as they are answered, while
`--slow` connections dribble a request a byte every 2 s (reopened when the server cuts them off) and the
search index is replaced under the server twice (a copy published as a new build would publish it; the
second publication deletes the index the server opened). Prints requests served, their status codes,
latency p50/p99, client-side errors, and the memory (RSS) of each worker at the start and at the end.
Targets (issue 15): 0 5xx, p99 ≤ 500 ms. The machine's load average is printed too: other work on it
slows everything down.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import quote_plus

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge_app import datafiles, paths  # noqa: E402
from judge_app.search import lifecycle  # noqa: E402

SEARCHES = ["trample", "deathtouch", "first strike", "atropelar", "arrollar", "702.19b", "mulligan", "ward",
            "toque mortífero", "combat damage step", "cr 704.5k", "tramlpe", "regenerate", "hexproof ward"]
SCENARIOS = ["trample-deathtouch-two-blockers", "double-strike-trample", "deathtouch-first-strike-blocker",
             "apnap-upkeep-triggers", "attacking-a-battle"]
RULES = ["100.1", "702.19b", "702.2c", "704.5k", "613.1", "510.1c", "117.3a", "601.2", "303.4", "122.1"]


def start_server(port: int, workers: int, log: Path) -> subprocess.Popen:
    command = [sys.executable, "-c", "from judge_app.cli import main; main()", "serve", "--port", str(port),
               "--workers", str(workers)]
    process = subprocess.Popen(command, stdout=log.open("w"), stderr=subprocess.STDOUT, cwd=ROOT)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/")
            if connection.getresponse().status == 200:
                return process
        except OSError:
            time.sleep(0.5)
    process.kill()
    raise SystemExit(f"the server did not start; see {log}")


def workers_of(master: int) -> list[int]:
    """The gunicorn worker processes: the master's children, less the fork servers (they are theirs)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == master:
                found.append(int(entry))
    return sorted(found)


def rss_mb(pid: int) -> tuple[float, float]:
    """(resident MB, of which anonymous): the rest is files mapped (the search index, once per searcher)."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(("VmRSS:", "RssAnon:")):
            found[line.split(":")[0]] = int(line.split()[1]) / 1024
    return found.get("VmRSS", 0.0), found.get("RssAnon", 0.0)


def cpu_seconds(pid: int) -> float:
    """User + system processor time of a process so far (/proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def next_request(rng: random.Random, scenarios: list[bytes]) -> tuple[str, str, str, bytes | None]:
    """(kind, method, path, body) of the next request: the mix of a judge's day. A scenario run posts a library
    scenario as it is (the server may remember its answer) or, half the time, edited (never seen before)."""
    roll = rng.random()
    if roll < 0.35:
        return "rule page", "GET", f"/rules/{rng.choice(['en-2026', 'es-2026', 'pt-2019'])}/{rng.choice(RULES)}", None
    if roll < 0.65:
        return "search page", "GET", f"/search?q={quote_plus(rng.choice(SEARCHES))}", None
    if roll < 0.8:
        return "api search", "GET", f"/api/search?q={quote_plus(rng.choice(SEARCHES))}&doc=en-2026", None
    if roll < 0.9:
        return "api rule", "GET", f"/api/rules/en-2026/{rng.choice(RULES)}", None
    scenario = rng.choice(scenarios)
    if rng.random() < 0.5:
        return "scenario run", "POST", "/api/scenarios/run", scenario
    return "scenario new", "POST", "/api/scenarios/run", scenario + b"\n# edited %d\n" % rng.getrandbits(64)


def client_process(port: int, threads: int, until: float, seed: int, scenarios: list[bytes], out) -> None:
    """One process of client threads; sends back ([(kind, status or error, seconds)], its CPU seconds)."""
    results: list[tuple[str, str, float]] = []
    lock = threading.Lock()

    def client(index: int) -> None:
        rng = random.Random(seed * 1000 + index)
        connection = None
        mine = []
        while time.monotonic() < until:
            kind, method, path, body = next_request(rng, scenarios)
            start = time.monotonic()
            try:
                if connection is None:
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                connection.request(method, path, body=body, headers={"Accept-Encoding": "gzip"})
                response = connection.getresponse()
                response.read()
                outcome = str(response.status)
                if response.getheader("Connection", "").lower() == "close":
                    connection.close()
                    connection = None
            except (OSError, http.client.HTTPException) as error:
                outcome = f"error: {type(error).__name__}"
                if connection is not None:
                    connection.close()
                connection = None
            mine.append((kind, outcome, time.monotonic() - start))
        with lock:
            results.extend(mine)

    pool = [threading.Thread(target=client, args=(i,)) for i in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    used = resource.getrusage(resource.RUSAGE_SELF)
    out.send((results, used.ru_utime + used.ru_stime))
    out.close()


def slow_clients(port: int, count: int, until: float, stats: Counter) -> None:
    """`count` connections sending a request a byte every 2 s; one the server closes is opened again."""
    request = b"GET /rules/en-2026/702.19 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"z" * 10_000
    sockets: list[tuple[socket.socket, int]] = []
    while time.monotonic() < until:
        while len(sockets) < count:
            try:
                sockets.append((socket.create_connection(("127.0.0.1", port), timeout=1), 0))
                stats["opened"] += 1
            except OSError:
                stats["open failed"] += 1
                break
        kept = []
        for sock, sent in sockets:
            try:
                sock.sendall(request[sent:sent + 1])
                kept.append((sock, sent + 1))
            except OSError:
                stats["cut off by the server"] += 1
                sock.close()
        sockets = kept
        time.sleep(2)
    for sock, _ in sockets:
        sock.close()


def publish_copy(number: int) -> str:
    """Publish a copy of the current index as a new build would: new folder, atomic current.json, old ones
    removed (all but the newest two)."""
    info = lifecycle.find(lifecycle.index_key())
    assert info is not None, "no sound index to copy"
    root = info.path.parent
    target = root / f"index-{info.key}-soak{number}-{int(time.time())}"
    shutil.copytree(info.path, target)
    record = json.loads((root / lifecycle.RECORD).read_text())
    record["dir"] = target.name
    datafiles.write_bytes(root / lifecycle.RECORD, json.dumps(record, indent=1).encode())
    lifecycle._remove_old(root, keep={target.name})
    return target.name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--slow", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    options = parser.parse_args()

    port = _free_port()
    log = Path(os.environ.get("TMPDIR", "/tmp")) / f"soak-{port}.log"
    print(f"data {paths.data_dir()}; server log {log}; load average {os.getloadavg()[0]:.1f}")
    server = start_server(port, options.workers, log)
    try:
        time.sleep(2)
        workers = workers_of(server.pid)
        memory_start = {pid: rss_mb(pid) for pid in workers}
        cpu_start = {pid: cpu_seconds(pid) for pid in workers}
        scenarios = [(paths.scenarios_dir() / f"{name}.toml").read_bytes() for name in SCENARIOS]
        until = time.monotonic() + options.seconds
        slow_stats: Counter = Counter()
        slow = threading.Thread(target=slow_clients, args=(port, options.slow, until, slow_stats), daemon=True)
        slow.start()
        processes, pipes = [], []
        per_process = max(1, options.clients // 5)
        for seed in range(options.clients // per_process):
            mine, theirs = multiprocessing.Pipe(duplex=False)
            process = multiprocessing.Process(target=client_process,
                                              args=(port, per_process, until, seed, scenarios, theirs))
            process.start()
            processes.append(process)
            pipes.append(mine)
        published = []
        for fraction in (1 / 3, 2 / 3):
            time.sleep(max(0.0, until - options.seconds * (1 - fraction) - time.monotonic()))
            published.append(publish_copy(len(published) + 1))
        received = [pipe.recv() for pipe in pipes]
        results = [entry for entries, _ in received for entry in entries]
        clients_cpu = sum(cpu for _, cpu in received)
        for process in processes:
            process.join()
        slow.join(timeout=10)
        memory_end = {pid: rss_mb(pid) for pid in workers if Path(f"/proc/{pid}").exists()}
        server_cpu = sum(cpu_seconds(pid) - cpu_start[pid] for pid in workers if Path(f"/proc/{pid}").exists())
    finally:
        server.terminate()
        server.wait(timeout=30)

    statuses = Counter(outcome for _, outcome, _ in results)
    latencies = sorted(seconds for _, outcome, seconds in results if outcome.isdigit())
    served = sum(count for outcome, count in statuses.items() if outcome.isdigit())
    errors_5xx = sum(count for outcome, count in statuses.items() if outcome.startswith("5"))
    client_errors = sum(count for outcome, count in statuses.items() if not outcome.isdigit())
    print(f"{options.clients} clients for {options.seconds:g} s, {options.slow} slow connections, "
          f"{options.workers} workers; index replaced twice ({', '.join(published)})")
    print(f"requests served: {served} ({served / options.seconds:.0f}/s); statuses {dict(sorted(statuses.items()))}")
    if latencies:
        p50 = statistics.median(latencies)
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(f"latency p50 {p50 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms (target ≤ 500 ms)")
    print(f"5xx: {errors_5xx} (target 0); client-side errors (timeouts, resets): {client_errors}")
    for kind in sorted({kind for kind, _, _ in results}):
        mine = sorted(seconds for k, outcome, seconds in results if k == kind and outcome.isdigit())
        if mine:
            print(f"  {kind:13} {len(mine):6} served, p50 {statistics.median(mine) * 1000:4.0f} ms, "
                  f"p99 {mine[min(len(mine) - 1, int(len(mine) * 0.99))] * 1000:5.0f} ms")
    print(f"processor time: the workers {server_cpu:.1f} s (their fork servers' children aside), "
          f"the client processes {clients_cpu:.1f} s, of {options.seconds * (os.cpu_count() or 1):g} s "
          f"on {os.cpu_count()} cores")
    print(f"slow connections: {dict(slow_stats)}")
    for pid in workers:
        start, end = memory_start[pid], memory_end.get(pid)
        print(f"worker {pid}: RSS {start[0]:.0f} MB ({start[1]:.0f} MB anonymous) at the start, "
              + (f"{end[0]:.0f} MB ({end[1]:.0f} MB anonymous) at the end" if end is not None else "gone (restarted)"))
    print(f"load average after: {os.getloadavg()[0]:.1f}")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


if __name__ == "__main__":
    main()
