"""Rule page server time and transfer size (targets: p50 ≤ 10 ms, < 60 KB gzipped).

    python benchmarks/web_pages.py [--pages N] [--repeat R] [--all-sizes]

Server time is a whole request through Flask's test client (routing, page building, template,
gzip), measured on N rule pages picked across the four documents, each requested R times.
Sizes are the gzipped bodies a browser receives.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from judge_app.corpus import CR_IDS
from judge_app.web import create_app

NAMED = [(doc, "702.19") for doc in CR_IDS] + [("en-2026", "702"), ("en-2026", "613.1"), ("en-2026", "7")]


def timed_get(client, url: str) -> tuple[float, int]:
    start = time.perf_counter()
    response = client.get(url, headers={"Accept-Encoding": "gzip"})
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, (url, response.status_code)
    return elapsed, len(response.data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--all-sizes", action="store_true", help="measure the gzipped size of every rule page")
    args = parser.parse_args()

    start = time.perf_counter()
    app = create_app()
    print(f"app start (corpus loaded, glossary matchers built): {time.perf_counter() - start:.2f} s")
    client = app.test_client()
    corpus = app.extensions["judge_corpus"]
    pool = [(doc, number) for doc in CR_IDS for number in corpus.rules[doc]]
    sample = random.Random(5).sample(pool, min(args.pages, len(pool)))
    urls = [f"/rules/{doc}/{number}" for doc, number in sample]

    first = [timed_get(client, url)[0] for url in urls]
    again = [timed_get(client, url)[0] for _ in range(args.repeat) for url in urls]
    ms = sorted(t * 1000 for t in first + again)
    print(f"rule pages: {len(urls)} pages x {args.repeat + 1} requests")
    print(f"  server time p50 {statistics.median(ms):.2f} ms, p90 {ms[int(len(ms) * 0.9)]:.2f} ms, "
          f"max {ms[-1]:.2f} ms (first request of each page: p50 {statistics.median(first) * 1000:.2f} ms)")
    for doc, number in NAMED:
        url = f"/rules/{doc}/{number}"
        times = [timed_get(client, url)[0] * 1000 for _ in range(21)]
        size = timed_get(client, url)[1]
        print(f"  {url:28} p50 {statistics.median(times):6.2f} ms   {size / 1024:5.1f} KB gzipped")

    sizes = [(timed_get(client, url)[1], url) for url in (
        [f"/rules/{d}/{n}" for d, n in pool] if args.all_sizes else urls)]
    sizes.sort()
    print(f"gzipped rule page size over {len(sizes)} pages: median {statistics.median(s for s, _ in sizes) / 1024:.1f} KB,"
          f" largest {sizes[-1][0] / 1024:.1f} KB ({sizes[-1][1]})")
    for url in ("/", "/rules/en-2026/", "/glossary/en-2026/", "/guides/pt-notes-2008", "/quality"):
        times = [timed_get(client, url)[0] * 1000 for _ in range(11)]
        print(f"  {url:28} p50 {statistics.median(times):6.2f} ms   {timed_get(client, url)[1] / 1024:5.1f} KB gzipped")


if __name__ == "__main__":
    main()
