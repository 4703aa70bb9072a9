"""Whether combat declarations are legal (508.1, 509.1): questions, never moves. An illegal declaration
raises `IllegalAction` with the rule that forbids it; `combat.py` declares only what passes.

Attacking: summoning sickness (302.6) and haste, defender (702.3b), "can't attack" (508.1c), what may be
attacked (506.3, 508.1b). Blocking: the restrictions of 509.1b — evasion (flying 702.9b, fear 702.36b,
intimidate 702.13b, landwalk 702.14c, shadow 702.28b, horsemanship 702.31b), protection (702.16f), "can't
block", "can't be blocked" — and menace over the whole declaration (702.111b).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from judge_app.engine import matching, rules
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.errors import IllegalAction
from judge_app.engine.layers import restrictions_on
from judge_app.engine.matching import Anchor
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
    if attacker.has("shadow") != blocker.has("shadow"):  # shadow blocks and is blocked only by shadow
        found.append(Violation(f"{attacker.name} {'has' if attacker.has('shadow') else 'lacks'} shadow and "
                               f"{blocker.name} {'has' if blocker.has('shadow') else 'lacks'} it", rules.SHADOW))
    if attacker.has("horsemanship") and not blocker.has("horsemanship"):
        found.append(Violation(f"{attacker.name} has horsemanship and {blocker.name} doesn't", rules.HORSEMANSHIP))
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
    for cant in chars.abilities_of("cant_attack"):
        if not cant.word:  # "… unless defending player controls an Island": checked with what it attacks
            raise IllegalAction(f"{name} can't attack: \"{cant.shown(name)}\"", rules.ATTACK_RESTRICTIONS)
    for why in _restricted(game, attacker, "attack"):
        raise IllegalAction(f"{name} can't attack: {why}", rules.ATTACK_RESTRICTIONS)


def _restricted(game: View, oid: str, action: str) -> list[str]:
    """Why other permanents' "can't" statics stop this object doing `action` ("Pacifism: \"Enchanted creature
    can't attack or block.\""), 508.1c, 509.1b."""
    return [text for _, text in restrictions_on(game.state, oid, action)]


def defending_player(game: View, target: str | None, attacker: str = "") -> str | None:
    """The player a creature attacks, the controller of the planeswalker it attacks, or the protector of the
    battle it attacks (506.2, 508.5, 310.8d); once it attacks nothing, the player it was attacking (508.5)."""
    state = game.state
    if target is None:
        combat = state.combat
        return combat.defending.get(attacker) if combat is not None else None
    if target in state.players:
        return target
    obj = state.objects.get(target)
    if obj is None:
        return None
    if state.on_battlefield(target) and "battle" in game.chars(target).types:
        return obj.protector or game.controller(target)
    return game.controller(target) if state.on_battlefield(target) else obj.controller


def check_attack_target(game: View, attacker: str, target: str) -> None:
    """508.1b, 506.2, 802.3: an opponent of the attacking player, a planeswalker an opponent controls, or a battle
    an opponent protects (310.8b)."""
    state = game.state
    opponents = state.opponents(state.active)
    _unless_defending_controls(game, attacker, target)
    if target in opponents:
        return
    if target in state.players:
        raise IllegalAction(f"{game.name(attacker)} can't attack {target}: only an opponent can be attacked",
                            rules.ATTACK_TARGET, rules.ATTACKING_AND_DEFENDING_PLAYER)
    if target in state.objects and state.on_battlefield(target):
        chars = game.chars(target)
        if chars.is_planeswalker and game.controller(target) in opponents:
            return
        if "battle" in chars.types and defending_player(game, target) in opponents:
            return
    label = game.name(target) if target in state.objects else repr(target)
    raise IllegalAction(f"{game.name(attacker)} can't attack {label}: only an opponent ({', '.join(opponents)}), a "
                        "planeswalker an opponent controls or a battle an opponent protects can be attacked",
                        rules.ATTACK_TARGET, rules.ATTACKING_AND_DEFENDING_PLAYER)


def _unless_defending_controls(game: View, attacker: str, target: str) -> None:
    """"This creature can't attack unless defending player controls an Island" (508.1c): the defending player is
    the one it would attack, or the controller or protector of what it would attack (508.5)."""
    chars = game.chars(attacker)
    for cant in chars.abilities_of("cant_attack"):
        if cant.word != "unless defending player controls" or cant.described is None:
            continue
        defender = defending_player(game, target)
        anchor = Anchor(game.controller(attacker), attacker)
        if not any(game.controller(oid) == defender and matching.object_matches(game.state, game.chars,
                                                                                cant.described, oid, anchor)
                   for oid in game.state.battlefield):
            raise IllegalAction(f"{chars.name} can't attack: {defender} controls no "
                                f"{cant.described.text.removeprefix('an ').removeprefix('a ')} "
                                f"(\"{cant.shown(chars.name)}\")", rules.ATTACK_RESTRICTIONS)


def _not_alone(chars: Characteristics, action: str) -> bool:
    """"~ can't attack alone", "~ can't attack or block alone" (508.1c, 509.1b)."""
    return any(a.word == action for a in chars.abilities_of("not alone"))


def check_attack_requirements(game: View, declared: list[str]) -> None:
    """508.1c–d: restrictions on the whole declaration ("can't attack alone"), then requirements ("attacks each
    combat if able"): a creature that could have attacked without breaking a restriction must attack."""
    if len(declared) == 1 and _not_alone(game.chars(declared[0]), "attack"):
        raise IllegalAction(f"{game.name(declared[0])} can't attack alone", rules.ATTACK_RESTRICTIONS)
    for oid in required_attackers(game):
        chars = game.chars(oid)
        if oid in declared or (_not_alone(chars, "attack") and not declared):
            continue
        raise IllegalAction(f"{chars.name} attacks each combat if able, and it is able: a declaration without it "
                            f"obeys fewer requirements than possible", rules.ATTACK_REQUIREMENTS)


def required_attackers(game: View) -> list[str]:
    """508.1d: the active player's creatures that "attack each combat if able" and are able to."""
    state = game.state
    out = []
    for obj in state.permanents():
        oid = obj.id
        if not game.chars(oid).has("attacks each combat") or game.controller(oid) != state.active:
            continue
        try:
            check_can_attack(game, oid)
        except IllegalAction:
            continue  # it can't attack: the requirement asks nothing (508.1d)
        out.append(oid)
    return out


def block_capacity(chars: Characteristics) -> int | None:
    """How many attackers a creature can block: one (509.1a), plus "an additional creature"; None: any number."""
    count = 1
    for ability in chars.abilities_of("block additional"):
        if ability.value == 0:
            return None
        count += ability.value
    return count


def _pair_problem(game: View, blocker: str, attacker: str) -> IllegalAction | None:
    """Why `blocker` can't block `attacker` (509.1a–b, 802.4a), or None."""
    state = game.state
    combat = state.combat
    assert combat is not None
    name = game.name(blocker)
    if not state.on_battlefield(blocker) or not game.chars(blocker).is_creature:
        return IllegalAction(f"{name} can't block: only a creature on the battlefield can block",
                             rules.ONLY_CREATURES_IN_COMBAT, rules.BLOCKERS_CHOSEN)
    if attacker not in combat.attackers:
        return IllegalAction(f"{name} can't block {game.name(attacker)}: it isn't an attacking creature",
                             rules.BLOCKERS_CHOSEN)
    defender = defending_player(game, combat.attackers[attacker], attacker)
    if game.controller(blocker) != defender:
        return IllegalAction(f"{name} can't block {game.name(attacker)}: it attacks {defender or 'no one'}, and "
                             f"only creatures {defender or 'that player'} controls can block it",
                             rules.BLOCKERS_CHOSEN, *([rules.MULTIPLAYER_BLOCKS] if len(state.players) > 2 else []))
    if state.objects[blocker].tapped:
        return IllegalAction(f"{name} can't block: it is tapped", rules.BLOCKERS_CHOSEN)
    lands = [game.chars(o.id) for o in state.permanents() if game.controller(o.id) == defender
             and "land" in game.chars(o.id).types]
    violations = block_violations(game.chars(attacker), game.chars(blocker), lands)
    violations += _filtered_violations(game, blocker, attacker)
    violations += [Violation(f"{name} can't block ({why})", rules.BLOCK_RESTRICTIONS)
                   for why in _restricted(game, blocker, "block")]
    violations += [Violation(f"{game.name(attacker)} can't be blocked ({why})", rules.BLOCK_RESTRICTIONS)
                   for why in _restricted(game, attacker, "be blocked")]
    if violations:
        return IllegalAction(f"{name} can't block {game.name(attacker)}: {violations[0].reason}", violations[0].rule,
                             rules.BLOCK_RESTRICTIONS)
    return None


def _facts(game: View, oid: str) -> dict[str, object]:
    obj = game.state.objects[oid]
    return {"object_id": oid, "controller": game.controller(oid), "owner": obj.owner, "tapped": obj.tapped,
            "token": obj.token}


def _filtered_violations(game: View, blocker: str, attacker: str) -> list[Violation]:
    """Restrictions that name other creatures: "can't be blocked by Walls", "can block only creatures with
    flying" (509.1b)."""
    found = []
    attacker_chars, blocker_chars = game.chars(attacker), game.chars(blocker)
    for ability in attacker_chars.abilities_of("unblockable by"):
        if ability.filter is not None and ability.filter.matches(blocker_chars, source=attacker,
                                                                 you=game.controller(attacker),
                                                                 **_facts(game, blocker)):  # type: ignore[arg-type]
            found.append(Violation(f"{attacker_chars.name} can't be blocked by {ability.filter.text}",
                                   rules.BLOCK_RESTRICTIONS))
    for ability in blocker_chars.abilities_of("blocks only"):
        if ability.filter is not None and not ability.filter.matches(attacker_chars, source=blocker,
                                                                     you=game.controller(blocker),
                                                                     **_facts(game, attacker)):  # type: ignore[arg-type]
            found.append(Violation(f"{blocker_chars.name} can block only {ability.filter.text}",
                                   rules.BLOCK_RESTRICTIONS))
    return found


def _whole_problem(game: View, blocks: list[tuple[str, str]]) -> IllegalAction | None:
    """Restrictions on the whole declaration (509.1b): menace, "can't be blocked by more than one creature", "can't
    block alone", and how many attackers each blocker can block."""
    combat = game.state.combat
    assert combat is not None
    per_blocker: dict[str, list[str]] = {}
    for blocker, attacker in blocks:
        per_blocker.setdefault(blocker, []).append(attacker)
    for blocker, attacked in per_blocker.items():
        if len(set(attacked)) != len(attacked):
            return IllegalAction(f"{game.name(blocker)} is declared against the same attacker twice",
                                 rules.BLOCKERS_CHOSEN)
        capacity = block_capacity(game.chars(blocker))
        if capacity is not None and len(attacked) > capacity:
            return IllegalAction(f"{game.name(blocker)} can't block {len(attacked)} creatures: it can block "
                                 f"{'only one' if capacity == 1 else f'{capacity}'} (each blocker blocks one attacker "
                                 "unless an ability says otherwise)", rules.BLOCKERS_CHOSEN)
    for attacker in combat.attackers:
        count = sum(1 for _, a in blocks if a == attacker)
        chars = game.chars(attacker)
        if count == 1 and chars.has("menace"):
            return IllegalAction(f"{chars.name} can't be blocked by just one creature: it has menace", rules.MENACE,
                                 rules.BLOCK_RESTRICTIONS)
        if count > 1 and chars.has("max one blocker"):
            return IllegalAction(f"{chars.name} can't be blocked by more than one creature", rules.BLOCK_RESTRICTIONS)
    if len(per_blocker) == 1:
        only = next(iter(per_blocker))
        if _not_alone(game.chars(only), "block"):
            return IllegalAction(f"{game.name(only)} can't block alone", rules.BLOCK_RESTRICTIONS)
    return None


def _requirements(game: View, candidates: list[str]) -> list[tuple[str, str | None]]:
    """509.1c: what must block if able — "blocks each combat if able" (any attacker), and "All creatures able to
    block [enchanted creature / ~] do so" (that attacker)."""
    state = game.state
    combat = state.combat
    assert combat is not None
    out: list[tuple[str, str | None]] = []
    for blocker in candidates:
        if game.chars(blocker).has("blocks each combat"):
            out.append((blocker, None))
    lured = []
    for obj in state.permanents():
        for ability in game.chars(obj.id).abilities_of("lure"):
            target = obj.attached_to if ability.affects in ("enchanted", "equipped") else obj.id
            if target in combat.attackers:
                lured.append(target)
    for attacker in lured:
        out += [(blocker, attacker) for blocker in candidates]
    return out


def _obeyed(requirements: list[tuple[str, str | None]], blocks: list[tuple[str, str]]) -> int:
    pairs = set(blocks)
    blocking = {b for b, _ in blocks}
    return sum(1 for b, a in requirements if (b in blocking if a is None else (b, a) in pairs))


MAX_DECLARATIONS = 4096  # beyond this, requirements are checked one creature at a time


def default_blocks(game: View) -> list[tuple[str, str]]:
    """When the scenario declares no blocks: none, unless requirements ask for some (509.1c) — then a legal
    declaration obeying as many as possible."""
    state = game.state
    combat = state.combat
    assert combat is not None
    candidates = _block_candidates(game)
    requirements = _requirements(game, candidates)
    if not requirements:
        return []
    return _better_declaration(game, candidates, requirements, 0) or []


def _block_candidates(game: View) -> list[str]:
    state = game.state
    combat = state.combat
    assert combat is not None
    defenders = {defending_player(game, t, a) for a, t in combat.attackers.items()}
    return [o.id for o in state.permanents() if game.controller(o.id) in defenders
            and game.chars(o.id).is_creature and not o.tapped]


def check_blocks(game: View, blocks: list[tuple[str, str]]) -> None:
    """509.1a–c: each chosen creature may block the attacker it is declared against, the whole declaration obeys
    the restrictions (menace, …), and it obeys as many requirements as any legal declaration could (509.1c)."""
    for blocker, attacker in blocks:
        problem = _pair_problem(game, blocker, attacker)
        if problem is not None:
            raise problem
    problem = _whole_problem(game, blocks)
    if problem is not None:
        raise problem
    candidates = _block_candidates(game)
    requirements = _requirements(game, candidates)
    if not requirements:
        return
    obeyed = _obeyed(requirements, blocks)
    better = _better_declaration(game, candidates, requirements, obeyed)
    if better is not None:
        shown = "; ".join(f"{game.name(b)} blocks {game.name(a)}" for b, a in better) or "no blocks"
        raise IllegalAction(f"this declaration obeys {obeyed} of the blocking requirements, but a legal one obeys "
                            f"{_obeyed(requirements, better)} (for example: {shown})", rules.BLOCK_REQUIREMENTS)


def _better_declaration(game: View, candidates: list[str], requirements: list[tuple[str, str | None]],
                        obeyed: int) -> list[tuple[str, str]] | None:
    """A legal declaration obeying more requirements than `obeyed`, if there is one (each blocker blocking one
    attacker or none), searched whole when the board is small."""
    combat = game.state.combat
    assert combat is not None
    attackers = list(combat.attackers)
    options = {b: [None, *[a for a in attackers if _pair_problem(game, b, a) is None]] for b in candidates}
    total = 1
    for choices in options.values():
        total *= len(choices)
    if total > MAX_DECLARATIONS:
        return None
    best: list[tuple[str, str]] | None = None
    best_count = obeyed
    for combo in itertools.product(*options.values()):
        declaration = [(b, a) for b, a in zip(options, combo, strict=True) if a is not None]
        count = _obeyed(requirements, declaration)
        if count > best_count and _whole_problem(game, declaration) is None:
            best, best_count = declaration, count
    return best
