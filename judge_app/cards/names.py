"""Card names as people type them: any case, no accents ("dandan" for Dandân, "seance"), no commas, hyphens or
apostrophes ("jace vryns prodigy", "will o the wisp", "willothewisp"), and legendary cards by their short name
("Jace", "Khârn"), as their own text calls them."""

from __future__ import annotations

import re
import unicodedata

_LIGATURES = str.maketrans({"æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ø": "o", "Ø": "o",
                            "ł": "l", "Ł": "l", "đ": "d", "ð": "d", "þ": "th"})
_APOSTROPHES = re.compile(r"[’'`´ʼ]")
_NOT_WORD = re.compile(r"[^0-9a-z_]+")  # blanks to fill in ("________ Goblin") are part of the name


def fold(text: str) -> str:
    """Lower case, no accents, apostrophes dropped ("vryn's" → "vryns"), any other punctuation but "_" a space."""
    text = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return " ".join(_NOT_WORD.sub(" ", _APOSTROPHES.sub("", text)).split())


def key(text: str) -> str:
    """The name's letters and digits alone, folded: what two spellings of one name share ("Will-o'-the-Wisp",
    "will o the wisp", "willothewisp" → "willothewisp"); a name of punctuation alone ("_____") is its own key."""
    return fold(text).replace(" ", "") or text.strip()


def words(text: str) -> list[str]:
    return fold(text).split()


def short_name(name: str) -> str | None:
    """A legendary card's short name (the part its own text uses: "Jace" of "Jace, the Mind Sculptor", "Khârn" of
    "Khârn the Betrayer"), or None when the name has no shorter part."""
    if "," in name:
        head = name.split(",", 1)[0].strip()
    else:
        one_word = re.match(r"(\S+) the ", name)
        head = one_word.group(1) if one_word else ""
    return head if head and len(key(head)) >= 3 else None
