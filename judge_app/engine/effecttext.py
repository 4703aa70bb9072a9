"""Oracle-like effect text → targets and instructions: what a spell or an activated or triggered ability does.

"~ deals 3 damage to any target." → one target (`any`), one instruction (`damage`, 3, to target 0).
A sentence is matched whole against the templates below (case-insensitive, `~` is the object's own name),
after "Until end of turn, " is moved to the end and predicates joined by "and" are split. Text no
template matches raises `UnsupportedText`, as for abilities: nothing is silently ignored.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from judge_app.engine.abilities import UnsupportedText, keyword_list
from judge_app.engine.ability import COLORS, EOT, Effect, Instruction, Ref, TargetSpec

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_NUM = r"(a|an|one|two|three|four|five|six|seven|\d+)"


_TARGET_NOUNS = ("creature or planeswalker", "nonland permanent", "noncreature spell", "creature spell",
                 "activated or triggered ability", "creature", "permanent", "artifact", "enchantment", "land",
                 "planeswalker", "player", "opponent", "spell")
_TARGET_RE = (r"(?:another )?target (?:(attacking or blocking|attacking|tapped) )?(" + "|".join(_TARGET_NOUNS)
              + r")(?: (you control|an opponent controls|you don't control))?|any target")
_GROUPS = {
    "each creature": "creatures", "all creatures": "creatures", "each other creature": "other creatures",
    "all other creatures": "other creatures", "creatures you control": "creatures you control",
    "each creature you control": "creatures you control", "other creatures you control": "other creatures you control",
    "creatures your opponents control": "creatures your opponents control",
    "each creature your opponents control": "creatures your opponents control",
}
_GROUP_RE = "|".join(sorted(_GROUPS, key=len, reverse=True))
_OBJ_RE = re.sub(r"\((?!\?)", "(?:", _TARGET_RE) + rf"|~|it|that creature|that permanent|{_GROUP_RE}"
_PLAYER_RE = r"you|target player|target opponent|each opponent|each player|that player|its controller"


class _Parser:
    """One effect text being read: the targets met so far, in order, and the instructions."""

    def __init__(self, text: str):
        self.text = text
        self.targets: list[TargetSpec] = []
        self.instructions: list[Instruction] = []

    def ref(self, words: str) -> Ref:
        words = words.strip().lower()
        if words == "~":
            return Ref("self")
        if words in ("it", "that creature", "that permanent", "that card"):
            return Ref("it")
        if words in _GROUPS:
            return Ref("group", group=_GROUPS[words])
        if words in ("you", "each opponent", "each player", "that player"):
            return Ref(words)
        if words == "its controller":
            return Ref("controller")
        if words == "any target":
            return self._target(TargetSpec("any", text="any target"))
        match = re.fullmatch(_TARGET_RE, words)
        if match:
            control = {"you control": "you", "an opponent controls": "opponent", "you don't control": "not you"}
            return self._target(TargetSpec(match.group(2), control.get(match.group(3) or "", ""), match.group(1) or "",
                                           words))
        raise UnsupportedText(words, self.text)

    def _target(self, spec: TargetSpec) -> Ref:
        self.targets.append(spec)
        return Ref("target", len(self.targets) - 1)

    def add(self, verb: str, subject: str | Ref | None, sentence: str, **values: Any) -> None:
        ref = self.ref(subject) if isinstance(subject, str) else subject
        self.instructions.append(Instruction(verb, ref, text=sentence, **values))


@dataclass(frozen=True, slots=True)
class _Template:
    pattern: re.Pattern[str]
    build: Callable[[_Parser, re.Match[str], str], None]
    example: str


SENTENCES: list[_Template] = []


def sentence(pattern: str, example: str):
    def decorator(build: Callable[[_Parser, re.Match[str], str], None]):
        SENTENCES.append(_Template(re.compile(pattern, re.IGNORECASE), build, example))
        return build
    return decorator


def number(word: str) -> int:
    word = word.lower()
    return NUMBERS[word] if word in NUMBERS else int(word)


def parse_effect(text: str) -> Effect:
    """Every sentence of `text` as instructions, with the targets they name. Raises `UnsupportedText`."""
    parser = _Parser(text)
    for raw in _sentences(text):
        duration = ""
        body = raw
        if body.lower().startswith("until end of turn, "):
            body, duration = body[len("until end of turn, "):], EOT
        for clause in _clauses(body, duration):
            for tpl in SENTENCES:
                match = tpl.pattern.fullmatch(clause)
                if match:
                    tpl.build(parser, match, clause)
                    break
            else:
                raise UnsupportedText(raw, text)
    return Effect(tuple(parser.targets), tuple(parser.instructions), text)


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.])\s+(?=[A-Z~])", text.strip())
    return [p.strip().rstrip(".").strip() for p in parts if p.strip().rstrip(".")]


def _clauses(body: str, duration: str) -> list[str]:
    """"Target creature loses all abilities and has base power and toughness 0/1" → one clause per predicate,
    each with the subject; a leading "Until end of turn" applies to all of them."""
    verbs = r"(?:gets?|gains?|loses?|has|have|becomes?|is|are)\b"
    pieces = re.split(rf"\s+and\s+(?={verbs})", body)
    if len(pieces) == 1:
        return [body + (f" {duration}" if duration else "")]
    head = re.match(rf"(.+?)\s+{verbs}", pieces[0])
    subject = head.group(1) if head else ""
    out = [pieces[0]] + [f"{subject} {p}" for p in pieces[1:]]
    return [c + (f" {duration}" if duration and not c.endswith(EOT) else "") for c in out]


def _duration(match: re.Match[str], group: int) -> str:
    return EOT if match.group(group) else ""


def _same_target(parser: _Parser, words: str) -> Ref:
    """A subject repeated by a split clause ("target creature loses … and has …") is the same target."""
    if words.lower().startswith(("target", "another target", "any target")) and parser.instructions:
        last = parser.instructions[-1].subject
        if last is not None and last.kind == "target" and parser.targets[last.index].text == words.lower():
            return last
    return parser.ref(words)


# --- damage, destruction, zones ---------------------------------------------------------------------------

@sentence(rf"~ deals (\d+) damage to ({_OBJ_RE}|{_PLAYER_RE})", "~ deals 3 damage to any target.")
def _damage(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("damage", m.group(2), s, amount=int(m.group(1)))


@sentence(r"if you control an? (plains|island|swamp|mountain|forest), ~ deals (\d+) damage instead",
          "If you control a Mountain, ~ deals 5 damage instead. (a self-replacement effect)")
def _damage_instead(p: _Parser, m: re.Match[str], s: str) -> None:
    if not p.instructions or p.instructions[-1].verb != "damage":
        raise UnsupportedText(s, p.text)
    last = p.instructions.pop()
    p.instructions.append(Instruction(**{**{f: getattr(last, f) for f in last.__slots__},
                                         "alternative": (m.group(1).capitalize(), int(m.group(2))),
                                         "text": f"{last.text}. {s}"}))


@sentence(rf"(destroy|exile) ({_OBJ_RE})", "Destroy target creature. Exile target creature.")
def _destroy_exile(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add(m.group(1).lower(), m.group(2), s)


@sentence(rf"return ({_OBJ_RE}) to its owner's hand", "Return target creature to its owner's hand.")
def _bounce(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("bounce", m.group(1), s)


@sentence(r"return (it|that card) to the battlefield under its owner's control at the beginning of the next end step",
          "Exile target creature. Return it to the battlefield under its owner's control at the beginning of the next "
          "end step. (a delayed triggered ability)")
def _return_later(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("delayed", None, s, name="end", then=(Instruction("return to battlefield", p.ref("it"), text=s),))


@sentence(r"sacrifice ~", "Sacrifice ~.")
def _sacrifice_self(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("sacrifice", "~", s)


@sentence(rf"({_PLAYER_RE}) sacrifices? an? (creature|permanent)", "Target player sacrifices a creature.")
def _sacrifice_choice(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("sacrifice a", m.group(1), s, name=m.group(2).lower())


@sentence(r"counter (target (?:spell|creature spell|noncreature spell|activated or triggered ability))"
          r"(?: unless its controller pays ((?:\{[^}]+\})+))?",
          "Counter target spell [unless its controller pays {3}]. Counter target activated or triggered ability.")
def _counter(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("counter", m.group(1), s, mana=(m.group(2) or "").upper())


# --- characteristics (continuous effects from a resolving spell or ability) ----------------------------------

@sentence(rf"({_OBJ_RE}) gets? ([+-]\d+)/([+-]\d+)( until end of turn)?",
          "Target creature gets +3/+3 until end of turn.")
def _pump(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("pump", _same_target(p, m.group(1)), s, power=int(m.group(2)), toughness=int(m.group(3)),
          duration=_duration(m, 4))


@sentence(rf"({_OBJ_RE}) (?:has|have) base power and toughness (\d+)/(\d+)( until end of turn)?",
          "Target creature has base power and toughness 0/1 until end of turn.")
def _set_pt(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("set pt", _same_target(p, m.group(1)), s, power=int(m.group(2)), toughness=int(m.group(3)),
          duration=_duration(m, 4))


@sentence(rf"switch ({_OBJ_RE})'s power and toughness( until end of turn)?",
          "Switch target creature's power and toughness until end of turn.")
def _switch(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("switch pt", m.group(1), s, duration=_duration(m, 2))


@sentence(rf"({_OBJ_RE}) gains? (.+?)( until end of turn)?", "Target creature gains flying until end of turn.")
def _gain(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("gain", _same_target(p, m.group(1)), s, abilities=keyword_list(m.group(2), s), duration=_duration(m, 3))


@sentence(rf"({_OBJ_RE}) loses? all abilities( until end of turn)?", "Target creature loses all abilities.")
def _lose_all(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("lose all", _same_target(p, m.group(1)), s, duration=_duration(m, 2))


@sentence(rf"({_OBJ_RE}) loses? (?!all abilities)(.+?)( until end of turn)?", "Target creature loses flying.")
def _lose(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("lose", _same_target(p, m.group(1)), s, abilities=keyword_list(m.group(2), s), duration=_duration(m, 3))


_COLOR_RE = "|".join(COLORS)


@sentence(rf"({_OBJ_RE}) becomes? ((?:(?:{_COLOR_RE})(?: and )?)+)( until end of turn)?",
          "Target creature becomes blue until end of turn.")
def _become_color(p: _Parser, m: re.Match[str], s: str) -> None:
    colors = frozenset(re.findall(_COLOR_RE, m.group(2).lower()))
    p.add("color", _same_target(p, m.group(1)), s, colors=colors, duration=_duration(m, 3))


@sentence(rf"({_OBJ_RE}) becomes? an? (?:(\d+)/(\d+) )?((?:(?:{_COLOR_RE}) )*)((?:[A-Z][a-z]+ )*?)"
          r"((?:artifact|creature|enchantment|land)(?: (?:artifact|creature|enchantment|land))*)"
          r"(?: with base power and toughness (\d+)/(\d+))?( in addition to its other types)?( until end of turn)?",
          "Target land becomes a 3/3 Elemental creature until end of turn. Target creature becomes an artifact in "
          "addition to its other types.")
def _become_type(p: _Parser, m: re.Match[str], s: str) -> None:
    subject = _same_target(p, m.group(1))
    duration = _duration(m, 10)
    types = frozenset(m.group(6).lower().split())
    subtypes = tuple(m.group(5).split())
    p.add("type", subject, s, types=types, subtypes=subtypes, in_addition=bool(m.group(9)), duration=duration)
    if m.group(4).strip():
        p.add("color", subject, s, colors=frozenset(m.group(4).split()), duration=duration)
    power, toughness = (m.group(2), m.group(3)) if m.group(2) else (m.group(7), m.group(8))
    if power is not None:
        p.add("set pt", subject, s, power=int(power), toughness=int(toughness), duration=duration)


@sentence(r"it's still an? (land|artifact|enchantment|creature)", "It's still a land.")
def _still(p: _Parser, m: re.Match[str], s: str) -> None:
    last = next((i for i in reversed(p.instructions) if i.verb == "type"), None)
    if last is None:
        raise UnsupportedText(s, p.text)
    index = p.instructions.index(last)
    p.instructions[index] = Instruction(**{**{f: getattr(last, f) for f in last.__slots__}, "in_addition": True})


@sentence(rf"gain control of ({_OBJ_RE})( until end of turn)?", "Gain control of target creature until end of turn.")
def _control(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("control", m.group(1), s, duration=_duration(m, 2))


@sentence(rf"change the text of ({_OBJ_RE}) by replacing all instances of one color word with another",
          "Change the text of target permanent by replacing all instances of one color word with another.")
def _text_change(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("text", m.group(1), s)


# --- counters, status, players ----------------------------------------------------------------------------------

@sentence(rf"put {_NUM} ([+-]1/[+-]1|[a-z ]+?) counters? on ({_OBJ_RE})", "Put two +1/+1 counters on target creature.")
def _put_counters(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("counters", m.group(3), s, amount=number(m.group(1)), counter=m.group(2).lower())


@sentence(rf"(tap|untap) ({_OBJ_RE})", "Tap target creature. Untap it.")
def _tap(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add(m.group(1).lower(), m.group(2), s)


@sentence(rf"(?:({_PLAYER_RE}) )?draws? {_NUM} cards?", "Draw two cards. Target player draws a card.")
def _draw(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("draw", m.group(1) or "you", s, amount=number(m.group(2)))


@sentence(rf"(?:({_PLAYER_RE}) )?discards? {_NUM} cards?", "Target player discards a card.")
def _discard(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("discard", m.group(1) or "you", s, amount=number(m.group(2)))


@sentence(rf"(?:({_PLAYER_RE}) )?(gains?|loses?) (\d+) life", "You gain 3 life. Each opponent loses 1 life.")
def _life(p: _Parser, m: re.Match[str], s: str) -> None:
    sign = 1 if m.group(2).lower().startswith("gain") else -1
    p.add("life", m.group(1) or "you", s, amount=sign * int(m.group(3)))


@sentence(r"add ((?:\{[WUBRGC]\})+)", "Add {G}. Add {R}{R}.")
def _add_mana(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("add mana", Ref("you"), s, mana=m.group(1).upper())


# --- tokens and copies --------------------------------------------------------------------------------------------

@sentence(rf"create {_NUM} (\d+)/(\d+) ((?:(?:{_COLOR_RE}|colorless)(?: and )?)+) ((?:[A-Z][a-z]+ )+)"
          r"((?:artifact )?creature) tokens?(?: with (.+))?",
          "Create two 1/1 white Soldier creature tokens [with flying].")
def _token(p: _Parser, m: re.Match[str], s: str) -> None:
    colors = frozenset(re.findall(_COLOR_RE, m.group(4).lower()))
    p.add("token", Ref("you"), s, amount=number(m.group(1)), power=int(m.group(2)), toughness=int(m.group(3)),
          colors=colors, subtypes=tuple(m.group(5).split()), types=frozenset(m.group(6).lower().split()),
          abilities=keyword_list(m.group(7), s) if m.group(7) else ())


@sentence(rf"create a token that's a copy of ({_OBJ_RE})", "Create a token that's a copy of target creature.")
def _copy_token(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("copy token", m.group(1), s)


# --- prevention -----------------------------------------------------------------------------------------------------

@sentence(rf"prevent the next (\d+) damage that would be dealt to ({_OBJ_RE}|{_PLAYER_RE}) this turn",
          "Prevent the next 3 damage that would be dealt to any target this turn.")
def _prevent_next(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("prevent", m.group(2), s, amount=int(m.group(1)), duration=EOT)


@sentence(r"prevent all combat damage that would be dealt this turn", "Prevent all combat damage that would be dealt "
          "this turn.")
def _fog(p: _Parser, m: re.Match[str], s: str) -> None:
    p.add("prevent combat", None, s, duration=EOT)


def supported_effects() -> str:
    return " ".join(t.example for t in SENTENCES)


