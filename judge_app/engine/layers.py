"""Characteristics are computed, not stored: copiable values, then continuous effects in layer order (613).

Every caller asks `characteristics(state, object_id)`; nothing else reads `GameObject.printed` for
rules purposes. The pipeline computes every permanent at once, layer by layer (613.1–613.4), so that an
effect whose affected set depends on characteristics ("creatures you control") sees them as they
stand at its layer (611.3a). An effect that starts to apply in one layer keeps the same set in later
layers (613.6). Within a layer: characteristic-defining abilities first (613.3), then timestamps
(613.7), unless one effect depends on another (613.8). Effects from static abilities exist only while
their source has the ability at that point of the pipeline, so an ability removed in layer 4 or 6
stops generating effects in later layers.

Effect kinds register with `continuous.effect_kind(name, layer, rule)`; callers do not change.
"""

from __future__ import annotations

import dataclasses

from judge_app.engine import matching, rules
from judge_app.engine.ability import Ability, Change
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.continuous import EFFECT_KINDS, LAYER_ORDER, ContinuousEffect, effect_kind
from judge_app.engine.keywords import KEYWORD_COUNTER_KINDS
from judge_app.engine.matching import Anchor
from judge_app.engine.state import GameState

_replace = dataclasses.replace


@effect_kind("copy", "1a", rules.LAYER_1A)
def _copy(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    return _replace(effect.values.copiable, controller=chars.controller)


@effect_kind("control", "2", rules.LAYER_2)
def _control(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    return _replace(chars, controller=effect.values.controller)


@effect_kind("text", "3", rules.LAYER_3)
def _text(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    """612.1: one colour word replaced by another, in the abilities that name a colour."""
    old, new = effect.values.words
    changed = []
    for a in chars.abilities:
        if a.quality is not None and a.quality.kind == "color" and a.quality.value == old:
            a = _replace(a, quality=_replace(a.quality, value=new), text=a.text.replace(old, new))
        changed.append(a)
    return _replace(chars, abilities=tuple(changed))


@effect_kind("type", "4", rules.LAYER_4)
def _type(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    c = effect.values
    if c.in_addition:
        return _replace(chars, types=chars.types | c.types,
                        subtypes=chars.subtypes + tuple(s for s in c.subtypes if s not in chars.subtypes))
    return _replace(chars, types=c.types, subtypes=c.subtypes)


@effect_kind("set land type", "4", rules.LAYER_4)
def _set_land_type(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    """305.7: the land's old land types are gone, and so are the abilities from its rules text."""
    if "land" not in chars.types:
        return chars
    return _replace(chars, subtypes=effect.values.subtypes, abilities=())


@effect_kind("add land type", "4", rules.LAYER_4)
def _add_land_type(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    if "land" not in chars.types:
        return chars
    return _replace(chars, subtypes=chars.subtypes + tuple(s for s in effect.values.subtypes
                                                           if s not in chars.subtypes))


@effect_kind("set colors", "5", rules.LAYER_5)
def _set_colors(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    return _replace(chars, colors=effect.values.colors)


@effect_kind("add abilities", "6", rules.LAYER_6)
def _add_abilities(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    return _replace(chars, abilities=chars.abilities + effect.values.abilities)


@effect_kind("remove abilities", "6", rules.LAYER_6)
def _remove_abilities(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    kinds = {a.kind for a in effect.values.abilities}
    return _replace(chars, abilities=tuple(a for a in chars.abilities if a.kind not in kinds))


@effect_kind("remove all abilities", "6", rules.LAYER_6)
def _remove_all(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    return _replace(chars, abilities=())


@effect_kind("characteristic-defining power/toughness", "7a", rules.LAYER_7A)
def _cda_pt(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    return _replace(chars, power=effect.values.power, toughness=effect.values.toughness)


@effect_kind("set power/toughness", "7b", rules.LAYER_7B)
def _set_pt(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    return _replace(chars, power=effect.values.power, toughness=effect.values.toughness)


@effect_kind("modify power/toughness", "7c", rules.LAYER_7C)
def _modify_pt(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    if chars.power is None or chars.toughness is None:
        return chars
    c = effect.values
    return _replace(chars, power=chars.power + c.power, toughness=chars.toughness + c.toughness)


@effect_kind("switch power/toughness", "7d", rules.LAYER_7D)
def _switch_pt(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    return _replace(chars, power=chars.toughness, toughness=chars.power)


# --- the pipeline -------------------------------------------------------------------------------------------------

def characteristics(state: GameState, object_id: str) -> Characteristics:
    """The object's characteristics now: on the battlefield through every layer, elsewhere its copiable values."""
    found = compute_all(state).get(object_id)
    if found is not None:
        return found
    obj = state.objects[object_id]
    return _replace(obj.printed, controller=obj.controller)


def compute_all(state: GameState) -> dict[str, Characteristics]:
    """Every permanent's characteristics (613.1), cached until the state changes."""
    if state._computed is not None and state._computed[0] == state.version:
        return state._computed[1]
    current = {oid: _replace(state.objects[oid].printed, controller=state.objects[oid].controller)
               for oid in state.battlefield}
    fixed = [*state.effects, *counter_effects(state)]
    applied: dict[str, list[rules.Cite]] = {oid: [] for oid in current}
    started: dict[tuple[object, ...], tuple[ContinuousEffect, list[str]]] = {}  # 613.6
    for layer in LAYER_ORDER:
        pending = [e for e in fixed if e.layer == layer]
        pending += [e for e in static_effects(state, current) if e.layer == layer and e.key not in started]
        pending += [e for e, _ in started.values() if e.layer == layer]
        while pending:
            effect = _next(state, current, pending)
            pending.remove(effect)
            if effect.key in started:
                affected = started[effect.key][1]
            elif effect.selector and not _exists(current, effect):
                continue  # its source lost the ability earlier in the pipeline
            else:
                affected = _affected(state, current, effect)
                if effect.selector:
                    started[effect.key] = (effect, affected)
            if layer == "7a":
                effect = _counted(state, current, effect)
            kind = EFFECT_KINDS[effect.kind]
            for oid in affected:
                current[oid] = kind.apply(current[oid], effect)
                applied[oid] += [kind.rule, *((rules.CDA,) if effect.cda else ())]
    for oid, chars in current.items():
        if chars.is_planeswalker:  # 306.5c: loyalty on the battlefield is the number of loyalty counters
            current[oid] = _replace(chars, loyalty=state.objects[oid].counters.get("loyalty", 0))
    state._computed = (state.version, current)
    state.layer_rules = {oid: list(dict.fromkeys(cites)) for oid, cites in applied.items()}
    return current


def rules_applied(state: GameState, object_id: str) -> list[rules.Cite]:
    """The layer rules of the effects that apply to a permanent now, in the order they applied (613.1)."""
    compute_all(state)
    return state.layer_rules.get(object_id, [])


def _next(state: GameState, current: dict[str, Characteristics], pending: list[ContinuousEffect]) -> ContinuousEffect:
    """The effect to apply next in this layer: characteristic-defining abilities first (613.3), then timestamp
    order, except that an effect waits for the effects it depends on (613.8b), re-evaluated each time (613.8c)."""
    ordered = sorted(pending, key=lambda e: (not e.cda, e.timestamp))
    if len(ordered) == 1:
        return ordered[0]
    for effect in ordered:
        if not any(depends_on(state, current, effect, other) for other in ordered if other is not effect):
            if effect is not ordered[0]:
                state.dependencies.add((ordered[0].description, effect.description))
            return effect
    return ordered[0]  # a dependency loop: timestamp order (613.8b)


def depends_on(state: GameState, current: dict[str, Characteristics], effect: ContinuousEffect,
               other: ContinuousEffect) -> bool:
    """613.8a: applying `other` would change whether `effect` exists or what it applies to (same layer; neither
    or both from characteristic-defining abilities). Only effects of static abilities can depend: the others
    exist and have their affected set locked in from the start (611.2c)."""
    if not effect.selector or effect.cda != other.cda or effect.layer != other.layer:
        return False
    trial = dict(current)
    for oid in _affected(state, current, other):
        trial[oid] = EFFECT_KINDS[other.kind].apply(trial[oid], other)
    if _exists(current, effect) != _exists(trial, effect):
        return True
    return _affected(state, current, effect) != _affected(state, trial, effect)


def _exists(current: dict[str, Characteristics], effect: ContinuousEffect) -> bool:
    if not effect.selector or effect.source is None:
        return True
    chars = current.get(effect.source)
    return chars is not None and any(a.text == effect.ability for a in chars.abilities)


def _counted(state: GameState, current: dict[str, Characteristics], effect: ContinuousEffect) -> ContinuousEffect:
    """A characteristic-defining ability's number, as the board stands at layer 7a (604.3)."""
    count, controller = effect.values.count, current[effect.source].controller if effect.source else ""
    if count == "cards in your hand":
        value = len(state.players[controller].hand)
    else:
        kind = "creature" if count.startswith("creatures") else "land"
        value = sum(1 for c in current.values() if kind in c.types and c.controller == controller)
    return _replace(effect, change=_replace(effect.values, power=value, toughness=value))


def _affected(state: GameState, current: dict[str, Characteristics], effect: ContinuousEffect) -> list[str]:
    if not effect.selector:
        return [oid for oid in effect.affected if oid in current]
    source = state.objects[effect.source] if effect.source else None
    if source is None or effect.source not in current:
        return []
    selector = effect.selector
    if selector == "self":
        return [source.id]
    if selector in ("enchanted", "equipped"):
        target = source.attached_to
        return [target] if target in current and current[target].is_creature else []
    if selector == "described" and effect.described is not None:  # 611.3a: whatever it describes now
        anchor = Anchor(current[source.id].controller, source.id)
        return [oid for oid in current if matching.object_matches(state, current.__getitem__, effect.described, oid,
                                                                    anchor)]
    return []


def static_effects(state: GameState, current: dict[str, Characteristics]) -> list[ContinuousEffect]:
    """Effects generated by the static abilities permanents have at this point of the pipeline (611.3), with
    their source's timestamp (613.7a)."""
    out: list[ContinuousEffect] = []
    for oid in state.battlefield:
        obj = state.objects[oid]
        for ability in current[oid].abilities:
            if ability.kind not in ("static", "cda"):
                continue
            for change in ability.changes:
                out.append(ContinuousEffect(change.kind, obj.timestamp, ability.text, selector=ability.affects,
                                            source=oid, change=change, ability=ability.text,
                                            cda=ability.kind == "cda", described=ability.described))
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
                change = Change("add abilities", abilities=(Ability(kind, kind.capitalize()),))
                out.append(ContinuousEffect("add abilities", obj.timestamp, f"{kind} counter", affected=(oid,),
                                            change=change))
            elif kind in ("+1/+1", "-1/-1"):
                sign = 1 if kind == "+1/+1" else -1
                change = Change("modify power/toughness", power=sign * count, toughness=sign * count)
                out.append(ContinuousEffect("modify power/toughness", obj.timestamp, f"{count} {kind} counter(s)",
                                            affected=(oid,), change=change))
    return out


def copiable_values(state: GameState, object_id: str) -> Characteristics:
    """The object's copiable values (707.2, 613.2c): as printed, modified only by layer-1 effects."""
    obj = state.objects[object_id]
    chars = obj.printed
    for effect in sorted((e for e in state.effects if e.layer in ("1a", "1b") and object_id in e.affected),
                         key=lambda e: e.timestamp):
        chars = EFFECT_KINDS[effect.kind].apply(chars, effect)
    return _replace(chars, controller="")

