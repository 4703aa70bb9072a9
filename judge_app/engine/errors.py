"""Errors the engine raises: an illegal choice, with the rule that forbids it."""

from __future__ import annotations

from judge_app.engine.rules import Cite


class IllegalAction(Exception):
    """A choice or action the rules forbid. The game returns to the moment before it (732.1)."""

    def __init__(self, message: str, rule: Cite, *more: Cite):
        self.message = message
        self.rules = (rule, *more)
        super().__init__(f"{message} — {', '.join(self.rules)}")


class NotModelled(Exception):
    """Something the rules allow that the engine can't play yet: the replay stops and says so, naming the card,
    the ability and the rule, rather than giving an answer that could be wrong. `source`: the object whose ability
    it is, when one is."""

    def __init__(self, message: str, rule: Cite, *more: Cite, source: str = ""):
        self.message = message
        self.rules = (rule, *more)
        self.source = source
        super().__init__(f"{message} — {', '.join(self.rules)}")
