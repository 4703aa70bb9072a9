"""Triggered abilities (603): found after each event, put on the stack the next time a player would receive
priority (603.3, 117.5), in APNAP order with each player choosing the order of their own (603.3b).

Leaves-the-battlefield abilities look back in time (603.10a): they are found among the abilities the
permanents had just before the event, so two creatures dying at once each see the other die. An
intervening "if" is checked when the event happens (603.4) and again on resolution (608.2a). Delayed
triggered abilities (603.7) wait in `state.delayed` and trigger once (603.7b).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge_app.engine import rules, targets
from judge_app.engine.abilities import Ability
from judge_app.engine.abilitytext import Condition, Trigger
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.events import AttackDeclared, BlockDeclared, DamageDealt, Event, StackPush, ZoneChange
from judge_app.engine.stack import StackItem
from judge_app.engine.trace import DEFAULT, TURN_BASED

if TYPE_CHECKING:
    from judge_app.engine.game import Game


@dataclass
class PendingTrigger:
    """An ability that triggered and waits to be put on the stack (603.3)."""

    source: str
    ability: Ability
    controller: str  # who controlled the source when it triggered (603.3a)
    source_chars: Characteristics
    it: str | None = None
    that_player: str | None = None
    effect: Any = None  # a delayed trigger's effect (effecttext.Effect)
    counters: str | None = None  # ward: the stack item it would counter
    reason: str = ""  # what triggered it, for the trace
    rules: tuple[rules.Cite, ...] = ()  # the rules that made it trigger


@dataclass
class DelayedTrigger:
    """"… at the beginning of the next end step": created by a resolving spell or ability (603.7)."""

    source: str
    controller: str
    step: str
    effect: Any
    it: str | None
    text: str
    source_chars: Characteristics = field(repr=False, default=None)  # type: ignore[assignment]


def condition_holds(game: Game, player: str, condition: Condition) -> bool:
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


def detect(game: Game, changes: list[Event], before: dict[str, Characteristics]) -> list[PendingTrigger]:
    """Abilities that trigger on these events (603.2): ones leaving the battlefield looked up in `before`
    (603.10a), the others as the game is now."""
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
    return [p for p in found if _condition_ok(game, p)]


def _zone_triggers(game: Game, event: str, moved: str, chars_of: dict[str, Characteristics]) -> list[PendingTrigger]:
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


def _pending(game: Game, source: str, ability: Ability, it: str | None = None, that_player: str | None = None,
             chars: Characteristics | None = None, reason: str = "", why: tuple[rules.Cite, ...] = ()
             ) -> PendingTrigger:
    chars = chars or game.chars(source)
    return PendingTrigger(source, ability, chars.controller, chars, it=it, that_player=that_player,
                          effect=ability.effect, reason=reason, rules=(rules.TRIGGER, *why))


def _condition_ok(game: Game, pending: PendingTrigger) -> bool:
    condition = pending.ability.trigger.condition if pending.ability.trigger else None
    if condition is None:
        return True
    if condition_holds(game, pending.controller, condition):
        pending.rules = (*pending.rules, rules.INTERVENING_IF)
        return True
    game.record(TURN_BASED, f"{pending.source_chars.name}'s ability doesn't trigger: {pending.reason}, but its "
                f"condition \"{condition.text}\" is false.", [rules.INTERVENING_IF])
    return False


def at_step(game: Game, step: str) -> list[PendingTrigger]:
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
    return [p for p in found if _condition_ok(game, p)]


def ward_triggers(game: Game, item: StackItem) -> list[PendingTrigger]:
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


def put_on_stack(game: Game) -> bool:
    """603.3b: each player in APNAP order puts the abilities they control on the stack, in the order they
    choose (the scenario's `trigger_order`, else the order they triggered, said as a default)."""
    state = game.state
    if not state.pending_triggers:
        return False
    waiting, state.pending_triggers = state.pending_triggers, []
    parts: list[str] = []
    cited: list[rules.Cite] = [r for p in waiting for r in p.rules]
    cited += [rules.TRIGGERS_WAIT, rules.TRIGGER_TO_STACK, rules.TRIGGER_CONTROLLER]
    defaulted = False
    players = [state.active, state.nonactive]
    if len({p.controller for p in waiting}) > 1:
        cited += [rules.TRIGGER_APNAP, rules.APNAP_ORDER]
    for player in players:
        mine = [p for p in waiting if p.controller == player]
        if not mine:
            continue
        wanted = game.choices.trigger_order.get(player, [])
        ordered = sorted(mine, key=lambda p: wanted.index(p.source) if p.source in wanted else len(wanted))
        if len(mine) > 1 and not wanted:
            defaulted = True
        if len(mine) > 1:
            cited.append(rules.TRIGGER_APNAP)
        names = []
        for pending in ordered:
            item = _item(game, pending)
            if item is None:
                names.append(f"{pending.source_chars.name}'s ability (no legal target: removed)")
                cited.append(rules.TRIGGER_TARGETS)
                continue
            game.perform(StackPush(item))
            names.append(_describe(game, item, pending))
            if item.choices.get("default target"):
                names[-1] += " (default target: the first legal choice, opponent first)"
                defaulted = True
            if item.targets:
                cited.append(rules.TRIGGER_TARGETS)
                state.pending_triggers += ward_triggers(game, item)
        order = " then ".join(names)
        how = " (default: in the order they triggered)" if len(mine) > 1 and not wanted else ""
        parts.append(f"{player} puts {order} on the stack{how}")
    text = "Triggered abilities go on the stack as a player would receive priority: " + "; ".join(parts) + \
        ". The last one put on the stack resolves first."
    game.record(DEFAULT if defaulted else TURN_BASED, text, [*cited, rules.STACK_ORDER])
    return True


def _describe(game: Game, item: StackItem, pending: PendingTrigger) -> str:
    from judge_app.engine.stack import describe

    return f"{describe(game, item)} ({pending.reason}: \"{pending.ability.shown(pending.source_chars.name)}\")"


def _item(game: Game, pending: PendingTrigger) -> StackItem | None:
    state = game.state
    name = f"{pending.source_chars.name}'s {'ward ' if pending.ability.kind == 'ward' else ''}ability"
    item = StackItem(id=state.new_id("ability"), kind="triggered", source=pending.source, controller=pending.controller,
                     text=pending.ability.shown(pending.source_chars.name), name=name,
                     source_chars=pending.source_chars, effect=pending.effect,
                     trigger=pending.ability.trigger, it=pending.it, that_player=pending.that_player,
                     counters=pending.counters, unless=pending.ability.cost.mana if pending.ability.cost else "")
    if item.effect is None or not item.effect.targets:
        return item
    chosen = game.choices.trigger_targets.get(pending.source)
    for index, spec in enumerate(item.effect.targets):
        if chosen is not None and index < len(chosen):
            target = targets.choose(game, chosen[index])
            if targets.problem(game, spec, target, item.controller, item.source_chars, item.id) is None:
                item.targets.append(target)
                continue
        target = _default_target(game, item, spec)
        if target is None:
            return None  # 603.3d: no legal target, so the ability is removed from the stack
        item.targets.append(target)
        item.choices["default target"] = True
    return item


def _default_target(game: Game, item: StackItem, spec) -> targets.Target | None:
    """The first legal choice: the opponent, then the opponent's permanents, then the controller and theirs."""
    state = game.state
    opponent = state.opponent(item.controller)
    order = [opponent, *[o.id for o in state.permanents() if game.controller(o.id) == opponent],
             item.controller, *[o.id for o in state.permanents() if game.controller(o.id) == item.controller]]
    for ref in order:
        target = targets.choose(game, ref)
        if targets.problem(game, spec, target, item.controller, item.source_chars, item.id) is None:
            return target
    return None
