"""After an ability is built: number its targets in text order (601.2c) and say what each pronoun stands
for ("it", "they", "that creature", "that player", "its controller"): the latest thing named before it
that fits, else the object or player of the trigger event, else the ability's source.

Granted abilities in quotes and delayed triggers are resolved on their own (they are abilities of their
own, 603.7c, 113.10), with the enclosing ability's mentions as the fallback for a delayed trigger."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from judge_app.cardtext.nodes import (
    ABILITY_TYPES,
    DelayedTrigger,
    Description,
    Event,
    Group,
    Instruction,
    Node,
    Reference,
    Trigger,
    TriggeredAbility,
)

_PLAYER = ("player", "opponent")
_ANAPHORA = ("it", "they", "that")


class _Mention:
    __slots__ = ("label", "player")

    def __init__(self, label: str, player: bool):
        self.label = label
        self.player = player


def _is_player(thing: Any) -> bool:
    if isinstance(thing, Description):
        return thing.is_player
    if isinstance(thing, Reference):
        return thing.kind in ("you", "controller", "owner", "defending player", "active player", "monarch") or \
            thing.noun in _PLAYER
    return False


class _Resolver:
    def __init__(self, outer: list[_Mention] | None = None):
        self.mentions: list[_Mention] = []
        self.outer = outer or []
        self.targets = 0
        self.instruction = -1
        self.done: dict[int, Description] = {}  # one description shared by several instructions is one target
        self.in_cost = False  # a cost's actions ("Sacrifice a creature") are no instructions of the effect

    def resolve(self, node: Any) -> Any:
        if isinstance(node, tuple):
            return tuple(self.resolve(item) for item in node)
        if not isinstance(node, Node):
            return node
        if isinstance(node, ABILITY_TYPES):  # a granted ability: its own pronouns
            return resolve_ability(node)
        if isinstance(node, DelayedTrigger):
            inner = _Resolver(self.mentions + self.outer)
            return replace(node, trigger=inner.resolve(node.trigger), effect=inner.resolve(node.effect))
        if isinstance(node, Reference) and node.kind in _ANAPHORA and not node.refers_to:
            resolved = replace(node, refers_to=self._antecedent(node))
            return replace(resolved, of=self.resolve(node.of)) if node.of is not None else resolved
        if isinstance(node, Instruction) and not self.in_cost:
            self.instruction += 1
        values = {}
        for f in fields(node):  # type: ignore[arg-type]
            value = getattr(node, f.name)
            new = self.resolve(value)
            if new is not value:
                values[f.name] = new
        if isinstance(node, Description):
            original = id(node)
            if original in self.done:
                return self.done[original]
            node = replace(node, **values) if values else node
            if node.is_target:
                node = replace(node, target=self.targets)
                self.mentions.append(_Mention(f"target:{self.targets}", node.is_player))
                self.targets += 1
            elif node.selector.kind in ("a", "the") and self.in_cost:
                self.mentions.append(_Mention("cost", node.is_player))
            elif node.selector.kind in ("a", "the") and self.instruction >= 0:
                self.mentions.append(_Mention(f"instruction:{self.instruction}", node.is_player))
            self.done[original] = node
            return node
        if isinstance(node, Event):
            for thing, label in ((node.subject, "event subject"), (node.object, "event"), (node.recipient, "event")):
                if isinstance(thing, Description | Group):
                    self.mentions.append(_Mention(label, _is_player(thing)))
                elif isinstance(thing, Reference) and thing.kind == "self":
                    self.mentions.append(_Mention("self", False))
                elif isinstance(thing, Reference) and thing.kind == "you":
                    self.mentions.append(_Mention(label, True))
        return replace(node, **values) if values else node

    def _antecedent(self, ref: Reference) -> str:
        want_player = ref.noun in _PLAYER
        for mention in reversed(self.outer + self.mentions):
            if mention.player == want_player:
                return mention.label
        return "" if want_player else "self"


def resolve_ability(ability: Any) -> Any:
    """The ability with its targets numbered and its pronouns resolved."""
    resolver = _Resolver()
    if isinstance(ability, TriggeredAbility):
        trigger: Trigger = resolver.resolve(ability.trigger)
        resolver.instruction = -1
        effect = resolver.resolve(ability.effect)
        return replace(ability, trigger=trigger, effect=effect)
    values = {}
    for f in fields(ability):
        value = getattr(ability, f.name)
        if isinstance(value, Node | tuple) and f.name != "rules":
            resolver.in_cost = f.name == "cost"  # what a cost names is "cost", what it paid with (602.2b)
            values[f.name] = resolver.resolve(value)
    resolver.in_cost = False
    return replace(ability, **values)
