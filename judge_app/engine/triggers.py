"""Triggered abilities (603): found after each event (603.2) and as steps begin (603.2b); `stacking.py` puts
them on the stack the next time a player would receive priority (603.3, 117.5).

A trigger condition is the card text's (`judge_app.cardtext` `Trigger`): its events are matched against the
game's — a permanent entering, leaving, dying; a card put into a graveyard, drawn, discarded; attacking,
blocking; damage dealt (combat or not, to whom); life gained or lost; a spell cast; counters put on;
becoming tapped — with the qualities the text gives ("another creature you control", "a noncreature spell",
"an opponent"). Leaves-the-battlefield abilities look back in time (603.10a): they are found among the
abilities the permanents had just before the event, so two creatures dying at once each see the other die.
An intervening "if" is checked when the event happens (603.4) and again on resolution (608.2a). Delayed
triggered abilities (603.7) wait in `state.delayed` and trigger once (603.7b). Nothing here records: what the
trace should say (an ability that didn't trigger because its condition is false) comes back as notes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from judge_app.cardtext import nodes as n
from judge_app.engine import conditions, matching, rules, unmodelled
from judge_app.engine.ability import Ability
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.errors import NotModelled
from judge_app.engine.events import (
    AttackDeclared,
    BlockDeclared,
    CounterChange,
    DamageDealt,
    Event,
    LifeChange,
    StackPush,
    StatusChange,
    TokenCreated,
    ZoneChange,
)
from judge_app.engine.interpret import state_trigger
from judge_app.engine.matching import Anchor
from judge_app.engine.state import STACK, GameState, Past, PendingTrigger, StackItem
from judge_app.engine.trace import NOTE, Note
from judge_app.engine.view import View
from judge_app.engine.words import Resolving, holds


@dataclass(frozen=True, slots=True)
class Happened:
    """One game event as trigger conditions see it: its verb, who or what did it, to whom, how much."""

    verb: str  # "enter", "die", "leave", "put into graveyard", "draw", "discard", "attack", "block", "deal damage",
    # "gain life", "lose life", "cast", "put counters", "become tapped"
    subject: str | None = None  # the object or player that did it or had it happen
    recipient: str | None = None  # damage's recipient, the permanent counters were put on
    amount: int = 0
    combat: bool = False
    counter: str = ""
    origin: str = ""  # the zone a card came from (for "put into a graveyard from anywhere")
    reason: str = ""
    why: tuple[rules.Cite, ...] = ()


def condition_holds(game: View, controller: str, source: str, source_chars: Characteristics,
                    condition: n.Condition, it_counters: dict[str, int] | None = None, it: str | None = None) -> bool:
    """Whether an intervening "if" is true now (603.4, checked again on resolution, 608.2a). A condition about
    how the object was as it left ("if it had no -1/-1 counters on it") reads its last known information,
    `it_counters` (603.10a), which can't change."""
    if condition.kind == "had counters":
        return ((it_counters or {}).get(condition.value, 0) > 0) != condition.negated
    item = StackItem(id="condition", kind="triggered", source=source, controller=controller, text="", name="",
                     source_chars=source_chars, it=it)
    return holds(game, Resolving(item), condition)


def _happened(game: View, change: Event, before: dict[str, Characteristics]) -> list[Happened]:
    state = game.state
    if isinstance(change, TokenCreated):
        return [Happened("enter", change.object, reason=f"{change.name} entered", why=(rules.TRIGGER_ENTERS,))]
    if isinstance(change, ZoneChange):
        name = _name(game, change.object, before)
        out = []
        if change.to_zone == "battlefield" and state.on_battlefield(change.object):
            out.append(Happened("enter", change.object, reason=f"{name} entered", why=(rules.TRIGGER_ENTERS,)))
        if change.from_zone == "battlefield":
            back = (rules.TRIGGER_LEAVES, rules.LOOK_BACK)
            out.append(Happened("leave", change.object, reason=f"{name} left the battlefield", why=back))
            if change.to_zone == "graveyard":  # 700.4: "dies" means put into a graveyard from the battlefield
                out.append(Happened("die", change.object, reason=f"{name} died", why=back))
        if change.to_zone == "graveyard":
            out.append(Happened("put into graveyard", change.object, origin=change.from_zone,
                                reason=f"{name} was put into a graveyard",
                                why=(rules.TRIGGER_LEAVES, rules.LOOK_BACK) if change.from_zone == "battlefield"
                                else ()))
        owner = state.objects[change.object].owner
        if change.from_zone == "library" and change.to_zone == "hand" and change.how == "drawn":
            out.append(Happened("draw", owner, reason=f"{owner} drew a card"))
        if change.from_zone == "hand" and change.how == "discarded":
            out.append(Happened("discard", owner, recipient=change.object, reason=f"{owner} discarded {name}"))
        return out
    if isinstance(change, AttackDeclared):
        return [Happened("attack", change.object, reason=f"{game.name(change.object)} attacks",
                         why=(rules.BECOMES_ATTACKING,))]
    if isinstance(change, BlockDeclared):
        out = [Happened("block", change.object, reason=f"{game.name(change.object)} blocks",
                        why=(rules.BECOMES_BLOCKING,))]
        combat = game.state.combat
        if combat is not None and combat.blockers_of(change.blocking) == [change.object]:
            # 509.1h, 700.1: an attacker becomes blocked once, however many creatures block it
            out.append(Happened("become blocked", change.blocking, reason=f"{game.name(change.blocking)} becomes "
                                f"blocked", why=(rules.BLOCKED_OR_UNBLOCKED,)))
        return out
    if isinstance(change, DamageDealt):
        kind = "combat damage" if change.combat else "damage"
        return [Happened("deal damage", change.source, change.recipient, change.amount, change.combat,
                         reason=f"{_name(game, change.source, before)} dealt {kind} to "
                                f"{_name(game, change.recipient, before)}")]
    if isinstance(change, LifeChange) and change.amount:
        gained = change.amount > 0
        return [Happened("gain life" if gained else "lose life", change.player, amount=abs(change.amount),
                         reason=f"{change.player} {'gained' if gained else 'lost'} {abs(change.amount)} life")]
    if isinstance(change, StackPush) and change.item.choices.get("cycled"):  # discarded to pay a cycling cost
        return [Happened("cycle", change.item.controller, recipient=change.item.source, why=(rules.CYCLED,),
                         reason=f"{change.item.controller} cycled {game.name(change.item.source)}")]
    if isinstance(change, StackPush) and change.item.kind == "spell":
        return [Happened("cast", change.item.controller, recipient=change.item.source,
                         reason=f"{change.item.controller} cast {change.item.name}")]
    if isinstance(change, CounterChange) and change.amount > 0 and change.target in state.objects:
        return [Happened("put counters", None, change.target, change.amount, counter=change.counter,
                         reason=f"{change.amount} {change.counter} counter(s) were put on {game.name(change.target)}")]
    if isinstance(change, StatusChange) and change.tapped:
        return [Happened("become tapped", change.object, reason=f"{game.name(change.object)} became tapped")]
    return []


def remembered(game: View, done: list[Event], before: dict[str, Characteristics]) -> list[Past]:
    """What of these events later words of this turn may ask about: life gained or lost (119.9, 119.10), a
    creature dying (700.4, as it last was, 603.10a), attacking (508.1), a spell cast (601.2i), a card drawn."""
    state = game.state
    out: list[Past] = []
    for change in done:
        if isinstance(change, LifeChange) and change.amount:
            out.append(Past("gain life" if change.amount > 0 else "lose life", change.player))
        elif isinstance(change, ZoneChange) and change.from_zone == "battlefield" and change.to_zone == "graveyard" \
                and change.object in before:
            last = before[change.object]
            out.append(Past("die", last.controller, change.object, last))
        elif isinstance(change, ZoneChange) and change.how == "drawn":
            out.append(Past("draw", state.objects[change.object].owner, change.object))
        elif isinstance(change, AttackDeclared):
            out.append(Past("attack", game.controller(change.object), change.object, game.chars(change.object)))
        elif isinstance(change, StackPush) and change.item.kind == "spell":
            out.append(Past("cast", change.item.controller, change.item.source, game.chars(change.item.source)))
    return out


def _alone(game: View, attacker: str | None) -> bool:
    """506.5, 702.83b: a creature attacks alone if it's the only creature declared as an attacker this combat."""
    combat = game.state.combat
    return combat is not None and list(combat.attackers) == [attacker]


def _name(game: View, ref: str, before: dict[str, Characteristics]) -> str:
    if ref in before:
        return before[ref].name
    return game.name(ref)


def _matches_event(game: View, event: n.Event, happened: Happened, anchor: Anchor,
                   before: dict[str, Characteristics]) -> bool:
    verb = {"tap": "become tapped", "leave the battlefield": "leave", "be dealt damage": "deal damage"}.get(
        event.verb, event.verb)
    if verb != happened.verb:
        return False
    if event.verb == "be dealt damage":  # "Whenever ~ is dealt damage": the recipient is the event's subject
        return _fits(game, event.subject, happened.recipient, anchor, before) and \
            _fits(game, event.object, happened.subject, anchor, before)
    if event.qualifier == "combat" and not happened.combat:
        return False
    if event.qualifier == "noncombat" and happened.combat:
        return False
    if event.qualifier == "alone" and not _alone(game, happened.subject):
        return False
    if event.counter and event.counter != happened.counter:
        return False
    if happened.verb == "cast":  # "you cast a noncreature spell": the caster, then the spell
        return _fits(game, event.subject, happened.subject, anchor, before) and \
            _fits(game, event.object, happened.recipient, anchor, before, zone=STACK)
    if happened.verb == "put counters":
        return _fits(game, event.recipient or event.object, happened.recipient, anchor, before)
    if happened.verb == "cycle":  # "you cycle this card", "a player cycles a card": the player, then the card
        card = happened.recipient
        return _fits(game, event.subject, happened.subject, anchor, before) and \
            _fits(game, event.object, card, anchor, before, zone=game.state.objects[card].zone if card else None)
    if happened.verb == "discard":
        return _fits(game, event.subject, happened.subject, anchor, before) and \
            _fits(game, event.object, happened.recipient, anchor, before, zone="graveyard")
    if happened.verb == "put into graveyard":
        return _fits(game, event.subject or event.object, happened.subject, anchor, before, zone="graveyard")
    return _fits(game, event.subject, happened.subject, anchor, before) and \
        _fits(game, event.recipient, happened.recipient, anchor, before)


def _fits(game: View, thing: n.Thing | None, ref: str | None, anchor: Anchor, before: dict[str, Characteristics],
          zone: str | None = None) -> bool:
    """Whether the object or player `ref` is what the trigger's words name (nothing named: anything fits)."""
    if thing is None:
        return True
    if ref is None:
        return False
    state = game.state
    if isinstance(thing, n.Group):
        return any(_fits(game, part, ref, anchor, before, zone) for part in thing.things)
    if isinstance(thing, n.Reference):
        if thing.kind == "self":
            return ref == anchor.source
        if thing.kind == "you":
            return ref == anchor.you
        if thing.kind == "attached":
            source = state.objects.get(anchor.source or "")
            return source is not None and source.attached_to == ref
        return False
    if ref in state.players:
        return matching.player_matches(state, thing, ref, anchor)
    if not matching.names_objects(thing):
        return False

    def chars(oid: str) -> Characteristics:
        return before[oid] if oid in before and not state.on_battlefield(oid) else game.chars(oid)

    where = zone or ("battlefield" if ref in before or state.on_battlefield(ref) else state.objects[ref].zone)
    if ref in before and not state.on_battlefield(ref):  # it left: matched as it last existed (603.10a)
        return _looked_back(state, chars, thing, ref, anchor)
    return matching.object_matches(state, chars, thing, ref, anchor, zone=where)


def _looked_back(state, chars, thing: n.Description, ref: str, anchor: Anchor) -> bool:
    obj = state.objects[ref]
    zone, obj.zone = obj.zone, "battlefield"
    try:
        return matching.object_matches(state, chars, thing, ref, anchor, zone="battlefield")
    finally:
        obj.zone = zone


def detect(game: View, changes: list[Event], before: dict[str, Characteristics],
           counters: dict[str, dict[str, int]] | None = None) -> tuple[list[PendingTrigger], list[Note]]:
    """Abilities that trigger on these events (603.2): for leaving the battlefield, the abilities permanents had
    just before (`before`, 603.10a), otherwise as the game is now; notes for those whose intervening "if" is
    false (603.4), and for those that didn't trigger because their source had lost the ability or had already
    left (`missed`). `counters` holds the counters of the permanents that left, as they last existed."""
    found: list[PendingTrigger] = []
    notes: list[Note] = []
    state = game.state
    now: dict[str, Characteristics] | None = None
    for change in changes:
        _siege(game, change)
        for happened in _happened(game, change, before):
            _refuse_unmodelled(game, happened, before)
            if now is None:
                now = {oid: c for oid in state.battlefield if (c := game.chars(oid)).abilities_of("triggered")}
            looks_back = happened.verb in ("leave", "die") or (happened.verb == "put into graveyard"
                                                                and happened.origin == "battlefield")
            back = {oid: c for oid, c in before.items() if c.abilities_of("triggered")} if looks_back else {}
            sources = {**now, **back, **_cycled(game, happened)}
            for oid, chars in sources.items():
                for ability in chars.abilities_of("triggered"):
                    assert ability.trigger is not None
                    anchor = Anchor(chars.controller, oid)
                    with _as_it_left(state, counters if looks_back else None):
                        matched = any(_matches_event(game, e, happened, anchor, before)
                                      for e in ability.trigger.events)
                    if matched:
                        pending = _pending(game, oid, ability, chars, happened)
                        left = oid in before and not state.on_battlefield(oid)  # it was the object just before
                        pending.source_incarnation = state.objects[oid].incarnation - (1 if left else 0)
                        if looks_back and pending.it in state.objects:
                            pending.it_incarnation = state.objects[pending.it].incarnation
                            pending.it_counters = dict((counters or {}).get(pending.it, {}))
                        found.append(pending)
            if happened.verb in ("enter", "die"):
                notes += missed(game, happened, sources, before)
    kept, more = _conditions_hold(game, found)
    return kept, notes + more


def _refuse_unmodelled(game: View, happened: Happened, before: dict[str, Characteristics]) -> None:
    """An unmodelled triggered ability whose event this might be stops the replay (603.2): matched exactly when
    the engine reads its trigger condition, else by the events it names, or any event when it names none the
    engine knows (`placeholders.py`)."""
    state = game.state
    if not state.unmodelled:
        return
    for oid, obj in state.objects.items():
        if obj.face_down:
            continue
        chars = before.get(oid) if oid in before and not state.on_battlefield(oid) else None
        where = "battlefield" if chars is not None else obj.zone
        chars = chars or game.chars(oid)
        for ability in chars.abilities_of("unmodelled"):
            u = ability.unmodelled
            if u is None or u.acts != "triggered" or u.step or where not in u.zones:
                continue
            if u.exact:
                assert ability.trigger is not None
                anchor = Anchor(chars.controller, oid)
                hit = any(_matches_event(game, e, happened, anchor, before) for e in ability.trigger.events)
            else:
                hit = not u.verbs or happened.verb in u.verbs
            if hit:
                raise unmodelled.refusal(game, oid, ability, f"would trigger ({happened.reason})", rules.TRIGGER,
                                         *happened.why)


def _refuse_unmodelled_at_step(game: View, step: str) -> None:
    """603.2b: an unmodelled "at the beginning of" ability whose step this might be stops the replay; one whose
    trigger condition the engine can't read at all, at the first step that begins."""
    state = game.state
    if not state.unmodelled:
        return
    for obj in state.permanents():
        if obj.face_down:
            continue
        chars = game.chars(obj.id)
        for ability in chars.abilities_of("unmodelled"):
            u = ability.unmodelled
            if u is None or u.acts != "triggered" or not (u.step or not (u.exact or u.verbs)):
                continue
            when = ability.trigger.step if ability.trigger is not None else None
            if u.exact and when is not None and (STEP_WORDS.get(when.step) != step or (
                    when.whose is not None and chars.controller != state.active)):
                continue
            if u.verbs and step not in u.verbs:
                continue
            raise unmodelled.refusal(game, obj.id, ability, f"would trigger (the {step} step began)",
                                     rules.TRIGGER, rules.TRIGGER_STEP)


@contextmanager
def _as_it_left(state: GameState, counters: dict[str, dict[str, int]] | None) -> Iterator[None]:
    """"Whenever a creature with a +1/+1 counter on it dies": the permanents that left are matched with the counters
    they had as they last existed on the battlefield (603.10a), put back on them while the trigger is matched."""
    now = {oid: state.objects[oid].counters for oid in counters or {} if oid in state.objects}
    for oid in now:
        state.objects[oid].counters = dict(counters[oid])
    try:
        yield
    finally:
        for oid, kept in now.items():
            state.objects[oid].counters = kept


def _cycled(game: View, happened: Happened) -> dict[str, Characteristics]:
    """702.29c: "When you cycle this card" triggers from whatever zone the card winds up in after it's cycled."""
    card = happened.recipient if happened.verb == "cycle" else None
    chars = game.chars(card) if card in game.state.objects else None
    return {card: chars} if card and chars is not None and chars.abilities_of("triggered") else {}


def _siege(game: View, change: Event) -> None:
    """310.11b: a Siege whose last defense counter is removed is exiled and its back face may be cast."""
    state = game.state
    if isinstance(change, CounterChange) and change.counter == "defense" and change.amount < 0 \
            and state.on_battlefield(change.target) and "Siege" in game.chars(change.target).subtypes \
            and not state.objects[change.target].counters.get("defense"):
        raise NotModelled(f"the last defense counter was removed from {game.name(change.target)}, a Siege: it "
                          "is exiled and its controller may cast its back face, which the engine doesn't model",
                          rules.SIEGE_DEFEATED)


def missed(game: View, happened: Happened, sources: dict[str, Characteristics],
           before: dict[str, Characteristics]) -> list[Note]:
    """What didn't trigger, and why (603.2, 603.10a): a permanent whose printed ability would have triggered but
    that has lost it (613.1f), and a permanent that left the battlefield earlier this turn, before this event."""
    state = game.state
    moved = happened.subject
    notes: list[Note] = []
    for oid, obj in state.objects.items():
        if obj.face_down or oid == moved:
            continue
        for ability in obj.printed.abilities_of("triggered"):
            trigger = ability.trigger
            if trigger is None or not trigger.events:
                continue
            name = obj.printed.name
            if oid in sources or state.on_battlefield(oid) or oid in before:
                chars = sources.get(oid) or before.get(oid) or game.chars(oid)
                if any(a.text == ability.text for a in chars.abilities):
                    continue
                anchor = Anchor(chars.controller, oid)
                if any(_matches_event(game, e, happened, anchor, before) for e in trigger.events):
                    notes.append(Note(NOTE, f"{happened.reason}, but {game.name(oid)} has lost its ability "
                                      f"(\"{ability.shown(name)}\"), so nothing triggers.",
                                      [rules.TRIGGER, rules.LAYER_6]))
            elif happened.verb != "enter" and obj.left_turn == state.turn \
                    and not any(_names_self(e) for e in trigger.events):
                anchor = Anchor(obj.owner, oid)
                if any(_matches_event(game, e, happened, anchor, before) for e in trigger.events):
                    notes.append(Note(NOTE, f"{happened.reason}, but {name} had already left the battlefield, so its "
                                      f"ability (\"{ability.shown(name)}\") doesn't trigger: a leaves-the-battlefield "
                                      "ability looks back only to just before the event.",
                                      [rules.TRIGGER, rules.LOOK_BACK]))
    return notes


def _names_self(event: n.Event) -> bool:
    return isinstance(event.subject, n.Reference) and event.subject.kind == "self"


def _pending(game: View, source: str, ability: Ability, chars: Characteristics, happened: Happened) -> PendingTrigger:
    """What the ability will call "it" (the object of the event) and "that player" (its player), and "that
    much" (its amount)."""
    players = game.state.players
    parties = [x for x in (happened.recipient, happened.subject) if x is not None]
    player = next((x for x in parties if x in players), None)
    it = next((x for x in parties if x not in players), None)
    if happened.verb in ("enter", "die", "leave", "attack", "block", "become blocked", "become tapped",
                         "put into graveyard"):
        it = happened.subject
    keyword = (ability.rule,) if ability.rule else ()
    return PendingTrigger(source, ability, chars.controller, chars, it=it, that_player=player,
                          amount=happened.amount, effect=ability.effect, reason=happened.reason,
                          rules=(rules.TRIGGER, *happened.why, *keyword))


def _conditions_hold(game: View, found: list[PendingTrigger]) -> tuple[list[PendingTrigger], list[Note]]:
    """603.4: an ability with an intervening "if" triggers only if its condition is true as the event happens."""
    kept, notes = [], []
    for pending in found:
        trigger = pending.ability.trigger
        condition = trigger.condition if trigger is not None else None
        if condition is None:
            kept.append(pending)
        elif condition_holds(game, pending.controller, pending.source, pending.source_chars, condition,
                             pending.it_counters, pending.it):
            pending.rules = (*pending.rules, rules.INTERVENING_IF, *conditions.cited(condition))
            kept.append(pending)
        else:
            notes.append(Note(NOTE, f"{pending.source_chars.name}'s ability doesn't trigger: {pending.reason}, "
                              f"but its condition \"{condition.text}\" is false.", [rules.INTERVENING_IF]))
    return kept, notes


STEP_WORDS = {"upkeep": "upkeep", "draw": "draw", "end": "end", "beginning of combat": "beginning of combat",
              "combat": "beginning of combat",
              "precombat main": "precombat main", "postcombat main": "postcombat main",
              "end of combat": "end of combat"}


def at_step(game: View, step: str) -> tuple[list[PendingTrigger], list[Note]]:
    """"At the beginning of …" abilities (603.2b) and delayed triggers waiting for this step (603.7b)."""
    state = game.state
    _refuse_unmodelled_at_step(game, step)
    found = []
    for obj in state.permanents():
        chars = game.chars(obj.id)
        for ability in chars.abilities_of("triggered"):
            when = ability.trigger.step if ability.trigger is not None else None
            if when is None or STEP_WORDS.get(when.step) != step:
                continue
            if when.whose is None or chars.controller == state.active:
                found.append(PendingTrigger(obj.id, ability, chars.controller, chars, effect=ability.effect,
                                            reason=f"the {step} step began", rules=(rules.TRIGGER, rules.TRIGGER_STEP)))
    for delayed in [d for d in state.delayed if d.step == step]:
        state.delayed.remove(delayed)
        ability = Ability("triggered", delayed.text)
        found.append(PendingTrigger(delayed.source, ability, delayed.controller, delayed.source_chars,
                                    it=delayed.it, it_incarnation=delayed.it_incarnation, effect=delayed.effect,
                                    reason=f"the {'' if step == 'end of combat' else 'next '}{step} step began",
                                    rules=(rules.DELAYED_TRIGGER, rules.DELAYED_ONCE), bound=delayed.bound))
    return _conditions_hold(game, found)


def state_triggers(game: View) -> list[PendingTrigger]:
    """603.8: a state-triggered ability triggers as soon as its game state is true, and not again while it is
    waiting or on the stack (until it has resolved or otherwise left the stack)."""
    state = game.state
    waiting = {(p.source, p.ability.text) for p in state.pending_triggers} | {
        (i.source, i.trigger.text) for i in state.stack if i.trigger is not None}
    found = []
    for obj in state.permanents():
        chars = game.chars(obj.id)
        for ability in chars.abilities_of("triggered"):
            trigger = ability.trigger
            events = trigger.events if trigger is not None else ()
            if len(events) != 1 or not state_trigger(events[0]) or (obj.id, ability.text) in waiting \
                    or (obj.id, trigger.text) in waiting:
                continue
            event = events[0]
            anchor = Anchor(chars.controller, obj.id)
            described = dataclasses.replace(event.object, selector=n.Selector("all"))
            if any(game.controller(x) == chars.controller and matching.object_matches(state, game.chars, described, x,
                                                                                        anchor)
                   for x in state.battlefield):
                continue
            found.append(PendingTrigger(obj.id, ability, chars.controller, chars, effect=ability.effect,
                                        reason=f"{chars.controller} controls {event.object.text}",
                                        rules=(rules.STATE_TRIGGER,)))
    return found


def ward_triggers(game: View, item: StackItem) -> list[PendingTrigger]:
    """702.21a: a permanent with ward becomes the target of a spell or ability an opponent controls."""
    out = []
    for target in item.targets:
        if target.ref not in game.state.objects or not game.state.on_battlefield(target.ref):
            continue
        chars = game.chars(target.ref)
        for ability in chars.abilities_of("ward"):
            if chars.controller != item.controller:
                out.append(PendingTrigger(target.ref, ability, chars.controller, chars, counters=item.id,
                                          reason=f"{chars.name} became the target of {item.name}",
                                          rules=(rules.WARD,)))
    return out
