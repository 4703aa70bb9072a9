"""Continuous effects as data (611): what each one does, to what, from when, for how long, and in which layer.

An effect kind names its layer and rule (613.1) and how it changes characteristics; kinds are registered
with `effect_kind(name, layer, rule)` (the kinds themselves are in `layers.py`, which also runs the
pipeline). The game state holds the effects; nothing here computes anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from judge_app.cardtext.nodes import Description
from judge_app.engine import rules
from judge_app.engine.ability import Change, Filter, StaticCondition
from judge_app.engine.characteristics import Characteristics

LAYER_ORDER = ("1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")
RESTRICTION = "restriction"  # "Target creature can't block this turn": changes no characteristic, in no layer
UNTIL_END_OF_TURN = "until end of turn"
INDEFINITE = "indefinitely"
UNTIL_NEXT_UNTAP = "until its controller's next untap step"  # "… don't untap during their controller's next untap step"


@dataclass(frozen=True, slots=True)
class ContinuousEffect:
    """A continuous effect (611). Effects from resolving spells and abilities lock their affected set when
    they begin (611.2c: `affected`); effects from static abilities (611.3a) select it each time (`selector`)."""

    kind: str
    timestamp: int
    description: str
    affected: tuple[str, ...] = ()
    selector: str = ""  # static abilities: "self", "enchanted", "equipped", or "described" (by `described`)
    source: str | None = None
    duration: str = INDEFINITE
    change: Change | None = None
    ability: str = ""  # a static ability's text: the effect exists while its source has that ability (613.8a)
    cda: bool = False  # from a characteristic-defining ability (604.3, 613.3)
    filter: Filter | None = None  # selector "filter": the objects its description names ("white creatures")
    condition: StaticCondition | None = None  # "as long as …": it applies only while this holds (611.3a)
    described: Description | None = None  # the objects a static ability affects, as its text describes them

    @property
    def ability_key(self) -> tuple[object, ...]:
        """The static ability it comes from: its effects in every layer are one effect (613.6)."""
        return (self.source, self.ability, self.timestamp)

    @property
    def values(self) -> Change:
        return self.change or Change(self.kind)

    @property
    def layer(self) -> str:
        return "" if self.kind == RESTRICTION else EFFECT_KINDS[self.kind].layer

    @property
    def rule(self) -> rules.Cite:
        return EFFECT_KINDS[self.kind].rule

    @property
    def key(self) -> tuple[object, ...]:
        return (self.source, self.ability, self.kind, self.timestamp, self.description)


@dataclass(frozen=True, slots=True)
class EffectKind:
    name: str
    layer: str
    rule: rules.Cite
    apply: Callable[[Characteristics, ContinuousEffect], Characteristics]
    also: tuple[rules.Cite, ...] = ()  # the rule saying what the effect does, when another than its layer's


EFFECT_KINDS: dict[str, EffectKind] = {}


def effect_kind(name: str, layer: str, rule: rules.Cite, *also: rules.Cite):
    """Register how an effect kind changes characteristics, and in which layer (613.1)."""
    if layer not in LAYER_ORDER:
        raise ValueError(f"unknown layer {layer!r}")

    def decorator(apply: Callable[[Characteristics, ContinuousEffect], Characteristics]):
        EFFECT_KINDS[name] = EffectKind(name, layer, rule, apply, also)
        return apply
    return decorator
