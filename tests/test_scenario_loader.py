"""Malformed or impossible scenarios get a precise error: file, line, what is wrong, what was expected."""

from __future__ import annotations

import pytest

from judge_app.scenarios import ScenarioError, load, loads, run

BASE = """title = "t"
question = "q"

[players.Alice]
[players.Bob]

[[cards]]
id = "bear"
name = "Grizzly Bears"
owner = "Alice"
type = "Creature — Bear"
cost = "{1}{G}"
pt = "2/2"
"""


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        loads(text, "case.toml")
    return info.value


def test_the_base_loads():
    scenario = loads(BASE, "case.toml")
    assert [c.id for c in scenario.cards] == ["bear"]
    assert scenario.players[0].name == "Alice"


def test_toml_syntax_error_names_the_line():
    err = error_of(BASE + "\n[[actions]]\ndo = attack\n")
    assert err.line == 16
    assert str(err).startswith("case.toml:16: invalid TOML")


def test_unknown_key_with_did_you_mean():
    err = error_of(BASE.replace('pt = "2/2"', 'pt = "2/2"\npwoer = 3'))
    assert err.line == 14
    assert "unknown key 'pwoer'" in err.problem and "expected one of" in str(err)


def test_bad_power_toughness_names_its_line():
    err = error_of(BASE.replace('pt = "2/2"', 'pt = "two/2"'))
    assert err.line == 13
    assert "power/toughness" in str(err)


def test_text_the_engine_does_not_play_is_said_as_the_replay_starts_and_stops_it_where_it_acts():
    text = BASE + 'zone = "hand"\ntext = "When this creature enters, venture into the dungeon."\n\n' \
        '[[actions]]\ndo = "enter"\ncard = "bear"\n'
    outcome = run(loads(text, "case.toml"))
    setup = outcome.trace.steps[0]
    assert setup.kind == "setup" and "Grizzly Bears" in setup.text and "venture into the dungeon" in setup.text
    assert "701.49" in setup.text and "stops it if it triggers" in setup.text
    assert outcome.failure.startswith("case.toml:17: not modelled (enter)")
    assert "recognised but not yet played" in outcome.failure and "701.49" in outcome.failure


def test_text_the_grammar_can_not_read_is_positioned():
    err = error_of(BASE + 'text = "Flying\\nThis is not card text at all."\n')
    assert err.line == 14
    assert "line 2, column" in err.problem


def test_unknown_card_in_an_action_names_the_action_line():
    err = error_of(BASE + '\n[[actions]]\ndo = "attack"\nattackers = ["beer"]\n')
    assert err.line == 17
    assert "unknown card 'beer' (did you mean 'bear'?)" in err.problem


def test_unknown_action():
    err = error_of(BASE + '\n[[actions]]\ndo = "atack"\n')
    assert err.line == 16
    assert "did you mean 'attack'" in err.problem


def test_unknown_type_word():
    err = error_of(BASE.replace("Creature — Bear", "Critter — Bear"))
    assert err.line == 11
    assert "'Critter' is neither a card type" in err.problem


def test_two_players_required():
    err = error_of(BASE.replace("[players.Bob]\n", ""))
    assert "two to 8 players" in err.problem


def test_duplicate_ids():
    err = error_of(BASE + BASE[BASE.index("[[cards]]"):])
    assert "used twice" in err.problem and err.line == 15


def test_expectation_with_unknown_player():
    err = error_of(BASE + '\n[expect]\nlife = { Carol = 3 }\n')
    assert err.line == 16 and "unknown player 'Carol'" in err.problem


def test_missing_file(tmp_path):
    with pytest.raises(ScenarioError) as info:
        load(tmp_path / "nope.toml")
    assert "can't read the file" in str(info.value)


def test_illegal_action_stops_the_replay_with_the_rule():
    text = BASE + """
[[cards]]
id = "drake"
name = "Wind Drake"
owner = "Bob"
type = "Creature — Drake"
cost = "{2}{U}"
pt = "2/2"
text = "Flying"

[start]
active = "Bob"

[[actions]]
do = "attack"
attackers = ["drake"]

[[actions]]
do = "block"
blockers = { bear = "drake" }
"""
    outcome = run(loads(text, "case.toml"))
    assert not outcome.ok
    assert outcome.failure.startswith("case.toml:31: illegal action (block)")
    assert "702.9b" in outcome.failure and "neither flying nor reach" in outcome.failure
    assert outcome.trace.steps[-1].kind == "rejected"


def test_expected_rejection_that_does_not_come_fails():
    text = BASE + '\n[[actions]]\ndo = "attack"\nattackers = ["bear"]\nillegal = "702.3b"\n'
    outcome = run(loads(text, "case.toml"))
    assert "expects this action to be illegal (702.3b)" in outcome.failure


def test_a_keyword_not_played_in_a_keyword_list_is_named_alone():
    outcome = run(loads(BASE + 'text = "Flying, banding"\n', "case.toml"))
    assert outcome.failure.startswith("case.toml:7: not modelled: Grizzly Bears's ability \"banding\" functions")
    assert outcome.failure.endswith("banding is recognised but not yet played — 702.22, 113.6, 604.1")


CLONE = BASE + """
[[cards]]
id = "clone"
name = "Clone"
owner = "Alice"
zone = "hand"
type = "Creature — Shapeshifter"
cost = "{3}{U}"
pt = "0/0"
text = "You may have Clone enter the battlefield as a copy of any creature on the battlefield."

[[cards]]
id = "plague"
name = "Engineered Plague"
owner = "Alice"
zone = "hand"
type = "Enchantment"
cost = "{2}{B}"
text = "As Engineered Plague enters the battlefield, choose a color.\\nAll creatures of the chosen color get -1/-1."

[players.Alice.mana]
blue = 4
black = 3
"""


def test_what_a_clone_copies_must_be_a_card_of_the_scenario():
    err = error_of(CLONE + '\n[choices]\ncopy = { clone = "bera" }\n')
    assert "'bera'" in err.problem and "did you mean 'bear'" in str(err)


def cast_and_resolve(card: str, choices: str = "", expect: str = ""):
    """The replay of CLONE with `card` cast and resolved, with these [choices] and [expect] lines."""
    text = CLONE + (f"\n[choices]\n{choices}\n" if choices else "")
    text += f'\n[[actions]]\ndo = "cast"\ncard = "{card}"\n\n[[actions]]\ndo = "resolve"\n'
    return run(loads(text + (f"\n[expect]\n{expect}\n" if expect else ""), "case.toml"))


def test_a_clone_told_to_copy_what_its_text_does_not_allow_is_refused_naming_the_rule():
    outcome = cast_and_resolve("clone", 'copy = { clone = "plague" }')
    assert not outcome.ok
    assert "can't enter as a copy of Engineered Plague" in outcome.failure and "707.5" in outcome.failure


def test_a_colour_chosen_as_it_enters_must_be_a_colour():
    outcome = cast_and_resolve("plague", 'chosen = { plague = "purple" }')
    assert not outcome.ok
    assert "needs a colour chosen, not \"purple\"" in outcome.failure and "105.1" in outcome.failure


def test_a_chosen_colour_is_used_by_the_linked_ability_and_the_default_is_said():
    given = cast_and_resolve("plague", 'chosen = { plague = "Green" }', 'pt = { bear = "1/1" }')
    assert given.ok, given.failure or [c for c in given.checks if not c.ok]  # green Bears: -1/-1 (607.2d)
    defaulted = cast_and_resolve("plague", expect='pt = { bear = "2/2" }')
    assert defaulted.ok, defaulted.failure or [c for c in defaulted.checks if not c.ok]
    said = [s.text for s in defaulted.trace.steps if "chooses the color" in s.text]
    assert said and "white (default: white, the first colour of 105.1" in said[0]  # Bob has no permanent


def test_x_not_announced_is_zero_and_the_trace_says_so():
    blaze = BASE + """
[[cards]]
id = "blaze"
name = "Blaze"
owner = "Alice"
zone = "hand"
type = "Sorcery"
cost = "{X}{R}"
text = "Blaze deals X damage to any target."

[players.Alice.mana]
red = 4

[[actions]]
do = "cast"
card = "blaze"
targets = ["Bob"]
{x}
[[actions]]
do = "resolve"
"""
    defaulted = run(loads(blaze.replace("{x}", ""), "case.toml"))
    announced = run(loads(blaze.replace("{x}", "x = 3\n"), "case.toml"))
    cast = [s.text for s in defaulted.trace.steps if "casts Blaze" in s.text]
    assert cast and "(X = 0, by default: the scenario announces no X)" in cast[0]
    assert "(X = 3)" in next(s.text for s in announced.trace.steps if "casts Blaze" in s.text)
