"""Card text read by the grammar, interpreted into what the engine plays — or refused, by name and rule."""

from __future__ import annotations

import pytest

from judge_app.cardtext import nodes as n
from judge_app.engine import effects, rules
from judge_app.engine.interpret import PLAYED_VERBS, CardTextError, Unplayable, keyword_kinds, read_card


@pytest.mark.parametrize("text, kinds", [
    ("Flying, first strike", ["flying", "first strike"]),
    ("Protection from red and from blue", ["protection", "protection"]),
    ("Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)", ["landwalk"]),
    ("Grizzly Bears can't block.", ["cant_block"]),
    ("Enchant creature\nEnchanted creature gets +2/+2 and has flying.", ["enchant", "static"]),
    ("Ward {2}", ["ward"]),
    ("Kicker {4}", ["kicker"]),
])
def test_abilities_become_the_engines(text, kinds):
    assert [a.kind for a in read_card(text, "Grizzly Bears", "Creature — Bear")] == kinds


def test_protection_landwalk_and_statics_carry_their_qualities():
    red, blue = read_card("Protection from red and from blue", "Knight", "Creature")
    assert (red.quality.kind, red.quality.value, blue.quality.value) == ("color", "red", "blue")
    [walk] = read_card("Swampwalk", "Shade", "Creature")
    assert (walk.quality.kind, walk.quality.value) == ("land", "swamp")
    [anthem] = read_card("Other creatures you control get +1/+1.", "Lord", "Creature")
    assert anthem.affects == "described" and anthem.described.selector.other
    assert [c.kind for c in anthem.changes] == ["modify power/toughness"]


def test_equip_is_an_activated_ability_at_sorcery_speed():
    [equip] = read_card("Equip {2}", "Sword", "Artifact — Equipment")
    assert (equip.kind, equip.cost.mana, equip.cost.sorcery) == ("activated", "{2}", True)
    assert n.targets(equip.effect)[0].text == "target creature you control"


def test_costs_beyond_mana_are_kept_for_casting():
    [ability] = read_card("{1}, Pay 2 life, Discard a card: Draw a card.", "Bazaar", "Artifact")
    assert (ability.cost.mana, ability.cost.life, [a.verb for a in ability.cost.actions]) == ("{1}", 2, ["discard"])
    [extra, spell] = read_card("As an additional cost to cast this spell, sacrifice a creature.\n"
                               "Fling deals damage equal to the sacrificed creature's power to any target.",
                               "Fling", "Instant")
    assert (extra.kind, [a.verb for a in extra.cost.actions], spell.kind) == ("additional cost", ["sacrifice"],
                                                                               "spell")


def test_a_keyword_not_played_is_refused_with_its_rule():
    with pytest.raises(Unplayable) as info:
        read_card("Banding", "Benalish Hero", "Creature — Human Soldier")
    assert str(info.value).startswith("banding (702.22) is recognised but not yet played")
    assert info.value.ability == "Banding"


def test_an_instruction_not_played_is_refused_naming_it():
    with pytest.raises(Unplayable) as info:
        read_card("When this creature enters, venture into the dungeon.", "Seer", "Creature")
    assert "venture into the dungeon" in str(info.value) and info.value.line == 1


def test_unreadable_text_is_a_positioned_error():
    with pytest.raises(CardTextError) as info:
        read_card("Flying\nThis text is not Oracle text at all.", "Bird", "Creature")
    assert info.value.line == 2 and info.value.column >= 1


def test_every_verb_read_has_its_function_and_no_function_is_left_over():
    assert set(PLAYED_VERBS) == set(effects.VERBS)
    assert all(str(rule) in rules.all_cites().values() for rule in PLAYED_VERBS.values())


def test_keyword_names_for_expectations():
    assert keyword_kinds("flying, first strike") == ["flying", "first strike"]


def test_replacement_statics_become_event_effects():
    [scales] = read_card("If one or more +1/+1 counters would be put on a creature you control, that many plus one "
                         "+1/+1 counters are put on it instead.", "Hardened Scales", "Enchantment")
    assert (scales.events.event, scales.events.mode, scales.events.amount) == ("counters", "plus", 1)
    assert scales.events.object.types == frozenset({"creature"}) and scales.events.object.controller == "you"
    [armor] = read_card("If a source would deal damage to you, prevent 1 of that damage.", "Urza's Armor", "Artifact")
    assert (armor.events.event, armor.events.mode, armor.events.amount, armor.events.player) == (
        "damage", "prevent", 1, "you")
    lose, win = read_card("You can't lose the game and your opponents can't win the game.", "Platinum Angel",
                          "Artifact Creature — Angel")
    assert (lose.kind, lose.events.event, lose.events.player) == ("cant", "lose game", "you")
    assert (win.events.event, win.events.player) == ("win game", "opponent")


def test_what_another_ability_exiled_is_refused_as_a_linked_ability():
    with pytest.raises(Unplayable) as info:
        read_card("When this enchantment leaves the battlefield, return the exiled card to the battlefield under "
                  "its owner's control.", "Oblivion Ring", "Enchantment")
    assert info.value.rule == rules.LINKED_ABILITIES
