"""The choices players make when a rule asks, given up front by the scenario (plain data, passed down).

Where one is missing the engine applies the documented default and says so in the trace. A choice made again each
time something happens — a trigger's modes and targets, what proliferate picks, whether a commander moves — is a
list of answers, one per occurrence, used in order; the last one answers every later occurrence (`take`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")


def take(answers: list[T] | None) -> T | None:
    """This occurrence's answer: the first left, used up unless it is the last (which answers every later one)."""
    if not answers:
        return None
    return answers.pop(0) if len(answers) > 1 else answers[0]


@dataclass
class Choices:
    legend_rule_keep: list[str] = field(default_factory=list)  # 704.5j; default: the newest permanent
    discard: list[str] = field(default_factory=list)  # 514.1, 701.9a; default: the cards last put into the hand
    trigger_order: dict[str, list[str]] = field(default_factory=dict)  # 603.3b: player → sources, first = bottom
    # 603.3d: source → its targets, per occurrence
    trigger_targets: dict[str, list[list[str]]] = field(default_factory=dict)
    replacement_order: dict[str, list[str]] = field(default_factory=dict)  # 616.1: player → effect sources
    # players → per occurrence, whether they decline to pay "unless … pays" (default: a player who can, pays)
    decline_to_pay: dict[str, list[bool]] = field(default_factory=dict)
    sacrifice: list[str] = field(default_factory=list)  # permanents chosen to sacrifice (default: the oldest)
    may: dict[str, list[bool]] = field(default_factory=dict)  # 603.5: source → "you may" answers (default: yes)
    modes: dict[str, list[list[int]]] = field(default_factory=dict)  # 700.2b: a modal trigger's source → its modes
    proliferate: list[list[str]] | None = None  # 701.34a: what each proliferate picks (default: all with a counter)
    choose: dict[str, list[list[str]]] = field(default_factory=dict)  # 608.2d: source → per resolution, the picks
    # owners → per move, whether they leave their commander where it goes (903.9; default: it goes to the command zone)
    commander_stays: dict[str, list[bool]] = field(default_factory=dict)
    copy: dict[str, list[str]] = field(default_factory=dict)  # a Clone → what it copies, each time it enters (707.5)
    chosen: dict[str, list[str]] = field(default_factory=dict)  # card → colour, type or name chosen, per choice
    new_targets: dict[str, list[list[str]]] = field(default_factory=dict)  # a spell copy's source → per copy (707.10c)
    mana_color: dict[str, list[str]] = field(default_factory=dict)  # source → colours of "any color" mana (106.4)
    answered: dict[tuple[Any, ...], Any] = field(default_factory=dict)  # occurrences already answered (`once`)

    def once(self, key: str, who: str, occurrence: tuple[Any, ...]) -> Any:
        """The answer of `who` in the per-occurrence table `key` for one occurrence, taken the first time it is asked
        and the same however often the engine asks again (a replacement effect is listed at every pass, 616.1)."""
        asked = (key, who, *occurrence)
        if asked not in self.answered:
            self.answered[asked] = take(getattr(self, key).get(who))
        return self.answered[asked]
