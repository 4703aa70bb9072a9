"""The whole card pool: of every card of the database (`judge_app.cards`, 35,033 cards), how many the card-text
grammar reads completely, and how many the engine plays completely (every ability built, none refused), with the
refusals that block most cards.

    .venv/bin/python benchmarks/cardpool.py [--part dev|test|all] [--sample N] [--jobs N] [--show N] [--json] [--check]

The pool is split once and for all by a hash of each card's name: a random fifth is the test part, measured only at
the end of a round of work on the grammar or the engine; the rest (dev) is what one tunes on. The default is dev.

- "read completely": `judge_app.cardtext.read` gives no error for any line (a card with no text counts as read);
  an internal error (an exception inside the reader) is counted apart: each one is a bug.
- "played completely": read completely, and `judge_app.engine.interpret` builds every ability without refusing
  one (`Unplayable`): what the engine would replay. Scenarios check that what it builds is right.
- "traditional": the same figures without nontraditional cards (planes, schemes, vanguards …) and Alchemy cards.
- `--check` (never silent, issue 29): each card played completely is also put through the probes of
  `judge_app.engine.inert` — what the engine accepted must act on a board — and the inert cases are counted by family
  (cards probed, cards found inert) with examples.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge_app.cards import Card, load_cards  # noqa: E402

TEST_SHARE = 5  # one card in five is the test part


def part(name: str) -> str:
    """"test" for a random fifth of the pool (by a hash of the card's name), else "dev"."""
    return "test" if hashlib.sha256(name.encode("utf-8")).digest()[0] % TEST_SHARE == 0 else "dev"


@dataclass
class Verdict:
    name: str
    read: bool
    internal: bool
    played: bool
    refusals: list[str] = field(default_factory=list)  # the kinds of refusal, once each
    example: str = ""  # the first line not read, or the first refusal
    probed: list[str] = field(default_factory=list)  # --check: the probes' families that judged the card
    inert: list[tuple[str, str, str]] = field(default_factory=list)  # --check: (family, ability, why) found inert


def judge(card: Card, check: bool = False) -> Verdict:
    """How the grammar and the engine take one card (and with `check`, what the probes find inert in it)."""
    from judge_app.cardtext import read
    from judge_app.engine.interpret import Unplayable, ability, read_card

    reading = read(card.text, name=card.face_name, type_line=card.type_line)
    if reading.errors:
        error = reading.errors[0]
        internal = any("internal error" in e.message for e in reading.errors)
        return Verdict(card.name, False, internal, False, ["not read"], f"{error.line}:{error.column} {error.message}")
    refusals: list[str] = []
    example = ""
    for node in reading.abilities:
        try:
            ability(node)
        except Unplayable as exc:
            refusals.append(reason(exc))
            example = example or f"{exc.what} ({exc.rule}): {node.text[:100]}"
        except Exception as exc:  # an engine bug is a refusal of its own kind, never a crash of the measure
            refusals.append(f"internal error: {type(exc).__name__}")
            example = example or f"internal error {exc!r}: {node.text[:100]}"
    if not refusals:
        try:
            read_card(card.text, card.face_name, card.type_line)
        except Unplayable as exc:
            refusals.append(reason(exc))
            example = f"{exc.what} ({exc.rule})"
        except Exception as exc:
            refusals.append(f"internal error: {type(exc).__name__}")
            example = f"internal error {exc!r}"
    verdict = Verdict(card.name, True, False, not refusals, sorted(set(refusals)), example)
    if check and verdict.played:
        probe_card(card, verdict)
    return verdict


def probe_card(card: Card, verdict: Verdict) -> None:
    """The never-silent probes (`judge_app.engine.inert`) on a card the engine plays; an exception is an inert case
    of its own kind (a bug), never a crash of the measure."""
    from judge_app.engine.inert import probe

    def number(value: str | None) -> int:
        found = re.match(r"-?\d+", value or "")
        return int(found.group()) if found else 0  # a star counts 0 (208.2a)

    pt = (number(card.power), number(card.toughness)) if card.power is not None else None
    try:
        found = probe(card.text, card.face_name, card.type_line, card.mana_cost or "", pt)
    except Exception as exc:
        verdict.inert.append(("probe error", type(exc).__name__, str(exc)[:150]))
        return
    verdict.probed = sorted(set(found.probed))
    verdict.inert = [(i.family, i.ability, i.why) for i in found.inert]


def reason(exc) -> str:
    """The kind of refusal: the keyword, the verb, or the part of the text."""
    what = exc.what
    kind = re.search(r"\((event|kind|with a condition|from a zone): ([^)]*)\)$", what)
    if kind:  # "the trigger event "…" (event: become the target)": grouped by the kind of phrase, not its words
        head = re.sub(r"\"[^\"]*\"", "\"…\"", what[: kind.start()]).strip()
        return f"{head} ({kind.group(1)}: {kind.group(2).split(',')[0]})"
    verb = re.search(r"\(([a-z' ]+)\)$", what)
    if verb and what.startswith("the instruction"):
        return f"instruction: {verb.group(1)}"
    if re.fullmatch(r"[a-z' -]+", what):
        return f"keyword: {what}"
    head = re.sub(r"\"[^\"]*\"", "\"…\"", what).split(" in ")[0]
    return f"{head} ({exc.rule})" if head.startswith("\"…\"") else head  # bare words: grouped by their rule


def _judge_many(cards: list[Card], check: bool = False) -> list[Verdict]:
    from judge_app.cardtext.reader import warm_up

    warm_up()
    return [judge(card, check) for card in cards]


def measure(cards: list[Card], jobs: int, check: bool = False) -> list[Verdict]:
    if jobs <= 1:
        return _judge_many(cards, check)
    chunks = [cards[i::jobs * 8] for i in range(jobs * 8)]
    with ProcessPoolExecutor(jobs) as pool:
        return [verdict for chunk in pool.map(_judge_many, chunks, [check] * len(chunks)) for verdict in chunk]


def summary(verdicts: list[Verdict], cards: dict[str, Card]) -> dict[str, object]:
    total = len(verdicts)
    traditional = [v for v in verdicts if not (cards[v.name].nontraditional or cards[v.name].alchemy)]
    blocked: Counter[str] = Counter(r for v in verdicts if v.read for r in v.refusals)
    return {
        "cards": total,
        "read": sum(v.read for v in verdicts),
        "played": sum(v.played for v in verdicts),
        "internal_errors": [v.name for v in verdicts if v.internal or any("internal" in r for r in v.refusals)],
        "traditional": {"cards": len(traditional), "read": sum(v.read for v in traditional),
                        "played": sum(v.played for v in traditional)},
        "refusals": blocked.most_common(),
        "probed": Counter(f for v in verdicts for f in v.probed).most_common(),
        "inert": Counter(f for v in verdicts for f in {i[0] for i in v.inert}).most_common(),
    }


def _share(part_: int, whole: int) -> str:
    return f"{part_} ({100 * part_ / max(whole, 1):.1f}%)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--sample", type=int, default=0, help="only this many cards of the part (by hash order)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--show", type=int, default=0, help="print this many cards not read or not played")
    parser.add_argument("--top", type=int, default=25, help="refusal kinds listed")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--check", action="store_true", help="also probe what is played for inert abilities")
    args = parser.parse_args()
    database = load_cards()
    cards = [c for c in database if args.part == "all" or part(c.name) == args.part]
    if args.sample:
        cards = sorted(cards, key=lambda c: hashlib.sha256(c.name.encode()).digest())[: args.sample]
    started = time.perf_counter()
    verdicts = measure(cards, args.jobs, args.check)
    figures = summary(verdicts, {c.name: c for c in cards})
    figures["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(figures, ensure_ascii=False, indent=1))
        return
    total = figures["cards"]
    print(f"card pool, part {args.part}{f' (sample {args.sample})' if args.sample else ''}: {total} cards "
          f"({figures['seconds']} s)")
    print(f"  read completely by the grammar: {_share(figures['read'], total)}")
    print(f"  played completely by the engine: {_share(figures['played'], total)}")
    trad = figures["traditional"]
    print(f"  traditional, non-Alchemy cards ({trad['cards']}): read {_share(trad['read'], trad['cards'])}, "
          f"played {_share(trad['played'], trad['cards'])}")
    print(f"  internal errors: {len(figures['internal_errors'])} {figures['internal_errors'][:10]}")
    print("  refusals by cards blocked (a card read but not played counts once per kind):")
    for kind, count in figures["refusals"][: args.top]:
        print(f"    {count:6}  {kind}")
    for verdict in [v for v in verdicts if not v.played][: args.show]:
        print(f"  {verdict.name}: {verdict.example[:150]}")
    if args.check:
        probed = dict(figures["probed"])
        print("  never silent — cards found inert / cards probed, by family (judge_app.engine.inert):")
        for family in sorted(probed, key=lambda f: -probed[f]):
            print(f"    {dict(figures['inert']).get(family, 0):6} / {probed[family]:<6} {family}")
        for verdict in [v for v in verdicts if v.inert][: max(args.show, 10)]:
            for family, ability, why in verdict.inert:
                print(f"  {verdict.name} — {family}: \"{ability[:80]}\": {why[:120]}")


if __name__ == "__main__":
    main()
