"""Part 2's ability templates: triggered (603), activated (602), mana (605) and loyalty (606) abilities,
replacement (614) and prevention (615) statics, characteristic-defining abilities (604.3), land types
(305.6–7), and the keywords hexproof, shroud, flash and ward. Registered with `abilities.template`.
"""

from __future__ import annotations

import re

from judge_app.engine.abilities import UnsupportedText, template
from judge_app.engine.ability import Ability, Change, Condition, Cost, Trigger
from judge_app.engine.effecttext import number, parse_effect

BASIC_TYPES = {"plains": "Plains", "islands": "Island", "island": "Island", "swamps": "Swamp", "swamp": "Swamp",
               "mountains": "Mountain", "mountain": "Mountain", "forests": "Forest", "forest": "Forest"}


# --- triggered abilities ------------------------------------------------------------------------------------

_TRIGGERS: list[tuple[str, Trigger]] = [
    (r"~ enters", Trigger("enters")),
    (r"another creature enters", Trigger("enters", "another creature")),
    (r"a creature enters", Trigger("enters", "a creature")),
    (r"~ dies", Trigger("dies")),
    (r"another creature dies", Trigger("dies", "another creature")),
    (r"a creature dies", Trigger("dies", "a creature")),
    (r"a creature you control dies", Trigger("dies", "a creature you control")),
    (r"another creature you control dies", Trigger("dies", "another creature you control")),
    (r"~ leaves the battlefield", Trigger("leaves")),
    (r"~ attacks", Trigger("attacks")),
    (r"~ blocks", Trigger("blocks")),
    (r"~ deals combat damage to a player", Trigger("combat damage to a player")),
    (r"the beginning of your upkeep", Trigger("step", step="upkeep", whose="your")),
    (r"the beginning of each upkeep", Trigger("step", step="upkeep", whose="each")),
    (r"the beginning of your draw step", Trigger("step", step="draw", whose="your")),
    (r"the beginning of your end step", Trigger("step", step="end", whose="your")),
    (r"the beginning of each end step", Trigger("step", step="end", whose="each")),
    (r"the beginning of combat on your turn", Trigger("step", step="beginning of combat", whose="your")),
]
_CONDITIONS = [
    (r"you have (\d+) or less life", "life at most"),
    (r"you have (\d+) or more life", "life at least"),
    (r"you control (\w+) or more creatures", "creatures at least"),
    (r"an opponent has (\d+) or less life", "opponent life at most"),
]


def _trigger(words: str) -> Trigger | None:
    for pattern, trigger in _TRIGGERS:
        if re.fullmatch(pattern, words, re.IGNORECASE):
            return trigger
    return None


def _condition(words: str) -> Condition | None:
    for pattern, what in _CONDITIONS:
        match = re.fullmatch(pattern, words, re.IGNORECASE)
        if match:
            return Condition(what, number(match.group(1)), f"if {words}")
    return None


@template("triggered ability", r"(when|whenever|at) (.+?), (?:if (.+?), )?(.+)",
          "When ~ enters, … / Whenever another creature dies, … / Whenever ~ attacks, … / At the beginning of your "
          "upkeep, if you have 5 or less life, … (then an effect, see below)", whole_line=True)
def _triggered(match: re.Match[str], text: str) -> list[Ability]:
    trigger = _trigger(match.group(2))
    if trigger is None:
        raise UnsupportedText(f"{match.group(1)} {match.group(2)}", text)
    if match.group(3):
        condition = _condition(match.group(3))
        if condition is None:
            raise UnsupportedText(f"if {match.group(3)}", text)
        trigger = Trigger(trigger.event, trigger.who, trigger.step, trigger.whose, condition)
    return [Ability("triggered", text, trigger=trigger, effect=parse_effect(match.group(4)))]


# --- activated abilities ------------------------------------------------------------------------------------------

def _cost(words: str) -> Cost | None:
    words = words.strip()
    loyalty = re.fullmatch(r"([+−-])?(\d+)", words)
    if loyalty:
        sign = -1 if loyalty.group(1) in ("−", "-") else 1
        return Cost(loyalty=sign * int(loyalty.group(2)), text=words)
    mana, tap, sacrifice, life = "", False, False, 0
    for part in (p.strip() for p in words.split(",")):
        if part.upper() == "{T}":
            tap = True
        elif re.fullmatch(r"(\{(\d+|[WUBRGC])\})+", part, re.IGNORECASE):
            mana += part.upper()
        elif part.lower() == "sacrifice ~":
            sacrifice = True
        elif re.fullmatch(r"pay (\d+) life", part, re.IGNORECASE):
            life = int(part.split()[1])
        else:
            return None
    return Cost(mana, tap, sacrifice, life, text=words)


@template("activated ability", r"([^:]+): (.+?)(?: (activate only as a sorcery)\.?)?",
          "{T}: Add {G}. / {2}, {T}: ~ deals 1 damage to any target. / Sacrifice ~: … / +1: … / −3: … (loyalty)",
          whole_line=True)
def _activated(match: re.Match[str], text: str) -> list[Ability]:
    cost = _cost(match.group(1))
    if cost is None:
        raise UnsupportedText(match.group(1), text)
    if match.group(3):
        cost = Cost(cost.mana, cost.tap, cost.sacrifice, cost.life, cost.loyalty, True, cost.text)
    effect = parse_effect(match.group(2))
    is_mana = (cost.loyalty is None and not effect.targets
               and any(i.verb == "add mana" for i in effect.instructions))  # 605.1a
    return [Ability("mana" if is_mana else "activated", text, cost=cost, effect=effect)]


# --- keywords with a value -----------------------------------------------------------------------------------------

@template("ward", r"ward \{(\d+)\}", "Ward {2}")
def _ward(match: re.Match[str], text: str) -> list[Ability]:
    return [Ability("ward", text, cost=Cost(mana=f"{{{match.group(1)}}}", text=f"{{{match.group(1)}}}"))]


# --- replacement and prevention effects of static abilities -------------------------------------------------------

_REPLACEMENTS = [
    (r"if a source would deal damage to a permanent or player, it deals double that damage to that permanent or "
     r"player instead\.?", "double damage", ""),
    (r"if a creature would die, exile it instead\.?", "die exile", "all"),
    (r"if ~ would die, exile it instead\.?", "die exile", "self"),
    (r"~ enters tapped\.?", "enters tapped", "self"),
    (r"skip your draw step\.?", "skip draw", "you"),
    (r"prevent all damage that would be dealt to ~\.?", "prevent all", "self"),
]


@template("replacement effect", "|".join(f"(?:{p})" for p, _, _ in _REPLACEMENTS),
          "If a source would deal damage to a permanent or player, it deals double that damage to that permanent or "
          "player instead. If a creature would die, exile it instead. ~ enters tapped. Skip your draw step. Prevent "
          "all damage that would be dealt to ~.", whole_line=True)
def _replacement(match: re.Match[str], text: str) -> list[Ability]:
    for pattern, word, affects in _REPLACEMENTS:
        if re.fullmatch(pattern, text, re.IGNORECASE):
            return [Ability("replacement", text, word=word, affects=affects)]
    raise AssertionError(text)


@template("enters with counters", r"~ enters with (a|an|one|two|three|four|five|\d+) \+1/\+1 counters? on it\.?",
          "~ enters with two +1/+1 counters on it.", whole_line=True)
def _enters_with(match: re.Match[str], text: str) -> list[Ability]:
    return [Ability("replacement", text, word="enters with counters", affects="self", value=number(match.group(1)))]


# --- characteristic-defining abilities and land types ---------------------------------------------------------------

@template("characteristic-defining P/T",
          r"~'s power and toughness are each equal to the number of (creatures you control|cards in your hand|"
          r"lands you control)\.?",
          "~'s power and toughness are each equal to the number of creatures you control.", whole_line=True)
def _cda(match: re.Match[str], text: str) -> list[Ability]:
    change = Change("characteristic-defining power/toughness", count=match.group(1).lower())
    return [Ability("cda", text, affects="self", changes=(change,))]


@template("land types", r"(nonbasic lands are|each land is an? )\s*(plains|islands?|swamps?|mountains?|forests?)"
          r"( in addition to its other land types)?\.?",
          "Nonbasic lands are Mountains. Each land is a Swamp in addition to its other land types.", whole_line=True)
def _land_types(match: re.Match[str], text: str) -> list[Ability]:
    subtype = BASIC_TYPES[match.group(2).lower()]
    if match.group(1).lower().startswith("nonbasic"):
        return [Ability("static", text, affects="nonbasic lands", changes=(Change("set land type",
                                                                                  subtypes=(subtype,)),))]
    return [Ability("static", text, affects="lands", changes=(Change("add land type", subtypes=(subtype,)),))]
