"""A loaded scenario: the validated contents of a scenario file, ready to replay as many times as asked."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge_app.engine.characteristics import Characteristics
from judge_app.engine.state import Step


class ScenarioError(ValueError):
    """A malformed or impossible scenario: file, line, what is wrong, and what was expected."""

    def __init__(self, file: Path | str, line: int, problem: str, expected: str = ""):
        self.file = str(file)
        self.line = line
        self.problem = problem
        self.expected = expected
        super().__init__(f"{self.file}:{line}: {problem}" + (f"; expected {expected}" if expected else ""))


@dataclass
class CardSpec:
    id: str
    owner: str
    controller: str
    zone: str
    printed: Characteristics
    token: bool = False
    tapped: bool = False
    summoning_sick: bool = False
    damage: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: str | None = None
    line: int = 0
    protector: str = ""  # a battle's protector (310.8); default: the next opponent of its controller
    face_down: bool = False  # a face-down permanent (708)
    commander: bool = False  # its owner's commander (903.3)
    source: str = ""  # where its characteristics come from: the card database's label, or "" (typed in the file)
    by_hand: tuple[str, ...] = ()  # the keys of a card from the database that the file gives instead ("pt")


@dataclass
class PlayerSpec:
    name: str
    life: int = 20
    poison: int = 0
    library: list[str] = field(default_factory=list)  # card ids, top first
    hand: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)
    exile: list[str] = field(default_factory=list)
    command: list[str] = field(default_factory=list)  # the command zone (408)
    mana: dict[str, int] = field(default_factory=dict)  # the mana pool at the start
    commander_casts: dict[str, int] = field(default_factory=dict)
    commander_damage: dict[str, int] = field(default_factory=dict)


@dataclass
class ActionSpec:
    do: str
    params: dict[str, Any]
    line: int
    illegal: tuple[str, ...] | None = None  # when the action is expected to be illegal: the rules its rejection may
    # cite (any one of them)


@dataclass
class Expectation:
    what: str  # "life", "poison", "zone", "pt", "damage", "counters", "loyalty", "tapped", "attached", "has", "name" …
    subject: str  # a player name or a card id ("" for the result)
    expected: Any
    line: int
    keys: tuple[str, ...] = ()  # `has` / `lacks`: the whole keyword abilities named (`abilities.named`)


@dataclass
class Scenario:
    path: Path
    title: str
    question: str
    answer: str
    tags: list[str]
    turn: int
    active: str
    step: Step
    players: list[PlayerSpec]
    cards: list[CardSpec]
    actions: list[ActionSpec]
    expectations: list[Expectation]
    expected_rules: list[str]
    expected_rules_line: int
    until: Step
    until_turn: int | None
    legend_rule_keep: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    trigger_order: dict[str, list[str]] = field(default_factory=dict)
    # the choices made again at each occurrence: a list of answers each, used in order (`engine.choices.take`)
    trigger_targets: dict[str, list[list[str]]] = field(default_factory=dict)
    replacement_order: dict[str, list[str]] = field(default_factory=dict)
    decline_to_pay: dict[str, list[bool]] = field(default_factory=dict)
    sacrifice: list[str] = field(default_factory=list)
    new_targets: dict[str, list[list[str]]] = field(default_factory=dict)
    commander_stays: dict[str, list[bool]] = field(default_factory=dict)
    may: dict[str, list[bool]] = field(default_factory=dict)
    modes: dict[str, list[list[int]]] = field(default_factory=dict)
    proliferate: list[list[str]] | None = None
    choose: dict[str, list[list[str]]] = field(default_factory=dict)
    copy: dict[str, list[str]] = field(default_factory=dict)
    chosen: dict[str, list[str]] = field(default_factory=dict)
    mana_color: dict[str, list[str]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.path.stem
