"""Card names in a question ("blood moon com urborg", "I blink my creature that has Pacifism"): the cards of
the scenario library, each read for what its text gives the rules.

Players name cards where the rules name what the cards do: Pacifism is an Aura with "Enchant creature",
Blood Moon says "Nonbasic lands are Mountains". The library's scenarios (`scenarios/*.toml`) hold real cards
with their Oracle text. A card's name (and its short name before a comma: "Urborg") becomes a unit whose
forms are the keyword abilities its text names (702 titles, in the searched document's language through the
alignment), the subtypes with rules of their own ("Aura", "Equipment"), and otherwise its text's rarest
words; the name as typed stays a form, for the rules that cite the card in an example.
"""

from __future__ import annotations

import logging
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from judge_app import paths
from judge_app.search.analysis import fold, words

log = logging.getLogger(__name__)

RULE_SUBTYPES = ("aura", "equipment", "vehicle", "saga", "fortification", "class", "room", "case")
KEYWORD_SECTION = "702."  # keyword abilities
TEXT_WORDS = 3  # a card naming no keyword gives its text's rarest words, this many


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    type: str
    text: str


def name_key(name: str) -> tuple[str, ...]:
    return tuple(fold(w.lower()) for w in words(name))


def library(folder: Path | None = None) -> dict[tuple[str, ...], Card]:
    """Every card with rules text in the scenario library: name key → card (also by its short name)."""
    found: dict[tuple[str, ...], Card] = {}
    for path in sorted(Path(folder or paths.scenarios_dir()).glob("*.toml")):
        try:
            with open(path, "rb") as handle:
                listed = tomllib.load(handle).get("cards", [])
        except (OSError, tomllib.TOMLDecodeError) as error:  # the scenario's own loader reports it
            log.debug("cards of %s not read: %s", path.name, error)
            continue
        for item in listed if isinstance(listed, list) else []:
            name, text = item.get("name"), item.get("text")
            if not (isinstance(name, str) and isinstance(text, str) and text.strip()):
                continue
            card = Card(name, str(item.get("type", "")), text)
            for key in {name_key(name), name_key(name.split(",")[0])}:
                if key:
                    found.setdefault(key, card)
    return found


def keywords(card: Card, titles: dict[str, str]) -> list[str]:
    """The numbers of the keyword abilities the card's text names (`titles`: number → lowercase title)."""
    text = card.text.lower().replace(card.name.lower(), "~")
    return [number for number, title in titles.items() if re.search(rf"\b{re.escape(title)}\b", text)]


def subtypes(card: Card) -> list[str]:
    """The card's subtypes that have rules of their own ("Aura", "Equipment")."""
    _, _, after = card.type.partition("—")
    return [w for w in words(after.lower()) if w in RULE_SUBTYPES]


def rarest(card: Card, entries: Callable[[str], int]) -> tuple[str, ...]:
    """The text's rarest words the document holds (its name left out)."""
    text = card.text.replace(card.name, " ")
    held = [w for w in dict.fromkeys(w.lower() for w in words(text)) if w.isalpha() and len(w) > 2 and entries(w)]
    return tuple(sorted(held, key=entries)[:TEXT_WORDS])
