"""Turn structure (500–514): steps in order, their turn-based actions (703), priority (117.3–117.5) and cleanup.

Before a player receives priority, state-based actions are performed and triggered abilities are put on
the stack, repeatedly, until neither happens (117.5, 603.3b). A step ends when all players pass in
succession with the stack empty (117.4, 500.2); moving on with objects on the stack means all pass
each time, so they resolve one by one, top first (405.5). "At the beginning of" abilities trigger as
a step begins (603.2b); a step an effect skips never happens (614.10).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from judge_app.engine import combat, resolve, rules, sba, stacking, triggers
from judge_app.engine.continuous import UNTIL_END_OF_TURN, UNTIL_NEXT_UNTAP
from judge_app.engine.effects import draw
from judge_app.engine.errors import IllegalAction
from judge_app.engine.events import (
    DamageRemoved,
    EffectBegins,
    EffectEnds,
    ManaChange,
    StatusChange,
    ZoneChange,
)
from judge_app.engine.layers import restrictions_on
from judge_app.engine.perform import Play
from judge_app.engine.replacement import end_of_turn, skipped
from judge_app.engine.state import NO_PRIORITY_STEPS, STEP_ORDER, Combat, Step
from judge_app.engine.trace import DEFAULT, NOTE, PRIORITY, TRIGGERED, TURN_BASED

# rules describing what happens as each step begins
STEP_RULES: dict[Step, tuple[rules.Cite, ...]] = {
    Step.UPKEEP: (rules.UPKEEP,),
    Step.PRECOMBAT_MAIN: (rules.MAIN_PHASE_PRIORITY,),
    Step.BEGINNING_OF_COMBAT: (rules.COMBAT_STEPS, rules.BEGINNING_OF_COMBAT_PRIORITY),
    Step.DECLARE_ATTACKERS: (rules.DECLARE_ATTACKERS, rules.TBA_DECLARE_ATTACKERS),
    Step.DECLARE_BLOCKERS: (rules.DECLARE_BLOCKERS, rules.TBA_DECLARE_BLOCKERS),
    Step.COMBAT_DAMAGE: (rules.ASSIGN_COMBAT_DAMAGE, rules.TBA_ASSIGN_DAMAGE),
    Step.END_OF_COMBAT: (rules.END_OF_COMBAT,),
    Step.POSTCOMBAT_MAIN: (rules.MAIN_PHASE_PRIORITY,),
    Step.END: (rules.END_STEP,),
}
CHOICE_STEPS = (Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE)
MAX_STEPS = 500  # a guard against a loop in a malformed replay


def start(game: Play) -> None:
    """The replay starts as a player would receive priority in the starting step."""
    state = game.state
    if state.step in CHOICE_STEPS:
        if state.step is not Step.DECLARE_ATTACKERS:
            raise ValueError("a scenario starts before attackers are declared")
        state.combat = state.combat or Combat()
        state.awaiting = state.step
        return
    if state.step is Step.BEGINNING_OF_COMBAT:
        state.combat = Combat()
    if state.step not in NO_PRIORITY_STEPS:
        give_priority(game)


def give_priority(game: Play, player: str | None = None) -> None:
    """Before a player receives priority: state-based actions until none apply (704.3), then triggered
    abilities onto the stack, and again, until neither happens (117.5, 603.3b). Then `player` (by default the
    active player, 117.3a–b) has priority."""
    state = game.state
    for _ in range(sba.MAX_CHECKS):
        sba.check(game)
        state.pending_triggers += triggers.state_triggers(game)  # 603.8
        if game.over or not stacking.put_on_stack(game):
            break
    who = player or state.active
    if state.players[who].lost:  # 800.4j: a player who left doesn't receive priority; the next one does
        who = state.next_player(who)
    state.priority = None if game.over else who
    for waits, before in sorted(state.dependencies):
        game.note_once(("dependency", waits, before), NOTE,
                       f"Dependency: \"{waits}\" depends on \"{before}\" (applying that one changes whether it "
                       "exists or what it applies to), so it waits and applies after it, whatever their timestamps.",
                       [rules.DEPENDENCY, rules.DEPENDS_ON, rules.DEPENDENT_WAITS])


def player_acts(game: Play, act: Callable[[], None], player: str | None = None) -> None:
    """A player acts while they have priority (a waiting turn-based action is first finished by default); then
    `player` (by default the active player) receives priority again (117.3c), after state-based actions and
    triggers (117.5). An illegal act raises `IllegalAction` before anything changes, and no one gets priority
    anew."""
    finish_pending(game, by_default=True)
    act()
    give_priority(game, player)


def resolve_top(game: Play) -> None:
    """All players pass in succession: the top object resolves (608), then the active player receives priority
    (117.3b)."""
    resolve.resolve_top(game)
    give_priority(game, game.state.active)


def resolve_count(game: Play, count: int) -> None:
    """A scenario's "resolve": all players pass in succession, `count` times, each resolving the top object."""
    if game.state.awaiting is not None:
        finish_pending(game, by_default=True)
    for _ in range(count):
        if game.over:
            return
        if not game.state.stack:
            raise IllegalAction("the stack is empty: if all players pass now, the step ends instead",
                                rules.ALL_PASS)
        resolve_top(game)


def resolve_stack(game: Play) -> None:
    """All players pass each time: the stack resolves one object at a time, top first (117.4, 405.5)."""
    for _ in range(MAX_STEPS):
        if game.over or not game.state.stack:
            return
        resolve_top(game)


def advance(game: Play) -> None:
    """End the current step and begin the next (500.2, 500.5, 508.8, 510.4, 511.3)."""
    if game.over:
        return
    if game.state.awaiting is not None:
        finish_pending(game, by_default=True)
        if game.over:
            return
    resolve_stack(game)
    if game.over:
        return
    end_step(game)
    begin_step(game, next_step(game))


def advance_to(game: Play, step: Step, turn_number: int | None = None) -> None:
    """Advance until `step` (of turn `turn_number`, if given) has begun, or the game is over. A step the turn
    skipped (no attackers: 508.8; a skip effect: 614.10) is said to be skipped once the next turn has begun,
    rather than played on through turns that can never hold it (a game no one can lose would never end)."""
    for _ in range(MAX_STEPS):
        state = game.state
        if game.over or (state.step is step and (turn_number is None or state.turn == turn_number)):
            return
        if turn_number is not None and state.turn > turn_number:
            combat_step = step in (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE)
            raise IllegalAction(f"turn {turn_number} had no {step.value} step: it was skipped",
                                rules.NO_ATTACKERS_SKIP if combat_step else rules.SKIP_STEP)
        advance(game)
    raise RuntimeError(f"could not reach the {step.value} step")


def reach_pending(game: Play, step: Step) -> None:
    """Move on, within this turn, to where `step`'s turn-based action waits for choices, or say why it can't."""
    state = game.state
    if game.over:
        raise IllegalAction("the game is over", rules.GAME_ENDS)
    if state.awaiting is step:
        return
    this_turn = state.turn
    if step is Step.COMBAT_DAMAGE and state.step is Step.COMBAT_DAMAGE and state.combat is not None \
            and state.combat.first_strike_step and state.combat.damage_steps == 1:
        advance(game)  # on to the second combat damage step (510.4)
    while not game.over and state.turn == this_turn and state.awaiting is not step \
            and STEP_ORDER.index(state.step) < STEP_ORDER.index(step):
        advance(game)
    if state.awaiting is step:
        return
    if game.over:
        raise IllegalAction("the game is over", rules.GAME_ENDS)
    if step is not Step.DECLARE_ATTACKERS and state.turn == this_turn and state.step is Step.END_OF_COMBAT \
            and state.combat is not None and not state.combat.declared:
        raise IllegalAction("no creature attacked, so the declare blockers and combat damage steps were skipped",
                            rules.NO_ATTACKERS_SKIP)
    what, rule = {
        Step.DECLARE_ATTACKERS: ("attackers are declared", rules.TBA_DECLARE_ATTACKERS),
        Step.DECLARE_BLOCKERS: ("blockers are declared", rules.TBA_DECLARE_BLOCKERS),
        Step.COMBAT_DAMAGE: ("combat damage is assigned", rules.TBA_ASSIGN_DAMAGE),
    }[step]
    raise IllegalAction(f"{what} only as the {step.label} begins; it is now the {game.step_label} "
                        f"{'phase' if 'main' in state.step.value else 'step'} of turn {state.turn}", rule)


def finish_pending(game: Play, by_default: bool = False) -> None:
    """Complete a waiting turn-based action (with the default choice if none was made), then priority."""
    step = game.state.awaiting
    if step is None:
        return
    if by_default:
        if step is Step.DECLARE_ATTACKERS:
            combat.declare_attackers(game, [], by_default=True)
        elif step is Step.DECLARE_BLOCKERS:
            combat.declare_blockers(game, [], by_default=True)
        elif step is Step.COMBAT_DAMAGE:
            combat.combat_damage(game, {})
    game.state.awaiting = None
    if not game.over:
        give_priority(game)


def next_step(game: Play) -> Step:
    state = game.state
    step = state.step
    if step is Step.CLEANUP:
        return Step.UNTAP
    if step is Step.DECLARE_ATTACKERS and state.combat is not None and not state.combat.declared:
        return Step.END_OF_COMBAT  # 508.8
    if step is Step.COMBAT_DAMAGE and state.combat is not None and state.combat.first_strike_step \
            and state.combat.damage_steps == 1:
        return Step.COMBAT_DAMAGE  # 510.4: the second combat damage step
    return STEP_ORDER[STEP_ORDER.index(step) + 1]


def end_step(game: Play) -> None:
    state = game.state
    step = state.step
    if step not in NO_PRIORITY_STEPS:
        order = state.in_turn_order(state.active)
        if len(order) == 2:
            passes = f"{order[0]} has priority and passes, then {order[1]} passes: both passed"
        else:
            passes = f"{order[0]} has priority and passes, then " + ", ".join(order[1:]) + " pass: all passed"
        game.record(PRIORITY, f"{passes} in succession with nothing on the stack, so the {game.step_label} "
                    f"{'phase' if 'main' in step.value else 'step'} ends.",
                    [rules.PRIORITY_AT_STEP_START, rules.PRIORITY_PASS, rules.ALL_PASS, rules.STEP_ENDS_ALL_PASS])
    state.priority = None  # nobody holds priority between steps; the next step gives it anew (117.3a)
    spent = [ManaChange(p.name, mana, -amount) for p in state.players.values() for mana, amount in p.mana_pool.items()]
    if spent:
        game.perform(*spent)
        game.record(TURN_BASED, "Unspent mana empties from the mana pools: "
                    + "; ".join(f"{e.player} loses {-e.amount} {e.mana}" for e in spent) + ".",
                    [rules.MANA_EMPTIES, rules.TBA_MANA_EMPTIES])
    if step is Step.DECLARE_ATTACKERS and state.combat is not None and not state.combat.declared:
        game.record(TURN_BASED, "No creatures were declared as attackers: the declare blockers and combat damage "
                    "steps are skipped.", [rules.NO_ATTACKERS_SKIP])
    if step is Step.END_OF_COMBAT:
        state.combat = None
        state.touch()
        game.record(TURN_BASED, "The end of combat step ends: all creatures and planeswalkers are removed from "
                    "combat, and the combat phase is over.", [rules.COMBAT_ENDS])


def begin_step(game: Play, step: Step) -> None:
    state = game.state
    if step is Step.UNTAP:
        _new_turn(game)
        return
    state.step = step
    state.touch()
    skip = skipped(game, state.active, step.value) if step is Step.DRAW else None
    if skip is not None:
        game.record(TURN_BASED, f"The {step.label} is skipped (\"{skip.text}\"): it never happens, and nothing in it "
                    "takes place.", [rules.REPLACEMENT_SKIP, rules.SKIP_STEP])
        begin_step(game, next_step(game))
        return
    if step is Step.BEGINNING_OF_COMBAT:
        state.combat = Combat()
    if step is Step.DRAW:
        _draw_step(game)
    elif step is Step.CLEANUP:
        _cleanup(game)
        return
    elif step is Step.COMBAT_DAMAGE:
        combat.begin_damage_step(game)
    else:
        game.record(TURN_BASED, f"The {game.step_label} {'phase' if 'main' in step.value else 'step'} begins.",
                    list(STEP_RULES.get(step, ())))
    if step in CHOICE_STEPS:
        state.awaiting = step
        return
    found, notes = triggers.at_step(game, "beginning of combat" if step is Step.BEGINNING_OF_COMBAT else step.value)
    game.say(notes)
    if found:
        state.pending_triggers += found
        game.record(TRIGGERED, "Abilities trigger as the step begins: " + "; ".join(
            f"{p.source_chars.name} (\"{p.ability.shown(p.source_chars.name)}\")" for p in found) + ".",
            [rules.TRIGGER_STEP])
    give_priority(game)


def _new_turn(game: Play) -> None:
    """A new turn: the next player in turn order still in the game becomes active (500.1, 800.4k) and untaps
    (502.3); no one gets priority (502.4)."""
    state = game.state
    state.turn += 1
    state.active = state.next_player(state.active)
    state.step = Step.UNTAP
    state.combat = None
    state.lands_played = 0
    state.loyalty_activated = set()
    state.this_turn = []
    mine = [o for o in state.permanents() if game.controller(o.id) == state.active]
    for obj in mine:
        obj.controlled_since_turn_start = True  # 302.6: controlled continuously since the turn began
    state.touch()
    held = {o.id: why for o in mine if o.tapped and (why := restrictions_on(state, o.id, "untap"))}
    tapped = [o.id for o in mine if o.tapped and o.id not in held]
    game.perform(*(StatusChange(oid, False) for oid in tapped))
    _end_next_untap_effects(game, {o.id for o in mine})
    untapped = ", ".join(game.name(oid) for oid in tapped) or "nothing (no tapped permanents)"
    stays = "".join(f"; {game.name(oid)} stays tapped ({why[0][1]})" for oid, why in held.items())
    game.record(TURN_BASED, f"Turn {state.turn} begins; {state.active} is the active player. Untap step: "
                f"{state.active} untaps {untapped}{stays}. No player receives priority, and the step ends once its "
                f"actions are done.", [rules.UNTAP, rules.TBA_UNTAP, rules.NO_PRIORITY_IN_UNTAP,
                                       rules.STEP_WITHOUT_PRIORITY_ENDS])
    begin_step(game, Step.UPKEEP)


def _end_next_untap_effects(game: Play, untapping: set[str]) -> None:
    """"… during its controller's next untap step": that untap step has come for the active player's permanents,
    so the effect no longer applies to them (611.2a); it goes on for the others it affects."""
    for effect in [e for e in game.state.effects if e.duration == UNTIL_NEXT_UNTAP and set(e.affected) & untapping]:
        rest = tuple(oid for oid in effect.affected if oid not in untapping)
        game.perform(EffectEnds(effect.description, effect.timestamp),
                     *([EffectBegins(dataclasses.replace(effect, affected=rest))] if rest else []))


def _draw_step(game: Play) -> None:
    text, cited = draw(game, game.state.active, 1)
    game.record(TURN_BASED, f"The draw step begins: {text}", [rules.DRAW_STEP, rules.TBA_DRAW, *cited])


def _cleanup(game: Play) -> None:
    """514.1 discard to hand size; 514.2 damage wears off and "until end of turn" effects end; 514.3a."""
    state = game.state
    player = state.players[state.active]
    excess = len(player.hand) - player.max_hand_size
    unlimited = [o.id for o in state.permanents() if game.controller(o.id) == player.name
                 and game.chars(o.id).abilities_of("no maximum hand size")]
    if excess > 0 and unlimited:
        game.record(TURN_BASED, f"Cleanup step: {player.name} has {len(player.hand)} cards in hand but no maximum "
                    f"hand size ({game.name(unlimited[0])}), and discards nothing.",
                    [rules.CLEANUP_DISCARD, rules.MAX_HAND_SIZE])
    elif excess > 0:
        chosen = [c for c in game.choices.discard if c in player.hand][:excess]
        default = len(chosen) < excess
        chosen += [c for c in reversed(player.hand) if c not in chosen][: excess - len(chosen)]
        game.perform(*(ZoneChange(c, "hand", "graveyard", "discarded") for c in chosen))
        game.record(DEFAULT if default else TURN_BASED,
                    f"Cleanup step: {player.name} has {len(player.hand) + excess} cards in hand, more than the maximum "
                    f"of {player.max_hand_size}, and discards {', '.join(game.name(c) for c in chosen)}"
                    + (" (default: the cards put into the hand last)." if default else "."),
                    [rules.CLEANUP_DISCARD, rules.TBA_DISCARD, rules.DISCARD])
    damaged = [(o.id, o.damage) for o in state.permanents() if o.damage]
    game.perform(*(DamageRemoved(oid, amount) for oid, amount in damaged))
    ending = [e for e in state.effects if e.duration == UNTIL_END_OF_TURN]
    game.perform(*(EffectEnds(e.description, e.timestamp) for e in ending), *end_of_turn(game))
    parts = []
    if damaged:
        parts.append("damage is removed from " + ", ".join(f"{game.name(oid)} ({amount})" for oid, amount in damaged))
    if ending:
        parts.append("these \"until end of turn\" effects end: " + "; ".join(e.description for e in ending))
    game.record(TURN_BASED, "Cleanup step: " + (" and ".join(parts) if parts else
                "no damage is marked and no \"until end of turn\" effect is running") + ".",
                [rules.CLEANUP_DAMAGE_AND_EFFECTS, rules.TBA_CLEANUP, *([rules.EFFECT_DURATION] if ending else [])])
    if sba.check(game) and not game.over:
        game.record(PRIORITY, f"State-based actions were performed during cleanup, so {state.active} receives "
                    "priority; once all players pass, another cleanup step begins.", [rules.CLEANUP_SBA])
        end_step(game)
        _cleanup(game)
    elif not game.over:
        game.record(TURN_BASED, "No state-based actions were performed: no player receives priority, and the "
                    "cleanup step (and the turn) ends.", [rules.CLEANUP_NO_PRIORITY, rules.SBA_CHECK])
