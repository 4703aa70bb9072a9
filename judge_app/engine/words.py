"""What the words of a resolving spell or ability stand for (608.2c): the objects and players its phrases name,
its amounts, and whether its conditions hold — asked of the game as it is when each instruction is followed.

"It" and "that card" follow the tree's `refers_to` (a target, the object or player of the trigger event, what
an earlier instruction acted on, what a cost paid with); "its power" of an object that has left the
battlefield is its last known information (608.2h). X is the value announced as the spell was cast (107.3a).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from judge_app.cardtext import nodes as n
from judge_app.engine import conditions, matching
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.matching import Anchor
from judge_app.engine.state import StackItem
from judge_app.engine.view import View


@dataclass
class Resolving:
    """A stack item being resolved, and what its instructions have done so far."""

    item: StackItem
    illegal: set[int] = field(default_factory=set)  # positions in `item.targets` found illegal (608.2b)
    acted: list[list[str]] = field(default_factory=list)  # what each instruction, in order, acted on or made
    did: bool | None = None  # whether the player did the last optional instruction ("if you do", 608.2c)
    picks: list[str] = field(default_factory=list)  # what the scenario chose for "a creature you control" (608.2d)
    chose: list[str] = field(default_factory=list)  # what was picked as it resolved, and by whom, for the trace
    lki: dict[str, Characteristics] = field(default_factory=dict)  # objects as they last were on the battlefield
    current: str | None = None  # the one object of a group being dealt with ("each creature … to itself")
    no_regeneration: bool = False  # the instruction is followed by "… can't be regenerated" (701.19c)
    instead: tuple[str, int] | None = None  # the instruction's own replacement (614.15): its condition, the amount
    seen: list[str] = field(default_factory=list)  # the cards last looked at, revealed or found: "one of them"
    placed: list[str] = field(default_factory=list)  # those of them put somewhere since: not "the rest"
    revealed: list[str] = field(default_factory=list)  # "the revealed card"
    unpaid: bool = False  # the last instruction was a cost its player couldn't pay (118.3): not "done"

    @property
    def anchor(self) -> Anchor:
        return Anchor(self.item.controller, self.item.source)


def names_of(game: View, refs: list[str]) -> str:
    return ", ".join(game.name(x) for x in refs) or "nothing"


def record(r: Resolving, refs: list[str]) -> None:
    """What the instruction being followed acted on, for "it" and "them" after it (608.2c)."""
    r.acted[-1] = list(refs)


def players_in(game: View, r: Resolving, thing: n.Thing | None) -> list[str]:
    """The players an instruction's subject names (no subject: the ability's controller, "you")."""
    if thing is None:
        return [r.item.controller]
    return [x for x in things(game, r, thing) if x in game.state.players]


def controller_of(game: View, r: Resolving, zone: n.Zone, owner: str) -> str:
    """Under whose control a card is put or returned: the zone's "under your control", else its owner's (110.2a)."""
    if zone.controller is None:
        return owner
    found = [x for x in things(game, r, zone.controller) if x in game.state.players]
    return found[0] if found else owner


def chars(game: View, r: Resolving, ref: str) -> Characteristics:
    """An object's characteristics now, or as it last existed on the battlefield (608.2h)."""
    if not game.state.on_battlefield(ref):
        known = r.lki.get(ref) or r.item.choices.get("lki", {}).get(ref)
        if known is not None:
            return known
    if ref == r.item.source and not game.state.on_battlefield(ref):
        return r.item.source_chars
    return game.chars(ref)


def targets_of(r: Resolving, slot: int, legal_only: bool = True) -> list[str]:
    """The chosen targets for the description numbered `slot` (601.2c), without the illegal ones (608.2b)."""
    return [t.ref for i, t in enumerate(r.item.targets)
            if t.slot == slot and not (legal_only and i in r.illegal)]


def things(game: View, r: Resolving, thing: n.Thing | None) -> list[str]:
    """The objects (ids) and players (names) a phrase names, in order."""
    if thing is None:
        return []
    if isinstance(thing, n.Group):
        return list(dict.fromkeys(x for part in thing.things for x in things(game, r, part)))
    if isinstance(thing, n.Reference):
        return _reference(game, r, thing)
    if thing.is_target:
        return targets_of(r, thing.target)
    if linked_exile(r, thing):
        return exiled_with(game, r)
    if thing.selector.kind == "the":
        for q in thing.qualities:
            if q.kind == "status" and q.value in ("sacrificed", "exiled", "discarded"):
                return list(r.item.choices.get("paid", {}).get(q.value, []))
    return matching.selected(game.state, game.chars, evaluated(game, r, thing), r.anchor)


def evaluated(game: View, r: Resolving, desc: n.Description) -> n.Description:
    """"A creature card with mana value X or less", "… equal to 1 plus the sacrificed creature's mana value": the
    description with each comparison's amount as the number it stands for now (107.3, 608.2h)."""
    def number(q: n.Quality) -> n.Quality:
        if q.kind in ("any", "all"):
            return replace(q, parts=tuple(number(p) for p in q.parts))
        if q.kind != "compare" or q.amount is None or q.amount.kind == "number":
            return q
        value = amount(game, r, q.amount)
        return replace(q, amount=n.Amount("number", value=value, text=str(value)))
    qualities = tuple(number(q) for q in desc.qualities)
    return desc if qualities == desc.qualities else replace(desc, qualities=qualities)


def linked_exile(r: Resolving, thing: n.Thing | None) -> bool:
    """"The exiled card" not exiled to pay this ability's cost: what a linked ability exiled (607.2a)."""
    return isinstance(thing, n.Description) and thing.selector.kind == "the" and "exiled" not in \
        r.item.choices.get("paid", {}) and any(q.kind == "status" and q.value == "exiled" for q in thing.qualities)


def exiled_with(game: View, r: Resolving) -> list[str]:
    """607.2a: "the exiled card" of a linked ability — what another ability of the same object exiled, and that is
    still the card put into exile then (one that left exile since is a new object, 400.7)."""
    item = r.item
    cards = game.state.exiled_with.get((item.source, item.source_incarnation or 0), [])
    return [x for x, incarnation in cards if game.state.objects[x].zone == "exile"
            and game.state.objects[x].incarnation == incarnation]


def _reference(game: View, r: Resolving, ref: n.Reference) -> list[str]:
    item = r.item
    kind = ref.kind
    if kind == "self":
        return [item.source]
    if kind == "you":
        return [item.controller]
    if kind in ("controller", "owner"):
        out = []
        for x in things(game, r, ref.of):
            if x in game.state.players:
                out.append(x)
            elif kind == "owner":
                out.append(game.state.objects[x].owner)
            else:
                out.append(chars(game, r, x).controller)
        return list(dict.fromkeys(out))
    if kind == "attached":
        attached = game.state.objects[item.source].attached_to
        return [attached] if attached else []
    if kind in ("sacrificed", "exiled", "discarded"):
        return list(item.choices.get("paid", {}).get(kind, []))
    if kind == "each of them":
        return _last_acted(r)
    if kind == "defending player":  # the player the attacking source attacks, or whose planeswalker (508.5)
        combat = game.state.combat
        attacked = combat.defending.get(r.current or item.source) if combat is not None else None
        return [attacked] if attacked else []
    return _anaphora(game, r, ref)


def _anaphora(game: View, r: Resolving, ref: n.Reference) -> list[str]:
    """"It", "they", "that creature", "that player": what the tree says it refers to."""
    item = r.item
    to = ref.refers_to
    bound = item.choices.get("bound", {})
    if to in bound:
        return list(bound[to])
    player_word = ref.noun == "player" or "player" in ref.text.lower()
    if to == "self":
        return [r.current] if r.current is not None else [item.source]
    if to.startswith("target:"):
        return targets_of(r, int(to.split(":")[1]))
    if to.startswith("instruction:"):
        index = int(to.split(":")[1])
        return list(r.acted[index]) if index < len(r.acted) else []
    if to in ("event", "event subject") or ref.kind == "event":
        if player_word or (item.it is None and item.that_player is not None):
            return [item.that_player] if item.that_player else []
        return [item.it] if item.it else []
    if to == "cost":
        paid = item.choices.get("paid", {})
        return [x for refs in paid.values() for x in refs]
    if r.current is not None:
        return [r.current]
    return _last_acted(r) or ([item.it] if item.it else [item.source])  # nothing else named: the source itself


def _last_acted(r: Resolving) -> list[str]:
    return next((list(a) for a in reversed(r.acted) if a), [])


def amount(game: View, r: Resolving, node: n.Amount | None, default: int = 0) -> int:
    """The number an amount stands for now (107.1–107.3)."""
    if node is None:
        return default
    kind = node.kind
    if kind == "number":
        return node.value or 0
    if kind == "variable":
        return amount(game, r, node.base) if node.base is not None else int(r.item.choices.get("x", 0))
    if kind == "count":
        return len(things(game, r, node.of))
    if kind == "property":
        return _property(game, r, node)
    if kind == "event":
        return r.item.amount
    if kind == "times":
        return node.factor * amount(game, r, node.base)
    if kind == "half":
        half = amount(game, r, node.base) / 2
        return math.ceil(half) if node.rounding == "up" else math.floor(half)
    if kind == "for each":
        return amount(game, r, node.base, 1) * len(things(game, r, node.of))
    if kind == "plus":
        return amount(game, r, node.base) + amount(game, r, node.other)
    if kind == "minus":
        return amount(game, r, node.base) - amount(game, r, node.other)
    raise ValueError(f"unplayable amount {kind!r}")


def _property(game: View, r: Resolving, node: n.Amount) -> int:
    refs = things(game, r, node.of)
    if not refs:
        return 0
    ref = refs[0]
    prop = node.property
    if ref in game.state.players:
        player = game.state.players[ref]
        return {"life total": player.life, "life": player.life, "cards in hand": len(player.hand)}.get(prop, 0)
    c = chars(game, r, ref)
    if prop == "power":
        return c.power or 0
    if prop == "toughness":
        return c.toughness or 0
    if prop == "loyalty":
        return c.loyalty or 0
    if prop == "mana value":
        return matching._mana_value(c.mana_cost)
    return 0


def holds(game: View, r: Resolving, condition: n.Condition | None) -> bool:
    """Whether a condition of an instruction is true now ("if you do", "if this spell was kicked", "if you have
    5 or less life", "if you control a Mountain")."""
    if condition is None:
        return True
    kind = condition.kind
    if kind in ("compare", "control") and _names_players(condition.subject) \
            and conditions.unplayable(condition) is None:
        # "if an opponent controls more lands than you", "if an opponent has 10 or less life": one of those players
        return conditions.holds(conditions.Board(game.state, game.chars, r.item.source, r.item.controller),
                                condition)
    if kind == "did":
        result = bool(r.did)
    elif kind == "kicked" or _is_kicked(condition):
        result = _kicked(game, r, condition.subject)
    elif kind == "compare":
        result = matching._compare(amount(game, r, condition.amount), condition.comparison,
                                   amount(game, r, condition.other))
    elif kind == "control":
        who = things(game, r, condition.subject) or [r.item.controller]
        found = things(game, r, condition.object)
        result = any(game.controller(x) in who for x in found if x in game.state.objects)
    elif conditions.unplayable(condition) is None:  # "if it's not your turn", "if this artifact is tapped" (611.3a)
        return conditions.holds(conditions.Board(game.state, game.chars, r.item.source, r.item.controller), condition)
    else:
        raise ValueError(f"unplayable condition {kind!r}")
    return result != condition.negated


def _names_players(thing: n.Thing | None) -> bool:
    return isinstance(thing, n.Description) and matching.names_players(thing) and not matching.names_objects(thing)


def _kicked(game: View, r: Resolving, subject: n.Thing | None) -> bool:
    """702.33d: "if this spell was kicked"; of a permanent, "if it was kicked" — whether the spell it was, was;
    "if that spell was kicked" of a spell cast, as it is on the stack."""
    if r.item.kind == "spell" and (not isinstance(subject, n.Reference) or subject.kind == "self"
                                   or subject.refers_to == "self"):
        return bool(r.item.choices.get("kicked"))
    for x in things(game, r, subject):
        spell = next((i for i in game.state.stack if i.source == x and i.kind == "spell"), None)
        obj = game.state.objects.get(x)
        if (spell is not None and spell.choices.get("kicked")) or (spell is None and obj is not None and obj.kicked):
            return True
    return False


def _is_kicked(condition: n.Condition) -> bool:
    """"If this spell was kicked" (702.33d), read as "[this spell] is [kicked]"."""
    subject = condition.subject
    return condition.kind == "is" and isinstance(subject, n.Reference) \
        and (subject.kind == "self" or subject.refers_to in ("self", "event")) \
        and condition.quality is not None and condition.quality.value == "kicked"
