"""A card as the database holds it: the printed characteristics the rules read (109.3, 202–208), with the marks
the source data needs read with care (faces it lacks, Alchemy, nontraditional cards)."""

from __future__ import annotations

from dataclasses import dataclass

COLORS = ("white", "blue", "black", "red", "green")  # WUBRG, the order of 105.1
LETTERS = dict(zip("WUBRG", COLORS, strict=True))


@dataclass(frozen=True, slots=True)
class Card:
    """One entry of the card data, normalised (`normalise.card`).

    `name` is the data's name: both faces of a two-faced card ("Delver of Secrets // Insectile Aberration");
    `faces` the names of each face, the first being this entry's characteristics. A back face the data holds as
    an entry of its own names its `front`; `missing_faces` are faces whose text and cost the data lacks.
    """

    name: str
    faces: tuple[str, ...]
    mana_cost: str | None
    mana_value: float
    colors: tuple[str, ...]
    colors_from: str  # "mana cost", "color identity" (a colour indicator the data lost), or "" (colourless)
    color_identity: tuple[str, ...]
    type_line: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    text: str
    power: str | None
    toughness: str | None
    loyalty: str | None
    keywords: tuple[str, ...]
    layout: str
    front: str | None = None  # a back face: the name of its front face
    back: str | None = None  # a front face: the name of the back face held as its own entry
    missing_faces: tuple[str, ...] = ()
    alchemy: bool = False  # an "A-" card: rebalanced for digital play only
    nontraditional: bool = False  # a plane, scheme, vanguard … (108.2a): not in a deck

    @property
    def face_name(self) -> str:
        """The name this entry's characteristics are printed under: the front face's for a two-faced card."""
        return self.faces[0]

    @property
    def legendary(self) -> bool:
        return "Legendary" in self.supertypes

    def as_json(self) -> dict[str, object]:
        """The characteristics as plain data (`judge card show --json`, `/api/cards/<name>`)."""
        return {
            "name": self.name, "face": self.face_name, "faces": list(self.faces), "type": self.type_line,
            "mana_cost": self.mana_cost, "mana_value": _number(self.mana_value), "colors": list(self.colors),
            "colors_from": self.colors_from or None, "color_identity": list(self.color_identity),
            "supertypes": list(self.supertypes), "types": list(self.types), "subtypes": list(self.subtypes),
            "text": self.text, "power": self.power, "toughness": self.toughness, "loyalty": self.loyalty,
            "keywords": list(self.keywords), "layout": self.layout, "front": self.front, "back": self.back,
            "missing_faces": list(self.missing_faces), "alchemy": self.alchemy, "nontraditional": self.nontraditional,
        }


def _number(value: float) -> int | float:
    return int(value) if value == int(value) else value
