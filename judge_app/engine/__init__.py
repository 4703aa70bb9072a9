"""The rules engine: a game state, the turn, combat, damage and state-based actions, every step cited.

    from judge_app.engine import Game, GameState, Step
    game = Game(state)                      # a state built by hand or by `judge_app.scenarios`
    game.start()
    game.declare_attackers([("wurm", None)])
    game.advance_to(Step.CLEANUP)
    for step in game.trace.steps:
        print(step.step, step.text, step.rules)

    game.cast("Alice", "shock", ["bear"])   # 601.2; then game.resolve() when all pass (117.4, 608)

Where things are: `state.py` (players, objects, zones, the stack), `characteristics.py` and `layers.py`
(613), `abilities.py`, `abilitytext.py` and `effecttext.py` (Oracle-like text → abilities and effects),
`keywords.py`, `turn.py` (500–514, 117, 703), `combat.py` (506–511), `damage.py` (120), `sba.py` (704),
`casting.py` (601, 602, 605, 606), `mana.py`, `targets.py` (115), `stack.py` (405, 608), `effects.py`
(what resolving does), `triggers.py` (603), `replacement.py` (614–616), `actions.py` (effects applied
directly), `events.py` (every state change), `trace.py`, `rules.py` (every rule number cited).
"""

from judge_app.engine.errors import IllegalAction
from judge_app.engine.game import Choices, Game
from judge_app.engine.state import Combat, GameObject, GameResult, GameState, Player, Step

__all__ = ["Choices", "Combat", "Game", "GameObject", "GameResult", "GameState", "IllegalAction", "Player", "Step"]
