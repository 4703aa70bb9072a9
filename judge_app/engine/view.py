"""`View`: the game as the rule checks see it — the state and the questions asked of it, never a change.

Characteristics come through the layers (613); the controller of a permanent from layer 2 (613.1b).
`perform.Play` adds the choices, the trace and the one door for changes; `game.Game` adds the moves.
A function that only asks questions takes a `View`.
"""

from __future__ import annotations

from judge_app.engine import rules
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.layers import characteristics, layer_log
from judge_app.engine.state import GameState, Step

COPY_LAYERS = ("1a", "1b")
ASPECT_LAYERS = {"pt": (*COPY_LAYERS, "7a", "7b", "7c", "7d"), "types": (*COPY_LAYERS, "4"),
                 "abilities": (*COPY_LAYERS, "3", "6"), "colors": (*COPY_LAYERS, "5"), "controller": ("2",)}
ASPECT_WORDS = {"pt": "power and toughness", "types": "types", "abilities": "abilities", "colors": "colors",
                "controller": "controller"}


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
        """A player's name, or how the trace names an object (its current name; a face-down permanent's is hidden,
        708.5)."""
        if ref is None or ref in self.state.players:
            return self.state.name_of(ref)
        return self.state.label(ref, self.chars(ref).name or "face-down creature")

    def explain(self, object_id: str) -> tuple[str, list[rules.Cite]]:
        """How a permanent's characteristics are computed now: its copiable values, then each continuous effect in
        layer order (613.1), with the rules that place it (timestamps 613.7, dependency 613.8, 613.6)."""
        chars = self.chars(object_id)
        name = self.name(object_id)
        now = f"{chars.type_line}" + (f" {chars.pt}" if chars.pt else "") + (
            f", abilities: {'; '.join(a.text for a in chars.abilities)}" if chars.abilities else ", no abilities")
        if not self.state.on_battlefield(object_id):
            return (f"{name} is in the {self.state.objects[object_id].zone}: its characteristics are its copiable "
                    f"values ({now}); continuous effects from static abilities apply to permanents."), [
                        rules.CHARACTERISTICS]
        printed = self.state.objects[object_id].printed
        steps = [f"layer {a.layer}: {a.description}" + (f" → {a.result}" if a.result else "")
                 + (" (its source lost that ability in an earlier layer, but the effect had begun and keeps applying, "
                    "613.6)"
                    if rules.LAYERS_SAME_SET in a.rules else "")
                 + (" (a later timestamp)" if rules.TIMESTAMPS in a.rules else "")
                 for a in layer_log(self.state, object_id)]
        start = printed.type_line + (f" {printed.pt}" if printed.pt else "")
        text = (f"{name}'s characteristics now, layer by layer: it starts from its copiable values ({start})"
                + ("; " + "; ".join(steps) if steps else "; no continuous effect applies to it")
                + f". Result: {now}.")
        cited = [rules.LAYERS, *dict.fromkeys(r for a in layer_log(self.state, object_id) for r in a.rules)]
        return text, cited

    def decided(self, object_id: str, aspect: str) -> tuple[str, list[rules.Cite]] | None:
        """The continuous effects that make a permanent's `aspect` what it is now ("pt", "types", "abilities",
        "colors", "controller"), as words and rules (613.1–613.8, 611.2c, 611.3a, 700.5, 305.7 …): what a judge
        cites when that characteristic decides an outcome. None when no effect touches it (its printed value)."""
        if not self.state.on_battlefield(object_id):
            return None
        log = layer_log(self.state, object_id)
        applied = [a for a in log if a.layer in ASPECT_LAYERS[aspect]]
        if not applied:
            return None
        if any(rules.LAYERS_SAME_SET in a.rules for a in applied):  # 613.6: why its source's ability was gone
            applied = [a for a in log if a in applied or a.layer in ("3", "6")]
        chars = self.chars(object_id)
        value = {"pt": chars.pt, "types": chars.type_line, "colors": " and ".join(sorted(chars.colors)) or "colorless",
                 "abilities": "; ".join(a.text for a in chars.abilities) or "no abilities",
                 "controller": f"controlled by {chars.controller}"}[aspect]
        steps = "; ".join(f"layer {a.layer}: {a.description}" + (f" → {a.result}" if a.result else "")
                          + (" (its source lost that ability in an earlier layer, but the effect had begun and keeps "
                             "applying)" if rules.LAYERS_SAME_SET in a.rules else "") for a in applied)
        text = f"{self.name(object_id)}'s {ASPECT_WORDS[aspect]} ({value}): {steps}"
        return text, [rules.LAYERS, *dict.fromkeys(r for a in applied for r in a.rules)]

    @property
    def over(self) -> bool:
        return self.state.result is not None

    @property
    def step_label(self) -> str:
        step, combat_state = self.state.step, self.state.combat
        if step is Step.COMBAT_DAMAGE and combat_state is not None and combat_state.first_strike_step:
            return "first-strike combat damage" if combat_state.damage_steps == 1 else "regular combat damage"
        return step.value
