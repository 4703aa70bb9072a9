"""What resolving spells and abilities do (608.2c, 609): each instruction of an effect text, in order.

`perform(game, item, illegal)` follows the instructions of a resolving stack item, leaving alone the
targets found illegal (608.2b), and returns what happened and the rules. Continuous effects begin with
a timestamp (613.7b) and, when they change characteristics, lock in their affected set (611.2c).
"""

from __future__ import annotations

from judge_app.engine import mana, rules
from judge_app.engine.ability import EOT, Change, Effect, Instruction, Ref
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.continuous import INDEFINITE, ContinuousEffect
from judge_app.engine.damage import deal_damage
from judge_app.engine.errors import IllegalAction
from judge_app.engine.events import (
    Assignment,
    CounterChange,
    DrewFromEmptyLibrary,
    EffectBegins,
    Event,
    LifeChange,
    ManaChange,
    ShieldChange,
    StatusChange,
    TokenCreated,
    ZoneChange,
)
from judge_app.engine.layers import copiable_values, rules_applied
from judge_app.engine.perform import Play
from judge_app.engine.replacement import entering
from judge_app.engine.stack import find, leave_stack
from judge_app.engine.state import DelayedTrigger, Shield, StackItem

Result = tuple[str, list[rules.Cite]]


def perform(game: Play, item: StackItem, illegal: set[int]) -> tuple[list[str], list[rules.Cite]]:
    lines: list[str] = []
    cited: list[rules.Cite] = []
    if item.counters is not None:  # ward (702.21a)
        text, more = counter(game, item.counters, item.unless, item.name)
        return [text], [rules.WARD, *more]
    for instruction in item.effect.instructions if item.effect else ():
        if game.over:
            break
        text, more = _do(game, item, instruction, illegal)
        if text:
            lines.append(text)
        cited += more
    return lines or ["it does nothing"], cited


def _objects(game: Play, item: StackItem, ref: Ref | None, illegal: set[int]) -> list[str]:
    state = game.state
    if ref is None:
        return []
    if ref.kind == "target":
        return [] if ref.index in illegal or ref.index >= len(item.targets) else [item.targets[ref.index].ref]
    if ref.kind == "self":
        return [item.source]
    if ref.kind == "it":
        if item.it is not None:
            return [item.it]
        return [] if not item.targets or 0 in illegal else [item.targets[0].ref]
    if ref.kind == "group":
        group = ref.group
        you = item.controller
        out = [o.id for o in state.permanents() if game.chars(o.id).is_creature]
        if "you control" in group:
            out = [o for o in out if game.controller(o) == you]
        elif "opponents" in group:
            out = [o for o in out if game.controller(o) != you]
        if group.startswith("other"):
            out = [o for o in out if o != item.source]
        return out
    return _players(game, item, ref, illegal)


def _players(game: Play, item: StackItem, ref: Ref, illegal: set[int]) -> list[str]:
    state = game.state
    you = item.controller
    return {"you": [you], "each opponent": [state.opponent(you)], "each player": [state.active, state.nonactive],
            "that player": [item.that_player] if item.that_player else [],
            "controller": [game.controller(o) for o in _objects(game, item, Ref("it"), illegal)
                           if o in state.objects]}.get(ref.kind, [])


def _do(game: Play, item: StackItem, ins: Instruction, illegal: set[int]) -> Result:
    subjects = _objects(game, item, ins.subject, illegal)
    if ins.subject is not None and not subjects and ins.verb not in ("draw", "life", "discard", "add mana"):
        return "", []
    verb = ins.verb
    if verb == "damage":
        amounts = {s: ins.amount for s in subjects if s in game.state.players or game.state.on_battlefield(s)}
        assignments = [Assignment(item.source, r, n, instead=ins.alternative) for r, n in amounts.items()]
        report = deal_damage(game, assignments, combat=False, source_chars=item.source_chars)
        return "; ".join(report.lines), [rules.DAMAGE_SOURCE, *report.rules]
    if verb in ("destroy", "exile", "bounce"):
        return _move_all(game, item, subjects, verb, ins.no_regeneration)
    if verb == "exile graveyards":
        cards = [c for p in game.state.players.values() for c in p.graveyard]
        game.perform(*(ZoneChange(c, "graveyard", "exile", "exiled") for c in cards))
        return f"every graveyard is exiled ({_names(game, cards)})", [rules.EXILE]
    if verb == "regenerate":
        return _regenerate(game, item, [s for s in subjects if game.state.on_battlefield(s)])
    if verb == "return to battlefield":
        return _return(game, item, subjects)
    if verb == "delayed":
        return _delayed(game, item, ins)
    if verb == "sacrifice":
        return _move_all(game, item, [s for s in subjects if game.state.on_battlefield(s)], "sacrifice")
    if verb == "sacrifice a":
        return _sacrifice_choice(game, subjects, ins.name)
    if verb == "counter":
        return counter(game, subjects[0], ins.mana, item.name)
    if verb in _CONTINUOUS:
        return _continuous(game, item, ins, [s for s in subjects if game.state.on_battlefield(s)])
    if verb == "counters":
        return _put_counters(game, subjects, ins.counter, ins.amount)
    if verb in ("tap", "untap"):
        game.perform(*(StatusChange(s, verb == "tap") for s in subjects))
        return f"{_names(game, subjects)} becomes {verb}ped", [rules.TAP if verb == "tap" else rules.UNTAP_PERMANENT]
    if verb == "draw":
        return _draw(game, subjects or [item.controller], ins.amount)
    if verb == "discard":
        return _discard(game, subjects, ins.amount)
    if verb == "life":
        return _life(game, subjects, ins.amount)
    if verb == "add mana":
        symbols = mana.parse_cost(ins.mana)
        game.perform(*(ManaChange(item.controller, m, n) for m, n in symbols.items()))
        return f"{item.controller} adds {ins.mana}", [rules.MANA_POOL]
    if verb == "token":
        return _tokens(game, item, ins)
    if verb == "copy token":
        return _copy_token(game, item, subjects[0])
    if verb in ("prevent", "prevent combat"):
        return _prevent(game, item, ins, subjects)
    raise AssertionError(verb)


def _put_counters(game: Play, subjects: list[str], counter: str, amount: int) -> Result:
    """Counters put on objects or players, as replacement and "can't" effects leave them (614.16, 614.17)."""
    def count(s: str) -> int:
        if s in game.state.players:
            return game.state.players[s].poison if counter == "poison" else 0
        return game.state.objects[s].counters.get(counter, 0)
    before = {s: count(s) for s in subjects}
    game.perform(*(CounterChange(s, counter, amount) for s in subjects))
    parts = []
    for s in subjects:
        got = count(s) - before[s]
        parts.append(f"{got} {counter} counter{'s' if got != 1 else ''} put on {game.name(s)}" if got else
                     f"no {counter} counter is put on {game.name(s)}")
    return "; ".join(parts), [rules.PT_COUNTERS if "/" in counter else rules.POISON_COUNTERS if counter == "poison"
                              else rules.KEYWORD_COUNTERS]


def _names(game: Play, refs: list[str]) -> str:
    return ", ".join(game.name(r) for r in refs) or "nothing"


# --- zones --------------------------------------------------------------------------------------------------

_MOVES = {"destroy": ("graveyard", "destroyed", [rules.DESTROY]), "exile": ("exile", "exiled", [rules.EXILE]),
          "bounce": ("hand", "returned to its owner's hand", [rules.NEW_OBJECT]),
          "sacrifice": ("graveyard", "sacrificed", [rules.SACRIFICE])}


def _move_all(game: Play, item: StackItem, subjects: list[str], verb: str, no_regeneration: bool = False) -> Result:
    to_zone, how, cited = _MOVES[verb]
    if no_regeneration:
        how, cited = f"{how}, can't be regenerated", [*cited, rules.CANT_REGENERATE]
    moving, lines = [], []
    for s in subjects:
        if verb == "destroy" and game.chars(s).has("indestructible"):
            lines.append(f"{game.name(s)} has indestructible and isn't destroyed")
            cited = [*cited, rules.INDESTRUCTIBLE]
        else:
            moving.append(s)
    before = {s: game.state.objects[s].incarnation for s in moving}
    game.perform(*(ZoneChange(s, "battlefield", to_zone, how) for s in moving))
    stayed = [s for s in moving if game.state.objects[s].incarnation == before[s]]
    moving = [s for s in moving if s not in stayed]
    if moving:
        lines.insert(0, f"{_names(game, moving)} {'is' if len(moving) == 1 else 'are'} {how.split(',')[0]}")
    if stayed:
        lines.append(f"{_names(game, stayed)} stays on the battlefield: a replacement effect replaced that (see above)")
        cited = [*cited, rules.REPLACED_EVENT]
    shielded = [s for s in moving if any(sh.kind == "regenerate" and sh.recipient == s for sh in game.state.shields)]
    if no_regeneration and shielded:
        lines.append(f"{_names(game, shielded)} can't be regenerated, so its regeneration shield doesn't apply")
    return "; ".join(lines), [*cited, rules.NEW_OBJECT] if moving else cited


def _return(game: Play, item: StackItem, subjects: list[str]) -> Result:
    card = subjects[0]
    obj = game.state.objects[card]
    if obj.zone != "exile":
        return f"{game.name(card)} isn't in exile any more, so it isn't returned", [rules.DELAYED_TRIGGER]
    extra, notes, cited = entering(game, card)
    game.perform(ZoneChange(card, "exile", "battlefield", "returned"), *extra)
    return (f"{game.name(card)} returns to the battlefield under its owner's control as a new object"
            + "".join(f"; {n}" for n in notes)), [rules.NEW_OBJECT, rules.OBJECT_TIMESTAMP, *cited]


def _regenerate(game: Play, item: StackItem, subjects: list[str]) -> Result:
    """701.19a: a regeneration shield — the next time the permanent would be destroyed this turn, instead its
    damage is removed, it is tapped, and it leaves combat (614.8)."""
    state = game.state
    shields = [Shield("regenerate", item.source, item.name, state.next_timestamp(), s, state.objects[s].incarnation,
                      recipient_name=game.name(s)) for s in subjects]
    game.perform(*(ShieldChange(shield) for shield in shields))
    return "; ".join(f"a regeneration shield begins ({s.describe()})" for s in shields), [rules.REGENERATE,
                                                                                          rules.REGENERATION]


def _delayed(game: Play, item: StackItem, ins: Instruction) -> Result:
    it = item.it or (item.targets[0].ref if item.targets else None)
    game.state.delayed.append(DelayedTrigger(item.source, item.controller, ins.name, Effect((), ins.then, ins.text),
                                             it, ins.text, item.source_chars))
    return "a delayed triggered ability is created: " + ins.text, [rules.DELAYED_TRIGGER, rules.DELAYED_ONCE]


def _sacrifice_choice(game: Play, players: list[str], noun: str) -> Result:
    lines, changes = [], []
    for player in players:
        mine = [o.id for o in game.state.permanents() if game.controller(o.id) == player
                and (noun == "permanent" or noun in game.chars(o.id).types)]
        if not mine:
            lines.append(f"{player} has no {noun} to sacrifice")
            continue
        chosen = next((c for c in game.choices.sacrifice if c in mine), None)
        pick = chosen or min(mine, key=lambda o: game.state.objects[o].timestamp)
        changes.append(ZoneChange(pick, "battlefield", "graveyard", "sacrificed"))
        note = "" if chosen else " (default: the oldest one)"
        lines.append(f"{player} sacrifices {game.name(pick)}{note}")
    game.perform(*changes)
    return "; ".join(lines), [rules.SACRIFICE]


def counter(game: Play, item_id: str, unless: str, by: str) -> Result:
    """701.6a: countered, it leaves the stack without resolving; a spell goes to the graveyard. "Unless its
    controller pays": by default the player pays if they can."""
    target = find(game, item_id)
    if target is None:
        return f"{by}: there is nothing to counter any more", []
    why = ""
    if unless:
        player = target.controller
        if player in game.choices.decline_to_pay:
            why = f"{player} chooses not to pay {unless}, so "
        else:
            try:
                changes, text, cited = mana.payment(game, player, unless, None, f"{by}")
            except IllegalAction:
                why = f"{player} can't pay {unless}, so "
            else:
                game.perform(*changes)
                return f"{text} (default: a player who can pay does), so {target.name} isn't countered", cited
    game.perform(*leave_stack(game, target, "graveyard", "countered"))
    where = " and put into its owner's graveyard" if target.kind == "spell" else ""
    return f"{why}{target.name} is countered{where}", [rules.COUNTER, rules.COUNTER_NO_REFUND]


# --- continuous effects -------------------------------------------------------------------------------------

_CONTINUOUS = {"pump": "modify power/toughness", "set pt": "set power/toughness", "switch pt": "switch power/toughness",
               "gain": "add abilities", "lose": "remove abilities", "lose all": "remove all abilities",
               "color": "set colors", "type": "type", "control": "control", "text": "text"}
_PHRASES = {"pump": "gets {p:+d}/{t:+d}", "set pt": "has base power and toughness {p}/{t}",
            "switch pt": "has its power and toughness switched", "gain": "gains {a}", "lose": "loses {a}",
            "lose all": "loses all abilities", "color": "becomes {c}", "type": "becomes {ty}",
            "control": "comes under {who}'s control", "text": "has \"{w0}\" replaced by \"{w1}\" in its text"}


def begin(game: Play, change: Change, affected: list[str], description: str, duration: str,
          source: str | None) -> ContinuousEffect:
    """A continuous effect from a resolving spell or ability: a timestamp now (613.7b), its set locked (611.2c)."""
    effect = ContinuousEffect(change.kind, game.state.next_timestamp(), description, affected=tuple(affected),
                              source=source, duration=duration, change=change)
    game.perform(EffectBegins(effect))
    return effect


def _continuous(game: Play, item: StackItem, ins: Instruction, subjects: list[str]) -> Result:
    if not subjects:
        return "", []
    words = tuple(item.choices.get("words", ()))
    change = Change(_CONTINUOUS[ins.verb], power=ins.power, toughness=ins.toughness, abilities=ins.abilities,
                    types=ins.types, subtypes=ins.subtypes, colors=ins.colors, in_addition=ins.in_addition,
                    controller=item.controller, words=words)
    phrase = _PHRASES[ins.verb].format(p=ins.power, t=ins.toughness, a=", ".join(a.text.lower() for a in ins.abilities),
                                       c=" and ".join(sorted(ins.colors)), who=item.controller,
                                       ty=" ".join([*ins.subtypes, *sorted(ins.types)]) +
                                       (" in addition to its other types" if ins.in_addition else ""),
                                       w0=words[0] if words else "", w1=words[1] if len(words) > 1 else "")
    duration = ins.duration or INDEFINITE
    until = " until end of turn" if duration == EOT else ""
    description = f"{_names(game, subjects)} {phrase}{until} ({item.name})"
    effect = begin(game, change, subjects, description, duration, item.source)
    if ins.verb == "control" or ins.verb == "text":
        now = ""
    else:
        now = "; now " + ", ".join(f"{game.name(s)} is {game.chars(s).pt or game.chars(s).type_line}" for s in subjects)
    cited = [rules.EFFECT_TIMESTAMP, effect.rule, rules.EFFECT_DURATION]
    cited += [r for s in subjects for r in rules_applied(game.state, s)]
    if len(subjects) > 1 or (ins.subject is not None and ins.subject.kind == "group"):
        cited.append(rules.EFFECT_SET_LOCKED)
    if ins.verb == "text":
        cited.append(rules.TEXT_CHANGE)
    return f"{_names(game, subjects)} {phrase}{until}{now}", cited


# --- players -----------------------------------------------------------------------------------------------

def draw_events(game: Play, player: str, count: int) -> tuple[list[Event], str, list[rules.Cite]]:
    """Cards drawn one at a time from the top; a draw from an empty library is remembered (121.4, 704.5b)."""
    library = list(game.state.players[player].library)
    changes: list[Event] = []
    drawn = []
    for _ in range(count):
        if not library:
            changes.append(DrewFromEmptyLibrary(player))
            before = f"draws {', '.join(drawn)}, then " if drawn else ""
            return changes, f"{player} {before}attempts to draw from an empty library.", \
                [rules.DRAW_CARD, rules.DRAW_FROM_EMPTY]
        card = library.pop(0)
        changes.append(ZoneChange(card, "library", "hand", "drawn"))
        drawn.append(game.name(card))
    return changes, f"{player} draws {', '.join(drawn)}.", [rules.DRAW_CARD]


def _draw(game: Play, players: list[str], count: int) -> Result:
    lines, cited = [], []
    for player in players:
        changes, text, more = draw_events(game, player, count)
        game.perform(*changes)
        lines.append(text.rstrip("."))
        cited += more
    if count > 1:
        cited.append(rules.DRAW_ONE_AT_A_TIME)
    return "; ".join(lines), cited


def _discard(game: Play, players: list[str], count: int) -> Result:
    lines, changes = [], []
    for player in players:
        hand = game.state.players[player].hand
        chosen = [c for c in game.choices.discard if c in hand][:count]
        default = len(chosen) < count
        chosen += [c for c in reversed(hand) if c not in chosen][: count - len(chosen)]
        changes += [ZoneChange(c, "hand", "graveyard", "discarded") for c in chosen]
        lines.append(f"{player} discards {_names(game, chosen)}" + (" (default: the cards put into the hand last)"
                                                                    if default and chosen else ""))
    game.perform(*changes)
    return "; ".join(lines), [rules.DISCARD]


def _life(game: Play, players: list[str], amount: int) -> Result:
    lines, changes = [], []
    for player in players:
        before = game.state.players[player].life
        changes.append(LifeChange(player, amount, before))
        verb = f"gains {amount}" if amount >= 0 else f"loses {-amount}"
        lines.append(f"{player} {verb} life ({before} → {before + amount})")
    game.perform(*changes)
    return "; ".join(lines), [rules.LIFE_GAIN_LOSS]


# --- tokens, copies, prevention -------------------------------------------------------------------------------

def _tokens(game: Play, item: StackItem, ins: Instruction) -> Result:
    state = game.state
    name = " ".join(ins.subtypes) + " Token"  # 111.4
    printed = Characteristics(name=name, colors=ins.colors, types=ins.types, subtypes=ins.subtypes, power=ins.power,
                              toughness=ins.toughness, abilities=ins.abilities)
    ids = [state.new_id("token") for _ in range(ins.amount)]
    game.perform(*(TokenCreated(i, item.controller, name, printed) for i in ids))
    return (f"{item.controller} creates {ins.amount} {ins.power}/{ins.toughness} {name}"
            f"{'s' if ins.amount != 1 else ''} ({', '.join(ids)})"), [rules.CREATE_TOKEN, rules.TOKEN_OWNER,
                                                                     rules.TOKEN_DEFINED]


def _copy_token(game: Play, item: StackItem, original: str) -> Result:
    """707.2: the token copies the copiable values only — not counters, not effects such as "+3/+3"."""
    state = game.state
    values = copiable_values(state, original)
    token = state.new_id("token")
    game.perform(TokenCreated(token, item.controller, values.name, Characteristics(name=values.name)))
    begin(game, Change("copy", copiable=values), [token], f"{token} is a copy of {game.name(original)} "
          f"({item.name})", INDEFINITE, item.source)  # a copy effect, layer 1a (613.2a, 707.2)
    extra, notes, cited = entering(game, token)
    if extra:
        game.perform(*extra)
    now = game.chars(original)
    return (f"{item.controller} creates {token}, a token copy of {game.name(original)}: it copies the copiable values "
            f"({values.pt or values.type_line}), not the effects and counters that make the original {now.pt}"
            + "".join(f"; {n}" for n in notes)), [rules.CREATE_TOKEN, rules.COPY, rules.LAYER_1A, rules.COPIABLE_VALUES,
                                                  rules.TOKEN_OWNER, *cited]


def _prevent(game: Play, item: StackItem, ins: Instruction, subjects: list[str]) -> Result:
    state = game.state
    if ins.verb == "prevent combat":
        shield = Shield("prevent combat", item.source, item.name, state.next_timestamp())
    else:
        recipient = subjects[0]
        incarnation = state.objects[recipient].incarnation if recipient in state.objects else 0
        shield = Shield("prevent", item.source, item.name, state.next_timestamp(), recipient, incarnation, ins.amount,
                        game.name(recipient))
    game.perform(ShieldChange(shield))
    return f"a prevention effect begins ({shield.describe()})", [rules.PREVENTION, rules.PREVENT_WORD,
                                                                *([rules.PREVENTION_SHIELD] if ins.amount else [])]

