"""`[[cards]]` by name: a card given a name and neither text nor type takes its characteristics from the card
database; the fields given override one characteristic each; a name that takes no card is an error at its line;
the trace says once where the characteristics came from."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from judge_app.cli import main
from judge_app.engine.characteristics import colors_of_cost, parse_type_line
from judge_app.scenarios import ScenarioError, loads, named, run, sandbox
from judge_app.scenarios.readings import card_readings
from judge_app.scenarios.render import render_text

BOARD = """title = "t"
question = "q"
until = "precombat main"
[start]
turn = 3
active = "Alice"

[players.Alice]
[players.Bob]
"""


def card(name: str, owner: str = "Alice", **keys: object) -> str:
    lines = [f'name = "{name}"', f'owner = "{owner}"']
    lines += [f"{key} = {value}" if not isinstance(value, str) else f'{key} = "{value}"' for key, value in keys.items()]
    return "\n[[cards]]\n" + "\n".join(lines) + "\n"


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        loads(text, "case.toml")
    return info.value


def line_of(text: str, needle: str) -> int:
    return text.splitlines().index(needle) + 1


def test_a_name_alone_takes_every_characteristic_from_the_database(cards):
    scenario = loads(BOARD + card("Serra Angel") + card("Lightning Bolt", zone="hand"))
    for spec in scenario.cards:
        data = cards.get(spec.id)
        printed = spec.printed
        assert (printed.supertypes, printed.types, printed.subtypes) == parse_type_line(data.type_line)
        assert printed.mana_cost == data.mana_cost and printed.colors == colors_of_cost(data.mana_cost)
        assert spec.source == cards.provenance.label and spec.by_hand == ()
    angel, data = scenario.cards[0].printed, cards.get("Serra Angel")
    assert (str(angel.power), str(angel.toughness)) == (data.power, data.toughness)
    assert sorted(a.kind for a in angel.abilities) == ["flying", "vigilance"]  # its Oracle text, read and played


def test_a_card_by_name_plays_its_oracle_text():
    text = (BOARD + card("Lightning Bolt", zone="hand") + card("Grizzly Bears", "Bob")
            + '[players.Alice.mana]\nred = 1\n[[actions]]\ndo = "cast"\ncard = "Lightning Bolt"\n'
              'targets = ["Grizzly Bears"]\n[[actions]]\ndo = "resolve"\n'
              '[expect]\nzone = { "Grizzly Bears" = "graveyard", "Lightning Bolt" = "graveyard" }\n')
    outcome = run(loads(text))
    assert outcome.ok, (outcome.failure, [c.describe() for c in outcome.checks])
    assert "704.5g" in outcome.trace.cited()  # lethal damage: the 3 its text deals, as the database words it


def test_fields_given_override_one_characteristic_each(cards):
    scenario = loads(BOARD + card("Grizzly Bears", pt="3/4") + card("Llanowar Elves", colors=["blue"])
                     + card("Hill Giant", cost="{5}{R}{R}"))
    bears, elves, giant = (spec.printed for spec in scenario.cards)
    assert (bears.power, bears.toughness) == (3, 4) and bears.mana_cost == cards.get("Grizzly Bears").mana_cost
    assert elves.colors == frozenset({"blue"}) and elves.mana_cost == cards.get("Llanowar Elves").mana_cost
    assert giant.mana_cost == "{5}{R}{R}" and giant.colors == frozenset({"red"})  # colours follow the cost given
    assert [spec.by_hand for spec in scenario.cards] == [("pt",), ("colors",), ("cost",)]


def test_a_card_given_text_or_type_is_as_typed():
    scenario = loads(BOARD + card("Grizzly Bears", type="Creature — Bear", pt="2/2", text="Trample"))
    bears = scenario.cards[0]
    assert bears.source == "" and [a.kind for a in bears.printed.abilities] == ["trample"]
    assert bears.printed.mana_cost == ""  # nothing taken from the database
    err = error_of(BOARD + card("Grizzly Bears", text="Trample"))  # text but no type: typed, so incomplete
    assert "has no type line" in err.problem and "card database" in err.expected


def test_an_unknown_name_is_an_error_at_its_line_with_did_you_mean():
    text = BOARD + card("Grizzly Bears") + card("Tarmogyof")
    err = error_of(text)
    assert err.line == line_of(text, 'name = "Tarmogyof"')
    assert "no card in the card database is named 'Tarmogyof'" in err.problem
    assert "did you mean 'Tarmogoyf'" in err.problem
    assert "type and text given by hand" in err.expected
    assert str(err).startswith(f"case.toml:{err.line}: ")


def test_the_start_of_a_name_is_not_taken_for_the_card():
    err = error_of(BOARD + card("Tarmo"))
    assert "did you mean 'Tarmogoyf'" in err.problem


def test_a_name_several_cards_share_lists_them(cards):
    err = error_of(BOARD + card("Jace"))
    meant = cards.find("Jace").cards
    assert len(meant) > 1 and f"'Jace' names {len(meant)} cards equally well" in err.problem
    assert repr(meant[0].name) in err.problem and err.expected == "the whole name of the card meant"


def test_a_face_the_data_lacks_is_an_error_saying_to_type_it(cards):
    split = cards.get("Life // Death")
    assert split.missing_faces == ("Death",)
    text = BOARD + card("Death")
    err = error_of(text)
    assert err.line == line_of(text, 'name = "Death"')
    assert "lacks the text of 'Death' (Life // Death)" in err.problem and "by hand" in err.expected


def test_a_two_faced_card_by_its_front_face_takes_the_front_faces_characteristics(cards):
    data = cards.find("Ajani, Nacatl Pariah").card
    assert len(data.faces) == 2 and data.face_name == "Ajani, Nacatl Pariah"
    printed = loads(BOARD + card("Ajani, Nacatl Pariah")).cards[0].printed
    assert printed.name == data.face_name
    assert (printed.supertypes, printed.types, printed.subtypes) == parse_type_line(data.type_line)
    assert (str(printed.power), str(printed.toughness)) == (data.power, data.toughness)
    assert "planeswalker" not in printed.types  # not its back face, Ajani, Nacatl Avenger


@pytest.mark.parametrize(("name", "graveyards", "expected"), [
    ("Tarmogoyf", ["Lightning Bolt", "Grizzly Bears"], "2/3"),  # */1+*: instant and creature
    ("Lord of Extinction", ["Lightning Bolt", "Grizzly Bears", "Forest"], "3/3"),  # */*: three cards
])
def test_a_star_power_and_toughness_is_set_by_its_characteristic_defining_ability(name, graveyards, expected):
    dead = "".join(card(g, "Bob", id=f"dead-{n}", zone="graveyard") for n, g in enumerate(graveyards))
    outcome = run(loads(BOARD + card(name, id="it") + dead + f'[expect]\npt = {{ it = "{expected}" }}\n'))
    assert outcome.ok, [c.describe() for c in outcome.checks]


def test_a_planeswalker_by_name_enters_with_its_printed_loyalty(cards):
    loyalty = int(cards.get("Jace Beleren").loyalty)
    text = (BOARD + card("Jace Beleren", id="jace") + '[[actions]]\ndo = "activate"\ncard = "jace"\nability = 1\n'
            '[[actions]]\ndo = "resolve"\n[expect]\n' + f"loyalty = {{ jace = {loyalty + 2} }}\n")
    scenario = loads(text)
    assert scenario.cards[0].printed.loyalty == loyalty and scenario.cards[0].counters == {"loyalty": loyalty}
    outcome = run(scenario)
    assert outcome.ok, (outcome.failure, [c.describe() for c in outcome.checks])  # its "+2: Each player draws"


def test_a_battle_by_name_needs_its_defense():
    text = BOARD + card("Invasion of Dominaria")
    err = error_of(text)
    assert err.line == line_of(text, 'name = "Invasion of Dominaria"')
    assert "doesn't give a battle's defense" in err.problem and "defense = " in err.expected
    battle = loads(BOARD + card("Invasion of Dominaria", defense=6)).cards[0]
    assert battle.printed.defense == 6 and battle.by_hand == ("defense",)


def test_text_the_engine_does_not_play_is_said_and_stops_the_replay_where_it_acts():
    board = BOARD.replace("[players.Alice]\n", "[players.Alice]\nlibrary = 3\n")
    text = board.replace("[players.Bob]\n", "[players.Bob]\nlibrary = 3\n") + card("Delver of Secrets")  # transforms
    outcome = run(loads(text.replace('until = "precombat main"', 'until = "draw"')))
    assert any("Delver of Secrets" in s.text and "not yet played" not in s.text and "Not modelled" in s.text
               for s in outcome.trace.steps if s.kind == "setup")
    assert outcome.ok, outcome.failure  # Bob's upkeep (turn 4) isn't Delver's controller's: it doesn't trigger
    stopped = run(loads(text.replace('until = "precombat main"', 'until = "draw"\nuntil_turn = 5')))
    assert "not modelled" in stopped.failure and stopped.trace.steps[-1].step == "upkeep"


def test_the_trace_says_once_where_the_characteristics_came_from(corpus, cards):
    text = (BOARD + card("Serra Angel") + card("Grizzly Bears", pt="3/3")
            + card("Test Wurm", "Bob", type="Creature — Wurm", pt="6/6"))
    outcome = run(loads(text))
    first, *rest = outcome.trace.steps
    assert first.kind == "setup" and first.rules == []
    assert first.text == (f"Card characteristics from {cards.provenance.label}: Serra Angel; Grizzly Bears (P/T as "
                          "typed). As typed in the scenario: Test Wurm.")
    assert cards.provenance.date in first.text
    assert not any(cards.provenance.label in step.text for step in rest)
    assert "setup" in render_text(outcome, corpus) and cards.provenance.date in render_text(outcome, corpus)
    typed_only = run(loads(BOARD + card("Test Wurm", "Bob", type="Creature — Wurm", pt="6/6")))
    assert all(step.kind != "setup" for step in typed_only.trace.steps)  # nothing taken: nothing said


def test_the_editor_reads_a_card_by_name_from_the_database(cards):
    read = card_readings(BOARD + card("Serra Angel", id="angel") + card("Tarmogyof"))
    assert read[0]["id"] == "angel" and read[0]["text"] == cards.get("Serra Angel").text and read[0]["ok"]
    assert read[0]["type"] == cards.get("Serra Angel").type_line
    assert read[1]["name"] == "Tarmogyof" and read[1]["text"] == ""  # no card: the loader says why


def test_a_replay_in_the_sandbox_takes_cards_by_name():
    sandbox.prepare()  # the fork server's warm-up: the database is loaded before any child is forked
    text = BOARD + card("Serra Angel") + '[expect]\npt = { "Serra Angel" = "4/4" }\n'
    replay = sandbox.run_limited(lambda: (0 if run(loads(text)).ok else 1, "done"))
    assert replay == (0, "done")
    typo = BOARD + card("Seraa Angel")
    refused = sandbox.run_limited(lambda: (0, str(loads(typo))))
    assert isinstance(refused, sandbox.Refusal) and refused.line == line_of(typo, 'name = "Seraa Angel"')
    assert "did you mean 'Serra Angel'" in refused.problem


def test_the_command_line_says_an_unknown_name_at_its_line_and_exits_2(tmp_path):
    text = BOARD + card("Serra Angel") + card("Seraa Angel", "Bob")
    path = tmp_path / "typo.toml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["scenario", "run", str(path)])
    assert result.exit_code == 2 and result.output.strip().count("\n") == 0
    line = line_of(text, 'name = "Seraa Angel"')
    assert f"{path}:{line}: no card in the card database is named 'Seraa Angel' (did you mean 'Serra Angel'?)" \
        in result.output
    path.write_text(text.replace("Seraa", "Serra").replace('owner = "Bob"', 'owner = "Bob"\nid = "other"'),
                    encoding="utf-8")
    shown = CliRunner().invoke(main, ["scenario", "run", str(path)])
    assert shown.exit_code == 0 and "setup" in shown.output and "Serra Angel" in shown.output


def test_without_the_card_data_a_card_by_name_is_an_error_at_its_line(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CORPUS_DIR", str(tmp_path))  # a corpus folder without cards/
    monkeypatch.setattr(named, "_database", [])
    text = BOARD + card("Serra Angel")
    err = error_of(text)
    assert err.line == line_of(text, 'name = "Serra Angel"')
    assert "the card database can't be read" in err.problem and "by hand" in err.expected
    sandbox.prepare(text)  # nothing to load: the loader says why, as above
    assert card_readings(text)[0]["text"] == ""
