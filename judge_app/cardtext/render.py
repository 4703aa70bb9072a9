"""A reading as text for people (`judge card read`) and as JSON for tools (`--json`, `--stdin --json`)."""

from __future__ import annotations

from typing import Any

from judge_app.cardtext.nodes import (
    ActivatedAbility,
    Amount,
    CardText,
    Condition,
    DelayedTrigger,
    Description,
    Duration,
    Effect,
    Group,
    Instruction,
    KeywordAbility,
    LoyaltyAbility,
    ManaAbility,
    Modal,
    Reference,
    ReplacementAbility,
    StaticAbility,
    Trigger,
    TriggeredAbility,
    as_json,
    targets,
)


def result_json(card: CardText) -> dict[str, Any]:
    """{"ok", "abilities", "errors"}: the batch format of `judge card read --stdin --json`."""
    return {"ok": card.ok, "abilities": [ability_json(a) for a in card.abilities],
            "errors": [{"line": e.line, "column": e.column, "message": e.message} for e in card.errors]}


def ability_json(ability: Any) -> dict[str, Any]:
    data = as_json(ability)
    data["rules"] = list(all_rules(ability))
    return data


def all_rules(node: Any) -> tuple[str, ...]:
    """The rules cited anywhere in an ability, in order, each once (the ability's own first)."""
    found: dict[str, None] = {}
    for item in node.walk():
        for rule in getattr(item, "rules", ()) or ():
            found.setdefault(rule)
    return tuple(found)


def thing(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, Description):
        shown = value.text or " ".join(value.nouns)
        return f"{shown} (target {value.target + 1})" if value.target >= 0 else shown
    if isinstance(value, Reference):
        shown = value.text or value.kind
        if value.refers_to:
            return f"{shown} (= {value.refers_to.replace(':', ' ')})"
        return shown
    if isinstance(value, Group):
        return f" {value.conjunction} ".join(thing(t) for t in value.things)
    return str(value)


def amount(value: Amount | None) -> str:
    if value is None:
        return ""
    return value.text or (str(value.value) if value.value is not None else value.kind)


def instruction(item: Any, indent: str) -> list[str]:
    if isinstance(item, Modal):
        most = "any number" if item.maximum is None else str(item.maximum)
        lines = [f"{indent}choose {item.minimum}–{most} of:"]
        for number, mode in enumerate(item.modes, start=1):
            lines.append(f"{indent}  mode {number}: {mode.text}")
            for inner in mode.instructions:
                lines.extend(instruction(inner, indent + "    "))
        return lines
    if isinstance(item, DelayedTrigger):
        word = "reflexive trigger" if item.reflexive else "delayed trigger"
        lines = [f"{indent}{word}: {item.trigger.text}"]
        for inner in item.effect.instructions:
            lines.extend(instruction(inner, indent + "  "))
        return lines
    if not isinstance(item, Instruction):
        return [f"{indent}{item}"]
    parts = [item.verb + (" (optional)" if item.optional else "") + (" (not)" if item.negated else "")]
    for label, value in (("by", thing(item.subject)), ("what", thing(item.object)), ("to", thing(item.recipient)),
                         ("amount", amount(item.amount)), ("P/T", item.pt.text if item.pt else ""),
                         ("counter", item.counter), ("choice", item.choice),
                         ("from", item.origin.text if item.origin else ""),
                         ("into", item.destination.text if item.destination else ""),
                         ("mana", item.mana.text if item.mana else ""),
                         ("becomes", item.characteristics.text if item.characteristics else ""),
                         ("abilities", ", ".join(a.text for a in item.abilities)),
                         ("duration", item.duration.text if isinstance(item.duration, Duration) else ""),
                         ("if", item.condition.text if isinstance(item.condition, Condition) else ""),
                         ("unless", item.unless.text if item.unless else ""),
                         ("cost", item.cost.text if item.cost else ""), ("how", item.qualifier),
                         ("instead", "yes" if item.instead else "")):
        if value:
            parts.append(f"{label}: {value}")
    rules = f"   [{', '.join(item.rules)}]" if item.rules else ""
    lines = [f"{indent}- " + "; ".join(parts) + rules]
    if item.action is not None:
        lines.extend(instruction(item.action, indent + "    "))
    return lines


def summary(ability: Any) -> dict[str, Any]:
    """An ability's reading as fields for people: kind, text, rules, what it costs, what triggers it, other
    details (a keyword's parameters, restrictions, loyalty, the event replaced, a condition), the
    instructions as lines, and its targets. `judge card read` and the web's scenario editor show these."""
    details: list[str] = []
    cost = trigger = ""
    lines: list[str] = []
    if isinstance(ability, KeywordAbility):
        details.append(_keyword(ability))
        if ability.ability is not None:
            details.extend(describe(ability.ability, 1)[0:1])
    else:
        if isinstance(ability, TriggeredAbility):
            trigger = _trigger(ability.trigger)
        if isinstance(ability, ActivatedAbility | ManaAbility):
            cost = ability.cost.text
            details.extend(f"restriction: {r.text}" for r in ability.restrictions)
        if isinstance(ability, LoyaltyAbility):
            details.append(f"loyalty: {amount(ability.loyalty)}")
        if isinstance(ability, ReplacementAbility):
            details.append(f"replaces ({ability.mode}): {ability.event.text}")
        if isinstance(ability, StaticAbility | ReplacementAbility) and ability.condition is not None:
            details.append(f"condition: {ability.condition.text}")
        effect: Effect = ability.effect
        for item in effect.instructions:
            lines.extend(instruction(item, ""))
    return {"kind": getattr(type(ability), "KIND", "?"), "text": ability.text, "rules": list(all_rules(ability)),
            "cost": cost, "trigger": trigger, "details": details, "instructions": lines,
            "targets": [thing(t) for t in targets(ability)]}


def _keyword(ability: KeywordAbility) -> str:
    details = [f"keyword {ability.keyword} ({ability.rule})"]
    if ability.variant:
        details.append(f"as written: {ability.variant}")
    if ability.cost:
        details.append(f"cost: {ability.cost.text}")
    if ability.costs:
        details.append("costs: " + " and/or ".join(c.text for c in ability.costs))
    if ability.amount:
        details.append(f"N = {amount(ability.amount)}")
    if ability.qualities:
        details.append("qualities: " + ", ".join(("non" if q.negated else "") + (q.value or q.kind)
                                                 for q in ability.qualities))
    if ability.object:
        details.append(f"object: {thing(ability.object)}")
    if ability.name:
        details.append(f"name: {ability.name}")
    return "; ".join(details)


def describe(ability: Any, number: int) -> list[str]:
    return described(summary(ability), number)


def described(shown: dict[str, Any], number: int) -> list[str]:
    """A `summary` as the lines `judge card read` prints."""
    lines = [f"{number}. {shown['kind']}: {shown['text']}", f"   rules: {', '.join(shown['rules'])}"]
    if shown["trigger"]:
        lines.append(f"   trigger: {shown['trigger']}")
    if shown["cost"]:
        lines.append(f"   cost: {shown['cost']}")
    lines.extend(f"   {line}" for line in shown["details"] + shown["instructions"])
    return lines


def _trigger(trigger: Trigger) -> str:
    shown = trigger.text
    if trigger.chapters:
        shown = "chapter " + ", ".join(str(c) for c in trigger.chapters)
    if trigger.condition is not None and trigger.condition.text not in shown:
        shown += f" (if {trigger.condition.text})"
    return shown


def render_text(card: CardText) -> str:
    lines: list[str] = []
    for number, ability in enumerate(card.abilities, start=1):
        lines.extend(describe(ability, number))
    for error in card.errors:
        lines.append(f"line {error.line}, column {error.column}: {error.message}")
        if error.text:
            lines.append(f"   {error.text}")
    if not lines:
        lines.append("(no abilities)")
    return "\n".join(lines)
