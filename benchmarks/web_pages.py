"""Rule page server time and transfer size (targets: p50 ≤ 10 ms, < 60 KB gzipped); scenario pages and the
"try your own" run endpoint.

    python benchmarks/web_pages.py [--pages N] [--repeat R] [--all-sizes] [--runs N]

Server time is a whole request through Flask's test client (routing, page building, template,
gzip), measured on N rule pages picked across the four documents, each requested R + 1 times.
Sizes are the gzipped bodies a browser receives. The run endpoint is timed end to end (the text
replayed in a child process, the answer labelled and sent as JSON) beside the same replay in
process, and against the limits: a replay that would run for ever, a body over the size limit.
"""

from __future__ import annotations

import argparse
import html
import os
import random
import re
import statistics
import time

from timing import cpu_timed, timed

from judge_app import paths
from judge_app.corpus import CR_IDS
from judge_app.scenarios import loads, run, sandbox
from judge_app.web import create_app

NAMED = [(doc, "702.19") for doc in CR_IDS] + [("en-2026", "702"), ("en-2026", "613.1"), ("en-2026", "7")]
OTHER_PAGES = ("/", "/search?q=trample&doc=en-2026", "/search?q=combat%20damage%20step&doc=all", "/rules/en-2026/",
               "/glossary/en-2026/", "/guides/pt-notes-2008", "/quality", "/scenarios", "/scenarios/try",
               "/api/scenarios")
SCENARIOS = ("trample-deathtouch-two-blockers", "stack-target-becomes-illegal", "activated-ability-tap-cost")
ENDLESS = """title = "A very long game"
question = "What happens in five thousand turns?"
until_turn = 5000
[players.Alice]
library = 6000
[players.Bob]
library = 6000
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--all-sizes", action="store_true", help="measure the gzipped size of every rule page")
    parser.add_argument("--runs", type=int, default=30, help="requests to the run endpoint")
    args = parser.parse_args()

    start = time.perf_counter()
    app = create_app()
    print(f"app start (corpus, alignment, glossary matchers, search engine): {time.perf_counter() - start:.2f} s")
    client = app.test_client()
    corpus = app.extensions["judge_corpus"]

    def get(url: str) -> int:
        response = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200, (url, response.status_code)
        return len(response.data)

    def median_ms(url: str, runs: int) -> float:
        return statistics.median(timed(lambda: get(url), runs)) * 1000

    pool = [f"/rules/{doc}/{number}" for doc in CR_IDS for number in corpus.rules[doc]]
    urls = random.Random(5).sample(pool, min(args.pages, len(pool)))
    first = [timed(lambda u=url: get(u), 1)[0] * 1000 for url in urls]
    again = [t * 1000 for url in urls for t in timed(lambda u=url: get(u), args.repeat)]
    ms = sorted(first + again)
    cpu = sorted(t * 1000 for url in urls for t in cpu_timed(lambda u=url: get(u), 2))
    print(f"rule pages: {len(urls)} pages x {args.repeat + 1} requests (load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores)")
    print(f"  server time p50 {statistics.median(ms):.2f} ms, p90 {ms[int(len(ms) * 0.9)]:.2f} ms, "
          f"max {ms[-1]:.2f} ms (first request of each page: p50 {statistics.median(first):.2f} ms)")
    print(f"  CPU time p50 {statistics.median(cpu):.2f} ms, p90 {cpu[int(len(cpu) * 0.9)]:.2f} ms "
          "(the same work without waiting for a shared core)")
    for doc, number in NAMED:
        url = f"/rules/{doc}/{number}"
        print(f"  {url:28} p50 {median_ms(url, 21):6.2f} ms   {get(url) / 1024:5.1f} KB gzipped")

    sizes = sorted((get(url), url) for url in (pool if args.all_sizes else urls))
    median_kb = statistics.median(size for size, _ in sizes) / 1024
    print(f"gzipped rule page size over {len(sizes)} pages: median {median_kb:.1f} KB, "
          f"largest {sizes[-1][0] / 1024:.1f} KB ({sizes[-1][1]})")
    print("other pages:")
    for url in OTHER_PAGES:
        print(f"  {url:28} p50 {median_ms(url, 11):6.2f} ms   {get(url) / 1024:5.1f} KB gzipped")
    scenario_pages(client, get, median_ms)
    heaviest = [sizes[-1][1], *OTHER_PAGES, f"/scenarios/{SCENARIOS[2]}"]  # the largest rule page of the sample
    print("page weight with every file it loads (a first visit, nothing cached; target ≤ 60 KB gzipped):")
    for url in heaviest:
        print(f"  {url:60} {with_everything(client, get, url) / 1024:5.1f} KB")
    run_endpoint(client, args.runs)


_FILES_RE = re.compile(r'<(?:link|script|img)\b[^>]*\s(?:href|src)="(/static/[^"]+)"')


def with_everything(client, get, url: str) -> int:
    """Gzipped bytes of the page and of every stylesheet, script, icon and manifest it links."""
    page = client.get(url).get_data(as_text=True)
    return get(url) + sum(get(html.unescape(file)) for file in set(_FILES_RE.findall(page)))


def scenario_pages(client, get, median_ms) -> None:
    print("scenario pages (a board per step, the timeline, the outcome):")
    library = client.application.extensions["judge_scenarios"]
    for name in SCENARIOS:
        for doc in ("en-2026", "pt-2019"):
            url = f"/scenarios/{name}?doc={doc}"
            print(f"  {url:60} {library.entries[name].steps:3} steps  p50 {median_ms(url, 11):6.2f} ms   "
                  f"{get(url) / 1024:5.1f} KB gzipped")
    sizes = sorted((get(f"/scenarios/{name}"), name) for name in library.entries)
    print(f"  every scenario page: median {statistics.median(s for s, _ in sizes) / 1024:.1f} KB gzipped, "
          f"largest {sizes[-1][0] / 1024:.1f} KB ({sizes[-1][1]})")


def run_endpoint(client, runs: int) -> None:
    text = (paths.scenarios_dir() / f"{SCENARIOS[0]}.toml").read_text(encoding="utf-8")

    def post(body: bytes, status: int) -> None:
        response = client.post("/api/scenarios/run?doc=en-2026", data=body)
        assert response.status_code == status, (response.status_code, response.get_json())

    post(text.encode(), 200)  # starts the fork server
    end_to_end = timed(lambda: post(text.encode(), 200), runs)
    in_process = timed(lambda: run(loads(text)), runs)
    replay_only = timed(lambda: sandbox.replay(text), runs)
    print(f"run endpoint (POST /api/scenarios/run, {SCENARIOS[0]}), medians over {runs}:")
    print(f"  end to end {statistics.median(end_to_end) * 1000:6.2f} ms; replay in a child process "
          f"{statistics.median(replay_only) * 1000:6.2f} ms; the same replay in process "
          f"{statistics.median(in_process) * 1000:6.2f} ms")
    endless = timed(lambda: post(ENDLESS.encode(), 422), 3)
    print(f"  a replay that would not end: 422 after {statistics.median(endless):.2f} s "
          f"(limit {sandbox.TIME_LIMIT:g} s)")
    oversized = timed(lambda: post(b"#" * (sandbox.MAX_TEXT + 1), 413), 5)
    print(f"  a body over {sandbox.MAX_TEXT // 1024} KB: 413 after {statistics.median(oversized) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
