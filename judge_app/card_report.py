"""A card as a judge looks it up: its characteristics from the database, how the grammar reads each ability and
whether the engine plays it, the CR rules it cites, the library scenarios that use it, and where the data came
from. What `judge card show`, `/cards/<name>` and `/api/cards/<name>` show.

    from judge_app.card_report import report
    shown = report(card, scenarios=catalogue())   # a `Card` of `judge_app.cards`
    shown.abilities          # each ability as `judge card read --json` gives it, with "played" and "refusal"
    shown.summaries          # each as `render.summary` gives it (kind, cost, trigger …), with the same marks
    shown.rules              # 2026 rule numbers its abilities and keywords cite, in order
    shown.as_json(title)     # the JSON of `judge card show --json`, each rule with title(number)

Reading a card and asking the engine costs the parser's and the engine's imports (most of a second), so the
verdicts are remembered in the card-text readings memo (`cardtext/memo.py`), keyed by the card's text, name and
type line and by the code of the grammar and the engine: a card looked at before costs neither import.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from judge_app.cards import Card
from judge_app.cards.source import Provenance

_ENGINE = Path(__file__).resolve().parent / "engine"
_working = threading.Lock()


class ScenarioCards(Protocol):
    """A library scenario as the catalogue (`scenarios.catalogue.Summary`) or the web's library describes it."""

    id: str
    title: str

    def uses(self, names: Iterable[str]) -> bool: ...


@dataclass(frozen=True)
class Report:
    card: Card
    read: bool  # every line read by the grammar
    played: bool  # and every ability played by the engine
    abilities: list[dict[str, Any]]
    summaries: list[dict[str, Any]]
    errors: list[dict[str, Any]]  # lines the grammar could not read: line, column, message
    rules: list[str]
    scenarios: list[ScenarioCards]
    provenance: Provenance

    def as_json(self, title: Callable[[str], str] = lambda number: "") -> dict[str, Any]:
        """The card's characteristics (`Card.as_json`) and all the rest, each rule with its title."""
        return {
            **self.card.as_json(), "read": self.read, "played": self.played, "abilities": self.abilities,
            "errors": self.errors, "rules": [{"number": number, "title": title(number)} for number in self.rules],
            "scenarios": [{"id": s.id, "title": s.title} for s in self.scenarios],
            "provenance": {"label": self.provenance.label, "date": self.provenance.date,
                           "licence": self.provenance.licence, "notice": self.provenance.notice},
        }


def report(card: Card, provenance: Provenance, scenarios: Iterable[ScenarioCards] = ()) -> Report:
    data = verdicts(card)
    names = {card.name, *card.faces}
    return Report(card=card, read=data["ok"], played=data["ok"] and all(a["played"] for a in data["abilities"]),
                  abilities=data["abilities"], summaries=data["summaries"], errors=data["errors"],
                  rules=cited(card, data["abilities"]), scenarios=[s for s in scenarios if s.uses(names)],
                  provenance=provenance)


def cited(card: Card, abilities: list[dict[str, Any]]) -> list[str]:
    """The rules each ability cites, in order, each once; then the keyword rules of keywords the data names on
    lines the grammar could not read."""
    found = dict.fromkeys(rule for ability in abilities for rule in ability.get("rules", ()))
    keywords = keyword_rules()
    for keyword in card.keywords:
        rule = keywords.get(keyword.casefold())
        if rule and keyword.casefold() in card.text.casefold() and not _covered(rule, found):
            found[rule] = None
    return list(found)


def _covered(rule: str, found: Iterable[str]) -> bool:
    """702.19 is cited when 702.19 or one of its subrules (702.19b, not 702.190) is."""
    return any(number == rule or (number.startswith(rule) and not number[len(rule)].isdigit()) for number in found)


@cache
def keyword_rules() -> dict[str, str]:
    """Keyword ability → its 702 rule, from the card-text grammar's list of the CR's terms."""
    from judge_app.cardtext.terms import terms

    return {entry["name"].casefold(): entry["rule"] for entry in terms()["keyword_abilities"]}


def rules_words() -> list[str]:
    """The words the rules use for themselves: keywords, keyword actions, types and subtypes (not card names)."""
    from judge_app.cardtext.terms import terms

    listed = terms()
    words = [entry["name"] for kind in ("keyword_abilities", "keyword_actions") for entry in listed[kind]]
    return words + listed["card_types"] + listed["supertypes"] + [s for group in listed["subtypes"].values()
                                                                   for s in group]


def verdicts(card: Card) -> dict[str, Any]:
    """{"ok", "errors", "abilities", "summaries"} of the card's text, from the memo or worked out (and kept)."""
    from judge_app.cardtext import memo  # the memo only: a known card imports neither the parser nor the engine

    key = verdict_key(card.text, card.face_name, card.type_line)
    found = memo.recall(key)
    if isinstance(found, dict):
        return found
    data = work_out(card.text, card.face_name, card.type_line)
    memo.remember(key, data)
    return data


def work_out(text: str, name: str, type_line: str) -> dict[str, Any]:
    """Read and judged now, one card at a time (a web worker's threads share the parser)."""
    from judge_app.engine.verdicts import verdicts as engine_verdicts

    with _working:
        verdict = engine_verdicts(text, name=name, type_line=type_line)
    data = {**verdict.result_json(), "summaries": verdict.summaries()}
    return json.loads(json.dumps(data))  # plain data: the memo's readers import nothing to read it


def verdict_key(text: str, name: str, type_line: str) -> str:
    """Keyed by the engine's code too (the readings memo's file is already the grammar's)."""
    return "verdicts:" + hashlib.sha256(json.dumps([engine_code(), text, name, type_line]).encode()).hexdigest()


@cache
def engine_code() -> str:
    digest = hashlib.sha256()
    for path in sorted(_ENGINE.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:20]
