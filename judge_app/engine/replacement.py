"""Replacement (614) and prevention (615) effects, and "can't" effects (614.17), in front of the events they
modify. Each replacement or prevention effect applies at most once to an event and to the events that replace
it (614.5); when several apply, the affected player, or the affected object's controller, chooses the order
(616.1), self-replacement effects first (616.1a), and the choice is made again after each one (616.1f). Where
a scenario gives no order, the default is timestamp order, said in the trace. A "can't" effect stops the
event before any of them (101.2, 614.17c).

The effects come from static abilities (an `EventEffect` on an ability: "If you would gain life, you gain
twice that much life instead", "Players can't gain life", "If a source would deal damage to you, prevent 1
of that damage"), from resolved spells and abilities (shields: "prevent the next 3 damage", regeneration,
615.7, 701.19a), from a spell's own text (a self-replacement, 614.15) and from the rules (a commander going
to the command zone instead of a hand or library, 903.9b).

Events covered: damage (120.4b), life gain and loss (119), counters (614.16), tokens, zone changes (dying,
going to a graveyard from anywhere, to a hand or library), destruction (regeneration, 614.8), drawing from an
empty library (614.11), entering (614.1c–d, 614.12), skipping a step (614.10), losing and winning the game.

Nothing here changes the game: each function returns the events as modified, the events to add (a shield
used up) and what the trace should say; `perform.Play` and `damage.py` perform and record them.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from judge_app.cardtext.nodes import Reference, Trigger
from judge_app.engine import conditions, matching, rules
from judge_app.engine.ability import COLORS, Ability, Change, EventEffect, Filter
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.choices import Choices, take
from judge_app.engine.continuous import ContinuousEffect
from judge_app.engine.errors import IllegalAction
from judge_app.engine.events import (
    Assignment,
    CounterChange,
    DamageRemoved,
    DrewFromEmptyLibrary,
    EffectBegins,
    Event,
    LifeChange,
    PlayerLoses,
    PlayerWins,
    RemovedFromCombat,
    ShieldChange,
    StatusChange,
    TokenCreated,
    ValueChosen,
    ZoneChange,
)
from judge_app.engine.layers import copiable_values
from judge_app.engine.matching import Anchor
from judge_app.engine.state import COMMAND, Shield
from judge_app.engine.trace import NOTE, Note
from judge_app.engine.view import View

# the old words of the template reader, as event effects
_WORDS = {
    "double damage": EventEffect("damage", "double"),
    "prevent all": EventEffect("damage", "prevent", self_only=True),
}


def event_effects(game: View, kind: str = "") -> list[tuple[str, Ability, EventEffect]]:
    """The event effects of the permanents' static abilities now, with their sources: (source id, ability, what
    it does to events). `kind` keeps only "replacement" or "cant" ones."""
    out = []
    for obj in game.state.permanents():
        for ability in game.chars(obj.id).abilities:
            if ability.kind not in ("replacement", "cant") or (kind and ability.kind != kind):
                continue
            spec = ability.events or _old_word(ability)
            if spec is not None:
                out.append((obj.id, ability, spec))
    return out


def _old_word(ability: Ability) -> EventEffect | None:
    if ability.word == "die exile":
        return EventEffect("zone", "exile", object=None if ability.affects == "self" else Filter(types=frozenset(
            {"creature"})), self_only=ability.affects == "self", from_zone="battlefield", to_zone="graveyard")
    return _WORDS.get(ability.word)


def _you(game: View, source: str) -> str:
    return game.controller(source) if game.state.on_battlefield(source) else game.state.objects[source].controller


def player_matches(game: View, spec: EventEffect, source: str, player: str) -> bool:
    """Whose event the effect watches: "you" (its controller), "opponent", or any player."""
    you = _you(game, source)
    return not spec.player or (spec.player == "you") == (player == you)


def object_matches(game: View, spec: EventEffect, source: str, object_id: str) -> bool:
    """Whether the object an event affects is one the effect names ("~", "a creature you control", "a card")."""
    if spec.self_only:
        return object_id == source
    if spec.object is None:
        return True
    state = game.state
    obj = state.objects[object_id]
    on = state.on_battlefield(object_id)
    return spec.object.matches(game.chars(object_id), object_id=object_id, source=source, you=_you(game, source),
                               controller=game.controller(object_id) if on else obj.owner, owner=obj.owner,
                               tapped=obj.tapped, token=obj.token)


def _condition(game: View, spec: EventEffect, source: str) -> bool:
    if spec.condition == "your turn":
        return game.state.active == _you(game, source)
    return True


def _label(game: View, source: str, ability: Ability) -> str:
    return f"{game.name(source)} (\"{ability.shown(game.chars(source).name).rstrip('.')}\")"


# --- "can't" effects (101.2, 614.17) ------------------------------------------------------------------------------

def _affected_player(game: View, event: Event) -> str | None:
    if isinstance(event, LifeChange | PlayerLoses | PlayerWins | DrewFromEmptyLibrary):
        return event.player
    if isinstance(event, CounterChange) and event.target in game.state.players:
        return event.target
    return None


def _forbidden(game: View, event: Event) -> Note | None:
    """A "can't" effect that stops this event: it doesn't happen, and no replacement applies to it (614.17c)."""
    found = forbids(game, event)
    if found is None:
        return None
    label, cited = found
    what, more = _forbidden_text(game, event)
    return Note(NOTE, f"{what} can't happen: {label}. A \"can't\" effect takes precedence over what would make it "
                "happen, and the event is not replaced or modified by anything else.",
                [rules.CANT_WINS, *more, *cited])


def forbids(game: View, event: Event) -> tuple[str, list[rules.Cite]] | None:
    """The "can't" effect that stops `event`, named for the trace, with its rules (101.2, 614.17), or None."""
    if isinstance(event, LifeChange) and event.amount == 0:
        return None
    for source, ability, spec in event_effects(game, "cant"):
        if _condition(game, spec, source) and _forbids(game, spec, source, event):
            return _label(game, source, ability), [rules.CANT_EFFECTS, rules.CANT_NO_REPLACEMENT]
    return None


def _forbids(game: View, spec: EventEffect, source: str, event: Event) -> bool:
    player = _affected_player(game, event)
    if isinstance(event, LifeChange):
        kind = "life gain" if event.amount > 0 else "life loss"
        return spec.event in (kind, "life change") and player_matches(game, spec, source, event.player)
    if isinstance(event, PlayerLoses):
        return spec.event == "lose game" and player_matches(game, spec, source, event.player)
    if isinstance(event, PlayerWins):
        return spec.event == "win game" and player_matches(game, spec, source, event.player)
    if isinstance(event, CounterChange) and event.amount > 0 and spec.event == "counters":
        if spec.counter and spec.counter != event.counter:
            return False
        if player is not None:
            return spec.object is None and not spec.self_only and player_matches(game, spec, source, player)
        return spec.player == "" and object_matches(game, spec, source, event.target)
    if isinstance(event, ZoneChange) and spec.event == "enters" and event.to_zone == "battlefield":
        return object_matches(game, spec, source, event.object)
    return False


def _forbidden_text(game: View, event: Event) -> tuple[str, list[rules.Cite]]:
    if isinstance(event, LifeChange):
        if event.amount > 0:
            return f"{event.player} gaining {event.amount} life", [rules.CANT_GAIN_LIFE]
        return f"{event.player} losing {-event.amount} life", [rules.CANT_LOSE_LIFE]
    if isinstance(event, PlayerLoses):
        return f"{event.player} losing the game ({event.reason})", []
    if isinstance(event, PlayerWins):
        return f"{event.player} winning the game", [rules.WIN_EFFECT]
    if isinstance(event, CounterChange):
        return f"{event.amount} {event.counter} counter{'s' if event.amount != 1 else ''} on " \
               f"{game.name(event.target)}", [rules.COUNTERS_REPLACED]
    assert isinstance(event, ZoneChange)
    return f"{game.name(event.object)} entering the battlefield", [rules.CANT_ENTER]


# --- replacement effects on events other than damage ----------------------------------------------------------------

@dataclass
class Option:
    """One replacement or prevention effect that could apply to an event: what the scenario names to choose it
    (its source's id), how the trace names it, its timestamp (the default order) and what it does."""

    key: str
    label: str
    timestamp: int
    apply: Callable[[Event], tuple[list[Event], str, list[rules.Cite]]]
    self_replacement: bool = False
    repeatable: bool = False  # 903.9b: may apply more than once to the same event (an exception to 614.5)


def _chooser(game: View, event: Event) -> str:
    """616.1: the affected player, or the affected object's controller (its owner if it has no controller)."""
    player = _affected_player(game, event)
    if player is not None:
        return player
    state = game.state
    target = getattr(event, "object", None) or getattr(event, "target", None)
    if isinstance(event, TokenCreated):
        return event.owner
    if target in state.objects:
        return game.controller(target) if state.on_battlefield(target) else state.objects[target].owner
    return state.active


def replace_events(game: View, choices: Choices, changes: tuple[Event, ...]) -> tuple[list[Event], list[Note]]:
    """Each event as "can't" effects and replacement effects leave it (614, 614.17), and what the trace says about
    each, to record before the events happen."""
    out: list[Event] = []
    notes: list[Note] = []
    for change in changes:
        done, said = _replace_one(game, choices, change)
        out += done
        notes += said
    return out, notes


def _replace_one(game: View, choices: Choices, event: Event) -> tuple[list[Event], list[Note]]:
    applied: set[str] = set()
    queue, out, notes = [event], [], []
    for _ in range(50):  # each effect applies once (614.5): the queue always ends
        if not queue:
            break
        current = queue.pop(0)
        stop = _forbidden(game, current)
        if stop is not None:
            notes.append(stop)
            continue
        options = [o for o in _options(game, choices, current) if o.key not in applied]
        if not options:
            out.append(current)
            continue
        option, note = choose(game, choices, options, _chooser(game, current), _describe(game, current))
        if note is not None:
            notes.append(note)
        if not option.repeatable:
            applied.add(option.key)
        new, text, cited = option.apply(current)
        notes.append(Note(NOTE, text, [*cited, *([rules.REPLACEMENT_ONCE] if len(applied) > 1 else [])]))
        queue = [*new, *queue]
    return out, notes


def choose(game: View, choices: Choices, options: list[Option], chooser: str, what: str
           ) -> tuple[Option, Note | None]:
    """616.1: a self-replacement effect first (616.1a); else the one the affected player or controller names in
    the scenario's `replacement_order`, else the earliest (a default, said in the trace)."""
    selves = [o for o in options if o.self_replacement]
    if selves:
        return selves[0], None
    if len(options) == 1:
        return options[0], None
    wanted = choices.replacement_order.get(chooser, [])
    for key in wanted:
        for option in options:
            if option.key == key:
                return option, Note(NOTE, f"{len(options)} effects would modify {what}; {chooser}, the affected player "
                                    f"or controller, chooses {option.label} to apply first.",
                                    [rules.ORDER_EFFECTS, rules.ANY_EFFECT_FIRST])
    option = min(options, key=lambda o: o.timestamp)
    return option, Note(NOTE, f"{len(options)} effects would modify {what}; {chooser}, the affected player or "
                        f"controller, chooses which applies first (default: the one that began first, {option.label}).",
                        [rules.ORDER_EFFECTS, rules.ANY_EFFECT_FIRST])


def _describe(game: View, event: Event) -> str:
    if isinstance(event, LifeChange):
        return f"{event.player} {'gaining' if event.amount > 0 else 'losing'} {abs(event.amount)} life"
    if isinstance(event, CounterChange):
        return f"{event.amount} {event.counter} counter{'s' if event.amount != 1 else ''} put on " \
               f"{game.name(event.target)}"
    if isinstance(event, ZoneChange):
        return f"{game.name(event.object)} going to {_zone_words(event.to_zone)}"
    if isinstance(event, TokenCreated):
        return f"{event.owner} creating a token"
    return event.kind


def _zone_words(zone: str) -> str:
    return {"battlefield": "the battlefield", "exile": "exile", COMMAND: "the command zone"}.get(zone, f"a {zone}")


def _options(game: View, choices: Choices, event: Event) -> list[Option]:
    out: list[Option] = []
    state = game.state
    for source, ability, spec in event_effects(game, "replacement"):
        if _condition(game, spec, source):
            option = _static_option(game, source, ability, spec, event)
            if option is not None:
                out.append(option)
    if isinstance(event, ZoneChange) and event.how.startswith("destroyed") and not event.how.endswith(
            "can't be regenerated"):
        for shield in state.shields:
            if shield.kind == "regenerate" and shield.recipient == event.object and \
                    state.objects[event.object].incarnation == shield.incarnation:
                out.append(Option(f"{shield.source}:regenerate", shield.describe(), shield.timestamp,
                                  _regenerate(game, shield)))
    if isinstance(event, ZoneChange) and event.to_zone in ("hand", "library"):
        obj = state.objects[event.object]
        if obj.commander and not choices.once("commander_stays", obj.owner, (event.object, obj.incarnation)):
            out.append(Option(f"{event.object}:commander", f"the commander rule for {game.name(event.object)}", 0,
                              _to_command_zone(game), repeatable=True))
    return out


def _static_option(game: View, source: str, ability: Ability, spec: EventEffect, event: Event) -> Option | None:
    label = _label(game, source, ability)
    timestamp = game.state.objects[source].timestamp
    if isinstance(event, LifeChange) and event.amount != 0 and not event.cost:
        kind = "life gain" if event.amount > 0 else "life loss"
        if spec.event == kind and player_matches(game, spec, source, event.player):
            return Option(source, label, timestamp, _life(spec, label))
    elif isinstance(event, CounterChange) and event.amount > 0 and not event.cost and spec.event == "counters":
        if (not spec.counter or spec.counter == event.counter) and event.target in game.state.objects \
                and (game.state.on_battlefield(event.target) or event.entering) \
                and object_matches(game, spec, source, event.target):  # counters it enters with too (122.6)
            return Option(source, label, timestamp, _counters(game, spec, label))
    elif isinstance(event, TokenCreated) and spec.event == "tokens" and player_matches(game, spec, source,
                                                                                      event.owner):
        return Option(source, label, timestamp, _tokens(game, spec, label))
    elif isinstance(event, ZoneChange) and spec.event == "zone" and _zone_matches(game, spec, source, event):
        return Option(source, label, timestamp, _zone(game, spec, label))
    elif isinstance(event, DrewFromEmptyLibrary) and spec.event == "draw" and spec.mode == "win" \
            and player_matches(game, spec, source, event.player):
        return Option(source, label, timestamp, lambda e: (
            [PlayerWins(event.player, f"{label} replaced a draw from an empty library")],
            f"{event.player} would draw a card with no cards in their library; {label} replaces that draw: "
            f"{event.player} wins the game instead.", [rules.REPLACEMENT_INSTEAD, rules.DRAW_REPLACED,
                                                       rules.WIN_EFFECT]))
    return None


def _zone_matches(game: View, spec: EventEffect, source: str, event: ZoneChange) -> bool:
    """Whether a card's move is the one the effect watches: its zones, the card, and whose graveyard it would go to
    ("an opponent's graveyard": the card's owner's, 400.3)."""
    if spec.to_zone and spec.to_zone != event.to_zone:
        return False
    if spec.from_zone and spec.from_zone != event.from_zone:
        return False
    if event.object not in game.state.objects:
        return False
    owner = game.state.objects[event.object].owner  # a card goes to its owner's graveyard (400.3)
    return player_matches(game, spec, source, owner) and object_matches(game, spec, source, event.object)


def _life(spec: EventEffect, label: str):
    def apply(event: Event) -> tuple[list[Event], str, list[rules.Cite]]:
        assert isinstance(event, LifeChange)
        gain = event.amount > 0
        amount = abs(event.amount)
        if spec.mode == "none":
            return [], (f"{event.player} would gain {amount} life; {label} replaces that: they gain no life instead, "
                        "and the event it replaced never happens."), [rules.REPLACEMENT_INSTEAD, rules.REPLACED_EVENT,
                                                                       rules.LIFE_GAIN_REPLACED]
        new = amount * 2 if spec.mode == "double" else amount + spec.amount
        verb = "gain" if gain else "lose"
        return [dataclasses.replace(event, amount=new if gain else -new)], (
            f"{event.player} would {verb} {amount} life; {label} replaces that: {event.player} {verb}s {new} life "
            "instead."), [rules.REPLACEMENT_INSTEAD, *([rules.LIFE_GAIN_REPLACED] if gain else [])]
    return apply


def _counters(game: View, spec: EventEffect, label: str):
    def apply(event: Event) -> tuple[list[Event], str, list[rules.Cite]]:
        assert isinstance(event, CounterChange)
        new = event.amount * 2 if spec.mode == "double" else event.amount + spec.amount
        return [dataclasses.replace(event, amount=new)], (
            f"{event.amount} {event.counter} counter{'s' if event.amount != 1 else ''} would be put on "
            f"{game.name(event.target)}; "
            f"{label} replaces that: {new} are put on it instead."), [rules.REPLACEMENT_INSTEAD,
                                                                       rules.COUNTERS_REPLACED]
    return apply


def _tokens(game: View, spec: EventEffect, label: str):
    def apply(event: Event) -> tuple[list[Event], str, list[rules.Cite]]:
        assert isinstance(event, TokenCreated)
        twin = dataclasses.replace(event, object=game.state.new_id("token"))
        return [event, twin], (f"{label}: twice as many tokens are created instead (two {event.name}s)."), \
            [rules.REPLACEMENT_INSTEAD, rules.COUNTERS_REPLACED]
    return apply


def _zone(game: View, spec: EventEffect, label: str):
    def apply(event: Event) -> tuple[list[Event], str, list[rules.Cite]]:
        assert isinstance(event, ZoneChange)
        name = game.name(event.object)
        dies = event.from_zone == "battlefield" and event.to_zone == "graveyard"
        to = spec.mode if spec.mode in ("exile", "library") else spec.to_zone
        would = "would die" if dies else f"would be put into {_zone_words(event.to_zone)}"
        cited = [rules.REPLACEMENT_INSTEAD, rules.REPLACED_EVENT, *([rules.DIES] if dies else [])]
        missed = ""
        if dies and any(e.verb == "die" and isinstance(e.subject, Reference) and e.subject.kind == "self"
                        for t in _triggers(game, event.object) for e in t.events):
            missed = f" It doesn't die, so its \"when {name} dies\" ability doesn't trigger."
        return [dataclasses.replace(event, to_zone=to, how=f"{event.how}, {'exiled' if to == 'exile' else to} "
                                                             "instead")], (
            f"{name} {would}; {label} replaces that: it is put into {_zone_words(to)} instead, and the event it "
            f"replaced never happens.{missed}"), cited
    return apply


def _triggers(game: View, object_id: str) -> list[Trigger]:
    return [a.trigger for a in game.chars(object_id).abilities_of("triggered") if a.trigger is not None]


def _regenerate(game: View, shield: Shield):
    def apply(event: Event) -> tuple[list[Event], str, list[rules.Cite]]:
        assert isinstance(event, ZoneChange)
        state = game.state
        obj = state.objects[event.object]
        new: list[Event] = [ShieldChange(None, shield)]
        if obj.damage:
            new.append(DamageRemoved(event.object, obj.damage))
        if not obj.tapped:
            new.append(StatusChange(event.object, True))
        in_combat = state.combat is not None and event.object in state.combat.in_combat()
        if in_combat:
            new.append(RemovedFromCombat(event.object))
        return new, (f"{game.name(event.object)} would be destroyed; its regeneration shield ({shield.source_name}) "
                     "replaces that: all damage is removed from it and it is tapped instead"
                     + (", and it is removed from combat" if in_combat else "") + ". The shield is used up."), \
            [rules.REGENERATION, rules.REGENERATE, *([rules.REMOVED_FROM_COMBAT] if in_combat else [])]
    return apply


def _to_command_zone(game: View):
    def apply(event: Event) -> tuple[list[Event], str, list[rules.Cite]]:
        assert isinstance(event, ZoneChange)
        owner = game.state.objects[event.object].owner
        return [dataclasses.replace(event, to_zone=COMMAND, how=f"{event.how}, to the command zone instead")], (
            f"{game.name(event.object)}, a commander, would be put into its owner's {event.to_zone}; {owner} puts it "
            "into the command zone instead (default: an owner moves their commander)."), [rules.COMMANDER_REPLACEMENT]
    return apply


# --- damage (120.4b) -------------------------------------------------------------------------------------------------

@dataclass
class DamageModified:
    """What replacement and prevention effects made of some damage (120.4b): the damage still dealt, the
    shields used up (events to perform first), what the trace says with the rules, and life gained from
    prevented damage (615.5)."""

    assignments: list[Assignment]
    shield_changes: list[Event]
    lines: list[str]
    rules: list[rules.Cite]
    riders: list[Event] = dataclasses.field(default_factory=list)


def unpreventable(game: View, a: Assignment, combat: bool, source_chars) -> str | None:
    """615.12: an effect that says this damage can't be prevented, named for the trace."""
    for source, ability, spec in event_effects(game, "replacement"):
        if spec.event != "damage" or spec.mode != "unpreventable":
            continue
        if spec.condition == "combat" and not combat:
            continue
        if spec.source is not None and not _source_matches(game, spec, source, a.source, source_chars):
            continue
        return _label(game, source, ability)
    return None


def _source_matches(game: View, spec: EventEffect, source: str, damage_source: str, source_chars) -> bool:
    state = game.state
    obj = state.objects.get(damage_source)
    if obj is None or spec.source is None:
        return spec.source is None
    on = state.on_battlefield(damage_source)
    controller = game.controller(damage_source) if on else source_chars.controller or obj.controller
    return spec.source.matches(source_chars, object_id=damage_source, source=source, you=_you(game, source),
                               controller=controller, owner=obj.owner, tapped=obj.tapped, token=obj.token)


def _recipient_matches(game: View, spec: EventEffect, source: str, recipient: str) -> bool:
    if recipient in game.state.players:
        return spec.object is None and not spec.self_only and player_matches(game, spec, source, recipient)
    if spec.player and spec.object is None and not spec.self_only:  # "a permanent an opponent controls" is an object
        return False
    return object_matches(game, spec, source, recipient)


@dataclass
class _DamageOption:
    key: str
    label: str
    timestamp: int
    apply: Callable[[int], tuple[int, str, list[rules.Cite], ShieldChange | None]]
    self_replacement: bool = False
    prevents: bool = False


def _damage_options(game: View, a: Assignment, combat: bool, shields: list[Shield], source_chars,
                    no_prevention: str | None) -> list[_DamageOption]:
    state = game.state
    out: list[_DamageOption] = []
    if a.instead is not None:  # its condition was true as the instruction was followed (614.15)
        why, amount = a.instead
        label = f"{source_chars.name} ({why}: {amount} damage instead)"
        out.append(_DamageOption(f"{a.source}:self", label, 0, lambda n: (
            amount, f"self-replacement first: {label}", [rules.SELF_REPLACEMENT, rules.SELF_REPLACEMENT_FIRST],
            None), self_replacement=True))
    for source, ability, spec in event_effects(game, "replacement"):
        if spec.event != "damage" or spec.mode == "unpreventable" or not _condition(game, spec, source):
            continue
        if (spec.condition == "combat" and not combat) or not _recipient_matches(game, spec, source, a.recipient):
            continue
        if spec.source is not None and not _source_matches(game, spec, source, a.source, source_chars):
            continue
        label = _label(game, source, ability)
        timestamp = state.objects[source].timestamp
        if spec.mode == "double":
            out.append(_DamageOption(source, label, timestamp, lambda n, lb=label: (
                n * 2, f"{lb}: {n} becomes {n * 2}", [rules.REPLACEMENT_INSTEAD, rules.REPLACEMENT_ONCE,
                                                     rules.DAMAGE_REPLACEMENT], None)))
        elif spec.mode == "plus":
            out.append(_DamageOption(source, label, timestamp, lambda n, lb=label, k=spec.amount: (
                n + k, f"{lb}: {n} becomes {n + k}", [rules.REPLACEMENT_INSTEAD, rules.REPLACEMENT_ONCE,
                                                     rules.DAMAGE_REPLACEMENT], None)))
        elif spec.mode == "prevent":
            out.append(_DamageOption(source, label, timestamp, _static_prevention(
                label, spec.amount, no_prevention, f"from {source_chars.name} to {game.name(a.recipient)}"),
                prevents=True))
    for shield in shields:
        if _shield_applies(game, shield, a, combat):
            out.append(_DamageOption(shield.source, shield.describe(), shield.timestamp,
                                     _shield_prevention(shield, no_prevention), prevents=True))
    return out


def _shield_applies(game: View, shield: Shield, a: Assignment, combat: bool) -> bool:
    state = game.state
    if shield.kind == "prevent all":
        return _prevents_all(game, shield, a, combat)
    if shield.kind != "prevent" or shield.amount <= 0 or shield.recipient != a.recipient:
        return False
    return a.recipient in state.players or state.objects[a.recipient].incarnation == shield.incarnation


def _prevents_all(game: View, shield: Shield, a: Assignment, combat: bool) -> bool:
    """615.1a: "Prevent all [combat] damage [that would be dealt to / by / to and by X] this turn": the kind of
    damage, then who is dealt it or deals it — the object it named, not a new one (400.7)."""
    if (shield.damage == "combat" and not combat) or (shield.damage == "noncombat" and combat):
        return False

    def named(ref: str | None, wanted: str | None) -> bool:
        if wanted is None or ref != wanted:
            return False
        return ref in game.state.players or game.state.objects[ref].incarnation == shield.incarnation
    to, by = named(a.recipient, shield.recipient), named(a.source, shield.dealer)
    if shield.either:
        return to or by
    return (shield.recipient is None or to) and (shield.dealer is None or by)


def _static_prevention(label: str, amount: int, no_prevention: str | None, what: str):
    def apply(n: int) -> tuple[int, str, list[rules.Cite], ShieldChange | None]:
        if no_prevention:
            return n, f"{label} would prevent damage, but the damage can't be prevented: {no_prevention}", [
                rules.PREVENTION, rules.UNPREVENTABLE], None
        prevented = n if amount == 0 else min(n, amount)
        cited = [rules.PREVENTION, rules.PREVENT_WORD, *([rules.PREVENT_AMOUNT_STATIC] if amount else [])]
        return n - prevented, f"{label}: {prevented} of the {n} damage {what} prevented" + (
            f", {n - prevented} left" if n - prevented else ""), cited, None
    return apply


def _shield_prevention(shield: Shield, no_prevention: str | None):
    def apply(n: int) -> tuple[int, str, list[rules.Cite], ShieldChange | None]:
        if no_prevention:
            return n, (f"{shield.describe()} would prevent damage, but the damage can't be prevented: {no_prevention}, "
                       "so the shield isn't reduced"), [rules.PREVENTION, rules.UNPREVENTABLE], None
        if shield.kind == "prevent all":
            return 0, f"{shield.describe()}: all {n} damage prevented", [rules.PREVENTION, rules.PREVENT_WORD], None
        prevented = min(n, shield.amount)
        left = dataclasses.replace(shield, amount=shield.amount - prevented)
        return n - prevented, (f"{shield.describe()}: {prevented} prevented, {n - prevented} left; the shield has "
                               f"{left.amount} left"), [rules.PREVENTION, rules.PREVENTION_SHIELD], \
            ShieldChange(left if left.amount else None, shield)
    return apply


def modify_damage(game: View, choices: Choices, assignments: list[Assignment], combat: bool,
                  chars_of: Callable[[str], object]) -> DamageModified:
    """120.4b: each damage event as modified by replacement and prevention effects, in the chosen order (616.1);
    damage that can't be prevented (615.12) still meets the prevention effects, which then prevent nothing."""
    out: list[Assignment] = []
    lines: list[str] = []
    cited: list[rules.Cite] = []
    shields = list(game.state.shields)
    used_up: list[Event] = []
    riders: list[Event] = []
    for a in assignments:
        used: set[str] = set()
        amount = a.amount
        source_chars = chars_of(a.source)
        no_prevention = unpreventable(game, a, combat, source_chars)
        chooser = a.recipient if a.recipient in game.state.players else game.controller(a.recipient)
        what = f"{amount} damage from {source_chars.name} to {game.name(a.recipient)}"
        while amount > 0:
            options = [o for o in _damage_options(game, dataclasses.replace(a, amount=amount), combat, shields,
                                                  source_chars, no_prevention) if o.key not in used]
            if not options:
                break
            option, note = choose(game, choices, options, chooser, what)  # type: ignore[arg-type]
            if note is not None:
                lines.append(note.text[0].lower() + note.text[1:].rstrip("."))
                cited += note.rules
            used.add(option.key)
            before = amount
            amount, line, rule_list, change = option.apply(amount)
            if change is not None:  # the shield now has less left, or is gone (615.7)
                shields = [s for s in shields if s is not change.old]
                shields += [change.shield] if change.shield is not None else []
                used_up.append(change)
                if change.old is not None and change.old.gain_life and before > amount:
                    riders.append(LifeChange(change.old.gain_life, before - amount,
                                             game.state.players[change.old.gain_life].life))
                    line += f"; {change.old.gain_life} gains {before - amount} life (the damage prevented this way)"
                    rule_list = [*rule_list, rules.PREVENTION_RIDER]
            lines.append(line)
            cited += rule_list
        if len(used) > 1:
            cited.append(rules.ORDER_REPEATS)
        if amount > 0:
            out.append(dataclasses.replace(a, amount=amount, instead=None))
        elif a.amount > 0 and used:
            lines.append(f"no damage from {source_chars.name} is dealt to {game.name(a.recipient)}")
    return DamageModified(out, used_up, lines, cited, riders)


# --- entering, skipping, the end of the turn -------------------------------------------------------------------------

def entering(game: View, choices: Choices, oid: str, x: int = 0,
             kicked: bool = False) -> tuple[list[Event], list[str], list[rules.Cite]]:
    """How the permanent enters, as its own replacement effects (614.1c–d, 614.12) and those of other permanents
    ("Creatures your opponents control enter tapped") say, with its loyalty (306.5b) and a battle's defense
    (310.4b). A Clone enters as the copy, with the "enters" abilities of what it copies (707.5); values chosen
    as it enters are chosen before it enters (614.12a). Returns the extra events (applied with the zone
    change), notes and rules. `x` is the X of the spell that becomes it (107.3m), else 0; `kicked`, whether that
    spell was kicked ("If this creature was kicked, it enters with …", 702.33d)."""
    chars = game.chars(oid) if not game.state.on_battlefield(oid) else game.state.objects[oid].printed
    events: list[Event] = []
    notes: list[str] = []
    cited: list[rules.Cite] = []
    copy = next((a for a in chars.abilities_of("replacement") if a.word == "enters as a copy"), None)
    if copy is not None:
        copied = _enters_as_copy(game, choices, oid, copy, chars)
        events += copied.events
        notes.append(copied.note)
        cited += copied.cited
        chars = copied.chars or chars
    tapped = False
    for ability in chars.abilities_of("replacement"):
        if ability.word.startswith("choose "):
            what = ability.word.removeprefix("choose ")
            value, default = chosen_value(game, choices, oid, what)
            events.append(ValueChosen(oid, what, value))
            notes.append(f"as it enters, {game.state.objects[oid].controller} chooses the {what} {value}"
                         + (f" (default: {default})" if default else ""))
            cited += [rules.REPLACEMENT_ENTERS_WITH, rules.ENTERS_CHOICE]
        elif ability.word == "enters tapped" and ability.condition is not None \
                and conditions.holds(conditions.Board(game.state, game.chars, oid, game.state.objects[oid].controller),
                                     ability.condition.node):  # "… unless you control an Island" (614.1d)
            notes.append(f"it enters untapped: {ability.condition.text} (\"{ability.shown(chars.name)}\")")
            cited += [rules.REPLACEMENT_ENTERS, *conditions.cited(ability.condition.node)]
        elif ability.word == "enters tapped":
            tapped = True
            notes.append(f"it enters tapped (\"{ability.shown(chars.name)}\")")
            cited += [rules.REPLACEMENT_ENTERS, rules.ENTERS_REPLACEMENT]
        elif ability.word == "pay life or enters tapped":  # a shock land (614.12): pay as it enters, or tapped
            player = game.state.objects[oid].controller
            life = game.state.players[player].life
            answers = choices.may.get(oid)
            wants = (answers.pop(0) if len(answers) > 1 else answers[0]) if answers else True
            if wants and life >= ability.value:
                events.append(LifeChange(player, -ability.value, life))
                notes.append(f"{player} pays {ability.value} life as it enters" + ("" if answers else
                             " (default: a player who may, does)"))
                cited += [rules.REPLACEMENT_ENTERS_WITH, rules.ENTERS_REPLACEMENT, rules.PAY_LIFE]
            else:
                tapped = True
                why = "chooses not to pay" if wants is False else f"can't pay {ability.value} life (has {life})"
                notes.append(f"{player} {why}, so it enters tapped")
                cited += [rules.REPLACEMENT_ENTERS_WITH, rules.ENTERS_REPLACEMENT, *([rules.PAY_LIFE] if wants else [])]
        elif ability.word == "enters with counters if kicked" and not kicked:
            notes.append(f"it wasn't kicked, so it enters without those counters (\"{ability.shown(chars.name)}\")")
            cited += [rules.KICKED]
        elif ability.word in ("enters with counters", "enters with X counters", "enters with counters if kicked"):
            if ability.word == "enters with counters if kicked":
                cited.append(rules.KICKED)
            count = ability.value if ability.word != "enters with X counters" else x
            if count:
                events.append(CounterChange(oid, ability.counter_kind, count, entering=True))
            notes.append(f"it enters with {count} {ability.counter_kind} counter{'s' if count != 1 else ''} on it"
                         + (f" (X = {x}, the X its spell was cast with)" if ability.word == "enters with X counters"
                            else ""))
            cited += [rules.REPLACEMENT_ENTERS_WITH, rules.ENTERS_REPLACEMENT,
                      *([rules.X_OF_ENTERING] if ability.word == "enters with X counters" else [])]
    owner = game.state.objects[oid].owner
    for source, ability, spec in event_effects(game, "replacement"):
        if spec.event == "enters" and spec.mode == "tapped" and source != oid and not spec.self_only:
            you = _you(game, source)  # no object named: "Permanents enter tapped." (Orb of Dreams)
            if spec.object is None or spec.object.matches(chars, object_id=oid, source=source, you=you,
                                                          controller=owner, owner=owner):
                tapped = True
                notes.append(f"it enters tapped ({_label(game, source, ability)})")
                cited += [rules.REPLACEMENT_ENTERS, rules.ENTERS_REPLACEMENT]
    if tapped:
        events.insert(0, StatusChange(oid, True))
    if chars.is_planeswalker and chars.loyalty:
        events.append(CounterChange(oid, "loyalty", chars.loyalty, entering=True))
        notes.append(f"it enters with {chars.loyalty} loyalty counters")
        cited.append(rules.PLANESWALKER_ENTERS_WITH_LOYALTY)
    if "battle" in chars.types and chars.defense:
        events.append(CounterChange(oid, "defense", chars.defense, entering=True))
        notes.append(f"it enters with {chars.defense} defense counters")
        cited.append(rules.BATTLE_DEFENSE)
    return events, notes, cited


@dataclass
class Copied:
    events: list[Event]
    note: str
    cited: list[rules.Cite]
    chars: Characteristics | None = None  # the copiable values it enters with, or None: it enters as itself


def _enters_as_copy(game: View, choices: Choices, oid: str, ability: Ability, chars: Characteristics) -> Copied:
    """"You may have ~ enter as a copy of any creature on the battlefield" (614.1c, 707.5): what it copies is the
    scenario's `copy` choice, else the oldest permanent the text allows; a "no" in `may` keeps it itself."""
    state = game.state
    player = state.objects[oid].controller
    answers = choices.may.get(oid)
    if answers and not (answers.pop(0) if len(answers) > 1 else answers[0]):
        return Copied([], f"{player} chooses not to have {chars.name} enter as a copy", [rules.ENTERS_AS_COPY])
    assert ability.described is not None
    candidates = [x for x in matching.selected(state, game.chars, ability.described, Anchor(player, oid)) if x != oid]
    named = take(choices.copy.get(oid))
    if named is not None and named not in candidates:
        raise IllegalAction(f"{chars.name} can't enter as a copy of {game.name(named)}: it isn't "
                            f"{ability.described.text}", rules.ENTERS_AS_COPY)
    if not candidates:
        return Copied([], f"there is nothing it can copy ({ability.described.text}), so {chars.name} enters as "
                          "itself", [rules.ENTERS_AS_COPY])
    original = named or min(candidates, key=lambda x: state.objects[x].timestamp)
    values = excepted(copiable_values(state, original), ability.changes)
    effect = ContinuousEffect("copy", state.next_timestamp(), f"{oid} is a copy of {game.name(original)} "
                              f"({chars.name})", affected=(oid,), source=oid, change=Change("copy", copiable=values))
    default = "" if named else f" (default: the oldest {ability.described.text.removeprefix('any ')})"
    exception = f", with its exception (\"except {ability.text.split(', except ', 1)[-1].rstrip('.')}\") part of " \
        "them" if ability.changes else ""
    return Copied([EffectBegins(effect)], f"it enters as a copy of {game.name(original)}{default}: it has the copied "
                  f"copiable values ({values.type_line}{' ' + values.pt if values.pt else ''}){exception}, not the "
                  "counters or effects on it",
                  [rules.ENTERS_AS_COPY, rules.COPY, rules.LAYER_1A, rules.COPIABLE_VALUES,
                   *([rules.COPY_EXCEPTIONS, rules.COPY_EXCEPTION_VALUES,
                      *([rules.COPY_EXCEPTION_CDA] if any(c.kind == "set power/toughness" for c in ability.changes)
                        else [])] if ability.changes else [])], values)


def excepted(values: Characteristics, exceptions: tuple[Change, ...]) -> Characteristics:
    """A copy's exceptions applied to the values it copies (707.9b): they become its copiable values; a
    characteristic-defining ability of what it set isn't copied (707.9d)."""
    for change in exceptions:
        if change.kind == "set power/toughness":  # 707.9d: the ability that defined them isn't copied
            values = dataclasses.replace(values, power=change.power, toughness=change.toughness, abilities=tuple(
                a for a in values.abilities if a.kind != "cda"))
        elif change.kind == "type":
            values = dataclasses.replace(values, types=values.types | change.types, subtypes=values.subtypes + tuple(
                s for s in change.subtypes if s not in values.subtypes))
        elif change.kind == "not legendary":
            values = dataclasses.replace(values, supertypes=values.supertypes - {"legendary"})
    return values


def chosen_value(game: View, choices: Choices, oid: str, what: str) -> tuple[str, str]:
    """The colour, creature type or card name chosen as `oid` enters (614.12a): the scenario's `chosen`, else a
    default (the value and what the default was, for the trace)."""
    given = take(choices.chosen.get(oid))
    if given and what == "color" and given.lower() not in COLORS:
        raise IllegalAction(f"{game.name(oid)} needs a colour chosen, not \"{given}\"", rules.ENTERS_CHOICE,
                            rules.COLORS)
    if given:
        return given.lower() if what == "color" else given, ""
    state = game.state
    player = state.objects[oid].controller
    others = [x for x in state.battlefield if x != oid]
    theirs = [x for x in others if game.controller(x) != player]
    if what == "color":
        counts = Counter(c for x in theirs for c in game.chars(x).colors)
        best = max(COLORS, key=lambda c: counts[c])  # ties: the order of 105.1
        return best, "the colour most common among the permanents of its controller's opponents" if counts[best] \
            else "white, the first colour of 105.1, as no opponent's permanent has a colour"
    if what == "creature type":
        for pool, said in (([x for x in others if x not in theirs], "the creatures its controller controls"),
                           (theirs, "the creatures on the battlefield")):
            counts = Counter(s for x in pool if game.chars(x).is_creature for s in game.chars(x).subtypes)
            if counts:
                return counts.most_common(1)[0][0], f"the creature type most common among {said}"
        own = game.chars(oid).subtypes
        return (own[0], "its own creature type") if own else ("Human", "Human, as there is no creature to go by")
    if theirs:
        oldest = min(theirs, key=lambda x: state.objects[x].timestamp)
        return game.chars(oldest).name, "the name of the oldest permanent an opponent controls"
    return game.chars(oid).name, "its own name, as no opponent controls a permanent"


def skipped(game: View, player: str, step: str) -> Ability | None:
    """A "Skip your [step]" effect of a permanent `player` controls (614.1b, 614.10)."""
    for obj in game.state.permanents():
        for ability in game.chars(obj.id).abilities_of("replacement"):
            if ability.word == f"skip {step}" and game.controller(obj.id) == player:
                return ability
    return None


def end_of_turn(game: View) -> list[Event]:
    """Shields from resolved spells last "this turn": they end in the cleanup step (514.2)."""
    return [ShieldChange(None, s) for s in game.state.shields]
