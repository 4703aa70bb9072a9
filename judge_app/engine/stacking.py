"""Triggered abilities go on the stack (603.3) the next time a player would receive priority (117.5): each
player in APNAP order puts theirs there in the order they choose (603.3b), choosing targets as they do
(603.3d); one with no legal target is removed.
"""

from __future__ import annotations

from judge_app.cardtext.nodes import Description
from judge_app.engine import matching, rules, targets
from judge_app.engine.choices import take
from judge_app.engine.events import StackPush
from judge_app.engine.matching import Anchor
from judge_app.engine.perform import Play
from judge_app.engine.stack import describe
from judge_app.engine.state import PendingTrigger, StackItem, Target
from judge_app.engine.trace import TRIGGERED
from judge_app.engine.triggers import ward_triggers


def put_on_stack(game: Play) -> bool:
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
    players = state.apnap()
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
    if defaulted:
        text += " (Some choices above are defaults.)"
    game.record(TRIGGERED, text, [*cited, rules.STACK_ORDER])
    return True


def _describe(game: Play, item: StackItem, pending: PendingTrigger) -> str:
    return f"{describe(game, item)} ({pending.reason}: \"{pending.ability.shown(pending.source_chars.name)}\")"


def _item(game: Play, pending: PendingTrigger) -> StackItem | None:
    state = game.state
    name = f"{pending.source_chars.name}'s {'ward ' if pending.ability.kind == 'ward' else ''}ability"
    item = StackItem(id=state.new_id("ability"), kind="triggered", source=pending.source, controller=pending.controller,
                     text=pending.ability.shown(pending.source_chars.name), name=name,
                     source_chars=pending.source_chars, effect=pending.effect,
                     trigger=pending.ability.trigger, it=pending.it, that_player=pending.that_player,
                     it_incarnation=pending.it_incarnation, it_counters=dict(pending.it_counters),
                     amount=pending.amount, counters=pending.counters, source_incarnation=pending.source_incarnation,
                     unless=pending.ability.cost.mana if pending.ability.cost else "")
    if pending.bound:
        item.choices["bound"] = dict(pending.bound)
    modes = take(game.choices.modes.get(pending.source))
    if modes is not None:
        item.choices["modes"] = list(modes)  # 700.2b: chosen as it is put on the stack
    item.specs = targets.specs_of(item.effect, modes)
    if not item.specs:
        return item
    chosen = list(take(game.choices.trigger_targets.get(pending.source)) or [])
    for spec in item.specs:
        low, high = targets.bounds(spec)
        picked: list[Target] = []
        while chosen and (high is None or len(picked) < high):
            target = targets.choose(game, chosen[0], spec.target)
            if targets.problem(game, spec, target, item.controller, item.source_chars, item.id, item.source):
                break
            picked.append(target)
            chosen.pop(0)
        while len(picked) < max(low, 1 if high else 0):
            target = _default_target(game, item, spec, [t.ref for t in picked])
            if target is None:
                break
            picked.append(target)
            item.choices["default target"] = True
        if len(picked) < low:
            return None  # 603.3d: no legal target, so the ability is removed from the stack
        item.targets += picked
    return item


def _default_target(game: Play, item: StackItem, spec: Description, taken: list[str]) -> Target | None:
    """The first legal choice: the opponent, then what the opponent controls or owns, then the controller and
    theirs (permanents in battlefield order, or cards in the zone the description names)."""
    state = game.state
    opponent = state.opponent(item.controller)
    selected = matching.selected(state, game.chars, spec, Anchor(item.controller, item.source)) \
        if matching.names_objects(spec) else []
    objects = [o for o in selected if o in state.objects]  # players ("any target") are tried on their own below

    def whose(oid: str) -> str:
        return game.controller(oid) if state.on_battlefield(oid) else state.objects[oid].owner

    order = [opponent, *[o for o in objects if whose(o) == opponent], item.controller,
             *[o for o in objects if whose(o) == item.controller]]
    for ref in order:
        if ref in taken:
            continue
        target = targets.choose(game, ref, spec.target)
        if targets.problem(game, spec, target, item.controller, item.source_chars, item.id, item.source) is None:
            return target
    return None
