"""How much real card text the grammar reads: the coverage corpus (tests/data/cards: the dev cards; with
--held-out also the two held-out sets, test and test2, measured only at the end of a tuning round, and
the whole corpus) and the whole ability texts quoted in the 2026 CR's Examples. Prints each figure and,
with --show, what failed and why. --fresh measures the set put aside before the last tuning round (test3).

    .venv/bin/python benchmarks/cardtext_coverage.py [--held-out] [--fresh] [--show]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge_app.cardtext import read  # noqa: E402
from judge_app.cardtext.examples import quoted_abilities  # noqa: E402
from judge_app.corpus import load_corpus  # noqa: E402

CARDS = ROOT / "tests" / "data" / "cards"


def load_half(half: str) -> list[dict]:
    return [json.loads(line) for line in (CARDS / f"{half}.jsonl").read_text(encoding="utf-8").splitlines() if line]


def measure_cards(cards: list[dict]) -> tuple[int, list[tuple[dict, list]]]:
    failed = []
    for card in cards:
        result = read(card["text"], name=card["name"], type_line=card["type"])
        if not result.ok:
            failed.append((card, result.errors))
    return len(cards) - len(failed), failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--held-out", action="store_true", help="also measure the held-out sets and the whole")
    parser.add_argument("--fresh", action="store_true", help="also measure test3, put aside before the last round")
    parser.add_argument("--show", action="store_true", help="list what failed, with the reason")
    args = parser.parse_args()
    halves = ["dev", "test", "test2"] if args.held_out else ["dev"]
    whole = [0, 0]
    for half in halves:
        cards = load_half(half)
        read_ok, failed = measure_cards(cards)
        whole[0] += read_ok
        whole[1] += len(cards)
        print(f"coverage corpus, {half}: {read_ok}/{len(cards)} cards read without error "
              f"({100 * read_ok / len(cards):.1f}%)")
        by_family = Counter(f for card, _ in failed for f in card["families"])
        if failed:
            print("  failures by family: " + ", ".join(f"{f}: {n}" for f, n in sorted(by_family.items())))
        if args.show:
            for card, errors in failed:
                for error in errors:
                    print(f"  {card['name']} [{','.join(map(str, card['families']))}] line {error.line} col "
                          f"{error.column}: {error.message[:140]}\n      {error.text[:160]}")
    if args.fresh:
        cards = load_half("test3")
        read_ok, failed = measure_cards(cards)
        print(f"fresh held-out set, test3: {read_ok}/{len(cards)} cards read without error "
              f"({100 * read_ok / len(cards):.1f}%)")
        if args.show:
            for card, errors in failed:
                print(f"  {card['name']}: {errors[0].message[:140]}\n      {errors[0].text[:160]}")
    if args.held_out:
        print(f"coverage corpus, whole: {whole[0]}/{whole[1]} cards read without error "
              f"({100 * whole[0] / whole[1]:.1f}%)")
    examples = quoted_abilities(load_corpus())
    failed_examples = [(text, read(text).errors) for text in examples]
    failed_examples = [(t, e) for t, e in failed_examples if e]
    done = len(examples) - len(failed_examples)
    print(f"CR 2026 examples: {done}/{len(examples)} quoted ability texts read ({100 * done / len(examples):.1f}%)")
    if args.show:
        for text, errors in failed_examples:
            print(f"  {text[:100]!r}: {errors[0].message[:120]}")


if __name__ == "__main__":
    main()
