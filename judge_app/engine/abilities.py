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
from typing import Any, Protocol

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
    """One ability of an object. `kind` is a keyword ("flying", "protection", "landwalk") or a template kind:
    "static" (continuous effects, `changes`), "cda" (characteristic-defining, 604.3), "spell" (an instant's or
    sorcery's effect), "triggered" (`trigger` and `effect`), "activated" (`cost` and `effect`), "mana" (an
    activated mana ability, 605.1a), "replacement" (`word` names which, 614), "ward" (`cost`, 702.21a)."""

    kind: str
    text: str
    quality: Quality | None = None  # protection, landwalk, enchant
    affects: str = ""  # static abilities: "enchanted", "equipped", "yours", "others", "all", "lands" …
    changes: tuple[Change, ...] = field(default_factory=tuple)  # static abilities: what they do, by layer
    effect: Any = None  # effecttext.Effect: what a spell, activated or triggered ability does
    trigger: Any = None  # triggers.Trigger
    cost: Any = None  # mana.Cost
    word: str = ""  # which replacement effect, or the counter kind of "enters with"
    value: int = 0

    def __str__(self) -> str:
        return self.text

    def shown(self, name: str) -> str:
        """The text with the object's own name back in place of "~"."""
        return self.text.replace("~", name)


@dataclass(frozen=True, slots=True)
class Change:
    """What a continuous effect does to each object it affects (611, 613): its kind (registered with
    `layers.effect_kind`, which gives its layer) and its values."""

    kind: str
    power: int = 0
    toughness: int = 0
    abilities: tuple[Ability, ...] = ()
    types: frozenset[str] = frozenset()
    subtypes: tuple[str, ...] = ()
    colors: frozenset[str] = frozenset()
    in_addition: bool = True  # type-changing: added to the old types, or replacing them (205.1)
    count: str = ""  # a characteristic-defining ability: what the power and toughness are equal to (604.3)
    words: tuple[str, ...] = ()  # text-changing: the word replaced and its replacement (612)
    controller: str = ""  # control-changing (613.1b)
    copiable: Any = None  # copy effect: the copiable values taken (707.2)


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


def parse_abilities(text: str, card_name: str = "", spell: bool = False) -> list[Ability]:
    """Every ability in `text`, in order. Raises `UnsupportedText` on the first piece no template matches.

    For an instant or sorcery (`spell`), lines that are no other ability are its spell ability, read
    together as one effect (its instructions, in order, 608.2c)."""
    from judge_app.engine.effecttext import parse_effect

    out: list[Ability] = []
    spell_lines: list[str] = []
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


def _own_name(line: str, card_name: str) -> str:
    if card_name:
        line = re.sub(re.escape(card_name), "~", line, flags=re.IGNORECASE)
    return re.sub(r"\bthis (creature|permanent|spell|land|artifact|enchantment|token)\b", "~", line,
                  flags=re.IGNORECASE)


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
        "creatures you control": "yours", "other creatures you control": "others", "all creatures": "all",
        "creatures your opponents control": "opponents", "all other creatures": "all others"}
_WHO_RE = "|".join(sorted(_WHO, key=len, reverse=True))
_PT_RE = r"([+-]\d+)/([+-]\d+)"


@template("static P/T and abilities",
          rf"({_WHO_RE}) gets? {_PT_RE}(?: and (?:has|have) (.+?))?\.?",
          "Enchanted creature gets +2/+2 [and has flying]. Creatures you control get +1/+1.", whole_line=True)
def _static_pt(match: re.Match[str], text: str) -> list[Ability]:
    changes = [Change("modify power/toughness", power=int(match.group(2)), toughness=int(match.group(3)))]
    if match.group(4):
        changes.insert(0, Change("add abilities", abilities=keyword_list(match.group(4), text)))
    return [Ability("static", text, affects=_WHO[match.group(1).lower()], changes=tuple(changes))]


@template("static abilities", rf"({_WHO_RE}) (?:has|have) (?!base power)(.+?)\.?",
          "Equipped creature has first strike. Other creatures you control have vigilance.", whole_line=True)
def _static_grant(match: re.Match[str], text: str) -> list[Ability]:
    change = Change("add abilities", abilities=keyword_list(match.group(2), text))
    return [Ability("static", text, affects=_WHO[match.group(1).lower()], changes=(change,))]


@template("static base P/T", rf"({_WHO_RE}) (?:has|have) base power and toughness (\d+)/(\d+)\.?",
          "Enchanted creature has base power and toughness 0/1.", whole_line=True)
def _static_set_pt(match: re.Match[str], text: str) -> list[Ability]:
    change = Change("set power/toughness", power=int(match.group(2)), toughness=int(match.group(3)))
    return [Ability("static", text, affects=_WHO[match.group(1).lower()], changes=(change,))]


@template("static loses all abilities", rf"({_WHO_RE}) loses? all abilities\.?", "Enchanted creature loses all "
          "abilities.", whole_line=True)
def _static_lose_all(match: re.Match[str], text: str) -> list[Ability]:
    return [Ability("static", text, affects=_WHO[match.group(1).lower()], changes=(Change("remove all abilities"),))]


@template("static colour", rf"({_WHO_RE}) (?:is|are) ({'|'.join(COLORS)})\.?", "All creatures are black.",
          whole_line=True)
def _static_color(match: re.Match[str], text: str) -> list[Ability]:
    change = Change("set colors", colors=frozenset({match.group(2).lower()}))
    return [Ability("static", text, affects=_WHO[match.group(1).lower()], changes=(change,))]


@template("static type", rf"({_WHO_RE}) (?:is|are) (?:an? )?(artifacts?|enchantments?) in addition to (?:its|their) "
          r"other types\.?", "Creatures you control are artifacts in addition to their other types.", whole_line=True)
def _static_type(match: re.Match[str], text: str) -> list[Ability]:
    change = Change("type", types=frozenset({match.group(2).lower().rstrip("s")}))
    return [Ability("static", text, affects=_WHO[match.group(1).lower()], changes=(change,))]


def keyword_list(keywords: str, text: str) -> tuple[Ability, ...]:
    """"flying and first strike", "flying, vigilance, and trample" → the keyword abilities, or `UnsupportedText`."""
    items = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+(?!from)", keywords) if p.strip()]
    out: list[Ability] = []
    for item in items:
        found = _match(item, whole_line=False)
        if found is None:
            raise UnsupportedText(item, text)
        out.extend(found)
    return tuple(out)


from judge_app.engine import abilitytext  # noqa: E402, F401  (registers the part-2 templates)
