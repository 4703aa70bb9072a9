"""Targets (115): what "target …" may choose, checked as targets are chosen (601.2c) and again as the spell or
ability resolves (608.2b), with hexproof (702.11b), shroud (702.18a) and protection (702.16b).

A chosen target remembers the object's incarnation: an object that changed zones is a new object (400.7),
so a target that left and came back is illegal on resolution.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge_app.engine import rules
from judge_app.engine.ability import TargetSpec
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.protection import protection_from
from judge_app.engine.state import StackItem, Target
from judge_app.engine.view import View


@dataclass(frozen=True, slots=True)
class Problem:
    reason: str
    rule: rules.Cite


_PERMANENT_NOUNS = {"creature": "creature", "artifact": "artifact", "enchantment": "enchantment", "land": "land",
                    "planeswalker": "planeswalker"}


def choose(game: View, ref: str) -> Target:
    obj = game.state.objects.get(ref)
    return Target(ref, obj.incarnation if obj is not None else 0)


def problem(game: View, spec: TargetSpec, target: Target, controller: str, source: Characteristics,
            item_id: str | None = None) -> Problem | None:
    """Why `target` isn't a legal choice for `spec` of a spell or ability controlled by `controller` whose
    source has the characteristics `source`, or None if it is legal."""
    state = game.state
    ref = target.ref
    noun = spec.noun
    if ref in state.players:
        if noun not in ("player", "opponent", "any"):
            return Problem(f"{ref} is a player, not {_a(spec)}", rules.TARGET_PERMANENTS)
        if noun == "opponent" and ref == controller:
            return Problem(f"{ref} isn't an opponent of {controller}", rules.TARGETED_SPELL)
        return None
    if noun in ("spell", "creature spell", "noncreature spell", "activated or triggered ability"):
        return _stack_problem(game, spec, target, item_id)
    obj = state.objects.get(ref)
    if obj is None:
        return Problem(f"{ref!r} is neither a player nor an object", rules.TARGET_PERMANENTS)
    if obj.zone != "battlefield" or obj.incarnation != target.incarnation:
        where = obj.zone if obj.incarnation == target.incarnation else f"{obj.zone}, as a new object"
        return Problem(f"{game.name(ref)} isn't on the battlefield (it is in the {where})", rules.TARGET_PERMANENTS)
    chars = game.chars(ref)
    if not _matches(game, spec, ref, chars, controller):
        return Problem(f"{game.name(ref)} isn't {_a(spec)}", rules.TARGETED_SPELL)
    if chars.has("shroud"):
        return Problem(f"{game.name(ref)} has shroud", rules.SHROUD)
    if chars.has("hexproof") and game.controller(ref) != controller:
        return Problem(f"{game.name(ref)} has hexproof and {controller} is an opponent of its controller",
                       rules.HEXPROOF)
    protection = protection_from(chars, source)
    if protection:
        return Problem(f"{game.name(ref)} has {protection.lower()}", rules.PROTECTION_TARGET)
    return None


def _matches(game: View, spec: TargetSpec, ref: str, chars: Characteristics, controller: str) -> bool:
    noun = spec.noun
    if noun in ("player", "opponent"):
        return False
    if noun == "any":  # 115.4: a creature, planeswalker or battle, or a player
        ok = bool(chars.types & {"creature", "planeswalker", "battle"})
    elif noun == "creature or planeswalker":
        ok = bool(chars.types & {"creature", "planeswalker"})
    elif noun == "nonland permanent":
        ok = "land" not in chars.types
    elif noun == "permanent":
        ok = True
    else:
        ok = _PERMANENT_NOUNS.get(noun, noun) in chars.types
    owner = game.controller(ref)
    if spec.control == "you":
        ok = ok and owner == controller
    elif spec.control in ("opponent", "not you"):
        ok = ok and owner != controller
    combat = game.state.combat
    if spec.status:
        attacking = combat is not None and ref in combat.attackers
        blocking = combat is not None and ref in combat.blocking
        ok = ok and (attacking or (spec.status == "attacking or blocking" and blocking))
    return ok


def _stack_problem(game: View, spec: TargetSpec, target: Target, item_id: str | None) -> Problem | None:
    item = next((i for i in game.state.stack if i.id == target.ref), None)
    if item is None:
        return Problem(f"{game.name(target.ref) if target.ref in game.state.objects else target.ref} isn't on the "
                       "stack", rules.TARGETED_SPELL)
    if item.id == item_id:
        return Problem("a spell or ability can't target itself", rules.TARGET_ITSELF)
    if item.kind == "spell" and game.state.objects[item.source].incarnation != target.incarnation:
        return Problem(f"{item.name} is a new object since it was targeted", rules.NEW_OBJECT)
    if spec.noun == "activated or triggered ability":
        return None if item.kind != "spell" else Problem(f"{item.name} is a spell, not an ability",
                                                          rules.TARGETED_SPELL)
    if item.kind != "spell":
        return Problem(f"{item.name} is an ability, not a spell", rules.TARGETED_SPELL)
    creature = game.chars(item.source).is_creature
    if (spec.noun == "creature spell" and not creature) or (spec.noun == "noncreature spell" and creature):
        return Problem(f"{item.name} isn't {_a(spec)}", rules.TARGETED_SPELL)
    return None


def _a(spec: TargetSpec) -> str:
    text = spec.describe().removeprefix("another ").removeprefix("target ")
    return text if text == "any target" else ("an " if text[0] in "aeiou" else "a ") + text


def still_legal(game: View, item: StackItem, index: int) -> Problem | None:
    """608.2b: the target is checked again as the spell or ability resolves; the source's last known
    information stands in for a source that left its zone."""
    spec = item.effect.targets[index]
    return problem(game, spec, item.targets[index], item.controller, item.source_chars, item.id)
