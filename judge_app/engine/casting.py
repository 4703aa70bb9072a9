"""Casting spells (601), activating abilities (602) including mana (605) and loyalty (606) abilities, and
playing lands (305.1, a special action).

Everything is checked before anything changes: timing (117.1a, 302.1, 304.1, 307.1, flash 702.8a),
targets (601.2c, 115), and whether the cost can be paid (601.2g–h); an illegal proposal leaves the game
as it was (601.2e, 732.1). Then the card moves to the stack (601.2a), the mana abilities resolve, the
cost is paid; the turn loop then gives the player who cast it priority again (117.3c), after state-based
actions and triggers (117.5). A player who casts while the other has priority first receives it: the other
passed.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from judge_app.cardtext import nodes as n
from judge_app.engine import effects, mana, matching, rules, targets, triggers, unmodelled
from judge_app.engine.ability import Ability, Cost
from judge_app.engine.attachments import can_enchant
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.costs import delve, total_cost
from judge_app.engine.errors import IllegalAction
from judge_app.engine.events import (
    CommanderCast,
    CounterChange,
    Event,
    LifeChange,
    StackPush,
    StatusChange,
    TurnedFaceUp,
    ZoneChange,
)
from judge_app.engine.matching import Anchor
from judge_app.engine.perform import Play
from judge_app.engine.replacement import entering
from judge_app.engine.stack import describe
from judge_app.engine.state import COMMAND, NO_PRIORITY_STEPS, STACK, StackItem, Step, Target
from judge_app.engine.trace import ACTION, PRIORITY
from judge_app.engine.vehicles import crew_with

MAIN_PHASES = (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)


def _priority(game: Play, player: str) -> None:
    """`player` acts while they have priority; if the other player had it, that player passed (117.3d)."""
    if game.over:
        raise IllegalAction("the game is over", rules.GAME_ENDS)
    state = game.state
    if state.step in NO_PRIORITY_STEPS:
        raise IllegalAction(f"no player has priority during the {state.step.value} step",
                            rules.NO_PRIORITY_IN_UNTAP if state.step is Step.UNTAP else rules.CLEANUP_NO_PRIORITY)
    if state.priority is not None and state.priority != player:
        game.record(PRIORITY, f"{state.priority} passes priority; {player} receives it.", [rules.PRIORITY_PASS])
        state.priority = player


def _split_second(game: Play, what: str) -> None:
    """702.61a: while a spell with split second is on the stack, no other spell is cast and no ability that isn't a
    mana ability is activated (mana abilities and special actions still are, 702.61b)."""
    for item in game.state.stack:
        if item.kind != "spell":
            continue
        chars = game.chars(item.source) if item.source in game.state.objects else item.source_chars
        if chars.has("split second"):
            raise IllegalAction(f"{what}: {item.name} has split second and is on the stack", rules.SPLIT_SECOND)


def _sorcery_timing(game: Play, player: str) -> str | None:
    """Why `player` can't act at sorcery speed now (117.1a, 307.1), or None."""
    state = game.state
    if state.active != player:
        return f"it isn't {player}'s turn"
    if state.step not in MAIN_PHASES:
        return f"it is the {game.step_label} step, not a main phase"
    if state.stack:
        return "the stack isn't empty"
    return None


def _check_modes(effect: n.Effect | None, choices: dict[str, Any], what: str) -> bool:
    """700.2a: the modes announced (1-based, `modes`) must fit "choose one", "choose two", "choose one or both";
    by default the first ones are chosen. True if the text is modal."""
    modal = next((i for i in effect.instructions if isinstance(i, n.Modal)), None) if effect is not None else None
    chosen = choices.get("modes")
    if modal is None:
        if chosen is not None:
            raise IllegalAction(f"{what} isn't modal: it has no modes to choose", rules.MODES)
        return False
    if chosen is not None:
        high = modal.maximum if modal.maximum is not None else len(modal.modes)
        if len(set(chosen)) != len(chosen) or not modal.minimum <= len(chosen) <= high \
                or any(not 1 <= m <= len(modal.modes) for m in chosen):
            raise IllegalAction(f"{what}: modes {chosen} can't be chosen; it says \"{modal.text.splitlines()[0]}\" "
                                f"({len(modal.modes)} modes)", rules.MODES, rules.CAST_ANNOUNCE)
    return True


def _check_division(effect: n.Effect | None, item: StackItem, what: str) -> None:
    """601.2d: a division is announced among the chosen targets, each getting at least one, all of a fixed or X
    amount given out."""
    division = item.choices.get("divide")
    if not division:
        return
    divided = next((i for i in (effect.instructions if effect is not None else ())
                    if isinstance(i, n.Instruction) and i.qualifier == "divided"), None)
    if divided is None:
        raise IllegalAction(f"{what} divides nothing: the announced division has nothing to apply to",
                            rules.CAST_DIVIDE)
    chosen = {t.ref for t in item.targets}
    if set(division) != chosen or any(share < 1 for share in division.values()):
        raise IllegalAction(f"{what}: the division {division} must give each chosen target "
                            f"({', '.join(sorted(chosen)) or 'none'}) at least 1", rules.CAST_DIVIDE)
    total = divided.amount.value if divided.amount is not None and divided.amount.kind == "number" else \
        item.choices.get("x") if divided.amount is not None and divided.amount.kind == "variable" \
        and divided.amount.base is None else None
    if total is not None and sum(division.values()) != total:
        raise IllegalAction(f"{what}: the division {division} gives out {sum(division.values())}, not {total}",
                            rules.CAST_DIVIDE)


def pay_actions(game: Play, player: str, source: str, cost: Cost, announced: dict[str, Any], what: str
                ) -> tuple[list[Event], list[str], dict[str, list[str]], list[rules.Cite]]:
    """The costs beyond mana (118.3, 601.2h): sacrifice, discard, remove counters, exile from a graveyard —
    the cards named by the action (`sacrifice`, `discard`, `exile`), else by default the oldest permanents,
    the cards put into the hand last, the cards at the bottom of the graveyard. Raises `IllegalAction` if a
    cost can't be paid. Returns the events, what was paid (for the trace), what it paid with, the rules."""
    state = game.state
    changes: list[Event] = []
    said: list[str] = []
    paid: dict[str, list[str]] = {}
    cited: list[rules.Cite] = []
    anchor = Anchor(player, source)
    for action in cost.actions:
        count = action.amount.value if action.amount is not None and action.amount.value is not None else 1
        if action.verb in ("put counters", "mill") or (action.verb in ("exile", "return")
                                                        and isinstance(action.object, n.Reference)):
            more, text, rule = _own_cost(game, player, source, action, count, what)
            changes += more
            said.append(text)
            cited.append(rule)
            if action.verb == "exile":
                paid["exiled"] = [*paid.get("exiled", []), source]
            continue
        if action.verb == "remove counters":
            have = state.objects[source].counters.get(action.counter, 0)
            if have < count:
                raise IllegalAction(f"{what}: {game.name(source)} has {have} {action.counter} counter(s); it can't "
                                    f"remove {count}", rules.PAY_COST_RESOURCES)
            changes.append(CounterChange(source, action.counter, -count))
            said.append(f"removes {count} {action.counter} counter{'s' if count != 1 else ''}")
            cited.append(rules.COUNTERS)
            continue
        zone = {"sacrifice": "battlefield", "discard": "hand", "exile": "graveyard", "tap": "battlefield",
                "return": "battlefield"}[action.verb]
        desc = action.object if isinstance(action.object, n.Description) else None
        if desc is not None and desc.selector.count is not None and desc.selector.count.value is not None:
            count = desc.selector.count.value  # "Exile two cards from your graveyard"
        itself = isinstance(action.object, n.Reference) and action.object.kind == "self"  # "Discard this card"
        candidates = ([source] if state.objects[source].zone == zone else []) if itself else \
            [c for c in _candidates(game, player, zone, desc, anchor)
             if not (action.verb == "tap" and c == source and cost.tap)]  # {T} already taps the source
        named = candidates if itself else [c for c in announced.get(action.verb, []) if c in candidates]
        wrong = [] if itself else [c for c in announced.get(action.verb, []) if c not in candidates]
        if wrong and desc is not None:  # 118.3: only what the cost describes can pay it
            raise IllegalAction(f"{what}: {game.name(wrong[0])} can't be used to pay \"{action.text}\" (it isn't "
                                f"{desc.text.removeprefix('a ').removeprefix('an ')})", rules.PAY_COST_RESOURCES)
        default = sorted((c for c in candidates if c not in named), key=_default_order(game, zone))
        chosen = (named + default)[:count]
        if len(chosen) < count:
            kind = desc.text.removeprefix("a ") if desc is not None else "card"
            raise IllegalAction(f"{what}: {player} can't {action.verb} {count} {kind} (has {len(chosen)})",
                                rules.PAY_COST_RESOURCES)
        how = {"sacrifice": "sacrificed", "discard": "discarded", "exile": "exiled", "tap": "tapped",
               "return": "returned"}[action.verb]
        if zone == "battlefield":  # "the sacrificed creature's power": as it last existed (608.2h)
            announced.setdefault("lki", {}).update({c: game.chars(c) for c in chosen})
        if action.verb == "tap":  # 701.26a: only untapped permanents, tapped whether summoning sick or not (302.6)
            changes += [StatusChange(c, True) for c in chosen]
        else:
            to = {"exile": "exile", "return": "hand"}.get(action.verb, "graveyard")
            changes += [ZoneChange(c, zone, to, how) for c in chosen]
        paid[how] = paid.get(how, []) + chosen
        note = "" if len(named) >= count else " (default: " + {
            "sacrifice": "the oldest", "discard": "the cards put into the hand last", "tap": "the oldest",
            "return": "the oldest", "exile": "the bottom of the graveyard"}[action.verb] + ")"
        verb = "returns" if action.verb == "return" else f"{action.verb}s"
        said.append(f"{verb} {', '.join(game.name(c) for c in chosen)}{note}"
                    + (" to its owner's hand" if action.verb == "return" else ""))
        cited.append({"sacrifice": rules.SACRIFICE, "discard": rules.DISCARD, "exile": rules.EXILE,
                      "tap": rules.TAP, "return": rules.NEW_OBJECT}[action.verb])
    return changes, said, paid, cited


def _own_cost(game: Play, player: str, source: str, action: n.Instruction, count: int, what: str
              ) -> tuple[list[Event], str, rules.Cite]:
    """Costs paid with the source itself or the payer's library: "Exile this creature", "Return this enchantment to
    its owner's hand", "Put a -1/-1 counter on this creature", "Mill a card" (701.17b: not more than the library
    holds)."""
    state = game.state
    obj = state.objects[source]
    if action.verb == "put counters":
        return [CounterChange(source, action.counter, count)], \
            f"puts {count} {action.counter} counter{'s' if count != 1 else ''} on {game.name(source)}", rules.COUNTERS
    if action.verb == "mill":
        library = state.players[player].library
        if len(library) < count:
            raise IllegalAction(f"{what}: {player} can't mill {count} (their library has {len(library)})",
                                rules.MILL_COST)
        top = library[:count]
        return [ZoneChange(c, "library", "graveyard", "milled") for c in top], \
            f"mills {', '.join(game.name(c) for c in top)}", rules.MILL
    if obj.zone != "battlefield":
        raise IllegalAction(f"{what}: {game.name(source)} isn't on the battlefield", rules.PAY_COST_RESOURCES)
    to = "exile" if action.verb == "exile" else "hand"
    words = "exiles" if to == "exile" else "returns"
    return [ZoneChange(source, "battlefield", to, "exiled" if to == "exile" else "returned")], \
        f"{words} {game.name(source)}" + (" to its owner's hand" if to == "hand" else ""), \
        rules.EXILE if to == "exile" else rules.NEW_OBJECT


def _candidates(game: Play, player: str, zone: str, desc: n.Description | None, anchor: Anchor) -> list[str]:
    state = game.state
    pool = [o.id for o in state.permanents() if game.controller(o.id) == player] if zone == "battlefield" \
        else list(state.players[player].zone(zone))
    if desc is None:
        return pool
    return [c for c in pool if matching.object_matches(state, game.chars, desc, c, anchor, zone=zone)]


def _default_order(game: Play, zone: str):
    state = game.state
    if zone == "battlefield":
        return lambda c: state.objects[c].timestamp
    if zone == "hand":
        return lambda c: -state.players[state.objects[c].owner].hand.index(c)
    return lambda c: state.players[state.objects[c].owner].graveyard.index(c)


def cast(game: Play, player: str, card: str, chosen: list[str], sources: list[str] | None,
         choices: dict[str, Any] | None = None) -> None:
    """601.2: cast `card` from `player`'s hand with these targets, paying with `sources` (or by default)."""
    _priority(game, player)
    unmodelled.check_cast(game, card)
    state = game.state
    obj = state.objects[card]
    chars = game.chars(card)
    from_command = obj.zone == COMMAND and obj.commander
    flashback = _flashback(game, player, card, chars)
    permitted = state.permission(card, player, ("play", "cast")) if obj.zone == "exile" else None  # 601.3
    if permitted is None and obj.zone == "exile" and flashback is None:
        raise IllegalAction(f"{chars.name} is in exile, and no effect lets {player} cast it now", rules.CAST_PERMISSION,
                            rules.CAST_PROPOSE)
    if permitted is None and ((obj.zone != "hand" and not from_command and flashback is None)
                              or obj.owner != player):
        raise IllegalAction(f"{chars.name} isn't in {player}'s hand" + (" (a commander is cast from the command zone "
                            "by its owner)" if obj.commander else ""), rules.CAST_PROPOSE)
    if "land" in chars.types:
        raise IllegalAction(f"{chars.name} is a land: it is played, not cast", rules.LAND_PLAY)
    _split_second(game, f"{chars.name} can't be cast")
    instant = "instant" in chars.types or chars.has("flash")
    if not instant:
        why = _sorcery_timing(game, player)
        if why:
            rule = rules.CREATURE_TIMING if chars.is_creature else rules.SORCERY_TIMING
            raise IllegalAction(f"{chars.name} can't be cast now: {why}, and it is neither an instant nor has flash",
                                rule, rules.PRIORITY_CAST_TIMING)
    spell = chars.abilities_of("spell")
    announced = dict(choices or {})
    if flashback is not None:
        announced["flashback"] = True  # its card is exiled as it leaves the stack (`stack.goes_to`)
    printed = spell[0].effect if spell else None
    modal = _check_modes(printed, announced, chars.name)
    item_id = card
    item = StackItem(id=item_id, kind="spell", source=card, controller=player, text=spell[0].text if spell else "",
                     name=chars.name, source_chars=chars, effect=printed, choices=announced)
    cited = [rules.CAST_PROPOSE, rules.STACK_CAST, *([rules.CAST_PERMISSION] if permitted is not None else [])]
    if modal:
        cited += [rules.CAST_ANNOUNCE, rules.MODES]
    if "Aura" in chars.subtypes:  # 303.4a: an Aura spell targets what it can enchant
        item.targets = _aura_target(game, card, chars, chosen, player)
        enchant = chars.abilities_of("enchant")
        quality = enchant[0].quality if enchant else None
        described = enchant[0].described if enchant else None
        noun = quality.value if quality is not None and quality.kind == "type" else "permanent"
        item.specs = (dataclasses.replace(described, selector=n.Selector("target"), target=0,
                                          text=f"target {described.text}") if described is not None else
                      n.Description(n.Selector("target"), (noun,), target=0, text=f"target {noun}"),)
        cited.append(rules.AURA_TARGET)
    else:
        item.specs = targets.specs_of(printed, every_mode=True)
        item.targets = targets.assign(game, targets.specs_of(printed, announced.get("modes")), chosen, player, chars,
                                      item_id, card, chars.name)
    if item.targets:
        cited += [rules.CAST_TARGETS, rules.TARGETED_SPELL]
    _check_division(printed, item, chars.name)
    mana_cost, extra_said, extra_changes, extra_rules = _spell_costs(game, player, card, chars, announced,
                                                                     flashback)
    tax = 2 * state.players[player].commander_casts.get(card, 0) if from_command else 0
    if tax:  # 903.8: {2} more for each previous time it was cast from the command zone
        mana_cost = f"{{{tax}}}{mana_cost}"
    mana_cost, changed, change_rules = total_cost(game, player, card, chars, mana_cost)
    mana_cost, delved, delve_said, delve_rules = delve(game, player, card, chars, mana_cost, announced.get("delve"))
    extra_said += [*changed, *delve_said]
    extra_rules += [*change_rules, *delve_rules]
    extra_changes += delved
    payment, paid, pay_rules = mana.payment(game, player, mana_cost, sources, chars.name,
                                            x=announced.get("x"), announce=announced.get("announce"))
    cast_events = [CommanderCast(player, card)] if from_command else []
    game.perform(ZoneChange(card, obj.zone, STACK, "cast", controller=player), StackPush(item), *payment,
                 *extra_changes, *cast_events)
    if flashback is not None:
        paid = f"cast from their graveyard with flashback, {flashback.text} rather than its mana cost" + (
            f"; {paid}" if paid else "")
        cited += [rules.FLASHBACK, rules.ALTERNATIVE_COST]
    if from_command:
        how = f"with commander tax {{{tax}}}" if tax else "no tax the first time"
        paid = f"cast from the command zone, {how}" + (f"; {paid}" if paid else "")
        cited.append(rules.COMMANDER_CAST)
    timing = [rules.INSTANT_TIMING if "instant" in chars.types else rules.FLASH] if instant else \
        [rules.CREATURE_TIMING if chars.is_creature else rules.SORCERY_TIMING]
    response = f" in response to {describe(game, state.stack[-2])}" if len(state.stack) > 1 else ""
    costs = "; ".join([*([paid] if paid else []), *extra_said])
    text = f"{player} casts {describe(game, item)}{response}" + (f"; {costs}" if costs else "") + \
        ". It is on the stack."
    cited += [*timing, rules.CAST_TOTAL_COST, *extra_rules, *pay_rules, rules.CAST_DONE]
    if response:
        cited.append(rules.IN_RESPONSE)
    _after(game, player, item, text, cited)


def _flashback(game: Play, player: str, card: str, chars: Characteristics) -> Cost | None:
    """702.34a: the flashback cost of an instant or sorcery card in its owner's graveyard, which may be cast from
    there by paying it rather than its mana cost; else None."""
    obj = game.state.objects[card]
    found = chars.abilities_of("flashback")
    if obj.zone != "graveyard" or obj.owner != player or not found or not chars.types & {"instant", "sorcery"}:
        return None
    return found[0].cost


def _spell_costs(game: Play, player: str, card: str, chars: Characteristics, announced: dict[str, Any],
                 alternative: Cost | None = None) -> tuple[str, list[str], list[Event], list[rules.Cite]]:
    """601.2b, 601.2f: the total cost — the mana cost or an alternative cost paid rather than it (118.9:
    flashback), plus kicker if the player announced it (702.33), plus "as an additional cost" actions. Returns the
    mana to pay, and the other costs' text, events and rules."""
    mana_cost = alternative.mana if alternative is not None else chars.mana_cost
    said: list[str] = []
    changes: list[Event] = []
    cited: list[rules.Cite] = []
    kickers = chars.abilities_of("kicker")
    if announced.get("kicked"):
        if not kickers:
            raise IllegalAction(f"{chars.name} has no kicker to pay", rules.KICKER)
        kicker = kickers[0].cost
        assert kicker is not None
        mana_cost += kicker.mana
        said.append(f"kicked (kicker {kicker.text})")
        cited += [rules.CAST_ANNOUNCE, rules.KICKER, rules.KICKED]  # announced as it is cast (601.2b)
    for extra in chars.abilities_of("additional cost"):
        assert extra.cost is not None
        mana_cost += extra.cost.mana
        if extra.cost.life:
            if game.state.players[player].life < extra.cost.life:
                raise IllegalAction(f"{player} can't pay {extra.cost.life} life", rules.PAY_LIFE)
            changes.append(LifeChange(player, -extra.cost.life, game.state.players[player].life))
            said.append(f"pays {extra.cost.life} life")
        more, texts, paid, rule_list = pay_actions(game, player, card, extra.cost, announced, chars.name)
        changes += more
        said += texts
        cited += [rules.CAST_TOTAL_COST, *rule_list]
        for key, refs in paid.items():
            announced.setdefault("paid", {}).setdefault(key, []).extend(refs)
    return mana_cost, said, changes, cited


def _aura_target(game: Play, card: str, chars: Characteristics, chosen: list[str], player: str) -> list[Target]:
    if len(chosen) != 1:
        raise IllegalAction(f"{chars.name} is an Aura spell and needs one target", rules.AURA_TARGET)
    target = targets.choose(game, chosen[0])
    if not game.state.on_battlefield(chosen[0]):
        raise IllegalAction(f"{chars.name} can't target {game.name(chosen[0])}: it isn't on the battlefield",
                            rules.TARGET_PERMANENTS, rules.AURA_TARGET)
    enchant = chars.abilities_of("enchant")
    target_chars = game.chars(chosen[0])
    if enchant and not can_enchant(game, card, enchant[0], chosen[0], player):
        raise IllegalAction(f"{chars.name} can't target {target_chars.name} ({enchant[0].text})", rules.AURA_TARGET)
    for keyword, rule in (("shroud", rules.SHROUD), ("hexproof", rules.HEXPROOF)):
        if target_chars.has(keyword) and (keyword == "shroud" or game.controller(chosen[0]) != player):
            raise IllegalAction(f"{chars.name} can't target {target_chars.name}: it has {keyword}", rule)
    return [target]


def _after(game: Play, player: str, item: StackItem, text: str, cited: list[rules.Cite]) -> None:
    """601.2i / 602.2b: it is cast or activated, and ward triggers; the player then receives priority again
    (117.3c), from the turn loop."""
    game.state.pending_triggers += triggers.ward_triggers(game, item)
    game.record(ACTION, text, [*cited, rules.PRIORITY_AFTER_ACTION])
    for target in item.targets:  # what made it a legal target (115, 702.11, 702.16): once per change (613)
        if target.ref in game.state.objects:
            game.what_decided(target.ref, ("abilities", "colors", "types"), f"{game.name(target.ref)} is targeted")


def activate(game: Play, player: str, source: str, index: int, chosen: list[str], sources: list[str] | None,
             choices: dict[str, Any] | None = None) -> None:
    """602.2: activate the `index`-th activated ability (1-based, mana and loyalty abilities included)."""
    _priority(game, player)
    state = game.state
    zone = state.objects[source].zone
    chars = game.chars(source)
    abilities = [a for a in chars.abilities if unmodelled.activatable(a)]
    if not 1 <= index <= len(abilities):
        raise IllegalAction(f"{chars.name} has {len(abilities)} activated abilit{'y' if len(abilities) == 1 else 'ies'}"
                            f"; there is no ability {index}", rules.ACTIVATE)
    ability = abilities[index - 1]
    unmodelled.check_activation(game, source, ability)
    if ability.functions_in != zone:  # 113.6, 113.6m
        raise IllegalAction(f"{chars.name}'s ability (\"{ability.shown(chars.name)}\") functions only while it is in "
                            f"the {ability.functions_in}; it is in the {zone}", rules.ABILITY_ZONES, rules.ACTIVATE)
    cited_zone = [rules.ABILITY_ZONES] if zone != "battlefield" else []
    if ability.kind != "mana":
        _split_second(game, f"{chars.name}'s ability can't be activated")
    if game.controller(source) != player:
        raise IllegalAction(f"only {chars.name}'s controller, {game.controller(source)}, can activate its abilities",
                            rules.ACTIVATE)
    cost = ability.cost
    cited: list[rules.Cite] = [rules.ACTIVATE, rules.PRIORITY_ACTIVATE, *cited_zone,
                               *([ability.rule] if ability.rule else [])]  # a keyword's meaning (702.29a)
    changes: list[Event] = []
    paid: list[str] = []
    obj = state.objects[source]
    if cost.loyalty is not None:
        why = _sorcery_timing(game, player)
        if why or source in state.loyalty_activated:
            raise IllegalAction(f"{chars.name}'s loyalty ability can't be activated now: "
                                f"{why or 'a loyalty ability of it was already activated this turn'}",
                                rules.LOYALTY_TIMING)
        if cost.loyalty < 0 and obj.counters.get("loyalty", 0) < -cost.loyalty:
            raise IllegalAction(f"{chars.name} has {obj.counters.get('loyalty', 0)} loyalty; it can't remove "
                                f"{-cost.loyalty}", rules.LOYALTY_COST, rules.PAY_COST_RESOURCES)
        changes.append(CounterChange(source, "loyalty", cost.loyalty))
        paid.append(f"{cost.loyalty:+d} loyalty")
        cited += [rules.LOYALTY_TIMING, rules.LOYALTY_COST]
    if cost.sorcery:
        why = _sorcery_timing(game, player)
        if why:
            raise IllegalAction(f"this ability is activated only as a sorcery: {why}", rules.ACTIVATE_AS_SORCERY)
    if cost.tap:
        if obj.tapped:
            raise IllegalAction(f"{chars.name} is tapped: its {{T}} cost can't be paid", rules.PAY_COST_RESOURCES)
        if chars.is_creature and game.newly_controlled(source) and not chars.has("haste"):
            raise IllegalAction(f"{chars.name} hasn't been under {player}'s control since their most recent turn "
                                "began, so its {T} abilities can't be activated", rules.ACTIVATE_TAP_SICKNESS)
        changes.append(StatusChange(source, True))
        paid.append("{T}")
    if cost.life:
        if state.players[player].life < cost.life:
            raise IllegalAction(f"{player} can't pay {cost.life} life", rules.PAY_COST_RESOURCES, rules.PAY_LIFE)
        changes.append(LifeChange(player, -cost.life, state.players[player].life))
        paid.append(f"{cost.life} life")
    announced = dict(choices or {})
    if cost.crew:  # "Crew N" (702.122a)
        crew, said, crew_rules = crew_with(game, player, source, cost.crew, announced.get("crew"))
        changes += [StatusChange(c, True) for c in crew]
        paid.append(said)
        cited += crew_rules
    if ability.rule in (rules.CYCLING, rules.TYPECYCLING):  # typecycling is cycling (702.29f)
        announced["cycled"] = True  # "When you cycle this card", "Whenever a player cycles a card" (702.29c)
    more, texts, paid_with, more_rules = pay_actions(game, player, source, cost, announced, chars.name)
    changes += more
    paid += texts
    cited += more_rules
    if paid_with:
        announced["paid"] = paid_with
    if cost.sacrifice:  # "{T}, Sacrifice this token: Add one mana of any color." too
        changes.append(ZoneChange(source, "battlefield", "graveyard", "sacrificed"))
        paid.append(f"sacrifices {chars.name}")
        cited.append(rules.SACRIFICE)
    if ability.kind == "mana":
        _mana_ability(game, player, source, ability, changes, paid, more_rules)
        return
    item = StackItem(id=state.new_id("ability"), kind="activated", source=source, controller=player,
                     text=ability.shown(chars.name), name=f"{chars.name}'s ability", source_chars=chars,
                     effect=ability.effect, choices=announced, source_incarnation=obj.incarnation)
    _check_modes(ability.effect, announced, item.name)
    item.specs = targets.specs_of(ability.effect, every_mode=True)
    item.targets = targets.assign(game, targets.specs_of(ability.effect, announced.get("modes")), chosen, player,
                                  chars, item.id, source, item.name)
    if item.targets:
        cited += [rules.CAST_TARGETS, rules.TARGETED_ACTIVATED]
    payment, text, pay_rules = mana.payment(game, player, cost.mana, sources, item.name,
                                            x=item.choices.get("x"), announce=item.choices.get("announce"))
    if cost.loyalty is not None:
        state.loyalty_activated.add(source)
    game.perform(StackPush(item), *payment, *changes)
    costs = "; ".join([*([text] if text else []), *paid])
    response = f" in response to {describe(game, state.stack[-2])}" if len(state.stack) > 1 else ""
    _after(game, player, item, f"{player} activates {describe(game, item)}{response} (\"{ability.shown(chars.name)}\")"
           + (f", paying {costs}" if costs else "") + ". It is on the stack.",
           [*cited, rules.ACTIVATE_AS_CAST, *pay_rules, *([rules.IN_RESPONSE] if response else [])])


def _mana_ability(game: Play, player: str, source: str, ability: Ability, changes: list[Event],
                  paid: list[str], cost_rules: list[rules.Cite]) -> None:
    """605.3b: a mana ability doesn't use the stack; it resolves at once. `cost_rules`: those of the costs beyond
    mana and {T} ("Tap an untapped creature you control", 701.26a)."""
    chars = game.chars(source)
    game.perform(*changes)
    item = StackItem(id="mana", kind="activated", source=source, controller=player, text=ability.shown(chars.name),
                name=game.name(source), source_chars=chars, effect=ability.effect)
    lines, cited = effects.perform(game, item, set())
    game.record(ACTION, f"{player} activates {game.name(source)}'s mana ability (\"{item.text}\"), paying "
                f"{', '.join(paid)}: {'; '.join(lines)}. It doesn't use the stack.",
                [rules.MANA_ABILITY, *cost_rules, rules.MANA_ABILITY_NO_STACK, *cited, rules.PRIORITY_AFTER_ACTION])


def play_land(game: Play, player: str, card: str) -> None:
    """116.2a, 305.1: a special action, once a turn, at sorcery speed; it doesn't use the stack."""
    _priority(game, player)
    state = game.state
    chars = game.chars(card)
    permitted = state.permission(card, player, ("play",)) if state.objects[card].zone == "exile" else None
    if (permitted is None and (state.objects[card].zone != "hand" or state.objects[card].owner != player)) \
            or "land" not in chars.types:
        raise IllegalAction(f"{chars.name} isn't a land card in {player}'s hand", rules.LAND_PLAY)
    why = _sorcery_timing(game, player)
    if why:
        raise IllegalAction(f"{player} can't play a land now: {why}", rules.LAND_PLAY, rules.SPECIAL_ACTION_LAND)
    more = [a for o in state.permanents() if game.controller(o.id) == player
            for a in game.chars(o.id).abilities_of("additional land")]  # 305.2: each adds one
    if state.lands_played >= 1 + len(more):
        played = f"{state.lands_played} land{'s' if state.lands_played != 1 else ''}"
        raise IllegalAction(f"{player} has already played {played} this turn", rules.LAND_PER_TURN,
                            *([rules.LANDS_PER_TURN_COMPARED] if more else []))
    extra, notes, cited = entering(game, game.choices, card)
    state.lands_played += 1
    game.perform(ZoneChange(card, state.objects[card].zone, "battlefield", "played", controller=player), *extra)
    extra_land = [rules.LAND_PER_TURN, rules.LANDS_PER_TURN_COMPARED] if state.lands_played > 1 else []
    game.record(ACTION, f"{player} plays {chars.name} (a special action: it doesn't use the stack)"
                + (f"; it is land {state.lands_played} this turn, allowed by {len(more)} additional land play"
                   f"{'s' if len(more) != 1 else ''}" if extra_land else "")
                + "".join(f"; {n}" for n in notes) + ".",
                [rules.SPECIAL_ACTION_LAND, rules.LAND_PLAY, *([rules.CAST_PERMISSION] if permitted else []),
                 *extra_land, *cited, rules.PRIORITY_AFTER_ACTION])


def turn_face_up(game: Play, player: str, card: str, sources: list[str] | None) -> None:
    """702.37e, 116.2b: any time they have priority, a player may turn a face-down permanent they control face up by
    paying its morph cost — a special action, no stack. It is the same object (708.8): its counters, damage and
    the effects on it stay, and its "enters" abilities don't trigger, as it already entered."""
    _priority(game, player)
    state = game.state
    obj = state.objects[card]
    if not state.on_battlefield(card) or not obj.face_down:
        raise IllegalAction(f"{game.name(card)} isn't a face-down permanent", rules.TURN_FACE_UP)
    if game.controller(card) != player:
        raise IllegalAction(f"only its controller, {game.controller(card)}, can turn {game.name(card)} face up",
                            rules.MORPH_FACE_UP)
    morph = next((a for a in obj.printed.abilities if a.kind == "morph"), None)
    if morph is None or morph.cost is None:
        raise IllegalAction("it would have no morph cost face up, so it can't be turned face up this way",
                            rules.MORPH_FACE_UP)
    payment, paid, pay_rules = mana.payment(game, player, morph.cost.mana, sources, "the morph cost")
    changes: list[Event] = [*payment, TurnedFaceUp(card)]
    if morph.word == "megamorph":
        changes.append(CounterChange(card, "+1/+1", 1))
    game.perform(*changes)
    chars = game.chars(card)
    game.record(ACTION, f"{player} turns a face-down creature face up (a special action: it doesn't use the stack)"
                + (f"; {paid}" if paid else "") + f": it is {chars.name}, {chars.pt or chars.type_line}. It is the "
                "same permanent: damage, counters and effects on it stay, and its \"enters\" abilities don't "
                "trigger.", [rules.TURN_FACE_UP, rules.MORPH_FACE_UP, *pay_rules, rules.FACE_UP,
                             rules.PRIORITY_AFTER_ACTION])
