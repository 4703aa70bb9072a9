"""Oracle-like ability text → abilities, through a small registry of templates (read by `oracle.py`).

Each template is a regular expression over one ability (a line, or one item of a keyword list such
as "Flying, vigilance") and a builder. `abilitytext.py` registers more templates (triggered and
activated abilities, replacement effects) with `@template(...)`. Text that no template matches raises
`UnsupportedText` naming it: the engine never silently ignores what a card says.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from judge_app.engine.ability import CARD_TYPES, COLORS, Ability, Change, Quality
from judge_app.engine.keywords import SIMPLE_KEYWORDS


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


def own_name(line: str, card_name: str) -> str:
    if card_name:
        line = re.sub(re.escape(card_name), "~", line, flags=re.IGNORECASE)
    return re.sub(r"\bthis (creature|permanent|spell|land|artifact|enchantment|token)\b", "~", line,
                  flags=re.IGNORECASE)


def keyword_items(line: str) -> list[str]:
    return [p.strip() for p in re.split(r"[,;]", line.rstrip(".")) if p.strip()]


def match_template(text: str, whole_line: bool) -> list[Ability] | None:
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
        found = match_template(item, whole_line=False)
        if found is None:
            raise UnsupportedText(item, text)
        out.extend(found)
    return tuple(out)
