"""Mana: costs in symbols (107.4, 202.1a), mana abilities (605) including the basic land types' (305.6), and
paying a cost from the mana pool (118.3a, 601.2g–h).

Every mana symbol of 107.4 is read into the ways it can be paid: generic and coloured mana, {C} (only
colorless mana, 107.4c), hybrid and monocolored hybrid ({W/U}, {2/W}, {C/W}: either half, 107.4e),
Phyrexian ({W/P}, {G/W/P}: the colour(s) or 2 life, 107.4f, 119.4), {X} (the value announced, 107.3a,
601.2b) and snow ({S}: mana from a snow source, 107.4h). The player announces how they pay each hybrid and
Phyrexian symbol (601.2b): by default, the first way the pool and untapped sources can pay, mana before life.

A cost is paid from the pool; before that, the player may activate mana abilities (601.2g). A scenario
names the permanents to tap; when it names none and the pool is short, the engine taps untapped sources
in battlefield order (a documented default, said in the trace).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from judge_app.cardtext.nodes import Mana
from judge_app.engine import rules
from judge_app.engine.characteristics import symbols_of
from judge_app.engine.errors import IllegalAction
from judge_app.engine.events import Event, LifeChange, ManaChange, StatusChange
from judge_app.engine.view import View

SYMBOL_MANA = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
COLOR_ORDER = ("white", "blue", "black", "red", "green")  # WUBRG (105.1)
ANY_COLOR_CHOICES = ("any color", "any combination of colors")
ANY = "any"  # what a source of "one mana of any color" produces before its colour is chosen
ONE_OF = "|"  # joins the choices of a source of "{W} or {U}": "white|blue"
LAND_MANA = {"Plains": "white", "Island": "blue", "Swamp": "black", "Mountain": "red", "Forest": "green"}
MAX_WAYS = 4096  # announcements tried for one cost (hybrid and Phyrexian symbols multiply them)

Way = tuple[tuple[str, int], ...]  # ("red", 1), ("generic", 2), ("snow", 1), ("life", 2)


class UnreadableCost(ValueError):
    """A symbol no rule of 107.4 describes ("{H}", "{½}"): the cost can't be paid, and the scenario says so."""

    def __init__(self, symbol: str, text: str):
        self.symbol = symbol
        super().__init__(f"{symbol} in {text} is not a mana symbol the engine can pay (107.4 lists them)")


@dataclass(frozen=True, slots=True)
class Symbol:
    """One mana symbol of a cost and the ways it can be paid; a choice when there are two or three."""

    text: str
    ways: tuple[Way, ...]
    rule: rules.Cite | None = None  # the rule that says how it is paid, for hybrid, Phyrexian, {C}, {X}, {S}


def read_cost(symbols: str, x: int = 0) -> list[Symbol]:
    """"{2}{W/U}{B/P}" → its symbols with the ways each can be paid. Raises `UnreadableCost`."""
    out: list[Symbol] = []
    for inner in symbols_of(symbols):
        out.append(_symbol(inner, x, symbols))
    return out


def _symbol(inner: str, x: int, whole: str) -> Symbol:
    text = f"{{{inner}}}"
    parts = inner.split("/")
    if inner.isdigit():
        return Symbol(text, ((("generic", int(inner)),),))
    if inner in SYMBOL_MANA:
        return Symbol(text, (((SYMBOL_MANA[inner], 1),),), rules.COLORLESS_SYMBOL if inner == "C" else None)
    if inner in ("X", "Y", "Z"):
        return Symbol(text, ((("generic", x),),), rules.VARIABLE_X)
    if inner == "S":
        return Symbol(text, ((("snow", 1),),), rules.SNOW_SYMBOL)
    phyrexian = parts[-1] == "P" and len(parts) in (2, 3)
    halves = parts[:-1] if phyrexian else parts
    if len(halves) in (1, 2) and all(h in SYMBOL_MANA or (h == "2" and len(halves) == 2) for h in halves) \
            and (phyrexian or len(halves) == 2):
        ways: list[Way] = [((("generic", 2),) if h == "2" else ((SYMBOL_MANA[h], 1),)) for h in halves]
        if phyrexian:
            ways.append((("life", 2),))
        return Symbol(text, tuple(ways), rules.PHYREXIAN_SYMBOL if phyrexian else rules.HYBRID_SYMBOL)
    raise UnreadableCost(text, whole)


def check_cost(symbols: str) -> str | None:
    """None if the engine can pay every symbol of `symbols`, else why not."""
    try:
        read_cost(symbols)
    except UnreadableCost as exc:
        return str(exc)
    return None


def parse_cost(symbols: str) -> dict[str, int]:
    """A cost with one way to pay each symbol, as amounts: "{2}{R}{R}" → {"generic": 2, "red": 2}. Also the
    mana an effect adds ("Add {R}{G}")."""
    cost: dict[str, int] = {}
    for symbol in read_cost(symbols):
        if len(symbol.ways) != 1:
            raise UnreadableCost(symbol.text, symbols)
        for kind, amount in symbol.ways[0]:
            cost[kind] = cost.get(kind, 0) + amount
    return cost


def colors_asked(symbols: str) -> list[str]:
    """The colours of mana a cost's symbols can take, once per symbol and colour ("{1}{R/G}{G}" → red, green,
    green): what a player choosing a colour for "one mana of any color" would want (106.4). A symbol the engine
    can't read asks for nothing."""
    wanted: list[str] = []
    for inner in symbols_of(symbols):
        try:
            symbol = _symbol(inner, 0, symbols)
        except UnreadableCost:
            continue
        wanted += [kind for way in symbol.ways for kind, count in way if kind in COLOR_ORDER for _ in range(count)]
    return wanted


def announcements(symbols: list[Symbol], wanted: list[str] | None = None) -> list[tuple[Way, ...]]:
    """Every way to pay the symbols (601.2b), one way per symbol, the preferred first: mana before life, each
    symbol's halves in order. `wanted` names a way for each hybrid or Phyrexian symbol in order ("blue",
    "generic", "life"), as a scenario announces it; the others stay open."""
    out = []
    for combo in itertools.islice(itertools.product(*(s.ways for s in symbols)), MAX_WAYS):
        chosen = [_way_word(way) for s, way in zip(symbols, combo, strict=True) if len(s.ways) > 1]
        if wanted and any(w != c for w, c in zip(wanted, chosen, strict=False)):
            continue
        out.append(combo)
    return sorted(out, key=lambda combo: sum(n for way in combo for k, n in way if k == "life"))


def _way_word(way: Way) -> str:
    """How a way is named when announced: a mana type, "generic" or "life"."""
    return way[0][0]


def _total(combo: tuple[Way, ...]) -> dict[str, int]:
    total: dict[str, int] = {}
    for way in combo:
        for kind, amount in way:
            total[kind] = total.get(kind, 0) + amount
    return {k: v for k, v in total.items() if v}


def describe_pool(pool: dict[str, int]) -> str:
    return ", ".join(f"{n} {m}" for m, n in pool.items() if n) or "nothing"


def _snow(key: str) -> bool:
    return key.startswith("snow ")


def _mana_of(key: str) -> str:
    return key.removeprefix("snow ")


def pay_from(pool: dict[str, int], cost: dict[str, int]) -> dict[str, int] | None:
    """The mana spent from `pool` to pay `cost`, or None if the pool can't pay it all (601.2h: partial payments
    aren't allowed). Pool keys are mana types, "snow red" for mana from a snow source. Coloured and colorless
    symbols first (other mana before snow mana), then {S} from snow mana, then generic from what is left
    (colorless first)."""
    left = dict(pool)
    spent: dict[str, int] = {}

    def take(key: str, amount: int) -> int:
        got = min(amount, left.get(key, 0))
        if got:
            left[key] -= got
            spent[key] = spent.get(key, 0) + got
        return amount - got

    for kind, amount in cost.items():
        if kind in ("generic", "snow", "life"):
            continue
        if take(f"snow {kind}", take(kind, amount)):
            return None
    need = cost.get("snow", 0)
    for key in sorted((k for k in left if _snow(k)), key=lambda k: -left[k]):
        need = take(key, need)
    if need:
        return None
    generic = cost.get("generic", 0)
    for key in sorted(left, key=lambda k: (_snow(k), _mana_of(k) != "colorless", -left[k])):
        generic = take(key, generic)
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
        if cost is not None and cost.tap and not cost.mana and not cost.sacrifice and not cost.actions \
                and not cost.life and ability.effect is not None:
            added = next(i.mana for i in ability.effect.instructions if getattr(i, "verb", "") == "add mana")
            symbols = added.symbols.symbols if added is not None and added.symbols is not None else ()
            if len(symbols) == 1 and symbols[0].symbol.strip("{}") in SYMBOL_MANA:
                return SYMBOL_MANA[symbols[0].symbol.strip("{}")]
            if added is not None and added.choice in ANY_COLOR_CHOICES and added.amount is not None \
                    and added.amount.value == 1 and len(ability.effect.instructions) == 1:
                return ANY  # "{T}: Add one mana of any color." — the colour is chosen as it resolves (106.4)
            if added is not None and len(ability.effect.instructions) == 1 and one_of(added):
                return ONE_OF.join(one_of(added))  # "{T}: Add {W} or {U}." — one of them, chosen as it resolves
    if "land" in chars.types:  # 305.6: "{T}: Add [mana]" for each basic land type — one of them per tap
        kinds = list(dict.fromkeys(LAND_MANA[s] for s in chars.subtypes if s in LAND_MANA))
        return ONE_OF.join(kinds) if kinds else None
    return None


def one_of(added: Mana) -> tuple[str, ...]:
    """The mana types of "Add {W} or {U}" (106.4: one of them, chosen as the ability resolves), or ()."""
    if added.choice != "one of" or added.options is None or added.amount is None or added.amount.value != 1:
        return ()
    kinds = tuple(SYMBOL_MANA.get(s.symbol.strip("{}"), "") for s in added.options.symbols)
    return kinds if all(kinds) else ()


def options(kind: str) -> tuple[str, ...]:
    """The mana types a source's kind may give: one, any colour (ANY), or one of several ("white|blue")."""
    if kind == ANY:
        return COLOR_ORDER
    return tuple(kind.split(ONE_OF))


def _chosen_as_added(kind: str) -> bool:
    return kind == ANY or ONE_OF in kind


def _key(game: View, permanent: str, mana: str) -> str:
    """The pool key of mana from `permanent`: "snow red" when it is a snow permanent (106.3)."""
    return f"snow {mana}" if "snow" in game.chars(permanent).supertypes else mana


def _short(pool: dict[str, int], cost: dict[str, int]) -> set[str]:
    """The mana kinds (colours, colorless, "snow") the pool lacks for `cost`."""
    need = set()
    for kind, amount in cost.items():
        if kind in ("generic", "life"):
            continue
        if kind == "snow":
            if sum(n for k, n in pool.items() if _snow(k)) < amount:
                need.add("snow")
        elif pool.get(kind, 0) + pool.get(f"snow {kind}", 0) < amount:
            need.add(kind)
    return need


def plan(game: View, player: str, cost: dict[str, int], chosen: list[str] | None,
         pool: dict[str, int]) -> tuple[list[tuple[str, str]], bool]:
    """The mana abilities to activate for `cost` (permanent, pool key), and whether the engine chose them."""
    pool = dict(pool)
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
            taps.append((permanent, _key(game, permanent, mana)))
        return _any_colors(game, taps, cost, pool), False
    taps = []
    sources = [(o.id, produces(game, o.id)) for o in game.state.permanents() if game.controller(o.id) == player]
    sources = [(oid, _key(game, oid, m)) for oid, m in sources if m is not None]
    while pay_from(pool, cost) is None and sources:
        need = _short(pool, cost)
        pick = next(((oid, k) for oid, k in sources if _mana_of(k) in need or ("snow" in need and _snow(k))), None)
        choosing = sorted(((oid, k) for oid, k in sources if _chosen_as_added(_mana_of(k))
                           and set(options(_mana_of(k))) & need), key=lambda s: len(options(_mana_of(s[1]))))
        pick = pick or next(iter(choosing), None)  # a source with a choice only once no fixed one gives what is
        pick = pick or (sources[0] if not need else None)  # needed, the one with fewest choices first
        if pick is None:
            break
        sources.remove(pick)
        kind = _mana_of(pick[1])
        if _chosen_as_added(kind):
            pick = (pick[0], pick[1].replace(kind, _wanted(game, pick[0], need, options(kind))))
        taps.append(pick)
        pool[pick[1]] = pool.get(pick[1], 0) + 1
    return taps, bool(taps)


def _wanted(game: View, source: str, need: set[str], among: tuple[str, ...] = COLOR_ORDER) -> str:
    """The mana a source with a choice gives ("one mana of any color", "{W} or {U}", 106.4): the scenario's
    `mana_color` for it if it may give that, else the first of its choices (in WUBRG order) the cost still
    needs, else its first choice."""
    given = game.choices.mana_color.get(source) if hasattr(game, "choices") else None
    if given and given[0] in among:
        return given[0]  # used up once the ability resolves (`chose_colors`)
    return next((c for c in among if c in need), among[0])


def chose_colors(game: View, source: str, count: int = 1) -> None:
    """The scenario's colours for this source's "any color" mana, used in order: drop those just used."""
    given = game.choices.mana_color.get(source) if hasattr(game, "choices") else None
    for _ in range(count):
        if given and len(given) > 1:
            given.pop(0)


def _any_colors(game: View, taps: list[tuple[str, str]], cost: dict[str, int],
                pool: dict[str, int]) -> list[tuple[str, str]]:
    """The permanents a scenario names to tap: the fixed ones first, then a colour for each of any colour."""
    pool = dict(pool)
    for _, key in taps:
        if not _chosen_as_added(_mana_of(key)):
            pool[key] = pool.get(key, 0) + 1
    out = []
    for permanent, key in taps:
        kind = _mana_of(key)
        if _chosen_as_added(kind):
            key = key.replace(kind, _wanted(game, permanent, _short(pool, cost), options(kind)))
            pool[key] = pool.get(key, 0) + 1
        out.append((permanent, key))
    return out


def activate_mana_abilities(player: str, taps: list[tuple[str, str]]) -> list[Event]:
    """605.3b: each mana ability resolves at once: the permanent taps and the mana goes to the pool (106.4)."""
    changes: list[Event] = []
    for permanent, key in taps:
        changes += [StatusChange(permanent, True), ManaChange(player, _mana_of(key), 1, snow=_snow(key))]
    return changes


def pool_of(game: View, player: str) -> dict[str, int]:
    """The player's pool with snow mana apart: {"red": 1, "snow red": 1}."""
    who = game.state.players[player]
    pool: dict[str, int] = {}
    for mana, amount in who.mana_pool.items():
        snow = min(who.snow_mana.get(mana, 0), amount)
        if amount - snow:
            pool[mana] = amount - snow
        if snow:
            pool[f"snow {mana}"] = snow
    return pool


def payment(game: View, player: str, symbols: str, chosen: list[str] | None, what: str, x: int | None = None,
            announce: list[str] | None = None) -> tuple[list[Event], str, list[rules.Cite]]:
    """Everything paying `symbols` does: X as announced (None: not announced, 0 by default), the announced way to
    pay hybrid and Phyrexian symbols (601.2b, by default the first way that can be paid), mana abilities
    activated (601.2g), then mana removed from the pool and life paid (601.2h, 118.3a, 119.4). Raises
    `IllegalAction` if it can't be paid in full. Nothing is changed here."""
    try:
        read = read_cost(symbols, x or 0)
    except UnreadableCost as exc:
        raise IllegalAction(f"{what} can't be paid: {exc}", rules.PAY_COST_RESOURCES) from None
    if not read:
        return [], "", []
    life = game.state.players[player].life
    start = pool_of(game, player)
    if chosen is not None:
        plan(game, player, {}, chosen, start)  # a named permanent that can't be tapped for mana says so
    found = None
    for combo in announcements(read, announce):
        cost = _total(combo)
        if cost.get("life", 0) > life:
            continue  # 119.4: a player can pay life only if their life total is at least that much
        taps, defaulted = plan(game, player, cost, chosen, start)
        pool = dict(start)
        for _, key in taps:
            pool[key] = pool.get(key, 0) + 1
        spent = pay_from(pool, cost)
        if spent is not None:
            found = (combo, cost, taps, defaulted, spent)
            break
    if found is None:
        pool = dict(start)
        for _, key in _all_sources(game, player, chosen):
            pool[key] = pool.get(key, 0) + 1
        lifelike = any(k == "life" for s in read for way in s.ways for k, _ in way)
        raise IllegalAction(f"{player} can't pay {symbols} for {what}" + (f" as announced ({', '.join(announce)})"
                            if announce else "") + f": the mana pool and untapped mana sources give "
                            f"{describe_pool(pool)}" + (f", and {player} has {life} life" if lifelike else ""),
                            rules.CAST_PAY, rules.PAY_COST_RESOURCES)
    combo, cost, taps, defaulted, spent = found
    any_color = [permanent for permanent, _ in taps if _chosen_as_added(produces(game, permanent) or "")]
    for permanent in any_color:
        chose_colors(game, permanent)
    changes = activate_mana_abilities(player, taps)
    changes += [ManaChange(player, _mana_of(key), -amount, snow=_snow(key)) for key, amount in spent.items()]
    if cost.get("life"):
        changes.append(LifeChange(player, -cost["life"], life))
    tapped = ", ".join(f"{game.name(p)} for {_mana_of(m)}" for p, m in taps)
    how = _announced(read, combo, x, bool(announce))
    shown = symbols + (f" ({how})" if how else "")
    text = (f"{player} taps {tapped}" + (" (default: untapped mana sources in battlefield order)" if defaulted else "")
            + f" and pays {shown}" if taps else f"{player} pays {shown} from their mana pool")
    cited = [rules.CAST_MANA_ABILITIES, rules.MANA_ABILITY, rules.MANA_ABILITY_NO_STACK] if taps else []
    if any(not game.chars(p).has("mana") and "land" in game.chars(p).types for p, _ in taps):
        cited.append(rules.BASIC_LAND_MANA)
    if any_color:
        cited.append(rules.MANA_POOL)  # 106.4: the colour of "any color", "{W} or {U}" is chosen as it is added
    cited += [s.rule for s in read if s.rule is not None]
    if cost.get("life"):
        cited.append(rules.PAY_LIFE)
    if any(len(s.ways) > 1 or s.rule == rules.VARIABLE_X for s in read):
        cited.append(rules.CAST_ANNOUNCE)
    return changes, text, [*dict.fromkeys(cited), rules.CAST_PAY, rules.PAY_MANA]


def _all_sources(game: View, player: str, chosen: list[str] | None) -> list[tuple[str, str]]:
    ids = chosen if chosen is not None else [o.id for o in game.state.permanents() if game.controller(o.id) == player]
    out = []
    for oid in ids:
        mana = produces(game, oid) if game.state.on_battlefield(oid) else None
        if mana is not None:
            out.append((oid, _key(game, oid, mana)))
    return out


def _announced(read: list[Symbol], combo: tuple[Way, ...], x: int | None, asked: bool) -> str:
    """What the player announced (601.2b): X, and how each hybrid and Phyrexian symbol is paid."""
    said = f"X = {x}" if x is not None else "X = 0, by default: the scenario announces no X"
    parts = [said] if any(s.rule == rules.VARIABLE_X for s in read) else []
    for symbol, way in zip(read, combo, strict=True):
        if len(symbol.ways) > 1:
            word = _way_word(way)
            parts.append(f"{symbol.text} with " + ("2 life" if word == "life" else "{2}" if word == "generic"
                                                   else f"{word} mana"))
    if len(parts) > (1 if parts and parts[0].startswith("X") else 0) and not asked:
        parts.append("default: the first way that can be paid, mana before life")
    return "; ".join(parts)
