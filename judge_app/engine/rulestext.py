"""Templates for the wordings of replacement, prevention and "can't" effects, death and return, layers, combat
requirements, copies, face-down cards and game results that the engine plays (issue 13).

TEMPORARY: these extend the template reader (`abilities.py`, `effecttext.py`) until the card-text grammar
(`judge_app.cardtext`) is interpreted into the same engine shapes (`EventEffect`, `Filter`, the ability kinds
below); each template says which shape it builds, so the interpretation can target it. They are tried before
the older templates, whose broad patterns ("[cost]: [effect]", "When …, …") would otherwise refuse them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from judge_app.engine.abilities import TEMPLATES, Template, UnsupportedText
from judge_app.engine.ability import Ability, EventEffect, Filter, Instruction
from judge_app.engine.effecttext import _OBJ_RE, SENTENCES, _Parser, _Template


def _front(pattern: str, example: str):
    """Register a whole-line ability template ahead of the older ones."""
    def decorator(build: Callable[[re.Match[str], str], list[Ability]]):
        TEMPLATES.insert(0, Template(build.__name__, re.compile(pattern, re.IGNORECASE), build, example, True))
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
