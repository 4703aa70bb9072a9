"""The card data's entries → `Card`s, with what the data does oddly put right (`rules_corpus/cards/PROVENANCE.toml`).

- Loyalty abilities are written `[+2]:` / `[−1]:`; Oracle text (and the card-text grammar) writes `+2:` / `−1:`
  (606.1).
- The data has no colours: they come from the mana cost (202.2); a card with no mana cost that is not a plain
  land (a back face, Ancestral Vision, Dryad Arbor) had a colour indicator (204), which the data lost: its colour
  identity stands in for it, and `colors_from` says so.
- The data has no mana value: it is computed from the mana cost (202.3): a hybrid `{2/W}` counts 2, `{X}` 0.
- A two-faced card is one entry "Front // Back"; a transform or meld back face is also an entry of its own, a
  modal double-faced card's back face and the second half of ~460 split, adventure and flip cards are absent:
  those faces are `missing_faces`, never made up.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from judge_app.cards.model import LETTERS, Card

NONTRADITIONAL_TYPES = frozenset({"Plane", "Phenomenon", "Scheme", "Vanguard", "Dungeon", "Stickers"})  # 108.2a
NONTRADITIONAL_SUBTYPES = frozenset({"Attraction"})  # 717.1
ALCHEMY_PREFIX = "A-"
_LOYALTY = re.compile(r"^\[([+−-]?(?:\d+|X))\]:", re.MULTILINE)
_SYMBOL = re.compile(r"\{([^}]*)\}")


def cards(entries: Iterable[Mapping[str, Any]]) -> list[Card]:
    """Every entry as a `Card`, in the data's order."""
    listed = list(entries)
    held = {entry["name"] for entry in listed}
    return [card(entry, held) for entry in listed]


def card(entry: Mapping[str, Any], held: set[str] | frozenset[str] = frozenset()) -> Card:
    """One entry; `held` is every name the data has an entry for (to tell which faces it lacks)."""
    name: str = entry["name"]
    faces = tuple(face.strip() for face in name.split(" // "))
    types = tuple(entry.get("types") or ())
    subtypes = tuple(entry.get("subtypes") or ())
    cost = entry.get("manaCost") or None
    identity = tuple(letter for letter in "WUBRG" if letter in (entry.get("colorIdentity") or ()))
    colors, colors_from = _colors(cost, types, identity)
    back = entry.get("back")
    return Card(
        name=name, faces=faces, mana_cost=cost, mana_value=mana_value(cost), colors=colors, colors_from=colors_from,
        color_identity=identity, type_line=entry.get("type") or "", supertypes=tuple(entry.get("supertypes") or ()),
        types=types, subtypes=subtypes, text=loyalty_text(entry.get("text") or ""), power=entry.get("power"),
        toughness=entry.get("toughness"), loyalty=entry.get("loyalty"), keywords=tuple(entry.get("keywords") or ()),
        layout=entry.get("layout") or "normal", front=entry.get("front"), back=back,
        missing_faces=tuple(face for face in faces[1:] if face != back and face not in held),
        alchemy=name.startswith(ALCHEMY_PREFIX),
        nontraditional=bool(NONTRADITIONAL_TYPES.intersection(types) or NONTRADITIONAL_SUBTYPES.intersection(subtypes)),
    )


def loyalty_text(text: str) -> str:
    """`[+2]: …` → `+2: …` at the start of a line (606.1)."""
    return _LOYALTY.sub(r"\1:", text)


def mana_value(cost: str | None) -> float:
    """202.3: the total of the mana cost's symbols — a number its value, X 0, a hybrid `{2/W}` its larger part,
    every other symbol 1 (a half symbol ½)."""
    total = 0.0
    for symbol in _SYMBOL.findall(cost or ""):
        parts = symbol.split("/")
        numbers = [int(part) for part in parts if part.isdigit()]
        if numbers:
            total += max(numbers)
        elif symbol.startswith("H"):
            total += 0.5
        elif symbol not in ("X", "Y", "Z"):
            total += 1
    return total


def _colors(cost: str | None, types: tuple[str, ...], identity: tuple[str, ...]) -> tuple[tuple[str, ...], str]:
    if cost:
        letters = {letter for symbol in _SYMBOL.findall(cost) for letter in re.findall(r"[WUBRG]", symbol)}
        colors = tuple(LETTERS[letter] for letter in "WUBRG" if letter in letters)
        return colors, "mana cost" if colors else ""
    if identity and ("Land" not in types or "Creature" in types):  # a land's identity is its mana abilities
        return tuple(LETTERS[letter] for letter in identity), "color identity"
    return (), ""
