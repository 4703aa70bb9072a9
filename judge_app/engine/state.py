"""The game state: players, objects and zones, the turn, combat, the stack, triggered abilities waiting,
continuous effects and shields (rules 102–122, 400, 405, 603, 611, 615).

Plain mutable dataclasses. Only `events.py` changes them during play (every change is an event the
trace can show and triggers can see); setup code builds them directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from judge_app.cardtext.nodes import Description, Effect, Trigger
from judge_app.engine.ability import Ability
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.continuous import ContinuousEffect

ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "command")  # a player's zones, the battlefield
STACK = "stack"  # a spell's zone while it is cast and until it resolves (405)
GONE = "gone"  # a token that ceased to exist (111.7), or a card of a player who left the game (800.4a)
COMMAND = "command"  # the command zone (408): commanders, in a Commander game (903.6)


class Step(Enum):
    """Steps of a turn in order (500.1); the main phases, which have no steps, are listed as steps too."""

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    PRECOMBAT_MAIN = "precombat main"
    BEGINNING_OF_COMBAT = "beginning of combat"
    DECLARE_ATTACKERS = "declare attackers"
    DECLARE_BLOCKERS = "declare blockers"
    COMBAT_DAMAGE = "combat damage"
    END_OF_COMBAT = "end of combat"
    POSTCOMBAT_MAIN = "postcombat main"
    END = "end"
    CLEANUP = "cleanup"

    @property
    def label(self) -> str:
        return self.value + (" phase" if self.value.endswith("main") else " step")


STEP_ORDER = list(Step)
NO_PRIORITY_STEPS = frozenset({Step.UNTAP, Step.CLEANUP})  # 502.4, 514.3


@dataclass
class Player:
    name: str
    life: int = 20
    poison: int = 0
    library: list[str] = field(default_factory=list)  # top first
    hand: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)  # bottom first
    exile: list[str] = field(default_factory=list)
    mana_pool: dict[str, int] = field(default_factory=dict)
    snow_mana: dict[str, int] = field(default_factory=dict)  # how much of each type in the pool came from snow sources
    drew_from_empty_library: bool = False  # since the last state-based action check (704.5b)
    command: list[str] = field(default_factory=list)  # cards they own in the command zone (408, 903.6)
    lost: str = ""  # why, if the player has lost (they have left the game, 104.5, 800.4a)
    won: bool = False  # an effect said this player wins the game (104.2b)
    left: bool = False  # their objects have left the game with them (800.4a)
    max_hand_size: int = 7
    commander_casts: dict[str, int] = field(default_factory=dict)  # commander → casts from the command zone (903.8)
    commander_damage: dict[str, int] = field(default_factory=dict)  # commander → combat damage it dealt them (903.10a)

    def zone(self, zone: str) -> list[str]:
        return getattr(self, zone)


@dataclass
class GameObject:
    """A card or token. `printed` holds its copiable values; current values come from `layers.characteristics`."""

    id: str
    owner: str
    controller: str
    zone: str
    printed: Characteristics
    token: bool = False
    tapped: bool = False
    damage: int = 0
    dealt_deathtouch_damage: bool = False  # since the last state-based action check (702.2b, 704.5h)
    counters: dict[str, int] = field(default_factory=dict)
    controlled_since_turn_start: bool = True  # 302.6
    timestamp: int = 0  # 613.7d
    attached_to: str | None = None
    incarnation: int = 0  # bumped by every zone change: a new object (400.7), so an old target is illegal (608.2b)
    commander: bool = False  # its owner's commander (903.3)
    face_down: bool = False  # a face-down permanent (708): a 2/2 with no name, text, subtypes or mana cost
    copy_of_spell: bool = False  # a copy of a spell on the stack, not a card (707.10): it ceases to exist elsewhere
    protector: str = ""  # a battle's protector (310.8)
    entered_turn: int = 0  # the turn it entered the battlefield (0: before the scenario began)
    left_turn: int = 0  # the turn it last left the battlefield
    chosen: dict[str, str] = field(default_factory=dict)  # "As ~ enters, choose a color": "color" → "red" (614.12a)
    kicked: bool = False  # it entered as a kicked spell resolving (702.33d: "if it was kicked")


@dataclass(frozen=True, slots=True)
class MayPlay:
    """"You may play it this turn", "Until the end of your next turn, you may cast that card": permission to play
    or cast one card from where it is (601.3, 305.1), as the object it was then (400.7), through the end of a turn."""

    card: str
    incarnation: int
    player: str
    verb: str  # "play" (lands too) or "cast"
    last_turn: int  # the permission ends with the cleanup of this turn
    source: str = ""  # the name of what gave it, for the trace


@dataclass(frozen=True, slots=True)
class Past:
    """An event of this turn, kept for the words that ask about it later ("if you gained life this turn", "if a
    creature died this turn", "if you attacked this turn"); the log starts empty as a scenario begins."""

    verb: str  # "gain life", "lose life", "die", "attack", "cast", "draw"
    player: str  # who gained, lost, cast or drew; the controller of what died or attacked
    object: str = ""
    chars: Characteristics | None = None  # the object as it last was then (LKI, 603.10a)


@dataclass
class Combat:
    """Who attacks what and who blocks whom in the current combat phase (506–511)."""

    declared: bool = False  # creatures were declared as attackers (508.8)
    attackers: dict[str, str | None] = field(default_factory=dict)  # attacker → player or planeswalker id
    blocked: dict[str, bool] = field(default_factory=dict)  # attacker → blocked? (509.1h)
    blocking: dict[str, list[str]] = field(default_factory=dict)  # blocker → attackers it blocks
    defending: dict[str, str] = field(default_factory=dict)  # attacker → the player it attacks (or whose, 508.5)
    damage_steps: int = 0  # combat damage steps taken so far
    first_strike_step: bool = False  # the first combat damage step was the first-strike one (510.4)
    first_strikers: set[str] = field(default_factory=set)  # had first or double strike as the first step began
    double_strikers: set[str] = field(default_factory=set)  # had double strike then

    def blockers_of(self, attacker: str) -> list[str]:
        """Creatures blocking `attacker`, in the order they were declared."""
        return [b for b, attacked in self.blocking.items() if attacker in attacked]

    def in_combat(self) -> set[str]:
        return set(self.attackers) | set(self.blocking)


@dataclass
class GameResult:
    winners: list[str]
    losers: list[str]
    draw: bool
    reasons: dict[str, str]

    def describe(self) -> str:
        """Who won, lost or drew, and why: "Alice wins; Bob lost: 0 or less life (704.5a)"."""
        head = "the game is a draw" if self.draw else f"{' and '.join(self.winners)} wins"
        why = "; ".join(f"{name} lost: {reason}" for name, reason in self.reasons.items())
        return f"{head}; {why}" if why else head


@dataclass(frozen=True, slots=True)
class Target:
    """One chosen target: a player's name, an object id (with its incarnation) or a stack item id, and which of
    the ability's target descriptions (`StackItem.specs`) it was chosen for."""

    ref: str
    incarnation: int = 0
    slot: int = 0


@dataclass
class StackItem:
    """A spell or an activated or triggered ability on the stack (405)."""

    id: str
    kind: str  # "spell", "activated", "triggered"
    source: str  # the card (a spell) or the object the ability comes from
    controller: str
    text: str
    name: str  # for messages: "Shock", "Prodigal Pyromancer's ability"
    source_chars: Characteristics  # the source as it was last known (608.2b)
    effect: Effect | None = None  # its instructions, as the card-text tree reads them
    specs: tuple[Description, ...] = ()  # what each target must be (601.2c, 115.1), in text order
    targets: list[Target] = field(default_factory=list)
    trigger: Trigger | None = None  # its intervening "if" is checked again (608.2a)
    it: str | None = None  # the object the ability triggered on, or that a delayed trigger remembers
    it_incarnation: int | None = None  # which object "it" is: a card that changed zones since is a new one (400.7)
    it_counters: dict[str, int] = field(default_factory=dict)  # its counters as it last existed (603.10a, 702.79a)
    source_incarnation: int | None = None  # an ability's source as the object it was (607.2a: linked abilities)
    that_player: str | None = None  # "that player": the player of the trigger event (dealt damage, gained life)
    amount: int = 0  # "that much": the amount of the trigger event
    choices: dict[str, Any] = field(default_factory=dict)  # announced: X, modes, kicked, costs paid, words …
    counters: str | None = None  # ward: the spell or ability it counters unless its controller pays
    unless: str = ""  # ward: the cost


@dataclass
class PendingTrigger:
    """An ability that triggered and waits to be put on the stack (603.3)."""

    source: str
    ability: Ability
    controller: str  # who controlled the source when it triggered (603.3a)
    source_chars: Characteristics
    it: str | None = None
    it_incarnation: int | None = None
    it_counters: dict[str, int] = field(default_factory=dict)
    that_player: str | None = None
    amount: int = 0  # "that much"
    effect: Effect | None = None  # a delayed trigger's effect
    counters: str | None = None  # ward: the stack item it would counter
    reason: str = ""  # what triggered it, for the trace
    rules: tuple[str, ...] = ()  # the rules that made it trigger
    bound: dict[str, list[str]] = field(default_factory=dict)  # a delayed trigger's "that card", fixed when created
    source_incarnation: int | None = None  # the source as the object it was when it triggered (607.2a)


@dataclass
class DelayedTrigger:
    """"… at the beginning of the next end step": created by a resolving spell or ability (603.7)."""

    source: str
    controller: str
    step: str
    effect: Effect
    it: str | None
    text: str
    source_chars: Characteristics = field(repr=False, default=None)  # type: ignore[assignment]
    it_incarnation: int | None = None
    bound: dict[str, list[str]] = field(default_factory=dict)  # what "that card" meant when it was created


@dataclass(frozen=True, slots=True)
class Shield:
    """A prevention or regeneration effect from a resolved spell or ability (615.3, 701.19a): "the next N damage"
    to one recipient; all (combat) damage this turn, or all of it dealt to, by, or to and by one object or player;
    or the next time a permanent would be destroyed this turn. It ends at cleanup (514.2)."""

    kind: str  # "prevent", "prevent all" or "regenerate"
    source: str
    source_name: str
    timestamp: int
    recipient: str | None = None  # "prevent all": the one it is dealt to (None: anyone)
    incarnation: int = 0  # of the object the shield names (400.7: a new object isn't it)
    amount: int = 0
    recipient_name: str = ""
    gain_life: str = ""  # the player who gains life equal to the damage prevented this way (615.5)
    dealer: str | None = None  # "prevent all": the source that deals it (None: any)
    damage: str = ""  # "prevent all": "combat", "noncombat" or "" (all damage)
    either: bool = False  # "dealt to and dealt by": the recipient or the dealer is the one named

    def describe(self) -> str:
        if self.kind == "prevent all":
            named = self.recipient_name
            whose = (f" dealt to and dealt by {named}" if self.either else f" dealt by {named}" if self.dealer
                     else f" dealt to {named}" if self.recipient else "")
            return f"{self.source_name}: prevent all {self.damage + ' ' if self.damage else ''}damage{whose} this turn"
        if self.kind == "regenerate":
            return f"{self.source_name}: regenerate {self.recipient_name} the next time it would be destroyed this turn"
        return f"{self.source_name}: prevent the next {self.amount} damage to {self.recipient_name} this turn"


@dataclass
class GameState:
    players: dict[str, Player]  # in turn order
    objects: dict[str, GameObject] = field(default_factory=dict)
    battlefield: list[str] = field(default_factory=list)
    turn: int = 1
    active: str = ""
    step: Step = Step.PRECOMBAT_MAIN
    combat: Combat | None = None
    effects: list[ContinuousEffect] = field(default_factory=list)
    timestamp: int = 0
    result: GameResult | None = None
    stack: list[StackItem] = field(default_factory=list)  # bottom first (405.2)
    priority: str | None = None  # the player who has priority, or None while no one does (117)
    awaiting: Step | None = None  # a step whose turn-based action waits for the players' choices (508.1, 509.1)
    passed: set[str] = field(default_factory=set)  # players who passed in succession since the last action (117.4)
    pending_triggers: list[PendingTrigger] = field(default_factory=list)  # triggered, not yet on the stack (603.3)
    delayed: list[DelayedTrigger] = field(default_factory=list)  # delayed triggered abilities waiting (603.7)
    shields: list[Shield] = field(default_factory=list)  # prevention and replacement effects of resolved spells
    # (source, its incarnation) → the cards (and their incarnations in exile) its abilities exiled (607.2a)
    exiled_with: dict[tuple[str, int], list[tuple[str, int]]] = field(default_factory=dict)
    # … those exiled "until this leaves the battlefield", returned as that object leaves (610.3)
    exiled_until: dict[tuple[str, int], list[tuple[str, int]]] = field(default_factory=dict)
    lands_played: int = 0  # this turn (305.2)
    loyalty_activated: set[str] = field(default_factory=set)  # permanents whose loyalty ability was used this turn
    this_turn: list[Past] = field(default_factory=list)  # what happened this turn that words may ask about
    may_play: list[MayPlay] = field(default_factory=list)  # cards a player may play from where they are
    ids: dict[str, int] = field(default_factory=dict)  # last number used per prefix: "token-1", "ability-2"
    version: int = 0  # bumped by every change; keys the characteristics cache
    moved_since_check: set[str] = field(default_factory=set)  # objects that changed zones since the last SBA check
    _computed: tuple[int, dict[str, Characteristics]] | None = field(default=None, repr=False)
    layer_rules: dict[str, list[str]] = field(default_factory=dict, repr=False)  # the last computation's (613.1)
    layer_log: dict[str, list[Any]] = field(default_factory=dict, repr=False)  # … each effect applied, in order
    dependencies: set[tuple[str, str]] = field(default_factory=set, repr=False)  # (waits, for) seen (613.8b)
    unmodelled: bool = False  # some object has an ability the engine doesn't play (`engine/unmodelled.py`)

    def next_timestamp(self) -> int:
        self.timestamp += 1
        return self.timestamp

    def new_id(self, prefix: str) -> str:
        self.ids[prefix] = self.ids.get(prefix, 0) + 1
        return f"{prefix}-{self.ids[prefix]}"

    def in_game(self) -> list[str]:
        """The players still in the game, in turn order (800.4: a player who lost has left it)."""
        return [p for p, player in self.players.items() if not player.lost]

    def opponents(self, name: str) -> list[str]:
        """`name`'s opponents still in the game, in turn order starting after `name` (102.2, 102.3)."""
        order = list(self.players)
        start = order.index(name)
        return [p for p in order[start + 1:] + order[:start] if not self.players[p].lost]

    def opponent(self, name: str) -> str:
        """The next opponent in turn order (the only one in a two-player game)."""
        found = self.opponents(name)
        return found[0] if found else next(p for p in self.players if p != name)

    def apnap(self) -> list[str]:
        """Players still in the game in APNAP order: the active player, then the others in turn order (101.4)."""
        return self.in_turn_order(self.active)

    def in_turn_order(self, first: str) -> list[str]:
        """Players still in the game in turn order, starting with `first` (or the next one after it, if it left)."""
        order = list(self.players)
        start = order.index(first)
        return [p for p in order[start:] + order[:start] if not self.players[p].lost]

    def permission(self, card: str, player: str, verbs: tuple[str, ...]) -> MayPlay | None:
        """A permission to play or cast `card` now (601.3), if an effect gave one that still lasts."""
        obj = self.objects[card]
        return next((m for m in self.may_play if m.card == card and m.incarnation == obj.incarnation
                     and m.player == player and m.verb in verbs and self.turn <= m.last_turn), None)

    def next_turn_of(self, player: str) -> int:
        """The number of `player`'s next turn ("until the end of your next turn")."""
        turn, active = self.turn + 1, self.next_player(self.active)
        while active != player and turn < self.turn + len(self.players) + 1:
            turn, active = turn + 1, self.next_player(active)
        return turn

    def next_player(self, name: str) -> str:
        """The next player in turn order still in the game (800.4k: a player who left takes no more turns)."""
        order = list(self.players)
        start = order.index(name)
        return next((p for p in order[start + 1:] + order[:start + 1] if not self.players[p].lost), name)

    @property
    def nonactive(self) -> str:
        return self.opponent(self.active)

    def is_player(self, ref: str) -> bool:
        return ref in self.players

    def on_battlefield(self, object_id: str) -> bool:
        obj = self.objects.get(object_id)
        return obj is not None and obj.zone == "battlefield"

    def permanents(self, controller: str | None = None) -> list[GameObject]:
        objs = [self.objects[i] for i in self.battlefield]
        return [o for o in objs if controller is None or o.controller == controller]

    def name_of(self, ref: str | None) -> str:
        """A player's name or an object's name, for messages."""
        if ref is None:
            return "nothing"
        if ref in self.players:
            return ref
        return self.label(ref, self.objects[ref].printed.name)

    def label(self, object_id: str, name: str) -> str:
        """How the trace names an object: `name`; when another object has the same name, whose it is ("Bob's
        Grizzly Bears": its controller's on the battlefield, else its owner's), and if that is still ambiguous, its
        place among them ("Bob's Grizzly Bears (2)"). Never an internal id."""
        obj = self.objects[object_id]
        if obj.face_down and obj.zone == "battlefield":
            twins = [o for o in self.objects.values() if o.face_down and o.zone == "battlefield"]
        else:
            twins = [o for o in self.objects.values() if o.printed.name == obj.printed.name
                     and not (o.face_down and o.zone == "battlefield")]
        if len(twins) <= 1:
            return name
        whose = self._whose(obj)
        mine = [o for o in twins if self._whose(o) == whose]
        label = f"{whose}'s {name}"
        return label if len(mine) == 1 else f"{label} ({mine.index(obj) + 1})"

    def _whose(self, obj: GameObject) -> str:
        return obj.controller if obj.zone == "battlefield" else obj.owner

    def touch(self) -> None:
        self.version += 1
