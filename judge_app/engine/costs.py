"""A spell's total cost as it is cast (601.2f): the cost increases and reductions of its own abilities ("This spell
costs {1} less to cast for each …", affinity, 702.41a) and of permanents' static abilities ("Noncreature spells cost
{1} more to cast", "Spells your opponents cast cost {1} more to cast"), each applied if its condition holds now.

A question, never a move: `casting.py` pays what `total_cost` returns. Increases add generic mana; reductions take
generic mana off and only that (118.7a), never below {0}.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge_app.engine import conditions, matching, rules
from judge_app.engine.ability import Ability
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.errors import NotModelled
from judge_app.engine.matching import Anchor
from judge_app.engine.view import View


@dataclass(frozen=True, slots=True)
class CostChange:
    """One ability changing this spell's cost: whose it is, by how much generic mana (+ more, − less)."""

    source: str
    ability: Ability
    amount: int


def changes_to(game: View, player: str, card: str, chars: Characteristics) -> list[CostChange]:
    """601.2f: the cost changes that apply to `card` cast by `player` — its own (functioning as it is cast) and
    those of permanents on the battlefield whose spells filter names it — with the amount each makes now."""
    found: list[CostChange] = []
    for ability in chars.abilities_of("cost change"):
        if ability.word == "not modelled":  # "for each target beyond the first", "{X} less, where X is …"
            raise NotModelled(f"{chars.name}'s cost change (\"{ability.shown(chars.name)}\") isn't applied by the "
                              "engine", rules.CAST_TOTAL_COST)
        if ability.affects == "self":
            found += _applied(game, card, player, ability)
    for permanent in game.state.permanents():
        controller = game.controller(permanent.id)
        for ability in game.chars(permanent.id).abilities_of("cost change"):
            if ability.affects == "filter" and ability.filter is not None and ability.filter.matches(
                    chars, object_id=card, source=permanent.id, you=controller, controller=player,
                    owner=game.state.objects[card].owner):
                found += _applied(game, permanent.id, controller, ability)
    return found


def _applied(game: View, source: str, you: str, ability: Ability) -> list[CostChange]:
    """The ability's change now: none if its condition is false ("if you control a Wizard"), else its amount, times
    what "for each" counts."""
    if ability.condition is not None and not conditions.holds(
            conditions.Board(game.state, game.chars, source, you), ability.condition.node):
        return []
    times = 1 if ability.per is None else len(matching.selected(game.state, game.chars, ability.per,
                                                                 Anchor(you, source)))
    return [CostChange(source, ability, ability.value * times)] if times else []


def total_cost(game: View, player: str, card: str, chars: Characteristics, mana_cost: str
               ) -> tuple[str, list[str], list[rules.Cite]]:
    """The mana to pay once every cost change is applied (601.2f), what the trace says of each, and the rules."""
    found = changes_to(game, player, card, chars)
    if not found:
        return mana_cost, [], []
    increase = sum(c.amount for c in found if c.amount > 0)
    reduction = -sum(c.amount for c in found if c.amount < 0)
    symbols = re.findall(r"\{[^}]*\}", mana_cost)
    generic = sum(int(s[1:-1]) for s in symbols if s[1:-1].isdigit())
    others = [s for s in symbols if not s[1:-1].isdigit()]
    if reduction > generic + increase and any(s.upper() == "{X}" for s in others):
        raise NotModelled(f"{chars.name}: a cost reduction of the value of X", rules.COST_REDUCED_GENERIC)
    left = max(0, generic + increase - reduction)
    total = "".join([*([f"{{{left}}}"] if left else []), *others])
    said = [f"{game.name(c.source) if c.source != card else chars.name} (\"{c.ability.shown(game.name(c.source))}\"): "
            f"{{{abs(c.amount)}}} {'more' if c.amount > 0 else 'less'}" for c in found]
    said.append(f"total cost {mana_cost or '{0}'} → {total or '{0}'}")
    cited = [*dict.fromkeys(c.ability.rule for c in found if c.ability.rule), rules.CAST_TOTAL_COST,
             *([rules.COST_REDUCED_GENERIC] if reduction else [])]
    return total, said, cited
