"""Predefined tokens (111.10): the artifacts an effect creates by name alone ("Create a Treasure token"), with the
ability each one's rule gives it, as card text for the reader. Plain data: `interpret` checks the texts are
played, `effects` makes the tokens."""

from __future__ import annotations

from dataclasses import dataclass

from judge_app.engine import rules


@dataclass(frozen=True, slots=True)
class Predefined:
    """A colorless artifact token of this subtype with this ability (111.10)."""

    subtype: str
    text: str
    rule: rules.Cite


TOKENS = {t.subtype: t for t in (
    Predefined("Treasure", "{T}, Sacrifice this token: Add one mana of any color.", rules.TREASURE),
    Predefined("Food", "{2}, {T}, Sacrifice this token: You gain 3 life.", rules.FOOD),
    Predefined("Gold", "Sacrifice this token: Add one mana of any color.", rules.GOLD),
    Predefined("Clue", "{2}, Sacrifice this token: Draw a card.", rules.CLUE),
    Predefined("Blood", "{1}, {T}, Discard a card, Sacrifice this token: Draw a card.", rules.BLOOD),
)}


def predefined(subtypes: tuple[str, ...]) -> Predefined | None:
    """The predefined token "a Treasure token" names, or None."""
    return TOKENS.get(subtypes[0]) if len(subtypes) == 1 else None
