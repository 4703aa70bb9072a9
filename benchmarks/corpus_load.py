"""Cold parse and warm load of the whole corpus (targets: cold < 5 s, warm < 0.5 s).

    python benchmarks/corpus_load.py [--runs N]

Cold: every document parsed, numbered and linked from the source files, no cache.
Warm: the compiled cache file read back (what a fresh process does when nothing changed).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from timing import timed

from judge_app import paths
from judge_app.corpus import build_corpus, cache


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    corpus_dir = paths.corpus_dir()
    cold = timed(lambda: build_corpus(corpus_dir), args.runs)
    corpus = build_corpus(corpus_dir)
    with tempfile.TemporaryDirectory() as tmp:
        path = cache.cache_path(Path(tmp), cache.cache_key(corpus_dir))
        cache.store(corpus, path)
        warm = timed(lambda: cache.load(path), args.runs * 4)
        size = path.stat().st_size
    key = timed(lambda: cache.cache_key(corpus_dir), args.runs * 4)

    print(f"documents: {len(corpus.documents)}, rules: {sum(len(r) for r in corpus.rules.values())}, "
          f"glossary entries: {sum(len(g) for g in corpus.glossary.values())}")
    print(f"cold parse  median {statistics.median(cold):.3f} s  (min {min(cold):.3f}, max {max(cold):.3f}, "
          f"runs {len(cold)})  target < 5 s")
    print(f"warm load   median {statistics.median(warm) + statistics.median(key):.3f} s  "
          f"(cache read {statistics.median(warm):.3f} s + source hashing {statistics.median(key):.3f} s, "
          f"cache {size / 1e6:.1f} MB)  target < 0.5 s")
    print(f"cold / warm ratio {statistics.median(cold) / (statistics.median(warm) + statistics.median(key)):.1f}")


if __name__ == "__main__":
    main()
