"""Every change to the game state is an event: applied in one place, kept for the trace.

`perform(state, events)` applies them; `perform.Play.perform` is the single door through which play changes
the state: replacement and prevention effects (614–616) in front of `apply`, trigger checks (603) after it.
The events carry what those need (source, recipient, amounts, zones).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from judge_app.engine.characteristics import Characteristics
from judge_app.engine.continuous import ContinuousEffect
from judge_app.engine.state import GONE, STACK, GameObject, GameResult, GameState, Player, Shield, StackItem


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[str] = "event"

    def apply(self, state: GameState) -> None:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        data = {"event": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            data[f.name] = value.describe() if isinstance(value, GameResult) else value
        return data


@dataclass(frozen=True, slots=True)
class ZoneChange(Event):
    """An object moves between zones and becomes a new object (400.7): status, damage, counters and
    attachments are not kept (122.2), it gets a new timestamp (613.7d), and leaves combat (506.4)."""

    kind: ClassVar[str] = "zone change"
    object: str
    from_zone: str
    to_zone: str
    how: str  # "destroyed", "put", "exiled", "sacrificed", "drawn", "discarded", "returned", "ceased to exist"

    controller: str = ""  # who controls it on the battlefield or the stack (default: its owner, 110.2)
    face_down: bool = False  # it enters the battlefield face down (708.3)
    kicked: bool = False  # a kicked spell becoming a permanent (702.33d)

    def apply(self, state: GameState) -> None:
        obj = state.objects[self.object]
        owner = state.players[obj.owner]
        _remove(state, owner, self.object, self.from_zone)
        if self.from_zone == "battlefield":
            obj.left_turn = state.turn
        if self.to_zone == "battlefield":
            state.battlefield.append(self.object)
            obj.timestamp = state.next_timestamp()
            obj.entered_turn = state.turn
            obj.controlled_since_turn_start = False
        elif self.to_zone not in (GONE, STACK):
            owner.zone(self.to_zone).append(self.object)
        obj.zone = self.to_zone
        obj.incarnation += 1
        state.moved_since_check.add(self.object)
        _forget(state, self.object)
        obj.tapped = False
        obj.damage = 0
        obj.dealt_deathtouch_damage = False
        obj.counters = {}
        obj.attached_to = None
        obj.chosen = {}
        obj.face_down = self.to_zone == "battlefield" and self.face_down
        obj.kicked = self.to_zone == "battlefield" and self.kicked
        obj.controller = self.controller or obj.owner
        if state.combat is not None:
            _leave_combat(state, self.object)


def _forget(state: GameState, object_id: str) -> None:
    """400.7: effects that applied to the object don't apply to the new object it becomes."""
    if any(object_id in e.affected for e in state.effects):
        kept = []
        for effect in state.effects:
            if object_id in effect.affected:
                effect = dataclasses.replace(effect, affected=tuple(a for a in effect.affected if a != object_id))
                if not effect.affected and not effect.selector:
                    continue
            kept.append(effect)
        state.effects = kept


def _remove(state: GameState, owner: Player, object_id: str, zone: str) -> None:
    if zone == "battlefield":
        state.battlefield.remove(object_id)
    elif zone not in (GONE, STACK):
        owner.zone(zone).remove(object_id)


def _leave_combat(state: GameState, object_id: str) -> None:
    combat = state.combat
    assert combat is not None
    combat.attackers.pop(object_id, None)
    combat.blocking.pop(object_id, None)
    for attacker, target in list(combat.attackers.items()):
        if target == object_id:  # a planeswalker that's attacked stops being attacked (506.4)
            combat.attackers[attacker] = None


@dataclass(frozen=True, slots=True)
class RemovedFromCombat(Event):
    kind: ClassVar[str] = "removed from combat"
    object: str

    def apply(self, state: GameState) -> None:
        if state.combat is not None:
            _leave_combat(state, self.object)


@dataclass(frozen=True, slots=True)
class LifeChange(Event):
    kind: ClassVar[str] = "life"
    player: str
    amount: int  # positive: gained; negative: lost
    before: int
    cost: bool = False  # paid as a cost (119.4): no replacement effect modifies a cost

    def apply(self, state: GameState) -> None:
        state.players[self.player].life += self.amount


@dataclass(frozen=True, slots=True)
class CounterChange(Event):
    """Counters put on (positive) or removed from (negative) an object, or a player (poison)."""

    kind: ClassVar[str] = "counters"
    target: str
    counter: str
    amount: int
    cost: bool = False  # put or removed as a cost (a loyalty ability, 606.4): not an effect (614.16)
    entering: bool = False  # given to a permanent as it enters: "put on" it all the same (122.6)

    def apply(self, state: GameState) -> None:
        if self.target in state.players:
            player = state.players[self.target]
            if self.counter == "poison":
                player.poison = max(0, player.poison + self.amount)
            return
        counters = state.objects[self.target].counters
        counters[self.counter] = max(0, counters.get(self.counter, 0) + self.amount)
        if counters[self.counter] == 0:
            del counters[self.counter]


@dataclass(frozen=True, slots=True)
class Assignment:
    """Damage that would be dealt, before replacement and prevention (120.4a–b): `amount` from `source` (an
    object) to `recipient` (a player name or an object id). Not an event: `damage.deal_damage` makes the events."""

    source: str
    recipient: str
    amount: int
    instead: tuple[str, int] | None = None  # a self-replacement (614.15): (its condition, the amount instead)


@dataclass(frozen=True, slots=True)
class DamageDealt(Event):
    """Damage itself (120.4d). Its results (life lost, damage marked, counters, life gained) are their own events."""

    kind: ClassVar[str] = "damage"
    source: str
    recipient: str
    amount: int
    combat: bool
    deathtouch: bool

    def apply(self, state: GameState) -> None:
        if self.deathtouch and self.recipient in state.objects:
            state.objects[self.recipient].dealt_deathtouch_damage = True


@dataclass(frozen=True, slots=True)
class DamageMarked(Event):
    kind: ClassVar[str] = "damage marked"
    object: str
    amount: int

    def apply(self, state: GameState) -> None:
        state.objects[self.object].damage += self.amount


@dataclass(frozen=True, slots=True)
class DamageRemoved(Event):
    kind: ClassVar[str] = "damage removed"
    object: str
    amount: int

    def apply(self, state: GameState) -> None:
        state.objects[self.object].damage = 0


@dataclass(frozen=True, slots=True)
class StatusChange(Event):
    kind: ClassVar[str] = "status"
    object: str
    tapped: bool

    def apply(self, state: GameState) -> None:
        state.objects[self.object].tapped = self.tapped


@dataclass(frozen=True, slots=True)
class ValueChosen(Event):
    """A value chosen as a permanent enters ("As ~ enters, choose a color", 614.12a), kept for the abilities
    linked to that choice (607.2d) until it leaves (400.7)."""

    kind: ClassVar[str] = "value chosen"
    object: str
    what: str  # "color", "creature type", "card name"
    value: str

    def apply(self, state: GameState) -> None:
        state.objects[self.object].chosen[self.what] = self.value


@dataclass(frozen=True, slots=True)
class Attachment(Event):
    kind: ClassVar[str] = "attachment"
    object: str
    attached_to: str | None

    def apply(self, state: GameState) -> None:
        obj = state.objects[self.object]
        obj.attached_to = self.attached_to
        if self.attached_to is not None:
            obj.timestamp = state.next_timestamp()  # 701.3c, 613.7e


@dataclass(frozen=True, slots=True)
class EffectBegins(Event):
    kind: ClassVar[str] = "effect begins"
    effect: ContinuousEffect

    def apply(self, state: GameState) -> None:
        state.effects.append(self.effect)

    def to_json(self) -> dict[str, Any]:
        e = self.effect
        return {"event": self.kind, "effect": e.description, "layer": e.layer, "affected": list(e.affected),
                "duration": e.duration, "timestamp": e.timestamp}


@dataclass(frozen=True, slots=True)
class EffectEnds(Event):
    kind: ClassVar[str] = "effect ends"
    description: str
    timestamp: int

    def apply(self, state: GameState) -> None:
        state.effects = [e for e in state.effects
                         if not (e.timestamp == self.timestamp and e.description == self.description)]


@dataclass(frozen=True, slots=True)
class ManaChange(Event):
    """Mana added to (positive) or spent or emptied from (negative) a pool. `snow`: mana from a snow source
    (106.3, 107.4h); mana spent without it is the pool's other mana first."""

    kind: ClassVar[str] = "mana"
    player: str
    mana: str  # a colour word or "colorless"
    amount: int
    snow: bool = False

    def apply(self, state: GameState) -> None:
        player = state.players[self.player]
        pool, snow = player.mana_pool, player.snow_mana
        pool[self.mana] = pool.get(self.mana, 0) + self.amount
        if self.snow:
            snow[self.mana] = snow.get(self.mana, 0) + self.amount
        if pool[self.mana] <= 0:
            del pool[self.mana]
        if self.mana in snow and (snow[self.mana] <= 0 or self.mana not in pool):
            del snow[self.mana]
        elif self.mana in snow:
            snow[self.mana] = min(snow[self.mana], pool[self.mana])

    def to_json(self) -> dict[str, Any]:
        data = {"event": self.kind, "player": self.player, "mana": self.mana, "amount": self.amount}
        return {**data, "snow": True} if self.snow else data


@dataclass(frozen=True, slots=True)
class AttackDeclared(Event):
    kind: ClassVar[str] = "attacks"
    object: str
    attacking: str
    defender: str = ""  # the defending player it attacks (the planeswalker's controller, the battle's protector)

    def apply(self, state: GameState) -> None:
        assert state.combat is not None
        state.combat.attackers[self.object] = self.attacking
        state.combat.blocked[self.object] = False
        state.combat.defending[self.object] = self.defender or self.attacking


@dataclass(frozen=True, slots=True)
class BlockDeclared(Event):
    kind: ClassVar[str] = "blocks"
    object: str
    blocking: str

    def apply(self, state: GameState) -> None:
        assert state.combat is not None
        state.combat.blocking.setdefault(self.object, []).append(self.blocking)
        state.combat.blocked[self.blocking] = True


@dataclass(frozen=True, slots=True)
class DrewFromEmptyLibrary(Event):
    kind: ClassVar[str] = "draw from empty library"
    player: str

    def apply(self, state: GameState) -> None:
        state.players[self.player].drew_from_empty_library = True


@dataclass(frozen=True, slots=True)
class PlayerLoses(Event):
    kind: ClassVar[str] = "loses"
    player: str
    reason: str

    def apply(self, state: GameState) -> None:
        state.players[self.player].lost = self.reason


@dataclass(frozen=True, slots=True)
class PlayerWins(Event):
    """An effect says a player wins the game (104.2b)."""

    kind: ClassVar[str] = "wins"
    player: str
    reason: str

    def apply(self, state: GameState) -> None:
        state.players[self.player].won = True


@dataclass(frozen=True, slots=True)
class TurnedFaceUp(Event):
    """A face-down permanent is turned face up (708.8): the same object, its copiable values its own again."""

    kind: ClassVar[str] = "turned face up"
    object: str

    def apply(self, state: GameState) -> None:
        state.objects[self.object].face_down = False


@dataclass(frozen=True, slots=True)
class CommanderDamage(Event):
    """Combat damage a commander dealt a player, counted over the game (903.10a)."""

    kind: ClassVar[str] = "commander damage"
    player: str
    commander: str
    amount: int

    def apply(self, state: GameState) -> None:
        tally = state.players[self.player].commander_damage
        tally[self.commander] = tally.get(self.commander, 0) + self.amount


@dataclass(frozen=True, slots=True)
class CommanderCast(Event):
    """A player cast their commander from the command zone: the tax grows by {2} next time (903.8)."""

    kind: ClassVar[str] = "commander cast"
    player: str
    commander: str

    def apply(self, state: GameState) -> None:
        casts = state.players[self.player].commander_casts
        casts[self.commander] = casts.get(self.commander, 0) + 1


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    kind: ClassVar[str] = "game over"
    result: GameResult

    def apply(self, state: GameState) -> None:
        state.result = self.result
        state.priority = None


@dataclass(frozen=True, slots=True)
class TokenCreated(Event):
    """A token enters the battlefield under its creator's control (111.2, 701.7a), with a new timestamp."""

    kind: ClassVar[str] = "token created"
    object: str
    owner: str
    name: str
    printed: Characteristics

    def apply(self, state: GameState) -> None:
        state.objects[self.object] = GameObject(self.object, self.owner, self.owner, "battlefield", self.printed,
                                                token=True, controlled_since_turn_start=False,
                                                timestamp=state.next_timestamp())
        state.battlefield.append(self.object)

    def to_json(self) -> dict[str, Any]:
        return {"event": self.kind, "object": self.object, "owner": self.owner, "name": self.name}


@dataclass(frozen=True, slots=True)
class SpellCopied(Event):
    """A copy of a spell comes into being on the stack (707.10): not a card, owned by the player who controls it."""

    kind: ClassVar[str] = "spell copied"
    object: str
    owner: str
    printed: Characteristics

    def apply(self, state: GameState) -> None:
        state.objects[self.object] = GameObject(self.object, self.owner, self.owner, STACK, self.printed, token=True,
                                                copy_of_spell=True, timestamp=state.next_timestamp())

    def to_json(self) -> dict[str, Any]:
        return {"event": self.kind, "object": self.object, "owner": self.owner, "name": self.printed.name}


@dataclass(frozen=True, slots=True)
class StackPush(Event):
    """A spell or ability becomes the topmost object on the stack (405.2)."""

    kind: ClassVar[str] = "onto the stack"
    item: StackItem

    def apply(self, state: GameState) -> None:
        state.stack.append(self.item)

    def to_json(self) -> dict[str, Any]:
        return {"event": self.kind, "item": self.item.id, "text": self.item.text, "controller": self.item.controller}


@dataclass(frozen=True, slots=True)
class StackPop(Event):
    """A spell or ability leaves the stack: it resolved, was countered, or did nothing."""

    kind: ClassVar[str] = "off the stack"
    item: str
    why: str

    def apply(self, state: GameState) -> None:
        state.stack = [i for i in state.stack if i.id != self.item]


@dataclass(frozen=True, slots=True)
class ShieldChange(Event):
    """A prevention or replacement effect of a resolved spell begins, is used up in part, or ends (615.7)."""

    kind: ClassVar[str] = "shield"
    shield: Shield | None  # None when it ends
    old: Shield | None = None

    def apply(self, state: GameState) -> None:
        if self.old is not None:
            state.shields = [s for s in state.shields if s is not self.old]
        if self.shield is not None:
            state.shields.append(self.shield)

    def to_json(self) -> dict[str, Any]:
        now = self.shield.describe() if self.shield is not None else None
        return {"event": self.kind, "shield": now, "was": self.old.describe() if self.old is not None else None}


def perform(state: GameState, *events: Event) -> list[Event]:
    """Apply `events` in order (each is one change) and return them for the trace."""
    for event in events:
        event.apply(state)
        state.touch()
    return list(events)
