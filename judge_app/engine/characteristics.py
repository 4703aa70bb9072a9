"""An object's characteristics (109.3) as values, and reading them from a card's printed parts.

`Characteristics` is immutable: the layer pipeline (`layers.py`, 613) derives each object's current
values from its copiable values by `dataclasses.replace`, so nothing is ever stored twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge_app.engine.ability import CARD_TYPES, COLORS, SUPERTYPES, Ability

PRINTED_TYPE_ORDER = ("kindred", "enchantment", "artifact", "land", "creature", "battle", "planeswalker", "instant",
                      "sorcery")
_SYMBOL_COLORS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


@dataclass(frozen=True, slots=True)
class Characteristics:
    name: str
    mana_cost: str = ""
    colors: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    types: frozenset[str] = frozenset()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None  # battles (310.4)
    abilities: tuple[Ability, ...] = field(default_factory=tuple)
    controller: str = ""  # on the battlefield: from layer 2 (613.1b); not a characteristic, carried along for it

    def has(self, kind: str) -> bool:
        return any(a.kind == kind for a in self.abilities)

    def abilities_of(self, kind: str) -> list[Ability]:
        return [a for a in self.abilities if a.kind == kind]

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types

    @property
    def is_planeswalker(self) -> bool:
        return "planeswalker" in self.types

    @property
    def type_line(self) -> str:
        """The type line in the order cards print it: "Legendary Enchantment Creature — God" (205.1a)."""
        left = " ".join(w.capitalize() for w in [*sorted(self.supertypes, key=SUPERTYPES.index),
                                                   *sorted(self.types, key=PRINTED_TYPE_ORDER.index)])
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left

    @property
    def pt(self) -> str | None:
        return None if self.power is None or self.toughness is None else f"{self.power}/{self.toughness}"


def symbols_of(mana_cost: str) -> list[str]:
    """The mana symbols of a cost, without braces and upper-cased: "{2}{w/u}" → ["2", "W/U"] (107.4)."""
    return re.findall(r"\{([^}]*)\}", mana_cost.upper())


def colors_of_cost(mana_cost: str) -> frozenset[str]:
    """An object is the colours of the mana symbols in its mana cost, hybrid ones included (202.2)."""
    return frozenset(_SYMBOL_COLORS[c] for s in symbols_of(mana_cost) for c in s.split("/") if c in _SYMBOL_COLORS)


def mana_value(mana_cost: str) -> int:
    """202.3: the total amount of mana in a mana cost, regardless of colour; hybrid symbols count their largest
    part, X is 0 (202.3e)."""
    total = 0
    for symbol in symbols_of(mana_cost):
        parts = symbol.split("/")
        if symbol.isdigit():
            total += int(symbol)
        elif symbol in ("X", "Y", "Z"):
            continue
        else:
            total += max((int(p) if p.isdigit() else 1) for p in parts if p != "P") if parts != ["P"] else 1
    return total


def check_mana_cost(mana_cost: str) -> str | None:
    """None if `mana_cost` is written in mana symbols ("{2}{G}{G}"), else what is wrong."""
    if mana_cost and not re.fullmatch(r"(\{(\d+|[WUBRGCXYZS]|[WUBRGC2]/[WUBRGP](/P)?)\})+", mana_cost.upper()):
        return f"{mana_cost!r} is not a mana cost written in symbols such as {{2}}{{G}}{{G}}"
    return None


def parse_colors(words: list[str]) -> frozenset[str]:
    unknown = [w for w in words if w.lower() not in COLORS]
    if unknown:
        raise ValueError(f"unknown colour(s) {', '.join(map(repr, unknown))}; expected some of {', '.join(COLORS)}")
    return frozenset(w.lower() for w in words)


def parse_type_line(text: str) -> tuple[frozenset[str], frozenset[str], tuple[str, ...]]:
    """"Legendary Creature — Elf Warrior" → supertypes, card types, subtypes (205). Raises ValueError."""
    parts = re.split(r"\s+(?:—|--|-)\s+", text.strip(), maxsplit=1)
    left, right = parts[0], parts[1] if len(parts) > 1 else ""
    supertypes, types = set(), set()
    for word in left.split():
        lower = word.lower()
        if lower in SUPERTYPES:
            supertypes.add(lower)
        elif lower in CARD_TYPES:
            types.add(lower)
        else:
            raise ValueError(f"{word!r} is neither a card type ({', '.join(CARD_TYPES)}) nor a supertype "
                             f"({', '.join(SUPERTYPES)})")
    if not types:
        raise ValueError(f"no card type in {text!r}")
    return frozenset(supertypes), frozenset(types), tuple(right.split())


def parse_pt(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(-?\d+)\s*/\s*(-?\d+)\s*", text)
    if not match:
        raise ValueError(f"{text!r} is not a power/toughness such as \"2/3\"")
    return int(match.group(1)), int(match.group(2))


def same_type_line(a: str, b: str) -> bool:
    """Two type lines name the same supertypes, card types and subtypes, whatever their order."""
    try:
        left, right = parse_type_line(a), parse_type_line(b)
    except ValueError:
        return a == b
    return left[:2] == right[:2] and sorted(left[2]) == sorted(right[2])
