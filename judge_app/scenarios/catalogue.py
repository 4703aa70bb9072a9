"""The scenario library as data to find scenarios by: each file's title, question, tags and the rules it cites.

    from judge_app.scenarios.catalogue import catalogue
    for summary in catalogue():                  # every readable file of scenarios/, by file name
        summary.id, summary.title, summary.tags, summary.answer_rules, summary.cited, summary.cards

The rules come from replaying each scenario (the engine cites a 2026 rule for everything it does) and from
the rule numbers its answer names. Replaying the library takes a second or two, so the result is kept in
`<data dir>/scenarios/catalogue-<key>.json`, keyed by the scenario files and the code that replays them: a
scenario added or changed is picked up on the next call, and nothing is replayed otherwise. A file that does
not load or replay is logged and left out. The search (`judge_app.search`) and the web app both read it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from judge_app import datafiles, paths

log = logging.getLogger("judge_app.scenarios")

KIND = "scenario-catalogue"  # the data file kind (judge_app.datafiles): JSON of the summaries
RULE_NUMBER = re.compile(r"\b[1-9]\d{2}\.\d+[a-z]?\b")
_CODE = ("engine", "scenarios", "cardtext")  # packages whose code decides what a replay cites
_lock = threading.Lock()
_memo: dict[str, list[Summary]] = {}  # by the folder's file names, times and sizes: a cheap check


@dataclass(frozen=True, slots=True)
class Summary:
    id: str  # the file name without .toml
    title: str
    question: str
    tags: tuple[str, ...]
    answer_rules: tuple[str, ...]  # rule numbers the answer (and question) name, in order
    cited: tuple[str, ...]  # every rule the replay cites, in order of first citation
    cards: tuple[str, ...] = ()  # the names of its cards, tokens left out (`card_names`)

    @classmethod
    def from_json(cls, data: dict) -> Summary:
        return cls(data["id"], data["title"], data["question"], tuple(data["tags"]), tuple(data["answer_rules"]),
                   tuple(data["cited"]), tuple(data["cards"]))

    def uses(self, names: Iterable[str]) -> bool:
        """Whether a card of this scenario bears one of `names` (a card's name or one of its faces')."""
        return not set(names).isdisjoint(self.cards)


def catalogue(folder: Path | None = None, data_dir: Path | None = None) -> list[Summary]:
    """Every scenario of `folder` (default: `paths.scenarios_dir()`), replayed once per change."""
    folder = Path(folder or paths.scenarios_dir())
    files = sorted(folder.glob("*.toml"))
    signature = folder_signature(folder, files)
    with _lock:
        if signature in _memo:
            return _memo[signature]
        key = _key(files)
        cache = Path(data_dir or paths.data_dir()) / "scenarios" / f"catalogue-{key}.json"
        found = _read(cache)
        if found is None:
            found = [s for s in (_summarise(path) for path in files) if s is not None]
            _write(cache, found)
        _memo.clear()  # only the current state of the folder is worth remembering
        _memo[signature] = found
        return found


def folder_signature(folder: Path | None = None, files: list[Path] | None = None) -> str:
    """The scenario folder's file names, times and sizes: a cheap look for a change."""
    folder = Path(folder or paths.scenarios_dir())
    files = sorted(folder.glob("*.toml")) if files is None else files
    return f"{folder}|" + "|".join(f"{p.name}:{p.stat().st_mtime_ns}:{p.stat().st_size}" for p in files)


def summarise(path: Path) -> Summary:
    """One scenario file, loaded and replayed (raises `ScenarioError` on a malformed file)."""
    from judge_app.scenarios.loader import load  # the engine: imported only when a scenario is replayed
    from judge_app.scenarios.runner import run

    scenario = load(path)
    outcome = run(scenario)
    named = RULE_NUMBER.findall(f"{scenario.question}\n{scenario.answer}")
    return Summary(id=path.stem, title=scenario.title, question=scenario.question.strip(), tags=tuple(scenario.tags),
                   answer_rules=tuple(dict.fromkeys(named)), cited=tuple(outcome.trace.cited()),
                   cards=card_names(scenario))


def card_names(scenario: Any) -> tuple[str, ...]:
    """The names of a loaded scenario's cards, each once, in the file's order; tokens are not cards of the
    database (111.1)."""
    return tuple(dict.fromkeys(card.printed.name for card in scenario.cards if not card.token and card.printed.name))


def _summarise(path: Path) -> Summary | None:
    from judge_app.scenarios.model import ScenarioError

    try:
        return summarise(path)
    except (ScenarioError, OSError) as exc:
        log.warning("scenario %s left out of the catalogue: %s", path.name, exc)
        return None


def _key(files: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    package = Path(__file__).resolve().parent.parent
    for name in _CODE:
        for source in sorted((package / name).rglob("*.py")):
            digest.update(source.read_bytes())
    return digest.hexdigest()[:20]


def _read(cache: Path) -> list[Summary] | None:
    payload = datafiles.read(cache, KIND)
    try:
        return None if payload is None else [Summary.from_json(item) for item in json.loads(payload)]
    except (ValueError, KeyError, TypeError):
        return None


def _write(cache: Path, summaries: list[Summary]) -> None:
    """Written as the project's other data files are (atomic, checksummed, the data directory's modes);
    older catalogues go."""
    try:
        datafiles.write_latest(cache, KIND, json.dumps([asdict(s) for s in summaries], ensure_ascii=False).encode(),
                               older="catalogue-*.json")
    except OSError as exc:  # a read-only or full data directory: replay again next time
        log.warning("scenario catalogue not cached: %s", exc)
