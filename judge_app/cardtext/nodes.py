"""The typed syntax tree of card text: frozen dataclasses, plain data, no behaviour beyond small helpers.

Every node can be turned into JSON with `as_json()` (its fields, and `"node"`: the class name). Fields
only grow: later versions add node kinds and fields with defaults, never rename or remove one.

Shape, top down (see the package docstring for the vocabulary):

    CardText(name, type_line, abilities, errors)
    Ability: KeywordAbility | StaticAbility | TriggeredAbility | ActivatedAbility | ManaAbility
             | LoyaltyAbility | SpellAbility | ReplacementAbility
    Effect(instructions)              instructions in order (608.2c): Instruction | Modal
    Instruction(verb, subject, object, amount, recipient, …)
    Thing = Description | Reference   what a phrase names: objects and players
    Amount, Duration, Condition, Cost, ManaCost, ManaSymbol, Trigger, Event, Zone, PT, Token, …
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar


def as_json(value: Any) -> Any:
    """A node (or a tuple of nodes, or a plain value) as JSON-ready data; fields left at their default are
    omitted, so the output stays short."""
    if isinstance(value, Node):
        out: dict[str, Any] = {"node": type(value).__name__}
        kind = getattr(type(value), "KIND", None)
        if kind:
            out["kind"] = kind
        for f in fields(value):
            item = getattr(value, f.name)
            if f.default is not MISSING and item == f.default and f.name != "text":
                continue
            out[f.name] = as_json(item)
        return out
    if isinstance(value, tuple | list):
        return [as_json(v) for v in value]
    return value


class Node:
    """Base of every tree node (no fields): `as_json()` and `walk()`."""

    __slots__ = ()

    def as_json(self) -> Any:
        return as_json(self)

    def walk(self):
        """This node and every node below it, depth first, in text order."""
        yield self
        for f in fields(self):  # type: ignore[arg-type]
            yield from _walk(getattr(self, f.name))


def _walk(value: Any):
    if isinstance(value, Node):
        yield from value.walk()
    elif isinstance(value, tuple):
        for item in value:
            yield from _walk(item)


# --- mana and costs ---------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ManaSymbol(Node):
    """One symbol in braces (107.4): `{2}`, `{G}`, `{C}`, `{W/U}`, `{2/W}`, `{G/P}`, `{X}`, `{S}`.

    kind: "generic" (a number), "colored", "colorless" ({C}), "hybrid", "twobrid" ({2/W}), "phyrexian",
    "phyrexian hybrid" ({G/W/P}), "variable" ({X} {Y} {Z}), "snow" ({S})."""

    symbol: str
    kind: str
    colors: tuple[str, ...] = ()  # "W", "U", "B", "R", "G"
    generic: int = 0  # a generic amount: {3} → 3, {2/W} → 2
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ManaCost(Node):
    """A sequence of mana symbols, as in a mana cost or "Add {R}{R}"."""

    symbols: tuple[ManaSymbol, ...]
    text: str = ""

    @property
    def mana_value(self) -> int:
        """202.3: generic amounts count as their number, X as 0, every other symbol as 1."""
        total = 0
        for s in self.symbols:
            if s.kind == "generic":
                total += s.generic
            elif s.kind == "twobrid":
                total += 2
            elif s.kind != "variable":
                total += 1
        return total


@dataclass(frozen=True, slots=True)
class Cost(Node):
    """A cost (118): mana, {T} (107.5), {Q} (107.6), energy (107.14), and actions such as sacrificing,
    paying life, discarding, exiling, removing counters, each an `Instruction` with no subject (you).
    An alternative form ("pay {3} or sacrifice a creature") is in `alternatives`."""

    mana: ManaCost | None = None
    tap: bool = False
    untap: bool = False
    energy: int = 0
    actions: tuple[Instruction, ...] = ()
    alternatives: tuple[Cost, ...] = ()
    text: str = ""
    rules: tuple[str, ...] = ()


# --- the things a phrase names ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Quality(Node):
    """One property a described object or player must have (or lack, `negated`).

    kind:
      "color" (value "white" … or "colorless", "multicolored", "monocolored"), "type" (card type, or
      "permanent", "spell", "card", "token", "ability"), "supertype", "subtype" (value as printed in the
      CR: "Elf"), "status" ("tapped", "untapped", "attacking", "blocking", "blocked", "unblocked",
      "face-down", "face-up", "enchanted", "equipped", "modified", "historic" …), "control" (value "you",
      "opponent", "not you", or `of`: the controller), "owner" ("you", "opponent", "not you", `of`),
      "zone" (value "graveyard", "hand", "library", "exile", "battlefield", "stack"; `of`: whose),
      "keyword" (value: a keyword; "with flying"; negated: "without flying"), "compare" (value: "power",
      "toughness", "mana value", "life", "loyalty", "cards in hand" …; `comparison` and `amount`),
      "counter" (value: counter kind; "with a +1/+1 counter on it"), "named" (value), "chosen"
      ("of the chosen color", value "color"/"type"/"name"), "other" (not the source), "other than"
      (`of`: the excluded thing), "shares" (value "color"/"type"/"name" with `of`), "cast" (spells you
      cast: `of` the caster), "among" (`of`: "one of them", "from among them"), "superlative" (value
      "greatest power" …, `of` the group), "ability" (value "activated", "triggered", "mana", "loyalty":
      a kind of ability), "event" (`event`: a relative clause, "that attacked this turn"), "targets"
      (`of`: what a spell targets), "position" (value "top"/"bottom" of a library), "any" (`parts`: one of
      several qualities, "black or red"), "all" (`parts`: all of them), "raw" (value: words read but not
      interpreted: the engine must refuse it)."""

    kind: str
    value: str = ""
    negated: bool = False
    comparison: str = ""  # "<=", ">=", "==", "<", ">", "even", "odd"
    amount: Amount | None = None
    of: Thing | None = None
    parts: tuple[Quality, ...] = ()
    event: Event | None = None  # "that attacked this turn", "you cast": what it did or had done to it


@dataclass(frozen=True, slots=True)
class Selector(Node):
    """How many of the described things, and how they are picked.

    kind: "target" (115), "each", "all", "a" (one, chosen by its player as the instruction says), "any"
    (any one: "any target"), "the" (the only one meant, e.g. "the chosen creature"), "no" ("no creatures").
    count: how many ("two target creatures"; None means one or, for each/all, every one)."""

    kind: str
    count: Amount | None = None
    up_to: bool = False
    any_number: bool = False  # "any number of target creatures"
    other: bool = False  # "another target creature", "each other creature"
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Description(Node):
    """A described set of objects and/or players: "another target nonblack creature an opponent controls",
    "each creature with power 4 or greater", "target creature or player", "a creature card from your
    graveyard", "each opponent".

    nouns: what it may be, any of them ("creature", "planeswalker", "player", "opponent", "permanent",
    "card", "spell", "ability", "token", "source", a subtype such as "Elf"); qualities: all must hold.
    target: the index of this target among the ability's targets in text order (601.2c), or -1."""

    selector: Selector
    nouns: tuple[str, ...]
    qualities: tuple[Quality, ...] = ()
    target: int = -1
    text: str = ""

    @property
    def is_target(self) -> bool:
        return self.selector.kind == "target" or (self.selector.kind == "any" and "target" in self.nouns)

    @property
    def is_player(self) -> bool:
        return bool(self.nouns) and all(n in ("player", "opponent") for n in self.nouns)


@dataclass(frozen=True, slots=True)
class Reference(Node):
    """A thing named by a pronoun or a fixed phrase rather than described.

    kind: "self" (the object itself: its name, "~", "this creature", "this spell" …), "you" (the
    controller of the ability), "it" / "they" (anaphora; `refers_to` says to what), "that" ("that
    creature", "that player": `noun` says which), "attached" ("enchanted creature", "equipped creature":
    `noun`), "controller" / "owner" (`of`: whose), "defending player", "event" (what the trigger or
    replaced event names: "the creature", "that much"), "chosen" (`noun`: "the chosen creature"),
    "sacrificed", "exiled", "revealed" ("the sacrificed creature" …), "active player", "each of them".

    refers_to: for anaphora, what it stands for: "self", "target:N" (the ability's Nth target), "event"
    (the object or player of the trigger event / replaced event), "event subject", "instruction:N" (what
    the ability's Nth instruction acted on or made), "cost" (what was paid: sacrificed, discarded), or ""
    when unresolved."""

    kind: str
    noun: str = ""
    of: Thing | None = None
    refers_to: str = ""
    text: str = ""


@dataclass(frozen=True, slots=True)
class Group(Node):
    """Several things named together: "you and target opponent", "target creature and each creature
    you control" (conjunction "and"), "target creature or planeswalker an opponent controls" when its
    parts are described apart ("or")."""

    things: tuple[Thing, ...]
    conjunction: str = "and"
    text: str = ""


Thing = Description | Reference | Group


# --- amounts, durations, conditions ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Amount(Node):
    """A number as the text gives it.

    kind: "number" (value), "variable" (name "X"; `base` holds its definition when the text gives one,
    "where X is …"; else it is chosen on casting, 107.3), "count" (the number of `of`, a Description),
    "property" (`property` of `of`: "power", "toughness", "mana value", "life total", "loyalty",
    "cards in hand", "devotion" (`value` colour word), "damage" …), "event" ("that much", "that many":
    the amount of the event that caused the ability), "times" (`factor` × `base`: "twice that much"),
    "half" (`base`, `rounding` "up"/"down"), "for each" (`base` for each of `of`), "plus" / "minus"
    (`base` and `other`), "all" ("all of them", "any amount"), "raw" (`property`: unread words)."""

    kind: str
    value: int | None = None
    name: str = ""
    of: Thing | None = None
    property: str = ""
    base: Amount | None = None
    other: Amount | None = None
    factor: int = 0
    rounding: str = ""
    comparison: str = ""  # "up to three": "<="; "three or more": ">="
    text: str = ""
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Duration(Node):
    """How long a continuous effect from a resolving spell or ability lasts (611.2a).

    kind: "until end of turn", "this turn", "until your next turn", "until end of your next turn",
    "for as long as" (`condition`), "until" (`condition`: "until ~ leaves the battlefield"),
    "this combat", "indefinitely"."""

    kind: str
    condition: Condition | None = None
    text: str = ""
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Condition(Node):
    """A condition: "if …", "as long as …", "unless …", intervening "if" (603.4).

    kind: "control" (`subject` controls `object`), "compare" (`amount` `comparison` `other` — "you have
    5 or less life" is the life total of you <= 5), "has" (`subject` has `quality`), "is" (`subject` is/are
    `object` or `quality`), "did" ("if you do" / "if you don't": `negated`; 608.2c), "kicked"
    ("if this spell was kicked", `value` for which kicker), "turn" ("it's your turn", `subject` whose),
    "event" (`event` happened: "if a creature died this turn"), "cast from" (value zone), "paid"
    ("if {G} was spent to cast this spell", `mana`; "if tribute wasn't paid", `value`), "mana spent" ("if at
    least three mana of the same color was spent"), "spells cast last turn", "as cast" (`parts` checked as the
    spell is cast), "class level" / "charge counters" (716.2a, 721.2a: `amount` or more), "roll result" (a row
    of a results table, `amount`..`other`, 706.3a), "not" / "and" / "or" (`parts`), "raw" (text read but not
    interpreted)."""

    kind: str
    subject: Thing | None = None
    object: Thing | None = None
    quality: Quality | None = None
    amount: Amount | None = None
    other: Amount | None = None
    comparison: str = ""
    negated: bool = False
    value: str = ""
    event: Event | None = None
    mana: ManaCost | None = None
    parts: tuple[Condition, ...] = ()
    text: str = ""
    rules: tuple[str, ...] = ()


# --- what instructions act with -----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Zone(Node):
    """A zone (400.1) with its owner and a position: "the top of its owner's library", "your graveyard",
    "the battlefield under your control tapped"."""

    zone: str  # "battlefield", "graveyard", "hand", "library", "exile", "stack", "command", "anywhere"
    owner: Thing | None = None
    position: str = ""  # "top", "bottom", "second from the top", "random"
    controller: Thing | None = None  # "onto the battlefield under your control"
    tapped: bool = False
    attacking: bool = False
    face_down: bool = False
    transformed: bool = False
    counter: str = ""  # "onto the battlefield with a +1/+1 counter on it"
    counter_amount: Amount | None = None
    text: str = ""
    attached_to: Thing | None = None  # "onto the battlefield attached to that creature" (an Aura or Equipment)


@dataclass(frozen=True, slots=True)
class PT(Node):
    """Power and toughness: a modification ("+2/+0", signed) or a value ("3/3", "X/X")."""

    power: Amount
    toughness: Amount
    signed: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class Characteristics(Node):
    """What something becomes or what a token is: P/T, colours, types, subtypes, supertypes, abilities,
    name. `in_addition`: the types are added to its others (205.1b, "in addition to its other types",
    "it's still a land")."""

    pt: PT | None = None
    colors: tuple[str, ...] = ()  # colour words: "white", …, "colorless"
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    name: str = ""
    in_addition: bool = False
    copy_of: Thing | None = None  # "a copy of target creature" (707)
    exceptions: tuple[Instruction, ...] = ()  # "except it's a … / except it has …" (707.9)
    text: str = ""


@dataclass(frozen=True, slots=True)
class Mana(Node):
    """Mana an instruction adds (106.4): symbols ("{R}{R}"), or `amount` mana of a `choice`
    ("any color", "any type", "the chosen color", "any combination of colors", "{R} and/or {G}", "one of,
    or the chosen color" with `options` {W}),
    or `of` ("mana of any type that land produced")."""

    symbols: ManaCost | None = None
    amount: Amount | None = None
    choice: str = ""
    options: ManaCost | None = None  # "{R} and/or {G}", "{W} or {U}"
    text: str = ""


@dataclass(frozen=True, slots=True)
class Unless(Node):
    """"… unless [payer] pays [cost]" (118.12)."""

    payer: Thing | None
    cost: Cost | None = None
    action: Instruction | None = None  # "unless that player sacrifices a creature"
    text: str = ""


# --- instructions and effects ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Instruction(Node):
    """One thing a spell or ability does, or one statement of a static ability.

    verb: a canonical verb phrase — "deal damage", "destroy", "exile", "return", "put", "draw", "discard",
    "gain life", "lose life", "create", "put counters", "remove counters", "get" (P/T change), "gain"
    (abilities), "lose" (abilities; `abilities` empty with `quality` "all" for "loses all abilities"),
    "have" (static: has abilities), "become", "set base pt", "switch pt", "gain control", "tap", "untap",
    "sacrifice", "counter", "add mana", "search", "shuffle", "reveal", "look at", "mill", "scry", "prevent",
    "can't" (`object`: what it can't do, as an Instruction), "must" ("attacks each combat if able"),
    "copy", "choose", "cast", "play", "skip", "win", "lose the game", "regenerate", "attach", "fight", …
    and every keyword action of 701 by its name ("investigate", "proliferate", "amass" …).

    subject: who does it (None: the ability's controller, "you"); object: what it is done to;
    recipient: to/onto/on whom (damage to, counters on, "attach to"); origin/destination: zones moved
    from and to; amount; pt; abilities (granted or lost; quoted abilities are whole `Ability` nodes);
    duration; condition ("if …" on this instruction); optional ("you may", 603.5/608.2d); unless;
    characteristics (become / token / copy); mana; counter (a counter kind: "+1/+1", "loyalty", "oil");
    choice (what is chosen: "color", "creature type", "card name", "mode"); action (for "can't"/"must"
    and "have X do Y": the forbidden or required action); rules: the CR rules that govern it."""

    verb: str
    subject: Thing | None = None
    object: Thing | None = None
    recipient: Thing | None = None
    amount: Amount | None = None
    origin: Zone | None = None
    destination: Zone | None = None
    pt: PT | None = None
    abilities: tuple[Ability, ...] = ()
    characteristics: Characteristics | None = None
    mana: Mana | None = None
    counter: str = ""
    choice: str = ""
    duration: Duration | None = None
    condition: Condition | None = None
    optional: bool = False
    negated: bool = False
    unless: Unless | None = None
    action: Instruction | None = None
    qualifier: str = ""  # "combat" damage, "face down", "at random", "tapped", "for each" …
    instead: bool = False  # "… instead": replaces what the text said before (614.1a, 614.15)
    cost: Cost | None = None  # "As an additional cost to cast this spell, …" (verb "additional cost")
    text: str = ""
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Modal(Node):
    """"Choose one —" and its modes (700.2): `minimum`..`maximum` of the `modes` (None: no limit),
    chosen by `chooser` (None: you). Spree's modes carry their additional cost (702.172)."""

    minimum: int
    maximum: int | None
    modes: tuple[Effect, ...]
    chooser: Thing | None = None
    mode_costs: tuple[Cost | None, ...] = ()
    condition_more: Condition | None = None  # "If this spell was kicked, choose any number instead"
    text: str = ""
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Effect(Node):
    """What happens, in order (608.2c): instructions, modal choices, delayed triggers, reflexive triggers."""

    instructions: tuple[Instruction | Modal | DelayedTrigger, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class DelayedTrigger(Node):
    """A triggered ability an effect creates for later (603.7): "At the beginning of the next end step,
    return it …", or a reflexive one (603.12): "When you do, …"."""

    trigger: Trigger
    effect: Effect
    reflexive: bool = False
    text: str = ""
    rules: tuple[str, ...] = ()
    duration: Duration | None = None  # "Until your next turn, whenever …": it triggers each time until then (603.7b)


# --- triggers -----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Event(Node):
    """A game event as a trigger or a replacement effect names it: "a creature you control dies",
    "~ deals combat damage to a player", "you cast a noncreature spell", "a source would deal damage
    to you". Same fields as an Instruction, read as something that happens.

    verb: "enter", "die", "leave", "attack", "block", "become blocked", "deal damage", "be dealt
    damage", "cast", "activate", "draw", "discard", "gain life", "lose life", "put into graveyard",
    "put counters", "sacrifice", "tap", "untap", "become tapped", "become target", "cycle", "turn face
    up", "create", "lose the game", "expend", "state" (603.8: `condition`), and the keyword actions.
    qualifier: "combat" (combat damage), "alone", "noncombat", "one or more"."""

    verb: str
    subject: Thing | None = None
    object: Thing | None = None
    recipient: Thing | None = None
    amount: Amount | None = None
    origin: Zone | None = None
    destination: Zone | None = None
    qualifier: str = ""
    condition: Condition | None = None
    counter: str = ""
    text: str = ""


@dataclass(frozen=True, slots=True)
class Step(Node):
    """"the beginning of your upkeep": a step or phase (500), whose (None: each), "next" ones (603.7)."""

    step: str  # "upkeep", "draw", "precombat main", "beginning of combat", "declare attackers", "end", …
    whose: Thing | None = None
    each: bool = False
    next: bool = False
    end_of: bool = False  # "at end of combat"
    text: str = ""


@dataclass(frozen=True, slots=True)
class Trigger(Node):
    """A trigger condition (603.1): "when"/"whenever" an event (any of `events`), or "at" a step; an
    intervening "if" (603.4) in `condition`; a chapter ability's numbers (714.2)."""

    word: str  # "when", "whenever", "at", "chapter"
    events: tuple[Event, ...] = ()
    step: Step | None = None
    condition: Condition | None = None
    chapters: tuple[int, ...] = ()
    once_each_turn: bool = False  # "This ability triggers only once each turn."
    text: str = ""
    rules: tuple[str, ...] = ()


# --- abilities ----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class AbilityNode(Node):
    """What every ability has: its text as written (reminder text removed), its line in the card's text,
    and the rules that govern it. Keyword-only, so each kind of ability lists its own fields first."""

    text: str = field(default="", kw_only=True)
    line: int = field(default=0, kw_only=True)
    rules: tuple[str, ...] = field(default=(), kw_only=True)


@dataclass(frozen=True, slots=True)
class KeywordAbility(AbilityNode):
    """A keyword ability of 702 (or a chapter/level symbol): its canonical name as the CR titles it
    ("Flying", "Protection", "Landwalk"), the rule, and its parameters: a cost ("Ward {2}", "Kicker
    {1}{G}", "Cumulative upkeep—Pay 1 life"), an amount ("Bushido 1", "Toxic 2"), qualities
    ("Protection from red and from blue", "Hexproof from multicolored", "Islandwalk" as Quality
    subtype Island), an object description ("Enchant creature you control", "Affinity for
    artifacts"), `variant` for the rule's named forms ("Megamorph", "Multikicker", "Basic landcycling",
    "Equip planeswalker", "Partner with"), `name` for "Partner with Proud Mentor"."""

    KIND: ClassVar[str] = "keyword"
    keyword: str
    rule: str
    cost: Cost | None = None
    costs: tuple[Cost, ...] = ()  # "Kicker {1}{U} and/or {2}{B}" (702.33), "Suspend 4—{R}" uses cost
    amount: Amount | None = None
    qualities: tuple[Quality, ...] = ()
    object: Description | None = None
    variant: str = ""
    name: str = ""
    ability: Ability | None = None  # "Boast — {1}: …", "Solved — …", "Max speed — …" (the ability given)


@dataclass(frozen=True, slots=True)
class StaticAbility(AbilityNode):
    """A static ability (604): statements true while it applies; a condition ("as long as …", "during
    your turn"); `cda` marks a characteristic-defining ability (604.3)."""

    KIND: ClassVar[str] = "static"
    effect: Effect
    condition: Condition | None = None
    cda: bool = False


@dataclass(frozen=True, slots=True)
class TriggeredAbility(AbilityNode):
    """A triggered ability (603): trigger (with intervening "if"), effect."""

    KIND: ClassVar[str] = "triggered"
    trigger: Trigger
    effect: Effect


@dataclass(frozen=True, slots=True)
class ActivatedAbility(AbilityNode):
    """An activated ability (602): "[Cost]: [Effect.] [Activation instructions.]" — the activation
    instructions ("Activate only as a sorcery.", 602.5d; "Activate only once each turn.") are
    Instructions of verb "activate only" in `restrictions` (`qualifier`: "sorcery", "once each turn",
    "your turn", …; `condition` for "only if …")."""

    KIND: ClassVar[str] = "activated"
    cost: Cost
    effect: Effect
    restrictions: tuple[Instruction, ...] = ()


@dataclass(frozen=True, slots=True)
class ManaAbility(AbilityNode):
    """An activated mana ability (605.1a): no target, adds mana, not a loyalty ability."""

    KIND: ClassVar[str] = "mana"
    cost: Cost
    effect: Effect
    restrictions: tuple[Instruction, ...] = ()


@dataclass(frozen=True, slots=True)
class LoyaltyAbility(AbilityNode):
    """A loyalty ability (606): the loyalty change ("+1", "−3", "0", "−X") and the effect."""

    KIND: ClassVar[str] = "loyalty"
    loyalty: Amount
    effect: Effect


@dataclass(frozen=True, slots=True)
class SpellAbility(AbilityNode):
    """An instant's or sorcery's instructions (113.3a), possibly modal (700.2)."""

    KIND: ClassVar[str] = "spell"
    effect: Effect


@dataclass(frozen=True, slots=True)
class ReplacementAbility(AbilityNode):
    """A static ability that replaces or prevents an event (614, 615).

    mode: "instead" (614.1a: `event` is replaced by `effect`), "skip" (614.1b), "enters" (614.1c–d:
    how a permanent enters — tapped, with counters, as a copy, "as ~ enters, choose"), "prevent" (615:
    `event` is the damage prevented; `amount` for "prevent N of that damage"), "redirect" (damage
    dealt to another instead). `condition`: "If you control a creature, …"."""

    KIND: ClassVar[str] = "replacement"
    mode: str
    event: Event
    effect: Effect
    condition: Condition | None = None
    amount: Amount | None = None


Ability = (KeywordAbility | StaticAbility | TriggeredAbility | ActivatedAbility | ManaAbility | LoyaltyAbility
           | SpellAbility | ReplacementAbility)
ABILITY_TYPES = (KeywordAbility, StaticAbility, TriggeredAbility, ActivatedAbility, ManaAbility, LoyaltyAbility,
                 SpellAbility, ReplacementAbility)


# --- the result ------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ReadError(Node):
    """Where the text could not be read: 1-based line and column in the text as given, and why."""

    line: int
    column: int
    message: str
    text: str = ""  # the ability text (the line) it is in


@dataclass(frozen=True, slots=True)
class CardText(Node):
    """A card's text as read: its abilities in order, and the errors for what could not be read. A line
    that fails is left out of `abilities` and reported in `errors`; the others are still read."""

    abilities: tuple[Ability, ...]
    errors: tuple[ReadError, ...] = ()
    name: str = ""
    type_line: str = ""

    @property
    def ok(self) -> bool:
        return not self.errors

    def targets(self, ability: Ability) -> tuple[Description, ...]:
        """The targets an ability chooses, in order (601.2c, 603.3d)."""
        return targets(ability)


def targets(node: Node) -> tuple[Description, ...]:
    """The targeted descriptions under `node`, in text order, without those of quoted (granted) abilities
    and of delayed or reflexive triggers (which choose their own)."""
    found: list[Description] = []

    def visit(value: Any, top: bool) -> None:
        if isinstance(value, DelayedTrigger) or (not top and isinstance(value, ABILITY_TYPES)):
            return
        if isinstance(value, Description) and value.is_target:
            found.append(value)
        if isinstance(value, Node):
            for f in fields(value):  # type: ignore[arg-type]
                visit(getattr(value, f.name), False)
        elif isinstance(value, tuple):
            for item in value:
                visit(item, False)

    visit(node, True)
    return tuple(found)
