"""Mana: costs in symbols (202.1a), mana abilities (605) including the basic land types' (305.6), and paying
a cost from the mana pool (118.3a, 601.2g–h).

A cost is paid from the pool; before that, the player may activate mana abilities (601.2g). A scenario
names the permanents to tap; when it names none and the pool is short, the engine taps untapped sources
in battlefield order (a documented default, said in the trace).
"""

from __future__ import annotations

import re

from judge_app.engine import rules
from judge_app.engine.errors import IllegalAction
from judge_app.engine.events import Event, ManaChange, StatusChange
from judge_app.engine.view import View

SYMBOL_MANA = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
LAND_MANA = {"Plains": "white", "Island": "blue", "Swamp": "black", "Mountain": "red", "Forest": "green"}


def parse_cost(symbols: str) -> dict[str, int]:
    """"{2}{R}{R}" → {"generic": 2, "red": 2}."""
    cost: dict[str, int] = {}
    for symbol in re.findall(r"\{([^}]+)\}", symbols.upper()):
        key = "generic" if symbol.isdigit() else SYMBOL_MANA.get(symbol)
        if key is None:
            raise ValueError(f"unsupported mana symbol {{{symbol}}}")
        cost[key] = cost.get(key, 0) + (int(symbol) if symbol.isdigit() else 1)
    return cost


def describe_pool(pool: dict[str, int]) -> str:
    return ", ".join(f"{n} {m}" for m, n in pool.items() if n) or "nothing"


def pay_from(pool: dict[str, int], cost: dict[str, int]) -> dict[str, int] | None:
    """The mana spent from `pool` to pay `cost` (coloured symbols first, then generic from what is left,
    colorless first), or None if the pool can't pay it all (601.2h: partial payments aren't allowed)."""
    left = dict(pool)
    spent: dict[str, int] = {}
    for kind, amount in cost.items():
        if kind == "generic":
            continue
        if left.get(kind, 0) < amount:
            return None
        left[kind] -= amount
        spent[kind] = spent.get(kind, 0) + amount
    generic = cost.get("generic", 0)
    for kind in sorted(left, key=lambda k: (k != "colorless", -left[k])):
        take = min(generic, left[kind])
        if take:
            left[kind] -= take
            spent[kind] = spent.get(kind, 0) + take
            generic -= take
    return spent if generic == 0 else None


def produces(game: View, permanent: str) -> str | None:
    """The mana one activation of the permanent's mana ability adds ("red"), or None if it has none it can
    activate now: untapped, and a creature only if it isn't summoning sick (602.5a)."""
    state = game.state
    obj = state.objects[permanent]
    chars = game.chars(permanent)
    if obj.tapped or (chars.is_creature and game.newly_controlled(permanent) and not chars.has("haste")):
        return None
    for ability in chars.abilities_of("mana"):
        cost = ability.cost
        if cost.tap and not cost.mana and not cost.sacrifice:
            added = next(i.mana for i in ability.effect.instructions if i.verb == "add mana")
            return SYMBOL_MANA[added.strip("{}")[0]]
    if "land" in chars.types:
        for subtype in chars.subtypes:
            if subtype in LAND_MANA:  # 305.6: "{T}: Add [mana]" for each basic land type
                return LAND_MANA[subtype]
    return None


def plan(game: View, player: str, cost: dict[str, int], chosen: list[str] | None) -> tuple[list[tuple[str, str]], bool]:
    """The mana abilities to activate for `cost` (permanent, mana), and whether the engine chose them."""
    pool = dict(game.state.players[player].mana_pool)
    if chosen is not None:
        taps = []
        for permanent in chosen:
            if game.state.objects[permanent].zone != "battlefield" or game.controller(permanent) != player:
                raise IllegalAction(f"{player} doesn't control {game.name(permanent)} on the battlefield",
                                    rules.CAST_MANA_ABILITIES)
            mana = produces(game, permanent)
            if mana is None:
                raise IllegalAction(f"{game.name(permanent)} has no mana ability {player} can activate now (it is "
                                    "tapped, or a creature that came under their control this turn)",
                                    rules.PAY_COST_RESOURCES, rules.ACTIVATE_TAP_SICKNESS)
            taps.append((permanent, mana))
        return taps, False
    taps = []
    sources = [(o.id, produces(game, o.id)) for o in game.state.permanents() if game.controller(o.id) == player]
    sources = [(oid, m) for oid, m in sources if m is not None]
    while pay_from(pool, cost) is None and sources:
        need = {k for k, n in cost.items() if k != "generic" and pool.get(k, 0) < n}
        pick = next(((oid, m) for oid, m in sources if m in need), None) or (sources[0] if not need else None)
        if pick is None:
            break
        sources.remove(pick)
        taps.append(pick)
        pool[pick[1]] = pool.get(pick[1], 0) + 1
    return taps, bool(taps)


def activate_mana_abilities(game: View, player: str, taps: list[tuple[str, str]]) -> list[Event]:
    """605.3b: each mana ability resolves at once: the permanent taps and the mana goes to the pool (106.4)."""
    changes: list[Event] = []
    for permanent, mana in taps:
        changes += [StatusChange(permanent, True), ManaChange(player, mana, 1)]
    return changes


def payment(game: View, player: str, symbols: str, chosen: list[str] | None, what: str
            ) -> tuple[list[Event], str, list[rules.Cite]]:
    """Everything paying `symbols` does: mana abilities activated (601.2g), then mana removed from the pool
    (601.2h, 118.3a). Raises `IllegalAction` if it can't be paid in full. Nothing is changed here."""
    cost = parse_cost(symbols)
    if not cost:
        return [], "", []
    taps, defaulted = plan(game, player, cost, chosen)
    pool = dict(game.state.players[player].mana_pool)
    for _, mana in taps:
        pool[mana] = pool.get(mana, 0) + 1
    spent = pay_from(pool, cost)
    if spent is None:
        raise IllegalAction(f"{player} can't pay {symbols} for {what}: the mana pool and untapped mana sources "
                            f"give {describe_pool(pool)}", rules.CAST_PAY, rules.PAY_COST_RESOURCES)
    changes = activate_mana_abilities(game, player, taps)
    changes += [ManaChange(player, mana, -amount) for mana, amount in spent.items()]
    tapped = ", ".join(f"{game.name(p)} for {m}" for p, m in taps)
    text = (f"{player} taps {tapped}" + (" (default: untapped mana sources in battlefield order)" if defaulted else "")
            + f" and pays {symbols}" if taps else f"{player} pays {symbols} from their mana pool")
    cited = [rules.CAST_MANA_ABILITIES, rules.MANA_ABILITY, rules.MANA_ABILITY_NO_STACK] if taps else []
    if any(not game.chars(p).has("mana") and "land" in game.chars(p).types for p, _ in taps):
        cited.append(rules.BASIC_LAND_MANA)
    return changes, text, [*cited, rules.CAST_PAY, rules.PAY_MANA]
