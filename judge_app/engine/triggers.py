"""Triggered abilities (603): found after each event (603.2) and as steps begin (603.2b); `stacking.py` puts
them on the stack the next time a player would receive priority (603.3, 117.5).

Leaves-the-battlefield abilities look back in time (603.10a): they are found among the abilities the
permanents had just before the event, so two creatures dying at once each see the other die. An
intervening "if" is checked when the event happens (603.4) and again on resolution (608.2a). Delayed
triggered abilities (603.7) wait in `state.delayed` and trigger once (603.7b). Nothing here records:
what the trace should say (an ability that didn't trigger because its condition is false) comes back as notes.
"""

from __future__ import annotations

from judge_app.engine import rules
from judge_app.engine.ability import Ability, Condition, Trigger
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.errors import NotModelled
from judge_app.engine.events import AttackDeclared, BlockDeclared, CounterChange, DamageDealt, Event, ZoneChange
from judge_app.engine.state import PendingTrigger, StackItem
from judge_app.engine.trace import NOTE, Note
from judge_app.engine.view import View


def condition_holds(game: View, player: str, condition: Condition, it_counters: dict[str, int] | None = None) -> bool:
    """Whether an intervening "if" is true for `player` now (603.4, checked again on resolution, 608.2a). A
    condition about how the object was as it left ("if it had no -1/-1 counters on it") reads its last known
    information, `it_counters` (603.10a)."""
    state = game.state
    if condition.looks_back:
        return (it_counters or {}).get(condition.counter, 0) == 0
    if condition.what == "life at most":
        return state.players[player].life <= condition.amount
    if condition.what == "life at least":
        return state.players[player].life >= condition.amount
    if condition.what == "opponent life at most":
        return any(state.players[p].life <= condition.amount for p in state.opponents(player))
    creatures = sum(1 for o in state.permanents() if game.chars(o.id).is_creature and game.controller(o.id) == player)
    return creatures >= condition.amount


def _triggered(chars: Characteristics, event: str) -> list[tuple[Ability, Trigger]]:
    return [(a, a.trigger) for a in chars.abilities_of("triggered") if a.trigger.event == event]


def detect(game: View, changes: list[Event], before: dict[str, Characteristics],
           counters: dict[str, dict[str, int]] | None = None) -> tuple[list[PendingTrigger], list[Note]]:
    """Abilities that trigger on these events (603.2): ones leaving the battlefield looked up in `before`
    (603.10a), the others as the game is now; and notes for those whose intervening "if" is false (603.4).
    `counters` holds the counters of the permanents that left, as they last existed."""
    found: list[PendingTrigger] = []
    notes: list[Note] = []
    state = game.state
    for change in changes:
        if isinstance(change, ZoneChange) and change.to_zone == "battlefield" and state.on_battlefield(change.object):
            now = {o: game.chars(o) for o in state.battlefield}
            found += _zone_triggers(game, "enters", change.object, now)
            notes += missed(game, "enters", change.object, now)
        elif isinstance(change, ZoneChange) and change.from_zone == "battlefield" and change.object in before:
            last = (counters or {}).get(change.object, {})
            found += _zone_triggers(game, "leaves", change.object, before, last)
            if change.to_zone == "graveyard":  # 700.4: "dies" means put into a graveyard from the battlefield
                found += _zone_triggers(game, "dies", change.object, before, last)
                notes += missed(game, "dies", change.object, before)
        elif isinstance(change, AttackDeclared | BlockDeclared):
            event = "attacks" if isinstance(change, AttackDeclared) else "blocks"
            found += [_pending(game, change.object, a, reason=f"{game.name(change.object)} {event}",
                               why=(rules.BECOMES_ATTACKING if event == "attacks" else rules.BECOMES_BLOCKING,))
                      for a, t in _triggered(game.chars(change.object), event) if t.who == "self"]
        elif isinstance(change, CounterChange) and change.counter == "defense" and change.amount < 0 \
                and state.on_battlefield(change.target) and "Siege" in game.chars(change.target).subtypes \
                and not state.objects[change.target].counters.get("defense"):
            raise NotModelled(f"the last defense counter was removed from {game.name(change.target)}, a Siege: it "
                              "is exiled and its controller may cast its back face, which the engine doesn't model",
                              rules.SIEGE_DEFEATED)
        elif isinstance(change, DamageDealt) and change.combat and change.recipient in state.players \
                and state.on_battlefield(change.source):
            found += [_pending(game, change.source, a, that_player=change.recipient,
                               reason=f"{game.name(change.source)} dealt combat damage to {change.recipient}")
                      for a, _ in _triggered(game.chars(change.source), "combat damage to a player")]
    kept, more = _conditions_hold(game, found)
    return kept, notes + more


def _zone_triggers(game: View, event: str, moved: str, chars_of: dict[str, Characteristics],
                   last_counters: dict[str, int] | None = None) -> list[PendingTrigger]:
    out = []
    moved_chars = chars_of.get(moved) or game.chars(moved)
    for oid, chars in chars_of.items():
        for ability, trigger in _triggered(chars, event):
            if _watches(trigger, oid, moved, moved_chars, chars.controller):
                verb = {"enters": "entered", "leaves": "left the battlefield", "dies": "died"}[event]
                why = (rules.TRIGGER_ENTERS,) if event == "enters" else (rules.TRIGGER_LEAVES, rules.LOOK_BACK)
                pending = _pending(game, oid, ability, it=moved, chars=chars, reason=f"{moved_chars.name} {verb}",
                                   why=why)
                pending.it_incarnation = game.state.objects[moved].incarnation
                pending.it_counters = dict(last_counters or {})
                out.append(pending)
    return out


def _watches(trigger: Trigger, oid: str, moved: str, moved_chars: Characteristics, controller: str) -> bool:
    """Whether a zone-change trigger of `oid` (controlled by `controller`) watches `moved` (603.6a, 603.6c)."""
    if trigger.who == "self":
        return oid == moved
    if trigger.who.startswith("self or another creature"):
        return oid == moved or (moved_chars.is_creature and (
            not trigger.who.endswith("you control") or moved_chars.controller == controller))
    ok = moved_chars.is_creature and (trigger.who.startswith("a ") or oid != moved)
    if trigger.who.endswith("you control"):
        ok = ok and moved_chars.controller == controller
    return ok


def missed(game: View, event: str, moved: str, chars_of: dict[str, Characteristics]) -> list[Note]:
    """What didn't trigger, and why (603.2, 603.10a): a permanent whose printed ability would have triggered but that
    has lost it (613.1f), and a permanent that left the battlefield earlier this turn, before this event."""
    state = game.state
    moved_chars = chars_of.get(moved) or game.chars(moved)
    verb = {"enters": "entered", "leaves": "left the battlefield", "dies": "died"}[event]
    notes: list[Note] = []
    for oid, obj in state.objects.items():
        if obj.face_down:
            continue
        printed = [(a, a.trigger) for a in obj.printed.abilities_of("triggered")
                   if a.trigger is not None and a.trigger.event == event]
        for ability, trigger in printed:
            name = obj.printed.name
            if oid in chars_of and oid != moved:
                if any(a.text == ability.text for a in chars_of[oid].abilities):
                    continue
                if _watches(trigger, oid, moved, moved_chars, chars_of[oid].controller):
                    notes.append(Note(NOTE, f"{moved_chars.name} {verb}, but {game.name(oid)} has lost its ability "
                                      f"(\"{ability.shown(name)}\"), so nothing triggers.",
                                      [rules.TRIGGER, rules.LAYER_6]))
            elif oid not in chars_of and event != "enters" and obj.left_turn == state.turn and oid != moved \
                    and trigger.who != "self" and _watches(trigger, oid, moved, moved_chars, obj.owner):
                notes.append(Note(NOTE, f"{moved_chars.name} {verb}, but {name} had already left the battlefield, so "
                                  f"its ability (\"{ability.shown(name)}\") doesn't trigger: a leaves-the-"
                                  "battlefield ability looks back only to just before the event.",
                                  [rules.TRIGGER, rules.LOOK_BACK]))
    return notes


def _pending(game: View, source: str, ability: Ability, it: str | None = None, that_player: str | None = None,
             chars: Characteristics | None = None, reason: str = "", why: tuple[rules.Cite, ...] = ()
             ) -> PendingTrigger:
    chars = chars or game.chars(source)
    keyword = (ability.rule,) if ability.rule else ()
    return PendingTrigger(source, ability, chars.controller, chars, it=it, that_player=that_player,
                          effect=ability.effect, reason=reason, rules=(rules.TRIGGER, *why, *keyword))


def _conditions_hold(game: View, found: list[PendingTrigger]) -> tuple[list[PendingTrigger], list[Note]]:
    """603.4: an ability with an intervening "if" triggers only if its condition is true as the event happens."""
    kept, notes = [], []
    for pending in found:
        condition = pending.ability.trigger.condition if pending.ability.trigger else None
        if condition is None:
            kept.append(pending)
        elif condition_holds(game, pending.controller, condition, pending.it_counters):
            pending.rules = (*pending.rules, rules.INTERVENING_IF)
            kept.append(pending)
        else:
            notes.append(Note(NOTE, f"{pending.source_chars.name}'s ability doesn't trigger: {pending.reason}, "
                              f"but its condition \"{condition.text}\" is false.", [rules.INTERVENING_IF]))
    return kept, notes


def at_step(game: View, step: str) -> tuple[list[PendingTrigger], list[Note]]:
    """"At the beginning of …" abilities (603.2b) and delayed triggers waiting for this step (603.7b)."""
    state = game.state
    found = []
    for obj in state.permanents():
        chars = game.chars(obj.id)
        for ability, trigger in _triggered(chars, "step"):
            if trigger.step == step and (trigger.whose == "each" or chars.controller == state.active):
                found.append(_pending(game, obj.id, ability, reason=f"the {step} step began",
                                      why=(rules.TRIGGER_STEP,)))
    for delayed in [d for d in state.delayed if d.step == step]:
        state.delayed.remove(delayed)
        ability = Ability("triggered", delayed.text)
        found.append(PendingTrigger(delayed.source, ability, delayed.controller, delayed.source_chars,
                                    it=delayed.it, it_incarnation=delayed.it_incarnation, effect=delayed.effect,
                                    reason=f"the next {step} step began",
                                    rules=(rules.DELAYED_TRIGGER, rules.DELAYED_ONCE)))
    return _conditions_hold(game, found)


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
