"""How much of the card text the grammar reads the engine also plays: of the abilities read without error in the
coverage corpus (tests/data/cards: both halves, then each) and in the whole ability texts quoted in the 2026 CR's
Examples, how many `judge_app.engine.interpret` turns into abilities the engine plays, and why the others are refused.

    .venv/bin/python benchmarks/play_coverage.py [--show N]

An ability is counted on its own: a card with three abilities counts three times. "Plays" means the engine
builds it without refusing it (`Unplayable`); scenarios (scenarios/*.toml) check that what it builds is right.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge_app.cardtext import read  # noqa: E402
from judge_app.cardtext.examples import quoted_abilities  # noqa: E402
from judge_app.corpus import load_corpus  # noqa: E402
from judge_app.engine.interpret import Unplayable, ability  # noqa: E402
from judge_app.engine.placeholders import acting  # noqa: E402

CARDS = ROOT / "tests" / "data" / "cards"


def measure(texts: list[tuple[str, str | None, str | None]]) -> tuple[int, int, int, Counter[str], list[str]]:
    """(abilities read, played, cards fully played, refusal reasons, examples of refusals) over (text, name,
    type line) triples. `ACTS` counts, of the abilities refused, when each would stop a replay (`placeholders`)."""
    read_count = played = whole = 0
    reasons: Counter[str] = Counter()
    examples: list[str] = []
    ACTS.clear()
    for text, name, type_line in texts:
        card = read(text, name=name, type_line=type_line)
        refused = False
        for node in card.abilities:
            read_count += 1
            try:
                ability(node)
            except Unplayable as exc:
                refused = True
                reasons[_reason(exc)] += 1
                u = acting(node, exc, permanent=not type_line or not any(
                    t in type_line.lower() for t in ("instant", "sorcery")))
                ACTS[_when(u.acts, u.exact, u.verbs)] += 1
                examples.append(f"{name or '—'}: {exc}")
            else:
                played += 1
        whole += bool(card.abilities) and not refused and not card.errors
    return read_count, played, whole, reasons, examples


ACTS: Counter[str] = Counter()


def _when(acts: str, exact: bool, verbs: tuple[str, ...]) -> str:
    """When an ability refused would stop a replay (issue 29, item 3)."""
    if acts == "triggered":
        return "when its event happens" + (" (read exactly)" if exact else " (or might: " + (
            "the events it names)" if verbs else "any event)"))
    return {"activated": "when activated", "static": "where it functions", "cast": "when cast",
            "never": "never (outside the game)"}[acts]


def _reason(exc: Unplayable) -> str:
    """The kind of refusal: the keyword, the verb, or the part of the text ("a static ability with a condition")."""
    what = exc.what
    verb = re.search(r"\(([a-z' ]+)\)$", what)
    if verb and what.startswith("the instruction"):
        return f"instruction: {verb.group(1)}"
    if re.fullmatch(r"[a-z' -]+", what):
        return f"keyword: {what}"
    return re.sub(r"\"[^\"]*\"", "\"…\"", what).split(" in ")[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=0, help="print this many refused abilities with the reason")
    args = parser.parse_args()
    halves = {half: [json.loads(line) for line in (CARDS / f"{half}.jsonl").read_text(encoding="utf-8").splitlines()
                     if line] for half in ("dev", "test")}
    sets = {
        "coverage corpus": [(c["text"], c["name"], c["type"]) for cards in halves.values() for c in cards],
        **{f"  of which the {half} half": [(c["text"], c["name"], c["type"]) for c in cards]
           for half, cards in halves.items()},
        "CR examples": [(text, None, None) for text in quoted_abilities(load_corpus())],
    }
    for label, texts in sets.items():
        read_count, played, whole, reasons, examples = measure(texts)
        print(f"{label}: {len(texts)} texts; {read_count} abilities read; the engine plays {played} "
              f"({100 * played / max(read_count, 1):.1f}%); texts played whole: {whole}")
        if label.startswith(" "):
            continue  # a half: its figures only
        print("  refused, most common: " + "; ".join(f"{r} ×{n}" for r, n in reasons.most_common(12)))
        print("  a refused ability stops a replay only: " + "; ".join(f"{w} ×{n}" for w, n in ACTS.most_common()))
        for line in examples[: args.show]:
            print("    " + line[:160])


if __name__ == "__main__":
    main()
