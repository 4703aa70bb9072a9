"""Resolving the top object of the stack (608), once all players have passed in succession (117.4).

Resolution follows 608.2: an intervening "if" is checked again (608.2a), targets are checked again
(608.2b: all illegal → it doesn't resolve; some illegal → they are left alone), then the instructions
are followed in order (608.2c) by `effects.py`, and an instant or sorcery goes to the graveyard (608.2n).
A permanent spell becomes a permanent (608.3a), an Aura attached to its target (608.3c). The active player
receives priority afterwards (117.3b): `turn.py` gives it.
"""

from __future__ import annotations

from judge_app.engine import effects, rules, triggers
from judge_app.engine.events import Attachment, Event, StackPop, ZoneChange
from judge_app.engine.perform import Play
from judge_app.engine.replacement import entering
from judge_app.engine.stack import describe, goes_to, leave_stack, target_name
from judge_app.engine.state import STACK, StackItem
from judge_app.engine.targets import still_legal
from judge_app.engine.trace import ACTION


def resolve_top(game: Play) -> None:
    """All players passed in succession: the top object resolves (117.4, 405.5, 608.1)."""
    state = game.state
    item = state.stack[-1]
    first = state.priority or state.active
    order = state.in_turn_order(first)
    passing = (f"{' and '.join(order)} pass in succession" if len(order) <= 2 else
               f"{', '.join(order[:-1])} and {order[-1]} pass in succession")
    head = f"{passing}: {describe(game, item)} resolves"
    cited = [rules.ALL_PASS, rules.STACK_RESOLVES, rules.RESOLVE]
    condition = item.trigger.condition if item.trigger is not None else None
    if condition is not None and not triggers.condition_holds(game, item.controller, item.source, item.source_chars,
                                                              condition, item.it_counters, item.it):
        game.perform(*leave_stack(game, item, "graveyard", "did nothing"))
        _finish(game, f"{passing}. {item.name}'s condition \"{condition.text}\" is no longer true: it is removed "
                f"from the stack and does nothing.", [*cited, rules.RESOLVE_INTERVENING_IF, rules.INTERVENING_IF])
        return
    illegal: dict[int, str] = {}
    for index in range(len(item.targets)):
        problem = still_legal(game, item, index)
        if problem is not None:
            illegal[index] = f"{target_name(game, item.targets[index].ref)} is no longer a legal target: " \
                             f"{problem.reason}"
            cited.append(problem.rule)
            game.what_decided(item.targets[index].ref, ("abilities", "colors", "types", "controller"),
                              f"{target_name(game, item.targets[index].ref)} as {item.name} resolves")
    if item.targets and len(illegal) == len(item.targets):
        game.perform(*leave_stack(game, item, "graveyard", "didn't resolve"))
        _, words, more = goes_to(item)
        where = f" and is {words}" if item.kind == "spell" else ""
        _finish(game, f"{passing}. {describe(game, item)} doesn't resolve: " + "; ".join(illegal.values())
                + f". It is removed from the stack{where}.", [*cited, rules.RESOLVE_TARGETS, *more])
        return
    notes = "; ".join(illegal.values())
    if notes:
        cited.append(rules.RESOLVE_TARGETS)
        head += f" ({notes}; it isn't affected, and the rest of the spell or ability still happens)"
    card = game.chars(item.source) if item.kind == "spell" else None
    if card is not None and card.types & {"creature", "artifact", "enchantment", "planeswalker", "land", "battle"}:
        _resolve_permanent(game, item, head, cited)
        return
    lines, more = effects.perform(game, item, set(illegal))
    cited += [rules.RESOLVE_INSTRUCTIONS, *more]
    if item.kind == "spell":
        copy = game.state.objects[item.source].copy_of_spell
        moved = game.state.objects[item.source].zone  # its own instructions may have moved it already
        game.perform(*leave_stack(game, item, "graveyard", "resolved"))
        if copy:
            lines.append(f"{item.name} leaves the stack and ceases to exist: it isn't a card")
            cited.append(rules.COPY_CEASES)
        elif moved != STACK:
            lines.append(f"{item.name} has already left the stack for the {moved}, so it isn't put into a graveyard")
            cited.append(rules.RESOLVE_GRAVEYARD)
        else:
            _, words, more = goes_to(item)
            lines.append(f"{item.name} is {words}")
            cited += [rules.RESOLVE_GRAVEYARD, *more]
    else:
        game.perform(StackPop(item.id, "resolved"))
    _finish(game, f"{head}: " + "; ".join(lines) + ".", cited)


def _resolve_permanent(game: Play, item: StackItem, head: str, cited: list[rules.Cite]) -> None:
    changes: list[Event] = [StackPop(item.id, "resolved"),
                            ZoneChange(item.source, STACK, "battlefield", "resolved", controller=item.controller,
                                       kicked=bool(item.choices.get("kicked")))]
    text = f"{head}: it becomes a permanent and enters the battlefield under {item.controller}'s control"
    cited.append(rules.RESOLVE_PERMANENT)
    if item.targets:  # an Aura spell (303.4a)
        changes.append(Attachment(item.source, item.targets[0].ref))
        text += f", attached to {game.name(item.targets[0].ref)}"
        cited.append(rules.RESOLVE_AURA)
    extra, notes, more = entering(game, game.choices, item.source, item.choices.get("x") or 0,
                                  bool(item.choices.get("kicked")))
    game.perform(*changes, *extra)
    _finish(game, text + "".join(f"; {n}" for n in notes) + ".", [*cited, *more])


def _finish(game: Play, text: str, cited: list[rules.Cite]) -> None:
    """Then the active player receives priority (117.3b): the turn loop gives it."""
    game.record(ACTION, text, [*cited, rules.PRIORITY_AFTER_RESOLVE])
