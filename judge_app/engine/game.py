"""`Game`: the facade a scenario (and a newcomer) uses — a game in play with the moves a scenario makes.

    game = Game(state)
    game.start()
    game.declare_attackers([("wurm", "Bob")])
    game.declare_blockers([("bear-1", "wurm"), ("bear-2", "wurm")])
    game.combat_damage({"wurm": {"bear-1": 1, "bear-2": 1, "Bob": 3}})
    game.cast("Alice", "shock", ["bear"]); game.resolve()
    game.apply(actions.pump, "bear", 3, 3)     # an effect stated directly, without the stack
    game.advance_to(Step.CLEANUP)
    game.trace.steps            # what happened, with the rules

Nothing in the engine imports this module: the rules take a `view.View` (questions) or a `perform.Play`
(changes); the turn loop (`turn.py`) gives priority. This class only ties the moves to them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge_app.engine import casting, combat, turn, unmodelled
from judge_app.engine.actions import concede
from judge_app.engine.perform import Play
from judge_app.engine.state import Step
from judge_app.engine.trace import NOTE, SETUP
from judge_app.engine.view import View


class Game(Play):
    def start(self) -> None:
        """The replay starts: the abilities on the board the engine doesn't play are said once, and one that
        functions already stops it (`unmodelled.py`)."""
        if unmodelled.present(self.state):
            self.record(SETUP, unmodelled.survey(self), [])
            unmodelled.check_statics(self)
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

    def combat_damage(self, assignments: dict[str, dict[str, int]] | None = None) -> None:
        turn.reach_pending(self, Step.COMBAT_DAMAGE)
        combat.combat_damage(self, assignments or {})
        turn.finish_pending(self)

    def cast(self, player: str, card: str, targets: list[str] | None = None, mana: list[str] | None = None,
             choices: dict | None = None) -> None:
        turn.player_acts(self, lambda: casting.cast(self, player, card, targets or [], mana, choices), player)

    def activate(self, player: str, source: str, ability: int = 1, targets: list[str] | None = None,
                 mana: list[str] | None = None, choices: dict | None = None) -> None:
        turn.player_acts(self, lambda: casting.activate(self, player, source, ability, targets or [], mana, choices),
                         player)

    def turn_face_up(self, player: str, card: str, mana: list[str] | None = None) -> None:
        """116.2b, 702.37e: a special action — pay the morph cost and turn the permanent face up."""
        turn.player_acts(self, lambda: casting.turn_face_up(self, player, card, mana), player)

    def play_land(self, player: str, card: str) -> None:
        turn.player_acts(self, lambda: casting.play_land(self, player, card), player)

    def resolve(self, count: int = 1) -> None:
        """All players pass in succession `count` times: the top object resolves each time (117.4, 608.1)."""
        turn.resolve_count(self, count)

    def apply(self, effect: Callable[..., None], *args: Any, **kwargs: Any) -> None:
        """An effect from `actions.py` applied directly while the active player has priority; then priority."""
        turn.player_acts(self, lambda: effect(self, *args, **kwargs))

    def explain(self, card: str) -> None:
        """A note in the trace: how a card's characteristics are computed now, layer by layer (613). Changes nothing."""
        text, cited = View.explain(self, card)
        self.record(NOTE, text, cited)

    def concede(self, player: str) -> None:
        """104.3a: a player may concede at any time."""
        concede(self, player)
