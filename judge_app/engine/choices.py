"""The choices players make when a rule asks, given up front by the scenario (plain data, passed down).

Where one is missing the engine applies the documented default and says so in the trace.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Choices:
    legend_rule_keep: list[str] = field(default_factory=list)  # 704.5j; default: the newest permanent
    discard: list[str] = field(default_factory=list)  # 514.1, 701.9a; default: the cards last put into the hand
    trigger_order: dict[str, list[str]] = field(default_factory=dict)  # 603.3b: player → sources, first = bottom
    trigger_targets: dict[str, list[str]] = field(default_factory=dict)  # 603.3d: source → targets
    replacement_order: dict[str, list[str]] = field(default_factory=dict)  # 616.1: player → effect sources
    decline_to_pay: list[str] = field(default_factory=list)  # players who don't pay "unless … pays" (default: pay)
    sacrifice: list[str] = field(default_factory=list)  # permanents chosen to sacrifice (default: the oldest)
    may: dict[str, list[bool]] = field(default_factory=dict)  # 603.5: source → "you may" answers (default: yes)
    modes: dict[str, list[int]] = field(default_factory=dict)  # 700.2b: source of a modal trigger → modes
    proliferate: list[str] | None = None  # 701.34a: what proliferate picks (default: everything with a counter)
    choose: dict[str, list[str]] = field(default_factory=dict)  # 608.2d: source → objects picked for "a creature …"
    commander_stays: list[str] = field(default_factory=list)  # owners who leave their commander where it goes (903.9)
    copy: dict[str, str] = field(default_factory=dict)  # a Clone → what it copies as it enters (707.5; default: oldest)
    chosen: dict[str, str] = field(default_factory=dict)  # card → colour, creature type or name chosen as it enters
    new_targets: dict[str, list[str]] = field(default_factory=dict)  # a spell copy's source → its new targets (707.10c)
    mana_color: dict[str, list[str]] = field(default_factory=dict)  # source → colours of "any color" mana (106.4)
