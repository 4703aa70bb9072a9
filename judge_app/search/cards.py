"""Card names in a question ("blood moon com urborg", "I blink my creature that has Pacifism"): the cards of
the scenario library, each read for what its text gives the rules.

Players name cards where the rules name what the cards do: Pacifism is an Aura with "Enchant creature",
Blood Moon says "Nonbasic lands are Mountains". The library's scenarios (`scenarios/*.toml`) hold real cards
with their Oracle text, read once and kept in `<data dir>/scenarios/cards-<key>.json` (keyed by the files'
names, times and sizes: reading 170 scenario files would cost the first search of a process most of a
second). A card's name (and its short name before a comma: "Urborg") becomes a unit whose forms are the
keyword abilities its text names (702 titles, in the searched document's language through the alignment),
the subtypes with rules of their own ("Aura", "Equipment"), and otherwise its text's rarest words; the name
as typed stays a form, for the rules that cite the card in an example.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import tomllib
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from judge_app import datafiles, paths
from judge_app.scenarios import named
from judge_app.scenarios.catalogue import folder_signature
from judge_app.search.analysis import fold, words

log = logging.getLogger(__name__)

RULE_SUBTYPES = ("aura", "equipment", "vehicle", "saga", "fortification", "class", "room", "case")
KEYWORD_SECTION = "702."  # keyword abilities
CACHE_KIND = "search-cards"
TEXT_WORDS = 3  # a card naming no keyword gives its text's rarest words, this many


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    type: str
    text: str


def name_key(name: str) -> tuple[str, ...]:
    return tuple(fold(w.lower()) for w in words(name))


def library(folder: Path | None = None, data_dir: Path | None = None) -> dict[tuple[str, ...], Card]:
    """Every card with rules text in the scenario library: name key → card (also by its short name)."""
    folder = Path(folder or paths.scenarios_dir())
    files = sorted(folder.glob("*.toml"))
    key = hashlib.sha256(folder_signature(folder, files).encode()).hexdigest()[:16]
    cache = Path(data_dir or paths.data_dir()) / "scenarios" / f"cards-{key}.json"
    kept = datafiles.read(cache, CACHE_KIND)
    if kept is not None:
        try:
            return _by_name([Card(**item) for item in json.loads(kept)])
        except (ValueError, TypeError):
            pass
    cards = _read(files)
    try:
        datafiles.write_latest(cache, CACHE_KIND, json.dumps([asdict(c) for c in cards], ensure_ascii=False).encode(),
                               older="cards-*.json")
    except OSError as error:
        datafiles.warn("the scenario library's cards", cache, error, "they are read again next time")
    return _by_name(cards)


def _by_name(cards: list[Card]) -> dict[tuple[str, ...], Card]:
    found: dict[tuple[str, ...], Card] = {}
    for card in cards:
        for key in (name_key(card.name), name_key(card.name.split(",")[0])):
            if key:
                found.setdefault(key, card)
    return found


def _read(files: list[Path]) -> list[Card]:
    out: list[Card] = []
    for path in files:
        try:
            with open(path, "rb") as handle:
                listed = tomllib.load(handle).get("cards", [])
        except (OSError, tomllib.TOMLDecodeError) as error:  # the scenario's own loader reports it
            log.debug("cards of %s not read: %s", path.name, error)
            continue
        for item in listed if isinstance(listed, list) else []:
            if isinstance(item, dict) and named.by_name(item):  # a card by name: the card database's text
                item = named.as_read(item["name"]) or item
            name, text = item.get("name"), item.get("text")
            if not (isinstance(name, str) and isinstance(text, str) and text.strip()):
                continue
            out.append(Card(name, str(item.get("type", "")), text))
    return out


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
