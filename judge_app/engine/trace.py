"""The trace of a replay: ordered steps, each with when it happened, what happened, the rules that made it so,
the state changes (events) and a snapshot of the board afterwards (players, permanents, and the stack, top
first). Plain data with a JSON form, so the terminal, JSON and web renderers all read the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge_app.engine.layers import characteristics
from judge_app.engine.state import GameState

# what kind of thing a trace step records
SETUP = "setup"
TURN_BASED = "turn-based action"
PRIORITY = "priority"
STATE_BASED = "state-based actions"
ACTION = "action"
DEFAULT = "default choice"
REJECTED = "rejected"
GAME_OVER = "game over"
LEAVES = "leaves the game"
TRIGGERED = "triggered ability"  # a triggered ability triggers or is put on the stack (603.2, 603.3)
NOTE = "note"


@dataclass(frozen=True, slots=True)
class Note:
    """A trace step to record, found by a function that doesn't record itself (it only looks at the game)."""

    kind: str
    text: str
    rules: list[str]


@dataclass
class TraceStep:
    index: int
    turn: int
    step: str
    kind: str
    text: str
    rules: list[str]
    changes: list[dict[str, Any]] = field(default_factory=list)
    snapshot: dict[str, Any] = field(default_factory=dict)
    line: int | None = None  # the scenario line of the action that led to it, when there is one

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "turn": self.turn, "step": self.step, "kind": self.kind, "text": self.text,
                "rules": list(self.rules), "changes": self.changes, "snapshot": self.snapshot, "line": self.line}


@dataclass
class Trace:
    steps: list[TraceStep] = field(default_factory=list)

    def cited(self) -> list[str]:
        """Every rule cited, in order of first citation."""
        seen: dict[str, None] = {}
        for step in self.steps:
            for number in step.rules:
                seen.setdefault(str(number), None)
        return list(seen)

    def citations(self) -> list[str]:
        """Every citation in order, repeats included."""
        return [str(n) for step in self.steps for n in step.rules]

    def to_json(self) -> list[dict[str, Any]]:
        return [s.to_json() for s in self.steps]


def snapshot(state: GameState) -> dict[str, Any]:
    """The board as a judge would describe it: players, then every permanent with its current values."""
    combat = state.combat
    players = []
    for player in state.players.values():
        players.append({
            "name": player.name, "life": player.life, "poison": player.poison,
            "library": len(player.library), "hand": [state.name_of(i) for i in player.hand],
            "graveyard": [state.name_of(i) for i in player.graveyard],
            "exile": [state.name_of(i) for i in player.exile],
            "mana_pool": dict(player.mana_pool), "lost": player.lost or None,
        })
    permanents = []
    for oid in state.battlefield:
        obj = state.objects[oid]
        chars = characteristics(state, oid)
        entry: dict[str, Any] = {
            "id": oid, "name": chars.name or "face-down creature", "controller": chars.controller,
            "type": chars.type_line,
            "tapped": obj.tapped,
        }
        if chars.colors:
            entry["colors"] = sorted(chars.colors)
        if obj.token:
            entry["token"] = True
        if obj.face_down:
            entry["face_down"] = True
        if chars.pt is not None:
            entry["pt"] = chars.pt
            entry["damage"] = obj.damage
        if chars.loyalty is not None:
            entry["loyalty"] = chars.loyalty
        if obj.counters:
            entry["counters"] = dict(obj.counters)
        if chars.abilities:
            entry["abilities"] = [a.text for a in chars.abilities]
        if obj.attached_to:
            entry["attached_to"] = obj.attached_to
        if combat is not None and oid in combat.attackers:
            entry["attacking"] = combat.attackers[oid]
            entry["blocked"] = combat.blocked.get(oid, False)
        if combat is not None and oid in combat.blocking:
            entry["blocking"] = list(combat.blocking[oid])
        if not obj.controlled_since_turn_start or chars.controller != obj.controller:
            entry["summoning_sick"] = True  # 302.6
        permanents.append(entry)
    stack = [{"id": item.id, "kind": item.kind, "name": item.name, "text": item.text, "controller": item.controller,
              "source": item.source, "targets": [state.name_of(t.ref) if t.ref in state.objects or t.ref in
                                                 state.players else t.ref for t in item.targets]}
             for item in reversed(state.stack)]
    return {"turn": state.turn, "active": state.active, "step": state.step.value, "priority": state.priority,
            "players": players, "battlefield": permanents, "stack": stack,
            "result": state.result.describe() if state.result else None}
