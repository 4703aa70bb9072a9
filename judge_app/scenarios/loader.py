"""Scenario file (TOML) → `Scenario`, or a `ScenarioError` naming the file, the line, what is wrong and what
was expected. Every key is checked (unknown keys are errors, with a "did you mean"), every reference to a
card or player must resolve, and ability text must be understood by the engine's template registry.
The format is documented in `scenarios/README.md`.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from pathlib import Path
from typing import Any

from judge_app.engine.ability import COLORS
from judge_app.engine.characteristics import (
    Characteristics,
    check_mana_cost,
    colors_of_cost,
    parse_colors,
    parse_pt,
    parse_type_line,
)
from judge_app.engine.interpret import CardTextError, Unplayable, read_card
from judge_app.engine.keywords import KEYWORD_COUNTER_KINDS
from judge_app.engine.layers import EFFECT_KINDS  # the effect kinds, each with its layer (registered there)
from judge_app.engine.placeholders import read_for_replay
from judge_app.engine.state import ZONES, Step
from judge_app.scenarios import abilities, named
from judge_app.scenarios.locate import KeyLines, deepest_line
from judge_app.scenarios.locate import Path as KeyPath
from judge_app.scenarios.model import (
    ActionSpec,
    CardSpec,
    Expectation,
    PlayerSpec,
    Scenario,
    ScenarioError,
)

STEP_NAMES: dict[str, Step] = {s.value: s for s in Step} | {
    "main 1": Step.PRECOMBAT_MAIN, "first main": Step.PRECOMBAT_MAIN, "main 2": Step.POSTCOMBAT_MAIN,
    "second main": Step.POSTCOMBAT_MAIN, "end of turn": Step.CLEANUP, "combat": Step.BEGINNING_OF_COMBAT,
}
# a replay starts as a player would receive priority (or as attackers are about to be declared)
START_STEPS = [s for s in Step if s not in (Step.UNTAP, Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE, Step.CLEANUP)]
COUNTER_KINDS = {"+1/+1", "-1/-1", "loyalty", "defense", *KEYWORD_COUNTER_KINDS}
RESULTS = "\"<player> wins\", \"draw\" or \"ongoing\""

TOP_KEYS = {
    "title": "the scenario's title", "question": "the question, in Markdown", "answer": "the short answer, in Markdown",
    "tags": "a list of topics", "start": "the [start] table", "players": "the [players.<name>] tables",
    "cards": "the [[cards]] tables", "choices": "the [choices] table", "actions": "the [[actions]] tables",
    "expect": "the [expect] table", "until": "a step name (where the replay stops; default \"cleanup\")",
    "until_turn": "a turn number",
}
MAX_PLAYERS = 8
PLAYER_KEYS = {"life": "an integer", "poison": "an integer",
               "commander_casts": "{ commander card id = times cast from the command zone so far } (903.8)",
               "commander_damage": "{ commander card id = combat damage it has dealt this player } (903.10a)",
               "mana": "{ colour = amount } in the mana pool at the start",
               "library": "a number of cards or a list of card ids",
               "hand": "a list of card ids", "graveyard": "a list of card ids", "exile": "a list of card ids"}
CARD_KEYS = {
    "id": "a unique id (default: the name)", "name": "the card name", "owner": "a player", "controller": "a player",
    "zone": f"one of {', '.join(ZONES)}", "type": "a type line such as \"Creature — Bear\"",
    "cost": "a mana cost such as \"{1}{G}\"", "colors": "a list of colours (a colour indicator)",
    "pt": "power/toughness such as \"2/2\"", "loyalty": "an integer", "text": "Oracle-like rules text",
    "defense": "an integer (a battle's printed defense)", "protector": "a player (a battle's protector)",
    "face_down": "true or false (a face-down permanent, 708)", "commander": "true or false (its owner's commander)",
    "token": "true or false", "tapped": "true or false", "summoning_sick": "true or false",
    "damage": "an integer", "counters": "a table such as { \"+1/+1\" = 2 }", "attached_to": "a card id",
}
EXPECT_KEYS = {
    "life": "{ player = life }", "poison": "{ player = counters }", "zone": "{ card = zone }",
    "pt": "{ card = \"P/T\" }", "damage": "{ card = damage marked }", "counters": "{ card = { kind = number } }",
    "loyalty": "{ card = loyalty }", "tapped": "{ card = true/false }", "attached": "{ card = card id or false }",
    "has": "{ card = [keywords] }", "lacks": "{ card = [keywords it must not have] }",
    "controller": "{ card = player }", "type": "{ card = \"type line\" }", "colors": "{ card = [colours] }",
    "name": "{ card = \"its name now\" } (after copy and text-changing effects)",
    "stack": "a list of the names on the stack, top first ([] for empty)",
    "mana": "{ player = { colour = amount } } (the whole pool)",
    "result": RESULTS, "rules": "a list of rule numbers, in the order cited",
}
CHOICE_KEYS = {"legend_rule_keep": "a list of card ids", "discard": "a list of card ids",
               "new_targets": "{ card id of the spell that copies = [the copy's targets], or [[…], […]] per copy }",
               "commander_stays": "a list of players who leave their commander where it went (graveyard, exile, hand, "
                                  "library), or { player = true/false or [answers, one per move] }",
               "trigger_order": "{ player = [source card ids, first put on the stack first] }",
               "trigger_targets": "{ source card id = [targets], or [[…], […]] per time it triggers }",
               "replacement_order": "{ player = [effect source card ids, first applied first] }",
               "decline_to_pay": "a list of players who don't pay \"unless … pays\" costs, or { player = true/false "
                                 "or [answers in order] }",
               "sacrifice": "a list of card ids chosen when a player sacrifices",
               "may": "{ source card id = true/false, or [answers in order] } (\"you may\"; default: yes)",
               "modes": "{ source card id = [mode numbers], or [[…], […]] per time } for a modal triggered ability",
               "proliferate": "a list of card ids and players proliferate picks, or [[…], […]] one list per "
                              "proliferate (default: all with counters)",
               "choose": "{ source card id = [card ids], or [[…], […]] per resolution } picked when its text says "
                         "\"a creature …\" (default: the oldest)",
               "copy": "{ card id = card id, or [card ids, one per time it enters] } what a Clone enters as a copy "
                       "of (default: the oldest it may copy)",
               "chosen": "{ card id = \"red\" / \"Goblin\" / \"a card name\", or [one per choice] } chosen as it "
                         "enters (\"As ~ enters, choose a color\") or as its ability resolves (\"the color of your "
                         "choice\"; default: said in the trace)",
               "mana_color": "{ card id = [colours] } chosen, in order, as its \"Add one mana of any color\" resolves "
                             "(default: a colour the cost being paid needs, else said in the trace)"}

# action → its keys: key → (value kind, required)
_TARGETED = {"target": ("card", True), "source": ("card", False)}
# what is announced or chosen as a spell is cast or an ability activated
_ANNOUNCED = {"x": ("count", False), "announce": ("announce", False), "modes": ("modes", False),
              "divide": ("damage map", False), "sacrifice": ("cards", False), "discard": ("cards", False),
              "exile": ("cards", False), "delve": ("cards", False), "crew": ("cards", False),
              "tap": ("cards", False)}
ACTIONS: dict[str, dict[str, tuple[str, bool]]] = {
    "attack": {"attackers": ("attackers", True)},
    "block": {"blockers": ("blockers", False)},
    "combat damage": {"assign": ("assign", False)},
    "advance": {"to": ("step", True), "turn": ("int", False)},
    "pump": {**_TARGETED, "power": ("int", True), "toughness": ("int", True), "duration": ("duration", False)},
    "set pt": {**_TARGETED, "pt": ("pt", True), "duration": ("duration", False)},
    "switch pt": {**_TARGETED, "duration": ("duration", False)},
    "gain": {**_TARGETED, "abilities": ("abilities", True), "duration": ("duration", False)},
    "lose": {**_TARGETED, "abilities": ("abilities", True), "duration": ("duration", False)},
    "counters": {"target": ("card or player", True), "source": ("card", False), "counter": ("counter", True),
                 "amount": ("int", True)},
    "damage": {"source": ("card", True), "to": ("damage map", True), "targeted": ("bool", False)},
    "destroy": dict(_TARGETED), "exile": dict(_TARGETED), "bounce": dict(_TARGETED),
    "sacrifice": {"target": ("card", True)},
    "tap": dict(_TARGETED), "untap": dict(_TARGETED),
    "remove from combat": dict(_TARGETED),
    "enter": {"card": ("card", True), "attached_to": ("card", False)},
    "attach": {"card": ("card", True), "to": ("card", True), "source": ("card", False)},
    "gain life": {"player": ("player", True), "amount": ("int", True), "source": ("card", False)},
    "lose life": {"player": ("player", True), "amount": ("int", True), "source": ("card", False)},
    "draw": {"player": ("player", True), "count": ("int", False)},
    "add mana": {"player": ("player", True), "mana": ("mana", True), "amount": ("int", False)},
    "concede": {"player": ("player", True)},
    "cast": {"card": ("card", True), "player": ("player", False), "targets": ("targets", False),
             "mana": ("cards", False), "words": ("words", False), **_ANNOUNCED, "kicked": ("bool", False)},
    "activate": {"card": ("card", True), "player": ("player", False), "ability": ("int", False),
                 "targets": ("targets", False), "mana": ("cards", False), **_ANNOUNCED},
    "resolve": {"count": ("int", False)},
    "turn face up": {"card": ("card", True), "player": ("player", False), "mana": ("cards", False)},
    "play land": {"card": ("card", True), "player": ("player", False)},
    "check": {k: ("expect", False) for k in EXPECT_KEYS if k != "rules"},
    "explain": {"card": ("card", True)},
}
MANA = ("white", "blue", "black", "red", "green", "colorless")


class _Reader:
    """Checks values against what is expected, raising `ScenarioError` at the right line."""

    def __init__(self, file: Path, text: str):
        self.file = file
        self.lines = KeyLines(text)

    def error(self, path: KeyPath, problem: str, expected: str = "") -> ScenarioError:
        return ScenarioError(self.file, self.lines.line(path), problem, expected)

    def table(self, value: Any, path: KeyPath, allowed: dict[str, Any], what: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(path, f"{what} must be a table", "a TOML table")
        for key in value:
            if key not in allowed:
                close = difflib.get_close_matches(key, list(allowed), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise self.error((*path, key), f"unknown key {key!r} in {what}{hint}",
                                 "one of " + ", ".join(allowed))
        return value

    def typed(self, value: Any, path: KeyPath, kind: type | tuple[type, ...], expected: str) -> Any:
        if isinstance(value, bool) and kind is not bool and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            raise self.error(path, f"{_label(path)} is {value!r}", expected)
        if not isinstance(value, kind):
            raise self.error(path, f"{_label(path)} is {value!r}", expected)
        return value

    def string_list(self, value: Any, path: KeyPath, expected: str) -> list[str]:
        if isinstance(value, str):
            return [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(path, f"{_label(path)} is {value!r}", expected)
        return value


def _label(path: KeyPath) -> str:
    return ".".join(str(p) for p in path if not isinstance(p, int)) or "the file"


def load(path: Path | str) -> Scenario:
    """Read and check one scenario file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(path, 1, f"can't read the file: {exc}", "a UTF-8 text file") from None
    return loads(text, path)


def loads(text: str, path: Path | str = "<scenario>") -> Scenario:
    path = Path(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = re.search(r"\(at line (\d+), column (\d+)\)", message)
        line = int(match.group(1)) if match else 1
        problem = re.sub(r"\s*\(at line \d+, column \d+\)", "", message)
        where = f" at column {match.group(2)}" if match else ""
        raise ScenarioError(path, line, f"invalid TOML{where}: {problem}", "TOML (https://toml.io) syntax") from None
    except RecursionError:  # tomllib reads nested arrays and inline tables recursively
        raise ScenarioError(path, deepest_line(text), "arrays or inline tables nested too deeply",
                            "a few levels of nesting, as in the examples") from None
    return _Loader(_Reader(path, text), path).scenario(data)


class _Loader:
    def __init__(self, reader: _Reader, path: Path):
        self.r = reader
        self.path = path
        self.players: list[str] = []
        self.card_ids: dict[str, int] = {}
        self.raw_players: dict[str, Any] = {}

    def scenario(self, data: dict[str, Any]) -> Scenario:
        r = self.r
        r.table(data, (), TOP_KEYS, "the scenario")
        for key in ("title", "question"):
            if key not in data:
                raise r.error((), f"the scenario has no {key!r}", f"{key} = \"…\" at the top of the file")
        title = r.typed(data["title"], ("title",), str, "a string")
        question = r.typed(data["question"], ("question",), str, "a string (Markdown)")
        answer = r.typed(data.get("answer", ""), ("answer",), str, "a string (Markdown)")
        tags = r.string_list(data.get("tags", []), ("tags",), "a list of strings")
        players = self._players(data.get("players"))
        cards = self._cards(data.get("cards", []), players)
        start = r.table(data.get("start", {}), ("start",), {"turn": "", "active": "", "step": ""}, "[start]")
        turn = r.typed(start.get("turn", 1), ("start", "turn"), int, "a turn number (1 or more)")
        if turn < 1:
            raise r.error(("start", "turn"), f"turn is {turn}", "a turn number (1 or more)")
        active = self._player(start.get("active", self.players[0]), ("start", "active"))
        step = self._step(start.get("step", "precombat main"), ("start", "step"))
        if step not in START_STEPS:
            raise r.error(("start", "step"), f"a scenario can't start in the {step.value} step",
                          "a step in which a player receives priority, or \"declare attackers\"")
        choices = r.table(data.get("choices", {}), ("choices",), CHOICE_KEYS, "[choices]")
        keep = [self._card(c, ("choices", "legend_rule_keep")) for c in
                r.string_list(choices.get("legend_rule_keep", []), ("choices", "legend_rule_keep"), "card ids")]
        discard = [self._card(c, ("choices", "discard")) for c in
                   r.string_list(choices.get("discard", []), ("choices", "discard"), "card ids")]
        extra = self._more_choices(choices)
        actions = self._actions(data.get("actions", []))
        expect = r.table(data.get("expect", {}), ("expect",), EXPECT_KEYS, "[expect]")
        expectations = self._expectations(expect, ("expect",))
        expected_rules = [self._rule_number(n, ("expect", "rules")) for n in
                          r.string_list(expect.get("rules", []), ("expect", "rules"), "a list of rule numbers")]
        until = self._step(data.get("until", "cleanup"), ("until",))
        until_turn = data.get("until_turn")
        if until_turn is not None:
            r.typed(until_turn, ("until_turn",), int, "a turn number")
        return Scenario(path=self.path, title=title, question=question, answer=answer, tags=tags, turn=turn,
                        active=active, step=step, players=players, cards=cards, actions=actions,
                        expectations=expectations, expected_rules=expected_rules,
                        expected_rules_line=r.lines.line(("expect", "rules")), until=until, until_turn=until_turn,
                        legend_rule_keep=keep, discard=discard, **extra)

    def _more_choices(self, choices: dict[str, Any]) -> dict[str, Any]:
        """The [choices] a rule asks for again at each occurrence, each as a list of answers used in order (the
        last one answering every later occurrence): one answer alone is a list of one."""
        r = self.r
        out: dict[str, Any] = {}
        for key in ("trigger_order", "replacement_order"):
            table = r.typed(choices.get(key, {}), ("choices", key), dict, CHOICE_KEYS[key])
            out[key] = {self._player(p, ("choices", key)): [self._card(c, ("choices", key)) for c in
                                                            r.string_list(ids, ("choices", key), "card ids")]
                        for p, ids in table.items()}
        out["sacrifice"] = [self._card(c, ("choices", "sacrifice")) for c in
                            r.string_list(choices.get("sacrifice", []), ("choices", "sacrifice"), "card ids")]
        for key in ("decline_to_pay", "commander_stays"):  # players, or { player = true/false or [answers] }
            value = choices.get(key, [])
            path: KeyPath = ("choices", key)
            if isinstance(value, dict):
                out[key] = {self._player(p, path): self._answers(v, path, lambda v, at: r.typed(
                    v, at, bool, "true or false"), scalar=True) for p, v in value.items()}
            else:
                out[key] = {self._player(p, path): [True] for p in r.string_list(value, path, CHOICE_KEYS[key])}
        per_source = {  # key → how one answer is read
            "trigger_targets": lambda v, at: [self._card_or_player(t, at) for t in r.string_list(v, at, "targets")],
            "new_targets": lambda v, at: [self._card_or_player(t, at) for t in r.string_list(v, at, "targets")],
            "choose": lambda v, at: [self._card(x, at) for x in r.string_list(v, at, "card ids")],
            "modes": lambda v, at: self._value("modes", v, at),
            "copy": lambda v, at: self._card(r.typed(v, at, str, CHOICE_KEYS["copy"]), at),
            "chosen": lambda v, at: r.typed(v, at, str, CHOICE_KEYS["chosen"]),
        }
        for key, one in per_source.items():
            path = ("choices", key)
            table = r.typed(choices.get(key, {}), path, dict, CHOICE_KEYS[key])
            out[key] = {self._card(c, path): self._answers(v, path, one, scalar=key in ("copy", "chosen"))
                        for c, v in table.items()}
        may = r.typed(choices.get("may", {}), ("choices", "may"), dict, CHOICE_KEYS["may"])
        out["may"] = {}
        for card, answers in may.items():
            answers = answers if isinstance(answers, list) else [answers]
            if not answers or not all(isinstance(a, bool) for a in answers):
                raise r.error(("choices", "may"), f"may.{card} = {may[card]!r}", CHOICE_KEYS["may"])
            out["may"][self._card(card, ("choices", "may"))] = answers
        table = r.typed(choices.get("mana_color", {}), ("choices", "mana_color"), dict, CHOICE_KEYS["mana_color"])
        out["mana_color"] = {}
        for c, colors in table.items():
            listed = r.string_list(colors, ("choices", "mana_color"), "colours")
            if not listed or any(x.lower() not in COLORS for x in listed):
                raise r.error(("choices", "mana_color"), f"mana_color.{c} = {colors!r}", CHOICE_KEYS["mana_color"])
            out["mana_color"][self._card(c, ("choices", "mana_color"))] = [x.lower() for x in listed]
        if "proliferate" in choices:
            out["proliferate"] = self._answers(choices["proliferate"], ("choices", "proliferate"), lambda v, at: [
                self._card_or_player(c, at) for c in r.string_list(v, at, "card ids and players")], scalar=False)
        return out

    def _answers(self, value: Any, path: KeyPath, one: Any, scalar: bool) -> list[Any]:
        """One answer, or a list of answers, one per occurrence: for a choice whose answer is itself a list
        (targets, modes, cards), a list of lists."""
        several = isinstance(value, list) and bool(value) and (
            scalar or all(isinstance(v, list) for v in value))
        if isinstance(value, list) and not value and scalar:
            raise self.r.error(path, "an empty list of answers", CHOICE_KEYS[path[-1]])
        return [one(v, path) for v in value] if several else [one(value, path)]

    # --- players and cards --------------------------------------------------------------------------

    def _players(self, value: Any) -> list[PlayerSpec]:
        r = self.r
        if not isinstance(value, dict) or not 2 <= len(value) <= MAX_PLAYERS:
            raise r.error(("players",), f"a scenario needs two to {MAX_PLAYERS} players, in turn order",
                          "tables [players.<name>], e.g. [players.Alice] and [players.Bob]")
        self.players = list(value)
        self.raw_players = value
        return [PlayerSpec(name=name) for name in value]

    def _fill_players(self, specs: list[PlayerSpec], raw: dict[str, Any]) -> None:
        r = self.r
        for spec in specs:
            path: KeyPath = ("players", spec.name)
            table = r.table(raw[spec.name], path, PLAYER_KEYS, f"[players.{spec.name}]")
            spec.life = r.typed(table.get("life", 20), (*path, "life"), int, "an integer")
            spec.poison = r.typed(table.get("poison", 0), (*path, "poison"), int, "an integer (0 or more)")
            if spec.poison < 0:
                raise r.error((*path, "poison"), "poison is negative", "an integer (0 or more)")
            pool = r.typed(table.get("mana", {}), (*path, "mana"), dict, PLAYER_KEYS["mana"])
            for mana, amount in pool.items():
                self._value("mana", mana, (*path, "mana"))
                if r.typed(amount, (*path, "mana"), int, "an amount of mana") < 0:
                    raise r.error((*path, "mana"), f"{amount} {mana} mana", "0 or more")
            spec.mana = {m: n for m, n in pool.items() if n}
            for key in ("commander_casts", "commander_damage"):
                table_ = r.typed(table.get(key, {}), (*path, key), dict, PLAYER_KEYS[key])
                tallies = {}
                for card, count in table_.items():
                    if r.typed(count, (*path, key), int, "an integer") < 0:
                        raise r.error((*path, key), f"{count} is negative", "0 or more")
                    tallies[card] = count
                setattr(spec, key, tallies)

    def _cards(self, value: Any, players: list[PlayerSpec]) -> list[CardSpec]:
        r = self.r
        if not isinstance(value, list):
            raise r.error(("cards",), "cards must be an array of tables", "[[cards]] tables")
        raw_players = self.raw_players
        self._fill_players(players, raw_players)
        specs: list[CardSpec] = []
        for index, raw in enumerate(value):
            specs.append(self._card_spec(raw, ("cards", index)))
        by_id = {c.id: c for c in specs}
        for spec in specs:
            if spec.attached_to is not None and spec.attached_to not in by_id:
                raise self._unknown_card(spec.attached_to, ("cards", specs.index(spec), "attached_to"))
        for player in players:
            path: KeyPath = ("players", player.name)
            table = raw_players[player.name]
            library = table.get("library", 0)
            if isinstance(library, int) and not isinstance(library, bool):
                if library < 0:
                    raise r.error((*path, "library"), "library is negative", "a number of cards (0 or more)")
                for n in range(1, library + 1):
                    card_id = f"{player.name}-library-{n}"
                    spec = CardSpec(card_id, player.name, player.name, "library",
                                    Characteristics(name=f"{player.name}'s card {n}", types=frozenset({"sorcery"})))
                    specs.append(spec)
                    player.library.append(card_id)
                    self.card_ids[card_id] = self.r.lines.line((*path, "library"))
            else:
                player.library = self._zone_list(table, "library", player, specs)
            for zone in ("hand", "graveyard", "exile"):
                getattr(player, zone).extend(self._zone_list(table, zone, player, specs))
        for player in players:
            for key in ("commander_casts", "commander_damage"):
                for card in getattr(player, key):
                    self._card(card, ("players", player.name, key))
        owners = {p.name: p for p in players}
        for spec in specs:  # a card given a zone but not listed in its owner's zone list is added to it
            if spec.zone != "battlefield" and not any(spec.id in getattr(p, spec.zone) for p in players):
                getattr(owners[spec.owner], spec.zone).append(spec.id)
        return specs

    def _zone_list(self, table: dict[str, Any], zone: str, player: PlayerSpec, specs: list[CardSpec]) -> list[str]:
        path: KeyPath = ("players", player.name, zone)
        ids = self.r.string_list(table.get(zone, []), path, "a list of card ids")
        by_id = {c.id: c for c in specs}
        for card_id in ids:
            if card_id not in by_id:
                raise self._unknown_card(card_id, path)
            card = by_id[card_id]
            if card.owner != player.name:
                raise self.r.error(path, f"{card_id!r} is owned by {card.owner}, not {player.name}",
                                   f"cards {player.name} owns")
            card.zone = zone
        return ids

    def _card_spec(self, raw: Any, path: KeyPath) -> CardSpec:
        r = self.r
        table = r.table(raw, path, CARD_KEYS, "a [[cards]] table")
        if "name" not in table:
            raise r.error(path, "a card has no name", "name = \"…\"")
        name = r.typed(table["name"], (*path, "name"), str, "a string")
        card_id = r.typed(table.get("id", name), (*path, "id"), str, "a string")
        given, source = table, ""
        if named.by_name(table):
            table, name, source = self._from_database(table, name, card_id, path)
        said = " (from the card database; or give the card's text by hand)" if source else ""

        def at(key: str) -> KeyPath:  # a characteristic taken from the database: said at the card's name
            return (*path, key if key in given else "name")

        if card_id in self.card_ids or card_id in self.players:
            raise r.error((*path, "id") if "id" in table else (*path, "name"),
                          f"the id {card_id!r} is used twice", "a unique id for each card (add id = \"…\")")
        self.card_ids[card_id] = r.lines.line(path)
        owner = self._player(table.get("owner", ""), (*path, "owner")) if "owner" in table else None
        if owner is None:
            raise r.error(path, f"card {card_id!r} has no owner", f"owner = one of {', '.join(self.players)}")
        controller = self._player(table.get("controller", owner), (*path, "controller"))
        zone = r.typed(table.get("zone", "battlefield"), (*path, "zone"), str, f"one of {', '.join(ZONES)}")
        if zone not in ZONES:
            raise r.error((*path, "zone"), f"unknown zone {zone!r}", f"one of {', '.join(ZONES)}")
        if "type" not in table:
            raise r.error(path, f"card {card_id!r} has no type line", "type = \"Creature — Bear\" or similar (or no "
                          "text either: a card of the card database by its name)")
        try:
            supertypes, types, subtypes = parse_type_line(r.typed(table["type"], at("type"), str, "a string"))
        except ValueError as exc:
            raise r.error(at("type"), str(exc) + said,
                          "a type line such as \"Legendary Creature — Elf\"") from None
        cost = r.typed(table.get("cost", ""), at("cost"), str, "a mana cost")
        problem = check_mana_cost(cost)
        if problem:
            raise r.error(at("cost"), problem, "a mana cost such as \"{1}{G}\"")
        colors = colors_of_cost(cost)
        if "colors" in table:
            try:
                colors = parse_colors(r.string_list(table["colors"], at("colors"), "a list of colours"))
            except ValueError as exc:
                raise r.error(at("colors"), str(exc), "white, blue, black, red or green") from None
        power = toughness = None
        starred = False
        if "pt" in table:
            power, toughness, starred = self._printed_pt(table["pt"], at("pt"))
        elif "creature" in types:
            raise r.error(path, f"the creature {card_id!r} has no power/toughness", "pt = \"2/2\" or similar")
        loyalty = table.get("loyalty")
        if loyalty is not None:
            r.typed(loyalty, at("loyalty"), int, "an integer")
        elif "planeswalker" in types:
            raise r.error(path, f"the planeswalker {card_id!r} has no loyalty", "loyalty = 3 or similar")
        defense = table.get("defense")
        if defense is not None:
            r.typed(defense, (*path, "defense"), int, "an integer")
        elif "battle" in types:
            raise r.error(path, f"the battle {card_id!r} has no defense", "defense = 5 or similar")
        protector = self._player(table["protector"], (*path, "protector")) if "protector" in table else ""
        text = r.typed(table.get("text", ""), at("text"), str, "a string")
        try:
            abilities = read_for_replay(text, name, r.typed(table["type"], at("type"), str, "a string"))
        except CardTextError as exc:
            raise r.error(at("text"), f"card {card_id!r}: its text can't be read at line {exc.line}, column "
                          f"{exc.column}: {exc.message}{said}",
                          "Oracle text (`judge card read` shows how a text is read)") from None
        if starred and not any(a.kind == "cda" and any(c.kind in EFFECT_KINDS and EFFECT_KINDS[c.kind].layer == "7a"
                                                                for c in a.changes)
                               for a in abilities):
            raise r.error(at("pt"), f"card {card_id!r} ({name}) has the P/T {table['pt']!r}, but no "
                          "characteristic-defining ability of its text sets its power or toughness (604.3)",
                          "numbers (pt = \"2/2\"), or a text whose ability defines the starred value")
        printed = Characteristics(name=name, mana_cost=cost, colors=colors, supertypes=supertypes, types=types,
                                  subtypes=subtypes, power=power, toughness=toughness, loyalty=loyalty,
                                  defense=defense, abilities=tuple(abilities))
        counters = self._counters(table.get("counters", {}), (*path, "counters"))
        if loyalty is not None and zone == "battlefield" and "loyalty" not in counters:
            counters["loyalty"] = loyalty  # 306.5b: it entered with its printed loyalty
        if defense is not None and zone == "battlefield" and "defense" not in counters:
            counters["defense"] = defense  # 310.4b: it entered with its printed defense
        spec = CardSpec(id=card_id, owner=owner, controller=controller, zone=zone, printed=printed,
                        token=r.typed(table.get("token", False), (*path, "token"), bool, "true or false"),
                        tapped=r.typed(table.get("tapped", False), (*path, "tapped"), bool, "true or false"),
                        summoning_sick=r.typed(table.get("summoning_sick", False), (*path, "summoning_sick"), bool,
                                               "true or false"),
                        damage=r.typed(table.get("damage", 0), (*path, "damage"), int, "an integer"),
                        counters=counters, line=r.lines.line(path), protector=protector,
                        face_down=r.typed(table.get("face_down", False), (*path, "face_down"), bool, "true or false"),
                        commander=r.typed(table.get("commander", False), (*path, "commander"), bool, "true or false"),
                        source=source, by_hand=named.overridden(given) if source else ())
        if spec.face_down and zone != "battlefield":
            raise r.error((*path, "face_down"), f"{card_id!r} is face down in the {zone}",
                          "face_down only for a permanent on the battlefield")
        if "attached_to" in table:
            spec.attached_to = r.typed(table["attached_to"], (*path, "attached_to"), str, "a card id")
        if zone != "battlefield" and (spec.tapped or spec.damage or spec.attached_to):
            raise r.error(path, f"{card_id!r} is in the {zone} but is given a battlefield status "
                          "(tapped, damage or attached_to)", "those keys only for cards on the battlefield")
        return spec

    def _printed_pt(self, value: Any, path: KeyPath) -> tuple[int, int, bool]:
        """A printed P/T: numbers, or a star its characteristic-defining ability sets ("*/*", "*/1+*": a star
        counts 0, 208.2a); whether it has a star."""
        text = self.r.typed(value, path, str, "a string such as \"2/2\"")
        halves = text.split("/")
        numbers = [named.printed_number(h) for h in halves] if len(halves) == 2 else []
        if len(numbers) != 2 or None in numbers:
            raise self.r.error(path, f"{text!r} is not a power/toughness such as \"2/3\"",
                               "\"power/toughness\": numbers, or \"*/*\" (\"1+*\", \"*+1\") where the card's "
                               "characteristic-defining ability sets it")
        power, toughness = numbers
        assert power is not None and toughness is not None
        return power, toughness, "*" in text

    def _from_database(self, table: dict[str, Any], name: str, card_id: str,
                       path: KeyPath) -> tuple[dict[str, Any], str, str]:
        """A card by name (`named`): its table with the database's characteristics added under the keys it doesn't
        give, the name its characteristics are printed under, and where they come from."""
        try:
            card = named.card_named(name)
            return {**named.values(card, table), **table}, card.face_name, named.database().provenance.label
        except named.NameProblem as exc:
            who = f"card {card_id!r}: " if card_id != name else ""
            raise self.r.error((*path, "name"), who + exc.problem, exc.expected) from None

    def _counters(self, value: Any, path: KeyPath) -> dict[str, int]:
        table = self.r.table(value, path, dict.fromkeys(COUNTER_KINDS, ""), "counters")
        out = {}
        for kind, count in table.items():
            self.r.typed(count, (*path, kind), int, "a number of counters")
            if count < 0:
                raise self.r.error((*path, kind), f"{count} {kind} counters", "0 or more")
            out[kind] = count
        return out

    # --- references -----------------------------------------------------------------------------------

    def _player(self, value: Any, path: KeyPath) -> str:
        if value not in self.players:
            raise self.r.error(path, f"unknown player {value!r}", f"one of {', '.join(self.players)}")
        return value

    def _card(self, value: Any, path: KeyPath) -> str:
        """A card id of [[cards]], or "token-N": the Nth token created during the replay."""
        if isinstance(value, str) and re.fullmatch(r"token-\d+", value):
            return value
        if not isinstance(value, str) or value not in self.card_ids:
            raise self._unknown_card(value, path)
        return value

    def _card_or_player(self, value: Any, path: KeyPath) -> str:
        if isinstance(value, str) and (value in self.players or re.fullmatch(r"token-\d+", value)):
            return value
        if not isinstance(value, str) or value not in self.card_ids:
            close = difflib.get_close_matches(str(value), [*self.card_ids, *self.players], n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise self.r.error(path, f"{value!r} is neither a card id nor a player{hint}",
                               f"a card id or one of {', '.join(self.players)}")
        return value

    def _unknown_card(self, value: Any, path: KeyPath) -> ScenarioError:
        close = difflib.get_close_matches(str(value), list(self.card_ids), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return self.r.error(path, f"unknown card {value!r}{hint}",
                            "the id (or name) of a card in [[cards]]: " + ", ".join(self.card_ids))

    def _step(self, value: Any, path: KeyPath) -> Step:
        if not isinstance(value, str) or value.lower().replace("_", " ") not in STEP_NAMES:
            raise self.r.error(path, f"unknown step {value!r}", "one of " + ", ".join(s.value for s in Step))
        return STEP_NAMES[value.lower().replace("_", " ")]

    def _rule_number(self, value: str, path: KeyPath) -> str:
        if not re.fullmatch(r"\d{3}(\.\d+[a-z]?)?", value):
            raise self.r.error(path, f"{value!r} is not a rule number", "numbers such as \"702.19b\"")
        return value

    # --- actions and expectations ------------------------------------------------------------------------

    def _actions(self, value: Any) -> list[ActionSpec]:
        r = self.r
        if not isinstance(value, list):
            raise r.error(("actions",), "actions must be an array of tables", "[[actions]] tables")
        out = []
        for index, raw in enumerate(value):
            path: KeyPath = ("actions", index)
            if not isinstance(raw, dict) or "do" not in raw:
                raise r.error(path, "an action has no 'do'", "do = one of " + ", ".join(f'"{a}"' for a in ACTIONS))
            do = str(raw["do"]).lower().replace("_", " ")
            if do not in ACTIONS:
                close = difflib.get_close_matches(do, list(ACTIONS), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise r.error((*path, "do"), f"unknown action {raw['do']!r}{hint}",
                              "one of " + ", ".join(f'"{a}"' for a in ACTIONS))
            schema = ACTIONS[do]
            r.table(raw, path, {"do": "", "illegal": "", **schema}, f"a {do!r} action")
            params: dict[str, Any] = {}
            for key, (kind, required) in schema.items():
                if key not in raw:
                    if required:
                        raise r.error(path, f"the {do!r} action needs {key!r}", f"{key} = {_KIND_HELP[kind]}")
                    continue
                params[key] = self._value(kind, raw[key], (*path, key))
            illegal = None
            if "illegal" in raw:  # the rule its rejection cites, or a list of rules any of which it may cite
                at = (*path, "illegal")
                numbers = r.string_list(raw["illegal"], at, "a rule number, or a list of rule numbers")
                if not numbers:
                    raise r.error(at, "illegal = []", "a rule number, or a list of rule numbers")
                illegal = tuple(self._rule_number(x, at) for x in numbers)
            out.append(ActionSpec(do=do, params=params, line=r.lines.line(path), illegal=illegal))
        return out

    def _value(self, kind: str, value: Any, path: KeyPath) -> Any:
        r = self.r
        if kind == "card":
            return self._card(value, path)
        if kind == "player":
            return self._player(value, path)
        if kind == "card or player":
            return self._card_or_player(value, path)
        if kind == "int":
            return r.typed(value, path, int, "an integer")
        if kind == "bool":
            return r.typed(value, path, bool, "true or false")
        if kind == "count":
            if r.typed(value, path, int, "a number (0 or more)") < 0:
                raise r.error(path, f"{_label(path)} is {value}", "a number (0 or more)")
            return value
        if kind == "announce":
            ways = r.string_list(value, path, _KIND_HELP["announce"])
            wrong = [w for w in ways if w not in (*MANA, "generic", "life")]
            if wrong:
                raise r.error(path, f"unknown way to pay {wrong[0]!r}", _KIND_HELP["announce"])
            return ways
        if kind == "step":
            return self._step(value, path)
        if kind == "duration":
            if value not in ("until end of turn", "indefinitely"):
                raise r.error(path, f"unknown duration {value!r}", "\"until end of turn\" or \"indefinitely\"")
            return value
        if kind == "pt":
            try:
                return parse_pt(r.typed(value, path, str, "\"P/T\""))
            except ValueError as exc:
                raise r.error(path, str(exc), "\"power/toughness\"") from None
        if kind == "counter":
            if value not in COUNTER_KINDS and value != "poison":
                raise r.error(path, f"unknown counter kind {value!r}", "one of " + ", ".join(sorted(COUNTER_KINDS))
                              + ", poison")
            return value
        if kind == "mana":
            if value not in MANA:
                raise r.error(path, f"unknown mana {value!r}", "one of " + ", ".join(MANA))
            return value
        if kind == "abilities":
            text = r.typed(value, path, str, "ability text such as \"flying\"")
            try:
                abilities = read_card(text.replace(", ", "\n"))
            except (CardTextError, Unplayable) as exc:
                raise r.error(path, f"can't grant {text!r}: {exc}", "keyword abilities such as \"flying\"") from None
            if not abilities or any(a.node is None or type(a.node).__name__ != "KeywordAbility" for a in abilities):
                raise r.error(path, f"{text!r} isn't a list of keyword abilities", "keywords such as \"flying\"")
            return abilities
        if kind == "attackers":
            if isinstance(value, list):
                return [(self._card(v, path), None) for v in r.string_list(value, path, "a list of card ids")]
            table = r.typed(value, path, dict, "a list of card ids or a table { attacker = player or planeswalker }")
            return [(self._card(k, path), self._card_or_player(v, path)) for k, v in table.items()]
        if kind == "blockers":
            table = r.typed(value, path, dict, "a table { blocker = attacker } or { blocker = [attackers] }")
            return [(self._card(k, path), self._card(a, path)) for k, v in table.items()
                    for a in r.string_list(v, path, "an attacker's card id or a list of them")]
        if kind == "assign":
            table = r.typed(value, path, dict, "a table { creature = { recipient = damage } }")
            out = {}
            for creature, split in table.items():
                self._card(creature, path)
                split = r.typed(split, path, dict, "a table { recipient = damage }")
                out[creature] = {self._card_or_player(k, path): r.typed(v, path, int, "an integer")
                                 for k, v in split.items()}
            return out
        if kind == "targets":
            if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
                return [[self._card_or_player(v, path) for v in r.string_list(group, path, _KIND_HELP["targets"])]
                        for group in value]
            return [self._card_or_player(v, path) for v in r.string_list(value, path, _KIND_HELP["targets"])]
        if kind == "modes":
            modes = r.typed(value, path, list, "a list of mode numbers, such as [1, 3]")
            if not modes or not all(isinstance(m, int) and not isinstance(m, bool) and m >= 1 for m in modes):
                raise r.error(path, f"modes = {value!r}", "a list of mode numbers (1 for the first), such as [1, 3]")
            return modes
        if kind == "cards":
            return [self._card(v, path) for v in r.string_list(value, path, "a list of card ids")]
        if kind == "words":
            words = r.string_list(value, path, "two colour words")
            if len(words) != 2 or any(w not in MANA[:5] for w in words):
                raise r.error(path, f"words = {value!r}", "two colour words, such as [\"red\", \"blue\"]")
            return words
        if kind == "damage map":
            table = r.typed(value, path, dict, "a table { recipient = damage }")
            return {self._card_or_player(k, path): r.typed(v, path, int, "an integer") for k, v in table.items()}
        if kind == "expect":
            return self._expectations({path[-1]: value}, path[:-1])
        raise AssertionError(kind)

    def _expectations(self, table: dict[str, Any], path: KeyPath) -> list[Expectation]:
        r = self.r
        out = []
        for what, value in table.items():
            if what == "rules":
                continue
            key_path = (*path, what)
            line = r.lines.line(key_path)
            if what == "stack":
                out.append(Expectation("stack", "", r.string_list(value, key_path, "a list of names"), line))
                continue
            if what == "result":
                value = r.typed(value, key_path, str, RESULTS)
                match = re.fullmatch(r"(.+) wins", value)
                if not (value in ("draw", "ongoing") or (match and match.group(1) in self.players)):
                    raise r.error(key_path, f"unknown result {value!r}", RESULTS)
                out.append(Expectation("result", "", value, line))
                continue
            items = r.typed(value, key_path, dict, EXPECT_KEYS[what])
            for subject, expected in items.items():
                if what in ("life", "poison"):
                    subject = self._player(subject, key_path)
                    r.typed(expected, key_path, int, "an integer")
                elif what == "controller":
                    subject = self._card(subject, key_path)
                    expected = self._player(expected, key_path)
                elif what == "mana":
                    subject = self._player(subject, key_path)
                    pool = r.typed(expected, key_path, dict, EXPECT_KEYS["mana"])
                    for mana, amount in pool.items():
                        self._value("mana", mana, key_path)
                        r.typed(amount, key_path, int, "an amount of mana")
                else:
                    subject = self._card(subject, key_path)
                    expected = self._expected_value(what, expected, key_path)
                keys: tuple[str, ...] = ()
                if what in ("has", "lacks"):
                    try:
                        keys = tuple(abilities.named(expected))
                    except ValueError as exc:
                        raise r.error(key_path, str(exc), "keyword abilities such as \"flying\", \"protection from "
                                      "black\", \"ward {2}\"") from None
                out.append(Expectation(what, subject, expected, line, keys))
        return out

    def _expected_value(self, what: str, value: Any, path: KeyPath) -> Any:
        r = self.r
        if what == "zone":
            if value not in (*ZONES, "gone"):
                raise r.error(path, f"unknown zone {value!r}", f"one of {', '.join(ZONES)}, gone")
            return value
        if what == "pt":
            try:
                power, toughness = parse_pt(r.typed(value, path, str, "\"P/T\""))
            except ValueError as exc:
                raise r.error(path, str(exc), "\"power/toughness\"") from None
            return f"{power}/{toughness}"
        if what in ("damage", "loyalty"):
            return r.typed(value, path, int, "an integer")
        if what == "counters":
            return self._counters(value, path)
        if what == "tapped":
            return r.typed(value, path, bool, "true or false")
        if what == "attached":
            if value is False:
                return None
            return self._card(value, path)
        if what in ("has", "lacks"):
            return r.string_list(value, path, "a list of keyword abilities")
        if what == "name":
            return r.typed(value, path, str, "a card name")
        if what == "type":
            return r.typed(value, path, str, "a type line such as \"Land — Mountain\"")
        if what == "colors":
            return sorted(parse_colors(r.string_list(value, path, "a list of colours")))
        raise AssertionError(what)


_KIND_HELP = {
    "card": "a card id", "player": "a player name", "card or player": "a card id or a player name",
    "int": "an integer", "bool": "true or false", "step": "a step name", "duration": "\"until end of turn\"",
    "pt": "\"P/T\"", "counter": "a counter kind such as \"+1/+1\"", "mana": "a colour or \"colorless\"",
    "abilities": "ability text such as \"flying\"", "attackers": "[\"card id\", …] or { attacker = player }",
    "blockers": "{ blocker = attacker } or { blocker = [attacker, …] }",
    "assign": "{ creature = { recipient = damage } }",
    "damage map": "{ recipient = damage }", "expect": "an expectation",
    "targets": "[\"card id or player\", …], or one list per target phrase",
    "modes": "[1, 3]",
    "cards": "[\"card id\", …]", "words": "[\"red\", \"blue\"]", "count": "a number (0 or more)",
    "announce": "how each hybrid or Phyrexian symbol is paid, in order: a colour, \"colorless\", \"generic\" or "
                "\"life\"",
}
