"""Abilities the engine doesn't play (`placeholders.py`) in a game: said once as the replay starts, and refused —
the replay stops with `NotModelled`, naming the card, the ability, what in it isn't played and its rule — at the
moment one would act, never before (a scenario that never touches them replays):

- a static or replacement ability while its object is where it functions (604.1, 113.6): at once if it is there as
  the replay starts, else as it gets there (cast, put onto the battlefield, a copy, a token);
- an activated ability when it is activated (602.2), a spell's instructions when it is cast (601.2a);
- a triggered ability when its event happens (603.2): `triggers.py` asks `trigger_refusal` after each event and as
  each step begins.

Floor 5 (questions, never moves): it looks at a `View` and returns what to say or raise.
"""

from __future__ import annotations

from collections.abc import Iterable

from judge_app.engine import rules
from judge_app.engine.ability import Ability
from judge_app.engine.errors import NotModelled
from judge_app.engine.events import Event, TokenCreated, ZoneChange
from judge_app.engine.placeholders import ENTERING
from judge_app.engine.state import GONE, GameState
from judge_app.engine.view import View

ZONE_NAMES = {"entering": "entering the battlefield",
              "battlefield": "on the battlefield", "stack": "cast (on the stack)", "hand": "in a hand",
              "graveyard": "in a graveyard", "library": "in a library", "exile": "in exile",
              "command": "in the command zone"}


def present(state: GameState) -> bool:
    """Whether any object has an unmodelled ability (a copy or a grant can only spread one that is already here);
    remembered on the state so that every check after it costs nothing when there is none."""
    state.unmodelled = any(a.kind == "unmodelled" for o in state.objects.values() for a in o.printed.abilities)
    return state.unmodelled


def on_board(view: View) -> list[tuple[str, Ability]]:
    """Each object's unmodelled abilities, in the order of the objects (cards in a zone included)."""
    return [(oid, a) for oid, obj in view.state.objects.items() if obj.zone != GONE
            for a in obj.printed.abilities if a.kind == "unmodelled"]


def survey(view: View) -> str:
    """The note said once as the replay starts: which abilities aren't modelled, why, and when each would stop it
    ("" when none)."""
    found = on_board(view)
    if not found:
        return ""
    parts = []
    for oid, ability in found:
        name = view.state.objects[oid].printed.name
        u = ability.unmodelled
        assert u is not None
        parts.append(f"{view.state.label(oid, name)}'s \"{ability.shown(name)}\" ({u.what}, {u.rule}): "
                     f"{_when(u.acts, u.exact, u.verbs, u.step, u.zones)}")
    return ("Not modelled by the engine, and stopping the replay only where it would act: " + "; ".join(parts)
            + ".")


def _when(acts: str, exact: bool, verbs: tuple[str, ...], step: bool, zones: frozenset[str]) -> str:
    if acts == "activated":
        return "stops it if activated"
    if acts == "cast":
        return "stops it if the card is cast"
    if acts == "never":
        return "works outside the game only, so never acts in a replay"
    if acts == "static":
        return "stops it while the object is " + " or ".join(ZONE_NAMES[z] for z in sorted(zones))
    if exact:
        return "stops it if it triggers"
    if verbs:
        return "stops it at the first event that might trigger it (" + ", ".join(verbs) + ")"
    return ("stops it as the first step begins" if step else
            "stops it at the first event, the engine not being able to tell what triggers it")


def refusal(view: View, oid: str, ability: Ability, moment: str, *why: rules.Cite) -> NotModelled:
    """The refusal of an unmodelled ability that would act now (`moment`: "is activated", "triggers" …)."""
    u = ability.unmodelled
    assert u is not None
    name = view.state.objects[oid].printed.name
    return NotModelled(f"{view.state.label(oid, name)}'s ability \"{ability.shown(name)}\" {moment}: {u.what} "
                       "is recognised but not yet played", rules.Cite(u.rule, ""), *why, source=oid)


def check_statics(view: View, moving: Iterable[Event] = ()) -> None:
    """Raise `NotModelled` if an unmodelled static ability functions now (604.1, 113.6): its object is where it
    functions — or, with `moving`, is about to get there (an event of a zone change or a token)."""
    state = view.state
    if not state.unmodelled:
        return
    for event in moving:
        if isinstance(event, ZoneChange):
            obj = state.objects[event.object]
            for ability in obj.printed.abilities:
                u = ability.unmodelled
                if u is None:
                    continue
                arriving = event.to_zone in u.zones or (event.to_zone == "battlefield" and ENTERING in u.zones)
                if u.acts == "static" and arriving and not obj.face_down:
                    raise refusal(view, obj.id, ability, f"would function {ZONE_NAMES[event.to_zone]}",
                                  rules.ABILITY_FUNCTIONS, rules.STATIC_ALL_THE_TIME)
    if any(isinstance(e, TokenCreated) for e in moving):
        return  # checked once it exists
    for oid, obj in state.objects.items():
        if obj.zone == GONE or obj.face_down:
            continue
        abilities = obj.printed.abilities
        if obj.zone == "battlefield":  # a copy effect may have given it one (707.2)
            abilities = (*abilities, *(a for a in view.chars(oid).abilities if a not in abilities))
        for ability in abilities:
            u = ability.unmodelled
            if u is not None and u.acts == "static" and obj.zone in u.zones:
                raise refusal(view, oid, ability, f"functions while it is {ZONE_NAMES.get(obj.zone, obj.zone)}",
                              rules.ABILITY_FUNCTIONS, rules.STATIC_ALL_THE_TIME)


def check_cast(view: View, card: str) -> None:
    """601.2a: a card whose spell ability, additional cost or casting keyword isn't played can't be cast here (nor
    one with a static ability that functions on the stack)."""
    if not view.state.unmodelled:
        return
    for ability in view.state.objects[card].printed.abilities:
        u = ability.unmodelled
        if u is not None and (u.acts == "cast" or (u.acts == "static" and "stack" in u.zones)):
            raise refusal(view, card, ability, "would act as the card is cast", rules.CAST_PROPOSE)


def check_activation(view: View, source: str, ability: Ability) -> None:
    """602.2: the ability chosen to be activated is one the engine doesn't play."""
    if ability.kind == "unmodelled":
        raise refusal(view, source, ability, "is activated", rules.ACTIVATE)


def activatable(ability: Ability) -> bool:
    """An ability counted among an object's activated abilities (a scenario's `ability = N`): activated, mana and
    loyalty abilities, played or not."""
    return ability.kind in ("activated", "mana") or (ability.unmodelled is not None
                                                      and ability.unmodelled.acts == "activated")
