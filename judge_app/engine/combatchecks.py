"""Whether combat declarations are legal (508.1, 509.1): questions, never moves. An illegal declaration
raises `IllegalAction` with the rule that forbids it; `combat.py` declares only what passes.

Attacking: summoning sickness (302.6) and haste, defender (702.3b), "can't attack" (508.1c), what may be
attacked (506.3, 508.1b). Blocking: the restrictions of 509.1b — evasion (flying 702.9b, fear 702.36b,
intimidate 702.13b, landwalk 702.14c), protection (702.16f), "can't block", "can't be blocked" — and menace
over the whole declaration (702.111b).
"""

from __future__ import annotations

from dataclasses import dataclass

from judge_app.engine import rules
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.errors import IllegalAction
from judge_app.engine.view import View


@dataclass(frozen=True, slots=True)
class Violation:
    """Why a declaration is illegal, in words, and the rule that forbids it."""

    reason: str
    rule: rules.Cite


def has_first_or_double_strike(chars: Characteristics) -> bool:
    return chars.has("first strike") or chars.has("double strike")


def block_violations(attacker: Characteristics, blocker: Characteristics,
                     defender_lands: list[Characteristics]) -> list[Violation]:
    """Restrictions on one blocker blocking one attacker (509.1b): evasion abilities, protection, "can't block".

    Menace is a restriction on the whole declaration and is checked in `check_blocks`.
    """
    found: list[Violation] = []
    if blocker.has("cant_block"):
        found.append(Violation(f"{blocker.name} can't block", rules.BLOCK_RESTRICTIONS))
    if attacker.has("unblockable"):
        found.append(Violation(f"{attacker.name} can't be blocked", rules.BLOCK_RESTRICTIONS))
    if attacker.has("flying") and not (blocker.has("flying") or blocker.has("reach")):
        found.append(Violation(
            f"{attacker.name} has flying and {blocker.name} has neither flying nor reach", rules.FLYING))
    if attacker.has("fear") and not ("artifact" in blocker.types or "black" in blocker.colors):
        found.append(Violation(
            f"{attacker.name} has fear and {blocker.name} is neither an artifact creature nor black", rules.FEAR))
    if attacker.has("intimidate") and not (
            "artifact" in blocker.types or attacker.colors & blocker.colors):
        found.append(Violation(
            f"{attacker.name} has intimidate and {blocker.name} is neither an artifact creature nor shares a "
            f"colour with it", rules.INTIMIDATE))
    for ability in attacker.abilities_of("protection"):
        if ability.quality is not None and ability.quality.matches(blocker):
            found.append(Violation(
                f"{attacker.name} has {ability.text.lower()} and {blocker.name} is {ability.quality.describe()}",
                rules.PROTECTION_BLOCK))
    for ability in attacker.abilities_of("landwalk"):
        if ability.quality is not None and any(ability.quality.matches(land) for land in defender_lands):
            found.append(Violation(
                f"{attacker.name} has {ability.text.lower()} and the defending player controls "
                f"{ability.quality.describe()}", rules.LANDWALK))
    return found


def check_can_attack(game: View, attacker: str) -> None:
    state = game.state
    if not state.on_battlefield(attacker):
        raise IllegalAction(f"{game.name(attacker)} can't attack: it isn't on the battlefield",
                            rules.ATTACKERS_CHOSEN)
    chars = game.chars(attacker)
    name = chars.name
    obj = state.objects[attacker]
    if not chars.is_creature:
        raise IllegalAction(f"{name} can't attack: only creatures can attack", rules.ONLY_CREATURES_IN_COMBAT)
    if game.controller(attacker) != state.active:
        raise IllegalAction(f"{name} can't attack: the active player, {state.active}, doesn't control it",
                            rules.ATTACKERS_CHOSEN)
    if obj.tapped:
        raise IllegalAction(f"{name} can't attack: it is tapped", rules.ATTACKERS_CHOSEN)
    if game.newly_controlled(attacker) and not chars.has("haste"):
        raise IllegalAction(f"{name} can't attack: {state.active} hasn't controlled it continuously since the turn "
                            f"began and it doesn't have haste", rules.SUMMONING_SICKNESS, rules.ATTACKERS_CHOSEN)
    if chars.has("defender"):
        raise IllegalAction(f"{name} can't attack: it has defender", rules.DEFENDER, rules.ATTACK_RESTRICTIONS)
    if chars.has("cant_attack"):
        raise IllegalAction(f"{name} can't attack: \"{chars.abilities_of('cant_attack')[0].text}\"",
                            rules.ATTACK_RESTRICTIONS)


def check_attack_target(game: View, attacker: str, target: str) -> None:
    state = game.state
    defender = state.nonactive
    if target == defender:
        return
    if target in state.players or not state.on_battlefield(target) or not game.chars(target).is_planeswalker \
            or game.controller(target) != defender:
        label = game.name(target) if target in state.objects or target in state.players else repr(target)
        raise IllegalAction(f"{game.name(attacker)} can't attack {label}: only the defending player ({defender}) or "
                            f"a planeswalker they control can be attacked", rules.ATTACK_TARGET,
                            rules.ATTACKING_AND_DEFENDING_PLAYER)


def check_blocks(game: View, blocks: list[tuple[str, str]]) -> None:
    """509.1a–c: each chosen creature may block the attacker it is declared against, and the whole declaration
    obeys the restrictions (menace)."""
    state = game.state
    combat = state.combat
    assert combat is not None
    defender = state.nonactive
    lands = [game.chars(o.id) for o in state.permanents(defender) if "land" in game.chars(o.id).types]
    seen: set[str] = set()
    for blocker, attacker in blocks:
        name = game.name(blocker)
        if blocker in seen:
            raise IllegalAction(f"{name} can't block two creatures: each blocker blocks one attacker",
                                rules.BLOCKERS_CHOSEN)
        seen.add(blocker)
        if not state.on_battlefield(blocker) or not game.chars(blocker).is_creature:
            raise IllegalAction(f"{name} can't block: only a creature on the battlefield can block",
                                rules.ONLY_CREATURES_IN_COMBAT, rules.BLOCKERS_CHOSEN)
        if game.controller(blocker) != defender:
            raise IllegalAction(f"{name} can't block: the defending player, {defender}, doesn't control it",
                                rules.BLOCKERS_CHOSEN)
        if state.objects[blocker].tapped:
            raise IllegalAction(f"{name} can't block: it is tapped", rules.BLOCKERS_CHOSEN)
        if attacker not in combat.attackers:
            raise IllegalAction(f"{name} can't block {game.name(attacker)}: it isn't an attacking creature",
                                rules.BLOCKERS_CHOSEN)
        violations = block_violations(game.chars(attacker), game.chars(blocker), lands)
        if violations:
            raise IllegalAction(f"{name} can't block {game.name(attacker)}: {violations[0].reason}",
                                violations[0].rule, rules.BLOCK_RESTRICTIONS)
    for attacker in combat.attackers:
        count = sum(1 for _, a in blocks if a == attacker)
        if count == 1 and game.chars(attacker).has("menace"):
            raise IllegalAction(f"{game.name(attacker)} can't be blocked by just one creature: it has menace",
                                rules.MENACE, rules.BLOCK_RESTRICTIONS)
