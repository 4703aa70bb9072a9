"""Every Comprehensive Rules number the engine cites, as named constants (2026 numbering, `en-2026`).

The engine never writes a rule number anywhere else: a test scans this module and checks that each
number exists in `en-2026` and that the nearest titled rule above it (the keyword, the section) has
the title given here as `topic`, so a renumbering in a future CR is caught rather than cited wrongly.

A `Cite` is a `str` (the number), so traces hold plain strings; `topic` rides along for the test.
"""

from __future__ import annotations


class Cite(str):
    """A rule number, with the title of the rule or section it belongs to (checked by the tests)."""

    topic: str

    def __new__(cls, number: str, topic: str) -> Cite:
        obj = super().__new__(cls, number)
        obj.topic = topic
        return obj


# --- 1. Game concepts ------------------------------------------------------------------------------
APNAP_ORDER = Cite("101.4", "The Magic Golden Rules")
GAME_ENDS = Cite("104.1", "Ending the Game")
WIN_OPPONENTS_LEFT = Cite("104.2a", "Ending the Game")
LOSE_CONCEDE = Cite("104.3a", "Ending the Game")
LOSE_ZERO_LIFE = Cite("104.3b", "Ending the Game")
LOSE_EMPTY_LIBRARY = Cite("104.3c", "Ending the Game")
LOSE_POISON = Cite("104.3d", "Ending the Game")
LOSE_AND_WIN = Cite("104.3f", "Ending the Game")
DRAW_ALL_LOSE = Cite("104.4a", "Ending the Game")
COLOR_FROM_MANA_COST = Cite("202.2", "Mana Cost and Color")
CHARACTERISTICS = Cite("109.3", "Objects")
PERMANENT_STATUS = Cite("110.5", "Permanents")
TOKEN_CEASES_TO_EXIST = Cite("111.7", "Tokens")
PRIORITY_AT_STEP_START = Cite("117.3a", "Timing and Priority")
PRIORITY_AFTER_ACTION = Cite("117.3c", "Timing and Priority")
PRIORITY_PASS = Cite("117.3d", "Timing and Priority")
ALL_PASS = Cite("117.4", "Timing and Priority")
SBA_BEFORE_PRIORITY = Cite("117.5", "Timing and Priority")
LIFE_GAIN_LOSS = Cite("119.3", "Life")
DAMAGE_SOURCE = Cite("120.1", "Damage")
COMBAT_DAMAGE = Cite("120.2a", "Damage")
NONCOMBAT_DAMAGE = Cite("120.2b", "Damage")
DAMAGE_TO_PLAYER = Cite("120.3a", "Damage")
INFECT_TO_PLAYER = Cite("120.3b", "Damage")
DAMAGE_TO_PLANESWALKER = Cite("120.3c", "Damage")
WITHER_INFECT_TO_CREATURE = Cite("120.3d", "Damage")
DAMAGE_MARKED = Cite("120.3e", "Damage")
LIFELINK_RESULT = Cite("120.3f", "Damage")
DAMAGE_PROCESS = Cite("120.4", "Damage")
DAMAGE_PREVENTED_STEP = Cite("120.4b", "Damage")
DAMAGE_RESULTS_STEP = Cite("120.4c", "Damage")
LETHAL_DAMAGE = Cite("120.6", "Damage")
ZERO_DAMAGE = Cite("120.8", "Damage")
DRAW_CARD = Cite("121.1", "Drawing a Card")
DRAW_FROM_EMPTY = Cite("121.4", "Drawing a Card")
PT_COUNTERS = Cite("122.1a", "Counters")
KEYWORD_COUNTERS = Cite("122.1b", "Counters")
LOYALTY_COUNTERS = Cite("122.1e", "Counters")
POISON_COUNTERS = Cite("122.1f", "Counters")
COUNTERS_NOT_RETAINED = Cite("122.2", "Counters")

# --- 2–4. Parts of a card, card types, zones ---------------------------------------------------------
LEGENDARY = Cite("205.4d", "Supertypes")
EQUIPMENT_ILLEGAL = Cite("301.5c", "Artifacts")
PT_FROM_EFFECTS = Cite("302.4c", "Creatures")
SUMMONING_SICKNESS = Cite("302.6", "Creatures")
AURA_ILLEGAL = Cite("303.4c", "Enchantments")
PLANESWALKER_ENTERS_WITH_LOYALTY = Cite("306.5b", "Planeswalkers")
PLANESWALKER_LOYALTY = Cite("306.5c", "Planeswalkers")
NEW_OBJECT = Cite("400.7", "General")
GRAVEYARD = Cite("404.1", "Graveyard")
EXILE = Cite("406.2", "Exile")

# --- 5. Turn structure -------------------------------------------------------------------------------
STEP_ENDS_ALL_PASS = Cite("500.2", "General")
STEP_WITHOUT_PRIORITY_ENDS = Cite("500.3", "General")
MANA_EMPTIES = Cite("500.5", "General")
UNTAP = Cite("502.3", "Untap Step")
NO_PRIORITY_IN_UNTAP = Cite("502.4", "Untap Step")
UPKEEP = Cite("503.1", "Upkeep Step")
DRAW_STEP = Cite("504.1", "Draw Step")
MAIN_PHASE_PRIORITY = Cite("505.6", "Main Phase")
COMBAT_STEPS = Cite("506.1", "Combat Phase")
ATTACKING_AND_DEFENDING_PLAYER = Cite("506.2", "Combat Phase")
ONLY_CREATURES_IN_COMBAT = Cite("506.3", "Combat Phase")
REMOVED_FROM_COMBAT = Cite("506.4", "Combat Phase")
BEGINNING_OF_COMBAT_PRIORITY = Cite("507.2", "Beginning of Combat Step")
DECLARE_ATTACKERS = Cite("508.1", "Declare Attackers Step")
ATTACKERS_CHOSEN = Cite("508.1a", "Declare Attackers Step")
ATTACK_TARGET = Cite("508.1b", "Declare Attackers Step")
ATTACK_RESTRICTIONS = Cite("508.1c", "Declare Attackers Step")
ATTACKERS_TAP = Cite("508.1f", "Declare Attackers Step")
BECOMES_ATTACKING = Cite("508.1k", "Declare Attackers Step")
NO_ATTACKERS_SKIP = Cite("508.8", "Declare Attackers Step")
DECLARE_BLOCKERS = Cite("509.1", "Declare Blockers Step")
BLOCKERS_CHOSEN = Cite("509.1a", "Declare Blockers Step")
BLOCK_RESTRICTIONS = Cite("509.1b", "Declare Blockers Step")
BECOMES_BLOCKING = Cite("509.1g", "Declare Blockers Step")
BLOCKED_OR_UNBLOCKED = Cite("509.1h", "Declare Blockers Step")
ASSIGN_COMBAT_DAMAGE = Cite("510.1", "Combat Damage Step")
ASSIGN_EQUAL_TO_POWER = Cite("510.1a", "Combat Damage Step")
UNBLOCKED_ASSIGNS_TO_DEFENDER = Cite("510.1b", "Combat Damage Step")
BLOCKED_ASSIGNS_TO_BLOCKERS = Cite("510.1c", "Combat Damage Step")
BLOCKER_ASSIGNS = Cite("510.1d", "Combat Damage Step")
ASSIGNMENT_CHECKED = Cite("510.1e", "Combat Damage Step")
COMBAT_DAMAGE_SIMULTANEOUS = Cite("510.2", "Combat Damage Step")
COMBAT_DAMAGE_PRIORITY = Cite("510.3", "Combat Damage Step")
FIRST_STRIKE_DAMAGE_STEP = Cite("510.4", "Combat Damage Step")
END_OF_COMBAT = Cite("511.1", "End of Combat Step")
COMBAT_ENDS = Cite("511.3", "End of Combat Step")
END_STEP = Cite("513.1", "End Step")
CLEANUP_DISCARD = Cite("514.1", "Cleanup Step")
CLEANUP_DAMAGE_AND_EFFECTS = Cite("514.2", "Cleanup Step")
CLEANUP_NO_PRIORITY = Cite("514.3", "Cleanup Step")
CLEANUP_SBA = Cite("514.3a", "Cleanup Step")

# --- 6. Spells, abilities and effects ---------------------------------------------------------------
EFFECT_DURATION = Cite("611.2a", "Continuous Effects")
EFFECT_SET_LOCKED = Cite("611.2c", "Continuous Effects")
STATIC_EFFECT = Cite("611.3a", "Continuous Effects")
LAYERS = Cite("613.1", "Interaction of Continuous Effects")
LAYER_6 = Cite("613.1f", "Interaction of Continuous Effects")
LAYER_7B = Cite("613.4b", "Interaction of Continuous Effects")
LAYER_7C = Cite("613.4c", "Interaction of Continuous Effects")
LAYER_7D = Cite("613.4d", "Interaction of Continuous Effects")
TIMESTAMPS = Cite("613.7", "Interaction of Continuous Effects")
OBJECT_TIMESTAMP = Cite("613.7d", "Interaction of Continuous Effects")
PREVENTION = Cite("615.1", "Prevention Effects")

# --- 7. Additional rules: keyword actions -----------------------------------------------------------
ATTACH = Cite("701.3a", "Attach")
ATTACH_ILLEGAL = Cite("701.3b", "Attach")
DESTROY = Cite("701.8a", "Destroy")
DISCARD = Cite("701.9a", "Discard")
SACRIFICE = Cite("701.21a", "Sacrifice")
TAP = Cite("701.26a", "Tap and Untap")
UNTAP_PERMANENT = Cite("701.26b", "Tap and Untap")

# --- 702. Keyword abilities --------------------------------------------------------------------------
DEATHTOUCH = Cite("702.2b", "Deathtouch")
DEATHTOUCH_LETHAL = Cite("702.2c", "Deathtouch")
DEFENDER = Cite("702.3b", "Defender")
DOUBLE_STRIKE = Cite("702.4b", "Double Strike")
ENCHANT = Cite("702.5a", "Enchant")
EQUIP = Cite("702.6a", "Equip")
FIRST_STRIKE = Cite("702.7b", "First Strike")
FLYING = Cite("702.9b", "Flying")
HASTE = Cite("702.10b", "Haste")
INDESTRUCTIBLE = Cite("702.12b", "Indestructible")
INTIMIDATE = Cite("702.13b", "Intimidate")
LANDWALK = Cite("702.14c", "Landwalk")
LIFELINK = Cite("702.15b", "Lifelink")
PROTECTION = Cite("702.16a", "Protection")
PROTECTION_TARGET = Cite("702.16b", "Protection")
PROTECTION_ENCHANT = Cite("702.16c", "Protection")
PROTECTION_EQUIP = Cite("702.16d", "Protection")
PROTECTION_DAMAGE = Cite("702.16e", "Protection")
PROTECTION_BLOCK = Cite("702.16f", "Protection")
REACH = Cite("702.17b", "Reach")
TRAMPLE = Cite("702.19b", "Trample")
TRAMPLE_NO_BLOCKERS = Cite("702.19d", "Trample")
VIGILANCE = Cite("702.20b", "Vigilance")
FEAR = Cite("702.36b", "Fear")
WITHER = Cite("702.80a", "Wither")
INFECT_PLAYER = Cite("702.90b", "Infect")
INFECT_CREATURE = Cite("702.90c", "Infect")
MENACE = Cite("702.111b", "Menace")

# --- 703–704, 732 --------------------------------------------------------------------------------------
TURN_BASED_ACTIONS = Cite("703.3", "Turn-Based Actions")
TBA_UNTAP = Cite("703.4c", "Turn-Based Actions")
TBA_DRAW = Cite("703.4d", "Turn-Based Actions")
TBA_DECLARE_ATTACKERS = Cite("703.4i", "Turn-Based Actions")
TBA_DECLARE_BLOCKERS = Cite("703.4j", "Turn-Based Actions")
TBA_ASSIGN_DAMAGE = Cite("703.4k", "Turn-Based Actions")
TBA_DEAL_DAMAGE = Cite("703.4m", "Turn-Based Actions")
TBA_DISCARD = Cite("703.4n", "Turn-Based Actions")
TBA_CLEANUP = Cite("703.4p", "Turn-Based Actions")
TBA_MANA_EMPTIES = Cite("703.4q", "Turn-Based Actions")
SBA_CHECK = Cite("704.3", "State-Based Actions")
SBA_ZERO_LIFE = Cite("704.5a", "State-Based Actions")
SBA_EMPTY_LIBRARY = Cite("704.5b", "State-Based Actions")
SBA_POISON = Cite("704.5c", "State-Based Actions")
SBA_TOKEN = Cite("704.5d", "State-Based Actions")
SBA_ZERO_TOUGHNESS = Cite("704.5f", "State-Based Actions")
SBA_LETHAL_DAMAGE = Cite("704.5g", "State-Based Actions")
SBA_DEATHTOUCH = Cite("704.5h", "State-Based Actions")
SBA_PLANESWALKER = Cite("704.5i", "State-Based Actions")
SBA_LEGEND_RULE = Cite("704.5j", "State-Based Actions")
SBA_AURA = Cite("704.5m", "State-Based Actions")
SBA_EQUIPMENT = Cite("704.5n", "State-Based Actions")
SBA_COUNTERS = Cite("704.5q", "State-Based Actions")
ILLEGAL_ACTION_REVERSED = Cite("732.1", "Handling Illegal Actions")


def all_cites() -> dict[str, Cite]:
    """Every constant of this module: name → citation."""
    return {name: value for name, value in globals().items() if isinstance(value, Cite)}
