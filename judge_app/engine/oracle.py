"""Oracle-like card text → the engine's abilities: the entry point of the text reader.

The templates are registered in order by `abilities.py` (keywords and statics) and `abilitytext.py`
(triggered, activated, replacement …); effect sentences are read by `effecttext.py`. Reminder text in
parentheses is dropped first, as it has no rules meaning; text no template reads raises
`UnsupportedText` naming it.
"""

from __future__ import annotations

import re

from judge_app.engine import (
    abilitytext,  # noqa: F401  (registers its templates after those of `abilities`)
    rulestext,  # noqa: F401  (registers its templates ahead of the others)
)
from judge_app.engine.abilities import UnsupportedText, keyword_items, match_template, own_name
from judge_app.engine.ability import Ability
from judge_app.engine.effecttext import parse_effect


def parse_abilities(text: str, card_name: str = "", spell: bool = False) -> list[Ability]:
    """Every ability in `text`, in order. Raises `UnsupportedText` on the first piece no template matches.

    For an instant or sorcery (`spell`), lines that are no other ability are its spell ability, read
    together as one effect (its instructions, in order, 608.2c)."""
    out: list[Ability] = []
    spell_lines: list[str] = []
    text = re.sub(r"\s*\([^)]*\)", "", text)  # reminder text
    for raw_line in text.splitlines():
        line = raw_line.strip()
        if not line:
            continue
        line = own_name(line, card_name)
        found = match_template(line, whole_line=True)
        if found is not None:
            out.extend(found)
            continue
        pieces = [(piece, match_template(piece, whole_line=False)) for piece in keyword_items(line)]
        if spell and not all(f for _, f in pieces):
            spell_lines.append(line)
            continue
        for piece, found in pieces:
            if found is None:  # name the whole line unless it is a keyword list with one unknown item
                raise UnsupportedText(piece if any(f for _, f in pieces) else raw_line.strip(), text)
            out.extend(found)
    if spell_lines:
        joined = " ".join(spell_lines)
        out.append(Ability("spell", joined, effect=parse_effect(joined)))
    return out
