"""The 2026 Comprehensive Rules that govern each kind of node: what `judge card read` prints beside an
ability and what the engine cites. Every number here exists in en-2026 (tests check it)."""

from __future__ import annotations

from functools import cache

from judge_app.cardtext.terms import terms

# abilities (113, 602–606, 614–615)
SPELL_ABILITY = "113.3a"
ACTIVATED = "602.1"
TRIGGERED = "603.1"
INTERVENING_IF = "603.4"
DELAYED_TRIGGER = "603.7"
STATE_TRIGGER = "603.8"
REFLEXIVE_TRIGGER = "603.12"
LEAVES_TRIGGER = "603.6c"
ENTERS_TRIGGER = "603.6a"
BECOMES_TRIGGER = "603.2e"
OPTIONAL_TRIGGER = "603.5"
STATIC = "604.1"
CDA = "604.3"
MANA_ABILITY = "605.1a"
LOYALTY = "606.4"
CHAPTER = "714.2"
LEVEL_SYMBOL = "711.2"
CLASS_LEVEL = "716.2a"
REPLACEMENT = "614.1"
INSTEAD = "614.1a"
SKIP = "614.1b"
ENTERS_WITH = "614.1c"
ENTERS = "614.1d"
AS_ENTERS = "614.12"
SELF_REPLACEMENT = "614.15"
PREVENTION = "615.1"
MODAL = "700.2"
MODE_CHOICE = "700.2a"
STATIC_EFFECT = "611.3a"
RESOLVED_EFFECT_DURATION = "611.2a"
AS_LONG_AS = "611.2b"
UNTIL_END_OF_TURN = "514.2"
ADDITIONAL_COST = "118.8"
ALTERNATIVE_COST = "118.9"
UNLESS = "118.12"
COST = "118.1"
TOTAL_COST = "601.2f"
ACTIVATION_INSTRUCTIONS = "602.5"
CASTING = "601.3"
ORDER_OF_INSTRUCTIONS = "608.2c"
CHOICES_ON_RESOLUTION = "608.2d"

# symbols (107)
VARIABLE_X = "107.3"
MANA_SYMBOLS = "107.4"
HYBRID = "107.4e"
PHYREXIAN = "107.4f"
SNOW_SYMBOL = "107.4h"
TAP_SYMBOL = "107.5"
UNTAP_SYMBOL = "107.6"
ENERGY_SYMBOL = "107.14"

# targets and objects
TARGETS = "115.1"
ANY_TARGET = "115.4"
TOKENS = "111.1"
EMBLEMS = "114.1"
COPY = "707.2"
COPY_EXCEPTIONS = "707.9"
COUNTERS = "122.1"
DIES = "700.4"
LANDWALK = "702.14a"

# what instructions do
_VERB_RULES: dict[str, tuple[str, ...]] = {
    "deal damage": ("120.1", "120.3"),
    "be dealt damage": ("120.1",),
    "draw": ("121.1",),
    "gain life": ("119.3",),
    "lose life": ("119.3",),
    "pay life": ("119.4",),
    "put counters": (COUNTERS,),
    "remove counters": (COUNTERS,),
    "enter with counters": (ENTERS_WITH, COUNTERS),
    "enter as copy": (ENTERS_WITH, COPY_EXCEPTIONS),
    "get": ("613.4c",),
    "gain": ("613.1f", "113.10"),
    "have": ("613.1f",),
    "lose": ("613.1f", "113.10"),
    "become": ("613.1d",),
    "set base pt": ("613.4b",),
    "switch pt": ("613.4d",),
    "gain control": ("613.1b",),
    "add mana": ("106.4",),
    "prevent": (PREVENTION,),
    "die": (DIES,),
    "lose the game": ("104.3a",),
    "win the game": ("104.2a",),
    "skip": (SKIP,),
    "attack": ("508.1",),
    "block": ("509.1",),
    "cost": (TOTAL_COST,),
    "phase out": ("702.26a",),
    "take an extra turn": ("500.7",),
    "copy": ("707.10",),
    "get an emblem": (EMBLEMS,),
    "enter": ("403.1",),
    "return": ("400.1",),
    "put": ("400.1",),
    "look at": ("401.1",),
}


@cache
def _action_rules() -> dict[str, str]:
    """701's keyword actions by their name, lower case: "destroy" → "701.8", "tap" → "701.26"."""
    out: dict[str, str] = {}
    for entry in terms()["keyword_actions"]:
        for name in entry["name"].lower().split(" and "):
            out[name] = entry["rule"]
    return out


def verb_rules(verb: str) -> tuple[str, ...]:
    """The rules that say what an instruction's verb does."""
    if verb in _VERB_RULES:
        return _VERB_RULES[verb]
    action = _action_rules().get(verb)
    return (action,) if action else ()


@cache
def keyword_rules() -> dict[str, str]:
    """702's keyword abilities by name, lower case: "trample" → "702.19"."""
    return {entry["name"].lower(): entry["rule"] for entry in terms()["keyword_abilities"]}


def all_constants() -> list[str]:
    """Every rule number this module names (for the test that they all exist)."""
    numbers = [v for k, v in globals().items() if k.isupper() and isinstance(v, str)]
    for rules in _VERB_RULES.values():
        numbers.extend(rules)
    return numbers
