"""Any card text in a scenario — real Oracle text, mutated — is read and played, or refused as a scenario error
at the card's line: never a traceback while loading or replaying."""

from __future__ import annotations

import tomllib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_app import paths
from judge_app.scenarios import ScenarioError, loads, named, run

TABLES = [card for path in paths.scenarios_dir().glob("*.toml")
          for card in tomllib.loads(path.read_text(encoding="utf-8")).get("cards", [])]
# the library's cards as the loader reads them: typed, or taken by name from the card database
TEXTS = sorted({card["text"] for card in (named.as_read(t["name"]) or t if named.by_name(t) else t for t in TABLES)
                if card.get("text")})
WORDS = ["target", "each", "creature", "you control", "until end of turn", "draw", "X", "{2/W}", "{S}", "may",
         "instead", "sacrifice", "another", "up to two", "counter", "that much", "its power", "—", "\n", "."]

BOARD = """title = "mutated text"
question = "q"
until = "end"
[players.Alice]
mana = {{ red = 3, white = 2, green = 2, blue = 2, black = 2 }}
library = 3
[players.Bob]
library = 3
[[cards]]
id = "bear"
name = "Grizzly Bears"
owner = "Bob"
type = "Creature — Bear"
pt = "2/2"
[[cards]]
id = "card"
name = "Test Card"
owner = "Alice"
zone = "{zone}"
type = "{type}"
cost = "{{1}}"
{pt}text = {text}
[[actions]]
do = "{do}"
card = "card"
targets = {targets}
"""


@st.composite
def mutated(draw) -> str:
    text = draw(st.sampled_from(TEXTS))
    words = text.split(" ")
    for _ in range(draw(st.integers(0, 3))):
        where = draw(st.integers(0, len(words)))
        if draw(st.booleans()) and words:
            del words[min(where, len(words) - 1)]
        else:
            words.insert(where, draw(st.sampled_from(WORDS)))
    return " ".join(words)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(), st.sampled_from(["Instant", "Creature — Test", "Enchantment", "Artifact"]),
       st.sampled_from([[], ["bear"], ["Bob"], ["bear", "Bob"]]))
def test_mutated_card_text_loads_or_is_refused_and_replays_without_a_traceback(text, type_line, targets):
    spell = type_line in ("Instant",)
    source = BOARD.format(zone="hand" if spell else "battlefield", type=type_line,
                          pt='pt = "2/2"\n' if "Creature" in type_line else "", text=repr_toml(text),
                          do="cast" if spell else "activate", targets=targets)
    try:
        scenario = loads(source, "mutated.toml")
    except ScenarioError as exc:
        assert exc.line >= 1 and exc.problem
        return
    outcome = run(scenario)  # an illegal action is a failure of the scenario, never an exception
    assert outcome.trace.steps


def repr_toml(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
