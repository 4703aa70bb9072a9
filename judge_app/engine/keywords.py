"""The evergreen keyword abilities of part 1: their names, their rules, and the checks they impose.

Each keyword here is a static ability (702.x); what it changes lives where that rule applies:
blocking restrictions below (509.1b), damage results in `damage.py` (120.3), lethal damage in
`combat.py` (702.2c) and `sba.py` (704.5g–h), attacking in `combat.py` (302.6, 702.3b, 702.20b).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from judge_app.engine import rules

if TYPE_CHECKING:
    from judge_app.engine.characteristics import Characteristics

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
    "hexproof": rules.HEXPROOF,
    "indestructible": rules.INDESTRUCTIBLE,
    "infect": rules.INFECT_CREATURE,
    "intimidate": rules.INTIMIDATE,
    "lifelink": rules.LIFELINK,
    "menace": rules.MENACE,
    "reach": rules.REACH,
    "shroud": rules.SHROUD,
    "trample": rules.TRAMPLE,
    "vigilance": rules.VIGILANCE,
    "wither": rules.WITHER,
}

# keyword counters that part 1 can put on a permanent (122.1b): the counter gives the keyword (layer 6)
KEYWORD_COUNTER_KINDS = frozenset(
    {"flying", "first strike", "double strike", "deathtouch", "haste", "indestructible", "lifelink",
     "menace", "reach", "trample", "vigilance"}
)


@dataclass(frozen=True, slots=True)
class Violation:
    """Why a declaration is illegal, in words, and the rule that forbids it."""

    reason: str
    rule: rules.Cite


def block_violations(attacker: Characteristics, blocker: Characteristics,
                     defender_lands: list[Characteristics]) -> list[Violation]:
    """Restrictions on one blocker blocking one attacker (509.1b): evasion abilities, protection, "can't block".

    Menace is a restriction on the whole declaration and is checked in `combat.py`.
    """
    found: list[Violation] = []
    if blocker.has("cant_block"):
        found.append(Violation(f"{blocker.name} can't block", rules.BLOCK_RESTRICTIONS))
    if attacker.has("unblockable"):
        found.append(Violation(f"{attacker.name} can't be blocked", rules.BLOCK_RESTRICTIONS))
    if attacker.has("flying") and not (blocker.has("flying") or blocker.has("reach")):
        found.append(Violation(
            f"{attacker.name} has flying and {blocker.name} has neither flying nor reach", rules.FLYING))
    if attacker.has("fear") and not ("artifact" in blocker.types or "black" in blocker.colors):
        found.append(Violation(
            f"{attacker.name} has fear and {blocker.name} is neither an artifact creature nor black", rules.FEAR))
    if attacker.has("intimidate") and not (
            "artifact" in blocker.types or attacker.colors & blocker.colors):
        found.append(Violation(
            f"{attacker.name} has intimidate and {blocker.name} is neither an artifact creature nor shares a "
            f"colour with it", rules.INTIMIDATE))
    for ability in attacker.abilities_of("protection"):
        if ability.quality is not None and ability.quality.matches(blocker):
            found.append(Violation(
                f"{attacker.name} has {ability.text.lower()} and {blocker.name} is {ability.quality.describe()}",
                rules.PROTECTION_BLOCK))
    for ability in attacker.abilities_of("landwalk"):
        if ability.quality is not None and any(ability.quality.matches(land) for land in defender_lands):
            found.append(Violation(
                f"{attacker.name} has {ability.text.lower()} and the defending player controls "
                f"{ability.quality.describe()}", rules.LANDWALK))
    return found


def protection_from(protected: Characteristics, source: Characteristics) -> str | None:
    """The protection ability text of `protected` that covers `source` (702.16a), or None."""
    for ability in protected.abilities_of("protection"):
        if ability.quality is not None and ability.quality.matches(source):
            return ability.text
    return None


def has_first_or_double_strike(chars: Characteristics) -> bool:
    return chars.has("first strike") or chars.has("double strike")
