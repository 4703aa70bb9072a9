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
from judge_app.engine.events import AttackDeclared, BlockDeclared, DamageDealt, Event, ZoneChange
from judge_app.engine.state import PendingTrigger, StackItem
from judge_app.engine.trace import TURN_BASED, Note
from judge_app.engine.view import View


def condition_holds(game: View, player: str, condition: Condition) -> bool:
    """Whether an intervening "if" is true for `player` now (603.4, checked again on resolution, 608.2a)."""
    state = game.state
    if condition.what == "life at most":
        return state.players[player].life <= condition.amount
    if condition.what == "life at least":
        return state.players[player].life >= condition.amount
    if condition.what == "opponent life at most":
        return state.players[state.opponent(player)].life <= condition.amount
    creatures = sum(1 for o in state.permanents() if game.chars(o.id).is_creature and game.controller(o.id) == player)
    return creatures >= condition.amount


def _triggered(chars: Characteristics, event: str) -> list[tuple[Ability, Trigger]]:
    return [(a, a.trigger) for a in chars.abilities_of("triggered") if a.trigger.event == event]


def detect(game: View, changes: list[Event], before: dict[str, Characteristics]
           ) -> tuple[list[PendingTrigger], list[Note]]:
    """Abilities that trigger on these events (603.2): ones leaving the battlefield looked up in `before`
    (603.10a), the others as the game is now; and notes for those whose intervening "if" is false (603.4)."""
    found: list[PendingTrigger] = []
    state = game.state
    for change in changes:
        if isinstance(change, ZoneChange) and change.to_zone == "battlefield" and state.on_battlefield(change.object):
            found += _zone_triggers(game, "enters", change.object, {o: game.chars(o) for o in state.battlefield})
        elif isinstance(change, ZoneChange) and change.from_zone == "battlefield" and change.object in before:
            found += _zone_triggers(game, "leaves", change.object, before)
            if change.to_zone == "graveyard":  # 700.4: "dies" means put into a graveyard from the battlefield
                found += _zone_triggers(game, "dies", change.object, before)
        elif isinstance(change, AttackDeclared | BlockDeclared):
            event = "attacks" if isinstance(change, AttackDeclared) else "blocks"
            found += [_pending(game, change.object, a, reason=f"{game.name(change.object)} {event}",
                               why=(rules.BECOMES_ATTACKING if event == "attacks" else rules.BECOMES_BLOCKING,))
                      for a, t in _triggered(game.chars(change.object), event) if t.who == "self"]
        elif isinstance(change, DamageDealt) and change.combat and change.recipient in state.players \
                and state.on_battlefield(change.source):
            found += [_pending(game, change.source, a, that_player=change.recipient,
                               reason=f"{game.name(change.source)} dealt combat damage to {change.recipient}")
                      for a, _ in _triggered(game.chars(change.source), "combat damage to a player")]
    return _conditions_hold(game, found)


def _zone_triggers(game: View, event: str, moved: str, chars_of: dict[str, Characteristics]) -> list[PendingTrigger]:
    out = []
    moved_chars = chars_of.get(moved) or game.chars(moved)
    for oid, chars in chars_of.items():
        for ability, trigger in _triggered(chars, event):
            if trigger.who == "self":
                ok = oid == moved
            else:
                ok = moved_chars.is_creature and (trigger.who.startswith("a ") or oid != moved)
                if trigger.who.endswith("you control"):
                    ok = ok and moved_chars.controller == chars.controller
            if ok:
                verb = {"enters": "entered", "leaves": "left the battlefield", "dies": "died"}[event]
                why = (rules.TRIGGER_ENTERS,) if event == "enters" else (rules.TRIGGER_LEAVES, rules.LOOK_BACK)
                out.append(_pending(game, oid, ability, it=moved, chars=chars,
                                    reason=f"{moved_chars.name} {verb}", why=why))
    return out


def _pending(game: View, source: str, ability: Ability, it: str | None = None, that_player: str | None = None,
             chars: Characteristics | None = None, reason: str = "", why: tuple[rules.Cite, ...] = ()
             ) -> PendingTrigger:
    chars = chars or game.chars(source)
    return PendingTrigger(source, ability, chars.controller, chars, it=it, that_player=that_player,
                          effect=ability.effect, reason=reason, rules=(rules.TRIGGER, *why))


def _conditions_hold(game: View, found: list[PendingTrigger]) -> tuple[list[PendingTrigger], list[Note]]:
    """603.4: an ability with an intervening "if" triggers only if its condition is true as the event happens."""
    kept, notes = [], []
    for pending in found:
        condition = pending.ability.trigger.condition if pending.ability.trigger else None
        if condition is None:
            kept.append(pending)
        elif condition_holds(game, pending.controller, condition):
            pending.rules = (*pending.rules, rules.INTERVENING_IF)
            kept.append(pending)
        else:
            notes.append(Note(TURN_BASED, f"{pending.source_chars.name}'s ability doesn't trigger: {pending.reason}, "
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
                                    it=delayed.it, effect=delayed.effect, reason=f"the next {step} step began",
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
