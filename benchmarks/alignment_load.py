"""Aligning every CR document, cold and warm (target: cold < 30 s; warm well under a second).

    python benchmarks/alignment_load.py [--runs N]

Cold, all: the corpus parsed from the sources and every alignment built, no cache at all.
Cold, alignment only: the alignments built from a corpus already in memory.
Warm: the compiled alignment cache read back and wrapped (what a fresh process does when nothing
changed), including hashing the sources and the code for the cache key.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from timing import timed

from judge_app import paths
from judge_app.alignment import Alignment, build_alignment, cache
from judge_app.alignment.build import build
from judge_app.corpus import build_corpus


def line(label: str, times: list[float], target: str = "") -> str:
    return (f"{label:22} median {statistics.median(times):7.3f} s  (min {min(times):.3f}, max {max(times):.3f}, "
            f"runs {len(times)})  {target}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    corpus_dir = paths.corpus_dir()
    cold_all = timed(lambda: build_alignment(build_corpus(corpus_dir)), args.runs)
    corpus = build_corpus(corpus_dir)
    cold_alignment = timed(lambda: build(corpus), args.runs)
    data = build(corpus)
    with tempfile.TemporaryDirectory() as tmp:
        path = cache.cache_path(Path(tmp), cache.cache_key(corpus_dir))
        cache.store(data, path)
        warm = timed(lambda: Alignment(corpus, cache.load(path)), args.runs * 4)
        size = path.stat().st_size
    key = timed(lambda: cache.cache_key(corpus_dir), args.runs * 4)

    links = sum(len(v) for v in data.links.values())
    print(f"aligned documents: {len({d for pair in data.links for d in pair})}, link sets: {len(data.links)}, "
          f"links: {links}")
    print(line("cold (parse + align)", cold_all, "target < 30 s"))
    print(line("cold (align only)", cold_alignment))
    warm_total = [w + statistics.median(key) for w in warm]
    print(line("warm (cache + key)", warm_total, f"cache {size / 1e6:.1f} MB; key hashing "
                                                   f"{statistics.median(key):.3f} s"))
    print(f"cold / warm ratio {statistics.median(cold_all) / statistics.median(warm_total):.0f}")


if __name__ == "__main__":
    main()
