"""State-based actions (704): checked whenever a player would receive priority (117.5) and during cleanup
(514.3a). Every applicable one is found against the same state, all are performed at once as a single
event, and the check repeats until none applies (704.3). Then, if someone lost, the game may end (104).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge_app.engine import rules
from judge_app.engine.attachments import attach_problem
from judge_app.engine.events import (
    Attachment,
    CounterChange,
    Event,
    PlayerLoses,
    ZoneChange,
)
from judge_app.engine.perform import Play
from judge_app.engine.replacement import forbids
from judge_app.engine.state import COMMAND, GONE, STACK
from judge_app.engine.trace import DEFAULT, NOTE, STATE_BASED

MAX_CHECKS = 100


@dataclass
class Found:
    """One applicable state-based action: what it does, in words, the rule, and its changes."""

    text: str
    rule: rules.Cite
    changes: list[Event] = field(default_factory=list)
    default: bool = False
    also: tuple[rules.Cite, ...] = ()  # the rules that make the condition true (protection, enchant …)


def check(game: Play) -> bool:
    """Perform state-based actions until none apply (704.3). True if any was performed."""
    performed = False
    state = game.state
    end_game_if_decided(game)  # a player an effect made lose has left the game (104.5)
    for _ in range(MAX_CHECKS):
        if game.over:
            break
        found = find(game)
        _forget_since_last_check(game)
        if not found:
            break
        performed = True
        before = {c.object: state.objects[c.object].incarnation for item in found for c in item.changes
                  if isinstance(c, ZoneChange)}
        game.perform(*(change for item in found for change in item.changes))
        for item in found:
            kept = [c.object for c in item.changes if isinstance(c, ZoneChange) and c.from_zone == "battlefield"
                    and state.objects[c.object].incarnation == before[c.object]]
            if kept:
                item.text += ", but a replacement effect kept it on the battlefield (see above)"
        kind = DEFAULT if any(item.default for item in found) else STATE_BASED
        game.record(kind, "State-based actions, performed simultaneously: " + "; ".join(i.text for i in found) + ".",
                    [rules.SBA_BEFORE_PRIORITY, rules.SBA_CHECK, *(r for i in found for r in (i.rule, *i.also))])
        end_game_if_decided(game)
    return performed


def find(game: Play) -> list[Found]:
    """Every state-based action that applies now (704.5), each object affected once."""
    state = game.state
    found: list[Found] = []
    for player in state.players.values():
        if player.lost:
            continue
        loses = forbids(game, PlayerLoses(player.name, "a state-based action"))
        if loses is not None:
            if player.life <= 0 or player.drew_from_empty_library or player.poison >= 10:
                why = (f"has {player.life} life" if player.life <= 0 else "attempted to draw from an empty library"
                       if player.drew_from_empty_library else f"has {player.poison} poison counters")
                rule = rules.SBA_ZERO_LIFE if player.life <= 0 else rules.SBA_EMPTY_LIBRARY \
                    if player.drew_from_empty_library else rules.SBA_POISON
                game.note_once(("can't lose", player.name, why), NOTE,
                               f"{player.name} {why}, which would make them lose the game, but they can't lose the "
                               f"game: {loses[0]}. The state-based action does nothing.",
                               [rule, rules.CANT_WINS, *loses[1]])
            continue
        if player.life <= 0:
            found.append(Found(f"{player.name} has {player.life} life and loses the game", rules.SBA_ZERO_LIFE,
                               [PlayerLoses(player.name, f"0 or less life ({rules.SBA_ZERO_LIFE})")]))
        elif player.drew_from_empty_library:
            found.append(Found(f"{player.name} attempted to draw from an empty library and loses the game",
                               rules.SBA_EMPTY_LIBRARY,
                               [PlayerLoses(player.name, f"drew from an empty library ({rules.SBA_EMPTY_LIBRARY})")]))
        elif any(n >= 21 for n in player.commander_damage.values()):
            commander = next(c for c, n in player.commander_damage.items() if n >= 21)
            found.append(Found(f"{player.name} has been dealt {player.commander_damage[commander]} combat damage by "
                               f"the commander {game.name(commander)} and loses the game", rules.SBA_COMMANDER_DAMAGE,
                               [PlayerLoses(player.name, f"21 or more combat damage from one commander "
                                                         f"({rules.SBA_COMMANDER_DAMAGE})")],
                               also=(rules.COMMANDER_DAMAGE,)))
        elif player.poison >= 10:
            found.append(Found(f"{player.name} has {player.poison} poison counters and loses the game",
                               rules.SBA_POISON,
                               [PlayerLoses(player.name, f"ten or more poison counters ({rules.SBA_POISON})")]))
    for obj in state.objects.values():
        if obj.commander and obj.zone in ("graveyard", "exile") and obj.id in state.moved_since_check:
            stays = game.choices.once("commander_stays", obj.owner, (obj.id, obj.incarnation))
            if not stays:
                found.append(Found(f"{obj.owner}'s commander {game.name(obj.id)} was put into the {obj.zone} since the "
                                   f"last check: {obj.owner} puts it into the command zone (default: an owner "
                                   "moves their commander)", rules.SBA_COMMANDER_ZONE,
                                   [ZoneChange(obj.id, obj.zone, COMMAND, "put into the command zone by its owner")],
                                   also=(rules.COMMANDER_TO_COMMAND_ZONE,)))
        if obj.token and obj.zone not in ("battlefield", GONE) and not (obj.copy_of_spell and obj.zone == STACK):
            found.append(Found(f"the token {obj.printed.name} is in the {obj.zone} and ceases to exist",
                               rules.SBA_TOKEN, [ZoneChange(obj.id, obj.zone, GONE, "ceased to exist")]))
    handled: set[str] = set()
    for oid in list(state.battlefield):
        item = _creature_or_planeswalker(game, oid)
        if item is not None:
            found.append(item)
            handled.add(oid)
    found += _legend_rule(game, handled)
    for oid in state.battlefield:
        if oid not in handled:
            item = _attachment(game, oid) or _counters(game, oid)
            if item is not None:
                found.append(item)
    return found


def _creature_or_planeswalker(game: Play, oid: str) -> Found | None:
    obj = game.state.objects[oid]
    chars = game.chars(oid)
    name = chars.name
    if chars.is_creature and chars.toughness is not None:
        layered = game.decided(oid, "pt")  # the effects that made its toughness what it is (613)
        why_pt, pt_rules = (f" — {layered[0]}", tuple(layered[1])) if layered else ("", ())
        if chars.toughness <= 0:
            return Found(f"{name} has toughness {chars.toughness} and is put into its owner's graveyard{why_pt}",
                         rules.SBA_ZERO_TOUGHNESS, [ZoneChange(oid, "battlefield", "graveyard", "put")], also=pt_rules)
        lethal = obj.damage and obj.damage >= chars.toughness
        if obj.damage and not lethal and layered:  # the layers decide it survives: said once per change
            game.note_once(("not lethal", oid, str(obj.damage), layered[0]), NOTE,
                           f"{name} has {obj.damage} damage marked and toughness {chars.toughness}: not lethal damage, "
                           f"so it isn't destroyed ({layered[0]}).", [rules.SBA_LETHAL_DAMAGE, *pt_rules])
        if lethal or obj.dealt_deathtouch_damage:
            rule = rules.SBA_LETHAL_DAMAGE if lethal else rules.SBA_DEATHTOUCH
            why = (f"has {obj.damage} damage marked and toughness {chars.toughness} (lethal damage)" if lethal
                   else "was dealt damage by a source with deathtouch since the last check")
            if chars.has("indestructible"):
                game.note_once(("indestructible", oid, str(obj.damage), str(obj.timestamp)), NOTE,
                               f"{name} {why}, but it has indestructible and isn't destroyed.",
                               [rule, rules.INDESTRUCTIBLE])
                return None
            return Found(f"{name} {why} and is destroyed{why_pt if lethal else ''}", rule,
                         [ZoneChange(oid, "battlefield", "graveyard", "destroyed")], also=pt_rules if lethal else ())
    if chars.is_planeswalker and (chars.loyalty or 0) <= 0:
        return Found(f"{name} has 0 loyalty and is put into its owner's graveyard", rules.SBA_PLANESWALKER,
                     [ZoneChange(oid, "battlefield", "graveyard", "put")])
    return None


def _legend_rule(game: Play, handled: set[str]) -> list[Found]:
    """704.5j: a player with two or more legendary permanents of one name keeps one (their choice)."""
    state = game.state
    groups: dict[tuple[str, str], list[str]] = {}
    for oid in state.battlefield:
        chars = game.chars(oid)
        if "legendary" in chars.supertypes and oid not in handled:
            groups.setdefault((game.controller(oid), chars.name), []).append(oid)
    found = []
    for (player, name), ids in groups.items():
        if len(ids) < 2:
            continue
        chosen = [i for i in game.choices.legend_rule_keep if i in ids]
        keep = chosen[0] if chosen else max(ids, key=lambda i: state.objects[i].timestamp)
        rest = [i for i in ids if i != keep]
        handled.update(ids)
        how = f"chooses to keep {_newest(game, keep, ids)}" if chosen else \
            "keeps the newest one (default: the scenario didn't choose)"
        text = (f"{player} controls {len(ids)} legendary permanents named {name}: {player} {how}; the "
                f"other{'s are' if len(rest) > 1 else ' is'} put into "
                f"{'their owners' if len(rest) > 1 else 'its owner'}'s graveyard")
        also: tuple[rules.Cite, ...] = ()
        if any(game.chars(i).has("indestructible") for i in rest):
            text += (" — the legend rule doesn't destroy anything, so indestructible doesn't keep it on the "
                     "battlefield")
            also = (rules.DESTROY_ONLY, rules.INDESTRUCTIBLE)
        moves: list[Event] = [ZoneChange(i, "battlefield", "graveyard", "put") for i in rest]
        found.append(Found(text, rules.SBA_LEGEND_RULE, moves, default=not chosen, also=also))
    return found


def _newest(game: Play, keep: str, ids: list[str]) -> str:
    """The one kept, named among its twins by when it entered: "the newest one", "the oldest one", "the second"."""
    order = sorted(ids, key=lambda i: game.state.objects[i].timestamp)
    place = order.index(keep)
    if place == len(order) - 1:
        return "the newest one"
    return "the oldest one" if place == 0 else f"the one that entered {place + 1}{'nd' if place == 1 else 'th'}"


def _attachment(game: Play, oid: str) -> Found | None:
    """704.5m Auras attached illegally or to nothing; 704.5n Equipment attached illegally."""
    state = game.state
    obj = state.objects[oid]
    chars = game.chars(oid)
    target = obj.attached_to
    if "Aura" in chars.subtypes:
        problem = attach_problem(game, oid, target)
        if problem:
            return Found(f"the Aura {game.name(oid)} is put into its owner's graveyard: it {problem[0]}",
                         rules.SBA_AURA, [ZoneChange(oid, "battlefield", "graveyard", "put")], also=(problem[1],))
    elif "Equipment" in chars.subtypes and target is not None:
        problem = attach_problem(game, oid, target)
        if problem:
            return Found(f"the Equipment {game.name(oid)} becomes unattached (it stays on the battlefield): it "
                         f"{problem[0]}", rules.SBA_EQUIPMENT,
                         [Attachment(oid, None)], also=(problem[1],))
    return None


def _counters(game: Play, oid: str) -> Found | None:
    """704.5q: +1/+1 and -1/-1 counters on one permanent annihilate in pairs."""
    counters = game.state.objects[oid].counters
    pairs = min(counters.get("+1/+1", 0), counters.get("-1/-1", 0))
    if not pairs:
        return None
    return Found(f"{game.name(oid)} has both +1/+1 and -1/-1 counters: {pairs} of each are removed",
                 rules.SBA_COUNTERS, [CounterChange(oid, "+1/+1", -pairs), CounterChange(oid, "-1/-1", -pairs)])


def _forget_since_last_check(game: Play) -> None:
    """"Since the last time state-based actions were checked" (704.5b, 704.5h) starts over at each check."""
    state = game.state
    for player in state.players.values():
        player.drew_from_empty_library = False
    for obj in state.objects.values():
        obj.dealt_deathtouch_damage = False
    state.moved_since_check = set()
    state.touch()


def end_game_if_decided(game: Play) -> None:
    """The game ends if a player won, if one player remains, or if none does (104); see `Play.end_if_decided`."""
    game.end_if_decided()
