"""`Game`: the state, the trace and the players' standing choices, with the moves a scenario makes.

    game = Game(state)
    game.start()
    game.declare_attackers([("wurm", "Bob")])
    game.declare_blockers([("bear-1", "wurm"), ("bear-2", "wurm")])
    game.combat_damage({"wurm": {"bear-1": 1, "bear-2": 1, "Bob": 3}})
    game.advance_to(Step.CLEANUP)
    game.trace.steps            # what happened, with the rules

Turn structure lives in `turn.py`, combat in `combat.py`, damage in `damage.py`, state-based actions in
`sba.py`, effects standing in for spells and abilities in `actions.py`; this class only ties them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge_app.engine import casting, combat, events, turn
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.layers import characteristics, compute_all
from judge_app.engine.replacement import replace_events
from judge_app.engine.state import GameState, Step
from judge_app.engine.trace import Trace, TraceStep, snapshot
from judge_app.engine.triggers import detect


@dataclass
class Choices:
    """Choices a player makes when a rule asks, given up front by the scenario. Where one is missing the
    engine applies the documented default and says so in the trace."""

    legend_rule_keep: list[str] = field(default_factory=list)  # 704.5j; default: the newest permanent
    discard: list[str] = field(default_factory=list)  # 514.1, 701.9a; default: the cards last put into the hand
    trigger_order: dict[str, list[str]] = field(default_factory=dict)  # 603.3b: player → sources, first = bottom
    trigger_targets: dict[str, list[str]] = field(default_factory=dict)  # 603.3d: source → targets
    replacement_order: dict[str, list[str]] = field(default_factory=dict)  # 616.1: player → effect sources
    decline_to_pay: list[str] = field(default_factory=list)  # players who don't pay "unless … pays" (default: pay)
    sacrifice: list[str] = field(default_factory=list)  # permanents chosen to sacrifice (default: the oldest)


class Game:
    def __init__(self, state: GameState, choices: Choices | None = None):
        self.state = state
        self.choices = choices or Choices()
        self.trace = Trace()
        self.pending: Step | None = None  # a step whose turn-based action waits for the players' choices
        self.line: int | None = None  # the scenario line being replayed, stamped on trace steps
        self.noted: set[tuple[str, ...]] = set()  # notes already made (so a check repeated says it once)
        self._events: list[events.Event] = []

    # --- questions ---------------------------------------------------------------------------------

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

    # --- changes and their record ------------------------------------------------------------------

    def perform(self, *changes: events.Event) -> list[events.Event]:
        """Apply changes as replacement effects modify them (614), then find what they trigger (603.2), looking
        back in time for permanents that left the battlefield (603.10a)."""
        leaving = any(isinstance(c, events.ZoneChange) and c.from_zone == "battlefield" for c in changes)
        before = dict(compute_all(self.state)) if leaving else {}
        done = events.perform(self.state, *replace_events(self, changes))
        self._events.extend(done)
        self.state.pending_triggers += detect(self, done, before)
        return done

    def record(self, kind: str, text: str, rule_numbers: list[str] | tuple[str, ...]) -> TraceStep:
        """Close a trace step: what happened, why, the changes since the last step, and the board now."""
        step = TraceStep(index=len(self.trace.steps) + 1, turn=self.state.turn, step=self.step_label, kind=kind,
                         text=text, rules=list(dict.fromkeys(str(r) for r in rule_numbers)),
                         changes=[e.to_json() for e in self._events], snapshot=snapshot(self.state), line=self.line)
        self._events = []
        self.trace.steps.append(step)
        return step

    def note_once(self, key: tuple[str, ...], kind: str, text: str, rule_numbers: list[str]) -> None:
        if key not in self.noted:
            self.noted.add(key)
            self.record(kind, text, rule_numbers)

    # --- the moves -----------------------------------------------------------------------------------

    def start(self) -> None:
        turn.start(self)

    def advance(self) -> None:
        turn.advance(self)

    def advance_to(self, step: Step, turn_number: int | None = None) -> None:
        turn.advance_to(self, step, turn_number)

    def declare_attackers(self, declarations: list[tuple[str, str | None]]) -> None:
        turn.reach_pending(self, Step.DECLARE_ATTACKERS)
        combat.declare_attackers(self, declarations)
        turn.finish_pending(self)

    def declare_blockers(self, blocks: list[tuple[str, str]]) -> None:
        turn.reach_pending(self, Step.DECLARE_BLOCKERS)
        combat.declare_blockers(self, blocks)
        turn.finish_pending(self)

    def cast(self, player: str, card: str, targets: list[str] | None = None, mana: list[str] | None = None,
             choices: dict | None = None) -> None:
        casting.cast(self, player, card, targets or [], mana, choices)

    def activate(self, player: str, source: str, ability: int = 1, targets: list[str] | None = None,
                 mana: list[str] | None = None) -> None:
        casting.activate(self, player, source, ability, targets or [], mana)

    def play_land(self, player: str, card: str) -> None:
        casting.play_land(self, player, card)

    def resolve(self, count: int = 1) -> None:
        """All players pass in succession `count` times: the top object resolves each time (117.4, 608.1)."""
        turn.resolve_count(self, count)

    def combat_damage(self, assignments: dict[str, dict[str, int]] | None = None) -> None:
        turn.reach_pending(self, Step.COMBAT_DAMAGE)
        combat.combat_damage(self, assignments or {})
        turn.finish_pending(self)
