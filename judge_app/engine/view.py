"""`View`: the game as the rule checks see it — the state and the questions asked of it, never a change.

Characteristics come through the layers (613); the controller of a permanent from layer 2 (613.1b).
`perform.Play` adds the choices, the trace and the one door for changes; `game.Game` adds the moves.
A function that only asks questions takes a `View`.
"""

from __future__ import annotations

from judge_app.engine.characteristics import Characteristics
from judge_app.engine.layers import characteristics
from judge_app.engine.state import GameState, Step


class View:
    def __init__(self, state: GameState):
        self.state = state

    def chars(self, object_id: str) -> Characteristics:
        return characteristics(self.state, object_id)

    def controller(self, object_id: str) -> str:
        """The controller: of a permanent, after control-changing effects (layer 2, 613.1b)."""
        return self.chars(object_id).controller

    def newly_controlled(self, object_id: str) -> bool:
        """302.6: its controller hasn't controlled it continuously since their most recent turn began (it
        entered since, or a control-changing effect gave it to them)."""
        obj = self.state.objects[object_id]
        return not obj.controlled_since_turn_start or self.controller(object_id) != obj.controller

    def name(self, ref: str | None) -> str:
        if ref is None or ref in self.state.players:
            return self.state.name_of(ref)
        return self.state.label(ref, self.chars(ref).name)

    @property
    def over(self) -> bool:
        return self.state.result is not None

    @property
    def step_label(self) -> str:
        step, combat_state = self.state.step, self.state.combat
        if step is Step.COMBAT_DAMAGE and combat_state is not None and combat_state.first_strike_step:
            return "first-strike combat damage" if combat_state.damage_steps == 1 else "regular combat damage"
        return step.value
