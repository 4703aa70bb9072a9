"""Which objects and players a description of card text names: "another target nonblack creature an opponent
controls", "each creature with power 4 or greater", "creatures you control", "a creature card in your
graveyard", "each opponent" (the vocabulary of `judge_app.cardtext.nodes`: nouns and qualities, 109, 115).

Pure questions over the game state, with characteristics given by the caller (`chars`), so the layer
pipeline can ask with the values of its current layer (611.3a) and everyone else with the values now.
`unplayable` says, for a description read from a card, what the engine can't match yet; the reader refuses
such text at once rather than guess.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from judge_app.cardtext.nodes import Amount, Description, Quality, Reference, Thing
from judge_app.engine.ability import CARD_TYPES, COLORS, SUPERTYPES
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.state import STACK, GameState

Chars = Callable[[str], Characteristics]
PLAYER_NOUNS = ("player", "opponent")
PERMANENT_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
STATUSES = ("tapped", "untapped", "attacking", "blocking", "blocked", "unblocked", "enchanted", "equipped",
            "attacking or blocking", "token", "sacrificed", "exiled", "discarded")
PAID = ("sacrificed", "exiled", "discarded")  # "the sacrificed creature": what a cost paid with (`words.things`)
COMPARED = ("power", "toughness", "mana value", "power or toughness")
ZONES = ("battlefield", "graveyard", "hand", "library", "exile", "stack")
CHOSEN = {"color": "color", "type": "creature type", "name": "card name"}  # "the chosen …" → what was chosen
OF_THEIR_CHOICE = "your choice"  # "sacrifices a creature of their choice": no quality, who chooses is said


@dataclass(frozen=True, slots=True)
class Anchor:
    """What the words of a description are relative to: "you" (the controller of the ability), "other" and
    "enchanted" (the object with the ability)."""

    you: str
    source: str | None = None


def _noun(noun: str) -> str:
    noun = noun.lower()
    return noun[:-1] if noun.endswith("s") and noun[:-1] in (*CARD_TYPES, "card", "spell", "token", "permanent",
                                                                 "player", "opponent", "source", "ability") else noun


def nouns(desc: Description) -> list[str]:
    """A description's nouns in the singular ("creatures" → "creature"), as the engine compares them."""
    return [_noun(x) for x in desc.nouns]


def fixed_amount(amount: Amount | None) -> int | None:
    """A plain number ("3"), or None for any other amount ("X", "the number of …")."""
    return amount.value if amount is not None and amount.kind == "number" else None


def unplayable(thing: Thing | Quality | None) -> str | None:
    """Why the engine can't match this description (or quality) yet, or None."""
    if thing is None or isinstance(thing, Reference):
        return None
    if isinstance(thing, Quality):
        return _quality_unplayable(thing)
    if not isinstance(thing, Description):
        return f"\"{getattr(thing, 'text', '')}\" (several things named together)"
    for noun in thing.nouns:
        n = _noun(noun)
        if n not in (*CARD_TYPES, *PLAYER_NOUNS, "permanent", "card", "spell", "token", "source", "ability") \
                and not noun[:1].isupper():
            return f"the noun \"{noun}\""
    for quality in thing.qualities:
        why = _quality_unplayable(quality)
        if why:
            return why
    return None


def _quality_unplayable(q: Quality) -> str | None:
    kind = q.kind
    if kind in ("color", "type", "supertype", "subtype", "other", "named", "keyword", "counter"):
        if kind == "color" and q.value not in (*COLORS, "colorless", "multicolored", "monocolored"):
            return f"the colour \"{q.value}\""
        if kind == "supertype" and q.value.lower() not in SUPERTYPES:
            return f"the supertype \"{q.value}\""
        return None
    if kind in ("control", "owner"):
        return None if q.of is None and q.value in ("you", "opponent", "not you") else f"\"{kind} {q.value}\""
    if kind == "status":
        return None if q.value in STATUSES and q.of is None else f"the status \"{q.value}\""
    if kind == "zone":
        ok = q.value in ZONES and (q.of is None or (isinstance(q.of, Reference) and q.of.kind in ("you", "it", "that")))
        return None if ok else f"the zone \"{q.value}\""
    if kind == "compare":
        return None if q.value in COMPARED and fixed_amount(q.amount) is not None else f"the comparison \"{q.value}\""
    if kind == "ability":  # "target activated or triggered ability": on the stack only
        return None if q.value in ("activated", "triggered") else f"the quality \"{q.value} ability\""
    if kind in ("any", "all"):
        return next((why for part in q.parts if (why := _quality_unplayable(part))), None)
    if kind == "chosen":  # "of the chosen color": linked to an "As ~ enters, choose …" ability (607.2d)
        return None if q.value in CHOSEN or q.value == OF_THEIR_CHOICE else f"the quality \"chosen {q.value}\""
    if _targets_what(q) is not None:  # "a spell that targets this creature" (115.1)
        what = _targets_what(q)
        return None if isinstance(what, Reference) and what.kind == "self" else unplayable(what)
    return f"the quality \"{q.kind} {q.value}\"".replace("  ", " ")


def _targets_what(q: Quality) -> Reference | Description | None:
    """"That targets this creature", "that targets a creature you control": what a spell's targets include."""
    event = q.event if q.kind == "event" and not q.negated else None
    if event is None or event.verb != "target" or event.subject is not None or event.qualifier \
            or event.condition is not None:
        return None
    what = event.object
    return what if (isinstance(what, Reference) and what.kind == "self") or isinstance(what, Description) else None


def object_matches(state: GameState, chars: Chars, desc: Description, oid: str, anchor: Anchor,
                   zone: str | None = None) -> bool:
    """Whether the object `oid` is one of those `desc` describes. Without a zone quality or a noun naming one
    ("card", "spell"), a description names permanents (110.1); `zone` overrides that (a target chosen on the
    stack or in a graveyard)."""
    obj = state.objects.get(oid)
    if obj is None:
        return False
    where = zone or _zone_of(desc)
    if where == "any":
        where = obj.zone
    if obj.zone != where:
        return False
    c = chars(oid)
    nouns = [_noun(n) for n in desc.nouns]
    if nouns and not any(_noun_matches(state, n, oid, c) for n in nouns):
        return False
    if desc.selector.other and oid == anchor.source:
        return False
    return all(quality_holds(state, chars, q, oid, anchor) for q in desc.qualities)


def _zone_of(desc: Description) -> str:
    for q in desc.qualities:
        if q.kind == "zone" and not q.negated:
            return q.value
    nouns = {_noun(n) for n in desc.nouns}
    if "spell" in nouns or "ability" in nouns:
        return STACK
    if "card" in nouns:
        return "any"
    return "battlefield"


def _noun_matches(state: GameState, noun: str, oid: str, c: Characteristics) -> bool:
    if noun in PLAYER_NOUNS:
        return False
    if noun in ("permanent", "card", "spell", "source", "ability"):
        return True
    if noun == "token":
        return state.objects[oid].token
    if noun in CARD_TYPES:
        return noun in c.types
    return noun.lower() in {s.lower() for s in c.subtypes}


def quality_holds(state: GameState, chars: Chars, q: Quality, oid: str, anchor: Anchor) -> bool:
    held = _holds(state, chars, q, oid, anchor)
    return held != q.negated


def _holds(state: GameState, chars: Chars, q: Quality, oid: str, anchor: Anchor) -> bool:
    c = chars(oid)
    obj = state.objects[oid]
    kind, value = q.kind, q.value.lower()
    what = _targets_what(q)
    if what is not None:  # a spell on the stack whose chosen targets include what the words name (115.1)
        item = next((i for i in state.stack if i.source == oid), None)
        chosen = [t.ref for t in item.targets] if item is not None else []
        if isinstance(what, Reference):
            return anchor.source in chosen
        return any((player_matches(state, what, t, anchor) if t in state.players else
                    object_matches(state, chars, what, t, anchor, zone=state.objects[t].zone)) for t in chosen)
    if kind == "color":
        if value == "colorless":
            return not c.colors
        if value == "multicolored":
            return len(c.colors) >= 2
        if value == "monocolored":
            return len(c.colors) == 1
        return value in c.colors
    if kind == "type":
        if value == "token":
            return obj.token
        if value == "permanent":
            return bool(c.types & set(PERMANENT_TYPES))
        return _noun(value) in c.types
    if kind == "supertype":
        return value in c.supertypes
    if kind == "subtype":
        return value in {s.lower() for s in c.subtypes}
    if kind == "other":
        return oid != anchor.source
    if kind == "named":  # "cards named ~": the name of the object with the ability
        if value == "~":
            value = chars(anchor.source).name.lower() if anchor.source in state.objects else ""
        return c.name.lower() == value
    if kind == "keyword":
        return c.has(value)
    if kind == "counter":  # "with a +1/+1 counter on it"; "with counters on them": any kind
        return obj.counters.get(q.value, 0) > 0 if q.value else any(n > 0 for n in obj.counters.values())
    if kind == "control":
        mine = c.controller == anchor.you
        return mine if value == "you" else not mine
    if kind == "owner":
        mine = obj.owner == anchor.you
        return mine if value == "you" else not mine
    if kind == "zone":
        if isinstance(q.of, Reference) and q.of.kind == "you":
            return obj.zone == value and obj.owner == anchor.you
        return obj.zone == value
    if kind == "compare":
        stats = {"power": (c.power,), "toughness": (c.toughness,), "mana value": (_mana_value(c.mana_cost),),
                 "power or toughness": (c.power, c.toughness)}[value]
        return any(_compare(stat, q.comparison, fixed_amount(q.amount) or 0) for stat in stats)
    if kind == "status":
        return _status(state, value, oid, anchor)
    if kind == "ability":
        return True  # which kind of ability a stack item is: `targets.py` asks it of the item
    if kind == "chosen":  # "a creature of their choice": the player who acts chooses among all of them
        return value == OF_THEIR_CHOICE or _chosen(state, value, c, anchor)
    if kind == "any":
        return any(quality_holds(state, chars, p, oid, anchor) for p in q.parts)
    if kind == "all":
        return all(quality_holds(state, chars, p, oid, anchor) for p in q.parts)
    raise ValueError(f"unplayable quality {q.kind!r}")


def _chosen(state: GameState, value: str, c: Characteristics, anchor: Anchor) -> bool:
    """607.2d: the value chosen as the source entered ("creatures of the chosen type"); none chosen, none match."""
    source = state.objects.get(anchor.source) if anchor.source else None
    chosen = source.chosen.get(CHOSEN[value], "") if source is not None else ""
    if not chosen:
        return False
    if value == "color":
        return chosen.lower() in c.colors
    if value == "type":
        return chosen.lower() in {s.lower() for s in c.subtypes}
    return c.name.lower() == chosen.lower()


def _status(state: GameState, value: str, oid: str, anchor: Anchor) -> bool:
    obj = state.objects[oid]
    combat = state.combat
    attacking = combat is not None and oid in combat.attackers
    blocking = combat is not None and oid in combat.blocking
    if value in ("tapped", "untapped"):
        return obj.tapped == (value == "tapped")
    if value == "attacking":
        return attacking
    if value == "blocking":
        return blocking
    if value == "attacking or blocking":
        return attacking or blocking
    if value in ("blocked", "unblocked"):
        return attacking and combat is not None and combat.blocked.get(oid, False) == (value == "blocked")
    if value in ("enchanted", "equipped"):  # "enchanted creature": the one the source is attached to
        source = state.objects.get(anchor.source or "")
        return source is not None and source.attached_to == oid
    if value == "token":
        return obj.token
    if value in PAID:
        return False  # only "the sacrificed creature" names it, through what the cost paid with
    raise ValueError(f"unplayable status {value!r}")


def _compare(left: int | None, comparison: str, right: int) -> bool:
    if left is None:
        return False
    return {"<=": left <= right, ">=": left >= right, "==": left == right, "<": left < right,
            ">": left > right, "even": left % 2 == 0, "odd": left % 2 == 1}.get(comparison, False)


def _mana_value(cost: str) -> int:
    """202.3: each generic number counts as itself, X as 0, every other symbol as one."""
    total = 0
    for symbol in cost.upper().replace("}", "").split("{")[1:]:
        if symbol.isdigit():
            total += int(symbol)
        elif symbol.startswith("2/"):
            total += 2
        elif symbol not in ("X", "Y", "Z"):
            total += 1
    return total


def player_matches(state: GameState, desc: Description, player: str, anchor: Anchor) -> bool:
    """Whether the player is one of those `desc` describes ("target player", "each opponent")."""
    nouns = {_noun(n) for n in desc.nouns}
    if not nouns & set(PLAYER_NOUNS) or player not in state.players:
        return False
    if "player" not in nouns and player == anchor.you:
        return False  # "opponent" only
    for q in desc.qualities:
        if q.kind == "control" or q.kind == "other":
            held = player != anchor.you if q.value in ("opponent", "not you") or q.kind == "other" else \
                player == anchor.you
            if held == q.negated:
                return False
    return True


def names_players(desc: Description) -> bool:
    return any(_noun(n) in PLAYER_NOUNS for n in desc.nouns)


def names_objects(desc: Description) -> bool:
    return any(_noun(n) not in PLAYER_NOUNS for n in desc.nouns) or not desc.nouns


def selected(state: GameState, chars: Chars, desc: Description, anchor: Anchor) -> list[str]:
    """Everything `desc` describes now, as "each"/"all" means it: permanents in battlefield order, then players
    in turn order (or the objects of the zone it names)."""
    out: list[str] = []
    if names_objects(desc):
        zone = _zone_of(desc)
        pool = state.battlefield if zone == "battlefield" else [i.source for i in state.stack] if zone == STACK \
            else [oid for p in state.players.values() for z in ("graveyard", "hand", "exile") for oid in p.zone(z)] \
            if zone == "any" else [oid for p in state.players.values() for oid in p.zone(zone)]
        out += [oid for oid in pool if object_matches(state, chars, desc, oid, anchor)]
    if names_players(desc):
        out += [p for p in state.players if player_matches(state, desc, p, anchor)]
    return out
