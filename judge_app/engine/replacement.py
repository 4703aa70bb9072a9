"""Replacement (614) and prevention (615) effects, applied in front of the events they modify, each at most
once to an event (614.5), in the order the affected player or controller chooses (616.1), self-replacement
effects first (616.1a). Where a scenario gives no order, the default is timestamp order, said in the trace.

Damage: self-replacement ("deals 5 damage instead", 614.15), "deals double that damage" (614.1a), shields
("prevent the next N damage", 615.7), "prevent all combat damage this turn" and "prevent all damage that
would be dealt to ~" (615.1a). Zone changes: "If a creature would die, exile it instead". Entering:
"enters tapped" and "enters with N +1/+1 counters" (614.1c–d, 614.12). Steps: "Skip your draw step" (614.10).

Nothing here changes the game: each function returns the events as modified, the events to add (a shield
used up) and what the trace should say; `perform.Play` and `damage.py` perform and record them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from judge_app.engine import rules
from judge_app.engine.ability import Ability
from judge_app.engine.choices import Choices
from judge_app.engine.events import Assignment, CounterChange, Event, ShieldChange, StatusChange, ZoneChange
from judge_app.engine.state import Shield
from judge_app.engine.trace import NOTE, Note
from judge_app.engine.view import View


@dataclass
class _Option:
    """One replacement or prevention effect that could apply to a damage event."""

    key: str  # the source's id: what a scenario names to choose the order
    label: str
    timestamp: int
    self_replacement: bool = False
    shield: Shield | None = None
    doubles: bool = False
    instead: int = 0
    prevents_all: bool = False


def _statics(game: View, word: str) -> list[tuple[str, Ability]]:
    return [(o.id, a) for o in game.state.permanents() for a in game.chars(o.id).abilities_of("replacement")
            if a.word == word]


def _options(game: View, a: Assignment, combat: bool, used: set[str], shields: list[Shield]) -> list[_Option]:
    state = game.state
    out: list[_Option] = []
    if a.instead is not None:
        land_type, amount = a.instead
        controller = game.controller(a.source) if state.on_battlefield(a.source) else state.objects[a.source].controller
        lands = [game.chars(o.id) for o in state.permanents() if game.controller(o.id) == controller]
        if any(land_type in chars.subtypes for chars in lands):
            out.append(_Option(f"{a.source}:self", f"{game.name(a.source)} (you control a {land_type}: "
                                                   f"{amount} damage instead)", 0, self_replacement=True,
                               instead=amount))
    for oid, _ in _statics(game, "double damage"):
        out.append(_Option(oid, f"{game.name(oid)} (double damage)", state.objects[oid].timestamp, doubles=True))
    if a.recipient in state.objects:
        for oid, ability in _statics(game, "prevent all"):
            if oid == a.recipient:
                text = ability.shown(game.chars(oid).name).rstrip(".")
                out.append(_Option(oid, f"{game.name(oid)} ({text})", state.objects[oid].timestamp,
                                   prevents_all=True))
    for shield in shields:
        recipient_ok = shield.recipient == a.recipient and (
            a.recipient in state.players or state.objects[a.recipient].incarnation == shield.incarnation)
        if (shield.kind == "prevent" and recipient_ok and shield.amount > 0) or (shield.kind == "prevent combat"
                                                                                   and combat):
            out.append(_Option(shield.source, shield.describe(), shield.timestamp, shield=shield))
    return [o for o in out if o.key not in used]


@dataclass
class DamageModified:
    """What replacement and prevention effects made of some damage (120.4b): the damage still dealt, the
    shields used up (events to perform first), and what the trace says, with the rules."""

    assignments: list[Assignment]
    shield_changes: list[Event]
    lines: list[str]
    rules: list[rules.Cite]


def modify_damage(game: View, choices: Choices, assignments: list[Assignment], combat: bool) -> DamageModified:
    """120.4b: each damage event as modified by replacement and prevention effects, in the chosen order."""
    out: list[Assignment] = []
    lines: list[str] = []
    cited: list[rules.Cite] = []
    shields = list(game.state.shields)
    used_up: list[Event] = []
    for a in assignments:
        used: set[str] = set()
        amount = a.amount
        chooser = a.recipient if a.recipient in game.state.players else game.controller(a.recipient)
        wanted = choices.replacement_order.get(chooser, [])
        first = True
        while amount > 0:
            options = _options(game, dataclasses.replace(a, amount=amount), combat, used, shields)
            if not options:
                break
            if len(options) > 1 and first:
                named = [o for o in options if not o.self_replacement and o.key in wanted]
                how = "chooses" if named else "doesn't say (default: the effects in the order they began)"
                lines.append(f"{len(options)} effects would modify {amount} damage from {game.name(a.source)} to "
                             f"{game.name(a.recipient)}; {chooser}, the affected player or controller, {how} which "
                             "applies first")
                cited += [rules.ORDER_EFFECTS, rules.ANY_EFFECT_FIRST]
            first = False
            option = _pick(options, wanted)
            used.add(option.key)
            amount, line, rule_list, change = _apply(option, amount)
            if change is not None:  # the shield now has less left, or is gone (615.7)
                shields = [s for s in shields if s is not change.old]
                shields += [change.shield] if change.shield is not None else []
                used_up.append(change)
            lines.append(line)
            cited += rule_list
        if used and len(used) > 1:
            cited.append(rules.ORDER_REPEATS)
        if amount > 0:
            out.append(dataclasses.replace(a, amount=amount, instead=None))
        elif a.amount > 0 and used:
            lines.append(f"no damage from {game.name(a.source)} is dealt to {game.name(a.recipient)}")
    return DamageModified(out, used_up, lines, cited)


def _pick(options: list[_Option], wanted: list[str]) -> _Option:
    selves = [o for o in options if o.self_replacement]
    if selves:
        return selves[0]
    for key in wanted:
        for option in options:
            if option.key == key:
                return option
    return min(options, key=lambda o: o.timestamp)


def _apply(option: _Option, amount: int) -> tuple[int, str, list[rules.Cite], ShieldChange | None]:
    if option.self_replacement:
        return option.instead, f"self-replacement first: {option.label}", [rules.SELF_REPLACEMENT,
                                                                            rules.SELF_REPLACEMENT_FIRST], None
    if option.doubles:
        return amount * 2, f"{option.label}: {amount} becomes {amount * 2}", [rules.REPLACEMENT_INSTEAD,
                                                                             rules.REPLACEMENT_ONCE], None
    if option.prevents_all:
        return 0, f"{option.label}: all {amount} prevented", [rules.PREVENTION, rules.PREVENT_WORD], None
    shield = option.shield
    assert shield is not None
    if shield.kind == "prevent combat":
        return 0, f"{shield.describe()}: all {amount} combat damage prevented", [rules.PREVENTION,
                                                                                 rules.PREVENT_WORD], None
    prevented = min(amount, shield.amount)
    left = dataclasses.replace(shield, amount=shield.amount - prevented)
    return amount - prevented, (f"{shield.describe()}: {prevented} prevented, {amount - prevented} left; the shield "
                                f"has {left.amount} left"), [rules.PREVENTION, rules.PREVENTION_SHIELD], \
        ShieldChange(left if left.amount else None, shield)


def replace_events(game: View, changes: tuple[Event, ...]) -> tuple[list[Event], list[Note]]:
    """Zone changes as replacement effects modify them: "If a creature would die, exile it instead" (614.1a);
    and what the trace says about each replacement, to record before the events happen."""
    out: list[Event] = []
    notes: list[Note] = []
    for change in changes:
        if isinstance(change, ZoneChange) and change.from_zone == "battlefield" and change.to_zone == "graveyard":
            for oid, ability in _statics(game, "die exile"):
                if (ability.affects == "all" and game.chars(change.object).is_creature) or oid == change.object:
                    shown = ability.shown(game.chars(oid).name)
                    notes.append(Note(NOTE, f"{game.name(change.object)} would die; {game.name(oid)} (\"{shown}\") "
                                      "replaces that: it is exiled instead, and the event it replaced never happens.",
                                      [rules.REPLACEMENT_INSTEAD, rules.REPLACED_EVENT, rules.DIES]))
                    change = dataclasses.replace(change, to_zone="exile", how=f"{change.how}, exiled instead")
                    break
        out.append(change)
    return out, notes


def entering(game: View, oid: str) -> tuple[list[Event], list[str], list[rules.Cite]]:
    """How the permanent enters, as its own replacement effects say (614.1c–d, 614.12), with its loyalty
    (306.5b). Returns the extra events (applied with the zone change), notes and rules."""
    chars = game.chars(oid) if not game.state.on_battlefield(oid) else game.state.objects[oid].printed
    events: list[Event] = []
    notes: list[str] = []
    cited: list[rules.Cite] = []
    for ability in chars.abilities_of("replacement"):
        if ability.word == "enters tapped":
            events.append(StatusChange(oid, True))
            notes.append(f"it enters tapped (\"{ability.shown(chars.name)}\")")
            cited += [rules.REPLACEMENT_ENTERS, rules.ENTERS_REPLACEMENT]
        elif ability.word == "enters with counters":
            events.append(CounterChange(oid, "+1/+1", ability.value))
            notes.append(f"it enters with {ability.value} +1/+1 counter{'s' if ability.value != 1 else ''} on it")
            cited += [rules.REPLACEMENT_ENTERS_WITH, rules.ENTERS_REPLACEMENT]
    if chars.is_planeswalker and chars.loyalty:
        events.append(CounterChange(oid, "loyalty", chars.loyalty))
        notes.append(f"it enters with {chars.loyalty} loyalty counters")
        cited.append(rules.PLANESWALKER_ENTERS_WITH_LOYALTY)
    return events, notes, cited


def skipped(game: View, player: str, step: str) -> Ability | None:
    """A "Skip your [step]" effect of a permanent `player` controls (614.1b, 614.10)."""
    for oid, ability in _statics(game, f"skip {step}"):
        if game.controller(oid) == player:
            return ability
    return None


def end_of_turn(game: View) -> list[Event]:
    """Shields from resolved spells last "this turn": they end in the cleanup step (514.2)."""
    return [ShieldChange(None, s) for s in game.state.shields]

