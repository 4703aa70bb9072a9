"""Instructions read sentence by sentence → abilities: which kind an ability is (603 triggered, 602
activated, 605 mana, 606 loyalty, 604 static, 614–615 replacement, 113.3a spell), its effect, and the
rules that govern it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge_app.cardtext import rules as R
from judge_app.cardtext.families import Part
from judge_app.cardtext.nodes import (
    ActivatedAbility,
    Amount,
    Characteristics,
    Condition,
    Cost,
    DelayedTrigger,
    Effect,
    Event,
    Instruction,
    LoyaltyAbility,
    ManaAbility,
    Modal,
    Reference,
    ReplacementAbility,
    SpellAbility,
    StaticAbility,
    Trigger,
    targets,
)

STATIC_VERBS = {"get", "have", "is", "can't", "must", "cost", "characteristic pt", "untap during untap step",
                "assign combat damage", "set base pt", "lose", "play with hand revealed", "spend mana",
                "no maximum hand size", "reduce maximum hand size", "increase devotion", "damage floor",
                "lose the game", "activate only", "exist", "additional cost", "cast only"}


def effect_of(items: list[Any], text: str = "") -> Effect:
    """The instructions in order; "It's still a land." folds into the change before it (205.1b)."""
    out: list[Any] = []
    for item in items:
        if isinstance(item, Part):
            if item.role == "still" and out and isinstance(out[-1], Instruction):
                out[-1] = _still(out[-1], item.value)
            continue
        if isinstance(item, Instruction | Modal | DelayedTrigger):
            out.append(item)
    return Effect(tuple(out), text=text)


def _still(instr: Instruction, type_word: str) -> Instruction:
    chars = instr.characteristics or Characteristics()
    return replace(instr, characteristics=replace(chars, in_addition=True))


def _instructions(items: list[Any]) -> list[Instruction]:
    return [i for i in items if isinstance(i, Instruction)]


def _would(condition: Condition | None) -> Condition | None:
    if condition is None:
        return None
    if condition.kind == "would":
        return condition
    for part in condition.parts:
        found = _would(part)
        if found is not None:
            return found
    return None


def _without(condition: Condition | None, removed: Condition) -> Condition | None:
    if condition is None or condition == removed:
        return None
    if condition.kind == "and":
        rest = tuple(p for p in condition.parts if p != removed)
        return rest[0] if len(rest) == 1 else replace(condition, parts=rest)
    return condition


def _static_condition(items: list[Any]) -> Condition | None:
    for item in items:
        if isinstance(item, Part) and item.role == "static condition":
            return item.value
    return None


def replacement(items: list[Any], text: str) -> ReplacementAbility | None:
    """A static ability that replaces or prevents an event (614.1, 615.1), or None."""
    for item in items:
        if isinstance(item, Part) and item.role == "as enters":
            thing, inner = item.value
            return ReplacementAbility("enters", Event("enter", subject=thing, text=text), effect_of(inner, text),
                                      text=text, rules=(R.AS_ENTERS, R.ENTERS_WITH))
    instructions = _instructions(items)
    if not instructions:
        return None
    head = instructions[0]
    would = _would(head.condition)
    if would is not None and would.event is not None:
        cleaned = [replace(i, condition=_without(i.condition, would)) for i in instructions]
        prevent = any(i.verb == "prevent" for i in cleaned)
        mode = "prevent" if prevent else "instead"
        rules = (R.PREVENTION,) if prevent else (R.REPLACEMENT, R.INSTEAD)
        return ReplacementAbility(mode, would.event, effect_of(cleaned, text),
                                  condition=_without(head.condition, would), text=text, rules=rules)
    if head.verb == "skip":
        return ReplacementAbility("skip", Event("skip", subject=head.subject, qualifier=head.qualifier, text=text),
                                  effect_of(items, text), text=text, rules=(R.REPLACEMENT, R.SKIP))
    if head.verb in ("enter", "enter with counters", "enter as copy") and head.duration is None:
        rule = R.ENTERS if head.verb == "enter" else R.ENTERS_WITH
        return ReplacementAbility("enters", Event("enter", subject=head.subject, text=text), effect_of(items, text),
                                  condition=head.condition, text=text, rules=(R.REPLACEMENT, rule))
    if head.verb == "prevent" and head.duration is None and head.qualifier not in ("that damage", "of that damage"):
        event = Event("deal damage", subject=head.object, recipient=head.recipient,
                      qualifier="combat" if "combat" in head.qualifier else "", text=text)
        return ReplacementAbility("prevent", event, effect_of(items, text), condition=head.condition,
                                  amount=head.amount, text=text, rules=(R.PREVENTION,))
    if head.verb == "redirect damage":
        return ReplacementAbility("redirect", Event("deal damage", recipient=head.object, text=text),
                                  effect_of(items, text), text=text, rules=(R.REPLACEMENT, R.INSTEAD))
    return None


def static(items: list[Any], text: str) -> StaticAbility | ReplacementAbility:
    found = replacement(items, text)
    if found is not None:
        return found
    condition = _static_condition(items)
    effect = effect_of(items, text)
    instructions = _instructions(items)
    if condition is None and instructions and all(i.condition is not None for i in instructions) and len(
            {i.condition for i in instructions}) == 1 and instructions[0].condition.kind not in ("did", "would"):
        condition = instructions[0].condition
        effect = Effect(tuple(replace(i, condition=None) if isinstance(i, Instruction) else i
                              for i in effect.instructions), text=text)
    cda = any(i.verb == "characteristic pt" for i in instructions)
    rules = (R.STATIC, R.CDA) if cda else (R.STATIC, R.STATIC_EFFECT)
    return StaticAbility(effect, condition, cda, text=text, rules=rules)


def _looks_static(instructions: list[Instruction]) -> bool:
    """Without a type line: is this line a permanent's static ability rather than a spell's instructions?"""
    if not instructions:
        return False
    for i in instructions:
        if i.duration is not None or (i.subject is None and i.verb not in ("can't", "must")):
            return False
        if isinstance(i.subject, Reference) and i.subject.kind == "you" and i.verb not in STATIC_VERBS:
            return False
    return all(i.verb in STATIC_VERBS or i.verb.startswith(("enter", "skip", "prevent")) or i.instead
               or (i.condition is not None and _would(i.condition) is not None) for i in instructions)


def _spell_static(instructions: list[Instruction]) -> bool:
    """Statements an instant or sorcery makes about itself: "This spell can't be countered.", "This spell costs
    {1} less to cast …", "As an additional cost to cast this spell, …" (601.2f, 118.8)."""
    if not instructions:
        return False
    for i in instructions:
        if i.verb == "additional cost":
            continue
        if i.verb in ("can't", "cost", "is", "have") and isinstance(i.subject, Reference) and i.subject.kind == "self":
            continue
        if i.verb == "cost" and i.subject is not None:
            continue
        return False
    return True


def plain(items: list[Any], text: str, spell: bool | None) -> Any:
    """A line with no trigger, cost or loyalty: a spell's instructions or a permanent's static ability.
    `spell`: True for an instant or sorcery, False for a permanent, None when the type is unknown."""
    instructions = _instructions(items)
    has_markers = any(isinstance(i, Part) and i.role in ("as enters", "static condition") for i in items)
    if spell is None:
        spell = not has_markers and not _looks_static(instructions) and replacement(items, text) is None
    if spell and not _spell_static(instructions):
        effect = effect_of(items, text)
        return SpellAbility(effect, text=text, rules=_spell_rules(effect))
    return static(items, text)


def _spell_rules(effect: Effect) -> tuple[str, ...]:
    rules = [R.SPELL_ABILITY]
    if targets(effect):
        rules.append(R.TARGETS)
    if any(isinstance(i, Modal) for i in effect.instructions):
        rules.append(R.MODAL)
    return tuple(rules)


def triggered(trigger: Trigger | None, items: list[Any], text: str) -> Any:
    from judge_app.cardtext.nodes import TriggeredAbility

    trigger = trigger or Trigger("when", text=text)
    effect = effect_of(items, text)
    rules = list(trigger.rules)
    if any(isinstance(i, Instruction) and i.optional for i in effect.instructions):
        rules.append(R.OPTIONAL_TRIGGER)
    if targets(effect):
        rules.append(R.TARGETS)
    return TriggeredAbility(trigger, effect, text=text, rules=tuple(dict.fromkeys(rules)))


def activated(cost: Cost | None, items: list[Any], text: str) -> ActivatedAbility | ManaAbility:
    cost = cost or Cost(text="")
    restrictions = tuple(i for i in _instructions(items) if i.verb == "activate only")
    effect = effect_of([i for i in items if not (isinstance(i, Instruction) and i.verb == "activate only")], text)
    adds_mana = any(isinstance(i, Instruction) and i.verb == "add mana" for i in effect.instructions)
    if adds_mana and not targets(effect):  # 605.1a
        return ManaAbility(cost, effect, restrictions, text=text, rules=(R.MANA_ABILITY,))
    rules = [R.ACTIVATED]
    if restrictions:
        rules.append(R.ACTIVATION_INSTRUCTIONS)
    if targets(effect):
        rules.append(R.TARGETS)
    return ActivatedAbility(cost, effect, restrictions, text=text, rules=tuple(rules))


def loyalty(amount: Amount | None, items: list[Any], text: str) -> LoyaltyAbility:
    amount = amount or Amount("number", 0, text="0")
    effect = effect_of(items, text)
    rules = [R.LOYALTY]
    if targets(effect):
        rules.append(R.TARGETS)
    return LoyaltyAbility(amount, effect, text=text, rules=tuple(rules))
