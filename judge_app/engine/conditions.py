""""As long as …": whether a static ability's condition holds (611.3a), evaluated over its tree as the board
stands where the effect applies — in the layer being computed, so a type change of layer 4 is seen by a
condition checked for a layer-7 effect (613.1), and devotion counts mana costs after copy and control effects
(700.5a).

The tree is the card-text reader's `Condition`: "compare" (`amount` `comparison` `other`: life totals, cards in
a zone, devotion, counters on it, "more creatures than you"), "control" (players controlling a number of
described permanents), "is" (the object's own status, "seven or more cards are in your graveyard"), "has",
"turn", "event" ("~ is enchanted", "it entered this turn"), and "not" / "and" / "or" over parts. Players named
by a description ("an opponent", "any player") are quantified: one of them is enough, "each" needs all.

`unplayable` is asked when the card is read, so `holds` never meets a shape it can't evaluate; `cited` gives
the rules that define what the condition looks at, for the trace.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from judge_app.cardtext import nodes as n
from judge_app.engine import matching, rules
from judge_app.engine.ability import COLORS
from judge_app.engine.matching import Anchor, Chars
from judge_app.engine.state import GameState

PLAYER_PROPERTIES = {"life total": rules.LIFE_TOTAL, "life": rules.LIFE_TOTAL, "cards in hand": rules.HAND,
                     "cards in graveyard": rules.GRAVEYARD, "cards in library": rules.LIBRARY,
                     "devotion": rules.DEVOTION}
OBJECT_PROPERTIES = ("power", "toughness")
SELF_STATUSES = {"attacking": rules.BECOMES_ATTACKING, "blocking": rules.BECOMES_BLOCKING,
                 "tapped": rules.PERMANENT_STATUS, "untapped": rules.PERMANENT_STATUS, "enchanted": rules.ENCHANTED,
                 "equipped": rules.EQUIPPED}
ATTACHED = {"be enchanted": "enchanted", "be equipped": "equipped"}
ZONE_RULES = {"graveyard": rules.GRAVEYARD, "hand": rules.HAND, "library": rules.LIBRARY, "exile": rules.EXILE}


@dataclass(frozen=True, slots=True)
class Board:
    """Where a condition is asked: the state, characteristics as the current layer has them, the object with the
    ability and its controller ("you", 109.5)."""

    state: GameState
    chars: Chars
    source: str
    you: str

    @property
    def anchor(self) -> Anchor:
        return Anchor(self.you, self.source)


# --- reading: what the engine can evaluate ---------------------------------------------------------------

def unplayable(c: n.Condition) -> str | None:
    """Why the engine can't evaluate this condition yet, or None."""
    kind = c.kind
    if kind in ("and", "or", "not"):
        return next((why for part in c.parts if (why := unplayable(part))), None) if c.parts else "no parts"
    if kind == "turn":
        return None if _is_you(c.subject) or c.subject is None else "whose turn"
    if kind == "control":
        described = _alternatives(c.object)
        if not _players_ok(c.subject) or not described:
            return "who controls what"
        return next((why for d in described if (why := matching.unplayable(d) or _count_unplayable(
            d.selector.count))), None)
    if kind == "compare":
        if c.subject is not None and not _players_ok(c.subject) and not _is_self(c.subject):
            return "whose amount"
        return _amount_unplayable(c.amount) or _amount_unplayable(c.other) or (
            None if c.comparison in ("<", "<=", "==", ">=", ">") else f"the comparison {c.comparison!r}")
    if kind == "is":
        if (c.subject is None or _is_self(c.subject)) and c.quality is not None and c.quality.kind == "status":
            return None if c.quality.value in SELF_STATUSES else f"the status {c.quality.value!r}"
        if _zone_count(c) is not None:
            desc = _zone_count(c)
            return matching.unplayable(desc) or _count_unplayable(c.subject.selector.count)
        return "what it is"
    if kind == "has":
        ok = _is_self(c.subject) and c.quality is not None and c.quality.kind in ("keyword", "counter")
        return None if ok else "what it has"
    if kind == "event":
        if _self_state(c):
            return None
        past = _past(c)
        if past is None:
            return "an event"
        if past.verb in PAST_PLAYER_VERBS:
            return None if _players_ok(past.subject) and past.subject is not None else "whose event"
        return matching.unplayable(past.subject) if isinstance(past.subject, n.Description) else "what did it"
    return f"the condition kind {kind!r}"


# events of this turn a condition may ask about ("if you gained life this turn"): verb → the rule defining it
PAST_PLAYER_VERBS = {"gain life": rules.LIFE_GAIN_LOSS, "lose life": rules.LIFE_GAIN_LOSS,
                     "attack": rules.BECOMES_ATTACKING}
PAST_OBJECT_VERBS = {"die": rules.DIES}


def _past(c: n.Condition) -> n.Event | None:
    """"You gained life this turn", "an opponent lost life this turn", "you attacked this turn", "a creature
    died this turn": an event of this turn (`GameState.this_turn`), or None."""
    event = c.event
    if event is None or not c.text.lower().endswith(" this turn") or event.object or event.recipient \
            or event.amount or event.qualifier or event.condition or event.origin or event.destination:
        return None
    return event if event.verb in PAST_PLAYER_VERBS or event.verb in PAST_OBJECT_VERBS else None


def _is_you(thing: n.Thing | None) -> bool:
    return isinstance(thing, n.Reference) and thing.kind == "you"


def _is_self(thing: n.Thing | None) -> bool:
    return isinstance(thing, n.Reference) and (thing.kind == "self" or thing.refers_to == "self")


def _players_ok(thing: n.Thing | None) -> bool:
    return thing is None or _is_you(thing) or (isinstance(thing, n.Description) and matching.names_players(thing)
                                               and not matching.names_objects(thing))


def _count_unplayable(count: n.Amount | None) -> str | None:
    return None if count is None or (count.kind == "number" and count.value is not None) else "the number"


def _amount_unplayable(a: n.Amount | None) -> str | None:
    if a is None:
        return "a missing amount"
    if a.kind == "number":
        return None if a.value is not None else "the number"
    if a.kind == "property":
        if a.property in PLAYER_PROPERTIES and (_is_you(a.of) or _players_ok(a.of)):
            if a.property == "devotion" and not all(w in COLORS for w in _colors(a.name)):
                return f"devotion to {a.name!r}"
            return None
        return None if a.property in OBJECT_PROPERTIES and _is_self(a.of) else f"the amount {a.text!r}"
    if a.kind == "count" and isinstance(a.of, n.Description):
        if _counters_on_self(a.of) is not None:
            return None
        return matching.unplayable(a.of)
    return f"the amount {a.text!r}"


def _colors(name: str) -> list[str]:
    return [w for w in name.lower().replace(",", " ").split() if w not in ("and", "or")]


def _counters_on_self(desc: n.Description) -> str | None:
    """"a +1/+1 counter on it": the kind of counter counted on the object itself, or None."""
    if matching.nouns(desc) != ["counter"]:
        return None
    kinds = [q.value for q in desc.qualities if q.kind == "counter"]
    on_self = any(q.kind == "on" and _is_self(q.of) for q in desc.qualities)
    return (kinds[0] if kinds else "") if on_self else None


def _zone_count(c: n.Condition) -> n.Description | None:
    """"Seven or more cards are in your graveyard": the cards counted, with the zone as one of their qualities."""
    if isinstance(c.subject, n.Description) and c.subject.selector.count is not None and c.quality is not None \
            and c.quality.kind == "zone":
        return replace(c.subject, qualities=(*c.subject.qualities, c.quality))
    return None


def _self_state(c: n.Condition) -> str:
    """"~ is enchanted", "~ is equipped", "it entered this turn" (read as events of the object itself)."""
    event = c.event
    if event is None or not _is_self(event.subject):
        return ""
    if event.verb in ATTACHED:
        return ATTACHED[event.verb]
    return "entered this turn" if event.verb == "enter" and c.text.lower().endswith("this turn") else ""


# --- the rules that define what a condition looks at --------------------------------------------------------

def cited(c: n.Condition) -> tuple[rules.Cite, ...]:
    """The rules behind the condition's words (life 119, devotion 700.5, status 110.5, attacking 508.1k …)."""
    kind = c.kind
    out: list[rules.Cite] = []
    if kind in ("and", "or", "not"):
        out = [r for part in c.parts for r in cited(part)]
    elif kind == "turn":
        out = [rules.ACTIVE_PLAYER]
    elif kind == "control":
        out = [rules.PERMANENT_CONTROLLER]
    elif kind == "compare":
        for a in (c.amount, c.other):
            if a is not None and a.kind == "property" and a.property in PLAYER_PROPERTIES:
                out.append(PLAYER_PROPERTIES[a.property])
            elif a is not None and a.kind == "count":
                out.append(rules.COUNTERS if isinstance(a.of, n.Description) and _counters_on_self(a.of) is not None
                           else rules.PERMANENT_CONTROLLER)
    elif kind == "is" and c.quality is not None:
        out = [SELF_STATUSES.get(c.quality.value) or ZONE_RULES.get(c.quality.value)
               or (rules.KICKED if c.quality.value == "kicked" else rules.STATIC_EFFECT)]
    elif kind == "has":
        out = [rules.COUNTERS if c.quality is not None and c.quality.kind == "counter" else rules.ABILITY_CATEGORIES]
    elif kind == "event" and _past(c) is not None:
        verb = _past(c).verb
        out = [PAST_PLAYER_VERBS.get(verb) or PAST_OBJECT_VERBS[verb]]
    elif kind == "event":
        state = _self_state(c)
        out = [SELF_STATUSES.get(state, rules.ENTERS_TERM)]
    return tuple(dict.fromkeys(out))


# --- evaluating --------------------------------------------------------------------------------------------

def holds(board: Board, c: n.Condition) -> bool:
    """Whether the condition is true on this board (611.3a)."""
    kind = c.kind
    if kind == "and":
        result = all(holds(board, p) for p in c.parts)
    elif kind == "or":
        result = any(holds(board, p) for p in c.parts)
    elif kind == "not":
        result = not holds(board, c.parts[0])
    elif kind == "turn":
        result = board.state.active == board.you
    elif kind == "control":
        result = _quantified(board, c.subject, lambda p: _controls(board, p, c.object))
    elif kind == "compare":
        result = _quantified(board, c.subject if not _is_self(c.subject) else None, lambda p: _compare(board, c, p))
    elif kind == "is":
        desc = _zone_count(c)
        if desc is not None:
            found = len(matching.selected(board.state, board.chars, desc, board.anchor))
            result = _at_least(found, c.subject.selector.count)
        else:
            result = _status(board, c.quality.value)
    elif kind == "has":
        if c.quality.kind == "counter":
            result = board.state.objects[board.source].counters.get(c.quality.value, 0) > 0
        else:
            result = board.chars(board.source).has(c.quality.value.lower())
    elif kind == "event" and _past(c) is not None:
        result = _happened_this_turn(board, _past(c))
    elif kind == "event":
        state = _self_state(c)
        if state == "entered this turn":
            result = board.state.objects[board.source].entered_turn == board.state.turn
        else:
            result = _status(board, state)
    else:
        raise ValueError(f"unplayable condition {kind!r}")
    return result != c.negated


def _happened_this_turn(board: Board, event: n.Event) -> bool:
    """Whether the turn's log has the event: a player's ("you gained life") or an object's ("a creature died"),
    the object matched as it last was (603.10a)."""
    log = [p for p in board.state.this_turn if p.verb == event.verb]
    if event.verb in PAST_PLAYER_VERBS:
        return _quantified(board, event.subject, lambda player: any(p.player == player for p in log))
    assert isinstance(event.subject, n.Description)
    return any(p.chars is not None and matching.object_matches(
        board.state, lambda oid, p=p: p.chars, event.subject, p.object, board.anchor,
        zone=board.state.objects[p.object].zone) for p in log if p.object in board.state.objects)


def _quantified(board: Board, subject: n.Thing | None, test) -> bool:
    """"You …" asks one player; "an opponent …", "any player …" one of them; "each opponent …" all of them."""
    if subject is None or _is_you(subject):
        return test(board.you)
    players = [p for p in board.state.in_game() if matching.player_matches(board.state, subject, p, board.anchor)]
    if isinstance(subject, n.Description) and subject.selector.kind in ("each", "all"):
        return bool(players) and all(test(p) for p in players)
    return any(test(p) for p in players)


def _alternatives(thing: n.Thing | None) -> tuple[n.Description, ...]:
    """"a Plains" → itself; "a Plains or an Island" → each of them (controlling one is enough); else ()."""
    if isinstance(thing, n.Description):
        return (thing,)
    if isinstance(thing, n.Group) and thing.conjunction == "or" \
            and all(isinstance(t, n.Description) for t in thing.things):
        return tuple(thing.things)  # type: ignore[arg-type]
    return ()


def _controls(board: Board, player: str, thing: n.Thing) -> bool:
    return any(_controls_one(board, player, desc) for desc in _alternatives(thing))


def _controls_one(board: Board, player: str, desc: n.Description) -> bool:
    found = sum(1 for oid in board.state.battlefield
                if board.chars(oid).controller == player
                and matching.object_matches(board.state, board.chars, desc, oid, board.anchor))
    return _at_least(found, desc.selector.count)


def _at_least(found: int, count: n.Amount | None) -> bool:
    """"A …" is one or more; "three or more", "no", "exactly two" as the number says."""
    if count is None:
        return found >= 1
    return matching._compare(found, count.comparison or ">=", count.value or 0)


def _compare(board: Board, c: n.Condition, player: str) -> bool:
    comparison = c.comparison
    if comparison == "==" and c.other is not None and c.other.text.lower() in ("a", "an") \
            and c.amount is not None and c.amount.kind == "count":
        comparison = ">="  # "it has a +1/+1 counter on it": one or more (122.1)
    return matching._compare(_amount(board, c.amount, player), comparison, _amount(board, c.other, player))


def _amount(board: Board, a: n.Amount, player: str) -> int:
    """An amount of the condition, with "their" / "an opponent's" bound to `player`."""
    state = board.state
    if a.kind == "number":
        return a.value or 0
    if a.kind == "property":
        if a.property in OBJECT_PROPERTIES:
            return getattr(board.chars(board.source), a.property) or 0
        whose = board.you if _is_you(a.of) else player
        if a.property == "devotion":
            return devotion(board, whose, _colors(a.name))
        p = state.players[whose]
        return {"life total": p.life, "life": p.life, "cards in hand": len(p.hand),
                "cards in graveyard": len(p.graveyard), "cards in library": len(p.library)}[a.property]
    desc = a.of
    assert isinstance(desc, n.Description)
    counter = _counters_on_self(desc)
    if counter is not None:
        counters = state.objects[board.source].counters
        return counters.get(counter, 0) if counter else sum(counters.values())
    found = matching.selected(state, board.chars, desc, board.anchor)
    if a.property == "controlled by":  # "… than you": the other side of "more creatures than you"
        whose = board.you if a.name == "you" else player
        return sum(1 for oid in found if board.chars(oid).controller == whose)
    if matching.names_objects(desc) and player in state.players and a.text.startswith("what "):
        return sum(1 for oid in found if board.chars(oid).controller == player)  # "what an opponent controls"
    return len(found)


def devotion(board: Board, player: str, colors: list[str]) -> int:
    """700.5: the mana symbols of those colours among the mana costs of permanents the player controls (a hybrid
    symbol of two of them counts once)."""
    letters = {COLOR_LETTERS[c] for c in colors}
    total = 0
    for oid in board.state.battlefield:
        chars = board.chars(oid)
        if chars.controller != player:
            continue
        for symbol in chars.mana_cost.upper().replace("}", "").split("{")[1:]:
            if letters & set(symbol.split("/")):
                total += 1
    return total


COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _status(board: Board, status: str) -> bool:
    """The object's own status: attacking, blocking, tapped, untapped; enchanted or equipped (an Aura or an
    Equipment attached to it, 303.4b, 301.5a)."""
    state = board.state
    if status in ("enchanted", "equipped"):
        subtype = "aura" if status == "enchanted" else "equipment"
        return any(state.objects[oid].attached_to == board.source
                   and subtype in {s.lower() for s in board.chars(oid).subtypes} for oid in state.battlefield)
    return matching._status(state, status, board.source, board.anchor)
