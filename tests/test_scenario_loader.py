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


def test_text_the_engine_does_not_play_is_named_with_its_rule():
    err = error_of(BASE + 'text = "When this creature enters, investigate."\n')
    assert err.line == 14
    assert "'bear' (Grizzly Bears)" in err.problem and "investigate" in err.problem
    assert "recognised but not yet played" in err.problem and "701.16" in err.problem


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
    assert "exactly two players" in err.problem


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
    err = error_of(BASE + 'text = "Flying, banding"\n')
    assert err.problem.endswith('banding (702.22) is recognised but not yet played, in "banding"')
