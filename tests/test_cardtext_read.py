"""Reading real card text into the tree: the scenario library's texts, the issue's families, positions of
errors, and the things every reading promises (self references, reminder text, mana symbols)."""

from __future__ import annotations

import tomllib

import pytest

from judge_app.cardtext import (
    ActivatedAbility,
    Description,
    Instruction,
    KeywordAbility,
    LoyaltyAbility,
    ManaAbility,
    Reference,
    ReplacementAbility,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    read,
)


def _scenario_cards(files) -> list[tuple[str, str, str]]:
    found = set()

    def walk(value):
        if isinstance(value, dict):
            if isinstance(value.get("text"), str) and ("name" in value or "type" in value):
                found.add((value.get("name", ""), value.get("type", ""), value["text"]))
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for file in files:
        walk(tomllib.loads(file.read_text(encoding="utf-8")))
    return sorted(found)


def test_every_scenario_card_text_reads(scenario_files):
    cards = _scenario_cards(scenario_files)
    assert len(cards) > 60
    failed = [(name, text, [e.message for e in read(text, name=name, type_line=kind).errors])
              for name, kind, text in cards if not read(text, name=name, type_line=kind).ok]
    assert failed == []


def _only(text: str, **kw):
    card = read(text, **kw)
    assert card.ok, card.errors
    assert len(card.abilities) == 1
    return card.abilities[0]


def _instructions(ability) -> list[Instruction]:
    return [i for i in ability.effect.instructions if isinstance(i, Instruction)]


def test_second_clause_with_its_own_subject():
    ability = _only("Lightning Helix deals 3 damage to any target and you gain 3 life.", name="Lightning Helix",
                    type_line="Instant")
    damage, life = _instructions(ability)
    assert isinstance(ability, SpellAbility)
    assert (damage.verb, damage.amount.value, damage.subject.kind) == ("deal damage", 3, "self")
    assert damage.recipient.is_target and damage.recipient.target == 0
    assert (life.verb, life.amount.value, life.subject.kind) == ("gain life", 3, "you")
    assert "120.1" in damage.rules and "119.3" in life.rules


def test_then_keeps_the_order_and_the_subject():
    first, second = _instructions(_only("Each player shuffles their hand into their library, then draws seven cards.",
                                        type_line="Sorcery"))
    assert first.verb == "shuffle" and second.verb == "draw"
    assert second.subject == first.subject and second.amount.value == 7


def test_a_duration_at_the_end_covers_every_change_of_the_subject():
    pump, grant = _instructions(_only("Target creature gets +1/+0 and gains first strike until end of turn.",
                                      type_line="Instant"))
    assert pump.pt.text == "+1/+0" and grant.abilities[0].keyword == "First Strike"
    assert pump.duration.kind == grant.duration.kind == "until end of turn"
    assert pump.subject is grant.subject or pump.subject == grant.subject
    assert pump.subject.target == grant.subject.target == 0


def test_loses_life_is_not_a_keyword_loss():
    (instr,) = _instructions(_only("Target player loses 2 life.", type_line="Sorcery"))
    assert (instr.verb, instr.amount.value) == ("lose life", 2)
    assert instr.subject.nouns == ("player",) and instr.subject.is_target


def test_it_in_a_trigger_binds_to_what_triggered_it():
    ability = _only("Whenever another creature you control enters, put a +1/+1 counter on it.")
    assert isinstance(ability, TriggeredAbility)
    (instr,) = _instructions(ability)
    assert instr.recipient.kind == "it" and instr.recipient.refers_to == "event subject"
    own = _only("When this creature enters, put a +1/+1 counter on it.")
    assert _instructions(own)[0].recipient.refers_to == "self"


def test_a_legendary_short_name_is_the_card_itself():
    ability = _only("Whenever Teysa attacks, you gain 1 life.", name="Teysa Karlov",
                    type_line="Legendary Creature — Human Advisor")
    assert ability.trigger.events[0].subject == Reference("self", text="~")


def test_reminder_text_is_ignored_and_positions_kept():
    card = read("Flying (This creature can't be blocked except by creatures with flying or reach.)\nDestroy frob.")
    assert [type(a) for a in card.abilities] == [KeywordAbility]
    (error,) = card.errors
    assert (error.line, error.column) == (2, 9) and "frob" in error.message


@pytest.mark.parametrize(("cost", "kinds"), [
    ("{2/W}{G/P}{X}{W/U}{S}{C}", ["twobrid", "phyrexian", "variable", "hybrid", "snow", "colorless"]),
])
def test_every_kind_of_mana_symbol_reads(cost, kinds):
    ability = _only(f"{cost}, {{T}}: Draw a card.")
    assert isinstance(ability, ActivatedAbility) and ability.cost.tap
    assert [s.kind for s in ability.cost.mana.symbols] == kinds


def test_keywords_carry_their_parameters_and_rule():
    card = read("Ward {2}\nBushido 1\nProtection from red and from blue\nToxic 2\nSwampwalk\n"
                "Hexproof from multicolored\nEquip {1}{W}")
    assert card.ok, card.errors
    by_name = {a.keyword: a for a in card.abilities}
    assert by_name["Ward"].cost.mana.text == "{2}" and by_name["Ward"].rule == "702.21"
    assert by_name["Bushido"].amount.value == 1 and by_name["Toxic"].amount.value == 2
    assert [q.value for q in by_name["Protection"].qualities] == ["red", "blue"]
    assert by_name["Landwalk"].qualities[-1].value == "Swamp"
    assert by_name["Hexproof"].qualities[0].value == "multicolored"
    assert by_name["Equip"].rule == "702.6"


def test_ability_kinds():
    card = read("{T}: Add {G}.\n+1: You gain 2 life.\nIf a creature would die, exile it instead.\n"
                "This creature enters tapped.\nCreatures you control get +1/+1.")
    assert card.ok, card.errors
    assert [type(a) for a in card.abilities] == [ManaAbility, LoyaltyAbility, ReplacementAbility,
                                                ReplacementAbility, StaticAbility]
    assert card.abilities[2].mode == "instead" and card.abilities[2].event.verb == "die"


def test_up_to_and_targets_in_graveyards():
    (instr,) = _instructions(_only("Return up to two target creature cards from your graveyard to your hand.",
                                   type_line="Sorcery"))
    assert instr.object.selector.up_to and instr.object.selector.count.value == 2
    assert instr.origin.zone == "graveyard" and instr.destination.zone == "hand"


def test_odd_input_never_raises():
    for text in ["", "\n\n", "(((", '"', "{", "—", "•", ":", "{T}:", "x" * 5000, "\x00", "When", "+1:",
                 "Choose one —", "• Draw a card.", None]:
        card = read(text)  # type: ignore[arg-type]
        assert all(e.line >= 1 and e.column >= 1 and e.message for e in card.errors)


def test_descriptions_carry_filters():
    (instr,) = _instructions(_only("Destroy another target nonblack creature an opponent controls.",
                                   type_line="Instant"))
    target = instr.object
    assert isinstance(target, Description) and target.selector.other and target.is_target
    assert {(q.kind, q.value, q.negated) for q in target.qualities} == {("color", "black", True),
                                                                       ("control", "opponent", False)}
