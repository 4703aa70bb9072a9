"""Card text → tokens for the grammar: words, numbers, symbols in braces, P/T, punctuation.

Why our own lexer rather than lark's: a word of card text is many things at once ("Equipment" is a
subtype and a word of the grammar, "first strike" is a keyword only when both words are there, "Elves"
is the subtype Elf), and deciding that once per word, by table, is simpler and faster than regular
expressions competing by priority. Each word becomes, in this order of precedence: a keyword ability
of several words (KEYWORD), a word the grammar spells out (its literal terminal), a keyword ability
(KEYWORD), a keyword action of 701 (ACTION), a subtype (SUBTYPE), or any other word (WORD).

The text is lower-cased for matching but tokens keep the text as written (for names and subtypes).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from lark import Token
from lark.exceptions import UnexpectedCharacters
from lark.lexer import Lexer

from judge_app.cardtext.terms import terms

_TOKEN = re.compile(r"""
    (?P<symbol>\{[^{}\s]{0,8}\})
  | (?P<pt>[+-]?(?:\d+|[xy*])/[+-]?(?:\d+|[xy*])(?![\w/]))
  | (?P<signed>[+-](?:\d+|x)(?![\w/]))
  | (?P<number>\d+(?![\w/]))
  | (?P<andor>and/or\b)
  | (?P<word>[a-z\u00c0-\u024f][a-z0-9\u00c0-\u024f]*(?:[-'][a-z0-9\u00c0-\u024f]+)*'?!?)
  | (?P<punct>'s\b|[,.:;—•"~/+()\[\]'*!?&-])
  | (?P<space>\s+)
""", re.VERBOSE)

MANA_SYMBOL = re.compile(r"\{(?:\d+|[WUBRGCSXYZ]|[WUBRG]/[WUBRG](?:/P)?|[WUBRGC]/P|2/[WUBRG]|C/[WUBRG]|H[WUBRG]|½|∞)\}")
_SPECIAL_SYMBOLS = {"{T}": "TAP", "{Q}": "UNTAP", "{E}": "ENERGY", "{P}": "PAWPRINT", "{TK}": "TICKET"}

# words that end in "'s" but are not possessives
_CONTRACTIONS = {"it's", "that's", "there's", "what's", "who's", "he's", "she's", "let's"}

NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
                "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20}
COLOR_WORDS = ("white", "blue", "black", "red", "green")


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The lexer's tables, built once from the CR terms and the grammar's own words."""

    literals: dict[str, str]  # word or punctuation → terminal name
    keywords: dict[tuple[str, ...], str]  # lower-case word sequence → canonical keyword name
    keyword_max: int
    keyword_words: frozenset[str]  # every word of a keyword's name ("mirrodin!")
    actions: dict[str, str]  # an inflected keyword-action verb → the action's name
    subtypes: dict[str, str]  # lower-case singular or plural → subtype as printed


def _plurals(word: str) -> set[str]:
    low = word.lower()
    out = {low, low + "s"}
    if low.endswith(("s", "x", "ch", "sh")):
        out.add(low + "es")
    if low.endswith("f"):
        out.add(low[:-1] + "ves")
    if low.endswith("y") and low[-2:-1] not in "aeiou":
        out.add(low[:-1] + "ies")
    special = {"mouse": "mice", "ox": "oxen", "sheep": "sheep", "fungus": "fungi", "homunculus": "homunculi",
               "cyclops": "cyclopes", "octopus": "octopuses", "merfolk": "merfolk", "kithkin": "kithkin",
               "moonfolk": "moonfolk", "treefolk": "treefolk", "aurochs": "aurochses", "djinn": "djinni",
               "efreet": "efreets", "elf": "elves", "dwarf": "dwarves", "wolf": "wolves", "werewolf": "werewolves"}
    if low in special:
        out.add(special[low])
    return out


def _inflections(verb: str) -> set[str]:
    """"venture into the dungeon" → its first word's forms; "connive" → connive, connives, connived."""
    first = verb.split()[0]
    out = {first, first + "s", first + "ed", first + "d"}
    if first.endswith("e"):
        out |= {first[:-1] + "ing", first + "s", first + "d"}
    else:
        out |= {first + "ing", first + "es"}
    return out


# variants a rule names without a "“…” means" sentence the terms are extracted from
_NAMED_VARIANTS = {"Trample": ("Trample over planeswalkers",),  # 702.19c
                   "Hidden Agenda": ("Double agenda",)}  # 702.106d


@cache
def _keyword_table() -> tuple[dict[tuple[str, ...], str], dict[str, str]]:
    data = terms()
    keywords: dict[tuple[str, ...], str] = {}
    for entry in data["keyword_abilities"]:
        name = entry["name"]
        if name in ("Landwalk", "∞ (Infinity)"):
            continue
        for variant in _NAMED_VARIANTS.get(name, ()):
            keywords[tuple(variant.lower().split())] = name
        for part in name.split(" and ") if name == "Daybound and Nightbound" else [name]:
            keywords[tuple(part.lower().split())] = part
        for form in entry["forms"]:  # named variants: "Megamorph [cost]", "Multikicker [cost]", "Sticker kicker"
            words = [w for w in form.split("[")[0].lower().replace("—", " ").split() if w not in ("n", "x")]
            if words and words[0] not in ("when", "whenever", "it", "gift", "∞"):
                keywords.setdefault(tuple(words), name)
    actions: dict[str, str] = {}
    for entry in data["keyword_actions"]:
        name = entry["name"]
        for verb in name.lower().split(" and "):
            for form in _inflections(verb):
                actions.setdefault(form, name)
    return keywords, actions


@cache
def _subtype_table() -> dict[str, str]:
    subtypes: dict[str, str] = {}
    for names in terms()["subtypes"].values():
        for name in names:
            if " " in name:
                continue
            for form in _plurals(name):
                subtypes.setdefault(form, name)
    return subtypes


def subtype_of(word: str) -> str:
    """"Elves" → "Elf", "plains" → "Plains": a subtype as the CR prints it (the word itself if unknown)."""
    return _subtype_table().get(word.lower(), word)


def keyword_name(words: str) -> str:
    """"first strike" → "First Strike", "Megamorph" → "Morph": a keyword's name as 702 titles it."""
    return _keyword_table()[0].get(tuple(words.lower().split()), words)


def action_name(word: str) -> str:
    """"connives" → "Connive": a keyword action's name as 701 titles it."""
    return _keyword_table()[1].get(word.lower(), word)


def vocabulary(literals: dict[str, str]) -> Vocabulary:
    keywords, actions = _keyword_table()
    return Vocabulary(literals, keywords, max(len(k) for k in keywords), frozenset(w for k in keywords for w in k),
                      actions, _subtype_table())


class CardLexer(Lexer):
    """lark's custom-lexer interface: `lex` yields tokens for the text of one ability."""

    def __init__(self, lexer_conf) -> None:
        self.lexer_conf = lexer_conf
        literals = {t.pattern.value: t.name for t in lexer_conf.terminals if t.pattern.type == "str"}
        self.vocab = vocabulary(literals)

    def lex(self, text: str) -> Iterator[Token]:  # lark's interface 0: the whole text at once
        yield from tokens(text, self.vocab)


def _token(kind: str, value: str, start: int, text: str) -> Token:
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    end = start + len(value)
    return Token(kind, value, start, line, column, line, column + len(value), end)


def _fail(text: str, pos: int, message: str) -> UnexpectedCharacters:
    error = UnexpectedCharacters(text, pos, text.count("\n", 0, pos) + 1, pos - (text.rfind("\n", 0, pos) + 1) + 1)
    error.reason = message  # type: ignore[attr-defined]
    return error


def tokens(text: str, vocab: Vocabulary) -> Iterator[Token]:
    """The tokens of `text` (one ability, already normalised); raises UnexpectedCharacters with a reason."""
    low = text.lower()
    pos = 0
    words: list[tuple[str, int]] = []  # pending words, to find keywords of several words

    def flush() -> Iterator[Token]:
        i = 0
        while i < len(words):
            for size in range(min(vocab.keyword_max, len(words) - i), 1, -1):
                key = tuple(w for w, _ in words[i:i + size])
                if key in vocab.keywords:
                    start = words[i][1]
                    end = words[i + size - 1][1] + len(words[i + size - 1][0])
                    yield _token("KEYWORD", text[start:end], start, text)
                    i += size
                    break
            else:
                yield from _word(words[i][0], words[i][1])
                i += 1
        words.clear()

    def _word(word: str, start: int) -> Iterator[Token]:
        original = text[start:start + len(word)]
        if (word,) in vocab.keywords:
            yield _token("KEYWORD", original, start, text)
        elif word in vocab.literals:
            yield _token(vocab.literals[word], original, start, text)
        elif word.endswith("'s") and word not in _CONTRACTIONS and len(word) > 2:
            yield from _word(word[:-2], start)
            yield _token(vocab.literals["'s"], text[start + len(word) - 2:start + len(word)], start + len(word) - 2,
                         text)
        elif word.endswith("s'") and len(word) > 2:
            yield from _word(word[:-1], start)
            yield _token(vocab.literals["'"], "'", start + len(word) - 1, text)
        elif word.startswith("non") and len(word) > 4 and word not in vocab.subtypes and _known(word[3:].lstrip("-")):
            yield _token(vocab.literals["non"], original[:3], start, text)
            rest = word[3:]
            offset = 3
            if rest.startswith("-"):
                rest, offset = rest[1:], 4
            yield from _word(rest, start + offset)
        elif word.endswith("walk") and word not in vocab.literals and word not in vocab.actions:
            yield _token("LANDWALK", original, start, text)
        elif word.endswith("cycling") and len(word) > len("cycling"):
            yield _token("TYPECYCLING", original, start, text)
        elif word.endswith("offering") and len(word) > len("offering"):
            yield _token("KEYWORD", original, start, text)
        elif word in vocab.actions:
            yield _token("ACTION", original, start, text)
        elif word in vocab.subtypes:
            yield _token("SUBTYPE", original, start, text)
        elif word in NUMBER_WORDS:
            yield _token("NUMWORD", original, start, text)
        else:
            yield _token("WORD", original, start, text)

    def _known(word: str) -> bool:
        return (word in vocab.literals or word in vocab.subtypes or (word,) in vocab.keywords
                or word in ("combat", "token"))

    while pos < len(text):
        match = _TOKEN.match(low, pos)
        if match is None:
            yield from flush()
            raise _fail(text, pos, f"unexpected character {text[pos]!r}")
        kind = match.lastgroup
        value = text[match.start():match.end()]
        if kind == "space":
            pos = match.end()
            continue
        if kind in ("word", "andor"):
            word = match.group()
            if word.endswith("!") and word not in vocab.literals and word not in vocab.keyword_words:
                word = word[:-1]
            words.append((word, pos))
            pos += len(word)
            continue
        yield from flush()
        if kind == "symbol":
            upper = value.upper()
            if upper in _SPECIAL_SYMBOLS:
                yield _token(_SPECIAL_SYMBOLS[upper], value, pos, text)
            elif MANA_SYMBOL.fullmatch(upper):
                yield _token("MANA", value, pos, text)
            else:
                raise _fail(text, pos, f"unknown symbol {value} (mana symbols are {{W}} {{U}} {{B}} {{R}} {{G}} "
                                       f"{{C}}, numbers, {{X}}, hybrid {{W/U}} {{2/W}}, Phyrexian {{W/P}}, {{S}})")
        elif kind == "pt":
            signed = value[0] in "+-" and value.split("/")[1][:1] in "+-"
            yield _token("PTMOD" if signed else "PT", value, pos, text)
        elif kind == "signed":
            yield _token("SIGNED", value, pos, text)
        elif kind == "number":
            yield _token("NUMBER", value, pos, text)
        elif kind == "punct":
            key = value.lower()
            if key not in vocab.literals:
                raise _fail(text, pos, f"unexpected {value!r}")
            yield _token(vocab.literals[key], value, pos, text)
        pos = match.end()
    yield from flush()
