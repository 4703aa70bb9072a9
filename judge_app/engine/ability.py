"""What an object's abilities are, as the engine plays them: plain frozen data (112, 113, 602–606, 608.2c).

An `Ability` is a keyword ("flying", "protection", "landwalk") or a kind the engine plays: a static
ability's continuous effects (`Change`s, 611.3), a triggered ability (the card-text tree's `Trigger` and
`Effect`), an activated ability (a `Cost` and an `Effect`), a spell's effect. Card text reaches this shape
through `interpret.py`; the rules modules only read it, and follow the tree's instructions (`effects.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from judge_app.cardtext import nodes

COLORS = ("white", "blue", "black", "red", "green")
CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker",
              "sorcery")
SUPERTYPES = ("basic", "legendary", "ongoing", "snow", "world")
BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")


class HasCharacteristics(Protocol):
    name: str
    colors: frozenset[str]
    types: frozenset[str]
    supertypes: frozenset[str]
    subtypes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Quality:
    """A quality an object has or lacks: protection's "from red", landwalk's "Island", enchant's "creature"."""

    kind: str  # "color", "colored" (all colours), "multicolored", "monocolored", "type", "subtype", "land",
    # "everything", "chosen" (the colour chosen as the object entered, 607.2d)
    value: str = ""
    modifier: str = ""  # landwalk only: "snow", "legendary", "nonbasic" …

    def matches(self, obj: HasCharacteristics) -> bool:
        if self.kind == "everything":
            return True
        if self.kind == "color":
            return self.value in obj.colors
        if self.kind == "colored":
            return bool(obj.colors)
        if self.kind == "chosen":
            return False  # no colour chosen as it entered (607.2d): the layers put the chosen one in its place
        if self.kind == "multicolored":
            return len(obj.colors) >= 2
        if self.kind == "monocolored":
            return len(obj.colors) == 1
        if self.kind == "type":
            return self.value in obj.types
        if self.kind == "subtype":  # "protection from Demons": a source with that subtype (702.16a)
            return self.value in obj.subtypes
        if self.kind == "land":
            if "land" not in obj.types:
                return False
            if self.value != "land" and self.value not in {s.lower() for s in obj.subtypes}:
                return False
            if self.modifier == "nonbasic":
                return "basic" not in obj.supertypes
            return not self.modifier or self.modifier in obj.supertypes
        raise ValueError(f"unknown quality kind {self.kind!r}")

    def describe(self) -> str:
        if self.kind == "color":
            return self.value
        if self.kind in ("multicolored", "monocolored"):
            return self.kind
        if self.kind == "colored":
            return "all colors"
        if self.kind == "chosen":
            return "the chosen color"
        if self.kind == "type":
            return f"an {self.value}" if self.value[0] in "aeiou" else f"a {self.value}"
        if self.kind == "subtype":
            return f"an {self.value}" if self.value[0] in "AEIOU" else f"a {self.value}"
        if self.kind == "land":
            what = "land" if self.value == "land" else self.value.capitalize()
            return " ".join(x for x in ("a", self.modifier, what) if x)
        return "everything"


@dataclass(frozen=True, slots=True)
class Filter:
    """Which objects a description names ("white creatures you control", "other Goblins", "a creature card",
    "creatures with power 2 or less"): every field given must hold. Used by anthems, groups, restrictions and
    replacement effects; `matches` is told the facts that aren't characteristics (controller, owner, status)."""

    types: frozenset[str] = frozenset()  # all of these card types
    any_types: frozenset[str] = frozenset()  # at least one of these ("artifacts, creatures, and lands")
    not_types: frozenset[str] = frozenset()  # "noncreature"
    subtypes: tuple[str, ...] = ()  # at least one of these ("Goblin", "Wall")
    not_subtypes: tuple[str, ...] = ()  # "non-Aura"
    colors: frozenset[str] = frozenset()  # at least one of these colours
    not_colors: frozenset[str] = frozenset()  # "nonblack"
    supertypes: frozenset[str] = frozenset()
    not_supertypes: frozenset[str] = frozenset()  # "nonbasic"
    controller: str = ""  # "you" (you control), "opponent" (an opponent controls)
    owner: str = ""  # "you", "opponent" (a card in an opponent's graveyard)
    other: bool = False  # "other": not the source itself
    keywords: tuple[str, ...] = ()  # "with flying"
    not_keywords: tuple[str, ...] = ()  # "without flying"
    power: tuple[str, int] | None = None  # ("<=", 2): "with power 2 or less"; (">=", 3)
    tapped: bool | None = None
    token: bool | None = None  # "nontoken": False
    text: str = ""

    def matches(self, chars: HasCharacteristics, *, object_id: str = "", source: str = "", you: str = "",
                controller: str = "", owner: str = "", tapped: bool = False, token: bool = False) -> bool:
        if not self.types <= chars.types or (self.any_types and not self.any_types & chars.types):
            return False
        if self.not_types & chars.types or not self.supertypes <= chars.supertypes:
            return False
        if self.not_supertypes & chars.supertypes:
            return False
        lowered = {s.lower() for s in chars.subtypes}
        if self.subtypes and not {s.lower() for s in self.subtypes} & lowered:
            return False
        if {s.lower() for s in self.not_subtypes} & lowered:
            return False
        if (self.colors and not self.colors & chars.colors) or self.not_colors & chars.colors:
            return False
        if self.other and object_id == source:
            return False
        for field_value, who in ((self.controller, controller), (self.owner, owner)):
            if (field_value == "you" and who != you) or (field_value == "opponent" and (not who or who == you)):
                return False
        kinds = {a.kind for a in getattr(chars, "abilities", ())}
        if not set(self.keywords) <= kinds or set(self.not_keywords) & kinds:
            return False
        if self.power is not None:
            power = getattr(chars, "power", None)
            op, value = self.power
            if power is None or (op == "<=" and power > value) or (op == ">=" and power < value):
                return False
        if self.tapped is not None and tapped != self.tapped:
            return False
        return self.token is None or token == self.token


@dataclass(frozen=True, slots=True)
class StaticCondition:
    """"As long as …": a static ability's effect exists only while this holds (611.3a), checked where the effect
    applies. `node` is the condition as the card-text reader gives it, evaluated by `conditions.holds`."""

    node: nodes.Condition
    text: str = ""


@dataclass(frozen=True, slots=True)
class EventEffect:
    """What a static ability does to events (614, 615, 614.17): a replacement ("instead", "twice that many"), a
    prevention ("prevent 1 of that damage") or a "can't" ("Players can't gain life") effect.

    `event` is the kind of event: "damage", "life gain", "life loss", "counters", "tokens", "zone" (a card or
    token moving), "destroy", "draw", "enters", "lose game", "win game". `mode` is what happens to it:
    "double", "plus" (`amount` more), "prevent" (`amount`, 0 for all), "none" (gains no life), "exile",
    "library" (its owner's, shuffled in), "win", "tapped", "can't", "unpreventable". The other fields say whose
    event it watches."""

    event: str
    mode: str
    amount: int = 0
    player: str = ""  # whose event: "you", "opponent", "" (any player)
    object: Filter | None = None  # the object the event affects (a recipient, what moves, what gets counters)
    self_only: bool = False  # only the object with the ability ("~")
    source: Filter | None = None  # damage: the source dealing it
    counter: str = ""  # counters: which kind ("" for any)
    from_zone: str = ""  # zone changes: "" for anywhere
    to_zone: str = ""
    condition: str = ""  # "your turn", "combat", "library empty"
    text: str = ""


@dataclass(frozen=True, slots=True)
class Cost:
    """A cost (118): mana, {T}, sacrificing the source, life, loyalty (606.4), and other actions as the tree
    reads them (sacrificing or discarding a described card, removing counters, exiling from a graveyard)."""

    mana: str = ""
    tap: bool = False
    sacrifice: bool = False
    life: int = 0
    loyalty: int | None = None
    sorcery: bool = False  # "Activate only as a sorcery" (602.5d)
    crew: int = 0  # "Crew N": tap other untapped creatures you control with total power N or greater (702.122a)
    actions: tuple[nodes.Instruction, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Unmodelled:
    """An ability the engine reads but doesn't play yet, kept in its place on the object (never silently inert):
    it stops a replay only where it would act (113.6). `acts` says when: "activated" (when activated, 602),
    "triggered" (when its event happens, 603.2: `exact` if the engine can match its trigger condition, else at
    the first event of one of `verbs` that might match, any event when there are none; `step` for "at the
    beginning of" one), "static" (while its object is in one of `zones`, 604.1, 113.6: "all" for a
    characteristic-defining ability, 604.3), "cast" (when its card is cast, 601.2), "never" (outside the game:
    deck construction, 702.124a). `what` and `rule` are the reader's refusal."""

    acts: str
    what: str
    rule: str
    zones: frozenset[str] = frozenset()
    exact: bool = False
    verbs: tuple[str, ...] = ()
    step: bool = False


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of an object. `kind` is a keyword ("flying", "protection", "landwalk") or a kind the engine
    plays: "static" (continuous effects, `changes`), "cda" (characteristic-defining, 604.3), "spell" (an
    instant's or sorcery's effect), "triggered" (`trigger` and `effect`), "activated" (`cost` and `effect`),
    "mana" (an activated mana ability, 605.1a), "replacement" (`word` names which, 614), "ward" (`cost`, 702.21a),
    "kicker" (`cost`, 702.33), "additional cost" (`cost`, 601.2f), "cost change" (`value` generic mana more or
    less per time, `per`, for itself or the spells its `filter` names, 601.2f), "unmodelled" (one the engine
    doesn't play: `unmodelled` says when it would act, and the replay stops there; `trigger` kept for matching)."""

    kind: str
    text: str
    quality: Quality | None = None  # protection, landwalk, enchant
    affects: str = ""  # static abilities: "self", "enchanted", "equipped", "described" (by `described`) …
    changes: tuple[Change, ...] = field(default_factory=tuple)  # static abilities: what they do, by layer
    effect: nodes.Effect | None = None  # what a spell, activated or triggered ability does, as the tree reads it
    trigger: nodes.Trigger | None = None
    cost: Cost | None = None
    zone: str = ""  # an ability that functions in another zone than the battlefield: "graveyard" (113.6m)
    rule: str = ""  # a keyword ability's defining rule (a `rules` constant), cited when it does its work
    word: str = ""  # which replacement effect ("enters with counters" …), or "equip"
    value: int = 0
    counter: str = ""  # "enters with N … counters": the kind (default +1/+1)
    events: EventEffect | None = None  # "replacement" and "cant" abilities: what they do to events (614, 615)
    filter: Filter | None = None  # static abilities: which objects they affect, when `affects` is "filter"
    condition: StaticCondition | None = None  # static abilities: "as long as …" (611.3a)
    described: nodes.Description | None = None  # static abilities: the objects affected, as a description
    per: nodes.Description | None = None  # a cost change: "for each …", what is counted as the spell is cast
    unmodelled: Unmodelled | None = None  # kind "unmodelled": when it would act, and why it isn't played
    node: Any = field(default=None, compare=False)  # the tree node it was read from

    def __str__(self) -> str:
        return self.text

    @property
    def counter_kind(self) -> str:
        return self.counter or "+1/+1"

    @property
    def functions_in(self) -> str:
        """113.6m: an ability whose effect moves the object it's on out of a zone functions only in that zone."""
        if self.zone:
            return self.zone
        for ins in (x for x in self.effect.walk() if isinstance(x, nodes.Instruction)) if self.effect else ():
            obj = ins.object or ins.subject
            if ins.origin is not None and ins.origin.zone not in ("battlefield", "anywhere") \
                    and isinstance(obj, nodes.Reference) and obj.kind == "self":
                return ins.origin.zone
        return "battlefield"

    def shown(self, name: str) -> str:
        """The text with the object's own name back in place of "~"."""
        return self.text.replace("~", name)


@dataclass(frozen=True, slots=True)
class Change:
    """What a continuous effect does to each object it affects (611, 613): its kind (registered with
    `continuous.effect_kind`, which gives its layer) and its values."""

    kind: str
    power: int = 0
    toughness: int = 0
    abilities: tuple[Ability, ...] = ()
    types: frozenset[str] = frozenset()
    subtypes: tuple[str, ...] = ()
    colors: frozenset[str] = frozenset()
    in_addition: bool = True  # type-changing: added to the old types, or replacing them (205.1)
    count: str = ""  # Tarmogoyf's characteristic-defining ability: "card types in all graveyards" (604.3)
    which: str = ""  # a characteristic-defining ability with `per`: "power" or "toughness" alone, "" for both
    words: tuple[str, ...] = ()  # text-changing: the word replaced and its replacement (612)
    controller: str = ""  # control-changing (613.1b)
    copiable: Any = None  # copy effect: the copiable values taken (707.2), a `Characteristics`
    per: Any = None  # "+1/+1 for each Forest you control": a `nodes.Description` counted as it applies (611.3a)
    action: str = ""  # a restriction: what the objects it affects can't do ("attack", "block", "be blocked")
