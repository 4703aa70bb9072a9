"""The engine's verdict on each ability of a card's text: read by the grammar, and played or refused.

    from judge_app.engine.verdicts import verdicts
    card = verdicts("Flying\\nBushido 1", name="Some Samurai", type_line="Creature — Human Samurai")
    card.abilities[1].played, card.abilities[1].refusal   # False, Refusal("bushido", <bushido's 702 rule>)
    card.result_json()     # `judge card read --json`: each ability with "played" and, if false, "refusal"
    card.summaries()       # `render.summary` of each ability, with the same two fields (card pages)

Each ability is interpreted alone (`interpret.ability`): what it refuses is that ability's. What only the whole
card can refuse (a spell's later paragraph with targets of its own, 608.2c; a reference to what another ability
paid) is found by `interpret.read_card` and put on the ability it names. Floor 2 (reading): it imports the
card-text reader and `interpret`, nothing above.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge_app.cardtext import nodes as n
from judge_app.cardtext.reader import read
from judge_app.cardtext.render import ability_json, result_json, summary
from judge_app.engine.interpret import CardTextError, Unplayable, ability, read_card

INTERNAL = "an internal error of the engine"


@dataclass(frozen=True, slots=True)
class Refusal:
    """What in an ability the engine doesn't play yet, and the CR rule that governs it."""

    what: str
    rule: str | None  # a plain str (the engine's `rules.Cite` would bring the engine into every reader of it)

    def as_json(self) -> dict[str, Any]:
        return {"what": self.what, "rule": self.rule}


@dataclass(frozen=True, slots=True)
class AbilityVerdict:
    node: n.Ability
    refusal: Refusal | None = None

    @property
    def played(self) -> bool:
        return self.refusal is None

    def marks(self) -> dict[str, Any]:
        """{"played": …} and, when refused, {"refusal": {"what", "rule"}}."""
        return {"played": True} if self.refusal is None else {"played": False, "refusal": self.refusal.as_json()}


@dataclass(frozen=True, slots=True)
class CardVerdict:
    reading: n.CardText
    abilities: tuple[AbilityVerdict, ...]

    @property
    def read(self) -> bool:
        """Every line read by the grammar."""
        return self.reading.ok

    @property
    def played(self) -> bool:
        """Every line read, and every ability played: what a scenario can replay."""
        return self.reading.ok and all(a.played for a in self.abilities)

    def result_json(self) -> dict[str, Any]:
        """`render.result_json` ({"ok", "abilities", "errors"}), each ability with its verdict."""
        data = result_json(self.reading)
        data["abilities"] = [{**ability_json(a.node), **a.marks()} for a in self.abilities]
        return data

    def summaries(self) -> list[dict[str, Any]]:
        """Each ability as `render.summary` gives it, with its verdict."""
        return [{**summary(a.node), **a.marks()} for a in self.abilities]


def verdicts(text: str, name: str | None = None, type_line: str | None = None) -> CardVerdict:
    """Read `text` and give each ability the engine's verdict. Never raises."""
    return of_reading(read(text, name=name, type_line=type_line), text)


def of_reading(reading: n.CardText, text: str) -> CardVerdict:
    """The verdicts on a reading already made (of `text`, its card's whole text)."""
    refusals = [_alone(node) for node in reading.abilities]
    if reading.ok and refusals and not any(refusals):
        whole = _whole(text, reading)
        if whole is not None:
            place = next((i for i, node in enumerate(reading.abilities)
                          if node.text == whole.ability or (whole.line and getattr(node, "line", 0) == whole.line)),
                         len(refusals) - 1)
            refusals[place] = Refusal(str(whole.what), str(whole.rule) if whole.rule else None)
    return CardVerdict(reading, tuple(AbilityVerdict(node, refusal)
                                      for node, refusal in zip(reading.abilities, refusals, strict=True)))


def _alone(node: n.Ability) -> Refusal | None:
    try:
        ability(node)
    except Unplayable as exc:
        return Refusal(str(exc.what), str(exc.rule))
    except Exception as exc:  # a bug of ours is a refusal said as such, never a traceback on a card page
        return Refusal(f"{INTERNAL} ({type(exc).__name__})", None)
    return None


def _whole(text: str, reading: n.CardText) -> Unplayable | None:
    """What the whole card refuses though each ability alone is played (608.2c, 607)."""
    try:
        read_card(text, reading.name, reading.type_line or None)
    except Unplayable as exc:
        return exc
    except CardTextError:
        return None
    except Exception as exc:
        return Unplayable(f"{INTERNAL} ({type(exc).__name__})", "")
    return None
