"""Targets (115): what "target …" may choose, checked as targets are chosen (601.2c) and again as the spell or
ability resolves (608.2b), with hexproof (702.11b), shroud (702.18a) and protection (702.16b).

What a target must be is the card text's description ("another target nonblack creature an opponent
controls", "any target", "target spell", "target creature card in your graveyard"), matched by
`matching.py`. A chosen target remembers the object's incarnation: an object that changed zones is a new
object (400.7), so a target that left and came back is illegal on resolution.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge_app.cardtext import nodes as n
from judge_app.cardtext.nodes import Description
from judge_app.engine import matching, rules
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.errors import IllegalAction
from judge_app.engine.matching import Anchor
from judge_app.engine.protection import protection_from
from judge_app.engine.state import STACK, StackItem, Target
from judge_app.engine.view import View


@dataclass(frozen=True, slots=True)
class Problem:
    reason: str
    rule: rules.Cite


def choose(game: View, ref: str, slot: int = 0) -> Target:
    obj = game.state.objects.get(ref)
    return Target(ref, obj.incarnation if obj is not None else 0, slot)


def problem(game: View, spec: Description, target: Target, controller: str, source: Characteristics,
            item_id: str | None = None, source_id: str | None = None) -> Problem | None:
    """Why `target` isn't a legal choice for `spec` of a spell or ability controlled by `controller` whose
    source (`source_id`) has the characteristics `source`, or None if it is legal."""
    state = game.state
    ref = target.ref
    anchor = Anchor(controller, source_id)
    if ref in state.players:
        if not matching.names_players(spec):
            return Problem(f"{ref} is a player, not {_a(spec)}", rules.TARGET_PERMANENTS)
        if not matching.player_matches(state, spec, ref, anchor):
            return Problem(f"{ref} isn't {_a(spec)}", rules.TARGETED_SPELL)
        return None
    on_stack = next((i for i in state.stack if i.id == ref), None)
    if on_stack is not None or _names_stack(spec):
        return _stack_problem(game, spec, target, item_id, anchor)
    obj = state.objects.get(ref)
    if obj is None:
        return Problem(f"{ref!r} is neither a player nor an object", rules.TARGET_PERMANENTS)
    zone = matching._zone_of(spec)
    if obj.incarnation != target.incarnation or (zone != "any" and obj.zone != zone):
        where = obj.zone if obj.incarnation == target.incarnation else f"{obj.zone}, as a new object"
        wanted = "on the battlefield" if zone == "battlefield" else f"in the {zone}" if zone != "any" else "there"
        return Problem(f"{game.name(ref)} isn't {wanted} (it is in the {where})", rules.TARGET_PERMANENTS)
    if not matching.object_matches(state, game.chars, spec, ref, anchor):
        return Problem(f"{game.name(ref)} isn't {_a(spec)}", rules.TARGETED_SPELL)
    if obj.zone != "battlefield":
        return None
    chars = game.chars(ref)
    if chars.has("shroud"):
        return Problem(f"{game.name(ref)} has shroud", rules.SHROUD)
    if chars.has("hexproof") and game.controller(ref) != controller:
        return Problem(f"{game.name(ref)} has hexproof and {controller} is an opponent of its controller",
                       rules.HEXPROOF)
    protection = protection_from(chars, source)
    if protection:
        return Problem(f"{game.name(ref)} has {protection.lower()}", rules.PROTECTION_TARGET)
    return None


def _names_stack(spec: Description) -> bool:
    return any(matching._noun(x) in ("spell", "ability") for x in spec.nouns)


def _stack_problem(game: View, spec: Description, target: Target, item_id: str | None,
                   anchor: Anchor) -> Problem | None:
    state = game.state
    item = next((i for i in state.stack if i.id == target.ref), None)
    if item is None:
        return Problem(f"{game.name(target.ref) if target.ref in state.objects else target.ref} isn't on the "
                       "stack", rules.TARGETED_SPELL)
    if item.id == item_id:
        return Problem("a spell or ability can't target itself", rules.TARGET_ITSELF)
    if item.kind == "spell" and state.objects[item.source].incarnation != target.incarnation:
        return Problem(f"{item.name} is a new object since it was targeted", rules.NEW_OBJECT)
    nouns = {matching._noun(x) for x in spec.nouns}
    if item.kind != "spell":
        kinds = {q.value for q in spec.qualities if q.kind == "ability"}
        ok = "ability" in nouns and (not kinds or item.kind in kinds)
        return None if ok else Problem(f"{item.name} is an ability, not {_a(spec)}", rules.TARGETED_SPELL)
    if "spell" not in nouns:
        return Problem(f"{item.name} is a spell, not {_a(spec)}", rules.TARGETED_SPELL)
    if not matching.object_matches(state, game.chars, spec, item.source, anchor, zone=STACK):
        return Problem(f"{item.name} isn't {_a(spec)}", rules.TARGETED_SPELL)
    return None


def _a(spec: Description) -> str:
    text = spec.text.lower()
    for prefix in ("another target ", "target ", "up to one target "):
        text = text.removeprefix(prefix)
    if text in ("any target", ""):
        return "any target"
    return ("an " if text[0] in "aeiou" else "a ") + text


def still_legal(game: View, item: StackItem, index: int) -> Problem | None:
    """608.2b: the target is checked again as the spell or ability resolves; the source's last known
    information stands in for a source that left its zone."""
    target = item.targets[index]
    spec = next(s for s in item.specs if s.target == target.slot)
    return problem(game, spec, target, item.controller, item.source_chars, item.id, item.source)


def bounds(spec: Description) -> tuple[int, int | None]:
    """How many targets a description asks for: "target creature" 1, "two target creatures" 2, "up to two
    target creatures" 0 to 2, "any number of target creatures" 0 or more (115.1, 601.2c)."""
    selector = spec.selector
    count = selector.count.value if selector.count is not None and selector.count.value is not None else 1
    if selector.any_number:
        return 0, None
    return (0 if selector.up_to else count), count


def assign(game: View, specs: tuple[Description, ...], wanted: list[str] | list[list[str]], controller: str,
           source: Characteristics, item_id: str, source_id: str | None, what: str) -> list[Target]:
    """601.2c: the targets announced for each description, in order. `wanted` is one list per description, or
    one flat list shared out in order (each description takes the next choices it can legally have, up to its
    number). Raises `IllegalAction` naming the description and the rule."""
    from_lists = bool(wanted) and all(isinstance(w, list) for w in wanted)
    queue = [] if from_lists else list(wanted)
    out: list[Target] = []
    for position, spec in enumerate(specs):
        low, high = bounds(spec)
        mine = list(wanted[position]) if from_lists and position < len(wanted) else []
        picked: list[Target] = []
        source_refs = mine if from_lists else queue
        while source_refs and (high is None or len(picked) < high):
            ref = _stack_ref(game, spec, source_refs[0])
            target = choose(game, ref, spec.target)
            why = problem(game, spec, target, controller, source, item_id, source_id)
            if why is not None:
                if from_lists or len(picked) < low:
                    role = f" as {spec.text[:1].lower()}{spec.text[1:]}" if len(specs) > 1 else ""
                    raise IllegalAction(f"{what} can't target {_label(game, ref)}{role}: {why.reason}",
                                        why.rule, rules.CAST_TARGETS)
                break
            if any(t.ref == ref for t in picked):
                raise IllegalAction(f"{what} can't choose {_label(game, ref)} twice for {spec.text}",
                                    rules.TARGET_ONCE)
            picked.append(target)
            source_refs.pop(0)
        if len(picked) < low:
            raise IllegalAction(f"{what} needs {low} target{'s' if low != 1 else ''} for {spec.text}; "
                                f"{len(picked)} given", rules.CAST_TARGETS)
        out += picked
    leftover = queue if not from_lists else [x for lst in wanted[len(specs):] for x in lst]
    if leftover:
        needed = ", ".join(s.text for s in specs) or "no targets"
        raise IllegalAction(f"{what} has no target left for {', '.join(_label(game, x) for x in leftover)} "
                            f"(it targets: {needed})", rules.CAST_TARGETS)
    return out


def _stack_ref(game: View, spec: Description, ref: str) -> str:
    """A spell is named by its card; an ability by its source: the topmost such ability on the stack."""
    if _names_stack(spec) and "ability" in {matching._noun(x) for x in spec.nouns}:
        return next((i.id for i in reversed(game.state.stack) if i.source == ref and i.kind != "spell"), ref)
    return ref


def _label(game: View, ref: str) -> str:
    return game.name(ref) if ref in game.state.objects or ref in game.state.players else ref


_SPECS: dict[tuple[int, tuple[int, ...] | None], tuple[n.Effect, tuple[Description, ...]]] = {}


def specs_of(effect: n.Effect | None, modes: list[int] | None = None, every_mode: bool = False
             ) -> tuple[Description, ...]:
    """The target descriptions of an effect, in text order (601.2c): of the chosen modes only (700.2; by
    default the first ones), or of every mode. Remembered per effect: card text is read once, targeted often."""
    if effect is None:
        return ()
    key = (id(effect), None if every_mode else tuple(modes) if modes is not None else ())
    found = _SPECS.get(key)
    if found is None or found[0] is not effect:
        described = n.targets(effect if every_mode else chosen_modes(effect, modes))
        seen: set[int] = set()  # "target player draws … and loses …": one target, named twice
        found = (effect, tuple(d for d in described if not (d.target in seen or seen.add(d.target))))
        _SPECS[key] = found
    return found[1]


def chosen_modes(effect: n.Effect, modes: list[int] | None) -> n.Effect:
    """The instructions of the chosen modes only (700.2; by default the first ones): a mode not chosen chooses
    no targets."""
    if not any(isinstance(ins, n.Modal) for ins in effect.instructions):
        return effect
    out: list = []
    for ins in effect.instructions:
        if isinstance(ins, n.Modal):
            picked = modes if modes is not None else list(range(1, ins.minimum + 1))
            out += [x for number in sorted(picked) for x in ins.modes[number - 1].instructions]
        else:
            out.append(ins)
    return n.Effect(tuple(out), effect.text)
