"""General forms of Oracle text that recur across real cards, each read on real cards' text: what the
tree says, not only that it reads."""

from __future__ import annotations

from judge_app.cardtext import Instruction, read


def _instructions(text: str, name: str, type_line: str) -> list[Instruction]:
    card = read(text, name=name, type_line=type_line)
    assert card.ok, card.errors
    found: list[Instruction] = []

    def walk(value) -> None:
        if isinstance(value, Instruction):
            found.append(value)
            walk(value.action)
        elif isinstance(value, tuple):
            for item in value:
                walk(item)
        elif hasattr(value, "__dataclass_fields__"):
            for field in value.__dataclass_fields__:
                walk(getattr(value, field))

    walk(card.abilities)
    return found


def test_tap_or_untap_target():
    for name, type_line, text in [
        ("Twiddle", "Instant", "You may tap or untap target artifact, creature, or land."),
        ("Pestermite", "Creature — Faerie Rogue",
         "Flash\nFlying\nWhen this creature enters, you may tap or untap target permanent."),
    ]:
        verbs = [i for i in _instructions(text, name, type_line) if i.verb == "tap or untap"]
        assert len(verbs) == 1 and verbs[0].optional
        assert verbs[0].object.selector.kind == "target"


def test_play_with_the_top_card_of_your_library_revealed():
    for name in ("Courser of Kruphix", "Oracle of Mul Daya"):
        text = "Play with the top card of your library revealed.\nYou may play lands from the top of your library."
        verbs = [i.verb for i in _instructions(text, name, "Creature")]
        assert "play with top card revealed" in verbs


def test_counters_that_cant_be_had_or_gotten():
    solemnity = _instructions("Players can't get counters.\nCounters can't be put on artifacts, creatures, "
                              "enchantments, or lands.", "Solemnity", "Enchantment")
    cant = [i for i in solemnity if i.verb == "can't"]
    assert [i.action.verb for i in cant] == ["put counters", "put counters"]
    assert cant[0].subject.nouns == ("player",)
    assert set(cant[1].subject.nouns) == {"artifact", "creature", "enchantment", "land"}


def test_lose_and_cant_have_or_gain_a_keyword():
    text = ("Creatures you control have first strike.\nCreatures your opponents control lose first strike and "
            "can't have or gain first strike.")
    found = _instructions(text, "Archetype of Courage", "Enchantment Creature — Human Soldier")
    cant = [i for i in found if i.verb == "can't"]
    assert len(cant) == 1 and cant[0].subject is not None
    assert cant[0].subject.qualities[0].value == "opponent"
    assert [a.keyword for a in cant[0].action.abilities] == ["First Strike"]
    assert any(i.verb == "lose" for i in found)


def test_exert_conditions_and_phasing_in():
    celebrant = read("If this creature hasn't been exerted this turn, you may exert it as it attacks. When you do, "
                     "untap all other creatures you control and after this phase, there is an additional combat "
                     "phase.", name="Combat Celebrant", type_line="Creature — Human Warrior")
    assert celebrant.ok, celebrant.errors
    condition = celebrant.abilities[0].condition
    assert condition.negated and condition.quality.value == "exerted"
    imp = read("Flying\nPhasing\nWhenever this creature phases out, you lose 1 life.\nWhenever this creature phases "
               "in, draw a card.", name="Teferi's Imp", type_line="Creature — Imp")
    assert imp.ok, imp.errors
    assert [a.trigger.events[0].verb for a in imp.abilities[2:]] == ["phase out", "phase in"]


def test_him_and_her_refer_back():
    text = ("+1: Until end of turn, Gideon becomes a 5/5 Human Soldier Ally creature with indestructible that's "
            "still a planeswalker. Prevent all damage that would be dealt to him this turn.")
    found = _instructions(text, "Gideon, Ally of Zendikar", "Legendary Planeswalker — Gideon")
    prevent = next(i for i in found if i.verb == "prevent")
    assert prevent.recipient.kind == "it" and prevent.recipient.refers_to == "self"


def test_mana_of_a_type_a_land_could_produce_and_a_chosen_colour():
    pool = _instructions("{T}: Add one mana of any type that a land you control could produce.",
                         "Reflecting Pool", "Land")
    assert pool[0].mana.choice == "any type"
    heath = read("This land enters tapped.\nAs this land enters, choose a color other than white.\n{T}: Add {W} or "
                 "one mana of the chosen color.", name="Thriving Heath", type_line="Land")
    assert heath.ok, heath.errors
    mana = heath.abilities[-1].effect.instructions[0].mana
    assert mana.choice == "one of, or the chosen color"
    assert [s.symbol for s in mana.options.symbols] == ["{W}"]


def test_cast_or_copy_and_coin_flip_triggers():
    emeritus = read("Magecraft — Whenever you cast or copy an instant or sorcery spell, draw a card.",
                    name="Archmage Emeritus", type_line="Creature — Human Wizard")
    assert emeritus.ok, emeritus.errors
    assert emeritus.abilities[0].trigger.events[0].verb == "cast or copy"
    chance = read("Whenever you win a coin flip, put a luck counter on this enchantment.", name="Chance Encounter",
                  type_line="Enchantment")
    assert chance.ok and chance.abilities[0].trigger.events[0].verb == "win a coin flip"


def test_conditions_and_filters_on_what_a_spell_hits():
    push = _instructions("Destroy target creature if it has mana value 2 or less.", "Fatal Push", "Instant")
    condition = push[0].condition
    assert condition.amount.property == "mana value" and condition.amount.of.refers_to == "target:0"
    assert condition.other.value == 2
    plow = _instructions("Put two target lands on top of their owners' libraries.", "Plow Under", "Sorcery")
    assert plow[0].destination.zone == "library" and plow[0].destination.position == "top"
    for name, text in [
        ("Cut Down", "Destroy target creature with total power and toughness 5 or less."),
        ("Kothophed, Soul Hoarder", "Flying\nWhenever a permanent owned by another player is put into a graveyard "
                                    "from the battlefield, you draw a card and you lose 1 life."),
        ("Detention Sphere", "When this enchantment enters, you may exile target nonland permanent not named "
                             "Detention Sphere and all other permanents with the same name as that permanent.\nWhen "
                             "this enchantment leaves the battlefield, return the exiled cards to the battlefield "
                             "under their owner's control."),
    ]:
        card = read(text, name=name, type_line="Instant")
        assert card.ok, (name, card.errors)


def test_life_totals_that_cant_change_and_abilities_that_dont_trigger():
    emperion = _instructions("Your life total can't change.", "Platinum Emperion", "Artifact Creature — Golem")
    assert emperion[0].verb == "can't" and emperion[0].action.verb == "change life total"
    gryff = read("Flash\nFlying\nPermanents entering don't cause abilities to trigger.", name="Hushwing Gryff",
                 type_line="Creature — Hippogriff")
    assert gryff.ok, gryff.errors


def test_distributing_counters_among_targets():
    charm = _instructions("Choose one —\n• Exile target creature with power 3 or greater.\n• You draw two cards and "
                          "you lose 2 life.\n• Distribute two +1/+1 counters among one or two target creatures.",
                          "Abzan Charm", "Instant")
    put = next(i for i in charm if i.verb == "put counters")
    assert put.counter == "+1/+1" and put.amount.value == 2 and put.qualifier == "divided"


def test_damage_that_would_be_dealt_to_a_permanent_is_prevented_and_counted():
    hydra = read("Flying, lifelink\nIf damage would be dealt to this creature, prevent that damage. Put a -1/-1 "
                 "counter on this creature for each 1 damage prevented this way.", name="Phyrexian Hydra",
                 type_line="Creature — Phyrexian Hydra")
    assert hydra.ok, hydra.errors
    shield = hydra.abilities[-1]
    assert shield.mode == "prevent" and shield.event.verb == "deal damage"
    assert shield.event.recipient.kind == "self"
    put = shield.effect.instructions[-1]
    assert put.verb == "put counters" and put.amount.kind == "event" and put.counter == "-1/-1"


def test_life_not_lost_this_turn_and_libraries_not_searched():
    ascension = read("At the beginning of each opponent's end step, if you didn't lose life this turn, you may put "
                     "a quest counter on this enchantment.", name="Luminarch Ascension", type_line="Enchantment")
    assert ascension.ok, ascension.errors
    condition = ascension.abilities[0].effect.instructions[0].condition
    assert condition.text == "you didn't lose life this turn"
    stranglehold = _instructions("Your opponents can't search libraries.", "Stranglehold", "Enchantment")
    assert stranglehold[0].verb == "can't" and stranglehold[0].action.verb == "search"
