"""Boards shared by the engine's tests: pieces of random boards for the property tests (instants in hand, cards in
the library), and a scenario file's text for the replays of real cards (`board`, `card`)."""
from __future__ import annotations

import json

from judge_app.engine import GameObject, GameState
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.interpret import read_card


def give_spells(state: GameState, owner: str, prefix: str, spells: list[str]) -> None:
    """Put one instant per text into the owner's hand; "~" in a text is the spell's own name."""
    for n, text in enumerate(spells):
        oid = f"{prefix}-spell-{n}"
        name = f"Spell {owner[0]}{n}"
        printed = Characteristics(name=name, mana_cost="{1}", types=frozenset({"instant"}),
                                  abilities=tuple(read_card(text.replace("~", name), name, "Instant")))
        state.objects[oid] = GameObject(oid, owner, owner, "hand", printed, timestamp=state.next_timestamp())
        state.players[owner].hand.append(oid)


def give_library(state: GameState, owner: str, prefix: str, count: int) -> None:
    """Put count sorcery cards into the owner's library, so drawing never loses the game by itself."""
    for n in range(count):
        oid = f"{prefix}-library-{n}"
        state.objects[oid] = GameObject(oid, owner, owner, "library", Characteristics(
            name=f"card {oid}", types=frozenset({"sorcery"})))
        state.players[owner].library.append(oid)


BOARD = """
title = "test"
question = "?"
until = "{until}"
[start]
turn = 3
active = "Alice"
[players.Alice]
library = 3
mana = {{ {mana} }}
[players.Bob]
library = 3
mana = {{ {bob_mana} }}
"""


def board(until: str = "end", mana: str = "", bob_mana: str = "") -> str:
    """A scenario's start: Alice's turn 3, three cards in each library, the mana given (`red = 2`) in the pools."""
    return BOARD.format(until=until, mana=mana, bob_mana=bob_mana)


def card(cid: str, name: str, owner: str, type_line: str, text: str = "", pt: str = "", cost: str = "",
         zone: str = "battlefield", **more: object) -> str:
    """A scenario's `[[cards]]` entry; `more` are its other keys as Python values (`tapped=True`,
    `colors=["green"]`, `counters={"+1/+1": 1}`, `attached_to="angel"`)."""
    lines = [f'[[cards]]\nid = "{cid}"\nname = "{name}"\nowner = "{owner}"\ntype = "{type_line}"\nzone = "{zone}"']
    lines += [f'{key} = """{value}"""' for key, value in (("text", text), ("pt", pt), ("cost", cost)) if value]
    lines += [f"{key} = {_toml(value)}" for key, value in more.items()]
    return "\n".join(lines) + "\n"


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(value)
