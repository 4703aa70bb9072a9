"""Vehicles (301.7, 702.122): which creatures crew one. "Crew N" is paid by tapping any number of other untapped
creatures its controller controls with total power N or greater (702.122a) — the ones the scenario names (`crew`),
else by default the fewest of the oldest that reach N. A creature that came under its controller's control this
turn may crew: the cost taps it, not a {T} ability of its own (302.6)."""

from __future__ import annotations

from judge_app.engine import rules
from judge_app.engine.errors import IllegalAction
from judge_app.engine.view import View


def crew_with(game: View, player: str, vehicle: str, power: int, named: list[str] | None
              ) -> tuple[list[str], str, list[rules.Cite]]:
    """The creatures tapped to crew `vehicle` (702.122a–b), what the trace says, and the rules; `IllegalAction` when
    they aren't other untapped creatures the player controls, or their power adds up to less than N."""
    state = game.state
    able = [o.id for o in state.permanents() if o.id != vehicle and not o.tapped and game.controller(o.id) == player
            and game.chars(o.id).is_creature]
    name = game.name(vehicle)
    if named is not None:
        wrong = [c for c in named if c not in able]
        if wrong:
            raise IllegalAction(f"{', '.join(game.name(c) if c in state.objects else c for c in wrong)} can't crew "
                                f"{name}: only other untapped creatures {player} controls can", rules.CREW)
        chosen = list(named)
    else:
        chosen = []
        for creature in sorted(able, key=lambda c: state.objects[c].timestamp):
            if sum(game.chars(c).power or 0 for c in chosen) >= power:
                break
            chosen.append(creature)
    total = sum(game.chars(c).power or 0 for c in chosen)
    if total < power:
        crew = ", ".join(game.name(c) for c in chosen) or "none"
        raise IllegalAction(f"crewing {name} needs untapped creatures with total power {power} or greater; {crew}: "
                            f"total power {total}", rules.CREW, rules.PAY_COST_RESOURCES)
    default = "" if named is not None else " (default: the oldest creatures that reach it)"
    said = f"tapping {', '.join(game.name(c) for c in chosen)} to crew it (total power {total}){default}"
    return chosen, said, [rules.CREW, rules.CREWS]
