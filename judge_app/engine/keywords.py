"""The keyword abilities the engine plays and the rule that defines each (702.x), and the keyword counters.

Each keyword here is a static ability; what it changes lives where that rule applies: blocking
restrictions in `combatchecks.py` (509.1b), damage results in `damage.py` (120.3), lethal damage in
`combat.py` (702.2c) and `sba.py` (704.5g–h), attacking in `combatchecks.py` (302.6, 702.3b), targeting in
`targets.py` (702.11b, 702.18a), protection in `protection.py` (702.16), split second in `casting.py` (702.61a).
"""

from __future__ import annotations

from judge_app.engine import rules

# keyword (as written in Oracle text, lower case) → the rule that defines what it does
SIMPLE_KEYWORDS: dict[str, rules.Cite] = {
    "deathtouch": rules.DEATHTOUCH,
    "defender": rules.DEFENDER,
    "double strike": rules.DOUBLE_STRIKE,
    "fear": rules.FEAR,
    "first strike": rules.FIRST_STRIKE,
    "flash": rules.FLASH,
    "flying": rules.FLYING,
    "haste": rules.HASTE,
    "horsemanship": rules.HORSEMANSHIP,
    "hexproof": rules.HEXPROOF,
    "indestructible": rules.INDESTRUCTIBLE,
    "infect": rules.INFECT_CREATURE,
    "intimidate": rules.INTIMIDATE,
    "lifelink": rules.LIFELINK,
    "menace": rules.MENACE,
    "reach": rules.REACH,
    "shadow": rules.SHADOW,
    "shroud": rules.SHROUD,
    "split second": rules.SPLIT_SECOND,
    "trample": rules.TRAMPLE,
    "vigilance": rules.VIGILANCE,
    "wither": rules.WITHER,
}

# keyword counters that can be put on a permanent (122.1b): the counter gives the keyword (layer 6)
KEYWORD_COUNTER_KINDS = frozenset(
    {"flying", "first strike", "double strike", "deathtouch", "haste", "indestructible", "lifelink",
     "menace", "reach", "trample", "vigilance"}
)
