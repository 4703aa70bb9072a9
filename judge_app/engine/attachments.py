"""Whether an Aura or Equipment can be attached to an object (303.4, 301.5): enchant restrictions, what
Equipment can equip, and protection (702.16c–d). Asked by state-based actions (704.5m–n) and by attaching."""

from __future__ import annotations

from judge_app.engine import matching, rules
from judge_app.engine.ability import Ability
from judge_app.engine.matching import Anchor
from judge_app.engine.protection import protection_from
from judge_app.engine.view import View


def can_enchant(game: View, aura: str, enchant: Ability, target: str, controller: str) -> bool:
    """702.5a, 303.4a: whether the Aura's enchant ability allows the permanent — a card type ("Enchant creature"),
    or a description seen from the Aura's controller ("Enchant creature you control")."""
    if enchant.quality is not None:
        return enchant.quality.matches(game.chars(target))
    if enchant.described is not None:
        return matching.object_matches(game.state, game.chars, enchant.described, target, Anchor(controller, aura),
                                       zone="battlefield")
    return True


def attach_problem(game: View, oid: str, target: str | None) -> tuple[str, rules.Cite] | None:
    """Why `oid` (an Aura or Equipment) can't be attached to `target`, with the rule; None if it can."""
    chars = game.chars(oid)
    aura = "Aura" in chars.subtypes
    if target is None:
        return ("is attached to nothing", rules.AURA_ILLEGAL) if aura else None
    if not game.state.on_battlefield(target):
        return "is attached to an object no longer on the battlefield", (
            rules.AURA_ILLEGAL if aura else rules.EQUIPMENT_ILLEGAL)
    target_chars = game.chars(target)
    if aura:
        for enchant in chars.abilities_of("enchant"):
            if not can_enchant(game, oid, enchant, target, game.controller(oid)):
                return f"can't enchant {target_chars.name} ({enchant.text})", rules.ENCHANT
    elif not target_chars.is_creature:
        return f"can't equip {target_chars.name}, which isn't a creature", rules.EQUIPMENT_ILLEGAL
    protection = protection_from(target_chars, chars)
    if protection:
        return (f"is attached to {target_chars.name}, which has {protection.lower()}",
                rules.PROTECTION_ENCHANT if aura else rules.PROTECTION_EQUIP)
    return None
