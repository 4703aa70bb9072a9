"""The stack (405) as the rules ask about it: finding an item, describing it with its targets, and the events
of an item leaving it (a spell's card to a zone; an ability ceases to exist). Resolving is `resolve.py`."""

from __future__ import annotations

from judge_app.engine import rules
from judge_app.engine.events import Event, StackPop, ZoneChange
from judge_app.engine.state import GONE, STACK, StackItem
from judge_app.engine.view import View


def target_name(game: View, ref: str) -> str:
    if ref in game.state.players or ref in game.state.objects:
        return game.name(ref)
    item = find(game, ref)
    return item.name if item else ref


def find(game: View, item_id: str) -> StackItem | None:
    return next((i for i in game.state.stack if i.id == item_id), None)


def describe(game: View, item: StackItem) -> str:
    on = ""
    if item.targets:
        on = " targeting " + ", ".join(target_name(game, t.ref) for t in item.targets)
    return f"{item.name}{on}"


def goes_to(item: StackItem, to_zone: str = "graveyard") -> tuple[str, str, tuple[rules.Cite, ...]]:
    """Where a spell's card goes as it leaves the stack, in words, with the rule: `to_zone`, or exile if its
    flashback cost was paid (702.34a: "exile this card instead of putting it anywhere else")."""
    if item.choices.get("flashback"):
        return "exile", "exiled instead (its flashback cost was paid)", (rules.FLASHBACK,)
    return to_zone, f"put into its owner's {to_zone}", ()


def leave_stack(game: View, item: StackItem, to_zone: str, why: str) -> list[Event]:
    """The events of `item` leaving the stack; a spell's card goes to `to_zone` (abilities cease to exist), or
    to exile if it was cast with flashback (`goes_to`)."""
    to_zone = goes_to(item, to_zone)[0]
    changes: list[Event] = [StackPop(item.id, why)]
    obj = game.state.objects.get(item.source)
    if item.kind == "spell" and obj is not None and obj.zone == STACK:
        # a copy of a spell isn't a card: anywhere but the stack it ceases to exist (707.10a)
        changes.append(ZoneChange(item.source, STACK, GONE if obj.copy_of_spell else to_zone, why))
    return changes
