"""The scenario format of issue 29 (item 6), replayed on real cards: choices per occurrence, whole keyword abilities
in `has` / `lacks`, starred P/T set by a characteristic-defining ability, `name`, `illegal` with several rules, and
`chosen` for a colour chosen as an ability resolves; malformed values are errors at their line."""

from __future__ import annotations

import pytest
from engine_boards import board

from judge_app.scenarios import ScenarioError, loads, run

CLONE_IN_HAND = """
[[cards]]
id = "clone"
name = "Clone"
owner = "Alice"
zone = "hand"
"""


def cast_and_resolve(*cards: str) -> str:
    """Actions: each card cast, then resolved."""
    return "".join(f'\n[[actions]]\ndo = "cast"\ncard = "{c}"\n\n[[actions]]\ndo = "resolve"\n' for c in cards)


def replay(body: str, mana: str = "") -> dict[tuple[str, str], tuple[bool, object]]:
    """The replay's checks by (what, subject): (held, actual), on Alice's turn 3 with `mana` ("blue = 6") in her
    pool; the replay must not stop early."""
    outcome = run(loads(board("precombat main", mana) + body, "case.toml"))
    assert outcome.failure is None, outcome.failure
    return {(c.what, c.subject): (c.ok, c.actual) for c in outcome.checks}


def fill(template: str, **values: str) -> str:
    """The template with each "{key}" replaced (TOML's own braces left alone)."""
    for key, value in values.items():
        template = template.replace("{" + key + "}", value)
    return template


def error_of(body: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        loads(board("precombat main") + body, "case.toml")
    return info.value


def line_of(body: str, text: str) -> int:
    return (board("precombat main") + body).splitlines().index(text) + 1


# --- choices per occurrence ----------------------------------------------------------------------------------------

PROLIFERATE = """
[[cards]]
id = "mine"
name = "Grizzly Bears"
owner = "Alice"
counters = { "+1/+1" = 1 }

[[cards]]
id = "theirs"
name = "Hill Giant"
owner = "Bob"
counters = { "-1/-1" = 1 }

[[cards]]
id = "first"
name = "Steady Progress"
owner = "Alice"
zone = "hand"

[[cards]]
id = "second"
name = "Steady Progress"
owner = "Alice"
zone = "hand"

[choices]
proliferate = {picks}
""" + cast_and_resolve("first", "second") + """
[expect]
counters = { mine = { "+1/+1" = 2 }, theirs = { "-1/-1" = 2 } }
"""


def test_proliferate_takes_one_list_of_picks_per_occurrence_in_order():
    checks = replay(fill(PROLIFERATE, picks='[["mine"], ["theirs"]]'), "blue = 6")
    assert checks[("counters", "mine")] == (True, {"+1/+1": 2})
    assert checks[("counters", "theirs")] == (True, {"-1/-1": 2})


def test_one_list_of_picks_answers_every_proliferate():
    checks = replay(fill(PROLIFERATE, picks='["mine"]'), "blue = 6")
    assert checks[("counters", "mine")] == (False, {"+1/+1": 3})
    assert checks[("counters", "theirs")] == (False, {"-1/-1": 1})


COMMANDER = """
[[cards]]
id = "general"
name = "Isamaru, Hound of Konda"
owner = "Alice"
commander = true

[choices]
commander_stays = {stays}

[[actions]]
do = "destroy"
target = "general"

[[actions]]
do = "check"
zone = { general = "{first}" }

[[actions]]
do = "enter"
card = "general"

[[actions]]
do = "destroy"
target = "general"

[expect]
zone = { general = "{second}" }
"""


@pytest.mark.parametrize("stays, first, second", [
    ('{ Alice = [true, false] }', "graveyard", "command"),  # stays the first time, moves the second (903.9a)
    ('{ Alice = [false, true] }', "command", "graveyard"),
    ('["Alice"]', "graveyard", "graveyard"),  # a list of players: they always leave it where it went
])
def test_commander_moves_are_answered_one_per_occurrence(stays, first, second):
    checks = replay(fill(COMMANDER, stays=stays, first=first, second=second))
    assert all(ok for ok, _ in checks.values()), checks


def test_per_occurrence_answers_are_read_in_both_shapes():
    scenario = loads(board("precombat main") + CLONE_IN_HAND + """
[choices]
copy = { clone = ["clone", "clone"] }
chosen = { clone = "red" }
modes = { clone = [[1], [2]] }
trigger_targets = { clone = ["Bob"] }
decline_to_pay = { Bob = [false, true] }
""", "case.toml")
    assert scenario.copy == {"clone": ["clone", "clone"]} and scenario.chosen == {"clone": ["red"]}
    assert scenario.modes == {"clone": [[1], [2]]} and scenario.trigger_targets == {"clone": [["Bob"]]}
    assert scenario.decline_to_pay == {"Bob": [False, True]}


def test_a_malformed_per_occurrence_answer_is_an_error_at_its_line():
    body = """
[[cards]]
id = "bear"
name = "Grizzly Bears"
owner = "Alice"

[choices]
commander_stays = { Alice = ["yes"] }
"""
    err = error_of(body)
    assert err.line == line_of(body, 'commander_stays = { Alice = ["yes"] }')
    assert "true or false" in str(err)


# --- has / lacks: whole keyword abilities ----------------------------------------------------------------------------

KNIGHT = """
[[cards]]
id = "knight"
name = "White Knight"
owner = "Alice"

[[cards]]
id = "warden"
name = "Warded Warden"
owner = "Bob"
type = "Creature — Spirit"
pt = "2/2"
text = "Ward {2}"

[expect]
has = { knight = {has}, warden = {ward} }
lacks = { knight = {lacks} }
"""


def test_has_and_lacks_compare_whole_keyword_abilities():
    checks = replay(fill(KNIGHT, has='["protection from black", "first strike"]', ward='["ward {2}"]',
                                  lacks='["protection from red"]'))
    assert checks[("has", "knight")][0] and checks[("has", "warden")][0] and checks[("lacks", "knight")][0]
    assert "protection from black" in checks[("has", "knight")][1]


def test_a_different_quality_or_cost_is_another_ability():
    checks = replay(fill(KNIGHT, has='["protection from red"]', ward='["ward {3}"]',
                                  lacks='["protection from black"]'))
    assert not checks[("has", "knight")][0] and not checks[("has", "warden")][0]
    assert not checks[("lacks", "knight")][0]


def test_the_bare_word_names_any_ability_of_its_kind():
    checks = replay(fill(KNIGHT, has='["protection"]', ward='["ward"]', lacks='["flying"]'))
    assert all(ok for ok, _ in checks.values()), checks


def test_has_names_keyword_abilities_only():
    body = fill(KNIGHT, has='["draw a card"]', ward='["ward {2}"]', lacks='[]')
    err = error_of(body)
    assert err.line == line_of(body, 'has = { knight = ["draw a card"], warden = ["ward {2}"] }')
    assert "isn't a keyword ability" in str(err) or "can't be read" in str(err) or "line 1" in str(err)


# --- a starred P/T set by a characteristic-defining ability --------------------------------------------------------

GOYF = """
[[cards]]
id = "goyf"
{card}
owner = "Alice"

[[cards]]
id = "bolt"
name = "Lightning Bolt"
owner = "Bob"
zone = "graveyard"

[[cards]]
id = "bears"
name = "Grizzly Bears"
owner = "Alice"
zone = "graveyard"

[expect]
pt = { goyf = "2/3" }
"""
GOYF_TEXT = "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its " \
    "toughness is equal to that number plus 1."


@pytest.mark.parametrize("card", [
    f'name = "Tarmogoyf"\ntype = "Creature — Lhurgoyf"\npt = "*/1+*"\ntext = "{GOYF_TEXT}"',  # typed by hand
    'name = "Tarmogoyf"\npt = "*/1+*"',  # by name, the P/T given again as printed
    'name = "Tarmogoyf"',  # by name only
])
def test_a_starred_pt_is_set_by_the_cards_characteristic_defining_ability(card):
    checks = replay(fill(GOYF, card=card))
    assert checks[("pt", "goyf")] == (True, "2/3")  # instant and creature in the graveyards (604.3)


@pytest.mark.parametrize("card", [
    'name = "Grizzly Bears"\npt = "*/*"',  # by name: the database's text defines no P/T
    'name = "Vanilla"\ntype = "Creature — Bear"\npt = "*/*"',
])
def test_a_star_without_a_characteristic_defining_ability_is_an_error(card):
    body = fill(GOYF, card=card)
    err = error_of(body)
    assert err.line == line_of(body, 'pt = "*/*"')
    assert "604.3" in err.problem and "characteristic-defining" in err.problem


def test_a_pt_that_is_no_number_nor_a_star_is_an_error():
    body = fill(GOYF, card='name = "Tarmogoyf"\npt = "x/1"')
    err = error_of(body)
    assert err.line == line_of(body, 'pt = "x/1"') and "*/*" in err.expected


# --- name, illegal, chosen ------------------------------------------------------------------------------------

CLONE = """
[[cards]]
id = "bears"
name = "Grizzly Bears"
owner = "Bob"
""" + CLONE_IN_HAND + """
[choices]
copy = { clone = "bears" }
""" + cast_and_resolve("clone") + """
[expect]
name = { clone = "{name}" }
"""


def test_name_is_the_permanents_name_after_copy_effects():
    assert replay(fill(CLONE, name="Grizzly Bears"), "blue = 4")[("name", "clone")] == (True, "Grizzly Bears")
    assert replay(fill(CLONE, name="Clone"), "blue = 4")[("name", "clone")] == (False, "Grizzly Bears")


ILLEGAL = """
[[cards]]
id = "knight"
name = "White Knight"
owner = "Bob"

[[cards]]
id = "blade"
name = "Doom Blade"
owner = "Alice"
zone = "hand"

[[actions]]
do = "cast"
card = "blade"
targets = ["knight"]
illegal = {rules}
"""


def test_illegal_accepts_any_of_a_list_of_rules():
    assert replay(fill(ILLEGAL, rules='["115.4", "702.16b"]'), "black = 2") == {}
    assert replay(fill(ILLEGAL, rules='"702.16b"'), "black = 2") == {}
    outcome = run(loads(board("precombat main", "black = 2") + fill(ILLEGAL, rules='["115.4", "508.1"]'),
                        "case.toml"))
    assert "expects a rejection citing 115.4 or 508.1" in outcome.failure


@pytest.mark.parametrize("rules", ['[]', '["seven"]', '[702]'])
def test_a_malformed_illegal_is_an_error_at_its_line(rules):
    body = fill(ILLEGAL, rules=rules)
    assert error_of(body).line == line_of(body, f"illegal = {rules}")


MOTHER_ACTS = """
[[actions]]
do = "activate"
card = "mother"
targets = ["bears"]

[[actions]]
do = "resolve"
"""  # Mother of Runes's ability activated on the Bears, and resolved
MOTHER = """
[[cards]]
id = "mother"
name = "Mother of Runes"
owner = "Alice"

[[cards]]
id = "bears"
name = "Grizzly Bears"
owner = "Alice"

[choices]
chosen = { mother = ["black", "red"] }
""" + MOTHER_ACTS + """
[[actions]]
do = "check"
has = { bears = ["protection from black"] }

[[actions]]
do = "advance"
to = "precombat main"
turn = 5
""" + MOTHER_ACTS + """
[expect]
has = { bears = ["protection from red"] }
lacks = { bears = ["protection from black"] }
"""


def test_chosen_names_the_colour_chosen_each_time_an_ability_resolves():
    checks = run(loads(board("precombat main") + MOTHER, "case.toml")).checks
    assert [(c.what, c.ok) for c in checks] == [("has", True), ("has", True), ("lacks", True)]
