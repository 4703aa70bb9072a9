"""Effects a scenario applies directly while a player has priority, without the stack: the results of spells
and abilities stated outright ("Giant Growth: the Bear gets +3/+3 until end of turn", "Shock deals 2 damage
to the Knight").

Each effect checks what the rules forbid (protection against targeting, 702.16b; indestructible against
destruction, 702.12b) and records itself; `game.Game.apply` runs one and then the turn loop checks
state-based actions before a player would receive priority again (117.5).
"""

from __future__ import annotations

from judge_app.engine import rules, sba
from judge_app.engine.ability import Ability, Change
from judge_app.engine.attachments import attach_problem
from judge_app.engine.continuous import UNTIL_END_OF_TURN, ContinuousEffect
from judge_app.engine.damage import deal_damage
from judge_app.engine.effects import begin
from judge_app.engine.effects import draw as draw_events
from judge_app.engine.errors import IllegalAction
from judge_app.engine.events import (
    Assignment,
    Attachment,
    CounterChange,
    Event,
    LifeChange,
    ManaChange,
    PlayerLoses,
    RemovedFromCombat,
    StatusChange,
    ZoneChange,
)
from judge_app.engine.perform import Play
from judge_app.engine.protection import protection_from
from judge_app.engine.state import NO_PRIORITY_STEPS
from judge_app.engine.trace import ACTION


def _begin(game: Play) -> None:
    """Effects happen while a player has priority (the turn loop has finished a waiting turn-based action)."""
    if game.over:
        raise IllegalAction("the game is over", rules.GAME_ENDS)
    step = game.state.step
    if step in NO_PRIORITY_STEPS:
        raise IllegalAction(f"no player has priority during the {step.value} step, so nothing can be done then",
                            rules.NO_PRIORITY_IN_UNTAP if step.value == "untap" else rules.CLEANUP_NO_PRIORITY)


def _done(game: Play, text: str, cited: list[rules.Cite]) -> None:
    """Then the active player receives priority again, from the turn loop (117.3c, 117.5)."""
    game.record(ACTION, text, [*cited, rules.PRIORITY_AFTER_ACTION])


def _label(game: Play, source: str | None) -> str:
    return f"{game.name(source)}: " if source else "Effect: "


def _permanent(game: Play, target: str) -> None:
    if not game.state.on_battlefield(target):
        where = game.state.objects[target].zone
        raise IllegalAction(f"{game.name(target)} isn't on the battlefield (it is in the {where})",
                            rules.PERMANENT_STATUS)


def check_target(game: Play, source: str | None, target: str) -> None:
    """A spell or ability from `source` targeting `target`: protection forbids it (702.16b)."""
    if source is None or target in game.state.players:
        return
    protection = protection_from(game.chars(target), game.chars(source))
    if protection:
        raise IllegalAction(f"{game.name(source)} can't target {game.name(target)}: it has {protection.lower()}",
                            rules.PROTECTION_TARGET)


def _effect(game: Play, kind: str, target: str, description: str, duration: str, source: str | None,
            **values) -> ContinuousEffect:
    return begin(game, Change(kind, **values), [target], description, duration, source)


def _duration_text(duration: str) -> str:
    return f" {duration}" if duration == UNTIL_END_OF_TURN else ""


def pump(game: Play, target: str, power: int, toughness: int, source: str | None = None,
         duration: str = UNTIL_END_OF_TURN) -> None:
    """"Target creature gets +N/+M": a power/toughness-changing effect in layer 7c (613.4c)."""
    _begin(game)
    _permanent(game, target)
    check_target(game, source, target)
    what = f"{game.name(target)} gets {power:+d}/{toughness:+d}{_duration_text(duration)}"
    _effect(game, "modify power/toughness", target, f"{what} ({_label(game, source).rstrip(': ')})", duration,
            source, power=power, toughness=toughness)
    _done(game, f"{_label(game, source)}{what}; it is now {game.chars(target).pt}.",
          [rules.EFFECT_DURATION, rules.LAYERS, rules.LAYER_7C])


def set_pt(game: Play, target: str, power: int, toughness: int, source: str | None = None,
           duration: str = UNTIL_END_OF_TURN) -> None:
    """"Target creature has base power and toughness N/M": layer 7b (613.4b)."""
    _begin(game)
    _permanent(game, target)
    check_target(game, source, target)
    what = f"{game.name(target)} has base power and toughness {power}/{toughness}{_duration_text(duration)}"
    _effect(game, "set power/toughness", target, what, duration, source, power=power, toughness=toughness)
    _done(game, f"{_label(game, source)}{what}; it is now {game.chars(target).pt}.",
          [rules.EFFECT_DURATION, rules.LAYERS, rules.LAYER_7B])


def switch_pt(game: Play, target: str, source: str | None = None, duration: str = UNTIL_END_OF_TURN) -> None:
    """"Switch target creature's power and toughness": layer 7d (613.4d)."""
    _begin(game)
    _permanent(game, target)
    check_target(game, source, target)
    what = f"{game.name(target)}'s power and toughness are switched{_duration_text(duration)}"
    _effect(game, "switch power/toughness", target, what, duration, source)
    _done(game, f"{_label(game, source)}{what}; it is now {game.chars(target).pt}.",
          [rules.EFFECT_DURATION, rules.LAYERS, rules.LAYER_7D])


def grant(game: Play, target: str, abilities: list[Ability], source: str | None = None,
          duration: str = UNTIL_END_OF_TURN, lose: bool = False) -> None:
    """"Target creature gains (or loses) flying": an ability-adding or -removing effect in layer 6 (613.1f)."""
    _begin(game)
    _permanent(game, target)
    check_target(game, source, target)
    verb = "loses" if lose else "gains"
    listed = ", ".join(a.text.lower() for a in abilities)
    what = f"{game.name(target)} {verb} {listed}{_duration_text(duration)}"
    _effect(game, "remove abilities" if lose else "add abilities", target, what, duration, source,
            abilities=tuple(abilities))
    _done(game, f"{_label(game, source)}{what}.", [rules.EFFECT_DURATION, rules.LAYERS, rules.LAYER_6])


def put_counters(game: Play, target: str, counter: str, amount: int, source: str | None = None) -> None:
    """Put (or, with a negative amount, remove) counters on a permanent or a player (122)."""
    _begin(game)
    if target not in game.state.players:
        _permanent(game, target)
    check_target(game, source, target)
    rule_for = {"+1/+1": rules.PT_COUNTERS, "-1/-1": rules.PT_COUNTERS, "loyalty": rules.LOYALTY_COUNTERS,
                "poison": rules.POISON_COUNTERS}
    game.perform(CounterChange(target, counter, amount))
    verb = f"{amount} {counter} counter{'s' if abs(amount) != 1 else ''} {'put on' if amount > 0 else 'removed from'}"
    if amount < 0:
        verb = verb.replace(str(amount), str(-amount), 1)
    after = "" if target in game.state.players else f"; it is now {game.chars(target).pt or ''}".rstrip("; ")
    cited = [rule_for.get(counter, rules.KEYWORD_COUNTERS)]
    if counter in ("+1/+1", "-1/-1"):
        cited.append(rules.LAYER_7C)
    _done(game, f"{_label(game, source)}{verb} {game.name(target)}{after}.", cited)


def deal(game: Play, source: str, damage: dict[str, int], targeted: bool = True) -> None:
    """"[Source] deals N damage to …": noncombat damage (120.2b), all of it at once."""
    _begin(game)
    for recipient in damage:
        if recipient not in game.state.players:
            _permanent(game, recipient)
        if targeted:
            check_target(game, source, recipient)
    report = deal_damage(game, [Assignment(source, r, n) for r, n in damage.items()], combat=False)
    _done(game, f"{game.name(source)} deals damage: " + "; ".join(report.lines) + ".",
          [rules.DAMAGE_SOURCE, *report.rules])


def _move(game: Play, target: str, to_zone: str, how: str, cited: list[rules.Cite], source: str | None,
          targeted: bool = True) -> None:
    _begin(game)
    _permanent(game, target)
    if targeted:
        check_target(game, source, target)
    incarnation = game.state.objects[target].incarnation
    game.perform(ZoneChange(target, "battlefield", to_zone, how))
    obj = game.state.objects[target]
    if obj.incarnation == incarnation:
        _done(game, f"{_label(game, source)}{game.name(target)} would be {how}, but a replacement effect replaced that "
              "(see above): it stays on the battlefield.", [*cited, rules.REPLACED_EVENT])
        return
    where = f"to its owner's {to_zone}" if obj.zone == to_zone else f"to {obj.zone} instead"
    _done(game, f"{_label(game, source)}{game.name(target)} is {how} ({where}).", [*cited, rules.NEW_OBJECT])


def destroy(game: Play, target: str, source: str | None = None) -> None:
    """701.8a: to the owner's graveyard, unless it has indestructible (702.12b)."""
    _begin(game)
    _permanent(game, target)
    check_target(game, source, target)
    if game.chars(target).has("indestructible"):
        _done(game, f"{_label(game, source)}destroy {game.name(target)}: it has indestructible and isn't destroyed.",
              [rules.DESTROY, rules.INDESTRUCTIBLE])
        return
    _move(game, target, "graveyard", "destroyed", [rules.DESTROY, rules.GRAVEYARD], source, targeted=False)


def exile(game: Play, target: str, source: str | None = None) -> None:
    _move(game, target, "exile", "exiled", [rules.EXILE], source)


def sacrifice(game: Play, target: str) -> None:
    """701.21a: its controller puts it into its owner's graveyard; not a destruction, so indestructible can't help."""
    _move(game, target, "graveyard", "sacrificed", [rules.SACRIFICE], None, targeted=False)


def return_to_hand(game: Play, target: str, source: str | None = None) -> None:
    _move(game, target, "hand", "returned", [rules.NEW_OBJECT], source)


def put_onto_battlefield(game: Play, card: str, attached_to: str | None = None) -> None:
    """A card enters the battlefield from where it is: a new object with a new timestamp (400.7, 613.7d);
    a planeswalker enters with its printed loyalty (306.5b)."""
    _begin(game)
    obj = game.state.objects[card]
    if obj.zone == "battlefield":
        raise IllegalAction(f"{game.name(card)} is already on the battlefield", rules.PERMANENT_STATUS)
    chars = game.chars(card)
    if chars.types <= {"instant", "sorcery"}:
        raise IllegalAction(f"{chars.name} is an instant or sorcery and can't be put onto the battlefield",
                            rules.PERMANENT_STATUS)
    changes: list[Event] = [ZoneChange(card, obj.zone, "battlefield", "put")]
    cited = [rules.NEW_OBJECT, rules.OBJECT_TIMESTAMP]
    if chars.is_planeswalker and chars.loyalty:
        changes.append(CounterChange(card, "loyalty", chars.loyalty))
        cited.append(rules.PLANESWALKER_ENTERS_WITH_LOYALTY)
    if attached_to is not None:
        changes.append(Attachment(card, attached_to))
        cited.append(rules.ATTACH)
    game.perform(*changes)
    where = f" attached to {game.name(attached_to)}" if attached_to else ""
    _done(game, f"{game.name(card)} is put onto the battlefield under {game.controller(card)}'s control{where}.", cited)


def attach(game: Play, card: str, target: str, source: str | None = None) -> None:
    """701.3a; an Aura or Equipment that can't be attached there doesn't move (701.3b, 702.16c–d)."""
    _begin(game)
    _permanent(game, card)
    _permanent(game, target)
    chars = game.chars(card)
    if "Aura" not in chars.subtypes and "Equipment" not in chars.subtypes:
        raise IllegalAction(f"{chars.name} is neither an Aura nor an Equipment and can't be attached",
                            rules.ATTACH_ILLEGAL)
    problem = attach_problem(game, card, target)
    if problem is not None:
        _done(game, f"{_label(game, source)}{chars.name} can't be attached to {game.name(target)}: it {problem[0]}; "
              "it doesn't move.", [rules.ATTACH_ILLEGAL, problem[1]])
        return
    game.perform(Attachment(card, target))
    _done(game, f"{_label(game, source)}{chars.name} becomes attached to {game.name(target)}.",
          [rules.ATTACH, rules.TIMESTAMPS])


def set_tapped(game: Play, target: str, tapped: bool, source: str | None = None) -> None:
    _begin(game)
    _permanent(game, target)
    check_target(game, source, target)
    if game.state.objects[target].tapped == tapped:
        raise IllegalAction(f"{game.name(target)} is already {'tapped' if tapped else 'untapped'}",
                            rules.TAP if tapped else rules.UNTAP_PERMANENT)
    game.perform(StatusChange(target, tapped))
    _done(game, f"{_label(game, source)}{game.name(target)} becomes {'tapped' if tapped else 'untapped'}.",
          [rules.TAP if tapped else rules.UNTAP_PERMANENT])


def change_life(game: Play, player: str, amount: int, source: str | None = None) -> None:
    """A player gains or loses life (119.3)."""
    _begin(game)
    before = game.state.players[player].life
    game.perform(LifeChange(player, amount, before))
    verb = f"gains {amount}" if amount >= 0 else f"loses {-amount}"
    _done(game, f"{_label(game, source)}{player} {verb} life ({before} → {before + amount}).",
          [rules.LIFE_GAIN_LOSS])


def draw(game: Play, player: str, count: int = 1, source: str | None = None) -> None:
    _begin(game)
    text, cited = draw_events(game, player, count)
    _done(game, f"{_label(game, source)}{text}", cited)


def add_mana(game: Play, player: str, mana: str, amount: int = 1, source: str | None = None) -> None:
    """Mana added to a pool stays until the step or phase ends (500.5)."""
    _begin(game)
    game.perform(ManaChange(player, mana, amount))
    _done(game, f"{_label(game, source)}{player} adds {amount} {mana} mana to their mana pool.", [rules.MANA_EMPTIES])


def remove_from_combat(game: Play, target: str, source: str | None = None) -> None:
    _begin(game)
    _permanent(game, target)
    check_target(game, source, target)
    combat = game.state.combat
    if combat is None or target not in combat.in_combat():
        raise IllegalAction(f"{game.name(target)} isn't attacking or blocking", rules.REMOVED_FROM_COMBAT)
    game.perform(RemovedFromCombat(target))
    _done(game, f"{_label(game, source)}{game.name(target)} is removed from combat.", [rules.REMOVED_FROM_COMBAT])


def concede(game: Play, player: str) -> None:
    """104.3a: a player may concede at any time."""
    if game.over:
        raise IllegalAction("the game is over", rules.GAME_ENDS)
    game.perform(PlayerLoses(player, f"conceded ({rules.LOSE_CONCEDE})"))
    game.record(ACTION, f"{player} concedes and leaves the game.", [rules.LOSE_CONCEDE])
    sba.end_game_if_decided(game)
