"""What resolving spells and abilities do (608.2c, 609): the card text's instructions, in order, into events.

`perform(game, item, illegal)` follows the instructions of a resolving stack item — as `judge_app.cardtext`
reads them — leaving alone the targets found illegal (608.2b), and returns what happened and the rules.
Modes are the ones announced (700.2a); "you may" asks the scenario, by default yes (603.5, 608.2d), and
"if you do" follows the answer; a following "… instead" with its condition replaces the amount first
(614.15, 616.1a). Continuous effects begin with a timestamp (613.7b) and lock in their affected set (611.2c).
Every verb the reader lets through (`interpret.PLAYED_VERBS`) has a function here (a test checks both lists).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from judge_app.cardtext import nodes as n
from judge_app.engine import interpret, library, mana, matching, replacement, rules, targets
from judge_app.engine.ability import COLORS, Ability, Change, Quality
from judge_app.engine.characteristics import Characteristics
from judge_app.engine.choices import Choices, take
from judge_app.engine.continuous import (
    INDEFINITE,
    RESTRICTION,
    UNTIL_END_OF_TURN,
    UNTIL_NEXT_UNTAP,
    ContinuousEffect,
)
from judge_app.engine.damage import deal_damage
from judge_app.engine.errors import IllegalAction
from judge_app.engine.events import (
    Assignment,
    Attachment,
    CounterChange,
    DrewFromEmptyLibrary,
    EffectBegins,
    Event,
    LifeChange,
    ManaChange,
    PlayerLoses,
    PlayerWins,
    ShieldChange,
    SpellCopied,
    StackPush,
    StatusChange,
    TokenCreated,
    ZoneChange,
)
from judge_app.engine.interpret import (
    becomes,
    chosen_among,
    granted,
    graveyards,
    instruction_verb,
    predefined_token,
    top_cards,
    until_source_leaves,
    whole_hand,
)
from judge_app.engine.layers import copiable_values, rules_applied
from judge_app.engine.matching import Anchor
from judge_app.engine.perform import Play
from judge_app.engine.replacement import entering
from judge_app.engine.stack import find, goes_to, leave_stack, target_name
from judge_app.engine.state import DelayedTrigger, MayPlay, PendingTrigger, Shield, StackItem
from judge_app.engine.words import (
    Resolving,
    amount,
    chars,
    controller_of,
    holds,
    linked_exile,
    names_of,
    players_in,
    record,
    things,
)

Result = tuple[str, list[rules.Cite]]
Verb = Callable[[Play, Resolving, n.Instruction], Result]
VERBS: dict[str, Verb] = {}
PLAYER_VERBS = ("draw", "discard", "mill", "gain life", "lose life", "add mana", "sacrifice", "proliferate")


def verb(*names: str) -> Callable[[Verb], Verb]:
    def register(function: Verb) -> Verb:
        for name in names:
            VERBS[name] = function
        return function
    return register


VERBS.update({"search": library.search, "put": library.put, "shuffle": library.shuffle, "scry": library.scry,
              "surveil": library.surveil, "look at": library.look_at, "reveal": library.reveal})


def perform(game: Play, item: StackItem, illegal: set[int]) -> tuple[list[str], list[rules.Cite]]:
    if item.counters is not None:  # ward (702.21a)
        text, more = counter(game, item.counters, item.unless, item.name)
        return [text], [rules.WARD, *more]
    if item.effect is None:
        return ["it does nothing"], []
    r = Resolving(item, illegal, picks=list(take(game.choices.choose.get(item.source)) or []))
    lines, cited = follow(game, r, item.effect)
    return lines or ["it does nothing"], cited


def follow(game: Play, r: Resolving, effect: n.Effect) -> tuple[list[str], list[rules.Cite]]:
    """608.2c: the instructions in the order written."""
    lines: list[str] = []
    cited: list[rules.Cite] = []
    items = effect.instructions
    for index, ins in enumerate(items):
        if game.over:
            break
        if isinstance(ins, n.Modal):
            text, more = _modal(game, r, ins)
        elif isinstance(ins, n.DelayedTrigger):
            text, more = _delayed(game, r, ins)
            r.acted.append([])
        else:
            following = items[index + 1] if index + 1 < len(items) else None
            text, more = _instruction(game, r, ins, following if isinstance(following, n.Instruction) else None)
        if text:
            lines.append(text)
        cited += more
    return lines, cited


def _instruction(game: Play, r: Resolving, ins: n.Instruction, following: n.Instruction | None) -> Result:
    r.acted.append([])
    if ins.instead:  # it modified the instruction before it (614.15)
        return "", []
    if not holds(game, r, ins.condition):
        if ins.condition is not None and ins.condition.kind == "did":
            return "", [rules.RESOLVE_INSTRUCTIONS]
        return f"\"{ins.text}\" doesn't happen: {ins.condition.text if ins.condition else ''} is false", \
            [rules.RESOLVE_INSTRUCTIONS]
    if ins.optional:
        wanted = _may(game.choices, r.item)
        if not wanted[0]:
            r.did = False
            who = r.item.controller
            return f"{who} chooses not to {ins.text}", [rules.RESOLVE_CHOICES, rules.OPTIONAL_TRIGGER]
    replaced = following if following is not None and following.instead and following.verb == ins.verb else None
    if replaced is not None and not holds(game, r, replaced.condition):
        replaced = None
    r.no_regeneration = following is not None and instruction_verb(following) == "regenerate can't"
    r.instead = None
    r.unpaid = False
    if replaced is not None and replaced.amount is not None:  # 614.15: the instruction's own replacement
        label = replaced.condition.text if replaced.condition is not None else replaced.text
        if ins.verb == "deal damage":  # offered to the damage event first, with the others (616.1a)
            r.instead = (label, amount(game, r, replaced.amount))
        else:
            ins = dataclasses.replace(ins, amount=replaced.amount)
    text, cited = VERBS[instruction_verb(ins)](game, r, ins)
    if ins.amount is not None and ins.amount.kind in ("count", "property", "for each") and text:
        cited = [*cited, rules.LAST_KNOWN]  # 608.2h: "the number of …", "its power": determined once, as it applies
    if r.chose:
        text = f"{text} — chosen as it resolves: {'; '.join(r.chose)}" if text else text
        r.chose = []
        cited = [*cited, rules.RESOLVE_CHOICES]
    if ins.optional:
        r.did = (bool(r.acted[-1]) or bool(text)) and not r.unpaid
        default = "" if wanted[1] else " (default: a player who may, does)"
        text = f"{r.item.controller} chooses to {ins.text}{default}: {text}" if text else text
        cited = [rules.RESOLVE_CHOICES, rules.OPTIONAL_TRIGGER, *cited]
    if replaced is not None and ins.verb != "deal damage":
        cited = [rules.SELF_REPLACEMENT, *cited]
    return text, cited


def _may(choices: Choices, item: StackItem) -> tuple[bool, bool]:
    """A "you may" answer for this source (603.5): (yes?, given by the scenario?). Default: yes."""
    answers = choices.may.get(item.source)
    if not answers:
        return True, False
    return answers.pop(0) if len(answers) > 1 else answers[0], True


def _permanents(game: Play, r: Resolving, thing: n.Thing | None) -> list[str]:
    return _picked(game, r, thing, [x for x in things(game, r, thing) if game.state.on_battlefield(x)])


def _picked(game: Play, r: Resolving, thing: n.Thing | None, found: list[str]) -> list[str]:
    """"Return a permanent you control": the player picks one (608.2d) — as the scenario says (`choose`), else
    the oldest, said in the trace."""
    if not isinstance(thing, n.Description) or thing.selector.kind != "a" or not found:
        return found
    count = amount(game, r, thing.selector.count, 1)
    named = [x for x in r.picks if x in found][:count]
    for x in named:
        r.picks.remove(x)
    rest = sorted((x for x in found if x not in named), key=lambda x: game.state.objects[x].timestamp
                  if x in game.state.objects else 0)
    chosen = named + rest[: count - len(named)]
    default = f" (default: the oldest {thing.text.removeprefix('a ')})" if len(named) < len(chosen) else ""
    r.chose.append(f"{names_of(game, chosen)}{default}")
    return chosen


# --- modes and delayed triggers ------------------------------------------------------------------------------

def _modal(game: Play, r: Resolving, modal: n.Modal) -> Result:
    """700.2a: the modes announced as it was cast or put on the stack, followed in the order printed."""
    chosen = r.item.choices.get("modes")
    default = chosen is None
    if default:
        chosen = list(range(1, modal.minimum + 1))
    lines: list[str] = []
    cited: list[rules.Cite] = [rules.MODES]
    for number in sorted(chosen):
        text, more = follow(game, r, modal.modes[number - 1])
        lines += text
        cited += more
    said = f"mode{'s' if len(chosen) != 1 else ''} {', '.join(map(str, sorted(chosen)))}"
    head = f"{said} (default: the first {modal.minimum})" if default else said
    return f"{head}: " + "; ".join(lines) if lines else head, cited


def _bound(game: Play, r: Resolving, delayed: n.DelayedTrigger) -> dict[str, list[str]]:
    """What the delayed ability's words ("that card", "it") mean now, as it is created (603.7c)."""
    bound: dict[str, list[str]] = {}
    for node in delayed.effect.walk():
        if isinstance(node, n.Reference) and node.refers_to and node.refers_to not in bound:
            bound[node.refers_to] = things(game, r, node)
    return bound


def _reflexive(game: Play, r: Resolving, delayed: n.DelayedTrigger) -> Result:
    """603.12: "When you do, …" triggers when the optional action before it is done, during the resolution; it is
    put on the stack the next time a player would receive priority (603.3), its targets chosen then."""
    if not r.did:
        return "", []
    item = r.item
    game.state.pending_triggers.append(PendingTrigger(
        item.source, Ability("triggered", delayed.text), item.controller, item.source_chars, it=item.it,
        that_player=item.that_player, effect=delayed.effect, reason=f"{item.controller} did",
        rules=(rules.REFLEXIVE_TRIGGER,), bound=_bound(game, r, delayed), source_incarnation=item.source_incarnation))
    return f"a reflexive triggered ability triggers: {delayed.text}", [rules.REFLEXIVE_TRIGGER]


def _delayed(game: Play, r: Resolving, delayed: n.DelayedTrigger) -> Result:
    """603.7: a delayed triggered ability, remembering now what its words mean ("that card")."""
    if delayed.reflexive:
        return _reflexive(game, r, delayed)
    bound = _bound(game, r, delayed)
    step = delayed.trigger.step
    assert step is not None
    it = next((refs[0] for refs in bound.values() if refs and refs[0] in game.state.objects), r.item.it)
    text = f"{delayed.text} {delayed.trigger.text}".strip() if delayed.trigger.text not in delayed.text \
        else delayed.text
    incarnation = game.state.objects[it].incarnation if it in game.state.objects else None
    game.state.delayed.append(DelayedTrigger(r.item.source, r.item.controller, step.step, delayed.effect, it,
                                             text, r.item.source_chars, incarnation, bound))
    return f"a delayed triggered ability is created: {text}", [rules.DELAYED_TRIGGER, rules.DELAYED_ONCE]


# --- damage -------------------------------------------------------------------------------------------------

@verb("deal damage")
def _damage(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    state = game.state
    sources = [x for x in things(game, r, ins.subject)] if ins.subject is not None else [r.item.source]
    group = isinstance(ins.subject, n.Description) and not ins.subject.is_target
    assignments: list[Assignment] = []
    source_chars: Characteristics | None = None
    divided = ins.qualifier == "divided"
    for source in sources:
        r.current = source if group else None
        recipients = [x for x in things(game, r, ins.recipient) if x in state.players or state.on_battlefield(x)]
        total = amount(game, r, ins.amount)
        shares = _divide(r, recipients, total) if divided else {x: total for x in recipients}
        assignments += [Assignment(source, x, shares[x], instead=r.instead) for x in recipients]
        if source == r.item.source:
            source_chars = r.item.source_chars
    r.current = None
    if not assignments:  # its recipients are gone or were illegal targets (608.2b)
        return "", []
    report = deal_damage(game, assignments, combat=False, source_chars=source_chars)
    record(r, list(dict.fromkeys(a.recipient for a in assignments)))
    default = " (default division: as evenly as possible, the first targets getting any remainder)" \
        if divided and len(assignments) > 1 and not r.item.choices.get("divide") else ""
    return "; ".join(report.lines) + default, [rules.DAMAGE_SOURCE, *([rules.CAST_DIVIDE] if divided else []),
                                               *report.rules]


def _divide(r: Resolving, recipients: list[str], total: int) -> dict[str, int]:
    """601.2d: as announced (`divide`), else as evenly as possible, the first ones getting any remainder."""
    announced = r.item.choices.get("divide")
    if announced:
        return {x: announced.get(x, 0) for x in recipients}
    if not recipients:
        return {}
    base, extra = divmod(total, len(recipients))
    return {x: base + (1 if i < extra else 0) for i, x in enumerate(recipients)}


@verb("fight")
def _fight(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """701.14a: each creature deals damage equal to its power to the other; if either isn't there, none."""
    first, second = _permanents(game, r, ins.subject), _permanents(game, r, ins.object)
    if not first or not second:
        return "the fight doesn't happen: one of the creatures is no longer there", [rules.FIGHT]
    a, b = first[0], second[0]
    assignments = [Assignment(a, b, game.chars(a).power or 0), Assignment(b, a, game.chars(b).power or 0)]
    report = deal_damage(game, assignments, combat=False)
    record(r, [a, b])
    return f"{game.name(a)} fights {game.name(b)}: " + "; ".join(report.lines), [rules.FIGHT, *report.rules]


# --- zones --------------------------------------------------------------------------------------------------

_MOVES = {"destroy": ("graveyard", "destroyed", [rules.DESTROY]), "exile": ("exile", "exiled", [rules.EXILE]),
          "hand": ("hand", "returned to its owner's hand", [rules.NEW_OBJECT]),
          "sacrifice": ("graveyard", "sacrificed", [rules.SACRIFICE])}


def _move(game: Play, r: Resolving, refs: list[str], how: str) -> Result:
    to_zone, said, cited = _MOVES[how]
    no_regeneration = how == "destroy" and r.no_regeneration
    if no_regeneration:  # "… can't be regenerated" (701.19c): the destruction says so to the shields
        said, cited = f"{said}, can't be regenerated", [*cited, rules.CANT_REGENERATE]
    moving, lines = [], []
    for ref in refs:
        obj = game.state.objects.get(ref)
        itself = ref == r.item.source and r.item.kind == "spell"  # "Exile Ascend from Avernus." as it resolves
        if obj is None or obj.zone == to_zone or (obj.zone == "stack" and not itself):
            continue
        if how == "destroy" and (obj.zone != "battlefield" or game.chars(ref).has("indestructible")):
            if obj.zone == "battlefield":
                lines.append(f"{game.name(ref)} has indestructible and isn't destroyed")
                cited = [*cited, rules.INDESTRUCTIBLE]
            continue
        moving.append(ref)
    for ref in moving:
        if game.state.on_battlefield(ref):
            r.lki[ref] = game.chars(ref)
    combat = game.state.combat
    fighting = [x for x in moving if combat is not None and x in combat.in_combat()]
    before = {x: game.state.objects[x].incarnation for x in moving}
    game.perform(*(ZoneChange(x, game.state.objects[x].zone, to_zone, said) for x in moving))
    stayed = [x for x in moving if game.state.objects[x].incarnation == before[x]]
    moving = [x for x in moving if x not in stayed]
    record(r, moving)
    if moving:
        lines.insert(0, f"{names_of(game, moving)} {'is' if len(moving) == 1 else 'are'} {said.split(',')[0]}")
    left_combat = [x for x in fighting if x in moving]
    if left_combat:  # 506.4: a permanent that leaves the battlefield is removed from combat
        lines.insert(1, f"{names_of(game, left_combat)} {'is' if len(left_combat) == 1 else 'are'} removed from combat")
        cited = [*cited, rules.REMOVED_FROM_COMBAT]
    if stayed:  # a replacement effect (regeneration, …) kept it where it was (614.6)
        lines.append(f"{names_of(game, stayed)} stays on the battlefield: a replacement effect replaced that "
                     "(see above)")
        cited = [*cited, rules.REPLACED_EVENT]
    return "; ".join(lines), [*cited, rules.NEW_OBJECT] if moving else cited


@verb("destroy")
def _destroy(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    return _move(game, r, _permanents(game, r, ins.object), "destroy")


@verb("exile")
def _exile(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    if graveyards(ins.object):  # "exile all graveyards": every card in every graveyard
        cards = [c for p in game.state.players.values() for c in p.graveyard]
        text, cited = _move(game, r, cards, "exile")
        return (text or "every graveyard is empty: nothing is exiled"), cited
    until = until_source_leaves(ins.duration)
    item = r.item
    if until and (not game.state.on_battlefield(item.source)
                  or game.state.objects[item.source].incarnation != item.source_incarnation):
        return (f"{item.source_chars.name} has already left the battlefield, so nothing is exiled"), [
            rules.UNTIL_EVENT, rules.UNTIL_EVENT_PASSED if item.kind == "triggered" else rules.UNTIL_EVENT_PASSED_SPELL]
    top = top_cards(ins.object) is not None  # "exile the top two cards of your library" (401.1)
    cards = library.top_of(game, r, ins.object) if top else _picked(game, r, ins.object, things(game, r, ins.object))
    before = {x: game.state.objects[x].incarnation for x in cards if x in game.state.objects}
    text, cited = _move(game, r, cards, "exile")
    if top and not cards:
        text = "the library is empty: nothing is exiled"
    exiled = [x for x, was in before.items() if game.state.objects[x].incarnation != was
              and game.state.objects[x].zone == "exile"]
    _remember_exiled(game, r, exiled, game.state.exiled_until if until else game.state.exiled_with)
    if until and exiled:
        text += f" until {item.source_chars.name} leaves the battlefield"
        cited = [*cited, rules.UNTIL_EVENT]
    return text, cited


def _remember_exiled(game: Play, r: Resolving, exiled: list[str],
                     memory: dict[tuple[str, int], list[tuple[str, int]]]) -> None:
    """607.2a: an ability of a permanent that exiles cards is linked to its other abilities naming "the exiled
    card"; 610.3: a card exiled "until" it leaves comes back then. Either way the cards are remembered for the
    object the source was (a new object after a zone change is another, 400.7)."""
    item = r.item
    if exiled and item.kind != "spell" and item.source_incarnation is not None:
        key = (item.source, item.source_incarnation)
        memory.setdefault(key, []).extend((x, game.state.objects[x].incarnation) for x in exiled)


@verb("regenerate can't")
def _cant_regenerate(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """701.19c: "They can't be regenerated" — said with the destruction before it, which it modifies."""
    return "", []


@verb("regenerate")
def _regenerate(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """701.19a: a regeneration shield — the next time the permanent would be destroyed this turn, instead its
    damage is removed, it is tapped, and it leaves combat (614.8)."""
    state = game.state
    refs = _permanents(game, r, ins.object or ins.subject)
    shields = [Shield("regenerate", r.item.source, r.item.name, state.next_timestamp(), x,
                      state.objects[x].incarnation, recipient_name=game.name(x)) for x in refs]
    game.perform(*(ShieldChange(shield) for shield in shields))
    record(r, refs)
    return "; ".join(f"a regeneration shield begins ({x.describe()})" for x in shields), [rules.REGENERATE,
                                                                                           rules.REGENERATION]


@verb("return")
def _return(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """A card returns to the battlefield from a graveyard or from exile: a new object with no memory of its
    previous existence — no counters, no damage (400.7) — under its owner's control unless the text says whose
    (110.2a), maybe tapped or with counters (614.1c). The card an ability remembers must still be the same
    object: one that left its zone since is a new object, and isn't returned."""
    assert ins.destination is not None
    refs = _picked(game, r, ins.object, [x for x in things(game, r, ins.object) if x in game.state.objects])
    if ins.destination.zone == "hand":
        return _move(game, r, refs, "hand")
    lines, cited, moved = [], [rules.NEW_OBJECT, rules.OBJECT_TIMESTAMP], []
    if linked_exile(r, ins.object):  # "the exiled card": what the linked ability exiled (607.2a)
        cited.insert(0, rules.LINKED_ABILITIES)
        if not refs:
            return (f"no card exiled by {r.item.source_chars.name}'s linked ability is in exile: nothing returns"), [
                rules.LINKED_ABILITIES]
    counter, count = _returned_with(game, r, ins)
    for ref in refs:
        obj = game.state.objects[ref]
        origin = ins.origin.zone if ins.origin is not None else None
        remembered = r.item.it_incarnation if r.item.it == ref else None
        if obj.zone == "battlefield" or (origin is not None and obj.zone != origin) or (
                remembered is not None and obj.incarnation != remembered):
            where = "is on the battlefield already" if obj.zone == "battlefield" else \
                f"left the zone it was in (it is in the {obj.zone} as a new object)"
            lines.append(f"{game.name(ref)} isn't returned: it {where}")
            continue
        controller = controller_of(game, r, ins.destination, obj.owner)
        extra, notes, more = entering(game, game.choices, ref)
        if ins.destination.tapped and not any(isinstance(e, StatusChange) for e in extra):
            extra.insert(0, StatusChange(ref, True))
            notes.insert(0, "tapped")
        if counter:
            extra.append(CounterChange(ref, counter, count, entering=True))
        zone = obj.zone
        game.perform(ZoneChange(ref, zone, "battlefield", "returned", controller=controller), *extra)
        counters = ", ".join(f"{k_n} {k} counter{'s' if k_n != 1 else ''}" for k, k_n in obj.counters.items() if k_n)
        who = "its owner's" if controller == obj.owner else f"{controller}'s"
        lines.append(f"{game.name(ref)} returns from the {zone} to the battlefield under {who} control as a new "
                     "object" + "".join(f"; {x}" for x in notes) + (f", with {counters} on it" if counters else
                                                                     ", with no counters and no damage"))
        cited += more
        moved.append(ref)
    record(r, moved)
    return "; ".join(lines), cited


def _returned_with(game: Play, r: Resolving, ins: n.Instruction) -> tuple[str, int]:
    """"… with a -1/-1 counter on it" (702.79a, 702.93a): the kind and number of counters it enters with."""
    zone = ins.destination
    if zone is not None and zone.counter:
        return zone.counter, amount(game, r, zone.counter_amount, 1)
    return "", 0


@verb("sacrifice")
def _sacrifice(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """701.21a: a player sacrifices a permanent they control: "Sacrifice ~", "Target player sacrifices a
    creature" (they choose; by default the oldest)."""
    thing = ins.object
    if isinstance(thing, n.Reference) or (isinstance(thing, n.Description) and thing.is_target):
        return _move(game, r, _permanents(game, r, thing), "sacrifice")
    lines, picks = [], []
    everything = [x for x in things(game, r, thing) if game.state.on_battlefield(x)]
    for player in players_in(game, r, ins.subject):
        mine = [x for x in everything if game.controller(x) == player]
        count = amount(game, r, thing.selector.count, 1) if isinstance(thing, n.Description) else 1
        if not mine:
            lines.append(f"{player} has no {getattr(thing, 'text', 'permanent').removeprefix('a ')} to sacrifice")
            continue
        chosen = [c for c in game.choices.sacrifice if c in mine][:count]
        rest = sorted((x for x in mine if x not in chosen), key=lambda x: game.state.objects[x].timestamp)
        pick = chosen + rest[: count - len(chosen)]
        picks += pick
        note = "" if len(chosen) == len(pick) else " (default: the oldest one)"
        lines.append(f"{player} sacrifices {names_of(game, pick)}{note}")
    text, cited = _move(game, r, picks, "sacrifice")
    return "; ".join(lines) if picks or lines else text, cited or [rules.SACRIFICE]


@verb("counter")
def _counter(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    unless = ""
    if ins.unless is not None and ins.unless.cost is not None and ins.unless.cost.mana is not None:
        unless = "".join(s.symbol for s in ins.unless.cost.mana.symbols)
    refs = things(game, r, ins.object)
    if not refs:
        return f"{r.item.name}: there is nothing to counter any more", []
    text, cited = counter(game, refs[0], unless, r.item.name)
    record(r, refs[:1])
    return text, [*cited, *([rules.UNLESS_PAYS] if unless else [])]


def counter(game: Play, item_id: str, unless: str, by: str) -> Result:
    """701.6a: countered, it leaves the stack without resolving; a spell goes to the graveyard. "Unless its
    controller pays": by default the player pays if they can."""
    target = find(game, item_id)
    if target is None:
        return f"{by}: there is nothing to counter any more", []
    if target.kind == "spell" and game.chars(target.source).has("uncounterable"):
        said = game.chars(target.source).abilities_of("uncounterable")[0].shown(target.name)
        return f"{target.name} can't be countered (\"{said}\"): it stays on the stack", [rules.COUNTER,
                                                                                         rules.CANT_WINS]
    why = ""
    if unless:
        player = target.controller
        if take(game.choices.decline_to_pay.get(player)):
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
    _, words, more = goes_to(target)
    where = f" and {words}" if target.kind == "spell" else ""
    return f"{why}{target.name} is countered{where}", [rules.COUNTER, rules.COUNTER_NO_REFUND, *more]


# --- continuous effects -------------------------------------------------------------------------------------

def begin(game: Play, change: Change, affected: list[str], description: str, duration: str,
          source: str | None) -> ContinuousEffect:
    """A continuous effect from a resolving spell or ability: a timestamp now (613.7b), its set locked (611.2c)."""
    effect = ContinuousEffect(change.kind, game.state.next_timestamp(), description, affected=tuple(affected),
                              source=source, duration=duration, change=change)
    game.perform(EffectBegins(effect))
    return effect


def _duration(ins: n.Instruction) -> str:
    if ins.duration is not None and ins.duration.kind in ("until end of turn", "this turn"):
        return UNTIL_END_OF_TURN
    return INDEFINITE


def _continuous(game: Play, r: Resolving, ins: n.Instruction, subjects: list[str], changes: list[Change],
                phrase: str) -> Result:
    if not subjects:
        return "", []
    duration = _duration(ins)
    until = " until end of turn" if duration == UNTIL_END_OF_TURN else ""
    cited: list[rules.Cite] = [rules.EFFECT_TIMESTAMP]
    for change in changes:
        effect = begin(game, change, subjects, f"{names_of(game, subjects)} {phrase}{until} ({r.item.name})",
                       duration, r.item.source)
        cited.append(effect.rule)
    cited.append(rules.EFFECT_DURATION)
    if changes[0].kind in ("control", "text"):
        now = ""
    else:
        now = "; now " + ", ".join(f"{game.name(s)} is {game.chars(s).pt or game.chars(s).type_line}"
                                   for s in subjects)
    cited += [x for s in subjects for x in rules_applied(game.state, s)]
    if len(subjects) > 1 or (isinstance(ins.subject or ins.object, n.Description)
                             and not (ins.subject or ins.object).is_target):
        cited.append(rules.EFFECT_SET_LOCKED)
    record(r, subjects)
    return f"{names_of(game, subjects)} {phrase}{until}{now}", cited


def _affected(game: Play, r: Resolving, ins: n.Instruction) -> list[str]:
    return _permanents(game, r, ins.subject if ins.subject is not None else ins.object)


@verb("restrict")
def _restrict(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """"Target creature can't block this turn", "… can't be blocked this turn" (508.1c, 509.1b): a restriction on
    the objects named as it resolves (611.2c), changing none of their characteristics; it ends in the cleanup
    step (514.2) when it lasts "this turn"."""
    subjects = _affected(game, r, ins)
    if not subjects:
        return "", []
    if ins.action is None:  # "Those creatures don't untap during their controller's next untap step." (502.3)
        begin(game, Change(RESTRICTION, action="untap"), subjects,
              f"{names_of(game, subjects)} doesn't untap during its controller's next untap step ({r.item.name})",
              UNTIL_NEXT_UNTAP, r.item.source)
        record(r, subjects)
        return f"{names_of(game, subjects)} won't untap during its controller's next untap step", [rules.UNTAP]
    duration = _duration(ins)
    until = " this turn" if duration == UNTIL_END_OF_TURN else ""
    for action in ins.action.verb.split(" or "):
        begin(game, Change(RESTRICTION, action=action), subjects,
              f"{names_of(game, subjects)} can't {action}{until} ({r.item.name})", duration, r.item.source)
    record(r, subjects)
    cited = [*([rules.ATTACK_RESTRICTIONS] if "attack" in ins.action.verb else []),
             *([rules.BLOCK_RESTRICTIONS] if "block" in ins.action.verb else []), rules.EFFECT_DURATION]
    return f"{names_of(game, subjects)} can't {ins.action.verb}{until}", cited


@verb("get")
def _get(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    assert ins.pt is not None
    power, toughness = amount(game, r, ins.pt.power), amount(game, r, ins.pt.toughness)
    change = Change("modify power/toughness", power=power, toughness=toughness)
    return _continuous(game, r, ins, _affected(game, r, ins), [change], f"gets {power:+d}/{toughness:+d}")


@verb("set base pt")
def _set_pt(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    assert ins.pt is not None
    power, toughness = amount(game, r, ins.pt.power), amount(game, r, ins.pt.toughness)
    change = Change("set power/toughness", power=power, toughness=toughness)
    return _continuous(game, r, ins, _affected(game, r, ins), [change],
                       f"has base power and toughness {power}/{toughness}")


@verb("switch pt")
def _switch(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    return _continuous(game, r, ins, _affected(game, r, ins), [Change("switch power/toughness")],
                       "has its power and toughness switched")


@verb("gain", "lose")
def _abilities(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    if ins.verb == "lose" and (ins.qualifier == "all abilities" or not ins.abilities):
        return _continuous(game, r, ins, _affected(game, r, ins), [Change("remove all abilities")],
                           "loses all abilities")
    abilities, chose = _colour_chosen_now(game, r, granted(ins.abilities))
    listed = ", ".join(a.text.lower() for a in abilities)
    kind = "add abilities" if ins.verb == "gain" else "remove abilities"
    text, cited = _continuous(game, r, ins, _affected(game, r, ins), [Change(kind, abilities=abilities)],
                              f"{'gains' if ins.verb == 'gain' else 'loses'} {listed}")
    return (f"{chose}; {text}", [rules.PROTECTION, *cited]) if chose else (text, cited)


def _colour_chosen_now(game: Play, r: Resolving, abilities: tuple[Ability, ...]) -> tuple[tuple[Ability, ...], str]:
    """"Protection from the color of your choice": the colour is chosen as the ability resolves (608.2d) — the
    scenario's `chosen` for the source, else the colour of the spell or ability it responds to, else the colour
    most common among opponents' permanents."""
    if not any(a.quality is not None and a.quality.kind == "chosen" for a in abilities):
        return abilities, ""
    player = r.item.controller
    given = (take(game.choices.chosen.get(r.item.source)) or "").lower()
    below = [i for i in game.state.stack if i.id != r.item.id and i.controller != player]
    colours = sorted(below[-1].source_chars.colors) if below and below[-1].source_chars is not None else []
    if given in COLORS:
        colour, how = given, ""
    elif colours:
        colour, how = colours[0], f" (default: the colour of {below[-1].name}, which it responds to)"
    else:
        colour, why = replacement.chosen_value(game, game.choices, r.item.source, "color")
        how = f" (default: {why})" if why else ""
    out = tuple(dataclasses.replace(a, quality=Quality("color", colour), text=f"Protection from {colour}")
                if a.quality is not None and a.quality.kind == "chosen" else a for a in abilities)
    return out, f"{player} chooses {colour}{how}"


@verb("become")
def _become(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    assert ins.characteristics is not None
    phrase = "becomes " + ins.text.split("become", 1)[-1].lstrip("s ").removesuffix(" until end of turn")
    return _continuous(game, r, ins, _affected(game, r, ins), becomes(ins, ins.characteristics), phrase)


@verb("change text")
def _text(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """612.1: one colour word replaced by another, the words announced as it was cast (`words`)."""
    words = tuple(r.item.choices.get("words", ()))
    if len(words) != 2:
        return "no words were chosen, so no text changes", [rules.TEXT_CHANGE]
    text, cited = _continuous(game, r, ins, _permanents(game, r, ins.object), [Change("text", words=words)],
                              f"has \"{words[0]}\" replaced by \"{words[1]}\" in its text")
    return text, [*cited, rules.TEXT_CHANGE]


@verb("gain control")
def _control(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    change = Change("control", controller=r.item.controller)
    return _continuous(game, r, ins, _permanents(game, r, ins.object), [change],
                       f"comes under {r.item.controller}'s control")


# --- counters and status ---------------------------------------------------------------------------------

@verb("put counters")
def _put_counters(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    refs = [x for x in things(game, r, ins.recipient or ins.object)
            if x in game.state.players or game.state.on_battlefield(x)]
    count = amount(game, r, ins.amount, 1)
    return _counters_put(game, r, refs, ins.counter, count)


def _counters_put(game: Play, r: Resolving, refs: list[str], counter: str, count: int) -> Result:
    """Counters put on objects or players, as replacement and "can't" effects leave them (614.16, 614.17)."""
    def held(x: str) -> int:
        if x in game.state.players:
            return game.state.players[x].poison if counter == "poison" else 0
        return game.state.objects[x].counters.get(counter, 0)

    before = {x: held(x) for x in refs}
    game.perform(*(CounterChange(x, counter, count) for x in refs))
    record(r, refs)
    parts = []
    for x in refs:
        got = held(x) - before[x]
        parts.append(f"{got} {counter} counter{'s' if got != 1 else ''} put on {game.name(x)}" if got else
                     f"no {counter} counter is put on {game.name(x)}")
    return "; ".join(parts), [_counter_rule(counter)]


def _counter_rule(kind: str) -> rules.Cite:
    return {"+1/+1": rules.PT_COUNTERS, "-1/-1": rules.PT_COUNTERS, "loyalty": rules.LOYALTY_COUNTERS,
            "poison": rules.POISON_COUNTERS}.get(kind, rules.KEYWORD_COUNTERS if kind in _KEYWORDS else rules.COUNTERS)


_KEYWORDS = ("flying", "first strike", "double strike", "deathtouch", "haste", "indestructible", "lifelink",
             "menace", "reach", "trample", "vigilance")


@verb("remove counters")
def _remove_counters(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    refs = [x for x in things(game, r, ins.object or ins.recipient) if x in game.state.objects]
    count = amount(game, r, ins.amount, 1)
    changes = [CounterChange(x, ins.counter, -min(count, game.state.objects[x].counters.get(ins.counter, 0)))
               for x in refs]
    game.perform(*changes)
    record(r, refs)
    return f"{count} {ins.counter} counter{'s' if count != 1 else ''} removed from {names_of(game, refs)}", \
        [_counter_rule(ins.counter)]


@verb("proliferate")
def _proliferate(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """701.34a: any number of permanents and players with counters each get one more of each kind they have.
    The scenario names them (`proliferate`); by default every one that has a counter."""
    state = game.state
    having = [o.id for o in state.permanents() if o.counters] + [p for p, pl in state.players.items() if pl.poison]
    chosen = take(game.choices.proliferate)
    picked = [x for x in having if x in chosen] if chosen is not None else having
    changes: list[Event] = []
    for x in picked:
        kinds = {"poison": 1} if x in state.players else state.objects[x].counters
        changes += [CounterChange(x, kind, 1) for kind in kinds]
    game.perform(*changes)
    record(r, picked)
    how = "" if chosen is not None else " (default: every permanent and player with a counter)"
    return f"{r.item.controller} proliferates: {names_of(game, picked)}{how}", [rules.PROLIFERATE]


@verb("tap", "untap")
def _tap(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    refs = _permanents(game, r, ins.object)
    game.perform(*(StatusChange(x, ins.verb == "tap") for x in refs))
    record(r, refs)
    return f"{names_of(game, refs)} becomes {ins.verb}ped", [rules.TAP if ins.verb == "tap" else rules.UNTAP_PERMANENT]


@verb("attach")
def _attach(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """701.3a (equip, 702.6a): the source becomes attached to the target, with a new timestamp."""
    card = _permanents(game, r, ins.object)
    onto = _permanents(game, r, ins.recipient)
    if not card or not onto:
        return "nothing is attached", [rules.ATTACH]
    game.perform(Attachment(card[0], onto[0]))
    record(r, card)
    return f"{game.name(card[0])} becomes attached to {game.name(onto[0])}", [rules.ATTACH, rules.EQUIP,
                                                                              rules.TIMESTAMPS]


# --- players -----------------------------------------------------------------------------------------------

def draw(game: Play, player: str, count: int) -> tuple[str, list[rules.Cite]]:
    """Cards drawn one at a time from the top (121.2), each draw open to replacement effects even from an empty
    library (614.11, 614.11a); a draw from an empty library is remembered for the state-based action (121.4,
    704.5b). Returns what happened, for the trace."""
    drawn: list[str] = []
    cited: list[rules.Cite] = [rules.DRAW_CARD]
    ending = ""
    for _ in range(count):
        if game.over:
            break
        library = game.state.players[player].library
        if not library:
            done = game.perform(DrewFromEmptyLibrary(player))
            if any(isinstance(e, DrewFromEmptyLibrary) for e in done):
                ending, more = "attempts to draw from an empty library", [rules.DRAW_FROM_EMPTY]
            else:
                ending, more = "would draw from an empty library, but that draw is replaced (see above)", \
                    [rules.DRAW_REPLACED]
            cited += more
            break
        card = library[0]
        game.perform(ZoneChange(card, "library", "hand", "drawn"))
        drawn.append(_drawn_name(game, card))
    parts = [f"draws {', '.join(drawn)}"] if drawn else []
    parts += [ending] if ending else []
    return f"{player} " + ", then ".join(parts) + ".", cited


def _drawn_name(game: Play, card: str) -> str:
    """A card the scenario named is named; one of a library's unnamed cards is "a card"."""
    return "a card" if "-library-" in card else game.name(card)


@verb("draw")
def _draw(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    count = amount(game, r, ins.amount, 1)
    lines, cited = [], []
    for player in players_in(game, r, ins.subject):
        text, more = draw(game, player, count)
        lines.append(text.rstrip("."))
        cited += more
    if count > 1:
        cited.append(rules.DRAW_ONE_AT_A_TIME)
    record(r, players_in(game, r, ins.subject))
    return "; ".join(lines), cited


@verb("discard")
def _discard(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    count = amount(game, r, ins.amount, 1)
    lines, changes, cards = [], [], []
    for player in players_in(game, r, ins.subject):
        hand = game.state.players[player].hand
        whole = whole_hand(ins.object)  # "discards their hand": every card in it, no choice to make
        named = [c for c in things(game, r, ins.object) if c in hand] \
            if isinstance(ins.object, n.Reference) else None  # "That player discards that card": the one chosen
        if whole or named is not None:
            count = len(hand) if whole else len(named or [])
        chosen = [c for c in (named if named is not None else game.choices.discard) if c in hand][:count]
        default = len(chosen) < count and not whole
        chance = ins.qualifier == "at random"  # 701.9a: chance picks, not the player; the scenario says what it gave
        chosen += [c for c in (hand if chance else reversed(hand)) if c not in chosen][: count - len(chosen)]
        changes += [ZoneChange(c, "hand", "graveyard", "discarded") for c in chosen]
        cards += chosen
        said = " at random" if chance else ""
        why = " (default for chance: the cards put into the hand first)" if chance else \
            " (default: the cards put into the hand last)"
        lines.append(f"{player} discards{said} {names_of(game, chosen)}" + (why if default and chosen else ""))
    game.perform(*changes)
    record(r, cards)
    return "; ".join(lines), [rules.DISCARD, *([rules.DISCARD_AT_RANDOM] if ins.qualifier == "at random" else [])]


@verb("choose")
def _choose(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """608.2d: "You choose a nonland card from it": among the cards the previous instruction revealed, the one the
    scenario's `choose` names for this source, else the first that may be chosen (said in the trace)."""
    desc = chosen_among(ins)
    revealed = r.acted[-2] if len(r.acted) > 1 else []
    anchor = Anchor(r.item.controller, r.item.source)
    allowed = [c for c in revealed if c in game.state.objects and matching.object_matches(
        game.state, game.chars, desc, c, anchor, zone=game.state.objects[c].zone)]
    named = [c for c in r.picks if c in allowed][:1]
    for c in named:
        r.picks.remove(c)
    pick = named or allowed[:1]
    record(r, pick)
    if not pick:
        return f"{r.item.controller} can't choose {desc.text}: there is none", [rules.RESOLVE_CHOICES]
    default = "" if named else " (default: the first one revealed that may be chosen)"
    return f"{r.item.controller} chooses {names_of(game, pick)}{default}", [rules.RESOLVE_CHOICES]


@verb("mill")
def _mill(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    count = amount(game, r, ins.amount, 1)
    lines, changes, cards = [], [], []
    for player in players_in(game, r, ins.subject):
        top = game.state.players[player].library[:count]
        changes += [ZoneChange(c, "library", "graveyard", "milled") for c in top]
        cards += top
        lines.append(f"{player} mills {names_of(game, top)}")
    game.perform(*changes)
    record(r, cards)
    return "; ".join(lines), [rules.MILL]


@verb("gain life", "lose life")
def _life(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    lines, changes = [], []
    players = players_in(game, r, ins.subject)
    for player in players:
        before = game.state.players[player].life
        value = amount(game, r, ins.amount)
        if ins.qualifier == "half":  # "loses half their life, rounded up"
            value = -(-before // 2) if "rounded up" in ins.text else before // 2
        delta = value if ins.verb == "gain life" else -value
        changes.append(LifeChange(player, delta, before))
        said = f"gains {delta}" if delta >= 0 else f"loses {-delta}"
        lines.append(f"{player} {said} life ({before} → {before + delta})")
    game.perform(*changes)
    record(r, players)
    return "; ".join(lines), [rules.LIFE_GAIN_LOSS]


@verb("add mana")
def _add_mana(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    assert ins.mana is not None
    player = r.item.controller
    if ins.mana.symbols is None:
        return _add_any_color(game, r, ins.mana, player)
    times = amount(game, r, ins.amount, 1)  # "add {R} for each card named ~ in each graveyard"
    symbols = "".join(s.symbol for s in ins.mana.symbols.symbols) * times
    if not symbols:
        return f"{player} adds no mana ({ins.amount.text if ins.amount else ''}: none)", [rules.MANA_POOL]
    added = mana.parse_cost(symbols)
    game.perform(*(ManaChange(player, m, k) for m, k in added.items()))
    return f"{player} adds {symbols}", [rules.MANA_POOL]


def _add_any_color(game: Play, r: Resolving, what: n.Mana, player: str) -> Result:
    """106.4: "one mana of any color", "Add {W} or {U}", "three mana of any one color" (one colour for all of it),
    "two mana in any combination of colors" (a colour for each): the colours are chosen as it resolves — the scenario's
    `mana_color` for the source, else the colour most needed by the coloured symbols of the cards in the
    player's hand (WUBRG order on a tie), said in the trace."""
    count = amount(game, r, what.amount, 1)
    each = what.choice == "any combination of colors"
    among = mana.one_of(what) or mana.COLOR_ORDER  # "Add {W} or {U}": one of those two
    given = [c for c in game.choices.mana_color.get(r.item.source, []) if c in among]
    picks = given[:count] if each else given[:1]
    mana.chose_colors(game, r.item.source, len(picks))
    default = ""
    if not picks:
        hand = game.state.players[player].hand
        wanted = [c for card in hand for c in mana.colors_asked(game.state.objects[card].printed.mana_cost)]
        best = max(among, key=lambda c: (wanted.count(c), -among.index(c)))
        picks, default = [best], " (default: the colour the cards in their hand need most)"
    colors = (picks * count)[:count] if not each else (picks + [picks[-1]] * count)[:count]
    added: dict[str, int] = {}
    for c in colors:
        added[c] = added.get(c, 0) + 1
    game.perform(*(ManaChange(player, c, k) for c, k in added.items()))
    said = " and ".join(f"{k} {c}" for c, k in added.items())
    return f"{player} chooses and adds {said} mana{default}", [rules.MANA_POOL]


# --- tokens, copies, prevention -------------------------------------------------------------------------------

@verb("create")
def _create(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    c = ins.characteristics
    assert c is not None
    if c.copy_of is not None:
        return _copy_token(game, r, things(game, r, c.copy_of))
    state = game.state
    count = amount(game, r, ins.amount, 1)
    power, toughness = (amount(game, r, c.pt.power), amount(game, r, c.pt.toughness)) if c.pt else (None, None)
    name = " ".join(c.subtypes) + " Token"  # 111.4
    known = predefined_token(c)
    if known is not None:  # "Create a Treasure token": its characteristics are its rule's (111.10)
        token, abilities = known
        printed = Characteristics(name=name, types=frozenset({"artifact"}), subtypes=(token.subtype,),
                                  abilities=tuple(abilities))
        what, cited = name, [rules.PREDEFINED_TOKEN, token.rule]
    else:
        colors = frozenset(x for x in c.colors if x != "colorless")
        printed = Characteristics(name=name, colors=colors, types=frozenset(t.lower() for t in c.types),
                                  supertypes=frozenset(s.lower() for s in c.supertypes), subtypes=tuple(c.subtypes),
                                  power=power, toughness=toughness, abilities=granted(c.abilities))
        what, cited = f"{power}/{toughness} {name}", [rules.TOKEN_DEFINED]
    ids = [state.new_id("token") for _ in range(count)]
    game.perform(*(TokenCreated(i, r.item.controller, name, printed) for i in ids))
    record(r, ids)
    return (f"{r.item.controller} creates {count} {what}{'s' if count != 1 else ''}"), [
        rules.CREATE_TOKEN, rules.TOKEN_OWNER, *cited]


@verb("pay mana", "pay life")
def _pay(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """118.12: "[You] may pay {1}. If you do, …" — a cost paid as the ability resolves (mana abilities may be
    activated for it, 117.1d); a player who can't pay in full doesn't (118.3, 119.4), and so doesn't "do"."""
    player = r.item.controller
    if ins.verb == "pay life":
        life = amount(game, r, ins.amount)
        if game.state.players[player].life < life:
            r.unpaid = True
            return f"{player} can't pay {life} life: they have {game.state.players[player].life}", [
                rules.UNLESS_PAYS, rules.PAY_LIFE]
        game.perform(LifeChange(player, -life, game.state.players[player].life))
        return f"{player} pays {life} life", [rules.UNLESS_PAYS, rules.PAY_LIFE]
    assert ins.mana is not None and ins.mana.symbols is not None
    symbols = ins.mana.symbols.text
    try:
        changes, text, cited = mana.payment(game, player, symbols, None, r.item.name)
    except IllegalAction as exc:
        r.unpaid = True
        return f"{exc} — so they don't pay", [rules.UNLESS_PAYS, rules.PAY_COST_RESOURCES]
    game.perform(*changes)
    during = [c for c in cited if not c.startswith("601.")]  # paid as it resolves, not as a spell is cast
    return text, [rules.UNLESS_PAYS, *([rules.MANA_ABILITY_WHEN] if changes and "taps" in text else []), *during]


@verb("play", "cast")
def _may_play(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """"You may play it this turn", "Until the end of your next turn, you may cast those cards": an effect that
    allows the player to play or cast those cards from exile for that long (601.3, 305.1; 611.2a), each the object
    it is now (400.7). Casting one still follows the rules of casting and timing (601.2, 307.1)."""
    state = game.state
    player = r.item.controller
    last = state.next_turn_of(player) if ins.duration.kind == "until end of your next turn" else state.turn
    cards = [c for c in things(game, r, ins.object) if c in state.objects and state.objects[c].zone == "exile"]
    state.may_play += [MayPlay(c, state.objects[c].incarnation, player, ins.verb, last, r.item.name) for c in cards]
    record(r, cards)
    until = "this turn" if last == state.turn else f"until the end of turn {last}"
    return (f"{player} may {ins.verb} {names_of(game, cards)} {until}" if cards else
            "there is no exiled card to play"), [rules.CAST_PERMISSION, rules.EFFECT_DURATION]


@verb("investigate")
def _investigate(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """701.16a: "Investigate" means "Create a Clue token." — the rule's words read and followed as printed."""
    text, cited = _create(game, r, interpret.meaning_of("Create a Clue token."))
    return f"{r.item.controller} investigates: {text}", [rules.INVESTIGATE, *cited]


def _copy_token(game: Play, r: Resolving, originals: list[str]) -> Result:
    """707.2: the token copies the copiable values only — not counters, not effects such as "+3/+3". It is a copy as it
    is created, not after (707.5): its own "when this enters" abilities see it enter (603.6a)."""
    if not originals:
        return "there is nothing to copy", [rules.COPY]
    original = originals[0]
    state = game.state
    values = copiable_values(state, original)
    token = state.new_id("token")
    game.perform(TokenCreated(token, r.item.controller, values.name, values))
    begin(game, Change("copy", copiable=values), [token], f"the token is a copy of {game.name(original)} "
          f"({r.item.name})", INDEFINITE, r.item.source)  # a copy effect, layer 1a (613.2a, 707.2)
    extra, notes, cited = entering(game, game.choices, token)
    if extra:
        game.perform(*extra)
    record(r, [token])
    now = chars(game, r, original)
    return (f"{r.item.controller} creates a token that's a copy of {game.name(original)}: it copies the copiable "
            f"values ({values.pt or values.type_line}), not the effects and counters that make the original {now.pt}"
            + "".join(f"; {x}" for x in notes)), [rules.CREATE_TOKEN, rules.COPY, rules.LAYER_1A,
                                                  rules.COPIABLE_VALUES, rules.TOKEN_OWNER, *cited]


def _prevent_all(game: Play, r: Resolving, ins: n.Instruction) -> list[Shield]:
    """"Prevent all [combat] damage [that would be dealt to X | X would deal | … to and dealt by X] this turn": a
    shield for each object or player named as it resolves (611.2c), or one for all damage."""
    said = set(ins.qualifier.split(", ")) if ins.qualifier else set()
    damage = next((k for k in ("combat", "noncombat") if k in said), "")
    item, state = r.item, game.state
    named = things(game, r, ins.recipient) if ins.recipient is not None else \
        things(game, r, ins.object) if ins.object is not None else None
    if named is None:
        return [Shield("prevent all", item.source, item.name, state.next_timestamp(), damage=damage)]
    by, either = ins.recipient is None and "by" in said, "to and by" in said
    return [Shield("prevent all", item.source, item.name, state.next_timestamp(),
                   recipient=None if by else x, dealer=x if by or either else None, either=either, damage=damage,
                   incarnation=state.objects[x].incarnation if x in state.objects else 0, recipient_name=game.name(x))
            for x in named]


@verb("win the game", "lose the game")
def _game_result(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """104.2b, 104.3e: an effect says a player wins or loses the game ("can't" effects may stop it, 101.2)."""
    players = players_in(game, r, ins.subject)
    if ins.verb == "win the game":
        game.perform(*(PlayerWins(p, r.item.name) for p in players))
        won = [p for p in players if game.state.players[p].won]
        return (f"{', '.join(won)} wins the game" if won else f"{', '.join(players)} would win the game, but can't "
                "(see above)"), [rules.WIN_EFFECT]
    game.perform(*(PlayerLoses(p, f"{r.item.name} ({rules.LOSE_EFFECT})") for p in players))
    lost = [p for p in players if game.state.players[p].lost]
    return (f"{', '.join(lost)} loses the game" if lost else f"{', '.join(players)} would lose the game, but can't "
            "(see above)"), [rules.LOSE_EFFECT]


@verb("copy")
def _copy_spell(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """707.10: a copy of the spell is put onto the stack — not cast — with the original's characteristics and
    choices, controlled by the player who copied it; with "you may choose new targets" (`ins.qualifier`), the
    scenario's `new_targets` choice gives them (707.10c: unchanged targets may stay, changed ones must be legal)."""
    state = game.state
    item = r.item
    found = things(game, r, ins.object)
    original = find(game, found[0]) if found else None
    if original is None:
        return f"{item.name}: the spell to copy isn't on the stack any more", []
    copy_id = state.new_id("copy")
    card = state.objects[original.source]
    copy = StackItem(id=copy_id, kind="spell", source=copy_id, controller=item.controller, text=original.text,
                     name=f"the copy of {original.name}", source_chars=original.source_chars, effect=original.effect,
                     specs=original.specs, targets=list(original.targets), choices=dict(original.choices))
    cited: list[rules.Cite] = [rules.COPY_SPELL]
    new = ins.qualifier == "new targets"
    wanted = take(game.choices.new_targets.get(item.source)) if new else None
    changed = ""
    if wanted:
        new_targets = []
        for index, old in enumerate(original.targets):
            if index >= len(wanted) or wanted[index] == old.ref:
                new_targets.append(old)
                continue
            spec = next((d for d in original.specs if d.target == old.slot), original.specs[0])
            target = targets.choose(game, wanted[index], old.slot)
            problem = targets.problem(game, spec, target, item.controller, copy.source_chars, copy_id, copy_id)
            if problem is not None:
                raise IllegalAction(f"the copy can't target {game.name(wanted[index])}: {problem.reason}",
                                    problem.rule, rules.COPY_NEW_TARGETS)
            new_targets.append(target)
        copy.targets = new_targets
        changed = " with new targets: " + ", ".join(target_name(game, t.ref) for t in new_targets)
        cited.append(rules.COPY_NEW_TARGETS)
    elif new and original.targets:
        changed = " with the same targets (default: the scenario names no new ones)"
        cited.append(rules.COPY_NEW_TARGETS)
    game.perform(SpellCopied(copy_id, item.controller, card.printed), StackPush(copy))
    return f"{item.controller} puts a copy of {original.name} onto the stack{changed}; it isn't cast", cited


@verb("prevent")
def _prevent(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """615: "Prevent the next N damage that would be dealt to any target this turn", "Prevent all combat damage
    that would be dealt this turn", "… dealt to and dealt by target creature this turn": shields that last until
    cleanup (514.2)."""
    state = game.state
    item = r.item
    if ins.amount is None:
        shields = _prevent_all(game, r, ins)
        game.perform(*(ShieldChange(s) for s in shields))
        return "; ".join(f"a prevention effect begins ({s.describe()})" for s in shields), [
            rules.PREVENTION, rules.PREVENT_WORD]
    count = amount(game, r, ins.amount)
    lines = []
    for recipient in things(game, r, ins.recipient):
        incarnation = state.objects[recipient].incarnation if recipient in state.objects else 0
        shield = Shield("prevent", item.source, item.name, state.next_timestamp(), recipient, incarnation, count,
                        game.name(recipient))
        game.perform(ShieldChange(shield))
        lines.append(f"a prevention effect begins ({shield.describe()})")
    return "; ".join(lines), [rules.PREVENTION, rules.PREVENT_WORD, rules.PREVENTION_SHIELD]
