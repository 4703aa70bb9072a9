"""How much of a question an entry holds: the weighted share of its units, and how far it meets its mechanics.

Asked of every candidate entry, several times per search (coverage, title and cue bonuses, subrules behind their
rules), so a question's words are turned into index terms once (`Fitting`) and each entry's answer is kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from judge_app.search.questions import Question
from judge_app.search.refs import RULE, Ref

Terms = frozenset[str]

AROUND = 0.7  # a word only in an entry's examples holds this much of a unit …
STORY_AROUND = 1.0  # … and all of it when the question tells a story: the rules' examples are stories too ("my
#                     blocker got bounced before damage, does the attacker hit me": 510.1c, whose example tells of
#                     an attacker, its blockers and the damage it assigns)
CONCEPT_HOLD = 0.7  # an entry holding one mechanic the question names and the concept another acts through
#                    (`lexicon/concepts.toml`: deathtouch → "lethal damage", in 702.19b of trample) holds this much
#                    of the other, as a word in its examples, and meets both


@dataclass(frozen=True, slots=True)
class _Unit:
    forms: tuple[tuple[tuple[Terms, ...], float], ...]  # per form: each word's index terms, and the form's strength
    weight: float
    mechanic: bool
    concepts: tuple[tuple[Terms, ...], ...] = ()  # a mechanic's concepts (`Unit.concepts`): each word's index terms


@dataclass(slots=True)
class Fitting:
    """One question's units as index terms, and what each entry asked about holds of them (kept per entry).
    Built once per reading (`Question.fitting`)."""

    units: tuple[_Unit, ...]
    asked: Terms = frozenset()  # every word the question holds, as typed and in its units' forms
    topics: tuple[tuple[str, float], ...] = ()  # rules and sections the question names, each with its unit's share
    around: float = AROUND  # how much of a word an entry holds only in its examples
    _kept: dict[Ref, tuple[float, float]] = field(default_factory=dict)

    @classmethod
    def of(cls, question: Question, word_terms: Callable[[str], Terms]) -> Fitting:
        units = [u for u in question.counted if u.source != "number"]
        total = sum(u.weight for u in units) or 1.0
        topics: dict[str, float] = {}
        for unit in units if len(units) > 1 else ():  # a term alone: its entry first, then the rules it sends to
            if unit.condition:
                continue
            for named in unit.named:
                for number in (named.ref.key,) if named.kind == RULE else named.rules:
                    topics[number] = max(topics.get(number, 0.0), unit.weight / total)
        return cls(tuple(_Unit(tuple((tuple(word_terms(w) for w in form), strength)
                                     for form, strength in zip(u.forms, u.strengths, strict=True)),
                               u.weight, u.mechanic, tuple(tuple(word_terms(w) for w in c) for c in u.concepts))
                           for u in units),
                   frozenset(t for u in question.units for w in (*u.typed, *u.words) for t in word_terms(w)),
                   tuple(topics.items()), STORY_AROUND if question.story else AROUND)

    def topic(self, number: str) -> float:
        """The share of the question naming a rule or section the entry belongs to (its own title counts)."""
        return max((share for topic, share in self.topics if _within(number, topic)), default=0.0)

    def fit(self, ref: Ref, entry_terms: Callable[[], tuple[Terms, Terms]]) -> tuple[float, float]:
        """The weighted share of the question's units the entry holds (of a question of one unit, the share of its
        best form: "the game is a draw" is not held by 121.2, which holds "draw" alone), and how far
        it meets the mechanics of a question naming two or more (1: it holds them all; 0: one or none; 0.5: two
        of three). A unit is held through its best form, a commoner wording counting less ("stack" for "in
        response"); a word held only in the entry's examples counts `AROUND` of one, or all of one when the
        question tells a story (`STORY_AROUND`: the examples are stories too). `entry_terms`: the index
        terms of what the entry says and of its examples."""
        found = self._kept.get(ref)
        if found is None:
            found = self._kept[ref] = self._fit(*entry_terms()) if self.units else (1.0, 0.0)
        return found

    def _fit(self, own: Terms, around: Terms) -> tuple[float, float]:
        def held(found: Terms) -> float:
            return 1.0 if not found.isdisjoint(own) else self.around if not found.isdisjoint(around) else 0.0

        shares = [max(sum(map(held, form)) / len(form) * strength for form, strength in unit.forms)
                  for unit in self.units]
        mechanics = sum(s >= AROUND for unit, s in zip(self.units, shares, strict=True) if unit.mechanic)
        if mechanics:  # a mechanic the entry does not name meets those it names through the concept it acts through
            #            (702.96b names overload and "target": it meets hexproof)
            for i, unit in enumerate(self.units):
                if unit.mechanic and shares[i] < AROUND and any(
                        all(not t.isdisjoint(own) for t in concept) for concept in unit.concepts):
                    shares[i] = max(shares[i], CONCEPT_HOLD)
                    mechanics += 1
        meets = (mechanics - 1) / (sum(u.mechanic for u in self.units) - 1) if mechanics > 1 else 0.0
        if len(shares) == 1:  # one thing asked: how much of its best wording the entry holds
            return min(shares[0], 1.0), meets
        return _held_share(shares, [u.weight for u in self.units]), meets


def _held_share(held: list[float], weights: list[float]) -> float:
    """The weighted share of the question's units an entry holds; `held` is, per unit, the share of its best
    form's words the entry holds (1: all of them)."""
    total = sum(weights)
    if len(held) < 2 or not total:
        return 1.0
    return sum(w * h for h, w in zip(held, weights, strict=True)) / total


def _within(number: str, topic: str) -> bool:
    """"903.7" is within "903", "702.19b" within "702.19" (not "702.1"), and a rule within itself."""
    if not number.startswith(topic):
        return False
    rest = number[len(topic):]
    return not rest or rest[0] == "." or ("." in topic and rest[0].isalpha())
