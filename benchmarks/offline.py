"""Offline packs and the static export (targets: a CR document's pack ≤ 1.5 MB gzipped with its search index;
a page from the pack opens in ≤ 100 ms on a phone-sized Chromium with 4× CPU throttling).

    python benchmarks/offline.py [--pages N] [--skip-export] [--skip-browser]

1. Each pack's size as sent (gzipped pages + gzipped search index, the index's two files) and build time.
2. In headless Chromium (phone screen, `Emulation.setCPUThrottlingRate` 4): `judge serve` is started,
   en-2026, es-2026 and pt-2019 are saved for offline use, then the server process is stopped (and the
   port checked to refuse connections) and N random rule pages of each are opened: the page-open time is
   the navigation's start to its `load` event (and to DOMContentLoaded, and to the service worker's answer),
   beside the same browser opening a blank page (the machine's floor). Then the same pages opened in place
   (static/pack-navigation.js), as a judge tapping a link does: a link to the page, put at the top of the
   screen, is tapped (DevTools mouse press and release) and timed from the tap's click event to the page's
   HTML read from the pack, to its content in the page, and to the first frame painted after that (the
   page's measures, `IN_PLACE`); target ≤ 100 ms median. Offline searches are timed from
   navigation to results drawn (the page's "judge-search-done" mark), and the development query set
   (benchmarks/search_queries.toml) is run on the browser indexes: recall@1, recall@5, MRR per kind, for
   the half used when tuning (even positions) and the half kept aside (odd).
3. `judge export static` of everything: files, size, time.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from judge_app import paths
from judge_app.search.evaluation import by_kind, load_cases
from judge_app.web import create_app, packs, static_export

sys.path.insert(0, str(paths.PROJECT_ROOT / "tests" / "web"))
from browsing import new_browser  # the browser tests' way of starting Chromium
from offline_proxy import refused
from running import free_port

BUDGET = 1.5e6
SAVED = ("en-2026", "es-2026", "pt-2019")
SEARCHES = {"en-2026": ["trample", "state based actions", "tramlpe blocker"], "es-2026": ["arrollar", "veneno"],
            "pt-2019": ["toque mortifero", "atropelar"]}


def pack_sizes(app) -> None:
    print("pack                 pages   pages gz   index gz   total gz   budget   build s")
    for pack in packs.available(app.extensions["judge_corpus"]):
        started = time.perf_counter()
        path = packs.pack_file(app, pack, "en")
        index = packs.index_files(app, pack.id) if pack.searchable else {}
        seconds = time.perf_counter() - started
        pages = len(json.loads(gzip.decompress(path.read_bytes()))["pages"])
        size = path.stat().st_size
        index_size = sum(p.stat().st_size for p in index.values())
        total = size + index_size
        mark = ("ok" if total <= BUDGET else "OVER") if pack.searchable else "-"
        print(f"{pack.id:18} {pages:7} {size / 1e6:8.2f} MB {index_size / 1e6:7.2f} MB {total / 1e6:8.2f} MB"
              f" {mark:>6} {seconds:9.1f}")
    print("(build times are 0 when this version was built before: packs are kept in the data directory)")


def start_server() -> tuple[subprocess.Popen, str]:
    port = free_port()
    command = [sys.executable, "-c", "from judge_app.cli import main; main()", "serve", "--port", str(port),
               "--workers", "2"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "/", timeout=2):
                return process, base
        except OSError:
            time.sleep(0.3)
    process.kill()
    raise SystemExit("judge serve did not start")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def browser_figures(app, pages: int) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    corpus = app.extensions["judge_corpus"]
    process, base = start_server()
    driver = new_browser(javascript=True)
    try:
        driver.get(base + "/offline/")
        started = time.perf_counter()
        for pack in SAVED:
            driver.find_element(By.CSS_SELECTOR, f'button[data-pack="{pack}"][data-action="save"]').click()
        WebDriverWait(driver, 900).until(lambda d: all(
            d.find_element(By.CSS_SELECTOR, f"#pack-{p} .pack-state").text.startswith("Saved") for p in SAVED))
        print(f"\nsaving {', '.join(SAVED)} (server building what it had not built): "
              f"{time.perf_counter() - started:.1f} s")

        ranks = search_quality(driver, base)

        process.terminate()
        process.wait(timeout=30)
        assert refused(base + "/"), "the server still answers"
        print("server stopped; its port refuses connections: every page below comes from the saved packs")
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
        print(f"(load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: a busy machine slows all)")
        rng = random.Random(7)
        floor = blank_page_floor(driver, pages)
        print(f"\nthe floor, a blank page (no style, no script) opened {pages} times the same way: load p50 "
              f"{statistics.median(floor):.0f} ms, p90 {percentile(floor, 0.9):.0f} ms")
        opened = {}
        print("\noffline page open, 4x CPU throttling, phone screen    load p50   p90   DOMContentLoaded p50"
              "   worker answered p50")
        for doc in SAVED:
            numbers = rng.sample(list(corpus.rules[doc]), pages)
            loads, ready, answered = [], [], []
            for number in numbers:
                driver.get(f"{base}/rules/{doc}/{number}")
                assert driver.find_elements(By.CSS_SELECTOR, ".offline-status"), number
                timing = driver.execute_script(
                    "const n = performance.getEntriesByType('navigation')[0];"
                    "return [n.loadEventEnd, n.domContentLoadedEventEnd, n.responseEnd];")
                loads.append(timing[0])
                ready.append(timing[1])
                answered.append(timing[2])
            print(f"  {doc}: {len(numbers)} rule pages{'':25}{statistics.median(loads):6.0f} ms "
                  f"{percentile(loads, 0.9):5.0f} ms {statistics.median(ready):8.0f} ms "
                  f"{statistics.median(answered):12.0f} ms")
            opened[doc] = numbers
        print("\nthe same pages opened in place (a link tapped), 4x CPU throttling, from the tap:"
              "\n                               read from the pack p50   in the page p50   painted p50    p90    max")
        for doc, numbers in opened.items():
            read, built, shown = zip(*in_place_times(driver, base, doc, numbers), strict=True)
            print(f"  {doc}: {len(shown)} rule pages {statistics.median(read):14.0f} ms "
                  f"{statistics.median(built):14.0f} ms {statistics.median(shown):11.0f} ms "
                  f"{percentile(shown, 0.9):4.0f} ms {max(shown):4.0f} ms")
        print(f"(load average now {os.getloadavg()[0]:.1f})")
        print("\noffline search, 4x CPU throttling: navigation → results drawn (index loaded and searched)")
        for doc, queries in SEARCHES.items():
            for query in queries:
                driver.get(f"{base}/search?{urllib.parse.urlencode({'q': query, 'doc': doc})}")
                done = WebDriverWait(driver, 30).until(lambda d: d.execute_script(
                    "const m = performance.getEntriesByName('judge-search-done');"
                    "return m.length ? m[0].startTime : null;"))
                first = driver.find_element(By.CSS_SELECTOR, "#offline-hits li a").get_attribute("href")
                print(f"  {doc} {query!r}: {done:.0f} ms, first hit {first.removeprefix(base)}")
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
        report_quality(ranks)
    finally:
        driver.quit()
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=30)


TAP_LINK = """
    let link = document.getElementById("benchmark-link");
    if (!link) {
      link = document.createElement("a");
      link.id = "benchmark-link";
      link.textContent = "next page";
      link.style.cssText = "position:fixed;top:0;left:0;z-index:9;padding:1rem;background:#fff";
      document.body.appendChild(link);
    }
    link.href = arguments[0];
    const box = link.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];"""


IN_PLACE = ["judge-page-read", "judge-page-built", "judge-page-shown"]  # static/pack-navigation.js's measures


def in_place_times(driver, base: str, doc: str, numbers: list[str]) -> list[list[float]]:
    """For each rule page opened in place from a page of the same document, in ms from the tap: its HTML read
    from the pack, its content in the page, the frame showing it painted (`IN_PLACE`)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(f"{base}/rules/{doc}/")
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("data-in-place"))
    driver.execute_script("window.benchmarkSameDocument = true")
    out = []
    for count, number in enumerate(numbers, 1):
        x, y = driver.execute_script(TAP_LINK, f"/rules/{doc}/{number}")
        for kind in ("mousePressed", "mouseReleased"):
            driver.execute_cdp_cmd("Input.dispatchMouseEvent",
                                   {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})
        out.append(WebDriverWait(driver, 30).until(lambda d, n=count: d.execute_script(
            "const [n, names] = arguments;"
            "const m = names.map(name => performance.getEntriesByName(name));"
            "return m.every(e => e.length >= n) ? m.map(e => e[n - 1].duration) : null;", n, IN_PLACE)))
        assert driver.current_url == f"{base}/rules/{doc}/{number}", (driver.current_url, number)
        assert driver.find_element(By.CSS_SELECTOR, "main h1").text.startswith(number), number
    assert driver.execute_script("return window.benchmarkSameDocument === true"), "a page loaded, not shown in place"
    return out


BLANK = "data:text/html,<!doctype html><html lang=en><meta charset=utf-8><title>{n}</title><p>page {n}"


def blank_page_floor(driver, pages: int) -> list[float]:
    """Load times of a page with nothing to do, in the same browser and throttling: what opening any page
    costs on this machine at this moment (the CPU is shared), to read the figures below against."""
    out = []
    for n in range(pages):
        driver.get(BLANK.format(n=n))
        out.append(driver.execute_script("return performance.getEntriesByType('navigation')[0].loadEventEnd"))
    return out


def search_quality(driver, base: str) -> list[int | None]:
    cases = load_cases()
    driver.get(base + "/offline/search")
    driver.set_script_timeout(300)
    results = driver.execute_async_script("""
        const [cases, done] = arguments;
        const indexes = {};
        (async () => {
          const out = [];
          for (const [q, doc] of cases) {
            if (!indexes[doc]) indexes[doc] = await JudgeOfflineSearch.load(
              "/offline/" + doc + "/index.json", "/offline/" + doc + "/minisearch.json");
            const r = indexes[doc].query(q);
            if (r.number) out.push(r.entry ? [[r.entry[0], r.entry[1]]] : []);
            else out.push(r.hits.slice(0, 10).map(h => [h.entry[0], h.entry[1]]));
          }
          return out;
        })().then(done, e => done(String(e)));""", [[c.q, c.doc] for c in cases])
    return [case.rank([tuple(h) for h in hits]) for case, hits in zip(cases, results, strict=True)]


def report_quality(ranks: list[int | None]) -> None:
    cases = load_cases()
    print("\nbrowser search quality on the development query set (crosslang is not an offline goal: one document)")
    print("  half                kind          n   R@1   R@5   MRR")
    for name, keep in (("tuned (even)", 0), ("kept aside (odd)", 1)):
        chosen = [i for i in range(len(cases)) if i % 2 == keep]
        table = by_kind([cases[i] for i in chosen], [ranks[i] for i in chosen])
        for kind, q in table.items():
            print(f"  {name:18}  {kind:12} {q.queries:3}  {q.recall_at_1:.2f}  {q.recall_at_5:.2f}  {q.mrr:.2f}")


def export_figures(app) -> None:
    with tempfile.TemporaryDirectory() as folder:
        report = static_export.export(app, Path(folder))
        print(f"\nstatic export, every document: {report.files} files ({report.pages} pages), "
              f"{report.bytes / 1e6:.1f} MB, {report.seconds:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=30, help="rule pages opened offline per document")
    parser.add_argument("--skip-export", action="store_true")
    parser.add_argument("--skip-browser", action="store_true")
    args = parser.parse_args()
    app = create_app()
    pack_sizes(app)
    if not args.skip_browser:
        browser_figures(app, args.pages)
    if not args.skip_export:
        export_figures(app)


if __name__ == "__main__":
    main()
