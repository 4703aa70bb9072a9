"""Names that come from data (an alignment relation, a document kind, a game step, a kind of trace step, a
mana colour, why a replay was refused, a kind of ability), as words of the interface.

Each table maps the data's name to an interface string, so the strings are extractable into the catalogs;
`name_of` translates at the moment of use and leaves a name we have no words for as it is.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString

RELATIONS = {
    "same": _l("same"), "changed": _l("changed"), "renumbered": _l("renumbered"), "split": _l("split"),
    "merged": _l("merged"), "removed": _l("removed"), "added": _l("new"), "translation": _l("translation"),
    "untranslated": _l("not translated"), "translation-only": _l("only in the translation"),
}
DOCUMENT_KINDS = {
    "comprehensive-rules": _l("Comprehensive Rules"), "lesson": _l("Judge lesson"),
    "basic-rulebook": _l("Basic rulebook"), "community-notes": _l("Community notes"),
}
# The engine's names of the steps and phases of a turn (CR 500–514).
STEPS = {
    "untap": _l("untap step"), "upkeep": _l("upkeep"), "draw": _l("draw step"),
    "precombat main": _l("precombat main phase"), "beginning of combat": _l("beginning of combat"),
    "declare attackers": _l("declare attackers"), "declare blockers": _l("declare blockers"),
    "combat damage": _l("combat damage"), "first-strike combat damage": _l("first-strike combat damage"),
    "regular combat damage": _l("regular combat damage"), "end of combat": _l("end of combat"),
    "postcombat main": _l("postcombat main phase"), "end": _l("end step"), "cleanup": _l("cleanup"),
}
# The kinds of step in a trace (judge_app.engine.trace).
TRACE_KINDS = {
    "setup": _l("setup"), "turn-based action": _l("turn-based action"), "priority": _l("priority"),
    "state-based actions": _l("state-based actions"), "action": _l("action"), "default choice": _l("default choice"),
    "rejected": _l("rejected"), "game over": _l("game over"), "note": _l("note"),
    "passes": _l("everyone passes"),  # a run of steps in which nobody acts (judge_app.scenarios.render.fold_passes)
}
# The kinds of ability the card-text grammar reads (judge_app.cardtext.nodes, each class's KIND).
ABILITY_KINDS = {
    "keyword": _l("keyword ability"), "static": _l("static ability"), "triggered": _l("triggered ability"),
    "activated": _l("activated ability"), "mana": _l("mana ability"), "loyalty": _l("loyalty ability"),
    "spell": _l("spell ability"), "replacement": _l("replacement effect"),
}
STACK_KINDS = {"spell": _l("spell"), "activated": _l("activated ability"), "triggered": _l("triggered ability")}
MANA = {"white": _l("white"), "blue": _l("blue"), "black": _l("black"), "red": _l("red"), "green": _l("green"),
        "colorless": _l("colorless")}
# Why the sandbox refused a replay (judge_app.scenarios.sandbox.Refusal.kind).
REFUSALS = {
    "size": _l("The scenario is too large"), "encoding": _l("The text is not UTF-8"),
    "scenario": _l("The scenario has a mistake"), "time": _l("The replay took too long"),
    "memory": _l("The replay needed too much memory"), "too long": _l("The trace is too long"),
    "busy": _l("The server is busy"), "crash": _l("The engine could not replay it"),
    "unavailable": _l("Replays are unavailable for a moment"),
}

TABLES: dict[str, dict[str, LazyString]] = {
    "relation": RELATIONS, "kind": DOCUMENT_KINDS, "step": STEPS, "trace": TRACE_KINDS, "stack": STACK_KINDS,
    "mana": MANA, "refusal": REFUSALS, "ability": ABILITY_KINDS,
}


def name_of(table: str, name: str) -> str:
    """`name` from the data, in the interface language; the name itself if we have no words for it."""
    found = TABLES[table].get(name)
    return str(found) if found is not None else name
