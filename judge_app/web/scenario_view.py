"""What a scenario page shows, from a replay's plain data (`render.outcome_json`): the board after each step
as seats and tiles, the timeline with each cited rule linked in the chosen document, and the checks.

The same data comes from the library (replayed at start) and from "try your own" (replayed in a child
process), so both pages are drawn by one set of functions and templates. The editor also shows each card
of the text beside its reading by the card-text grammar (`card_readings`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from judge_app.scenarios.render import ENGINE_DOC, Labeller, fold_passes
from judge_app.web import render
from judge_app.web.render import Link
from judge_app.web.richtext import rule_url

# A rule number written in a scenario's question or answer: "702.19b", "(510.1c)".
_RULE_RE = re.compile(r"(?<![\w.])([1-9]\d{2}\.\d{1,3}[a-z]?)(?![\w])")
COLOURS = ("white", "blue", "black", "red", "green")
# A snapshot keeps the last player to have had priority through a step in which nobody gets it (502.4, 514.3).


@dataclass(frozen=True)
class RuleLink:
    """A rule the engine cites (2026 number), as shown in the chosen document."""

    number: str  # as the engine cites it
    label: str  # the number shown: the chosen document's own
    href: str
    title: str  # the rule's title (or its nearest titled ancestor's), in the chosen document's language
    doc: str  # where the link goes: the chosen document, or the 2026 rules when it has no counterpart
    fallback: bool  # True when the chosen document has no counterpart
    language: str = "en"  # of the title: the linked document's


class Citations:
    """Rule numbers → links into one document, through `render.Labeller` (2019 documents via the alignment).

    A rule without a counterpart in that document (new since 2019) links to the 2026 rules instead.
    """

    def __init__(self, doc: str, label: Labeller, engine_label: Labeller):
        self.doc, self.label, self.engine_label = doc, label, engine_label

    def link(self, number: str) -> RuleLink:
        found = self.label(number)
        if found.found and found.doc_number:
            return RuleLink(number, found.doc_number, rule_url(self.doc, found.doc_number), found.title, self.doc,
                            False, self.label.corpus.document(self.doc).language)
        return RuleLink(number, number, rule_url(ENGINE_DOC, number), self.engine_label(number).title, ENGINE_DOC,
                        True, self.label.corpus.document(ENGINE_DOC).language)

    def markdown(self, text: str) -> Markup:
        """A scenario's Markdown with every rule number in it linked (titles on hover)."""
        links = []
        for match in _RULE_RE.finditer(text):
            target = self.link(match.group(1))
            title = target.title if target.label == target.number else f"{target.label} {target.title}".strip()
            links.append(Link(match.start(1), match.end(1), target.href, "ref", (("title", title),)))
        return render.markdown_html(text, links)


@dataclass
class Tile:
    """A permanent as a card on the table."""

    id: str
    name: str
    type: str
    colour: str  # a CSS class: c-white … c-green, c-multi, c-land, c-none
    land: bool
    tapped: bool
    pt: str | None = None
    damage: int = 0
    loyalty: int | None = None
    counters: list[tuple[str, int]] = field(default_factory=list)
    abilities: str = ""
    token: bool = False
    sick: bool = False
    attacking: str | None = None  # whom it attacks (a player or a planeswalker's name)
    blocked: bool = False
    blocking: list[str] = field(default_factory=list)  # names of the attackers it blocks
    attached_to: str | None = None  # the name of the permanent it is attached to
    changed: bool = False  # different from the board before this step


@dataclass
class Seat:
    """A player's side of the table."""

    name: str
    life: int
    life_change: int
    poison: int
    active: bool
    priority: bool
    lost: bool
    library: int
    hand: list[str]
    graveyard: list[str]
    exile: list[str]
    mana: list[tuple[str, int]]
    permanents: list[Tile]
    lands: list[Tile]


@dataclass
class StackItem:
    name: str
    kind: str
    controller: str
    text: str
    targets: list[str]


@dataclass
class Board:
    turn: int
    step: str
    seats: list[Seat]  # in the scenario's order of players: the first sits at the bottom of the picture
    stack: list[StackItem]  # top first
    result: str | None


@dataclass
class StepView:
    """A line of the trace: one step, or a run of steps in which every player passes (`render.fold_passes`)."""

    index: int  # the trace index of its last step: its frame is the board after it
    turn: int
    step: str
    kind: str  # the step's kind, or "passes" for a folded run
    text: str
    rules: list[RuleLink]
    line: int | None
    board: Board
    position: int = 0  # 1-based, among the lines
    steps: list[int] = field(default_factory=list)  # the trace indices it stands for
    through: list[str] = field(default_factory=list)  # for "passes": the game steps passed through
    players: int = 0  # for "passes": how many players pass

    @property
    def numbers(self) -> str:
        return f"{self.steps[0]}–{self.steps[-1]}" if len(self.steps) > 1 else str(self.index)


@dataclass
class CheckView:
    what: str
    subject: str
    expected: Any
    actual: Any
    ok: bool
    line: int
    at: str
    rules: list[RuleLink]  # for a "rules" check: the rules it names


@dataclass
class TraceView:
    steps: list[StepView]
    checks: list[CheckView]
    ok: bool
    failure: str | None
    result: str | None

    @property
    def held(self) -> int:
        return sum(1 for c in self.checks if c.ok)

    @property
    def final(self) -> StepView | None:
        return self.steps[-1] if self.steps else None


def colour_class(entry: dict[str, Any]) -> str:
    colours = entry.get("colors", [])
    if len(colours) > 1:
        return "c-multi"
    if colours and colours[0] in COLOURS:
        return f"c-{colours[0]}"
    return "c-land" if "Land" in entry["type"] else "c-none"


def _tile(entry: dict[str, Any], names: dict[str, str], before: dict[str, Any] | None) -> Tile:
    return Tile(
        id=entry["id"], name=entry["name"], type=entry["type"], colour=colour_class(entry),
        land="Land" in entry["type"] and "pt" not in entry, tapped=entry["tapped"], pt=entry.get("pt"),
        damage=entry.get("damage", 0), loyalty=entry.get("loyalty"),
        counters=[(kind, count) for kind, count in entry.get("counters", {}).items()
                  if count and not (kind == "loyalty" and "loyalty" in entry)],
        abilities=", ".join(a.replace("~", entry["name"]) for a in entry.get("abilities", [])),
        token=entry.get("token", False),
        sick=entry.get("summoning_sick", False),
        attacking=names.get(entry["attacking"], entry["attacking"]) if "attacking" in entry else None,
        blocked=entry.get("blocked", False), blocking=[names.get(i, i) for i in entry.get("blocking", [])],
        attached_to=names.get(entry["attached_to"], entry["attached_to"]) if "attached_to" in entry else None,
        changed=before is not None and before != entry,
    )


def board(snapshot: dict[str, Any], previous: dict[str, Any] | None) -> Board:
    """The table after a step; tiles and life totals that moved since `previous` are marked."""
    names = {p["id"]: p["name"] for p in snapshot["battlefield"]}
    earlier = {p["id"]: p for p in previous["battlefield"]} if previous else {}
    earlier_life = {p["name"]: p["life"] for p in previous["players"]} if previous else {}
    seats = []
    for player in snapshot["players"]:
        mine = [_tile(p, names, earlier.get(p["id"], {} if previous else None))
                for p in snapshot["battlefield"] if p["controller"] == player["name"]]
        seats.append(Seat(
            name=player["name"], life=player["life"],
            life_change=player["life"] - earlier_life.get(player["name"], player["life"]), poison=player["poison"],
            active=snapshot["active"] == player["name"],
            priority=snapshot.get("priority") == player["name"],
            lost=bool(player.get("lost")), library=player["library"], hand=player["hand"],
            graveyard=player["graveyard"], exile=player["exile"],
            mana=[(colour, n) for colour, n in player.get("mana_pool", {}).items() if n],
            permanents=[t for t in mine if not t.land], lands=[t for t in mine if t.land]))
    stack = [StackItem(s["name"], s["kind"], s["controller"], s.get("text", ""), s.get("targets", []))
             for s in snapshot["stack"]]
    return Board(snapshot["turn"], snapshot["step"], seats, stack, snapshot.get("result"))


def trace_view(data: dict[str, Any], citations: Citations) -> TraceView:
    steps = []
    by_index = {step["index"]: step for step in data["trace"]}
    previous = None
    for position, line in enumerate(fold_passes(data["trace"]), 1):
        last = by_index[line["steps"][-1]]
        steps.append(StepView(last["index"], line["turn"], line["step"], line["kind"], line["text"],
                              [citations.link(n) for n in line["rules"]], last.get("line"),
                              board(last["snapshot"], previous), position, line["steps"], line.get("through", []),
                              len(line.get("players", []))))
        previous = last["snapshot"]
    checks = [CheckView(c["what"], c["subject"], c["expected"], c["actual"], c["ok"], c["line"], c["at"],
                        [citations.link(n) for n in c["expected"]] if c["what"] == "rules" else [])
              for c in data["checks"]]
    result = data["trace"][-1]["snapshot"].get("result") if data["trace"] else None
    return TraceView(steps, checks, data["ok"], data["failure"], result)


@dataclass
class InstructionLine:
    text: str
    depth: int  # nesting: a mode's instructions, a delayed trigger's, the action a "can't" forbids


@dataclass
class AbilityReading:
    """An ability as `judge card read` shows it, its rules linked in the chosen document."""

    kind: str  # the node's KIND: "keyword", "static", "triggered", "activated", "mana", "loyalty", "spell" …
    text: str
    cost: str
    trigger: str
    details: list[str]
    instructions: list[InstructionLine]
    targets: list[str]
    rules: list[RuleLink]
    played: bool | None = None  # the engine's verdict, where it was asked (card pages)
    refusal_what: str = ""  # what in it the engine doesn't play yet
    refusal_rule: RuleLink | None = None


@dataclass
class ReadingError:
    line: int
    column: int
    message: str
    text: str  # the card's line as written

    @property
    def parts(self) -> tuple[str, str, str]:
        """The line before the column, the word (or sign) at it, and the rest: the word is marked on the page."""
        start = min(max(self.column - 1, 0), len(self.text))
        found = _WORD_AT.match(self.text, start)
        end = found.end() if found else start
        return self.text[:start], self.text[start:end], self.text[end:]


@dataclass
class CardReading:
    """A scenario's card beside its reading: its abilities, or where and why its text could not be read."""

    id: str
    name: str
    type: str
    text: str
    ok: bool
    abilities: list[AbilityReading]
    errors: list[ReadingError]


_WORD_AT = re.compile(r"[\w'’+/{}-]+|\S")
_INSTRUCTION_RULES = re.compile(r"\s+\[[^\[\]]*\]$")  # "   [120.1, 120.3]": the chips show them


def card_readings(cards: Iterable[dict[str, Any]], citations: Citations) -> list[CardReading]:
    """`judge_app.scenarios.readings` data as the editor shows it: the card's own name for `~`, rules linked."""
    return [CardReading(card["id"], card["name"], card["type"], card["text"], card["ok"],
                        [_ability_reading(a, card["name"], citations) for a in card["abilities"]],
                        _reading_errors(card)) for card in cards]


def _ability_reading(ability: dict[str, Any], name: str, citations: Citations) -> AbilityReading:
    def named(text: str) -> str:
        return text.replace("~", name)

    instructions = [InstructionLine(named(_INSTRUCTION_RULES.sub("", line.strip().removeprefix("- "))),
                                    (len(line) - len(line.lstrip())) // 2) for line in ability["instructions"]]
    refusal = ability.get("refusal") or {}
    return AbilityReading(ability["kind"], ability["text"], named(ability["cost"]), named(ability["trigger"]),
                          [named(d) for d in ability["details"]], instructions,
                          [named(t) for t in ability["targets"]], [citations.link(n) for n in ability["rules"]],
                          ability.get("played"), named(refusal.get("what", "")),
                          citations.link(refusal["rule"]) if refusal.get("rule") else None)


def _reading_errors(card: dict[str, Any]) -> list[ReadingError]:
    lines = card["text"].splitlines()
    return [ReadingError(e["line"], e["column"], e["message"],
                         lines[e["line"] - 1] if 0 < e["line"] <= len(lines) else e["text"])
            for e in card["errors"]]
