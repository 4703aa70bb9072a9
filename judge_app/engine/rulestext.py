"""Templates for the wordings of replacement, prevention and "can't" effects, death and return, layers, combat
requirements, copies, face-down cards and game results that the engine plays (issue 13).

TEMPORARY: these extend the template reader (`abilities.py`, `effecttext.py`) until the card-text grammar
(`judge_app.cardtext`) is interpreted into the same engine shapes (`EventEffect`, `Filter`, the ability kinds
below); each template says which shape it builds, so the interpretation can target it. They are tried before
the older templates, whose broad patterns ("[cost]: [effect]", "When …, …") would otherwise refuse them.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from judge_app.engine import rules
from judge_app.engine.abilities import (
    TEMPLATES,
    Template,
    UnsupportedText,
    keyword_items,
    keyword_list,
    match_template,
    own_name,
)
from judge_app.engine.ability import (
    Ability,
    Change,
    Condition,
    Cost,
    Effect,
    EventEffect,
    Filter,
    Instruction,
    Ref,
    StaticCondition,
    TargetSpec,
    Trigger,
)
from judge_app.engine.effecttext import _OBJ_RE, SENTENCES, _Parser, _Template, parse_effect
from judge_app.engine.subtypes import CREATURE_TYPES, LAND_TYPES, SUBTYPES


def _front(pattern: str, example: str):
    """Register a whole-line ability template ahead of the older ones. When its words turn out to be something it
    doesn't read, the templates after it get their turn (so a broad pattern never hides them), and if none reads
    the line, it is no ability template's (None: an instant's or sorcery's line, or refused by the reader)."""
    def decorator(build: Callable[[re.Match[str], str], list[Ability]]):
        def guarded(match: re.Match[str], text: str) -> list[Ability] | None:
            try:
                return build(match, text)
            except UnsupportedText:
                after = TEMPLATES[[t.name for t in TEMPLATES].index(build.__name__) + 1:]
                for template in after:
                    found = template.pattern.fullmatch(text) if template.whole_line else None
                    if found:
                        return template.build(found, text)
                return None
        TEMPLATES.insert(0, Template(build.__name__, re.compile(pattern, re.IGNORECASE), guarded, example, True))
        return build
    return decorator


def _sentence(pattern: str, example: str):
    """Register an effect sentence template ahead of the older ones."""
    def decorator(build: Callable[[_Parser, re.Match[str], str], None]):
        SENTENCES.insert(0, _Template(re.compile(pattern, re.IGNORECASE), build, example))
        return build
    return decorator


def _event(kind: str, text: str, **values) -> Ability:
    return Ability(kind, text, events=EventEffect(text=text, **values))


_CREATURES_YOU_CONTROL = Filter(types=frozenset({"creature"}), controller="you", text="a creature you control")
_WHO = {"you": "you", "your opponents": "opponent", "an opponent": "opponent", "players": "", "a player": "",
        "each player": ""}


# --- replacement and prevention effects (614, 615) -----------------------------------------------------------------

@_front(r"if one or more \+1/\+1 counters would be put on a creature you control, (that many plus one|twice that many)"
        r" \+1/\+1 counters are put on it instead\.?",
        "If one or more +1/+1 counters would be put on a creature you control, that many plus one (twice that many) "
        "+1/+1 counters are put on it instead.")
def _more_counters(m: re.Match[str], text: str) -> list[Ability]:
    double = m.group(1).lower().startswith("twice")
    return [_event("replacement", text, event="counters", mode="double" if double else "plus", amount=0 if double
                   else 1, counter="+1/+1", object=_CREATURES_YOU_CONTROL)]


@_front(r"if an effect would create one or more tokens under your control, it creates twice that many of those tokens "
        r"instead\.?", "If an effect would create one or more tokens under your control, it creates twice that many "
        "of those tokens instead.")
def _double_tokens(m: re.Match[str], text: str) -> list[Ability]:
    return [_event("replacement", text, event="tokens", mode="double", player="you")]


@_front(r"if an effect would put one or more counters on a permanent you control, it puts twice that many of those "
        r"counters on that permanent instead\.?", "If an effect would put one or more counters on a permanent you "
        "control, it puts twice that many of those counters on that permanent instead.")
def _double_counters(m: re.Match[str], text: str) -> list[Ability]:
    return [_event("replacement", text, event="counters", mode="double", object=Filter(controller="you"))]


@_front(r"(you|your opponents) can't (lose|win) the game(?: and (you|your opponents) can't (lose|win) the game)?\.?",
        "You can't lose the game and your opponents can't win the game.")
def _cant_end(m: re.Match[str], text: str) -> list[Ability]:
    out = []
    for who, what in ((m.group(1), m.group(2)), (m.group(3), m.group(4))):
        if who:
            out.append(_event("cant", text, event=f"{what.lower()} game", mode="can't", player=_WHO[who.lower()]))
    return out


@_front(r"(players|you|your opponents) can't gain life\.?", "Players can't gain life. Your opponents can't gain life.")
def _cant_gain(m: re.Match[str], text: str) -> list[Ability]:
    return [_event("cant", text, event="life gain", mode="can't", player=_WHO[m.group(1).lower()])]


@_front(r"your life total can't change\.?", "Your life total can't change.")
def _life_fixed(m: re.Match[str], text: str) -> list[Ability]:
    return [_event("cant", text, event="life change", mode="can't", player="you")]


@_front(r"(combat )?damage (?:that would be dealt by creatures you control )?can't be prevented\.?",
        "Damage can't be prevented. Combat damage that would be dealt by creatures you control can't be prevented.")
def _unpreventable(m: re.Match[str], text: str) -> list[Ability]:
    source = _CREATURES_YOU_CONTROL if "creatures you control" in text.lower() else None
    return [_event("replacement", text, event="damage", mode="unpreventable", source=source,
                   condition="combat" if m.group(1) else "")]


@_front(r"if ~ is in your opening hand, you may begin the game with it on the battlefield\.?",
        "If ~ is in your opening hand, you may begin the game with it on the battlefield.")
def _opening_hand(m: re.Match[str], text: str) -> list[Ability]:
    return [Ability("before the game", text)]  # 103.6a: it does its work before the first turn


@_front(r"if (you|a player|an opponent) would gain life, (?:you|that player|they) gains? (twice that much life|no life)"
        r" instead\.?", "If you would gain life, you gain twice that much life instead. If a player would gain life, "
        "that player gains no life instead.")
def _life_gain(m: re.Match[str], text: str) -> list[Ability]:
    mode = "double" if m.group(2).lower().startswith("twice") else "none"
    return [_event("replacement", text, event="life gain", mode=mode, player=_WHO[m.group(1).lower()])]


@_front(r"if (you|a player|an opponent) would lose life( during your turn)?, (?:you|that player|they) loses? twice "
        r"that much life instead\.?", "If an opponent would lose life during your turn, they lose twice that much "
        "life instead.")
def _life_loss(m: re.Match[str], text: str) -> list[Ability]:
    return [_event("replacement", text, event="life loss", mode="double", player=_WHO[m.group(1).lower()],
                   condition="your turn" if m.group(2) else "")]


@_front(r"if a source would deal damage to (you|~), prevent (\d+) of that damage\.?",
        "If a source would deal damage to you, prevent 1 of that damage.")
def _prevent_some(m: re.Match[str], text: str) -> list[Ability]:
    you = m.group(1).lower() == "you"
    return [_event("replacement", text, event="damage", mode="prevent", amount=int(m.group(2)),
                   player="you" if you else "", self_only=not you)]


@_front(r"if you would draw a card while your library has no cards in it, you win the game instead\.?",
        "If you would draw a card while your library has no cards in it, you win the game instead.")
def _draw_win(m: re.Match[str], text: str) -> list[Ability]:
    return [_event("replacement", text, event="draw", mode="win", player="you", condition="library empty")]


@_front(r"if a (card or token|card|creature|nontoken creature) would (?:be put into (a|an opponent's) graveyard from "
        r"anywhere|die), exile it instead\.?", "If a card or token would be put into a graveyard from anywhere, exile "
        "it instead. If a card would be put into an opponent's graveyard from anywhere, exile it instead.")
def _graveyard_exile(m: re.Match[str], text: str) -> list[Ability]:
    what = m.group(1).lower()
    dies = m.group(2) is None
    object_filter = None
    if what == "card":
        object_filter = Filter(token=False, owner="opponent" if m.group(2) == "an opponent's" else "")
    elif what != "card or token":
        object_filter = Filter(types=frozenset({"creature"}), token=False if what.startswith("nontoken") else None)
    return [_event("replacement", text, event="zone", mode="exile", object=object_filter, to_zone="graveyard",
                   from_zone="battlefield" if dies else "")]


@_front(r"(creatures|permanents) you control can't have (-1/-1|\+1/\+1) counters put on them\.?",
        "Creatures you control can't have -1/-1 counters put on them.")
def _cant_counters(m: re.Match[str], text: str) -> list[Ability]:
    types = frozenset({"creature"}) if m.group(1).lower() == "creatures" else frozenset()
    return [_event("cant", text, event="counters", mode="can't", counter=m.group(2),
                   object=Filter(types=types, controller="you"))]


@_front(r"you can't get poison counters\.?", "You can't get poison counters.")
def _cant_poison(m: re.Match[str], text: str) -> list[Ability]:
    return [_event("cant", text, event="counters", mode="can't", counter="poison", player="you")]


@_front(r"(artifacts, creatures, and lands|creatures|lands|artifacts) your opponents control enter"
        r"(?: the battlefield)? tapped\.?", "Creatures your opponents control enter tapped.")
def _others_enter_tapped(m: re.Match[str], text: str) -> list[Ability]:
    words = m.group(1).lower()
    kinds = frozenset(w.rstrip("s") for w in re.findall(r"artifacts|creatures|lands", words))
    return [_event("replacement", text, event="enters", mode="tapped",
                   object=Filter(any_types=kinds, controller="opponent"))]


# --- effect sentences -------------------------------------------------------------------------------------------

@_sentence(rf"regenerate ({_OBJ_RE})", "Regenerate ~. Regenerate target creature.")
def _regenerate(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("regenerate", m.group(1), s)


@_sentence(r"(?:it|they) can't be regenerated", "Destroy all creatures. They can't be regenerated.")
def _no_regeneration(p: _Parser, m: re.Match[str], s: str) -> None:
    last = p.instructions[-1] if p.instructions else None
    if last is None or last.verb != "destroy":
        raise UnsupportedText(s, p.text)
    p.instructions[-1] = Instruction(**{**{f: getattr(last, f) for f in last.__slots__}, "no_regeneration": True,
                                        "text": f"{last.text}. {s}"})


@_sentence(r"exile all graveyards", "Exile all graveyards.")
def _exile_graveyards(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("exile graveyards", None, s)


# --- death and return (702.79, 702.93, 113.6m, 400.7) ----------------------------------------------------------------

def _keyword(pattern: str, example: str):
    """Register a keyword-list item template (a keyword among others: "Flying, persist") ahead of the others."""
    def decorator(build: Callable[[re.Match[str], str], list[Ability]]):
        TEMPLATES.insert(0, Template(build.__name__, re.compile(pattern, re.IGNORECASE), build, example, False))
        return build
    return decorator


@_keyword(r"(persist|undying)", "Persist. Undying.")
def _persist(m: re.Match[str], text: str) -> list[Ability]:
    """702.79a / 702.93a: "When this permanent is put into a graveyard from the battlefield, if it had no -1/-1
    (+1/+1) counters on it, return it to the battlefield under its owner's control with a -1/-1 (+1/+1) counter
    on it." — a triggered ability with an intervening "if" that looks back (603.10a)."""
    word = m.group(1).lower()
    counter = "-1/-1" if word == "persist" else "+1/+1"
    condition = Condition("had no counters", 0, f"if it had no {counter} counters on it", counter=counter)
    back = Instruction("return to battlefield", Ref("it"), amount=1, counter=counter, owner_controls=True,
                       from_zone="graveyard", text=f"return it to the battlefield under its owner's control with a "
                                                   f"{counter} counter on it")
    return [Ability("triggered", word.capitalize(), trigger=Trigger("dies", condition=condition),
                    effect=Effect((), (back,), back.text), rule=rules.PERSIST if word == "persist" else rules.UNDYING)]


_CARD_NOUNS = r"creature|artifact|enchantment|land|planeswalker|permanent"


@_sentence(rf"return (~|target (?:({_CARD_NOUNS}) )?card) from (your|a|an opponent's) graveyard to the battlefield"
           r"( tapped)?(?: under (its owner's|your) control)?",
           "Return target creature card from your graveyard to the battlefield. Return ~ from your graveyard to the "
           "battlefield tapped.")
def _return_from_graveyard(p: _Parser, m: re.Match[str], s: str) -> None:
    if m.group(1) == "~":
        subject = Ref("self")
    else:
        whose = {"your": "you", "a": "", "an opponent's": "opponent"}[m.group(3).lower()]
        noun = f"{m.group(2).lower()} card" if m.group(2) else "card"
        subject = p._target(TargetSpec(noun, control=whose, zone="graveyard", text=f"target {noun} from "
                                                                                   f"{m.group(3).lower()} graveyard"))
    p.add("return to battlefield", subject, s, tapped=bool(m.group(4)), from_zone="graveyard",
          owner_controls=(m.group(5) or "").lower() == "its owner's")


@_sentence(r"return (it|that card) to the battlefield under its owner's control at the beginning of the next end step",
           "Exile target creature. Return it to the battlefield under its owner's control at the beginning of the next "
           "end step. (a delayed triggered ability)")
def _return_later(p: _Parser, m: re.Match[str], s: str) -> None:
    back = Instruction("return to battlefield", p.ref("it"), owner_controls=True, text=s)
    p.add("delayed", None, s, name="end", then=(back,))


@_sentence(r"(target player|target opponent|each opponent|each player) loses (\d+) life and you gain (\d+) life",
           "Target player loses 1 life and you gain 1 life.")
def _drain(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("life", m.group(1), s, amount=-int(m.group(2)))
    p.add("life", Ref("you"), s, amount=int(m.group(3)))


# --- triggered abilities with more trigger conditions -----------------------------------------------------------

_MORE_TRIGGERS: list[tuple[str, Trigger]] = [
    (r"~ or another creature dies", Trigger("dies", "self or another creature")),
    (r"~ or another creature you control dies", Trigger("dies", "self or another creature you control")),
    (r"~ is put into a graveyard from the battlefield", Trigger("dies")),
]


@_front(r"(when|whenever) (" + "|".join(p for p, _ in _MORE_TRIGGERS) + r"), (.+)",
        "Whenever ~ or another creature dies, …")
def _more_triggered(m: re.Match[str], text: str) -> list[Ability]:
    words = m.group(2)
    trigger = next(t for p, t in _MORE_TRIGGERS if re.fullmatch(p, words, re.IGNORECASE))
    return [Ability("triggered", text, trigger=trigger, effect=parse_effect(m.group(3)))]


# --- statics: "loses [ability]" with any subject (613.1f) ------------------------------------------------------------

_GROUPS = {"creatures your opponents control": "opponents", "all creatures": "all", "creatures you control": "yours",
           "other creatures you control": "others", "all other creatures": "all others"}


@_front(r"(" + "|".join(_GROUPS) + r") lose (.+?)\.?", "Creatures your opponents control lose infect. All creatures "
        "lose flying.")
def _group_loses(m: re.Match[str], text: str) -> list[Ability]:
    if m.group(2).lower().startswith("all abilities"):
        change = Change("remove all abilities")
    else:
        change = Change("remove abilities", abilities=keyword_list(m.group(2), text))
    return [Ability("static", text, affects=_GROUPS[m.group(1).lower()], changes=(change,))]


# --- statics for every wording: filtered groups, conditions, clauses in any layer (611.3, 613) --------------------

_COLORS = ("white", "blue", "black", "red", "green")
_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle")
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_PLURALS = {"elves": "Elf", "dwarves": "Dwarf", "wolves": "Wolf", "merfolk": "Merfolk", "mice": "Mouse"}
_NAMED_GROUPS = {"enchanted creature": ("enchanted", None), "equipped creature": ("equipped", None),
                 "enchanted permanent": ("enchanted permanent", None), "enchanted land": ("enchanted permanent", None),
                 "~": ("self", None), "creatures you control": ("yours", None),
                 "other creatures you control": ("others", None), "all creatures": ("all", None),
                 "creatures your opponents control": ("opponents", None), "all other creatures": ("all others", None)}


_LAND_SUBTYPES = {"plains": "Plains", "island": "Island", "islands": "Island", "swamp": "Swamp", "swamps": "Swamp",
                  "mountain": "Mountain", "mountains": "Mountain", "forest": "Forest", "forests": "Forest",
                  "desert": "Desert", "deserts": "Desert", "gate": "Gate", "gates": "Gate"}


def _subtype(word: str) -> str:
    lowered = word.lower()
    if lowered in _PLURALS:
        return _PLURALS[lowered]
    if lowered in _LAND_SUBTYPES:
        return _LAND_SUBTYPES[lowered]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def group_filter(words: str) -> Filter | None:
    """"white creatures you control", "other Goblins", "each other non-Aura enchantment", "nonblack creatures" →
    the filter they name, or None if a word isn't understood."""
    tokens = words.strip().split()
    if tokens and tokens[0].lower() in ("each", "all"):
        tokens = tokens[1:]
    other = bool(tokens) and tokens[0].lower() == "other"
    tokens = tokens[1:] if other else tokens
    rest = " ".join(tokens)
    controller = ""
    for suffix, who in ((" you control", "you"), (" your opponents control", "opponent")):
        if rest.lower().endswith(suffix):
            rest, controller = rest[: -len(suffix)], who
    colors, not_colors, types, not_types, subtypes, not_subtypes = set(), set(), set(), set(), [], []
    words_left = rest.split()
    if not words_left:
        return None
    for word in words_left:
        lowered = word.lower()
        negative = lowered.startswith("non")
        base = lowered[3:].lstrip("-") if negative else lowered
        singular = base[:-1] if base.endswith("s") else base
        if base in _COLORS:
            (not_colors if negative else colors).add(base)
        elif singular in _TYPES:
            (not_types if negative else types).add(singular)
        elif word[:1].isupper() or (negative and word[3:].lstrip("-")[:1].isupper()):
            name = _subtype(word[3:].lstrip("-") if negative else word)
            if name not in SUBTYPES:
                return None  # a capitalized word that is no subtype (205.3): not a description we read
            (not_subtypes if negative else subtypes).append(name)
        else:
            return None
    if not types and subtypes:  # "Goblins", "other Merfolk" name creatures (205.3m); "a Mountain" a land
        types = {"land"} if all(s in LAND_TYPES for s in subtypes) else {"creature"} if all(
            s in CREATURE_TYPES for s in subtypes) else set()
    return Filter(types=frozenset(types), not_types=frozenset(not_types), subtypes=tuple(subtypes),
                  not_subtypes=tuple(not_subtypes), colors=frozenset(colors), not_colors=frozenset(not_colors),
                  controller=controller, other=other, text=words.strip())


def _group(words: str) -> tuple[str, Filter | None] | None:
    lowered = words.strip().lower()
    if lowered in _NAMED_GROUPS:
        return _NAMED_GROUPS[lowered]
    found = group_filter(words)
    return ("filter", found) if found is not None else None


def _count(word: str) -> int:
    return _NUMBER_WORDS[word.lower()] if word.lower() in _NUMBER_WORDS else int(word)


def static_condition(words: str) -> StaticCondition | None:
    """The "as long as …" conditions the engine checks (611.3a)."""
    text = words.strip().rstrip(".")
    lowered = text.lower()
    if lowered in ("it's your turn", "it is your turn"):
        return StaticCondition("your turn", text=text)
    if lowered in ("it entered this turn", "~ entered this turn"):
        return StaticCondition("entered this turn", text=text)
    match = re.fullmatch(r"~ is (untapped|tapped)", lowered)
    if match:
        return StaticCondition(match.group(1), text=text)
    match = re.fullmatch(r"you have (\d+) or (more|less) life", lowered)
    if match:
        kind = "life at least" if match.group(2) == "more" else "life at most"
        return StaticCondition(kind, int(match.group(1)), text=text)
    match = re.fullmatch(r"(\w+) or more cards are in your graveyard", lowered)
    if match and (match.group(1).isdigit() or match.group(1) in _NUMBER_WORDS):
        return StaticCondition("graveyard at least", _count(match.group(1)), text=text)
    match = re.fullmatch(r"you control (an?|\w+ or more) (.+)", text, re.IGNORECASE)
    if match:
        amount = 1 if match.group(1).lower() in ("a", "an") else _count(match.group(1).split()[0])
        what = group_filter(match.group(2))
        if what is not None:
            return StaticCondition("control", amount, what, text)
    return None


_CLAUSE_VERBS = r"(?:gets?|gains?|loses?|has|have|is|are)\b"


def _clauses(text: str) -> list[str]:
    return [c.strip() for c in re.split(rf",?\s+and\s+(?={_CLAUSE_VERBS})|,\s+(?={_CLAUSE_VERBS})", text) if c.strip()]


def static_changes(predicate: str, text: str) -> tuple[Change, ...]:
    """"get +1/+1 and have flying", "lose all abilities and have base power and toughness 1/1", "is a creature in
    addition to its other types and has base power and toughness each equal to its mana value" → the changes, in
    any layer (613.1); anything else is refused."""
    out: list[Change] = []
    for clause in _clauses(predicate):
        lowered = clause.lower()
        match = re.fullmatch(r"gets? ([+-]\d+)/([+-]\d+)", lowered)
        if match:
            out.append(Change("modify power/toughness", power=int(match.group(1)), toughness=int(match.group(2))))
            continue
        match = re.fullmatch(r"(?:has|have) base power and toughness (\d+)/(\d+)", lowered)
        if match:
            out.append(Change("set power/toughness", power=int(match.group(1)), toughness=int(match.group(2))))
            continue
        if re.fullmatch(r"(?:has|have) base power and toughness each equal to (?:its|their) mana value", lowered):
            out.append(Change("set power/toughness to mana value"))
            continue
        match = re.fullmatch(r"(?:is|are) (?:an? )?((?:\w+ )*?\w+?)s? in addition to (?:its|their) other types",
                             lowered)
        if match and all(w.rstrip("s") in _TYPES for w in match.group(1).split()):
            out.append(Change("type", types=frozenset(w.rstrip("s") for w in match.group(1).split())))
            continue
        match = re.fullmatch(r"(?:is|are) ((?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))*)",
                             lowered)
        if match:
            out.append(Change("set colors", colors=frozenset(re.findall("|".join(_COLORS), match.group(1)))))
            continue
        if re.fullmatch(r"loses? all abilities", lowered):
            out.append(Change("remove all abilities"))
            continue
        match = re.fullmatch(r"loses? (.+)", clause, re.IGNORECASE)
        if match:
            out.append(Change("remove abilities", abilities=keyword_list(match.group(1), text)))
            continue
        match = re.fullmatch(r"(?:has|have|gains?) \"(.+)\"", clause, re.IGNORECASE | re.DOTALL)
        if match:
            out.append(Change("add abilities", abilities=quoted_abilities(match.group(1))))
            continue
        match = re.fullmatch(r"(?:has|have) (.+)", clause, re.IGNORECASE)
        if match:
            out.append(Change("add abilities", abilities=keyword_list(match.group(1), text)))
            continue
        raise UnsupportedText(clause, text)
    order = {"type": 0, "set colors": 1, "remove all abilities": 2, "remove abilities": 2, "add abilities": 2,
             "set power/toughness": 3, "set power/toughness to mana value": 3, "modify power/toughness": 4}
    return tuple(sorted(out, key=lambda c: order[c.kind]))


def quoted_abilities(text: str) -> tuple[Ability, ...]:
    """An ability granted in quotes ('has "{T}: This creature deals 1 damage to any target."'): read as an ability
    of the object that has it, where "this creature" means that object."""
    line = own_name(text.strip(), "")
    found = match_template(line, whole_line=True)
    if found is not None:
        return tuple(found)
    out: list[Ability] = []
    for piece in keyword_items(line):
        more = match_template(piece, whole_line=False)
        if more is None:
            raise UnsupportedText(piece, text)
        out += more
    return tuple(out)


@_front(r"(?:[A-Z][a-z]+(?: [a-z]+)* — )?(?:as long as (.+?), )?(.+?) ((?:gets?|has|have|is|are|loses?) .+?)"
        r"(?: as long as (.+?))?\.?",
        "~ gets +1/+1 as long as you control a Mountain. White creatures you control get +1/+1. Other Goblins get "
        "+1/+1 and have mountainwalk. All creatures lose all abilities and have base power and toughness 1/1. Each "
        "other non-Aura enchantment is a creature in addition to its other types and has base power and toughness "
        "each equal to its mana value. Enchanted creature has \"{T}: This creature deals 1 damage to any target.\"")
def _static(m: re.Match[str], text: str) -> list[Ability]:
    group = _group(m.group(2))
    if group is None:
        raise UnsupportedText(m.group(2), text)
    condition_words = m.group(1) or m.group(4)
    condition = None
    if condition_words:
        condition = static_condition(condition_words)
        if condition is None:
            raise UnsupportedText(f"as long as {condition_words}", text)
    selector, found = group
    return [Ability("static", text, affects=selector, filter=found, condition=condition,
                    changes=static_changes(m.group(3), text))]


@_front(r"~'s power is equal to the number of card types among cards in all graveyards and its toughness is equal to "
        r"that number plus 1\.?", "~'s power is equal to the number of card types among cards in all graveyards and "
        "its toughness is equal to that number plus 1.")
def _tarmogoyf(m: re.Match[str], text: str) -> list[Ability]:
    change = Change("characteristic-defining power/toughness", count="card types in all graveyards")
    return [Ability("cda", text, affects="self", changes=(change,))]


@_front(r"~'s power and toughness are each equal to the number of ([A-Z][a-z]+s you control|creature cards in your "
        r"graveyard)\.?", "~'s power and toughness are each equal to the number of Swamps you control.")
def _count_cda(m: re.Match[str], text: str) -> list[Ability]:
    change = Change("characteristic-defining power/toughness", count=m.group(1))
    return [Ability("cda", text, affects="self", changes=(change,))]


@_sentence(rf"({_OBJ_RE}) becomes? (\d+)/(\d+)( until end of turn)?", "Target creature becomes 0/1 until end of turn.")
def _becomes_pt(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("set pt", m.group(1), s, power=int(m.group(2)), toughness=int(m.group(3)),
          duration="until end of turn" if m.group(4) else "")


# --- combat: restrictions and requirements (508.1c–d, 509.1b–c), blocking several attackers -------------------------

@_front(r"~ can block (any number of creatures|an additional creature|an additional (\w+) creatures)"
        r"(?: each combat)?\.?", "~ can block any number of creatures. ~ can block an additional creature each combat.")
def _block_more(m: re.Match[str], text: str) -> list[Ability]:
    words = m.group(1).lower()
    extra = 0 if words.startswith("any") else 1 if m.group(2) is None else _count(m.group(2))
    return [Ability("block additional", text, value=extra)]


@_front(r"~ (attacks|blocks) each combat if able\.?", "~ attacks each combat if able. ~ blocks each combat if able.")
def _must(m: re.Match[str], text: str) -> list[Ability]:
    return [Ability(f"{m.group(1).lower()} each combat", text)]


@_front(r"~ can't be blocked by more than one creature\.?", "~ can't be blocked by more than one creature.")
def _one_blocker(m: re.Match[str], text: str) -> list[Ability]:
    return [Ability("max one blocker", text)]


@_front(r"~ can't (?:attack or block|block|attack) alone\.?", "~ can't attack or block alone.")
def _not_alone(m: re.Match[str], text: str) -> list[Ability]:
    return [Ability("not alone", text)]


def _described(words: str) -> Filter | None:
    """"Walls", "creatures with power 2 or less", "creatures with flying", "black creatures" → a filter."""
    match = re.fullmatch(r"(.+?) with (power|toughness) (\d+) or (less|greater)", words.strip(), re.IGNORECASE)
    if match and match.group(2).lower() == "power":
        base = group_filter(match.group(1))
        if base is None:
            return None
        op = "<=" if match.group(4).lower() == "less" else ">="
        return dataclasses.replace(base, power=(op, int(match.group(3))), text=words.strip())
    match = re.fullmatch(r"(.+?) with (.+)", words.strip(), re.IGNORECASE)
    if match:
        base = group_filter(match.group(1))
        try:
            keywords = keyword_list(match.group(2), words)
        except UnsupportedText:
            return None
        if base is None:
            return None
        return dataclasses.replace(base, keywords=tuple(a.kind for a in keywords), text=words.strip())
    found = group_filter(words)
    return dataclasses.replace(found, text=words.strip()) if found is not None else None


@_front(r"~ can't be blocked by (.+?)\.?", "~ can't be blocked by Walls. ~ can't be blocked by creatures with power 2 "
        "or less.")
def _unblockable_by(m: re.Match[str], text: str) -> list[Ability]:
    found = _described(m.group(1))
    if found is None or m.group(1).lower().startswith("more than"):
        raise UnsupportedText(m.group(1), text)
    return [Ability("unblockable by", text, filter=found)]


@_front(r"~ can block only (.+?)\.?", "~ can block only creatures with flying.")
def _blocks_only(m: re.Match[str], text: str) -> list[Ability]:
    found = _described(m.group(1))
    if found is None:
        raise UnsupportedText(m.group(1), text)
    return [Ability("blocks only", text, filter=found)]


@_front(r"all creatures able to block (enchanted creature|~) do so\.?", "All creatures able to block enchanted "
        "creature do so.")
def _lure(m: re.Match[str], text: str) -> list[Ability]:
    return [Ability("lure", text, affects="enchanted" if m.group(1).lower().startswith("enchanted") else "self")]


@_keyword(r"trample over planeswalkers", "Trample over planeswalkers")
def _trample_over(m: re.Match[str], text: str) -> list[Ability]:
    return [Ability("trample over planeswalkers", text)]


@_front(r"~ attacks or blocks each combat if able\.?", "~ attacks or blocks each combat if able.")
def _attacks_or_blocks(m: re.Match[str], text: str) -> list[Ability]:
    return [Ability("attacks each combat", text), Ability("blocks each combat", text)]


@_front(r"(?:this spell|~) costs (\{\d+\}) (less|more) to cast(.*?)\.?",
        "This spell costs {3} less to cast for each other spell cast this turn.")
def _cost_change(m: re.Match[str], text: str) -> list[Ability]:
    """601.2f: a cost change of the spell itself; read, but casting such a card is refused as not modelled."""
    return [Ability("cost change", text)]


@_sentence(r"(?:(you|target player) )?gains? (\d+) life and draws? (a|an|one|two|three) cards?",
           "You gain 4 life and draw a card.")
def _gain_and_draw(p: _Parser, m: re.Match[str], s: str) -> None:
    who = m.group(1) or "you"
    p.add("life", who, s, amount=int(m.group(2)))
    p.add("draw", Ref("you") if who.lower() == "you" else p.instructions[-1].subject, s, amount=_count(m.group(3)))


# --- copies and face-down permanents (707, 708) ---------------------------------------------------------------------

@_front(r"you may have ~ enter(?: the battlefield)? as a copy of any (creature|artifact|enchantment|permanent) on the "
        r"battlefield\.?", "You may have ~ enter as a copy of any creature on the battlefield.")
def _clone(m: re.Match[str], text: str) -> list[Ability]:
    noun = m.group(1).lower()
    wanted = Filter(types=frozenset() if noun == "permanent" else frozenset({noun}), text=f"a {noun}")
    return [Ability("replacement", text, word="enters as copy", filter=wanted)]


@_keyword(r"(morph|megamorph) ((?:\{[^}]+\})+)", "Morph {2}{W}{W}. Megamorph {1}{G}.")
def _morph(m: re.Match[str], text: str) -> list[Ability]:
    """702.37: it may be turned face up for this cost any time its controller has priority (702.37e)."""
    return [Ability("morph", text, cost=Cost(mana=m.group(2).upper(), text=m.group(2)),
                    word=m.group(1).lower())]


@_sentence(r"copy target (instant or sorcery spell|instant spell|sorcery spell|spell)",
           "Copy target instant or sorcery spell. You may choose new targets for the copy.")
def _copy_spell(p: _Parser, m: re.Match[str], s: str) -> None:
    noun = m.group(1).lower()
    p.add("copy spell", p._target(TargetSpec(noun, text=f"target {noun}")), s)


@_sentence(r"you may choose new targets for the copy", "You may choose new targets for the copy.")
def _new_targets(p: _Parser, m: re.Match[str], s: str) -> None:
    last = p.instructions[-1] if p.instructions else None
    if last is None or last.verb != "copy spell":
        raise UnsupportedText(s, p.text)
    p.instructions[-1] = Instruction(**{**{f: getattr(last, f) for f in last.__slots__}, "name": "new targets",
                                        "text": f"{last.text}. {s}"})


@_sentence(rf"({_OBJ_RE}) becomes? an? (\d+)/(\d+) ((?:(?:white|blue|black|red|green)(?: and )?)*)\s*"
           r"((?:[A-Z][a-z]+ )*)(creature|artifact creature)(?: with ([a-z ,]+?))? that's still an? (land|artifact)"
           r"( until end of turn)?", "Until end of turn, target land becomes a 3/3 creature that's still a land.")
def _becomes_still(p: _Parser, m: re.Match[str], s: str) -> None:
    """613.1d, 613.4b: a type change in addition to its types ("that's still a land"), a P/T setting, colours and
    abilities, all with the same duration."""
    duration = "until end of turn" if m.group(9) else ""
    subject = p.ref(m.group(1))
    p.add("type", subject, s, types=frozenset(m.group(6).lower().split()), subtypes=tuple(m.group(5).split()),
          in_addition=True, duration=duration)
    colors = frozenset(re.findall("white|blue|black|red|green", m.group(4).lower()))
    if colors:
        p.add("color", subject, s, colors=colors, duration=duration)
    p.add("set pt", subject, s, power=int(m.group(2)), toughness=int(m.group(3)), duration=duration)
    if m.group(7):
        p.add("gain", subject, s, abilities=keyword_list(m.group(7), s), duration=duration)


# --- game results and control (104, 613.1b) ---------------------------------------------------------------------------

@_sentence(r"(you|target player|target opponent|each opponent|that player) (wins?|loses?) the game",
           "You win the game. Target player loses the game.")
def _game_result(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("win game" if m.group(2).lower().startswith("win") else "lose game", m.group(1), s)


@_front(r"you control enchanted (creature|permanent|land|artifact)\.?", "You control enchanted creature.")
def _control_magic(m: re.Match[str], text: str) -> list[Ability]:
    """613.1b: a control-changing effect of a static ability: the Aura's controller controls what it enchants."""
    return [Ability("static", text, affects="enchanted" if m.group(1).lower() == "creature" else "enchanted permanent",
                    changes=(Change("control"),))]
