"""Replay a scenario on the engine and check what it expects: scenario → engine → trace (+ checks)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from judge_app.engine import actions, rules
from judge_app.engine.characteristics import same_type_line
from judge_app.engine.choices import Choices
from judge_app.engine.continuous import UNTIL_END_OF_TURN
from judge_app.engine.errors import IllegalAction, NotModelled
from judge_app.engine.game import Game
from judge_app.engine.state import GameObject, GameState, Player
from judge_app.engine.trace import NOTE, REJECTED, SETUP, Trace
from judge_app.scenarios import abilities
from judge_app.scenarios.model import ActionSpec, Expectation, Scenario


@dataclass
class Check:
    """One expectation and what the replay gave."""

    what: str
    subject: str
    expected: Any
    actual: Any
    line: int
    ok: bool
    at: str = "end"  # "end", or "after line N" for a `check` action

    def describe(self) -> str:
        subject = f" of {self.subject}" if self.subject else ""
        status = "ok" if self.ok else "FAILED"
        got = "" if self.ok else f", got {self.actual!r}"
        return f"{status}: {self.what}{subject} = {self.expected!r}{got} (line {self.line}, {self.at})"

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what, "subject": self.subject, "expected": self.expected, "actual": self.actual,
                "ok": self.ok, "line": self.line, "at": self.at}


@dataclass
class Outcome:
    scenario: Scenario
    trace: Trace
    checks: list[Check] = field(default_factory=list)
    failure: str | None = None  # an action rejected unexpectedly, or accepted when the scenario said it is illegal

    @property
    def ok(self) -> bool:
        return self.failure is None and all(c.ok for c in self.checks)


def build_game(scenario: Scenario) -> Game:
    """A fresh game in the scenario's starting position."""
    players = {}
    for spec in scenario.players:
        players[spec.name] = Player(name=spec.name, life=spec.life, poison=spec.poison, library=list(spec.library),
                                    hand=list(spec.hand), graveyard=list(spec.graveyard), exile=list(spec.exile),
                                    mana_pool=dict(spec.mana), command=list(spec.command),
                                    commander_casts=dict(spec.commander_casts),
                                    commander_damage=dict(spec.commander_damage))
    state = GameState(players=players, turn=scenario.turn, active=scenario.active, step=scenario.step)
    for card in scenario.cards:
        state.objects[card.id] = GameObject(
            id=card.id, owner=card.owner, controller=card.controller if card.zone == "battlefield" else card.owner,
            zone=card.zone, printed=card.printed, token=card.token, tapped=card.tapped, damage=card.damage,
            counters=dict(card.counters), controlled_since_turn_start=not card.summoning_sick,
            timestamp=state.next_timestamp(), attached_to=card.attached_to,
            protector=card.protector or (state.opponent(card.controller) if "battle" in card.printed.types else ""),
            face_down=card.face_down, commander=card.commander)
        if card.zone == "battlefield":
            state.battlefield.append(card.id)
    answers = {key: copy.deepcopy(getattr(scenario, key)) for key in PER_OCCURRENCE}  # used up as the game goes
    choices = Choices(legend_rule_keep=list(scenario.legend_rule_keep), discard=list(scenario.discard),
                      trigger_order=scenario.trigger_order, replacement_order=scenario.replacement_order,
                      sacrifice=list(scenario.sacrifice), **answers)
    return Game(state, choices)


# the [choices] answered per occurrence, in order (`choices.take`)
PER_OCCURRENCE = ("trigger_targets", "decline_to_pay", "may", "modes", "proliferate", "choose", "copy",
                  "new_targets", "commander_stays", "chosen", "mana_color")


def _p(action: ActionSpec, key: str, default: Any = None) -> Any:
    return action.params.get(key, default)


# what a player announces or chooses as they cast or activate (601.2b–d, 602.2b)
ANNOUNCED = ("words", "x", "announce", "modes", "kicked", "divide", "sacrifice", "discard", "exile", "delve",
             "crew", "tap")


def _announced(action: ActionSpec) -> dict[str, Any]:
    return {key: action.params[key] for key in ANNOUNCED if key in action.params}


_DO: dict[str, Callable[[Game, ActionSpec], None]] = {
    "attack": lambda g, a: g.declare_attackers(_p(a, "attackers")),
    "block": lambda g, a: g.declare_blockers(_p(a, "blockers", [])),
    "combat damage": lambda g, a: g.combat_damage(_p(a, "assign")),
    "advance": lambda g, a: g.advance_to(_p(a, "to"), _p(a, "turn")),
    "pump": lambda g, a: g.apply(actions.pump, _p(a, "target"), _p(a, "power"), _p(a, "toughness"), _p(a, "source"),
                                      _p(a, "duration", UNTIL_END_OF_TURN)),
    "set pt": lambda g, a: g.apply(actions.set_pt, _p(a, "target"), *_p(a, "pt"), _p(a, "source"),
                                          _p(a, "duration", UNTIL_END_OF_TURN)),
    "switch pt": lambda g, a: g.apply(actions.switch_pt, _p(a, "target"), _p(a, "source"),
                                                _p(a, "duration", UNTIL_END_OF_TURN)),
    "gain": lambda g, a: g.apply(actions.grant, _p(a, "target"), _p(a, "abilities"), _p(a, "source"),
                                       _p(a, "duration", UNTIL_END_OF_TURN)),
    "lose": lambda g, a: g.apply(actions.grant, _p(a, "target"), _p(a, "abilities"), _p(a, "source"),
                                       _p(a, "duration", UNTIL_END_OF_TURN), lose=True),
    "counters": lambda g, a: g.apply(actions.put_counters, _p(a, "target"), _p(a, "counter"), _p(a, "amount"),
                                                  _p(a, "source")),
    "damage": lambda g, a: g.apply(actions.deal, _p(a, "source"), _p(a, "to"), _p(a, "targeted", True)),
    "destroy": lambda g, a: g.apply(actions.destroy, _p(a, "target"), _p(a, "source")),
    "exile": lambda g, a: g.apply(actions.exile, _p(a, "target"), _p(a, "source")),
    "bounce": lambda g, a: g.apply(actions.return_to_hand, _p(a, "target"), _p(a, "source")),
    "sacrifice": lambda g, a: g.apply(actions.sacrifice, _p(a, "target")),
    "tap": lambda g, a: g.apply(actions.set_tapped, _p(a, "target"), True, _p(a, "source")),
    "untap": lambda g, a: g.apply(actions.set_tapped, _p(a, "target"), False, _p(a, "source")),
    "remove from combat": lambda g, a: g.apply(actions.remove_from_combat, _p(a, "target"), _p(a, "source")),
    "enter": lambda g, a: g.apply(actions.put_onto_battlefield, _p(a, "card"), _p(a, "attached_to")),
    "attach": lambda g, a: g.apply(actions.attach, _p(a, "card"), _p(a, "to"), _p(a, "source")),
    "gain life": lambda g, a: g.apply(actions.change_life, _p(a, "player"), _p(a, "amount"), _p(a, "source")),
    "lose life": lambda g, a: g.apply(actions.change_life, _p(a, "player"), -_p(a, "amount"), _p(a, "source")),
    "draw": lambda g, a: g.apply(actions.draw, _p(a, "player"), _p(a, "count", 1)),
    "add mana": lambda g, a: g.apply(actions.add_mana, _p(a, "player"), _p(a, "mana"), _p(a, "amount", 1)),
    "concede": lambda g, a: g.concede(_p(a, "player")),
    "cast": lambda g, a: g.cast(_p(a, "player") or g.state.objects[_p(a, "card")].owner, _p(a, "card"),
                                _p(a, "targets", []), _p(a, "mana"), _announced(a)),
    "activate": lambda g, a: g.activate(_p(a, "player") or g.controller(_p(a, "card")), _p(a, "card"),
                                        _p(a, "ability", 1), _p(a, "targets", []), _p(a, "mana"), _announced(a)),
    "resolve": lambda g, a: g.resolve(_p(a, "count", 1)),
    "turn face up": lambda g, a: g.turn_face_up(_p(a, "player") or g.controller(_p(a, "card")), _p(a, "card"),
                                                _p(a, "mana")),
    "play land": lambda g, a: g.play_land(_p(a, "player") or g.state.objects[_p(a, "card")].owner, _p(a, "card")),
}


def run(scenario: Scenario) -> Outcome:
    """Replay every action in order, stop where the scenario says, and check the expectations."""
    game = build_game(scenario)
    outcome = Outcome(scenario, game.trace)
    said = sources_note(scenario)
    if said:
        game.record(SETUP, said, [])
    try:
        game.start()
    except NotModelled as exc:
        game.line = next((c.line for c in scenario.cards if c.id == exc.source and c.line), None)
        game.record(NOTE, f"The engine can't play this yet: {exc.message}. The replay stops here rather than guess.",
                    list(exc.rules))
        where = f"{scenario.path}:{game.line}" if game.line else str(scenario.path)
        outcome.failure = f"{where}: not modelled: {exc}"
        return outcome
    for action in scenario.actions:
        game.line = action.line
        if game.over:
            game.record(NOTE, "The game is over: the remaining actions are not replayed.", [rules.GAME_ENDS])
            break
        if action.do == "explain":
            game.explain(action.params["card"])
            continue
        if action.do == "check":
            expected = [e for items in action.params.values() for e in items]
            explain_expected(game, expected)
            outcome.checks += [check(game, e, f"after line {action.line}") for e in expected]
            continue
        failure = _replay(game, scenario, action)
        if failure:
            outcome.failure = failure
            return outcome
    game.line = None
    if not game.over:
        try:
            game.advance_to(scenario.until, scenario.until_turn)
        except NotModelled as exc:
            game.record(NOTE, f"The engine can't play this yet: {exc.message}. The replay stops here rather than "
                        "guess.", list(exc.rules))
            outcome.failure = f"{scenario.path}: not modelled: {exc}"
            return outcome
    explain_expected(game, scenario.expectations)
    outcome.checks += [check(game, e, "end") for e in scenario.expectations]
    if scenario.expected_rules:
        outcome.checks.append(_check_rules(game.trace, scenario.expected_rules, scenario.expected_rules_line))
    return outcome


def sources_note(scenario: Scenario) -> str:
    """Where the cards' characteristics come from, when any comes from the card database: said once, as the
    replay starts, with the database and its date ("" when every card is typed in the file)."""
    taken: dict[str, dict[str, None]] = {}
    typed: dict[str, None] = {}
    for card in scenario.cards:
        if card.source:
            keys = f" ({', '.join(_SAID.get(k, k) for k in card.by_hand)} as typed)" if card.by_hand else ""
            taken.setdefault(card.source, {})[card.printed.name + keys] = None
        elif card.line:  # not the unnamed cards a library of N cards is made of
            typed[card.printed.name] = None
    if not taken:
        return ""
    said = [f"Card characteristics from {source}: {'; '.join(names)}." for source, names in taken.items()]
    if typed:
        said.append(f"As typed in the scenario: {'; '.join(typed)}.")
    return " ".join(said)


_SAID = {"pt": "P/T", "colors": "colours"}


# the characteristic an expectation asks about, as `View.decided` names it
EXPECTED_ASPECTS = {"pt": "pt", "type": "types", "has": "abilities", "lacks": "abilities", "colors": "colors",
                    "controller": "controller"}


def explain_expected(game: Game, expectations: list[Expectation]) -> None:
    """What the scenario asks is the outcome: the continuous effects that make each characteristic it asks about
    what it is now are said, once per change (613), before the expectations are checked."""
    for expectation in expectations:
        aspect = EXPECTED_ASPECTS.get(expectation.what)
        if aspect is not None and expectation.subject in game.state.objects:
            game.what_decided(expectation.subject, (aspect,), f"As the scenario asks ({expectation.what})")


def _missing(game: Game, action: ActionSpec) -> list[str]:
    """Tokens named by the action ("token-2") that the replay hasn't created."""
    refs = [v for v in action.params.values() if isinstance(v, str)]
    refs += [x for v in action.params.values() if isinstance(v, list) for x in v if isinstance(x, str)]
    return [r for r in refs if r.startswith("token-") and r not in game.state.objects]


def _replay(game: Game, scenario: Scenario, action: ActionSpec) -> str | None:
    where = f"{scenario.path}:{action.line}"
    missing = _missing(game, action)
    if missing:
        return f"{where}: no {', '.join(missing)} was created by this point of the replay"
    try:
        _DO[action.do](game, action)
    except NotModelled as exc:
        game.record(NOTE, f"The engine can't play this yet ({action.do}): {exc.message}. The replay stops here rather "
                    "than guess.", list(exc.rules))
        return f"{where}: not modelled ({action.do}): {exc}"
    except IllegalAction as exc:
        game.record(REJECTED, f"Rejected ({action.do}): {exc.message}. The game returns to the moment before.",
                    [*exc.rules, rules.ILLEGAL_ACTION_REVERSED])
        if action.illegal is None:
            return f"{where}: illegal action ({action.do}): {exc}"
        if not set(action.illegal) & set(exc.rules):
            return (f"{where}: the action was rejected citing {', '.join(exc.rules)}, but the scenario expects a "
                    f"rejection citing {' or '.join(action.illegal)}")
        return None
    if action.illegal is not None:
        return (f"{where}: the scenario expects this action to be illegal ({' or '.join(action.illegal)}), but the "
                "engine allowed it")
    return None


def actual_value(game: Game, what: str, subject: str) -> Any:
    state = game.state
    if what == "result":
        result = state.result
        if result is None:
            return "ongoing"
        return "draw" if result.draw else f"{result.winners[0]} wins"
    if what in ("life", "poison"):
        return getattr(state.players[subject], what)
    if what == "mana":
        return dict(state.players[subject].mana_pool)
    if what == "stack":
        return [item.name for item in reversed(state.stack)]
    obj = state.objects.get(subject)
    if obj is None:
        return "not created"
    if what == "zone":
        return obj.zone
    if what == "damage":
        return obj.damage
    if what == "counters":
        return dict(obj.counters)
    if what == "tapped":
        return obj.tapped
    if what == "attached":
        return obj.attached_to
    chars = game.chars(subject)
    if what == "pt":
        return chars.pt
    if what == "loyalty":
        return chars.loyalty
    if what in ("has", "lacks"):
        return sorted({" ".join(a.text.lower().split()) for a in chars.abilities})
    if what == "name":
        return chars.name
    if what == "controller":
        return chars.controller
    if what == "type":
        return chars.type_line
    if what == "colors":
        return sorted(chars.colors)
    raise AssertionError(what)


def check(game: Game, expectation: Expectation, at: str) -> Check:
    actual = actual_value(game, expectation.what, expectation.subject)
    if expectation.what in ("has", "lacks"):
        owned = game.chars(expectation.subject).abilities if expectation.subject in game.state.objects else ()
        held = [abilities.has(k, owned) for k in expectation.keys]
        ok = all(held) if expectation.what == "has" else not any(held)
    elif expectation.what == "type" and isinstance(actual, str):
        ok = same_type_line(actual, expectation.expected)
    else:
        ok = actual == expectation.expected
    return Check(expectation.what, expectation.subject, expectation.expected, actual, expectation.line, ok, at)


def _check_rules(trace: Trace, expected: list[str], line: int) -> Check:
    """The rules the scenario names must be cited in this order (other citations may come between)."""
    cited = trace.citations()
    position = 0
    for number in expected:
        try:
            position = cited.index(number, position) + 1
        except ValueError:
            missing = number
            return Check("rules", "", expected, f"{missing} not cited (in order) — cited: {', '.join(trace.cited())}",
                         line, False)
    return Check("rules", "", expected, expected, line, True)
