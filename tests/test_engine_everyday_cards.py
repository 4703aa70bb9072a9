"""Everyday cards the engine plays, replayed on real boards: restrictions on other creatures (Pacifism, Moat),
descriptions "with flying" / "with mana value 3 or less", lands that add one of two colours and check lands that
enter tapped unless their controller has the right land. Each replay checks what happened and the rules cited."""

from __future__ import annotations

import pytest
from engine_boards import board, card

from judge_app.engine.interpret import Unplayable, read_card
from judge_app.scenarios import loads, run


def refused(text: str, name: str, type_line: str) -> Unplayable:
    """The engine's refusal of a card text it reads but can't play right yet."""
    with pytest.raises(Unplayable) as caught:
        read_card(text, name, type_line)
    return caught.value


ANGEL = card("angel", "Serra Angel", "Alice", "Creature — Angel", "Flying, vigilance", "4/4", "{3}{W}{W}")
BEARS = card("bears", "Grizzly Bears", "Alice", "Creature — Bear", pt="2/2", cost="{1}{G}")
MOAT = card("moat", "Moat", "Bob", "Enchantment", "Creatures without flying can't attack.", cost="{2}{W}{W}")


def replay(cards: str, actions: str, until: str = "end", mana: str = "", bob_mana: str = ""):
    outcome = run(loads(board(until, mana, bob_mana) + cards + actions))
    return outcome, [s for s in outcome.trace.steps if s.kind == "rejected"], outcome.trace.citations()


def test_moat_stops_only_creatures_without_flying_from_attacking():
    outcome, rejected, _ = replay(ANGEL + BEARS + MOAT, """
[[actions]]
do = "attack"
attackers = ["bears"]
illegal = "508.1c"
[[actions]]
do = "attack"
attackers = ["angel"]
[[actions]]
do = "combat damage"
[expect]
life = { Bob = 16 }
""")
    assert outcome.failure is None and all(c.ok for c in outcome.checks)
    assert "Moat" in rejected[0].text and "Grizzly Bears can't attack" in rejected[0].text


def test_pacifism_follows_the_aura_not_the_creatures_abilities():
    """The restriction is Pacifism's effect, not an ability of the creature: the creature losing all its
    abilities (Turn to Frog, 613.1f) doesn't free it (508.1c restricts the declaration); the creature beside it
    attacks."""
    pacifism = card("pacifism", "Pacifism", "Bob", "Enchantment — Aura",
                    "Enchant creature\nEnchanted creature can't attack or block.", cost="{1}{W}", attached_to="angel")
    frog = card("frog", "Turn to Frog", "Alice", "Instant", "Until end of turn, target creature loses all abilities "
                "and becomes a blue Frog creature with base power and toughness 1/1.", cost="{1}{U}", zone="hand")
    outcome, rejected, _ = replay(ANGEL + BEARS + pacifism + frog, """
[[actions]]
do = "cast"
card = "frog"
targets = ["angel"]
[[actions]]
do = "resolve"
[[actions]]
do = "attack"
attackers = ["angel", "bears"]
illegal = "508.1c"
[[actions]]
do = "attack"
attackers = ["bears"]
[[actions]]
do = "combat damage"
[expect]
life = { Bob = 18 }
pt = { angel = "1/1" }
""", mana="blue = 2")
    assert outcome.failure is None and all(c.ok for c in outcome.checks), outcome.failure
    assert "Serra Angel can't attack" in rejected[0].text


def test_tormented_soul_cant_block_and_cant_be_blocked():
    [block, blocked] = read_card("This creature can't block and can't be blocked.", "Tormented Soul",
                                 "Creature — Spirit")
    assert (block.kind, blocked.kind) == ("cant_block", "unblockable")


def test_a_target_with_flying_is_checked_as_the_spell_is_cast_and_as_it_resolves():
    bolt = card("bolt", "Thunderbolt", "Alice", "Instant", "Choose one —\n• Thunderbolt deals 3 damage to target "
                "player or planeswalker.\n• Thunderbolt deals 4 damage to target creature with flying.",
                cost="{1}{R}", zone="hand")
    dragon = card("dragon", "Shivan Dragon", "Bob", "Creature — Dragon", "Flying", "5/5", "{4}{R}{R}")
    outcome, rejected, cited = replay(bolt + dragon + BEARS, """
[[actions]]
do = "cast"
card = "bolt"
modes = [2]
targets = ["bears"]
illegal = "601.2c"
[[actions]]
do = "cast"
card = "bolt"
modes = [2]
targets = ["dragon"]
[[actions]]
do = "lose"
target = "dragon"
abilities = "flying"
[[actions]]
do = "resolve"
[expect]
damage = { dragon = 0 }
zone = { bolt = "graveyard" }
""", until="precombat main", mana="red = 2")
    assert outcome.failure is None and all(c.ok for c in outcome.checks), outcome.failure
    assert len(rejected) == 1 and "Grizzly Bears" in rejected[0].text  # no flying: not a legal target
    assert "608.2b" in cited  # its only target no longer has flying: the spell doesn't resolve


def test_a_check_land_enters_tapped_without_the_land_it_checks_for():
    fortress = card("fortress", "Glacial Fortress", "Alice", "Land", "This land enters tapped unless you control "
                    "a Plains or an Island.\n{T}: Add {W} or {U}.", zone="hand")
    mountain = card("mountain", "Mountain", "Alice", "Basic Land — Mountain")
    outcome, _, cited = replay(fortress + mountain, """
[[actions]]
do = "play land"
card = "fortress"
[expect]
tapped = { fortress = true }
""", until="precombat main")
    assert outcome.failure is None and all(c.ok for c in outcome.checks)
    assert "614.1d" in cited


def test_a_land_adding_one_of_two_colours_gives_the_one_chosen_and_no_other():
    fortress = card("fortress", "Glacial Fortress", "Alice", "Land", "{T}: Add {W} or {U}.")
    text = board("precombat main") + fortress + """
[choices]
mana_color = { fortress = ["{color}"] }
[[actions]]
do = "activate"
card = "fortress"
"""
    blue = run(loads(text.replace("{color}", "blue") + '[expect]\nmana = { Alice = { blue = 1 } }\n'))
    assert blue.failure is None and all(c.ok for c in blue.checks), blue.checks
    red = run(loads(text.replace("{color}", "red") + '[expect]\nmana = { Alice = { white = 1 } }\n'))
    assert red.failure is None and all(c.ok for c in red.checks), red.checks  # red isn't one of its choices


def test_an_unless_the_engine_cant_evaluate_is_refused_not_ignored():
    exc = refused("This land enters tapped unless you pay {2}.", "Some Land", "Land")  # not played as "enters tapped"
    assert exc.rule == "614.1" and "unless" in str(exc)


THINK_TWICE = card("think", "Think Twice", "Alice", "Instant", "Draw a card.\nFlashback {2}{U}", cost="{1}{U}",
                   zone="graveyard")


def test_a_spell_cast_with_flashback_and_countered_is_exiled_not_put_into_the_graveyard():
    spell = card("counterspell", "Counterspell", "Bob", "Instant", "Counter target spell.", cost="{U}{U}", zone="hand")
    outcome, _, cited = replay(THINK_TWICE + spell, """
[[actions]]
do = "cast"
card = "think"
[[actions]]
do = "cast"
card = "counterspell"
player = "Bob"
targets = ["think"]
[[actions]]
do = "resolve"
[expect]
zone = { think = "exile", counterspell = "graveyard" }
""", until="precombat main", mana="blue = 3", bob_mana="blue = 2")
    assert outcome.failure is None and all(c.ok for c in outcome.checks), (outcome.failure, outcome.checks)
    assert cited.count("702.34a") >= 2  # cast with flashback; exiled as it leaves the stack


def test_only_the_owner_casts_a_flashback_card_from_their_own_graveyard():
    outcome, rejected, _ = replay(THINK_TWICE.replace('owner = "Alice"', 'owner = "Bob"'), """
[[actions]]
do = "cast"
card = "think"
player = "Alice"
illegal = "601.2a"
[expect]
zone = { think = "graveyard" }
""", until="precombat main", mana="blue = 3")
    assert outcome.failure is None and all(c.ok for c in outcome.checks) and len(rejected) == 1


def test_prowess_is_its_rule_s_triggered_ability():
    [prowess] = read_card("Prowess", "Monastery Swiftspear", "Creature — Human Monk")
    assert (prowess.kind, prowess.rule) == ("triggered", "702.108a")
    assert prowess.trigger is not None and "noncreature spell" in prowess.trigger.text


def test_a_card_that_may_not_be_chosen_from_the_revealed_hand_isnt_discarded():
    """Inquisition of Kozilek: the scenario names Wrath of God (mana value 4), which may not be chosen (608.2d):
    the default, the first revealed card that may be, is discarded instead, and the trace says so."""
    inquisition = card("inquisition", "Inquisition of Kozilek", "Alice", "Sorcery", "Target opponent reveals their "
                       "hand. You choose a nonland card from it with mana value 3 or less. That player discards that "
                       "card.", cost="{B}", zone="hand")
    wrath = card("wrath", "Wrath of God", "Bob", "Sorcery", "Destroy all creatures. They can't be regenerated.",
                 cost="{2}{W}{W}", zone="hand")
    island = card("island", "Island", "Bob", "Basic Land — Island", zone="hand")
    spell = card("counterspell", "Counterspell", "Bob", "Instant", "Counter target spell.", cost="{U}{U}", zone="hand")
    outcome, _, cited = replay(island + wrath + spell + inquisition, """
[choices]
choose = { inquisition = ["wrath"] }
[[actions]]
do = "cast"
card = "inquisition"
targets = ["Bob"]
[[actions]]
do = "resolve"
[expect]
zone = { counterspell = "graveyard", wrath = "hand", island = "hand" }
""", until="precombat main", mana="black = 1")
    assert outcome.failure is None and all(c.ok for c in outcome.checks), outcome.checks
    assert any("default: the first one revealed" in s.text for s in outcome.trace.steps)
    assert cited.index("701.20a") < cited.index("608.2d") < cited.index("701.9a")


def test_other_choices_and_reveals_stay_refused_with_their_rule():
    for text, rule in (("Choose a color. Draw a card.", "608.2d"),
                       ("Reveal cards from the top of your library until you reveal a creature card. Put that card "
                        "into your hand and the rest on the bottom of your library in a random order.", "701.20a")):
        exc = refused(text, "Some Spell", "Sorcery")  # the engine has no such choice or reveal
        assert exc.rule == rule, (text, exc)


def test_a_food_token_is_its_rule_s_artifact_and_gains_3_life():
    pie = card("pie", "Bake into a Pie", "Alice", "Instant", "Destroy target creature. Create a Food token.",
               cost="{2}{B}{B}", zone="hand")
    giant = card("giant", "Hill Giant", "Bob", "Creature — Giant", pt="3/3", cost="{3}{R}")
    outcome, _, cited = replay(pie + giant, """
[[actions]]
do = "cast"
card = "pie"
targets = ["giant"]
[[actions]]
do = "resolve"
[[actions]]
do = "check"
type = { "token-1" = "Artifact — Food" }
colors = { "token-1" = [] }
[[actions]]
do = "activate"
card = "token-1"
[[actions]]
do = "resolve"
[expect]
life = { Alice = 23 }
zone = { giant = "graveyard", "token-1" = "gone" }
""", until="precombat main", mana="black = 6")
    assert outcome.failure is None and all(c.ok for c in outcome.checks), (outcome.failure, outcome.checks)
    assert "111.10b" in cited


def test_a_predefined_token_the_engine_doesnt_define_stays_refused():
    assert refused("Create a Map token.", "Some Spell", "Sorcery").rule == "111.4"  # not defined by the engine yet


def test_cycling_is_its_rule_s_activated_ability_from_the_hand_and_typecycling_searches():
    [cycling] = read_card("Cycling {2}", "Some Creature", "Creature")
    assert (cycling.kind, cycling.functions_in, cycling.rule, cycling.cost.mana) == ("activated", "hand", "702.29a",
                                                                                     "{2}")
    [typecycling] = read_card("Plainscycling {2}", "Some Creature", "Creature")  # 702.29e: it searches instead
    assert (typecycling.kind, typecycling.functions_in, typecycling.rule) == ("activated", "hand", "702.29e")
    assert typecycling.effect.instructions[0].verb == "search"
    assert "Plains card" in typecycling.effect.text


def test_a_restriction_from_a_resolved_ability_follows_the_creature_not_its_abilities():
    """Rogue's Passage's effect is locked on the Giant (611.2c) and isn't an ability: the Giant losing all its
    abilities afterwards (Turn to Frog) leaves it unblockable this turn."""
    passage = card("passage", "Rogue's Passage", "Alice", "Land", "{T}: Add {C}.\n{4}, {T}: Target creature can't "
                   "be blocked this turn.")
    giant = card("giant", "Hill Giant", "Alice", "Creature — Giant", pt="3/3", cost="{3}{R}")
    frog = card("frog", "Turn to Frog", "Alice", "Instant", "Until end of turn, target creature loses all abilities "
                "and becomes a blue Frog creature with base power and toughness 1/1.", cost="{1}{U}", zone="hand")
    bears = card("bears", "Grizzly Bears", "Bob", "Creature — Bear", pt="2/2", cost="{1}{G}")
    outcome, rejected, _ = replay(passage + giant + frog + bears, """
[[actions]]
do = "activate"
card = "passage"
ability = 2
targets = ["giant"]
[[actions]]
do = "resolve"
[[actions]]
do = "cast"
card = "frog"
targets = ["giant"]
[[actions]]
do = "resolve"
[[actions]]
do = "attack"
attackers = ["giant"]
[[actions]]
do = "block"
blockers = { bears = "giant" }
illegal = "509.1b"
[[actions]]
do = "combat damage"
[expect]
life = { Bob = 19 }
""", mana="blue = 2, colorless = 4")
    assert outcome.failure is None and all(c.ok for c in outcome.checks), (outcome.failure, outcome.checks)
    assert "Rogue's Passage" in rejected[0].text


def test_astral_slide_triggers_when_any_player_cycles_and_returns_the_card_at_end_step():
    slide = card("slide", "Astral Slide", "Alice", "Enchantment", "Whenever a player cycles a card, you may exile "
                 "target creature. If you do, return the card to the battlefield under its owner's control at the "
                 "beginning of the next end step.", cost="{2}{W}")
    sandbar = card("sandbar", "Lonely Sandbar", "Alice", "Land", "This land enters tapped.\n{T}: Add {U}.\n"
                   "Cycling {U}", zone="hand")
    bears = card("bears", "Grizzly Bears", "Bob", "Creature — Bear", pt="2/2", cost="{1}{G}")
    outcome, _, cited = replay(slide + sandbar + bears, """
[choices]
trigger_targets = { slide = ["bears"] }
[[actions]]
do = "activate"
card = "sandbar"
ability = 2
[[actions]]
do = "resolve"
[[actions]]
do = "check"
zone = { bears = "exile", sandbar = "graveyard" }
[expect]
zone = { bears = "battlefield" }
""", until="cleanup", mana="blue = 1")
    assert outcome.failure is None and all(c.ok for c in outcome.checks), (outcome.failure, outcome.checks)
    assert "702.29c" in cited and "603.7" in " ".join(cited)


def test_frost_breath_keeps_creatures_tapped_through_one_untap_step_only():
    """"Those creatures don't untap during their controller's next untap step." (502.3): Bob's creatures stay
    tapped in his untap step, then the effect ends and they untap in the next one."""
    breath = card("breath", "Frost Breath", "Alice", "Instant", "Tap up to two target creatures. Those creatures "
                  "don't untap during their controller's next untap step.", cost="{2}{U}", zone="hand")
    angel = card("angel", "Serra Angel", "Bob", "Creature — Angel", "Flying, vigilance", "4/4", "{3}{W}{W}")
    bears = card("bears", "Grizzly Bears", "Bob", "Creature — Bear", pt="2/2", cost="{1}{G}")
    outcome, _, cited = replay(breath + angel + bears, """
[[actions]]
do = "cast"
card = "breath"
targets = ["angel", "bears"]
[[actions]]
do = "resolve"
[[actions]]
do = "advance"
to = "upkeep"
turn = 4
[[actions]]
do = "check"
tapped = { angel = true, bears = true }
[[actions]]
do = "advance"
to = "upkeep"
turn = 6
[expect]
tapped = { angel = false, bears = false }
""", until="upkeep", mana="blue = 3")
    assert outcome.failure is None and all(c.ok for c in outcome.checks), (outcome.failure, outcome.checks)
    assert cited.count("502.3") >= 3


def test_mana_vault_deals_damage_at_the_draw_step_only_while_it_is_tapped():
    """An intervening "if" the engine evaluates as it would a static's condition (603.4, 611.3a): "if this artifact
    is tapped"; Alice declines to untap it in her upkeep, then taps it again for mana and skips the damage."""
    text = ("This artifact doesn't untap during your untap step.\nAt the beginning of your upkeep, you may untap this "
            "artifact.\nAt the beginning of your draw step, if this artifact is tapped, it deals 1 damage to you.\n"
            "{T}: Add {C}{C}{C}.")
    for untap, life in ((False, 19), (True, 20)):
        vault = card("vault", "Mana Vault", "Alice", "Artifact", text, cost="{1}") + "tapped = true\n"
        outcome, _, _ = replay(vault, f"""
[choices]
may = {{ vault = {str(untap).lower()} }}
[[actions]]
do = "advance"
to = "precombat main"
turn = 5
[expect]
life = {{ Alice = {life} }}
""", until="precombat main")
        assert outcome.failure is None and all(c.ok for c in outcome.checks), (untap, outcome.checks)
