"""A spell's total cost as it is cast (601.2f): the cost increases and reductions of its own abilities ("This spell
costs {1} less to cast for each …", affinity, 702.41a) and of permanents' static abilities ("Noncreature spells cost
{1} more to cast", "Spells your opponents cast cost {1} more to cast"), each applied if its condition holds now;
then delve, which pays generic mana of that total with cards exiled from the graveyard (702.66).

A question, never a move: `casting.py` pays what `total_cost` returns, and performs the exiling `delve` returns.
Increases add generic mana; reductions take generic mana off and only that (118.7a), never below {0}.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge_app.engine import conditions, matching, rules
from judge_app.engine.ability import Ability
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.errors import IllegalAction, NotModelled
from judge_app.engine.events import Event, ZoneChange
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
    generic, others = _split(mana_cost)
    if reduction > generic + increase and any(s.upper() == "{X}" for s in others):
        raise NotModelled(f"{chars.name}: a cost reduction of the value of X", rules.COST_REDUCED_GENERIC)
    left = max(0, generic + increase - reduction)
    total = _joined(left, others)
    said = [f"{game.name(c.source) if c.source != card else chars.name} (\"{c.ability.shown(game.name(c.source))}\"): "
            f"{{{abs(c.amount)}}} {'more' if c.amount > 0 else 'less'}" for c in found]
    said.append(f"total cost {mana_cost or '{0}'} → {total or '{0}'}")
    cited = [*dict.fromkeys(c.ability.rule for c in found if c.ability.rule), rules.CAST_TOTAL_COST,
             *([rules.COST_REDUCED_GENERIC] if reduction else [])]
    return total, said, cited


def delve(game: View, player: str, card: str, chars: Characteristics, mana_cost: str, named: list[str] | None
          ) -> tuple[str, list[Event], list[str], list[rules.Cite]]:
    """702.66a–b: once the total cost is determined, each card the player exiles from their graveyard pays {1} of
    its generic mana — the cards the scenario names (`delve`), else by default as many as there is generic mana to
    pay, those put into the graveyard first. Returns the mana left to pay, the exiling events, what the trace says
    and the rules; `IllegalAction` for a card not in the graveyard or more cards than generic mana."""
    if not chars.has("delve"):
        if named:
            raise IllegalAction(f"{chars.name} has no delve", rules.DELVE)
        return mana_cost, [], [], []
    generic, others = _split(mana_cost)
    graveyard = [c for c in game.state.players[player].graveyard if c != card]
    if named is not None:
        missing = [c for c in named if c not in graveyard]
        if missing:
            raise IllegalAction(f"{', '.join(missing)} isn't a card in {player}'s graveyard to exile for delve",
                                rules.DELVE)
        if len(named) > generic:
            raise IllegalAction(f"delve exiles a card for each generic mana: {chars.name}'s total cost "
                                f"{mana_cost} has {generic}, not {len(named)}", rules.DELVE)
    chosen = list(named) if named is not None else graveyard[:generic]
    if not chosen:
        return mana_cost, [], [], []
    default = "" if named is not None else " (default: as many as the generic mana, those put there first)"
    said = [f"delve: exiles {', '.join(game.name(c) for c in chosen)} from their graveyard, paying "
            f"{{{len(chosen)}}}{default}"]
    return _joined(generic - len(chosen), others), [ZoneChange(c, "graveyard", "exile", "exiled") for c in chosen], \
        said, [rules.DELVE, rules.DELVE_AFTER_TOTAL]


def _split(mana_cost: str) -> tuple[int, list[str]]:
    """"{2}{U}{1}" → its generic mana (3) and its other symbols (["{U}"])."""
    symbols = re.findall(r"\{[^}]*\}", mana_cost)
    return sum(int(s[1:-1]) for s in symbols if s[1:-1].isdigit()), [s for s in symbols if not s[1:-1].isdigit()]


def _joined(generic: int, others: list[str]) -> str:
    return "".join([*([f"{{{generic}}}"] if generic else []), *others])
