"""Fuzzing the web app with hostile input: query strings, rule numbers, card texts and scenario files, from a
seeded generator (the same seed gives the same inputs). Each input goes through the real app (in process,
Flask's test client): search pages and the search API; rule pages and the rule API; a card text as the
card of a small scenario replayed by the sandbox; a mutated scenario file replayed likewise. Card texts also
go through `judge card read --stdin --json` (kind "cardtext"): one process, one JSON line in and out each;
an "internal error" line there is a traceback the command caught.

    .venv/bin/python benchmarks/fuzz.py [--count 10000] [--seed 15]
                                        [--kinds queries,rules,cards,scenarios,cardtext]

Prints, per kind: inputs, requests, statuses, 5xx, tracebacks (anything the app logged as an unhandled
error), and for replays how the sandbox answered (the "crash" kind is the engine failing on a text: no
traceback reaches the user, but each is a fault worth a look, printed with its first examples).
Targets (issue 15): 0 tracebacks, 0 5xx, and no engine crash; the script exits 1 when any kind misses one, so
a CI job or a loop can fail on it. `tests/web/test_fuzz.py` runs a small slice of the same generators.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge_app import paths  # noqa: E402

WORDS = ["trample", "deathtouch", "flying", "first", "strike", "combat", "damage", "mulligan", "ward", "hexproof",
         "atropelar", "arrollar", "toque", "mortífero", "vuelo", "voar", "regra", "regla", "rule", "what", "is",
         "o que é", "qué", "the", "stack", "priority", "cr", "layer", "counter", "+1/+1", "token", "commander"]
ODD = ["", " ", "\t", "\n", "\x00", "\x1b[31m", "\u202e", "\ufeff", "\ud7ff", "💥", "ﬁ", "ǅ", "İ", "ß", "٣", "߀",
       "<script>alert(1)</script>", "' OR 1=1 --", "%00", "../../etc/passwd", "\\", "*", "?", "~2", "^3", "AND",
       "OR", "NOT", '"', "(", ")", "[", "]", "{", "}", ":", "field:value", "a" * 300, "702." * 40, "\u0301" * 20]
REAL_RULES = ["100.1", "702.19b", "702.2c", "704.5k", "613.1f", "510.1c", "117.3a", "601.2", "303.4", "122.1",
              "1", "7", "702", "903.8", "800.4a"]
KEYWORDS = ["Flying", "Trample", "Deathtouch", "Lifelink", "Vigilance", "Haste", "Reach", "First strike",
            "Double strike", "Hexproof", "Indestructible", "Menace", "Defender", "Flash", "Ward {2}", "Protection "
            "from red", "Infect", "Wither", "Shroud", "Prowess"]
TEMPLATES = ["When ~ enters, ~ deals {n} damage to any target.", "Whenever ~ attacks, you gain {n} life.",
             "{T}: Add {C}.", "{n}{R}: ~ gets +{n}/+0 until end of turn.", "Creatures you control get +{n}/+{n}.",
             "When ~ dies, draw a card.", "Destroy target creature.", "Counter target spell.",
             "If ~ would die, exile it instead.", "~ can't block.", "Sacrifice ~: Add {G}.",
             "At the beginning of your upkeep, you lose {n} life.", "Prevent all combat damage that would be dealt."]


def _mix(rng: random.Random, parts: list[str], most: int) -> str:
    return rng.choice([" ", "", "  ", ", "]).join(rng.choice(parts) for _ in range(rng.randint(1, most)))


def _noise(rng: random.Random, size: int) -> str:
    return "".join(chr(rng.choice([rng.randint(32, 126), rng.randint(0, 0x2FF), rng.randint(0x300, 0xFFFF),
                                   rng.randint(0x10000, 0x10FFFF)])) for _ in range(size)).encode(
        "utf-8", "surrogatepass").decode("utf-8", "replace")


def queries(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.4:
        return _mix(rng, WORDS, 6)
    if roll < 0.6:
        return _mix(rng, WORDS + ODD, 8)
    if roll < 0.8:
        return rules(rng)
    return _noise(rng, rng.randint(1, 400))


def rules(rng: random.Random) -> str:
    roll = rng.random()
    number = f"{rng.randint(0, 1200)}" + rng.choice(["", ".", f".{rng.randint(0, 300)}",
                                                     f".{rng.randint(0, 300)}{rng.choice('abcxyzijkloq')}"])
    if roll < 0.3:
        return rng.choice(REAL_RULES) + rng.choice(["", "", "C", ".", " ", "a", "z"])
    if roll < 0.5:
        return rng.choice(["", "CR ", "cr", "regra ", "Regla ", "rule "]) + number + rng.choice(["", "C", ".", " "])
    if roll < 0.8:
        return number.replace(".", rng.choice([",", "..", "/", "．", "٫", " . "]))
    return _mix(rng, [*ODD, number], 4)


def cards(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.3:
        return ", ".join(rng.sample(KEYWORDS, rng.randint(1, 5)))
    if roll < 0.7:
        return " ".join(t.replace("{n}", str(rng.choice([0, 1, 3, 99, -1, 10 ** 9])))
                        for t in rng.sample(TEMPLATES, rng.randint(1, 3)))
    if roll < 0.9:
        return _mix(rng, KEYWORDS + TEMPLATES + WORDS + ODD, 6)
    return _noise(rng, rng.randint(1, 300))


def card_scenario(text: str) -> str:
    return ('title = "Fuzzed card"\nquestion = "?"\n[players.Alice]\n[players.Bob]\n[[cards]]\nid = "x"\n'
            f'name = "Fuzz"\nowner = "Alice"\ntype = "Creature — Test"\npt = "2/2"\ntext = {json.dumps(text)}\n'
            '[[cards]]\nid = "y"\nname = "Bear"\nowner = "Bob"\ntype = "Creature — Bear"\npt = "2/2"\n'
            '[[actions]]\ndo = "attack"\nattackers = ["x"]\n[[actions]]\ndo = "block"\nblockers = { y = "x" }\n')


_LIBRARY: list[str] = []


def scenarios(rng: random.Random) -> str:
    if not _LIBRARY:
        _LIBRARY.extend(p.read_text(encoding="utf-8") for p in sorted(paths.scenarios_dir().glob("*.toml")))
    lines = rng.choice(_LIBRARY).splitlines()
    for _ in range(rng.randint(1, 4)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        roll = rng.random()
        if roll < 0.2:
            del lines[i]
        elif roll < 0.35:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif roll < 0.55 and "=" in lines[i]:
            key = lines[i].split("=", 1)[0]
            value = rng.choice(["0", "-1", "999999999", "1e308", '"x"', "[]", "{}", "true", '"Alice"', '"~"',
                                json.dumps(_noise(rng, 8)), "[" * 50 + "]" * 50, '"702.19b"', '"graveyard"'])
            lines[i] = f"{key}= {value}"
        elif roll < 0.7:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        elif roll < 0.85:
            lines.insert(i, rng.choice(["[[actions]]", 'do = "cast"', 'do = "resolve"', 'do = "advance"',
                                        "[expect]", "until_turn = 40", '[players.Carol]', "[[cards]]"]))
        else:
            lines[i] = _noise(rng, rng.randint(1, 40))
    return "\n".join(lines) + "\n"


def requests_for(kind: str, value: str, index: int) -> Iterator[tuple[str, str, bytes | None]]:
    """The requests an input goes through (the HTML pages for one input in ten: they share the API's code)."""
    if kind == "queries":
        yield "GET", f"/api/search?q={quote(value)}", None
        if index % 10 == 0:
            yield "GET", f"/search?q={quote(value)}&doc=all", None
    elif kind == "rules":
        yield "GET", f"/api/rules/{('en-2026', 'pt-2019', 'es-2026')[index % 3]}/{quote(value, safe='')}", None
        if index % 10 == 0:
            yield "GET", f"/rules/en-2026/{quote(value, safe='')}", None
            yield "GET", f"/r/{quote(value, safe='')}", None
    elif kind == "cards":
        yield "POST", "/api/scenarios/run", card_scenario(value).encode("utf-8", "surrogatepass")
    else:
        yield "POST", "/api/scenarios/run", value.encode("utf-8", "surrogatepass")


GENERATORS: dict[str, Callable[[random.Random], str]] = {
    "queries": queries, "rules": rules, "cards": cards, "scenarios": scenarios}


class _Tracebacks(logging.Handler):
    """Counts what the app logs with a traceback (an unhandled error)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.records.append(record)


def fuzz(client, kind: str, count: int, seed: int) -> dict:
    """Send `count` generated inputs of `kind` through the app; what came back, counted."""
    rng = random.Random(f"{seed}-{kind}")
    caught = _Tracebacks()
    logging.getLogger().addHandler(caught)
    statuses: Counter = Counter()
    refusals: Counter = Counter()
    examples: dict[str, list] = {}
    requests = 0
    try:
        for index in range(count):
            value = GENERATORS[kind](rng)
            for method, url, body in requests_for(kind, value, index):
                response = client.open(url, method=method, data=body)
                requests += 1
                statuses[response.status_code] += 1
                if url.startswith("/api/scenarios/run") and response.status_code != 200:
                    refusal = (response.get_json(silent=True) or {}).get("kind", "?")
                    refusals[refusal] += 1
                    if refusal == "crash":
                        examples.setdefault("crash", []).append(response.get_json()["problem"][:160])
                if response.status_code >= 500:
                    examples.setdefault("5xx", []).append((url[:120], response.status_code))
    finally:
        logging.getLogger().removeHandler(caught)
    return {"inputs": count, "requests": requests, "statuses": dict(sorted(statuses.items())),
            "5xx": sum(n for s, n in statuses.items() if s >= 500), "tracebacks": len(caught.records),
            "refusals": dict(refusals), "examples": {k: v[:5] for k, v in examples.items()},
            "traceback_examples": [r.getMessage()[:160] for r in caught.records[:5]]}


TYPES = ["Creature — Bear", "Legendary Creature — Human Advisor", "Instant", "Sorcery", "Enchantment — Aura",
         "Artifact", "Land", "Planeswalker — Jace", "", "Tribal Instant — Elf", "☃"]


def fuzz_card_reader(count: int, seed: int) -> dict:
    """`count` generated card texts through `judge card read --stdin --json` in one process."""
    import subprocess

    rng = random.Random(f"{seed}-cardtext")
    lines = [json.dumps({"name": rng.choice(["Fuzz", "Teysa Karlov", "", _noise(rng, 5)]),
                         "type": rng.choice(TYPES), "text": cards(rng)}, ensure_ascii=rng.random() < 0.5)
             for _ in range(count)]
    for i in range(0, count, 97):  # and lines that are no card at all
        lines[i] = rng.choice(["not json", "", "[1, 2]", '{"text": 3}', "{" * 500, json.dumps({"text": "a" * 5000})])
    done = subprocess.run([sys.executable, "-c", "from judge_app.cli import main; main()", "card", "read",
                           "--stdin", "--json"], input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=3600, cwd=ROOT)
    results = [json.loads(line) for line in done.stdout.splitlines()]
    internal = [r["errors"][0]["message"] for r in results if any("internal error" in e["message"]
                                                                     for e in r.get("errors", []))]
    return {"inputs": count, "answered": len(results), "read": sum(1 for r in results if r.get("ok")),
            "exit": done.returncode, "tracebacks": done.stderr.count("Traceback") + len(internal),
            "examples": internal[:5] + done.stderr.splitlines()[-3:]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--kinds", default=",".join([*GENERATORS, "cardtext"]))
    options = parser.parse_args()
    kinds = options.kinds.split(",")
    faults = 0
    if "cardtext" in kinds:
        start = time.monotonic()
        found = fuzz_card_reader(options.count, options.seed)
        print(f"cardtext (judge card read): {found['inputs']} inputs, {found['answered']} answered, {found['read']} "
              f"read whole, exit {found['exit']}, tracebacks {found['tracebacks']} in "
              f"{time.monotonic() - start:.0f} s", flush=True)
        for example in found["examples"]:
            print(f"    {example}")
        faults += found["tracebacks"] + (found["exit"] != 0)
    web_kinds = [k for k in kinds if k != "cardtext"]
    if web_kinds:
        faults += fuzz_web(web_kinds, options.count, options.seed)
    if faults:
        print(f"FAILED: {faults} faults (5xx, tracebacks, engine crashes or a card reader that did not exit 0)")
        sys.exit(1)


def fuzz_web(kinds: list[str], count: int, seed: int) -> int:
    """Each web kind through the app in process; the number of faults found."""
    from judge_app.web import create_app

    faults = 0
    logging.basicConfig(level=logging.CRITICAL)  # the app's warnings would flood the output; errors are counted
    client = create_app().test_client()
    for kind in kinds:
        start = time.monotonic()
        found = fuzz(client, kind, count, seed)
        faults += found["5xx"] + found["tracebacks"] + found["refusals"].get("crash", 0)
        print(f"{kind}: {found['inputs']} inputs, {found['requests']} requests in {time.monotonic() - start:.0f} s; "
              f"statuses {found['statuses']}; 5xx {found['5xx']}; tracebacks {found['tracebacks']}"
              + (f"; replays refused by kind {found['refusals']}" if found["refusals"] else ""), flush=True)
        for label, shown in [*found["examples"].items(), ("traceback", found["traceback_examples"])]:
            for example in shown:
                print(f"    {label}: {example}")
    return faults


if __name__ == "__main__":
    main()
