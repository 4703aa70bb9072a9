"""Characteristics are computed, not stored: copiable values, then continuous effects in layer order (613).

Every caller asks `characteristics(state, object_id)`; nothing else reads `GameObject.printed` for
rules purposes. The pipeline computes every object at once, layer by layer (613.1), so that an effect
whose set of affected objects depends on characteristics ("creatures you control") sees them as
they stand at its layer (613.6, 611.3a). Within a layer, effects apply in timestamp order (613.7).

Part 1 registers the effect kinds it needs: abilities added or removed (layer 6, with keyword
counters, 122.1b), power/toughness set (7b), modified (7c, with +1/+1 and -1/-1 counters, 613.4c)
and switched (7d). Part 2 adds layers 1–5 (copy, control, text, type, colour), characteristic-defining
abilities and dependency (613.8) by registering kinds with `effect_kind(...)`; callers do not change.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

from judge_app.engine import rules
from judge_app.engine.abilities import Ability
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.keywords import KEYWORD_COUNTER_KINDS
from judge_app.engine.state import GameState

LAYER_ORDER = ("1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")
UNTIL_END_OF_TURN = "until end of turn"
INDEFINITE = "indefinitely"


@dataclass(frozen=True, slots=True)
class ContinuousEffect:
    """A continuous effect (611). Effects from resolving spells and abilities lock their affected set when
    they begin (611.2c: `affected`); effects from static abilities (611.3a) select it each time (`selector`)."""

    kind: str
    timestamp: int
    description: str
    affected: tuple[str, ...] = ()
    selector: str = ""  # static abilities: "enchanted", "equipped", "yours", "others"
    source: str | None = None
    duration: str = INDEFINITE
    power: int = 0
    toughness: int = 0
    abilities: tuple[Ability, ...] = field(default_factory=tuple)

    @property
    def layer(self) -> str:
        return EFFECT_KINDS[self.kind].layer

    @property
    def rule(self) -> rules.Cite:
        return EFFECT_KINDS[self.kind].rule


@dataclass(frozen=True, slots=True)
class EffectKind:
    name: str
    layer: str
    rule: rules.Cite
    apply: Callable[[Characteristics, ContinuousEffect], Characteristics]


EFFECT_KINDS: dict[str, EffectKind] = {}


def effect_kind(name: str, layer: str, rule: rules.Cite):
    """Register how an effect kind changes characteristics, and in which layer (613.1)."""
    if layer not in LAYER_ORDER:
        raise ValueError(f"unknown layer {layer!r}")

    def decorator(apply: Callable[[Characteristics, ContinuousEffect], Characteristics]):
        EFFECT_KINDS[name] = EffectKind(name, layer, rule, apply)
        return apply
    return decorator


@effect_kind("add abilities", "6", rules.LAYER_6)
def _add_abilities(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    return dataclasses.replace(chars, abilities=chars.abilities + effect.abilities)


@effect_kind("remove abilities", "6", rules.LAYER_6)
def _remove_abilities(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    kinds = {a.kind for a in effect.abilities}
    return dataclasses.replace(chars, abilities=tuple(a for a in chars.abilities if a.kind not in kinds))


@effect_kind("set power/toughness", "7b", rules.LAYER_7B)
def _set_pt(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    return dataclasses.replace(chars, power=effect.power, toughness=effect.toughness)


@effect_kind("modify power/toughness", "7c", rules.LAYER_7C)
def _modify_pt(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    if chars.power is None or chars.toughness is None:
        return chars
    return dataclasses.replace(chars, power=chars.power + effect.power, toughness=chars.toughness + effect.toughness)


@effect_kind("switch power/toughness", "7d", rules.LAYER_7D)
def _switch_pt(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    return dataclasses.replace(chars, power=chars.toughness, toughness=chars.power)


def characteristics(state: GameState, object_id: str) -> Characteristics:
    """The object's characteristics now: on the battlefield through every layer, elsewhere as printed."""
    return compute_all(state).get(object_id) or state.objects[object_id].printed


def compute_all(state: GameState) -> dict[str, Characteristics]:
    """Every permanent's characteristics (613.1), cached until the state changes."""
    if state._computed is not None and state._computed[0] == state.version:
        return state._computed[1]
    current = {oid: state.objects[oid].printed for oid in state.battlefield}
    effects = sorted([*state.effects, *static_effects(state), *counter_effects(state)],
                     key=lambda e: (LAYER_ORDER.index(e.layer), e.timestamp))
    for effect in effects:
        kind = EFFECT_KINDS[effect.kind]
        for oid in _affected(state, current, effect):
            current[oid] = kind.apply(current[oid], effect)
    for oid, chars in current.items():
        if chars.is_planeswalker:  # 306.5c: loyalty on the battlefield is the number of loyalty counters
            current[oid] = dataclasses.replace(chars, loyalty=state.objects[oid].counters.get("loyalty", 0))
    state._computed = (state.version, current)
    return current


def _affected(state: GameState, current: dict[str, Characteristics], effect: ContinuousEffect) -> list[str]:
    if not effect.selector:
        return [oid for oid in effect.affected if oid in current]
    source = state.objects[effect.source] if effect.source else None
    if source is None or source.zone != "battlefield":
        return []
    if effect.selector in ("enchanted", "equipped"):
        target = source.attached_to
        return [target] if target in current and current[target].is_creature else []
    mine = [oid for oid, chars in current.items() if chars.is_creature
            and state.objects[oid].controller == source.controller]
    return [oid for oid in mine if oid != source.id] if effect.selector == "others" else mine


def static_effects(state: GameState) -> list[ContinuousEffect]:
    """Effects generated by static abilities of permanents (611.3), with their source's timestamp (613.7a).

    Part 1 reads the sources' printed abilities; abilities granted to a source and dependency (613.8)
    are part 2's.
    """
    out: list[ContinuousEffect] = []
    for oid in state.battlefield:
        obj = state.objects[oid]
        for ability in obj.printed.abilities_of("static"):
            if ability.grants:
                out.append(ContinuousEffect("add abilities", obj.timestamp, ability.text, selector=ability.affects,
                                            source=oid, abilities=ability.grants))
            if ability.power or ability.toughness:
                out.append(ContinuousEffect("modify power/toughness", obj.timestamp, ability.text,
                                            selector=ability.affects, source=oid, power=ability.power,
                                            toughness=ability.toughness))
    return out


def counter_effects(state: GameState) -> list[ContinuousEffect]:
    """Counters as effects: keyword counters in layer 6 (122.1b), +1/+1 and -1/-1 counters in 7c (613.4c)."""
    out: list[ContinuousEffect] = []
    for oid in state.battlefield:
        obj = state.objects[oid]
        for kind, count in obj.counters.items():
            if count <= 0:
                continue
            if kind in KEYWORD_COUNTER_KINDS:
                out.append(ContinuousEffect("add abilities", obj.timestamp, f"{kind} counter", affected=(oid,),
                                            abilities=(Ability(kind, kind.capitalize()),)))
            elif kind in ("+1/+1", "-1/-1"):
                sign = 1 if kind == "+1/+1" else -1
                out.append(ContinuousEffect("modify power/toughness", obj.timestamp, f"{count} {kind} counter(s)",
                                            affected=(oid,), power=sign * count, toughness=sign * count))
    return out
