"""Precision of the en-2019 → en-2026 alignment on random samples checked by hand.

    python benchmarks/alignment_precision.py          # precision per sample, from the recorded verdicts
    python benchmarks/alignment_precision.py --show   # the sampled rules, their links and both texts

The samples are drawn from the documents, not from the alignment: each rule gets a fixed pseudo-random
rank (a hash of the seed and its number) and a sample takes the lowest ranks among the rules that
qualify. A change to the aligner, or to the list of hand-checked rules, keeps the other rules drawn:
only the rules whose links changed need a new look.
Rules already in tests/test_alignment_cross_version.py are left out.
- uniform: 50 en-2019 rules, each with its 2026 counterpart(s) or "removed";
- reworded: 30 en-2019 rules whose words appear in no 2026 rule;
- hard: 20 of those whose 2026 namesake (the rule with the same number), if any, is not even
  similar (less than 80% of the words in order): the number gives no hint;
- new-looking: 20 en-2026 rules whose words appear in no 2019 rule, each with its 2019
  counterpart(s) or "added" (was a counterpart missed?).
The verdicts, given by reading both texts, are in alignment_precision_verdicts.json beside this script:
"correct", "debatable" (a judge could argue either way) or "wrong", with a note; the file also lists
the errors found while building the aligner that no sample happened to draw.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
from pathlib import Path

from judge_app import paths
from judge_app.alignment import load_alignment
from judge_app.alignment.features import similarity, tokens

SEED = 20260116
SIZES = {"uniform": 50, "reworded": 30, "hard": 20, "new-looking": 20}
HERE = Path(__file__).resolve().parent
VERDICTS = HERE / "alignment_precision_verdicts.json"
HAND_CHECKED = paths.PROJECT_ROOT / "tests" / "test_alignment_cross_version.py"


def _hand_checked() -> set[str]:
    text = HAND_CHECKED.read_text(encoding="utf-8")
    return set(re.findall(r'^\s*\("([\d.a-z]+)", (?:"[\d.a-z]+"|None), [A-Z]+\)', text, re.MULTILINE))


def _draw(sample: str, numbers: list[str]) -> list[str]:
    """`SIZES[sample]` of `numbers`, pseudo-randomly and stably (see the module docstring)."""
    return sorted(numbers, key=lambda n: hashlib.sha256(f"{SEED}:{sample}:{n}".encode()).hexdigest())[:SIZES[sample]]


def _links_of(links, side: str, number: str) -> list[dict]:
    found = [x for x in links if getattr(x, side) == number]
    return [{"from": x.old, "to": x.new, "relation": x.relation, "confidence": x.confidence, "reason": x.reason}
            for x in found]


def samples():
    """(sample name → [{"doc", "number", "links"}]), and the alignment."""
    alignment = load_alignment()
    rules = alignment.corpus.rules
    links = alignment.links("en-2019", "en-2026")
    skip = _hand_checked()
    words_2019 = {tuple(tokens(r.text)) for r in rules["en-2019"].values()}
    words_2026 = {tuple(tokens(r.text)) for r in rules["en-2026"].values()}
    old = [n for n, r in rules["en-2019"].items() if n not in skip and r.level in ("rule", "subrule", "section")]
    new = [n for n, r in rules["en-2026"].items() if r.level in ("rule", "subrule", "section")]
    reworded = [n for n in old if tuple(tokens(rules["en-2019"][n].text)) not in words_2026]
    drawn = {
        "uniform": [("en-2019", n) for n in _draw("uniform", old)],
        "reworded": [("en-2019", n) for n in _draw("reworded", reworded)],
        "hard": [("en-2019", n) for n in _draw("hard", [
            n for n in reworded if n not in rules["en-2026"]
            or similarity(tokens(rules["en-2019"][n].text), tokens(rules["en-2026"][n].text)) < 0.8])],
        "new-looking": [("en-2026", n) for n in _draw("new-looking", [
            n for n in new if tuple(tokens(rules["en-2026"][n].text)) not in words_2019])],
    }
    out = {name: [{"doc": doc, "number": n, "links": _links_of(links, "old" if doc == "en-2019" else "new", n)}
                  for doc, n in found] for name, found in drawn.items()}
    return out, alignment


def show(drawn, alignment) -> None:
    corpus = alignment.corpus
    for name, items in drawn.items():
        print(f"######## {name}")
        for item in items:
            print(f"=== {item['doc']} {item['number']}")
            shown = set()
            for link in item["links"]:
                print(f"  -- {link['from']} → {link['to']}  {link['relation']} {link['confidence']}  "
                      f"[{link['reason']}]")
                for doc, number in (("en-2019", link["from"]), ("en-2026", link["to"])):
                    if number and (doc, number) not in shown:
                        shown.add((doc, number))
                        rule = corpus.rules[doc][number]
                        where = " › ".join(a.heading for a in corpus.ancestors(doc, number))
                        print(f"     {doc} {number} ({where}): {rule.text}")


def _key(links: list[dict]) -> list[list]:
    return sorted([link["from"], link["to"], link["relation"]] for link in links)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="Print the sampled pairs with both texts.")
    args = parser.parse_args()
    drawn, alignment = samples()
    if args.show:
        show(drawn, alignment)
        return
    verdicts_file = json.loads(VERDICTS.read_text(encoding="utf-8"))
    recorded = verdicts_file["samples"]
    for name, items in drawn.items():
        verdicts = {v["number"]: v for v in recorded.get(name, [])}
        counted = {"correct": 0, "debatable": 0, "wrong": 0}
        paired = {"correct": 0, "debatable": 0, "wrong": 0}
        stale = []
        for item in items:
            verdict = verdicts.get(item["number"])
            if verdict is None or verdict["links"] != _key(item["links"]):
                stale.append(item)
                continue
            counted[verdict["verdict"]] += 1
            if any(link["from"] and link["to"] for link in item["links"]):
                paired[verdict["verdict"]] += 1
        checked = sum(counted.values())
        pairs = sum(paired.values())
        print(f"{name:11} {len(items)} drawn, {checked} checked: {counted['correct']} correct "
              f"({counted['correct'] / max(checked, 1):.0%}), {counted['debatable']} debatable, "
              f"{counted['wrong']} wrong; of the {pairs} paired, precision "
              f"{paired['correct'] / max(pairs, 1):.0%} ({paired['correct']}/{pairs}, "
              f"{(paired['correct'] + paired['debatable']) / max(pairs, 1):.0%} counting debatable as correct)")
        for item in items:
            verdict = verdicts.get(item["number"])
            if verdict and verdict["verdict"] != "correct" and item not in stale:
                print(f"            {verdict['verdict']}: {item['doc']} {item['number']}: {verdict['note']}")
        for item in stale:
            print(f"            to check again (its links changed): {item['doc']} {item['number']} "
                  f"{_key(item['links'])}")
    known = verdicts_file.get("known_errors_outside_the_samples", [])
    if known:
        print(f"known errors found outside the samples ({len(known)}):")
        for error in known:
            print(f"            {error['number']}: {error['found']}, should be {error['should_be']}")


if __name__ == "__main__":
    main()
