"""Combat (506–511) by the 2026 rules: declaring attackers and blockers with their restrictions, and
combat damage assignment without a damage assignment order (510.1), trample (702.19), deathtouch's
lethal damage (702.2c), first and double strike's extra step (510.4). Dealing the damage is `damage.py`.

Declarations are checked whole first (`combatchecks.py`): an illegal one raises `IllegalAction` with the rule
that forbids it, and the game stays as it was before the declaration (508.1, 509.1, 510.1e, 732.1).
"""

from __future__ import annotations

from judge_app.engine import rules
from judge_app.engine.combatchecks import (
    check_attack_requirements,
    check_attack_target,
    check_blocks,
    check_can_attack,
    default_blocks,
    defending_player,
    has_first_or_double_strike,
    required_attackers,
)
from judge_app.engine.damage import deal_damage
from judge_app.engine.errors import IllegalAction
from judge_app.engine.events import Assignment, AttackDeclared, BlockDeclared, StatusChange
from judge_app.engine.perform import Play
from judge_app.engine.trace import DEFAULT, TURN_BASED

# --- declare attackers (508.1) ------------------------------------------------------------------------

def declare_attackers(game: Play, declarations: list[tuple[str, str | None]], by_default: bool = False) -> None:
    """508.1: each chosen creature attacks the defending player or a planeswalker they control.

    A declaration with no target attacks the defending player (the default, noted in the trace)."""
    state = game.state
    combat = state.combat
    assert combat is not None
    defender = state.nonactive
    seen: set[str] = set()
    resolved: list[tuple[str, str]] = []
    defaulted: list[str] = []
    if by_default and not declarations:  # the default obeys the requirements (508.1d)
        declarations = [(a, None) for a in required_attackers(game)]
    for attacker, target in declarations:
        if attacker in seen:
            raise IllegalAction(f"{game.name(attacker)} is declared as an attacker twice", rules.ATTACKERS_CHOSEN)
        seen.add(attacker)
        check_can_attack(game, attacker)
        if target is None:
            target = defender
            defaulted.append(attacker)
        check_attack_target(game, attacker, target)
        resolved.append((attacker, target))
    check_attack_requirements(game, [a for a, _ in resolved])
    cited = [rules.DECLARE_ATTACKERS, rules.TBA_DECLARE_ATTACKERS, rules.ATTACKING_AND_DEFENDING_PLAYER,
             rules.ATTACKERS_CHOSEN]
    if any(game.chars(o.id).has("attacks each combat") for o in state.permanents(state.active)):
        cited.append(rules.ATTACK_REQUIREMENTS)
    parts = []
    declared: list[AttackDeclared] = []
    for attacker, target in resolved:
        chars = game.chars(attacker)
        if chars.has("vigilance"):
            parts.append(f"{chars.name} attacks {game.name(target)} and doesn't tap (vigilance)")
            cited.append(rules.VIGILANCE)
        else:
            game.perform(StatusChange(attacker, True))
            parts.append(f"{chars.name} attacks {game.name(target)} and becomes tapped")
            cited.append(rules.ATTACKERS_TAP)
        if chars.has("haste") and game.newly_controlled(attacker):
            parts[-1] += " (it has haste, so it can attack the turn it came under its controller's control)"
            cited += [rules.SUMMONING_SICKNESS, rules.HASTE]
        if target != defender:
            cited.append(rules.ATTACK_TARGET)
        declared.append(AttackDeclared(attacker, target, defending_player(game, target) or ""))
    game.perform(*declared)  # all at once (508.1k): "attacks alone" triggers see the whole declaration (506.5)
    combat.declared = bool(resolved)
    cited.append(rules.BECOMES_ATTACKING)
    text = f"{state.active} declares attackers: " + ("; ".join(parts) if parts else "none") + "."
    if by_default:
        text += " (Default: the scenario declares no attack here" + (
            "; the creatures that must attack do.)" if resolved else ".)")
    if defaulted:
        text += (f" (Default: {', '.join(game.name(a) for a in defaulted)} attack{'s' if len(defaulted) == 1 else ''}"
                 f" the defending player, as the scenario named no target.)")
    game.record(DEFAULT if defaulted or by_default else TURN_BASED, text, cited)
    for attacker in combat.attackers:  # what made it a creature that may attack, and its abilities (613)
        game.what_decided(attacker, ("types", "controller", "abilities"), f"{game.name(attacker)} attacks")


# --- declare blockers (509.1) -------------------------------------------------------------------------

def declare_blockers(game: Play, blocks: list[tuple[str, str]], by_default: bool = False) -> None:
    """509.1: each chosen creature blocks one attacker; restrictions are checked for the whole declaration."""
    state = game.state
    combat = state.combat
    assert combat is not None
    defenders = list(dict.fromkeys(p for p in state.apnap() if p in combat.defending.values()))
    defender = " and ".join(defenders) or state.nonactive
    if by_default and not blocks:  # the default obeys the requirements (509.1c)
        blocks = default_blocks(game)
    check_blocks(game, blocks)
    cited = [rules.DECLARE_BLOCKERS, rules.TBA_DECLARE_BLOCKERS, rules.BLOCKERS_CHOSEN]
    if len(defenders) > 1:
        cited.append(rules.MULTIPLAYER_BLOCKERS_APNAP)
    if any(_requires_block(game, b) for b in [o.id for o in state.permanents()]):
        cited.append(rules.BLOCK_REQUIREMENTS)
    for blocker, attacker in blocks:
        game.perform(BlockDeclared(blocker, attacker))

    parts = []
    for attacker in combat.attackers:
        blockers = combat.blockers_of(attacker)
        chars = game.chars(attacker)
        if blockers:
            parts.append(f"{chars.name} is blocked by {' and '.join(game.name(b) for b in blockers)}")
            evasion = {"flying": rules.FLYING, "menace": rules.MENACE, "fear": rules.FEAR,
                       "intimidate": rules.INTIMIDATE, "shadow": rules.SHADOW, "horsemanship": rules.HORSEMANSHIP}
            cited += [rule for keyword, rule in evasion.items() if chars.has(keyword)]
            if chars.has("flying") and any(game.chars(b).has("reach") for b in blockers):
                cited.append(rules.REACH)
        else:
            parts.append(f"{chars.name} is unblocked")
    cited += [rules.BLOCK_RESTRICTIONS, rules.BECOMES_BLOCKING, rules.BLOCKED_OR_UNBLOCKED]
    note = (" (Default: the scenario declares no blocks here" + ("; the creatures that must block do.)" if blocks
                                                                 else ".)")) if by_default else ""
    game.record(DEFAULT if by_default else TURN_BASED,
                f"{defender} declares blockers: " + ("; ".join(parts) or "none") + "." + note, cited)
    for blocker in combat.blocking:  # what made it able to block what it blocks (613)
        game.what_decided(blocker, ("types", "abilities"), f"{game.name(blocker)} blocks")
        for attacker in combat.blocking[blocker]:
            game.what_decided(attacker, ("abilities",), f"{game.name(attacker)} is blocked")


# --- combat damage (510) --------------------------------------------------------------------------------

def begin_damage_step(game: Play) -> None:
    """As a combat damage step begins: is this the first-strike step, and who assigns damage in it (510.4)?"""
    combat = game.state.combat
    assert combat is not None
    combat.damage_steps += 1
    cited: list[rules.Cite] = [rules.ASSIGN_COMBAT_DAMAGE, rules.TBA_ASSIGN_DAMAGE]
    if combat.damage_steps == 1:
        first = {c for c in combat.in_combat() if has_first_or_double_strike(game.chars(c))}
        if first:
            combat.first_strike_step = True
            combat.first_strikers = first
            combat.double_strikers = {c for c in first if game.chars(c).has("double strike")}
            cited += _strike_rules(game, first)
            names = sorted(game.name(c) for c in first)
            text = ("The first combat damage step begins. An attacking or blocking creature has first strike or "
                    f"double strike, so only {', '.join(names)} {'assigns' if len(names) == 1 else 'assign'} combat "
                    "damage now; the others wait for a second combat damage step.")
        else:
            text = "The combat damage step begins."
    else:
        cited.append(rules.FIRST_STRIKE_DAMAGE_STEP)
        lines, more = _second_step_reasons(game)
        cited += more
        text = ("The second combat damage step begins: only creatures that had neither first strike nor double "
                "strike as the first step began, and those that have double strike now, assign combat damage: "
                + "; ".join(lines) + ".")
    game.record(TURN_BASED, text, cited)


def _second_step_reasons(game: Play) -> tuple[list[str], list[rules.Cite]]:
    """510.4, 702.4b–d, 702.7c: for each creature still in combat, why it does or doesn't deal damage now."""
    combat = game.state.combat
    assert combat is not None
    lines: list[str] = []
    cited: list[rules.Cite] = []
    for creature in [*combat.attackers, *combat.blocking]:
        if not game.state.on_battlefield(creature):
            continue
        chars = game.chars(creature)
        name = game.name(creature)
        double = chars.has("double strike")
        if creature in combat.first_strikers:
            if double and creature in combat.double_strikers:
                lines.append(f"{name} has double strike: it deals combat damage again")
                cited.append(rules.DOUBLE_STRIKE)
            elif double:
                lines.append(f"{name} dealt damage in the first step and has gained double strike since: it deals "
                             "damage again")
                cited.append(rules.DOUBLE_STRIKE_GAINED)
            elif creature in combat.double_strikers:
                lines.append(f"{name} lost double strike after the first step: it doesn't deal damage again")
                cited.append(rules.DOUBLE_STRIKE_REMOVED)
            else:
                lines.append(f"{name} dealt its damage in the first step and doesn't have double strike: it deals "
                             "none now")
                cited.append(rules.FIRST_STRIKE_CHANGES)
        elif chars.has("first strike") or double:
            lines.append(f"{name} had neither first strike nor double strike as the first step began, so it deals "
                         "its damage now, though it has " + ("double strike" if double else "first strike") + " now")
            cited.append(rules.FIRST_STRIKE_CHANGES)
        else:
            lines.append(f"{name} had neither first strike nor double strike: it deals its damage now")
    return lines or ["no creature is left in combat"], cited


def _strike_rules(game: Play, creatures: set[str]) -> list[rules.Cite]:
    out = [rules.FIRST_STRIKE_DAMAGE_STEP]
    if any(game.chars(c).has("first strike") for c in creatures):
        out.append(rules.FIRST_STRIKE)
    if any(game.chars(c).has("double strike") for c in creatures):
        out.append(rules.DOUBLE_STRIKE)
    return out


def participants(game: Play) -> list[str]:
    """Attackers then blockers that assign combat damage in this step (510.4, 702.4b, 702.7b)."""
    combat = game.state.combat
    assert combat is not None
    creatures = [*combat.attackers, *combat.blocking]
    if not combat.first_strike_step:
        return creatures
    if combat.damage_steps == 1:
        return [c for c in creatures if c in combat.first_strikers]
    return [c for c in creatures if c not in combat.first_strikers or game.chars(c).has("double strike")]


def lethal_needed(game: Play, creature: str, deathtouch: bool, assigned_already: int) -> int:
    """Damage still needed for lethal damage: toughness less damage marked and damage assigned this step by
    others (702.19b); any nonzero amount from a source with deathtouch is lethal (702.2c)."""
    chars = game.chars(creature)
    toughness = chars.toughness or 0
    needed = max(0, toughness - game.state.objects[creature].damage - assigned_already)
    if deathtouch:
        needed = min(needed, 0 if assigned_already else 1)
    return needed


def combat_damage(game: Play, choices: dict[str, dict[str, int]]) -> None:
    """510.1 assignment (attackers' controller first, then blockers'), checked whole (510.1e); 510.2 dealing."""
    state = game.state
    combat = state.combat
    assert combat is not None
    who = participants(game)
    unknown = [c for c in choices if c not in who]
    if unknown:
        raise IllegalAction(f"{', '.join(game.name(c) for c in unknown)} doesn't assign combat damage in this step "
                            f"(it isn't attacking or blocking, or it deals its damage in the other combat damage step)",
                            rules.FIRST_STRIKE_DAMAGE_STEP, rules.ASSIGN_COMBAT_DAMAGE)
    assigned_to: dict[str, int] = {}
    assignments: list[Assignment] = []
    lines: list[str] = []
    cited: list[rules.Cite] = [rules.ASSIGN_COMBAT_DAMAGE, rules.TBA_ASSIGN_DAMAGE]
    defaulted = False
    for creature in who:
        if creature in combat.attackers:
            result = _assign_attacker(game, creature, choices.get(creature), assigned_to)
        else:
            result = _assign_blocker(game, creature, choices.get(creature))
        parts, line, rule_list, used_default = result
        defaulted |= used_default
        cited += rule_list
        lines.append(line)
        for recipient, amount in parts.items():
            if amount:
                assignments.append(Assignment(creature, recipient, amount))
                if recipient in state.objects:
                    assigned_to[recipient] = assigned_to.get(recipient, 0) + amount
    cited.append(rules.ASSIGNMENT_CHECKED)
    game.record(DEFAULT if defaulted else TURN_BASED, "Combat damage is assigned: " + ("; ".join(lines) or
                "no creature assigns combat damage") + ".", cited)
    for creature in who:  # its power is the damage it assigns (510.1a); toughness decides what is lethal (702.19b)
        game.what_decided(creature, ("pt",), f"{game.name(creature)} assigns combat damage")
    report = deal_damage(game, assignments, combat=True)
    game.record(TURN_BASED, "All combat damage is dealt simultaneously: " + "; ".join(report.lines) + ".",
                [rules.COMBAT_DAMAGE_SIMULTANEOUS, rules.TBA_DEAL_DAMAGE, *report.rules])


def _assign_attacker(game: Play, attacker: str, choice: dict[str, int] | None,
                     assigned_to: dict[str, int]) -> tuple[dict[str, int], str, list[rules.Cite], bool]:
    combat = game.state.combat
    assert combat is not None
    chars = game.chars(attacker)
    name = chars.name
    power = chars.power or 0
    target = combat.attackers[attacker]
    blockers = [b for b in combat.blockers_of(attacker) if game.state.on_battlefield(b)]
    over = chars.has("trample over planeswalkers")
    trample = chars.has("trample") or over
    deathtouch = chars.has("deathtouch")
    if power <= 0:
        _refuse_choice(game, attacker, choice, f"its power is {power}", rules.ASSIGN_EQUAL_TO_POWER)
        return {}, f"{name} has power {power} and assigns no combat damage", [rules.ASSIGN_EQUAL_TO_POWER], False
    if over and (target is None or (target in game.state.objects and game.chars(target).is_planeswalker)):
        return _trample_over_planeswalkers(game, attacker, choice, assigned_to, blockers, target)
    if not combat.blocked.get(attacker):
        if target is None:
            _refuse_choice(game, attacker, choice, "it isn't attacking anything any more",
                           rules.UNBLOCKED_ASSIGNS_TO_DEFENDER)
            return {}, f"{name} is unblocked but attacks nothing any more: no combat damage", \
                [rules.UNBLOCKED_ASSIGNS_TO_DEFENDER], False
        _check_choice(game, attacker, choice, power, {target}, rules.UNBLOCKED_ASSIGNS_TO_DEFENDER)
        return {target: power}, f"{name} (unblocked) assigns {power} to {game.name(target)}", \
            [rules.UNBLOCKED_ASSIGNS_TO_DEFENDER, rules.ASSIGN_EQUAL_TO_POWER], False
    if not blockers:
        if trample and target is not None:
            _check_choice(game, attacker, choice, power, {target}, rules.TRAMPLE_NO_BLOCKERS)
            return {target: power}, (f"{name} is blocked but no creature is blocking it any more; it has trample, so "
                                     f"it assigns all {power} to {game.name(target)}"), \
                [rules.TRAMPLE_NO_BLOCKERS, rules.BLOCKED_OR_UNBLOCKED], False
        _refuse_choice(game, attacker, choice, "it is blocked and no creature is blocking it any more",
                       rules.BLOCKED_ASSIGNS_TO_BLOCKERS)
        return {}, (f"{name} remains blocked, but no creature is blocking it any more: it assigns no combat damage"
                    ), [rules.BLOCKED_OR_UNBLOCKED, rules.BLOCKED_ASSIGNS_TO_BLOCKERS], False
    cited: list[rules.Cite] = [rules.BLOCKED_ASSIGNS_TO_BLOCKERS, rules.ASSIGN_EQUAL_TO_POWER]
    needed = {}
    for b in blockers:
        needed[b] = lethal_needed(game, b, deathtouch, assigned_to.get(b, 0))
    if deathtouch:
        cited.append(rules.DEATHTOUCH_LETHAL)
    allowed = set(blockers) | ({target} if trample and target is not None else set())
    if trample:
        cited.append(rules.TRAMPLE)
    if choice is not None:
        _check_choice(game, attacker, choice, power, allowed,
                      rules.TRAMPLE if trample else rules.BLOCKED_ASSIGNS_TO_BLOCKERS)
        if trample and target is not None and choice.get(target, 0) > 0:
            short = [b for b in blockers if choice.get(b, 0) < needed[b]]
            if short:
                raise IllegalAction(
                    f"{name} can't assign damage to {game.name(target)} unless every creature blocking it is "
                    f"assigned lethal damage; {', '.join(f'{game.name(b)} needs {needed[b]}' for b in short)}",
                    rules.TRAMPLE, rules.ASSIGNMENT_CHECKED)
        parts = {k: v for k, v in choice.items() if v}
        return parts, f"{name} assigns " + _describe(game, parts, needed, deathtouch), cited, False
    parts = _lethal_in_order(blockers, needed, power,
                             rest_to=target if trample and target is not None else blockers[0])
    default_note = ("" if len(blockers) == 1 and not trample else
                    " (default: lethal damage to each blocker in the order they blocked, the rest to "
                    + ("the player or planeswalker it attacks" if trample else "the first blocker") + ")")
    return parts, f"{name} assigns " + _describe(game, parts, needed, deathtouch) + default_note, cited, \
        bool(default_note)


def _trample_over_planeswalkers(game: Play, attacker: str, choice: dict[str, int] | None, assigned_to: dict[str, int],
                                blockers: list[str], target: str | None
                                ) -> tuple[dict[str, int], str, list[rules.Cite], bool]:
    """702.19c: lethal damage to each blocker, then damage at least equal to the attacked planeswalker's loyalty,
    then the rest may go to that planeswalker's controller; if the planeswalker left combat, to the defending
    player (702.19e)."""
    combat = game.state.combat
    assert combat is not None
    chars = game.chars(attacker)
    power = chars.power or 0
    deathtouch = chars.has("deathtouch")
    player = combat.defending.get(attacker) or defending_player(game, target, attacker)
    needed = {b: lethal_needed(game, b, deathtouch, assigned_to.get(b, 0)) for b in blockers}
    cited: list[rules.Cite] = [rules.TRAMPLE_OVER_PLANESWALKERS, rules.ASSIGN_EQUAL_TO_POWER]
    steps: list[tuple[str, int]] = [(b, needed[b]) for b in blockers]
    if target is not None:
        loyalty = max(0, (game.chars(target).loyalty or 0) - assigned_to.get(target, 0))
        steps.append((target, loyalty))
    else:
        cited.append(rules.TRAMPLE_OVER_REMOVED)
    if choice is not None:
        allowed = {b for b, _ in steps} | ({player} if player else set())
        _check_choice(game, attacker, choice, power, allowed, rules.TRAMPLE_OVER_PLANESWALKERS)
        for index, (recipient, need) in enumerate(steps):
            later = [r for r, _ in steps[index + 1:]] + ([player] if player else [])
            if choice.get(recipient, 0) < need and any(choice.get(r, 0) for r in later):
                raise IllegalAction(f"{chars.name} must assign {need} to {game.name(recipient)} before assigning "
                                    "damage further on", rules.TRAMPLE_OVER_PLANESWALKERS, rules.ASSIGNMENT_CHECKED)
        parts = {k: v for k, v in choice.items() if v}
        return parts, f"{chars.name} assigns " + _describe(game, parts, needed, deathtouch), cited, False
    parts, remaining = {}, power
    for recipient, need in steps:
        give = min(need, remaining)
        if give:
            parts[recipient] = give
        remaining -= give
    if remaining and player:
        parts[player] = parts.get(player, 0) + remaining
    elif remaining and steps:
        parts[steps[-1][0]] += remaining
    return parts, (f"{chars.name} has trample over planeswalkers: it assigns " + _describe(game, parts, needed,
                                                                                          deathtouch)
                   + " (default: lethal damage to each blocker, the planeswalker's loyalty to it, the rest to its "
                     "controller)"), cited, True


def _requires_block(game: Play, oid: str) -> bool:
    chars = game.chars(oid)
    return chars.has("blocks each combat") or chars.has("lure")


def _assign_blocker(game: Play, blocker: str, choice: dict[str, int] | None
                    ) -> tuple[dict[str, int], str, list[rules.Cite], bool]:
    """510.1d: a blocker assigns its damage to the creature it blocks; blocking several, it divides its damage among
    them as its controller chooses (default: lethal damage to each in the order it blocked them, the rest to the
    first)."""
    combat = game.state.combat
    assert combat is not None
    chars = game.chars(blocker)
    power = chars.power or 0
    blocked = [a for a in combat.blocking.get(blocker, []) if a in combat.attackers and game.state.on_battlefield(a)]
    if power <= 0:
        _refuse_choice(game, blocker, choice, f"its power is {power}", rules.ASSIGN_EQUAL_TO_POWER)
        return {}, f"{chars.name} has power {power} and assigns no combat damage", [rules.ASSIGN_EQUAL_TO_POWER], False
    if not blocked:
        _refuse_choice(game, blocker, choice, "it isn't blocking any creature any more", rules.BLOCKER_ASSIGNS)
        return {}, f"{chars.name} is no longer blocking anything and assigns no combat damage", \
            [rules.BLOCKER_ASSIGNS], False
    cited = [rules.BLOCKER_ASSIGNS, rules.ASSIGN_EQUAL_TO_POWER]
    if len(blocked) == 1:
        _check_choice(game, blocker, choice, power, {blocked[0]}, rules.BLOCKER_ASSIGNS)
        return {blocked[0]: power}, f"{chars.name} (blocking) assigns {power} to {game.name(blocked[0])}", cited, False
    deathtouch = chars.has("deathtouch")
    needed = {a: lethal_needed(game, a, deathtouch, 0) for a in blocked}
    if choice is not None:
        _check_choice(game, blocker, choice, power, set(blocked), rules.BLOCKER_ASSIGNS)
        parts = {k: v for k, v in choice.items() if v}
        return parts, f"{chars.name} (blocking {len(blocked)} creatures) divides its damage: " + _describe(
            game, parts, needed, deathtouch), cited, False
    parts = {k: v for k, v in _lethal_in_order(blocked, needed, power, rest_to=blocked[0]).items() if v}
    return parts, (f"{chars.name} (blocking {len(blocked)} creatures) divides its damage: "
                   + _describe(game, parts, needed, deathtouch)
                   + " (default: lethal damage to each in the order it blocked them, the rest to the first)"), \
        cited, True


def _lethal_in_order(order: list[str], needed: dict[str, int], power: int, rest_to: str) -> dict[str, int]:
    """The default division when no choice is given: lethal damage to each creature in order, then whatever is
    left to `rest_to` (510.1c-d allow any division; this is the one a player makes most often)."""
    parts, remaining = {}, power
    for creature in order:
        parts[creature] = min(needed[creature], remaining)
        remaining -= parts[creature]
    if remaining:
        parts[rest_to] = parts.get(rest_to, 0) + remaining
    return parts


def _describe(game: Play, parts: dict[str, int], needed: dict[str, int], deathtouch: bool) -> str:
    out = []
    for recipient, amount in parts.items():
        label = f"{amount} to {game.name(recipient)}"
        if recipient in needed and amount and amount >= needed[recipient]:
            label += " (lethal" + (", deathtouch" if deathtouch else "") + ")"
        out.append(label)
    return ", ".join(out)


def _check_choice(game: Play, creature: str, choice: dict[str, int] | None, power: int, allowed: set[str],
                  rule: rules.Cite) -> None:
    if choice is None:
        return
    name = game.name(creature)
    negative = [r for r, v in choice.items() if v < 0]
    if negative:
        raise IllegalAction(f"{name} can't assign negative damage", rules.ASSIGN_EQUAL_TO_POWER)
    total = sum(choice.values())
    if total != power:
        raise IllegalAction(f"{name} must assign combat damage equal to its power, {power}; the choice assigns {total}",
                            rules.ASSIGN_EQUAL_TO_POWER, rules.ASSIGNMENT_CHECKED)
    wrong = [r for r, v in choice.items() if v and r not in allowed]
    if wrong:
        labels = [game.name(w) if w in game.state.objects or w in game.state.players else repr(w) for w in wrong]
        raise IllegalAction(f"{name} can't assign combat damage to {', '.join(labels)}; it may assign only to "
                            f"{', '.join(sorted(game.name(a) for a in allowed))}", rule, rules.ASSIGNMENT_CHECKED)


def _refuse_choice(game: Play, creature: str, choice: dict[str, int] | None, why: str, rule: rules.Cite) -> None:
    if choice and any(choice.values()):
        raise IllegalAction(f"{game.name(creature)} assigns no combat damage: {why}", rule)
