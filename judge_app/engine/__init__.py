"""The rules engine: a game state, the turn, combat, damage and state-based actions, every step cited.

    from judge_app.engine import Game, GameState, Step
    game = Game(state)                      # a state built by hand or by `judge_app.scenarios`
    game.start()
    game.declare_attackers([("wurm", None)])
    game.advance_to(Step.CLEANUP)
    for step in game.trace.steps:
        print(step.step, step.text, step.rules)

    game.cast("Alice", "shock", ["bear"])   # 601.2; then game.resolve() when all pass (117.4, 608)

The modules stand on floors, each importing only modules below it (a test checks there is no import
circle); the README's engine section lists them floor by floor.
"""

from judge_app.engine.choices import Choices
from judge_app.engine.errors import IllegalAction
from judge_app.engine.game import Game
from judge_app.engine.state import Combat, GameObject, GameResult, GameState, Player, Step

__all__ = ["Choices", "Combat", "Game", "GameObject", "GameResult", "GameState", "IllegalAction", "Player", "Step"]
