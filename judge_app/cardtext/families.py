"""What the builders of the tree share: the (role, value) pairs children hand up, small helpers over a
rule's children, and the registry that maps a grammar rule's name (or its family prefix) to a builder."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Token

from judge_app.cardtext.lexer import NUMBER_WORDS
from judge_app.cardtext.nodes import Description, Event, Group, Instruction, Reference

THINGS = (Description, Group, Reference)

Builder = Callable[[str, list[Any], str], Any]
EXACT: dict[str, Builder] = {}
PREFIXES: list[tuple[str, Builder]] = []


def builds(*names: str) -> Callable[[Builder], Builder]:
    """Register a builder for rules named exactly `names`, or for a family (a name ending in "_")."""
    def decorator(function: Builder) -> Builder:
        for name in names:
            if name.endswith("_"):
                PREFIXES.append((name, function))
            else:
                EXACT[name] = function
        return function
    return decorator


def builder_for(name: str) -> Builder | None:
    found = EXACT.get(name)
    if found is not None:
        return found
    best = None
    for prefix, function in PREFIXES:
        if name.startswith(prefix) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, function)
    return best[1] if best else None


def as_event(instr: Instruction, subject: Any = None) -> Event:
    """An instruction read as something that happens (a trigger event, a replaced event)."""
    return Event(instr.verb, subject if subject is not None else instr.subject, instr.object, instr.recipient,
                 instr.amount, instr.origin, instr.destination, instr.qualifier, instr.condition, instr.counter,
                 instr.text)


class Part(tuple):
    """A (role, value) pair a child hands to its parent: ("origin", Zone), ("for each", Description) …"""

    __slots__ = ()

    def __new__(cls, role: str, value: Any = None):
        return super().__new__(cls, (role, value))

    @property
    def role(self) -> str:
        return self[0]

    @property
    def value(self) -> Any:
        return self[1]


def built_word(value: Any) -> bool:
    """A word built by a child rule (type_word, color_word …), not one of this rule's own tokens."""
    return isinstance(value, str) and not isinstance(value, Token)


def strings(children: list[Any]) -> list[str]:
    return [c for c in children if built_word(c)]


def words(children: list[Any]) -> list[str]:
    """The lower-case words among a rule's children (its own tokens)."""
    return [c.value.lower() for c in children if isinstance(c, Token)]


def tokens(children: list[Any], kind: str) -> list[Token]:
    return [c for c in children if isinstance(c, Token) and c.type == kind]


def nodes(children: list[Any], kind: type | tuple[type, ...]) -> list[Any]:
    return [c for c in children if isinstance(c, kind)]


def first(children: list[Any], kind: type | tuple[type, ...]) -> Any:
    for c in children:
        if isinstance(c, kind):
            return c
    return None


def parts(children: list[Any], role: str) -> list[Any]:
    return [c.value for c in children if isinstance(c, Part) and c.role == role]


def part(children: list[Any], role: str, default: Any = None) -> Any:
    found = parts(children, role)
    return found[0] if found else default


def has_part(children: list[Any], role: str) -> bool:
    return any(isinstance(c, Part) and c.role == role for c in children)


def number_value(word: str) -> int | None:
    word = word.lower()
    if word.isdigit():
        return int(word)
    if word in ("a", "an"):
        return 1
    if word == "no":
        return 0
    return NUMBER_WORDS.get(word)


def flatten(children: list[Any]) -> list[Any]:
    """Children with lists and tuples (not Parts) spread out."""
    out: list[Any] = []
    for c in children:
        if isinstance(c, list):
            out.extend(flatten(c))
        else:
            out.append(c)
    return out
