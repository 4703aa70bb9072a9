"""Dealing damage and its results (120): prevention by protection, then life loss, poison, damage marked,
-1/-1 counters, loyalty lost, life gained through lifelink, and the deathtouch mark.

`deal_damage` is used by combat (510.2, all at once) and by effects (120.2b). It follows the four-part
sequence of 120.4: (a) excess redirection is not modelled in part 1; (b) damage is prevented where
protection says so (702.16e); (c) what remains is turned into its results (120.3); (d) it happens.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge_app.engine import rules
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.events import (
    Assignment,
    CommanderDamage,
    CounterChange,
    DamageDealt,
    DamageMarked,
    Event,
    LifeChange,
)
from judge_app.engine.perform import Play
from judge_app.engine.protection import protection_from
from judge_app.engine.replacement import modify_damage


@dataclass
class DamageReport:
    """What a damage event did, for the trace: one line per source and recipient, and the rules applied."""

    lines: list[str]
    rules: list[rules.Cite]
    events: list[Event]


def deal_damage(game: Play, assignments: list[Assignment], combat: bool,
                source_chars: Characteristics | None = None) -> DamageReport:
    """Deal every assignment simultaneously (510.2 for combat damage) and return what happened. `source_chars`
    stands in for a source that isn't on the battlefield (a spell, or last known information, 608.2b)."""
    state = game.state

    def chars_of(source: str) -> Characteristics:
        return source_chars if source_chars is not None and not state.on_battlefield(source) else game.chars(source)

    lines: list[str] = []
    cited: list[rules.Cite] = [rules.COMBAT_DAMAGE if combat else rules.NONCOMBAT_DAMAGE, rules.DAMAGE_PROCESS]
    dealt: list[Assignment] = []
    for a in assignments:
        if a.amount <= 0:
            continue
        source = chars_of(a.source)
        if a.recipient in state.objects:
            protection = protection_from(game.chars(a.recipient), source)
            if protection:
                lines.append(f"{a.amount} damage from {source.name} to {game.name(a.recipient)} is prevented: "
                             f"{game.name(a.recipient)} has {protection.lower()}")
                cited += [rules.DAMAGE_PREVENTED_STEP, rules.PROTECTION_DAMAGE, rules.PREVENTION]
                continue
        dealt.append(a)
    modified = modify_damage(game, game.choices, dealt, combat, chars_of)
    if modified.shield_changes:
        game.perform(*modified.shield_changes)
    dealt = modified.assignments
    prevented = [a.source for a in assignments if a.amount > 0 and a.source not in {d.source for d in dealt}]
    if modified.lines:
        lines += modified.lines
        cited += [rules.DAMAGE_PREVENTED_STEP, *modified.rules]

    changes: list[Event] = []
    planned: list[tuple[Event, int]] = []  # results that replacement or "can't" effects may change (120.4c)
    life_before = {name: p.life for name, p in state.players.items()}
    gained: dict[str, int] = {}
    for a in dealt:
        source = chars_of(a.source)
        deathtouch = source.has("deathtouch")
        changes.append(DamageDealt(a.source, a.recipient, a.amount, combat, deathtouch))
        target_name = game.name(a.recipient)
        if a.recipient in state.players:
            if source.has("infect"):
                planned.append((CounterChange(a.recipient, "poison", a.amount), len(lines)))
                changes.append(planned[-1][0])
                if combat and a.source in state.objects and state.objects[a.source].commander:
                    changes.append(CommanderDamage(a.recipient, a.source, a.amount))
                    cited.append(rules.COMMANDER_DAMAGE)
                lines.append(f"{source.name} deals {a.amount} damage to {target_name} (infect): {target_name} gets "
                             f"{a.amount} poison counter{'s' if a.amount != 1 else ''}")
                cited += [rules.INFECT_TO_PLAYER, rules.INFECT_PLAYER]
            else:
                planned.append((LifeChange(a.recipient, -a.amount, life_before[a.recipient]), len(lines)))
                changes.append(planned[-1][0])
                life_before[a.recipient] -= a.amount
                if combat and a.source in state.objects and state.objects[a.source].commander:
                    changes.append(CommanderDamage(a.recipient, a.source, a.amount))
                    cited.append(rules.COMMANDER_DAMAGE)
                lines.append(f"{source.name} deals {a.amount} damage to {target_name}, who loses {a.amount} life")
                cited.append(rules.DAMAGE_TO_PLAYER)
            toxic = sum(x.value for x in source.abilities_of("toxic")) if combat else 0
            if toxic:  # 702.164c: combat damage to a player also gives poison counters, the total toxic value
                planned.append((CounterChange(a.recipient, "poison", toxic), len(lines)))
                changes.append(planned[-1][0])
                lines.append(f"{source.name} has toxic {toxic}: {target_name} gets {toxic} poison "
                             f"counter{'s' if toxic != 1 else ''}")
                cited.append(rules.TOXIC)
        else:
            recipient = game.chars(a.recipient)
            if "battle" in recipient.types and not recipient.is_creature:
                planned.append((CounterChange(a.recipient, "defense", -a.amount), len(lines)))
                changes.append(planned[-1][0])
                lines.append(f"{source.name} deals {a.amount} damage to {target_name}: {a.amount} defense "
                             f"counter{'s' if a.amount != 1 else ''} removed")
                cited.append(rules.DAMAGE_TO_BATTLE)
            elif recipient.is_planeswalker and not recipient.is_creature:
                changes.append(CounterChange(a.recipient, "loyalty", -a.amount))
                lines.append(f"{source.name} deals {a.amount} damage to {target_name}: {a.amount} loyalty "
                             f"counter{'s' if a.amount != 1 else ''} removed")
                cited.append(rules.DAMAGE_TO_PLANESWALKER)
            elif source.has("wither") or source.has("infect"):
                keyword = "infect" if source.has("infect") else "wither"
                planned.append((CounterChange(a.recipient, "-1/-1", a.amount), len(lines)))
                changes.append(planned[-1][0])
                lines.append(f"{source.name} deals {a.amount} damage to {target_name} ({keyword}): {a.amount} -1/-1 "
                             f"counter{'s' if a.amount != 1 else ''} put on it instead of damage marked")
                cited += [rules.WITHER_INFECT_TO_CREATURE, rules.INFECT_CREATURE if keyword == "infect"
                          else rules.WITHER]
            else:
                changes.append(DamageMarked(a.recipient, a.amount))
                lines.append(f"{source.name} deals {a.amount} damage to {target_name} (marked on it)")
                cited.append(rules.DAMAGE_MARKED)
            if deathtouch and recipient.is_creature:
                lines.append(f"{target_name} has been dealt damage by a source with deathtouch")
                cited.append(rules.DEATHTOUCH)
        if source.has("lifelink"):
            gained[a.source] = gained.get(a.source, 0) + a.amount
    for source_id in dict.fromkeys(prevented):
        if chars_of(source_id).has("lifelink"):
            lines.append(f"{chars_of(source_id).name} has lifelink, but it dealt no damage: no life is gained")
            cited += [rules.LIFELINK, rules.ZERO_DAMAGE]
    for source_id, amount in gained.items():  # one life gain event per source (702.15e)
        controller = game.controller(source_id) if state.on_battlefield(source_id) else chars_of(source_id).controller
        planned.append((LifeChange(controller, amount, life_before[controller]), len(lines)))
        changes.append(planned[-1][0])
        life_before[controller] += amount
        lines.append(f"{chars_of(source_id).name} has lifelink: {controller} gains {amount} life")
        cited += [rules.LIFELINK_RESULT, rules.LIFELINK]
    done = game.perform(*changes, *modified.riders)
    _amend(lines, planned, done)
    if not dealt and not lines:
        lines.append("no damage is dealt")
        cited.append(rules.ZERO_DAMAGE)
    return DamageReport(lines, cited, changes)


def _key(event: Event) -> tuple[object, ...]:
    if isinstance(event, LifeChange):
        return ("life", event.player, event.amount > 0)
    assert isinstance(event, CounterChange)
    return ("counters", event.target, event.counter)


def _amend(lines: list[str], planned: list[tuple[Event, int]], done: list[Event]) -> None:
    """120.4c: the results of damage as replacement and "can't" effects left them; the trace says so where a
    result didn't happen as planned (the note recorded before says why)."""
    pool = [e for e in done if isinstance(e, LifeChange | CounterChange)]
    for event, index in planned:
        match = next((e for e in pool if _key(e) == _key(event)), None)
        if match is None:
            lines[index] += " — but that doesn't happen (see above)"
            continue
        pool.remove(match)
        if match.amount != event.amount:  # type: ignore[attr-defined]
            lines[index] += f" — {abs(match.amount)} instead (see above)"  # type: ignore[attr-defined]
