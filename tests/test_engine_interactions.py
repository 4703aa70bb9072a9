"""Interactions as other engines' test suites and the CR's examples state them, replayed on real cards: each test
sets a board, acts, and checks the outcome the rules give and the rule the engine cites for it."""

from __future__ import annotations

import engine_boards as boards

from judge_app.cardtext import read
from judge_app.engine.interpret import read_card
from judge_app.scenarios import loads, run

CARDS = {  # name → (type line, cost, P/T, Oracle text)
    "Grizzly Bears": ("Creature — Bear", "{1}{G}", "2/2", ""),
    "Hill Giant": ("Creature — Giant", "{3}{R}", "3/3", ""),
    "Colossal Dreadmaw": ("Creature — Dinosaur", "{4}{G}{G}", "6/6", "Trample"),
    "Horned Turtle": ("Creature — Turtle", "{2}{U}", "1/4", ""),
    "Twisted Image": ("Instant", "{U}", "", "Switch target creature's power and toughness until end of turn.\n"
                      "Draw a card."),
    "Elvish Visionary": ("Creature — Elf Shaman", "{1}{G}", "1/1", "When this creature enters, draw a card."),
    "Cackling Counterpart": ("Instant", "{1}{U}{U}", "", "Create a token that's a copy of target creature you "
                             "control.\nFlashback {5}{U}{U}"),
    "Blood Moon": ("Enchantment", "{2}{R}", "", "Nonbasic lands are Mountains."),
    "Dryad Arbor": ("Land Creature — Forest Dryad", "", "1/1", ""),
    "Leyline of the Void": ("Enchantment", "{2}{B}{B}", "", "If Leyline of the Void is in your opening hand, you may "
                            "begin the game with it on the battlefield.\nIf a card would be put into an opponent's "
                            "graveyard from anywhere, exile it instead."),
    "Doom Blade": ("Instant", "{1}{B}", "", "Destroy target nonblack creature."),
    "Akrasan Squire": ("Creature — Human Soldier", "{W}", "1/1", "Exalted"),
    "Baneslayer Angel": ("Creature — Angel", "{3}{W}{W}", "5/5", "Flying, first strike, lifelink, protection from "
                         "Demons and from Dragons"),
    "Shivan Dragon": ("Creature — Dragon", "{4}{R}{R}", "5/5", "Flying\n{R}: Shivan Dragon gets +1/+0 until end of "
                      "turn."),
    "Birds of Paradise": ("Creature — Bird", "{G}", "0/1", "Flying\n{T}: Add one mana of any color."),
    "Plains": ("Basic Land — Plains", "", "", ""),
    "Fiend Hunter": ("Creature — Human Cleric", "{1}{W}{W}", "1/3", "When this creature enters, you may exile another "
                     "target creature.\nWhen this creature leaves the battlefield, return the exiled card to the "
                     "battlefield under its owner's control."),
    "Banishing Light": ("Enchantment", "{2}{W}", "", "When this enchantment enters, exile target nonland permanent "
                        "an opponent controls until this enchantment leaves the battlefield."),
    "Disenchant": ("Instant", "{1}{W}", "", "Destroy target artifact or enchantment."),
    "Lightning Bolt": ("Instant", "{R}", "", "Lightning Bolt deals 3 damage to any target."),
    "Mutavault": ("Land", "", "", "{T}: Add {C}.\n{1}: Until end of turn, Mutavault becomes a 2/2 creature with all "
                  "creature types. It's still a land."),
    "Wastes": ("Basic Land", "", "", "{T}: Add {C}."),
    "Doubling Season": ("Enchantment", "{4}{G}", "", "If an effect would create one or more tokens under your "
                        "control, it creates twice that many of those tokens instead.\nIf an effect would put one or "
                        "more counters on a permanent you control, it puts twice that many of those counters on that "
                        "permanent instead."),
    "Walking Ballista": ("Artifact Creature — Construct", "{X}{X}", "0/0", "Walking Ballista enters with X +1/+1 "
                         "counters on it.\n{4}: Put a +1/+1 counter on Walking Ballista.\nRemove a +1/+1 counter "
                         "from Walking Ballista: It deals 1 damage to any target."),
    "Sudden Shock": ("Instant", "{1}{R}", "", "Split second\nSudden Shock deals 2 damage to any target."),
    "Giant Growth": ("Instant", "{G}", "", "Target creature gets +3/+3 until end of turn."),
    "Llanowar Elves": ("Creature — Elf Druid", "{G}", "1/1", "{T}: Add {G}."),
    "Maze of Ith": ("Land", "", "", "{T}: Untap target attacking creature. Prevent all combat damage that would be "
                    "dealt to and dealt by that creature this turn."),
    "Holy Day": ("Instant", "{W}", "", "Prevent all combat damage that would be dealt this turn."),
}


def card(cid: str, name: str, owner: str, zone: str = "battlefield", **more: object) -> str:
    type_line, cost, pt, text = CARDS[name]
    return boards.card(cid, name, owner, type_line, text, pt, cost, zone, **more)


def replay(cards: str, actions: str, until: str = "end", mana: str = "", bob_mana: str = ""):
    outcome = run(loads(boards.board(until, mana, bob_mana) + cards + actions))
    assert outcome.failure is None, outcome.failure
    assert all(c.ok for c in outcome.checks), [c for c in outcome.checks if not c.ok]
    return outcome, outcome.trace.citations()


def test_twisted_image_targets_the_creature_whose_power_and_toughness_it_switches():
    [switch, _] = read("Switch target creature's power and toughness until end of turn.\nDraw a card.",
                       name="Twisted Image", type_line="Instant").abilities
    ins = switch.effect.instructions[0]
    assert (ins.verb, ins.object.text, ins.object.target) == ("switch pt", "target creature", 0)
    _, cited = replay(card("turtle", "Horned Turtle", "Alice") + card("ti", "Twisted Image", "Alice", "hand"), """
[[actions]]
do = "cast"
card = "ti"
targets = ["turtle"]
[[actions]]
do = "resolve"
[expect]
pt = { turtle = "4/1" }
""", until="precombat main", mana="blue = 1")
    assert "613.4d" in cited


def test_a_token_copy_is_a_copy_as_it_enters_so_its_enters_ability_triggers():
    outcome, cited = replay(card("vis", "Elvish Visionary", "Alice") + card("cc", "Cackling Counterpart", "Alice",
                                                                              "hand"), """
[[actions]]
do = "cast"
card = "cc"
targets = ["vis"]
[[actions]]
do = "resolve"
count = 2
[expect]
stack = []
""", until="precombat main", mana="blue = 3")
    assert "603.6a" in cited
    assert any("Elvish Visionary's ability resolves: Alice draws a card" in s.text for s in outcome.trace.steps)


def test_blood_moon_removes_the_land_type_only_and_keeps_the_creature_type():
    _, cited = replay(card("moon", "Blood Moon", "Bob") + card("arbor", "Dryad Arbor", "Alice",
                                                                   colors=["green"]), """
[[actions]]
do = "explain"
card = "arbor"
[expect]
type = { arbor = "Land Creature — Mountain Dryad" }
colors = { arbor = ["green"] }
""", until="precombat main")
    assert "305.7" in cited


def test_leyline_of_the_void_exiles_only_cards_going_to_an_opponents_graveyard():
    _, cited = replay(card("ley", "Leyline of the Void", "Alice") + card("bears", "Grizzly Bears", "Bob")
                            + card("blade", "Doom Blade", "Alice", "hand"), """
[[actions]]
do = "cast"
card = "blade"
targets = ["bears"]
[[actions]]
do = "resolve"
[expect]
zone = { bears = "exile", blade = "graveyard" }
""", until="precombat main", mana="black = 2")
    assert "614.1a" in cited


def test_exalted_triggers_for_a_creature_attacking_alone_and_not_for_two():
    [exalted] = read_card("Exalted", "Akrasan Squire", "Creature — Human Soldier")
    assert exalted.kind == "triggered" and exalted.trigger.events[0].qualifier == "alone"
    squire_and_bears = card("squire", "Akrasan Squire", "Alice") + card("bears", "Grizzly Bears", "Alice")
    _, cited = replay(squire_and_bears, """
[[actions]]
do = "attack"
attackers = ["bears"]
[[actions]]
do = "combat damage"
[expect]
life = { Bob = 17 }
""")
    assert "702.83a" in cited
    _, cited = replay(squire_and_bears, """
[[actions]]
do = "attack"
attackers = ["bears", "squire"]
[[actions]]
do = "combat damage"
[expect]
life = { Bob = 17 }
""")
    assert "702.83a" not in cited


def test_attacks_alone_is_kept_in_a_printed_trigger():
    [ability] = read_card("Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn.",
                          "Some Creature", "Creature — Human")
    assert [(e.verb, e.qualifier) for e in ability.trigger.events] == [("attack", "alone")]


def test_protection_from_a_creature_type_stops_blocks_by_that_type():
    _, cited = replay(card("angel", "Baneslayer Angel", "Alice") + card("dragon", "Shivan Dragon", "Bob")
                            + card("birds", "Birds of Paradise", "Bob"), """
[[actions]]
do = "attack"
attackers = ["angel"]
[[actions]]
do = "block"
blockers = { dragon = "angel" }
illegal = "702.16f"
[[actions]]
do = "block"
blockers = { birds = "angel" }
[[actions]]
do = "combat damage"
[expect]
zone = { birds = "graveyard" }
life = { Alice = 25 }
""")
    assert "702.16f" in cited


def test_split_second_stops_spells_and_abilities_but_not_mana_abilities():
    shock_and_bears = card("bears", "Grizzly Bears", "Bob") + card("shock", "Sudden Shock", "Alice", "hand")
    elf = card("elf", "Llanowar Elves", "Bob") + card("gg", "Giant Growth", "Bob", "hand")
    _, cited = replay(shock_and_bears + elf, """
[[actions]]
do = "cast"
card = "shock"
targets = ["bears"]
[[actions]]
do = "cast"
card = "gg"
player = "Bob"
targets = ["bears"]
illegal = "702.61a"
[[actions]]
do = "activate"
card = "elf"
player = "Bob"
[[actions]]
do = "resolve"
[expect]
zone = { bears = "graveyard", gg = "hand" }
mana = { Bob = { green = 1 } }
""", until="precombat main", mana="red = 2")
    assert "702.61a" in cited


def test_maze_of_ith_prevents_damage_to_and_by_its_target_only():
    _, cited = replay(card("maw", "Colossal Dreadmaw", "Alice") + card("bears", "Grizzly Bears", "Alice")
                            + card("giant", "Hill Giant", "Bob") + card("maze", "Maze of Ith", "Bob"), """
[[actions]]
do = "attack"
attackers = ["maw", "bears"]
[[actions]]
do = "activate"
card = "maze"
player = "Bob"
targets = ["maw"]
[[actions]]
do = "resolve"
[[actions]]
do = "block"
blockers = { giant = "maw" }
[[actions]]
do = "combat damage"
[expect]
life = { Bob = 18 }
damage = { giant = 0, maw = 0 }
""")
    assert "615.1a" in cited


def test_prevent_all_combat_damage_stays_a_fog():
    replay(card("maw", "Colossal Dreadmaw", "Alice") + card("giant", "Hill Giant", "Bob")
                        + card("day", "Holy Day", "Bob", "hand") + card("plains", "Plains", "Bob"), """
[[actions]]
do = "attack"
attackers = ["maw"]
[[actions]]
do = "block"
blockers = { giant = "maw" }
[[actions]]
do = "cast"
card = "day"
player = "Bob"
[[actions]]
do = "resolve"
[[actions]]
do = "combat damage"
assign = { maw = { giant = 3, Bob = 3 } }
[expect]
life = { Bob = 20 }
damage = { giant = 0, maw = 0 }
""")


def test_prevention_readings_keep_whose_damage_they_prevent():
    def qualifier(text: str) -> tuple[str, str | None, str | None]:
        ins = read(text, name="Some Spell", type_line="Instant").abilities[0].effect.instructions[0]
        return ins.qualifier, getattr(ins.object, "text", None), getattr(ins.recipient, "text", None)
    assert qualifier("Prevent all combat damage that would be dealt to and dealt by target creature this turn.") == (
        "combat, to and by", "target creature", None)
    assert qualifier("Prevent all combat damage target creature would deal this turn.") == (
        "combat, by", "target creature", None)
    assert qualifier("Prevent all damage that would be dealt to target creature this turn.") == (
        "", None, "target creature")


def test_doubling_season_doubles_counters_put_on_and_given_as_a_permanent_enters():
    [_, counters] = read_card(CARDS["Doubling Season"][3], "Doubling Season", "Enchantment")
    assert (counters.events.event, counters.events.mode) == ("counters", "double")
    _, cited = replay(card("ds", "Doubling Season", "Alice") + card("ball", "Walking Ballista", "Alice", "hand")
                      + card("bears", "Grizzly Bears", "Bob"), """
[[actions]]
do = "cast"
card = "ball"
x = 2
[[actions]]
do = "resolve"
[[actions]]
do = "counters"
target = "bears"
counter = "+1/+1"
amount = 1
[expect]
counters = { ball = { "+1/+1" = 4 }, bears = { "+1/+1" = 1 } }
""", until="precombat main", mana="colorless = 4")
    assert "614.1a" in cited


def test_fiend_hunters_leaves_ability_returns_only_what_its_enters_ability_exiled():
    hunter = card("fh", "Fiend Hunter", "Alice", "hand") + card("bears", "Grizzly Bears", "Bob") \
        + card("bolt", "Lightning Bolt", "Bob", "hand")
    choices = '[choices]\ntrigger_targets = { fh = ["bears"] }\n'
    _, cited = replay(hunter + choices, """
[[actions]]
do = "cast"
card = "fh"
[[actions]]
do = "resolve"
count = 2
[[actions]]
do = "cast"
card = "bolt"
player = "Bob"
targets = ["fh"]
[[actions]]
do = "resolve"
count = 2
[expect]
zone = { bears = "battlefield", fh = "graveyard" }
""", until="precombat main", mana="white = 3", bob_mana="red = 1")
    assert "607.2a" in cited
    outcome, _ = replay(hunter + choices, """
[[actions]]
do = "cast"
card = "fh"
[[actions]]
do = "resolve"
[[actions]]
do = "cast"
card = "bolt"
player = "Bob"
targets = ["fh"]
[[actions]]
do = "resolve"
count = 3
[expect]
zone = { bears = "exile", fh = "graveyard" }
""", until="precombat main", mana="white = 3", bob_mana="red = 1")
    assert any("nothing returns" in s.text for s in outcome.trace.steps)  # it left before anything was exiled


def test_banishing_light_returns_the_card_as_it_leaves_or_exiles_nothing_if_it_left_first():
    light = card("bl", "Banishing Light", "Alice", "hand") + card("bears", "Grizzly Bears", "Bob",
                                                                   counters={"+1/+1": 1}) \
        + card("dis", "Disenchant", "Bob", "hand") + '[choices]\ntrigger_targets = { bl = ["bears"] }\n'
    _, cited = replay(light, """
[[actions]]
do = "cast"
card = "bl"
[[actions]]
do = "resolve"
count = 2
[[actions]]
do = "check"
zone = { bears = "exile" }
[[actions]]
do = "cast"
card = "dis"
player = "Bob"
targets = ["bl"]
[[actions]]
do = "resolve"
[expect]
zone = { bears = "battlefield" }
counters = { bears = {} }
stack = []
""", until="precombat main", mana="white = 3", bob_mana="white = 2")
    assert "610.3c" in cited
    _, cited = replay(light, """
[[actions]]
do = "cast"
card = "bl"
[[actions]]
do = "resolve"
[[actions]]
do = "cast"
card = "dis"
player = "Bob"
targets = ["bl"]
[[actions]]
do = "resolve"
count = 2
[expect]
zone = { bears = "battlefield", bl = "graveyard" }
""", until="precombat main", mana="white = 3", bob_mana="white = 2")
    assert "610.3b" in cited


def test_mutavault_becomes_a_creature_with_every_creature_type_until_end_of_turn():
    _, cited = replay(card("vault", "Mutavault", "Alice") + card("wastes", "Wastes", "Alice"), """
[[actions]]
do = "activate"
card = "vault"
ability = 2
mana = ["wastes"]
[[actions]]
do = "resolve"
[[actions]]
do = "check"
pt = { vault = "2/2" }
[[actions]]
do = "attack"
attackers = ["vault"]
[[actions]]
do = "combat damage"
[expect]
life = { Bob = 18 }
""")
    assert "613.4b" in cited
    [_, animate] = read_card(CARDS["Mutavault"][3], "Mutavault", "Land")
    subtypes = animate.effect.instructions[0].characteristics.subtypes
    assert "Dog" in subtypes and "Assembly-Worker" in subtypes and "Forest" not in subtypes


def test_blightsteel_colossus_is_shuffled_into_its_library_instead_of_going_to_a_graveyard():
    text = ("Trample, infect, indestructible\nIf Blightsteel Colossus would be put into a graveyard from anywhere, "
            "reveal Blightsteel Colossus and shuffle it into its owner's library instead.")
    replacement = read_card(text, "Blightsteel Colossus", "Artifact Creature — Phyrexian Golem")[-1]
    assert (replacement.events.event, replacement.events.mode, replacement.events.self_only) == (
        "zone", "library", True)
