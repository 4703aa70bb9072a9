"""Card names where a text prints them ("Runeclaw Bear", "Clone"): only names of the database, exactly as printed
(case, punctuation), the longest first, never inside a longer word. The rules' Examples name real cards; rule pages
link them to the card's page.

A name the rules use for themselves is never taken (`excluded`: their keywords, types and glossary terms, and
the start of a term: "Exile", "Shapeshifter", "Two-Headed Giant"). A name of one word is taken only when it is a
whole traditional entry's name: the halves of split cards ("Fire", "Order", "When") are too often plain words,
and planes and vanguards are named after places ("Elfos de Llanowar"). Typographic apostrophes are read as the
data's ("Sorin’s Thirst"). A one-word name inside a longer name is a word of that name: after "of", "de", "do"
("Espelho do Lich"), or before "of" ("Seeker of the Eldrazi Way").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from judge_app.cards.model import Card

_JOINED_BEFORE = re.compile(r"\b(?:of|de|do|da|del|des|of the) $")
_JOINED_AFTER = re.compile(r" of\b")
_START = re.compile(r"(?<![\w'-])[A-Z0-9][\w'-]*")


@dataclass(frozen=True, slots=True)
class Mention:
    start: int
    end: int
    name: str  # as printed in the text
    card: str  # the database entry it names


class NameFinder:
    def __init__(self, cards: Iterable[Card], excluded: Iterable[str] = ()):
        barred = {start.casefold() for term in excluded for start in _starts(term)}
        self.targets: dict[str, str] = {}
        for card in cards:
            if card.alchemy:  # "A-" names are never printed as such
                continue
            whole = [card.name] if card.name not in card.faces else []
            for name in [*whole, *card.faces]:
                one_word = " " not in name
                if name.casefold() in barred or (one_word and (name != card.name or card.nontraditional)):
                    continue
                if name not in self.targets or name == card.name:
                    self.targets[name] = card.name
        self.by_first: dict[str, list[str]] = {}
        for name in self.targets:
            self.by_first.setdefault(name.split(" ", 1)[0], []).append(name)
        for names in self.by_first.values():
            names.sort(key=len, reverse=True)

    def find(self, text: str) -> list[Mention]:
        """Every name printed in `text`, in order, none overlapping."""
        text = text.replace("’", "'")
        found: list[Mention] = []
        after = 0
        for word in _START.finditer(text):
            if word.start() < after:
                continue
            for name in self._candidates(word.group(0)):
                end = word.start() + len(name)
                if text.startswith(name, word.start()) and not (end < len(text) and (text[end].isalnum()
                                                                                       or text[end] == "_")) \
                        and not (" " not in name and _inside_a_name(text, word.start(), end)):
                    found.append(Mention(word.start(), end, name, self.targets[name]))
                    after = end
                    break
        return found

    def _candidates(self, word: str) -> list[str]:
        """Names starting with this word (a name's first word may end in a comma or an apostrophe's s)."""
        out = list(self.by_first.get(word, ()))
        for cut in (word.rstrip(",:;."), word.removesuffix("'s")):
            if cut != word:
                out += self.by_first.get(cut, ())
        return sorted(set(out), key=len, reverse=True)


def _inside_a_name(text: str, start: int, end: int) -> bool:
    return bool(_JOINED_BEFORE.search(text, 0, start) or _JOINED_AFTER.match(text, end))


def _starts(term: str) -> list[str]:
    """"Two-Headed Giant Variant" → itself, "Two-Headed Giant", "Two-Headed"."""
    words = term.split()
    return [" ".join(words[:n]) for n in range(len(words), 0, -1)]
