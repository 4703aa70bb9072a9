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
from dataclasses import dataclass

from judge_app.engine import conditions, matching, rules
from judge_app.engine.ability import Ability, Change, Quality
from judge_app.engine.characteristics import Characteristics, mana_value
from judge_app.engine.continuous import EFFECT_KINDS, LAYER_ORDER, RESTRICTION, ContinuousEffect, effect_kind
from judge_app.engine.keywords import KEYWORD_COUNTER_KINDS
from judge_app.engine.matching import Anchor
from judge_app.engine.state import GameState
from judge_app.engine.subtypes import CREATURE_TYPES, subtype_kind

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
    if not c.types:  # "becomes a blue Frog": subtypes set replace those of their own kind only (205.1a)
        kinds = {subtype_kind(s) for s in c.subtypes}
        return _replace(chars, subtypes=tuple(s for s in chars.subtypes if subtype_kind(s) not in kinds) + c.subtypes)
    return _replace(chars, types=c.types, subtypes=c.subtypes)


@effect_kind("remove type", "4", rules.LAYER_4)
def _remove_type(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    """"~ isn't a creature": that card type goes, and with it its subtypes unless they are also subtypes of a card
    type the object still has (205.1a): a noncreature God is a "Legendary Enchantment"."""
    types = chars.types - effect.values.types
    still = types | ({"creature"} if "kindred" in types else set())  # a kindred card keeps its creature types
    return _replace(chars, types=types, subtypes=tuple(s for s in chars.subtypes if subtype_kind(s) in still
                                                      or subtype_kind(s) not in effect.values.types))


@effect_kind("set land type", "4", rules.LAYER_4, rules.LAND_TYPE_SET)
def _set_land_type(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    """305.7: the land's old land types are gone, and so are the abilities from its rules text; its card types and
    its other subtypes stay (Dryad Arbor under Blood Moon is a Land Creature — Mountain Dryad)."""
    if "land" not in chars.types:
        return chars
    others = tuple(s for s in chars.subtypes if subtype_kind(s) != "land")
    return _replace(chars, subtypes=effect.values.subtypes + others, abilities=())


@effect_kind("add land type", "4", rules.LAYER_4)
def _add_land_type(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    if "land" not in chars.types:
        return chars
    return _replace(chars, subtypes=chars.subtypes + tuple(s for s in effect.values.subtypes
                                                           if s not in chars.subtypes))


@effect_kind("set colors", "5", rules.LAYER_5)
def _set_colors(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    return _replace(chars, colors=effect.values.colors)


@effect_kind("devoid", "5", rules.LAYER_5, rules.DEVOID)
def _devoid(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    """702.114a: "This object is colorless", a characteristic-defining ability that functions everywhere."""
    return _replace(chars, colors=frozenset())


@effect_kind("changeling", "4", rules.LAYER_4, rules.CHANGELING)
def _changeling(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    """702.73a: "This object is every creature type", a characteristic-defining ability that works everywhere."""
    missing = sorted(s for s in CREATURE_TYPES if s not in chars.subtypes)
    return _replace(chars, subtypes=chars.subtypes + tuple(missing))


# characteristic-defining abilities that function in every zone, not only on the battlefield (702.114a, 702.73a)
EVERYWHERE = ("devoid", "changeling")


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


@effect_kind("set power/toughness to mana value", "7b", rules.LAYER_7B)
def _set_pt_mana_value(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    """"… has base power and toughness each equal to its mana value" (Opalescence): each object its own (202.3)."""
    value = mana_value(chars.mana_cost)
    return _replace(chars, power=value, toughness=value)


@effect_kind("characteristic-defining power/toughness", "7a", rules.LAYER_7A)
def _cda_pt(chars: Characteristics, effect: ContinuousEffect) -> Characteristics:
    which = effect.values.which  # "~'s power is equal to …": its toughness stays the printed one
    return _replace(chars, power=effect.values.power if which != "toughness" else chars.power,
                    toughness=effect.values.toughness if which != "power" else chars.toughness)


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
    chars = face_down_values(obj.printed) if obj.face_down else obj.printed
    for change in (c for a in chars.abilities if a.kind == "cda" for c in a.changes if c.kind in EVERYWHERE):
        chars = EFFECT_KINDS[change.kind].apply(chars, ContinuousEffect(change.kind, 0, "", change=change))
    return _replace(chars, controller=obj.controller)


def face_down_values(printed: Characteristics) -> Characteristics:
    """708.2a: a face-down permanent is a 2/2 creature with no text, no name, no subtypes and no mana cost."""
    return Characteristics(name="", types=frozenset({"creature"}), power=2, toughness=2)


@dataclass(frozen=True, slots=True)
class Applied:
    """One continuous effect applied to one permanent, for the trace: its layer, what it is, the rules."""

    layer: str
    description: str
    rules: tuple[rules.Cite, ...]
    result: str = ""  # what the layer's characteristic is after it: "Enchantment Creature", "4/4"


def _result(layer: str, chars: Characteristics) -> str:
    if layer.startswith("7"):
        return chars.pt or ""
    if layer == "4":
        return chars.type_line
    if layer == "5":
        return " and ".join(sorted(chars.colors)) or "colorless"
    if layer == "6":
        return "abilities: " + ("; ".join(a.text for a in chars.abilities) or "none")
    if layer == "2":
        return f"controlled by {chars.controller}"
    return ""


def compute_all(state: GameState) -> dict[str, Characteristics]:
    """Every permanent's characteristics (613.1), cached until the state changes."""
    if state._computed is not None and state._computed[0] == state.version:
        return state._computed[1]
    current = {oid: _replace(_copiable_start(state, oid), controller=state.objects[oid].controller)
               for oid in state.battlefield}
    fixed = [*state.effects, *counter_effects(state)]
    log: dict[str, list[Applied]] = {oid: [] for oid in current}
    started: dict[tuple[object, ...], list[str]] = {}  # a static ability's effect → the set it applies to (613.6)
    origin: dict[tuple[object, ...], list[ContinuousEffect]] = {}  # … and all its parts, in every layer
    for layer in LAYER_ORDER:
        generated = static_effects(state, current)
        for effect in generated:
            origin.setdefault(effect.ability_key, [])
            if effect not in origin[effect.ability_key]:
                origin[effect.ability_key].append(effect)
        pending = [e for e in fixed if e.layer == layer] + [e for e in generated if e.layer == layer]
        keys = {e.key for e in pending}
        continued = [e for k in started for e in origin.get(k, ()) if e.layer == layer and e.key not in keys]
        pending += continued
        applied_here: dict[str, list[ContinuousEffect]] = {}
        while pending:
            effect = _next(state, current, pending)
            pending.remove(effect)
            more: tuple[rules.Cite, ...] = ()
            if effect.selector and effect.ability_key in started:
                affected = started[effect.ability_key]
                if effect in continued:
                    more = (rules.LAYERS_SAME_SET,)  # its ability is gone, but its effect goes on (613.6)
            elif effect.selector and not _exists(current, effect):
                continue  # its source lost the ability earlier in the pipeline
            elif effect.condition is not None and not condition_holds(state, current, effect):
                if effect.source in log:  # "as long as …" is false now (611.3a): said once, where it would apply
                    note = Applied(layer, f"{effect.description} doesn't apply: \"{effect.condition.text}\" is false",
                                   (effect.rule, *_conditional_rules(effect)))
                    if note not in log[effect.source]:
                        log[effect.source].append(note)
                continue
            else:
                affected = _affected(state, current, effect)
                if effect.selector:
                    started[effect.ability_key] = affected
            if layer == "7a":
                effect = _counted(state, current, effect)
            if effect.values.per is not None and effect.source in current:
                effect = _per(state, current, effect)
            if effect.kind == "control" and not effect.values.controller and effect.source in current:
                # "You control enchanted creature": the controller of the ability's source (613.1b)
                effect = _replace(effect, change=_replace(effect.values, controller=current[effect.source].controller))
            kind = EFFECT_KINDS[effect.kind]
            for oid in affected:
                current[oid] = kind.apply(current[oid], effect)
                cites = (kind.rule, *kind.also, *((rules.CDA,) if effect.cda else ()), *more)
                if applied_here.get(oid):  # a later effect in the same layer (613.7a for statics, 613.7b)
                    cites += (rules.TIMESTAMPS, rules.STATIC_TIMESTAMP if effect.selector else rules.EFFECT_TIMESTAMP)
                cites += _conditional_rules(effect) or _described(effect)
                said = effect.description + (f" (\"{effect.condition.text}\" holds)" if effect.condition else "")
                log[oid].append(Applied(layer, said, cites, _result(layer, current[oid])))
                applied_here.setdefault(oid, []).append(effect)
    _without_idle_abilities(state, current, log)
    _with_chosen_colors(state, current)
    for oid, chars in current.items():
        if chars.is_planeswalker:  # 306.5c: loyalty on the battlefield is the number of loyalty counters
            current[oid] = _replace(chars, loyalty=state.objects[oid].counters.get("loyalty", 0))
        if "battle" in chars.types:  # 310.4c: defense on the battlefield is the number of defense counters
            current[oid] = _replace(current[oid], defense=state.objects[oid].counters.get("defense", 0))
    state._computed = (state.version, current)
    state.layer_log = log
    state.layer_rules = {oid: list(dict.fromkeys(r for a in applied for r in a.rules)) for oid, applied in log.items()}
    return current


def _copiable_start(state: GameState, object_id: str) -> Characteristics:
    obj = state.objects[object_id]
    return face_down_values(obj.printed) if obj.face_down else obj.printed


def rules_applied(state: GameState, object_id: str) -> list[rules.Cite]:
    """The layer rules of the effects that apply to a permanent now, in the order they applied (613.1)."""
    compute_all(state)
    return state.layer_rules.get(object_id, [])


def layer_log(state: GameState, object_id: str) -> list[Applied]:
    """Each continuous effect that applies to a permanent now, in the order applied (613.1–613.8)."""
    compute_all(state)
    return state.layer_log.get(object_id, [])


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


def condition_holds(state: GameState, current: dict[str, Characteristics], effect: ContinuousEffect) -> bool:
    """Whether a static ability's "as long as …" holds as the board stands at this layer (611.3a)."""
    condition = effect.condition
    if condition is None or effect.source is None or effect.source not in current:
        return condition is None
    return conditions.holds(_board(state, current, effect.source), condition.node)


def _board(state: GameState, current: dict[str, Characteristics], source: str) -> conditions.Board:
    """The board a condition is asked of: permanents as this layer has them, other objects as printed."""
    def chars(oid: str) -> Characteristics:
        return current[oid] if oid in current else state.objects[oid].printed
    return conditions.Board(state, chars, source, current[source].controller)


def _described(effect: ContinuousEffect) -> tuple[rules.Cite, ...]:
    """611.3a: a static ability's effect on the objects its text describes applies to whatever it describes now."""
    return (rules.STATIC_EFFECT,) if effect.selector not in ("", "self", "enchanted", "equipped",
                                                             "enchanted permanent") else ()


def _conditional_rules(effect: ContinuousEffect) -> tuple[rules.Cite, ...]:
    return (rules.STATIC_EFFECT, *conditions.cited(effect.condition.node)) if effect.condition is not None else ()


def _without_idle_abilities(state: GameState, current: dict[str, Characteristics],
                            log: dict[str, list[Applied]]) -> None:
    """A static ability that isn't a continuous effect of layers 1–7 ("~ can't block as long as …", "you can't
    lose the game as long as …") does nothing while its condition is false (611.3a): the rule checks that ask
    for it don't see it."""
    for oid, chars in current.items():
        idle = [a for a in chars.abilities if a.condition is not None and a.kind not in ("static", "cda")
                and not conditions.holds(_board(state, current, oid), a.condition.node)]
        if idle:
            current[oid] = _replace(chars, abilities=tuple(a for a in chars.abilities if a not in idle))
            for a in idle:
                log[oid].append(Applied("6", f"{chars.name} (\"{a.shown(chars.name)}\") does nothing: "
                                             f"\"{a.condition.text}\" is false",
                                        (rules.STATIC_EFFECT, *conditions.cited(a.condition.node))))


def _with_chosen_colors(state: GameState, current: dict[str, Characteristics]) -> None:
    """"Protection from the chosen color" is linked to "As ~ enters, choose a color" (607.2d): the colour chosen
    for this object."""
    for oid, chars in current.items():
        if not any(a.quality is not None and a.quality.kind == "chosen" for a in chars.abilities):
            continue
        chosen = state.objects[oid].chosen.get("color", "").lower()
        if chosen:
            current[oid] = _replace(chars, abilities=tuple(
                _replace(a, quality=Quality("color", chosen), text=f"{a.text} ({chosen})")
                if a.quality is not None and a.quality.kind == "chosen" else a for a in chars.abilities))


def _per(state: GameState, current: dict[str, Characteristics], effect: ContinuousEffect) -> ContinuousEffect:
    """"Gets +1/+1 for each Forest you control": the number as the board stands where it applies (611.3a)."""
    source = effect.source
    board = _board(state, current, source)
    count = len(matching.selected(state, board.chars, effect.values.per, board.anchor))
    c = effect.values
    return _replace(effect, change=_replace(c, power=c.power * count, toughness=c.toughness * count, per=None))


def _counted(state: GameState, current: dict[str, Characteristics], effect: ContinuousEffect) -> ContinuousEffect:
    """A characteristic-defining ability's number, as the board stands at layer 7a (604.3): what its description
    names, counted from the object's controller's point of view; Tarmogoyf's card types in all graveyards, its
    toughness that number plus 1."""
    values = effect.values
    if values.per is not None:
        if effect.source not in current:
            return effect
        board = _board(state, current, effect.source)
        value = len(matching.selected(state, board.chars, values.per, board.anchor))
        return _replace(effect, change=_replace(values, power=value, toughness=value, per=None))
    if values.count != "card types in all graveyards":
        return effect
    value = len({t for p in state.players.values() for c in p.graveyard for t in state.objects[c].printed.types})
    return _replace(effect, change=_replace(values, power=value, toughness=value + values.toughness))


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
    if selector == "enchanted permanent":
        target = source.attached_to
        return [target] if target in current else []
    if selector == "lands":
        return [oid for oid, c in current.items() if "land" in c.types]
    if selector == "nonbasic lands":
        return [oid for oid, c in current.items() if "land" in c.types and "basic" not in c.supertypes]
    if selector == "described" and effect.described is not None:  # 611.3a: whatever it describes now
        anchor = Anchor(current[source.id].controller, source.id)
        return [oid for oid in current if matching.object_matches(state, current.__getitem__, effect.described, oid,
                                                                    anchor)]
    controller = current[source.id].controller
    if selector == "filter":
        wanted = effect.filter
        assert wanted is not None
        return [oid for oid, c in current.items()
                if wanted.matches(c, object_id=oid, source=source.id, you=controller, controller=c.controller,
                                  owner=state.objects[oid].owner, tapped=state.objects[oid].tapped,
                                  token=state.objects[oid].token)]
    creatures = [oid for oid, c in current.items() if c.is_creature]
    if selector in ("yours", "others"):
        creatures = [oid for oid in creatures if current[oid].controller == controller]
    elif selector == "opponents":
        creatures = [oid for oid in creatures if current[oid].controller != controller]
    if selector in ("others", "all others"):
        creatures = [oid for oid in creatures if oid != source.id]
    return creatures


def restrictions_on(state: GameState, object_id: str, action: str) -> list[tuple[str | None, str]]:
    """The "can't" restrictions that stop this object doing `action` now, as (source, text) pairs: from resolved
    spells and abilities ("Target creature can't block this turn.", its set locked, 611.2c), and from permanents'
    static abilities ("Enchanted creature can't attack or block.", "Creatures without flying can't attack.",
    508.1c, 509.1b), which apply to what they describe now (611.3a), as long as their condition holds. They
    change no characteristic."""
    current = compute_all(state)
    found: list[tuple[str | None, str]] = [
        (e.source, e.description) for e in state.effects
        if e.kind == RESTRICTION and e.values.action == action and object_id in e.affected]
    for oid in state.battlefield:
        for ability in current[oid].abilities:
            if ability.kind != "restriction" or ability.word != action:
                continue
            effect = ContinuousEffect(RESTRICTION, state.objects[oid].timestamp, ability.text,
                                      selector=ability.affects, source=oid, filter=ability.filter,
                                      condition=ability.condition, described=ability.described)
            if condition_holds(state, current, effect) and object_id in _affected(state, current, effect):
                found.append((oid, f"{current[oid].name}: \"{ability.shown(current[oid].name)}\""))
    return found


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
                name = current[oid].name or "a face-down permanent"
                out.append(ContinuousEffect(change.kind, obj.timestamp, f"{name} (\"{ability.shown(name)}\")",
                                            selector=ability.affects, source=oid, change=change, ability=ability.text,
                                            cda=ability.kind == "cda", filter=ability.filter,
                                            condition=ability.condition, described=ability.described))
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
    chars = _copiable_start(state, object_id)
    for effect in sorted((e for e in state.effects if e.layer in ("1a", "1b") and object_id in e.affected),
                         key=lambda e: e.timestamp):
        chars = EFFECT_KINDS[effect.kind].apply(chars, effect)
    return _replace(chars, controller="")

