"""Oracle-like ability text → abilities, through a small registry of templates.

Each template is a regular expression over one ability (a line, or one item of a keyword list such
as "Flying, vigilance") and a builder. Part 2 registers more templates (triggered and activated
abilities, replacement effects) with `@template(...)`. Text that no template matches raises
`UnsupportedText` naming it: the engine never silently ignores what a card says. Reminder text in
parentheses is dropped first, as it has no rules meaning.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from judge_app.engine.keywords import SIMPLE_KEYWORDS

COLORS = ("white", "blue", "black", "red", "green")
CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker",
              "sorcery")
SUPERTYPES = ("basic", "legendary", "ongoing", "snow", "world")
BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")


class HasCharacteristics(Protocol):
    name: str
    colors: frozenset[str]
    types: frozenset[str]
    supertypes: frozenset[str]
    subtypes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Quality:
    """A quality an object has or lacks: protection's "from red", landwalk's "Island", enchant's "creature"."""

    kind: str  # "color", "multicolored", "monocolored", "type", "land", "everything"
    value: str = ""
    modifier: str = ""  # landwalk only: "snow", "legendary", "nonbasic" …

    def matches(self, obj: HasCharacteristics) -> bool:
        if self.kind == "everything":
            return True
        if self.kind == "color":
            return self.value in obj.colors
        if self.kind == "multicolored":
            return len(obj.colors) >= 2
        if self.kind == "monocolored":
            return len(obj.colors) == 1
        if self.kind == "type":
            return self.value in obj.types
        if self.kind == "land":
            if "land" not in obj.types:
                return False
            if self.value != "land" and self.value not in {s.lower() for s in obj.subtypes}:
                return False
            if self.modifier == "nonbasic":
                return "basic" not in obj.supertypes
            return not self.modifier or self.modifier in obj.supertypes
        raise ValueError(f"unknown quality kind {self.kind!r}")

    def describe(self) -> str:
        if self.kind == "color":
            return self.value
        if self.kind in ("multicolored", "monocolored"):
            return self.kind
        if self.kind == "type":
            return f"an {self.value}" if self.value[0] in "aeiou" else f"a {self.value}"
        if self.kind == "land":
            what = "land" if self.value == "land" else self.value.capitalize()
            return " ".join(x for x in ("a", self.modifier, what) if x)
        return "everything"


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of an object. `kind` is a keyword ("flying", "protection", "landwalk") or a template kind."""

    kind: str
    text: str
    quality: Quality | None = None  # protection, landwalk, enchant
    power: int = 0  # static "gets +N/+M"
    toughness: int = 0
    affects: str = ""  # static abilities: "enchanted", "equipped", "yours", "others"
    grants: tuple[Ability, ...] = field(default_factory=tuple)  # static "has …"

    def __str__(self) -> str:
        return self.text


class UnsupportedText(ValueError):
    """Ability text that no template of the registry understands."""

    def __init__(self, piece: str, text: str):
        self.piece = piece
        self.text = text
        super().__init__(f"unsupported ability text {piece!r}; supported: {supported_summary()}")


@dataclass(frozen=True, slots=True)
class Template:
    name: str
    pattern: re.Pattern[str]
    build: Callable[[re.Match[str], str], list[Ability]]
    example: str
    whole_line: bool  # matched against a whole line, not one item of a comma-separated keyword list


TEMPLATES: list[Template] = []


def template(name: str, pattern: str, example: str, whole_line: bool = False):
    """Register a template: `pattern` is matched in full, case-insensitively, with `{self}` meaning the card's
    own name, "this creature" or "~"."""
    def decorator(build: Callable[[re.Match[str], str], list[Ability]]):
        TEMPLATES.append(Template(name, re.compile(pattern, re.IGNORECASE), build, example, whole_line))
        return build
    return decorator


def supported_summary() -> str:
    return "; ".join(t.example for t in TEMPLATES)


def parse_abilities(text: str, card_name: str = "") -> list[Ability]:
    """Every ability in `text`, in order. Raises `UnsupportedText` on the first piece no template matches."""
    out: list[Ability] = []
    text = re.sub(r"\s*\([^)]*\)", "", text)  # reminder text
    for raw_line in text.splitlines():
        line = raw_line.strip()
        if not line:
            continue
        line = _own_name(line, card_name)
        found = _match(line, whole_line=True)
        if found is not None:
            out.extend(found)
            continue
        pieces = [(piece, _match(piece, whole_line=False)) for piece in _keyword_items(line)]
        for piece, found in pieces:
            if found is None:  # name the whole line unless it is a keyword list with one unknown item
                raise UnsupportedText(piece if any(f for _, f in pieces) else raw_line.strip(), text)
            out.extend(found)
    return out


def _own_name(line: str, card_name: str) -> str:
    if card_name:
        line = re.sub(re.escape(card_name), "~", line, flags=re.IGNORECASE)
    return re.sub(r"\bthis (creature|permanent)\b", "~", line, flags=re.IGNORECASE)


def _keyword_items(line: str) -> list[str]:
    return [p.strip() for p in re.split(r"[,;]", line.rstrip(".")) if p.strip()]


def _match(text: str, whole_line: bool) -> list[Ability] | None:
    for tpl in TEMPLATES:
        if tpl.whole_line != whole_line:
            continue
        match = tpl.pattern.fullmatch(text.strip())
        if match:
            return tpl.build(match, text.strip())
    return None


# --- keyword templates (items of a keyword line) -------------------------------------------------------

_KEYWORD_RE = "|".join(sorted((re.escape(k) for k in SIMPLE_KEYWORDS), key=len, reverse=True))


@template("simple keyword", rf"({_KEYWORD_RE})", "Flying, first strike, … (any of: " + ", ".join(SIMPLE_KEYWORDS) + ")")
def _simple_keyword(match: re.Match[str], text: str) -> list[Ability]:
    return [Ability(match.group(1).lower(), text)]


def protection_quality(word: str) -> Quality | None:
    word = word.strip().lower()
    if word in COLORS:
        return Quality("color", word)
    if word in ("multicolored", "monocolored"):
        return Quality(word)
    if word == "everything":
        return Quality("everything")
    singular = word[:-1] if word.endswith("s") else word
    if singular in CARD_TYPES:
        return Quality("type", singular)
    return None


@template("protection", r"protection from ([a-z]+(?: and from [a-z]+)*)",
          "Protection from red [and from blue] (a colour, multicolored, monocolored, a card type, everything)")
def _protection(match: re.Match[str], text: str) -> list[Ability]:
    out = []
    for word in match.group(1).split(" and from "):
        quality = protection_quality(word)
        if quality is None:
            raise UnsupportedText(text, text)
        out.append(Ability("protection", f"Protection from {word.strip().lower()}", quality=quality))  # 702.16g
    return out


@template("landwalk", r"(?:(snow|legendary|nonbasic|basic) )?(plains|island|swamp|mountain|forest|land)walk",
          "Islandwalk, Snow forestwalk, Nonbasic landwalk")
def _landwalk(match: re.Match[str], text: str) -> list[Ability]:
    modifier = (match.group(1) or "").lower()
    return [Ability("landwalk", text, quality=Quality("land", match.group(2).lower(), modifier))]


# --- whole-line templates ---------------------------------------------------------------------------------

@template("can't block", r"~ can't block\.?", "This creature can't block.", whole_line=True)
def _cant_block(match: re.Match[str], text: str) -> list[Ability]:
    return [Ability("cant_block", text)]


@template("can't attack", r"~ can't attack\.?", "This creature can't attack.", whole_line=True)
def _cant_attack(match: re.Match[str], text: str) -> list[Ability]:
    return [Ability("cant_attack", text)]


@template("can't be blocked", r"~ can't be blocked\.?", "This creature can't be blocked.", whole_line=True)
def _unblockable(match: re.Match[str], text: str) -> list[Ability]:
    return [Ability("unblockable", text)]


@template("enchant", r"enchant (creature|artifact|land|permanent|planeswalker)", "Enchant creature", whole_line=True)
def _enchant(match: re.Match[str], text: str) -> list[Ability]:
    word = match.group(1).lower()
    quality = Quality("everything") if word == "permanent" else Quality("type", word)
    return [Ability("enchant", text, quality=quality)]


@template("equip", r"equip (?:\{\d+\}|\d+)", "Equip {2}", whole_line=True)
def _equip(match: re.Match[str], text: str) -> list[Ability]:
    return [Ability("equip", text)]


_WHO = {"enchanted creature": "enchanted", "equipped creature": "equipped",
        "creatures you control": "yours", "other creatures you control": "others"}
_WHO_RE = "|".join(_WHO)
_PT_RE = r"([+-]\d+)/([+-]\d+)"


@template("static P/T and abilities",
          rf"({_WHO_RE}) gets? {_PT_RE}(?: and (?:has|have) (.+?))?\.?",
          "Enchanted creature gets +2/+2 [and has flying]. Creatures you control get +1/+1.", whole_line=True)
def _static_pt(match: re.Match[str], text: str) -> list[Ability]:
    grants = _granted(match.group(4), text) if match.group(4) else ()
    return [Ability("static", text, power=int(match.group(2)), toughness=int(match.group(3)),
                    affects=_WHO[match.group(1).lower()], grants=grants)]


@template("static abilities", rf"({_WHO_RE}) (?:has|have) (.+?)\.?",
          "Equipped creature has first strike. Other creatures you control have vigilance.", whole_line=True)
def _static_grant(match: re.Match[str], text: str) -> list[Ability]:
    return [Ability("static", text, affects=_WHO[match.group(1).lower()], grants=_granted(match.group(2), text))]


def _granted(keywords: str, text: str) -> tuple[Ability, ...]:
    items = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+(?!from)", keywords) if p.strip()]
    out: list[Ability] = []
    for item in items:
        found = _match(item, whole_line=False)
        if found is None:
            raise UnsupportedText(item, text)
        out.extend(found)
    return tuple(out)
