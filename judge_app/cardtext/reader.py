"""`read(text, name=…, type_line=…)`: a card's Oracle text → CardText (abilities, or positioned errors).

Each ability is parsed sentence by sentence (short inputs keep the Earley parser fast), the results
built into nodes, assembled into abilities by kind, and finally its targets numbered and pronouns
resolved. Nothing escapes as an exception: a line that cannot be read becomes a ReadError with its line,
column and reason, and the other lines are still read.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from functools import lru_cache
from typing import Any

from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from judge_app.cardtext import assemble, memo
from judge_app.cardtext import rules as R
from judge_app.cardtext.families import Part
from judge_app.cardtext.lexer import _keyword_table
from judge_app.cardtext.nodes import (
    PT,
    Amount,
    CardText,
    Condition,
    Cost,
    DelayedTrigger,
    Effect,
    Instruction,
    KeywordAbility,
    Modal,
    ReadError,
    Reference,
    SpellAbility,
    StaticAbility,
    Trigger,
    TriggeredAbility,
)
from judge_app.cardtext.parser import expected_at, literal_names, parser
from judge_app.cardtext.prepare import Piece, Unit, units
from judge_app.cardtext.references import resolve_ability
from judge_app.cardtext.structure import keyword_node
from judge_app.cardtext.things import pt_of
from judge_app.cardtext.transform import ToNodes

MAX_TEXT = 20_000  # characters: longer input is refused, not parsed


class _PieceError(Exception):
    def __init__(self, error: ReadError):
        self.error = error


def read(text: str, *, name: str | None = None, type_line: str | None = None) -> CardText:
    """Read a card's Oracle text. Never raises: what cannot be read is in `errors`."""
    text = text if isinstance(text, str) else ""
    name = name if isinstance(name, str) else ""
    type_line = type_line if isinstance(type_line, str) else ""
    try:
        return _read(text, name, type_line)
    except Exception as exc:  # a bug of ours must still give the user a position and a reason, not a traceback
        return CardText((), (ReadError(1, 1, f"could not read this text (internal error: {type(exc).__name__})"),),
                        name, type_line)


@lru_cache(maxsize=4096)
def _read(text: str, name: str, type_line: str) -> CardText:
    if not memo_enabled():
        return _read_now(text, name, type_line)
    key = memo.key(text, name, type_line)
    found = memo.recall(key)
    if isinstance(found, CardText):
        return found
    card = _read_now(text, name, type_line)
    memo.remember(key, card)
    return card


def remembered(text: str, *, name: str | None = None, type_line: str | None = None) -> bool:
    """Whether the readings memo holds this text's reading, so that reading it costs no parse (and no parser)."""
    return memo_enabled() and isinstance(memo.recall(memo.key(text, name or "", type_line or "")), CardText)


# One text of each kind of ability, read by `warm_up`.
_WARM_UP = (
    ("Lightning Helix deals 3 damage to any target and you gain 3 life.", "Lightning Helix", "Instant"),
    ("Flying\nWhen this creature enters, draw a card.", "Mulldrifter", "Creature — Elemental"),
    ("{2}, {T}, Sacrifice this artifact: Target player gains 3 life.", "Flask", "Artifact"),
    ("Creatures you control get +1/+1 and have vigilance.", "Anthem", "Enchantment"),
    ("If a source would deal damage to you, prevent that damage.", "Shield", "Enchantment"),
    ("Choose one —\n• Destroy target artifact.\n• Counter target spell unless its controller pays {2}.", "Charm",
     "Instant"),
    ("+1: Create a 1/1 white Soldier creature token.\n−3: Exile target creature.", "Walker",
     "Legendary Planeswalker — Walker"),
)


def warm_up() -> None:
    """Parse a text of each ability kind, past the memo, so the parser's lazily built tables are ready (a
    process forked afterwards, such as a scenario sandbox's child, inherits them instead of building them)."""
    for text, name, type_line in _WARM_UP:
        _read_now(text, name, type_line)


def memo_enabled() -> bool:
    """Readings are remembered across processes unless JUDGE_CARDTEXT_MEMO=0 (benchmarks measure both)."""
    return os.environ.get("JUDGE_CARDTEXT_MEMO", "1") != "0"


def _read_now(text: str, name: str, type_line: str) -> CardText:
    if len(text) > MAX_TEXT:
        return CardText((), (ReadError(1, 1, f"text too long ({len(text)} characters; at most {MAX_TEXT})"),),
                        name, type_line)
    names = name or ""
    spell = _spell_flag(type_line)
    if not names:
        guessed = guess_names(text)
        abilities, errors = _read_units(units(text, " // ".join(guessed), type_line or "", _is_keyword), spell)
    else:
        abilities, errors = _read_units(units(text, names, type_line or "", _is_keyword), spell)
    return CardText(tuple(abilities), tuple(errors), name, type_line)


def _spell_flag(type_line: str) -> bool | None:
    low = type_line.lower()
    if not low.strip():
        return None
    return "instant" in low or "sorcery" in low


def _is_keyword(words: str) -> bool:
    key = tuple(words.lower().split())
    table = _keyword_table()[0]
    return any(key[:n] in table for n in range(1, len(key) + 1)) or words.lower().endswith(("walk", "cycling"))


def _read_units(found: list[Unit], spell: bool | None) -> tuple[list[Any], list[ReadError]]:
    abilities: list[Any] = []
    errors: list[ReadError] = []
    for unit in found:
        try:
            built = _unit(unit, spell)
        except _PieceError as exc:
            errors.append(exc.error)
            continue
        for ability in built:
            ability = resolve_ability(ability)
            if unit.level is not None:
                ability = _in_level_band(ability, unit)
            if unit.band is not None:
                ability = _in_band(ability, unit)
            abilities.append(replace(ability, line=unit.line))
    return abilities, errors


def _parse(piece: Piece) -> Any:
    result = _parse_text(piece.start, piece.text)
    if isinstance(result, ReadError):
        raise _PieceError(replace(result, line=piece.line))
    return result


@lru_cache(maxsize=8192)
def _parse_text(start: str, text: str) -> Any:
    """One piece parsed and built (or its error, line 1); the same sentence on many cards is read once."""
    piece = Piece(start, text, 1, 1)
    if start == "first":
        keywords = plain_keywords(text)
        if keywords is not None:
            return ("keywords", keywords)
    try:
        tree = parser().parse(text, start=start)
        return ToNodes(text).transform(tree)
    except UnexpectedInput as exc:
        return _error(exc, piece)
    except LarkError as exc:
        return ReadError(1, 1, f"could not read: {exc}", text.strip())


def plain_keywords(text: str) -> list[KeywordAbility] | None:
    """"Flying, first strike" — a list of keywords without parameters, the commonest line of all, read by
    table without the parser (the same nodes the grammar's `kw_plain` builds); None for anything else."""
    table = _keyword_table()[0]
    items = []
    for item in re.split(r"[,;]", text.strip().removesuffix(".")):
        item = item.strip()
        if not item or tuple(item.lower().split()) not in table:
            return None
        items.append(keyword_node(item))
    return items or None


def _unit(unit: Unit, spell: bool | None) -> list[Any]:
    if unit.pt:
        return [_level_pt(unit)]
    head = _parse(unit.pieces[0])
    items: list[Any] = []
    for piece in unit.pieces[1:]:
        result = _parse(piece)
        items.extend(result.value if isinstance(result, Part) else [])
    for low, high, pieces in unit.results:
        items.extend(_result_row(low, high, pieces))
    kind = head[0]
    modal = _modal(head, unit) if kind != "keywords" and (unit.modes or _head_modal(head)) else None
    text = unit.text
    if kind == "keywords":
        out = list(head[1])
        if unit.modes:
            out.extend(_keyword_modes(out, unit, spell))
        if items:
            out.append(assemble.plain(items, text, spell))
        return out
    if kind == "triggered":
        body = head[2] + ([modal] if modal else []) + items
        return [assemble.triggered(head[1], body, text)]
    if kind == "activated":
        return [assemble.activated(head[1], head[2] + ([modal] if modal else []) + items, text)]
    if kind == "loyalty":
        return [assemble.loyalty(head[1], head[2] + ([modal] if modal else []) + items, text)]
    if kind == "modal":
        effect = Effect((modal, *items), text=text) if modal else Effect(tuple(items), text=text)
        return [SpellAbility(effect, text=text, rules=(R.SPELL_ABILITY, R.MODAL))]
    body = head[1] + items
    if unit.chapters:
        trigger = Trigger("chapter", chapters=unit.chapters, text=text, rules=(R.CHAPTER,))
        return [assemble.triggered(trigger, body, text)]
    return [assemble.plain(body, text, spell)]


def _head_modal(head: tuple) -> bool:
    return (head[0] == "modal") or (len(head) > 3 and head[3] is not None)


# keywords whose modes follow on bullet lines, each with its additional cost: Spree chooses one or more (702.172a),
# Tiered one (702.183a)
_MODAL_KEYWORDS = {"Spree": (1, None), "Tiered": (1, 1)}


def _keyword_modes(keywords: list[Any], unit: Unit, spell: bool | None) -> list[Any]:
    """The modes after a keyword line: Spree's and Tiered's are the spell's own modes (a spell ability beside the
    keyword); "Visit — Choose one." holds them in the keyword's effect."""
    last = keywords[-1]
    if last.keyword in _MODAL_KEYWORDS:
        low, high = _MODAL_KEYWORDS[last.keyword]
        modal = _modal(("modal", (low, high, None, None, "")), unit)
        return [SpellAbility(Effect((modal,), text=unit.text), text=unit.text,
                             rules=(R.SPELL_ABILITY, R.MODAL, last.rule))]
    ability = last.ability
    effect = getattr(ability, "effect", None)
    if effect is not None and effect.instructions and isinstance(effect.instructions[0], Modal):
        held = effect.instructions[0]
        modal = _modal(("modal", (held.minimum, held.maximum, held.chooser, held.condition_more, "")), unit)
        keywords[-1] = replace(last, ability=replace(ability, effect=replace(effect, instructions=(modal,))))
        return []
    raise _PieceError(ReadError(unit.modes[0][0].line, 1, "modes after a keyword that has none", unit.text))


def _modal(head: tuple, unit: Unit) -> Modal:
    details = head[1] if head[0] == "modal" else head[3]
    minimum, maximum, chooser, more, _text = details or (1, 1, None, None, "")
    modes = []
    costs = []
    for pieces in unit.modes:
        result = _parse(pieces[0])
        if result[0] == "spree":
            costs.append(result[1])
            modes.append(assemble.effect_of(result[2], pieces[0].text.strip()))
        else:
            costs.append(None)
            modes.append(assemble.effect_of(result[1], pieces[0].text.strip()))
    rules = (R.MODAL, R.MODE_CHOICE)
    return Modal(minimum, maximum, tuple(modes), chooser, tuple(costs) if any(costs) else (), more,
                 text=unit.text, rules=rules)


def _level_pt(unit: Unit) -> StaticAbility:
    pt: PT = pt_of(unit.pt)
    instr = Instruction("set base pt", subject=Reference("self", text="~"), pt=pt, text=unit.pt,
                        rules=R.verb_rules("set base pt"))
    return _in_level_band(StaticAbility(Effect((instr,), text=unit.pt), text=unit.pt, rules=(R.STATIC,)), unit)


def _result_row(low: int, high: int | None, pieces: list[Piece]) -> list[Any]:
    """A row of a roll's results table ("10—19 | You draw two cards."): its instructions, each happening only if
    the result is in that range (706.3a)."""
    band = f"{low}+" if high is None else (f"{low}" if high == low else f"{low}—{high}")
    condition = Condition("roll result", amount=Amount("number", low), other=Amount("number", high)
                          if high is not None else None, value=band, text=band, rules=("706.3a",))
    out: list[Any] = []
    for piece in pieces:
        result = _parse(piece)
        for item in (result.value if isinstance(result, Part) else []):
            if isinstance(item, Instruction):
                both = condition if item.condition is None else Condition("and", parts=(condition, item.condition),
                                                                          text=f"{band}, {item.condition.text}")
                item = replace(item, condition=both)
            elif isinstance(item, Modal | DelayedTrigger):  # a condition on these has no field yet
                raise _PieceError(ReadError(piece.line, piece.column, "a results row with modes or a delayed "
                                            "triggered ability is not read yet", piece.text.strip()))
            out.append(item)
    return out


def _in_band(ability: Any, unit: Unit) -> Any:
    """An ability below a Class's level bar applies while the Class is at that level or greater (716.2a); one
    beside a station symbol while the permanent has that many charge counters or more (721.2a)."""
    kind, low = unit.band
    condition = Condition("class level" if kind == "class" else "charge counters", subject=Reference("self", text="~"),
                          amount=Amount("number", low), comparison=">=", value=f"{low}+", text=f"{kind} {low}+",
                          rules=(R.CLASS_LEVEL if kind == "class" else "721.2a",))
    if isinstance(ability, StaticAbility) and ability.condition is None:
        return replace(ability, condition=condition, rules=(*ability.rules, *condition.rules))
    grant = Instruction("have", subject=Reference("self", text="~"), abilities=(ability,), text=ability.text,
                        rules=R.verb_rules("have"))
    return StaticAbility(Effect((grant,), text=ability.text), condition, text=ability.text,
                         rules=(R.STATIC, *condition.rules))


def _in_level_band(ability: Any, unit: Unit) -> Any:
    """A leveler's ability applies while it has that many level counters (711.2a)."""
    low, high = unit.level
    band = f"{low}-{high}" if high is not None else f"{low}+"
    condition = Condition("level", subject=Reference("self", text="~"), amount=Amount("number", low), other=
                          Amount("number", high) if high is not None else None, value=band,
                          text=f"LEVEL {band}", rules=(R.LEVEL_SYMBOL,))
    if isinstance(ability, StaticAbility) and ability.condition is None:
        return replace(ability, condition=condition, rules=(*ability.rules, R.LEVEL_SYMBOL))
    grant = Instruction("have", subject=Reference("self", text="~"), abilities=(ability,), text=ability.text,
                        rules=R.verb_rules("have"))
    return StaticAbility(Effect((grant,), text=ability.text), condition, text=ability.text,
                         rules=(R.STATIC, R.LEVEL_SYMBOL))


# --- errors ------------------------------------------------------------------------------------------------

def _error(exc: UnexpectedInput, piece: Piece) -> ReadError:
    line = piece.line
    column = getattr(exc, "column", None) or piece.column
    shown = piece.text.strip()
    if isinstance(exc, UnexpectedCharacters):
        reason = getattr(exc, "reason", None) or f"unexpected character {piece.text[exc.pos_in_stream]!r}"
        return ReadError(line, column, reason, shown)
    token = getattr(exc, "token", None)
    if isinstance(exc, UnexpectedEOF) or (token is not None and token.type == "$END"):
        expected = _expected(expected_at(piece.text, piece.start, 10_000))
        return ReadError(line, len(piece.text.rstrip()) + 1, f"the sentence stops before it is complete{expected}",
                         shown)
    if isinstance(exc, UnexpectedToken):
        found = _tokens(piece)
        index = next((i for i, t in enumerate(found) if t.start_pos == token.start_pos), 0)
        unknown = next((t for t in reversed(found[:index + 1]) if t.type == "WORD"), None)
        if unknown is not None:  # a word the grammar doesn't know, just before where reading stopped
            word = str(unknown)
            return ReadError(line, unknown.column, f"unknown word {word!r}{_did_you_mean(word)}", shown)
        word = str(token)
        return ReadError(line, token.column or column,
                         f"cannot read {word!r} here{_expected(expected_at(piece.text, piece.start, index))}", shown)
    return ReadError(line, column, "cannot read this text", shown)


def _tokens(piece: Piece) -> list[Any]:
    from judge_app.cardtext.lexer import tokens

    try:
        return list(tokens(piece.text, parser().parser.lexer.lexer.vocab))
    except UnexpectedCharacters:
        return []


def _did_you_mean(word: str) -> str:
    from difflib import get_close_matches

    from judge_app.cardtext.lexer import _subtype_table

    words = {w for w in literal_names().values() if w.isalpha()} | {" ".join(k) for k in _keyword_table()[0]} | set(
        _subtype_table())
    close = get_close_matches(word.lower(), sorted(words), n=3, cutoff=0.75)
    return f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


def _expected(names: Any) -> str:
    shown = sorted({literal_names().get(n, n.lower()) for n in names or ()})
    if not shown:
        return ""
    if len(shown) > 12:
        shown = [*shown[:12], "…"]
    return "; expected " + ", ".join(s if s == "…" else repr(s) for s in shown)


# --- names -----------------------------------------------------------------------------------------------

_CONNECTOR = r"(?:of|the|and|from|to|in|on|for|with|at|into|by|de|du|la|le)"
_NAME = re.compile(r"(?<![\w'{/])([A-Z][\w'\-]*(?:,? (?:" + _CONNECTOR + r" )*[A-Z][\w'\-]*)*)")
_SELF_VERBS = ("'s ", " deals", " gets", " has ", " can't", " enters", " is ", " attacks", " blocks", " becomes",
               " gains", " doesn't", " fights", " loses", " costs", " isn't", " must", " dies", " would",
               " leaves", " was ", " deal ", " phases", " assigns", " explores", " transforms")
_SENTENCE_OPENERS = {"when", "whenever", "at", "if", "as", "until", "during", "target", "each", "all", "other",
                     "another", "enchanted", "equipped", "creatures", "you", "your", "destroy", "exile", "return",
                     "sacrifice", "put", "create", "draw", "counter", "tap", "untap", "search", "choose", "for",
                     "then", "prevent", "gain", "add", "look", "reveal", "shuffle", "discard", "cast", "copy", "deal",
                     "this", "that", "it", "its", "flying", "transform", "attach", "regenerate"}
_BEFORE_SELF = {"when", "whenever", "sacrifice", "exile", "return", "shuffle", "on", "untap", "tap", "destroy", "have",
                "from", "than", "by", "with", "transform", "regenerate", "attach"}
_NOT_AFTER = {"a", "an", "the", "another", "each", "target", "other", "all", "non", "named", "every", "any", "no",
              "two", "three", "of"}


def guess_names(text: str) -> list[str]:
    """Without a name: the capitalised phrases that the text uses the way a card names itself ("Lightning
    Bolt deals 3 damage", "When Minsc enters"), made only of words that mean nothing else to the grammar."""
    from judge_app.cardtext.lexer import _subtype_table

    literals = set(literal_names().values())
    known = literals | set(_subtype_table())
    found: dict[str, int] = {}
    normal = text.replace("’", "'")
    for match in _NAME.finditer(normal):
        candidate = match.group(1).rstrip(", ")
        start = match.start(1)
        words = candidate.split(" ")
        while words and words[0].lower().strip(",") in _SENTENCE_OPENERS:  # "When Minsc" → "Minsc"
            start += len(words[0]) + 1
            words = words[1:]
        candidate = " ".join(words).rstrip(", ")
        possessive = candidate.endswith("'s")
        candidate = candidate.removesuffix("'s")
        if not candidate or any(candidate.lower() in " ".join(k) for k in _keyword_table()[0]):
            continue
        end = start + len(candidate)
        before = normal[:start].rstrip()
        previous = before.split()[-1].lower() if before.split() else ""
        sentence_start = not before or before.endswith((".", ":", "\n", '"', "—", "•"))
        after = normal[end:end + 12] if not possessive else "'s " + normal[end + 2:end + 12]
        selfish = after.startswith(_SELF_VERBS) or previous in _BEFORE_SELF
        unknown = [w for w in candidate.replace(",", " ").split() if w.lower() not in known
                   and w.lower().removesuffix("'s") not in known]
        if previous in _NOT_AFTER or not selfish:
            continue
        if unknown or previous in ("when", "whenever") or (sentence_start and after.startswith(_SELF_VERBS)):
            found[candidate] = found.get(candidate, 0) + 1
    return sorted(found, key=len, reverse=True)


__all__ = ["Cost", "KeywordAbility", "TriggeredAbility", "guess_names", "read"]
