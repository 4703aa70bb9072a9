"""The cards of a scenario text as the card-text grammar reads them, as plain data: what the web's scenario
editor shows beside each card (the same reading as `judge card read`).

It needs only the `[[cards]]` tables, so it reads text the loader would refuse for another reason (that
is when a writer most wants to see how a card reads). Text that is not TOML has no cards to show. A card
taken by name (`named`) is read from the card database's text.
"""

from __future__ import annotations

import tomllib
from typing import Any

from judge_app.cardtext import read
from judge_app.cardtext.render import summary
from judge_app.scenarios import named

MAX_CARDS = 100  # readings shown for one scenario; more cards are left unread, not refused


def card_readings(text: str) -> list[dict[str, Any]]:
    """One entry per card table with a name: {id, name, type, text, ok, abilities, errors}."""
    try:
        tables = tomllib.loads(text).get("cards")
    except (tomllib.TOMLDecodeError, RecursionError):
        return []
    if not isinstance(tables, list):
        return []
    found = []
    for table in tables[:MAX_CARDS]:
        if not isinstance(table, dict) or not isinstance(table.get("name"), str):
            continue
        card_id = _string(table.get("id")) or table["name"]
        if named.by_name(table):  # the card database's card of that name, if it names one
            table = named.as_read(table["name"]) or table
        name, type_line, oracle = table["name"], _string(table.get("type")), _string(table.get("text"))
        card = read(oracle, name=name, type_line=type_line or None)
        found.append({"id": card_id, "name": name, "type": type_line, "text": oracle,
                      "ok": card.ok, "abilities": [summary(a) for a in card.abilities],
                      "errors": [{"line": e.line, "column": e.column, "message": e.message, "text": e.text}
                                 for e in card.errors]})
    return found


def _string(value: Any) -> str:
    return value if isinstance(value, str) else ""
