"""`[[cards]]` entries by name: a card given a `name` and neither `text` nor `type` takes its characteristics —
Oracle text, type line, mana cost (so its colours), power and toughness, loyalty — from the card database
(`judge_app.cards`). Each of `cost`, `pt`, `loyalty`, `colors` and `defense` given as well replaces the one
characteristic it names (a custom P/T, a colour indicator); a card given `text` or `type` is as typed, as a card
the database doesn't know must be.

A name is taken when it is one card's name however typed ("dandan" for Dandân), the front face of a two-faced
card, or one legendary card's short name. Only the start of a name, some of its words, a typo, or several
cards equally ("Jace") is an error listing the cards meant, never a guess: the board must hold the card the
writer means. A face whose text the data lacks (the second half of most split cards) is an error too: its
text is given by hand.
"""

from __future__ import annotations

import re
from typing import Any

from judge_app.cards import Card, CardDatabase, load_cards, names
from judge_app.cards.lookup import EXACT, FACE, NAME, SHORT

TAKEN = (EXACT, NAME, FACE, SHORT)  # how a name may match the card it takes; not a prefix, words or a typo
OVERRIDES = ("cost", "pt", "loyalty", "colors", "defense")  # keys that replace one characteristic each
LISTED = 8  # cards named in an error about an ambiguous name
BY_HAND = "or the card's type and text given by hand (type = \"…\", text = \"…\")"

_database: list[CardDatabase] = []


class NameProblem(ValueError):
    """Why a name can't be taken from the database: what is wrong and what was expected (the loader adds the
    file and the line)."""

    def __init__(self, problem: str, expected: str):
        super().__init__(problem)
        self.problem, self.expected = problem, expected


def database() -> CardDatabase:
    """The card database, loaded once per process: the scenario sandbox loads it before it forks (`sandbox.prepare`),
    so a replay never pays for it. `NameProblem` if its data can't be read (a corpus folder without `cards/`)."""
    if not _database:
        try:
            _database.append(load_cards())
        except (OSError, ValueError, KeyError) as error:
            raise NameProblem(f"the card database can't be read ({error})", BY_HAND) from None
    return _database[0]


def by_name(table: dict[str, Any]) -> bool:
    """Whether a `[[cards]]` table takes its card from the database: a name, and neither text nor type."""
    return isinstance(table.get("name"), str) and "text" not in table and "type" not in table


def card_named(name: str, cards: CardDatabase | None = None) -> Card:
    """The one card `name` means, or `NameProblem` saying why not (with the cards it might mean)."""
    lookup = (cards or database()).find(name)
    if lookup.how not in TAKEN or not lookup.cards:
        meant = lookup.did_you_mean or tuple(c.name for c in lookup.cards[:LISTED])
        hint = f" (did you mean {_either(meant)}?)" if meant else ""
        raise NameProblem(f"no card in the card database is named {name!r}{hint}",
                          "the card's whole name as printed, " + BY_HAND)
    if len(lookup.cards) > 1:
        shown = ", ".join(repr(c.name) for c in lookup.cards[:LISTED])
        more = f" and {len(lookup.cards) - LISTED} more" if len(lookup.cards) > LISTED else ""
        raise NameProblem(f"{name!r} names {len(lookup.cards)} cards equally well: {shown}{more}",
                          "the whole name of the card meant")
    card = lookup.cards[0]
    face = _face(card, name)
    if face in card.missing_faces or (face == card.name and card.missing_faces):
        lacking = ", ".join(repr(f) for f in card.missing_faces)
        raise NameProblem(f"the card database lacks the text of {lacking} ({card.name}): it can't give the "
                          f"characteristics of {name!r}", "the face's type and text given by hand (type = \"…\", "
                          "text = \"…\")")
    if face not in (card.face_name, card.name):
        raise NameProblem(f"the card database gives the characteristics of {card.name} only for its front face, "
                          f"{card.face_name!r}", f"name = {card.face_name!r}, " + BY_HAND)
    return card


def as_read(name: str) -> dict[str, str] | None:
    """The name, type line and text the card-text grammar reads for a card taken by `name`, as a `[[cards]]`
    table would give them; None when the name takes no card (the loader says why)."""
    try:
        card = card_named(name)
    except NameProblem:
        return None
    return {"name": card.face_name, "type": card.type_line, "text": card.text}


def values(card: Card, given: dict[str, Any]) -> dict[str, Any]:
    """The `[[cards]]` keys the card takes from the database, as a scenario would type them, with those `given`
    left out (they override). Colours follow a given cost unless `colors` is given too."""
    out: dict[str, Any] = {"type": card.type_line, "text": card.text, "cost": card.mana_cost or ""}
    if "cost" not in given:
        out["colors"] = list(card.colors)  # a colour indicator the data kept as colours (204, 105.2)
    if card.power is not None and card.toughness is not None and "pt" not in given:
        out["pt"] = f"{_printed(card, 'power', card.power)}/{_printed(card, 'toughness', card.toughness)}"
    if card.loyalty is not None and "loyalty" not in given:
        if not card.loyalty.isdigit():
            raise NameProblem(f"the card database gives {card.name} the loyalty {card.loyalty!r}, not a number",
                              "loyalty = 3 or similar, given with the name")
        out["loyalty"] = int(card.loyalty)
    if "Battle" in card.types and "defense" not in given:
        raise NameProblem(f"the card database doesn't give a battle's defense ({card.name})",
                          "defense = 5 or similar, given with the name (the number printed on the card)")
    return {key: value for key, value in out.items() if key not in given}


def overridden(given: dict[str, Any]) -> tuple[str, ...]:
    """The characteristics of a card taken by name that its table gives by hand instead."""
    return tuple(key for key in OVERRIDES if key in given)


def _printed(card: Card, what: str, value: str) -> int:
    """A printed power or toughness as a number: a star counts as 0, its characteristic-defining ability setting
    the value (208.2a, 604.3): "*" → 0, "1+*" → 1."""
    number = printed_number(value)
    if number is None:
        raise NameProblem(f"the card database gives {card.name} the {what} {value!r}, not one the engine counts",
                          "pt = \"2/2\" or similar, given with the name")
    return number


def printed_number(value: str) -> int | None:
    """A printed power or toughness — "2", "*", "1+*", "*+1", "7-*" — as the number it counts for, a star 0
    (208.2a); None if it isn't one."""
    number = re.fullmatch(r"\s*(?:(-?\d+)|\*|(\d+)\+\*|\*\+(\d+)|(\d+)-\*)\s*", value)
    if number is None:
        return None
    return int(next((g for g in number.groups() if g is not None), "0"))


def _face(card: Card, name: str) -> str:
    """The face of `card` that `name` names (its whole name if none: a short name)."""
    typed = names.key(name)
    return next((face for face in (card.name, *card.faces) if names.key(face) == typed), card.name)


def _either(found: tuple[str, ...]) -> str:
    quoted = [repr(n) for n in found]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
