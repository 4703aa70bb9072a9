"""Rule recall on the interaction set (issue 29, item 5): of the rules a judge would cite for each interaction, how
many the replay's trace cites, and whether the replay's outcome is right.

    .venv/bin/python benchmarks/interactions.py [--blind] [--show]

The set is `tests/data/interactions/`: one scenario per interaction on real cards (from the CR's Examples and from
other open-source engines' tests), its expectations the outcome; `cases.toml` gives each case's source and the
rules a judge would cite, written from the 2026 CR before the case was first replayed, and its part: "tune" (what
the trace's explanations were worked on with) or "blind" (a third of the cases, chosen by a hash of the name before
any was replayed; `--blind` measures it, once, at the end of a round).

Recall: cited rules of the judge's list / rules in the list, summed over the cases (a case the engine refuses counts
with what its trace cites before the refusal). Outcome: every expectation held, or refused ("not modelled"), or
wrong (an expectation failed, or an action was refused the scenario didn't expect).
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge_app.scenarios import load, run  # noqa: E402

FOLDER = ROOT / "tests" / "data" / "interactions"


def cases(part: str) -> list[dict]:
    data = tomllib.loads((FOLDER / "cases.toml").read_text(encoding="utf-8"))
    return [c for c in data["case"] if c["part"] == part]


def measure(case: dict) -> tuple[str, list[str], list[str]]:
    """(outcome, the judge's rules cited, those missing)."""
    outcome = run(load(FOLDER / f"{case['name']}.toml"))
    cited = set(outcome.trace.cited())
    found = [r for r in case["rules"] if r in cited]
    missing = [r for r in case["rules"] if r not in cited]
    if outcome.ok:
        kind = "right"
    elif outcome.failure and "not modelled" in outcome.failure:
        kind = "refused"
    else:
        kind = "wrong"
    return kind, found, missing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blind", action="store_true", help="the blind third (measured once, at the end)")
    parser.add_argument("--show", action="store_true", help="each case: its outcome and the rules missing")
    args = parser.parse_args()
    part = "blind" if args.blind else "tune"
    chosen = cases(part)
    totals = {"right": 0, "refused": 0, "wrong": 0}
    found_all = wanted_all = found_played = wanted_played = 0
    missing_count: dict[str, int] = {}
    for case in chosen:
        kind, found, missing = measure(case)
        totals[kind] += 1
        found_all += len(found)
        wanted_all += len(case["rules"])
        if kind != "refused":
            found_played += len(found)
            wanted_played += len(case["rules"])
        for rule in missing:
            missing_count[rule] = missing_count.get(rule, 0) + 1
        if args.show:
            print(f"  {case['name']}: {kind}" + (f"; missing {', '.join(missing)}" if missing else ""))
    print(f"interaction set, {part} part: {len(chosen)} cases; outcome right {totals['right']}, refused "
          f"{totals['refused']}, wrong {totals['wrong']}")
    print(f"  rule recall: {found_all}/{wanted_all} = {found_all / max(wanted_all, 1):.3f}; on the cases replayed: "
          f"{found_played}/{wanted_played} = {found_played / max(wanted_played, 1):.3f}")
    if missing_count:
        print("  missing, most often: " + ", ".join(f"{r} ×{n}" for r, n in
                                                   sorted(missing_count.items(), key=lambda x: -x[1])[:12]))


if __name__ == "__main__":
    main()
