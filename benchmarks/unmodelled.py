"""Replays an ability the engine doesn't play no longer blocks (issue 29, item 3): before, a card with one such
ability refused the whole scenario as it loaded; now the ability stops the replay only if it would act.

    .venv/bin/python benchmarks/unmodelled.py [--show N]

Two sets of scenarios, each counted before and after in one run ("before" is what the loader did: a card whose text
`interpret.read_card` refuses, strictly, refused the scenario):

- the library with the cards' whole Oracle text: every library card typed by hand whose name is a card of the database
  with the same type line is given the database's text (a scenario often types only the lines it needs);
- the interaction set (`tests/data/interactions/*.toml`, issue 29 item 5), as written.

After: replayed with every expectation held, replayed to a different outcome (the whole text does more than the
lines the scenario typed), or stopped where an unmodelled ability would act (with the line).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge_app import paths  # noqa: E402
from judge_app.cards import load_cards  # noqa: E402
from judge_app.engine.characteristics import same_type_line  # noqa: E402
from judge_app.engine.interpret import CardTextError, Unplayable, read_card  # noqa: E402
from judge_app.engine.placeholders import read_for_replay  # noqa: E402
from judge_app.scenarios import ScenarioError, load, run  # noqa: E402
from judge_app.scenarios.model import Scenario  # noqa: E402

INTERACTIONS = ROOT / "tests" / "data" / "interactions"


def with_oracle_text(scenario: Scenario) -> tuple[Scenario, dict[str, str]] | None:
    """The scenario with each hand-typed card of the database given its whole Oracle text; None if none differs.
    Also each card's text, for the strict reading ("before")."""
    cards = load_cards()
    texts: dict[str, str] = {}
    changed = []
    for spec in scenario.cards:
        data = cards.get(spec.printed.name) if not spec.source and spec.line else None
        if data is None or data.missing_faces or not same_type_line(spec.printed.type_line, data.type_line):
            changed.append(spec)
            continue
        try:
            abilities = read_for_replay(data.text, data.face_name, data.type_line)
        except CardTextError:  # a line the grammar doesn't read: no scenario could take this text
            changed.append(spec)
            continue
        if [a.text for a in abilities] == [a.text for a in spec.printed.abilities]:
            changed.append(spec)
            continue
        texts[spec.id] = data.text
        printed = dataclasses.replace(spec.printed, abilities=tuple(abilities))
        changed.append(dataclasses.replace(spec, printed=printed))
    if not texts:
        return None
    return dataclasses.replace(scenario, cards=changed), texts


def refused_before(scenario: Scenario, texts: dict[str, str]) -> str:
    """What the loader refused before: the first card whose text the strict reading refuses ("" for none)."""
    for spec in scenario.cards:
        text = texts.get(spec.id)
        if text is None:
            continue
        try:
            read_card(text, spec.printed.name, spec.printed.type_line)
        except Unplayable as exc:
            return f"{spec.printed.name}: {exc}"
        except CardTextError:
            return ""
    return ""


def strict_texts(scenario: Scenario) -> dict[str, str]:
    """The interaction set's cards as written: their text is what the loader read (name-only cards: the database's)."""
    cards = load_cards()
    out = {}
    for spec in scenario.cards:
        data = cards.get(spec.printed.name) if spec.source else None
        if data is not None:
            out[spec.id] = data.text
        elif any(a.kind == "unmodelled" for a in spec.printed.abilities):
            out[spec.id] = "\n".join(a.text for a in spec.printed.abilities)
    return out


def after(scenario: Scenario) -> tuple[str, str]:
    outcome = run(scenario)
    if outcome.failure and "not modelled" in outcome.failure:
        return "stopped where an unmodelled ability acts", outcome.failure
    if outcome.ok:
        return "replayed, every expectation held", ""
    return "replayed, another outcome", outcome.failure or "; ".join(c.describe() for c in outcome.checks
                                                                      if not c.ok)


def measure(label: str, cases: list[tuple[str, Scenario, dict[str, str]]], show: int) -> None:
    before = [(name, s, why) for name, s, texts in cases if (why := refused_before(s, texts))]
    results = Counter()
    shown = []
    for name, scenario, _ in before:
        kind, detail = after(scenario)
        results[kind] += 1
        shown.append(f"{name}: {kind}" + (f" — {detail[:150]}" if detail else ""))
    print(f"{label}: {len(cases)} scenarios; refused as they loaded before: {len(before)}; now: "
          + (", ".join(f"{kind} {n}" for kind, n in results.most_common()) or "—"))
    for line in shown[:show]:
        print("    " + line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=0, help="print this many scenarios with what became of them")
    args = parser.parse_args()
    library = []
    for path in sorted(paths.scenarios_dir().glob("*.toml")):
        found = with_oracle_text(load(path))
        if found is not None:
            library.append((path.stem, *found))
    measure("library, the cards' whole Oracle text", library, args.show)
    interactions = []
    for path in sorted(p for p in INTERACTIONS.glob("*.toml") if p.stem != "cases"):
        try:
            scenario = load(path)
        except ScenarioError as exc:
            print(f"  {path.name}: {exc}")
            continue
        interactions.append((path.stem, scenario, strict_texts(scenario)))
    if interactions:
        measure("interaction set", interactions, args.show)


if __name__ == "__main__":
    main()
