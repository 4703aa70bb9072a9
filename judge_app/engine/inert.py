"""Never silent (issue 29): of what the engine accepts from a card, what would leave the game nothing to use.

`read_card` refuses what it doesn't play (`Unplayable`); this module looks for the other way a word can be lost: an
ability built without complaint that then does nothing where it should act. Each probe puts the card on a small
board of ordinary objects (creatures, lands, an artifact, an enchantment, a token, cards in graveyards and hands,
for both players) and asks the game what the ability changed:

- "static effect": a static or characteristic-defining ability, or a restriction, changes some object's
  characteristics (613) or what it may do (508.1c, 509.1b, 502.3) — the board computed with and without it;
- "enters replacement": "… enter tapped" taps a permanent it names as it enters (614.1c);
- "look-back trigger": a leaves-the-battlefield trigger naming "a creature with …" triggers when such a creature
  dies (603.10a: the creature as it last existed);
- "own card moved": a spell's "Shuffle ~ into its owner's library" / "Exile ~" moves the card as it resolves;
- "basic land types": a land has the mana ability of each of its basic land types (305.6).

A probe that finds nothing its ability names on the board (or a condition false there) doesn't judge it.
`benchmarks/cardpool.py --check` runs the probes over the whole pool; `tests/test_engine_inert.py` over a sample.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from judge_app.cardtext import nodes as n
from judge_app.engine import conditions, matching
from judge_app.engine.ability import BASIC_LAND_TYPES, Ability
from judge_app.engine.characteristics import Characteristics, colors_of_cost, parse_type_line
from judge_app.engine.choices import Choices
from judge_app.engine.effects import VERBS
from judge_app.engine.events import StatusChange, ZoneChange
from judge_app.engine.interpret import read_card
from judge_app.engine.layers import compute_all, restrictions_on
from judge_app.engine.mana import LAND_MANA, options, produces
from judge_app.engine.perform import Play
from judge_app.engine.replacement import entering
from judge_app.engine.state import STACK, GameObject, GameState, Player, StackItem
from judge_app.engine.words import Resolving

FAMILIES = ("static effect", "enters replacement", "look-back trigger", "own card moved", "basic land types")
ME, THEM = "Alice", "Bob"
SOURCE = "probed"
ACTIONS = ("attack", "block", "be blocked", "untap")
MOVING = ("shuffle", "exile", "put", "return")  # verbs that move the object they name

# the ordinary objects of the probe board: id, owner, zone, type line, mana cost, P/T, text, token
STOCK = (
    ("bears", ME, "battlefield", "Creature — Bear", "{1}{G}", (2, 2), "", False),
    ("knight", ME, "battlefield", "Creature — Human Knight", "{W}{W}", (2, 2), "Flying", False),
    ("soldier", ME, "battlefield", "Creature — Soldier", "", (1, 1), "", True),
    ("forest", ME, "battlefield", "Basic Land — Forest", "", None, "", False),
    ("relic", ME, "battlefield", "Artifact", "{2}", None, "", False),
    ("piker", THEM, "battlefield", "Creature — Goblin Warrior", "{1}{R}", (2, 1), "", False),
    ("zombie", THEM, "battlefield", "Creature — Zombie", "{1}{B}", (2, 2), "Infect", False),
    ("thopter", THEM, "battlefield", "Artifact Creature — Thopter", "{0}", (0, 2), "Flying", False),
    ("island", THEM, "battlefield", "Basic Land — Island", "", None, "", False),
    ("charm", THEM, "battlefield", "Enchantment", "{1}{U}", None, "", False),
    ("dead-elf", ME, "graveyard", "Creature — Elf", "{G}", (1, 1), "", False),
    ("spent-bolt", ME, "graveyard", "Instant", "{R}", None, "", False),
    ("old-swamp", ME, "graveyard", "Basic Land — Swamp", "", None, "", False),
    ("used-rite", THEM, "graveyard", "Sorcery", "{B}", None, "", False),
    ("held-ox", ME, "hand", "Creature — Ox", "{1}{W}", (2, 4), "", False),
    ("held-mountain", ME, "hand", "Basic Land — Mountain", "", None, "", False),
    ("held-idol", THEM, "hand", "Artifact", "{3}", None, "", False),
    ("held-aura", THEM, "hand", "Enchantment", "{W}", None, "", False),
    ("held-wolf", THEM, "hand", "Creature — Wolf", "{1}{G}", (2, 2), "", False),
)


@dataclass(frozen=True)
class Inert:
    """An ability (or characteristic) the engine accepts that did nothing where it should have acted."""

    family: str
    ability: str
    why: str


@dataclass
class Probed:
    inert: list[Inert] = field(default_factory=list)
    probed: list[str] = field(default_factory=list)  # the families whose probe judged something of the card


def probe(text: str, name: str, type_line: str, mana_cost: str = "", pt: tuple[int, int] | None = None) -> Probed:
    """Every probe for one card (its text must be one the engine plays: `read_card` doesn't refuse it)."""
    abilities = tuple(read_card(text, name, type_line)) if text.strip() else ()
    try:
        supertypes, types, subtypes = parse_type_line(type_line)
    except ValueError:  # a type the rules of the game don't have (Vanguard, Tribal): no game to probe
        return Probed()
    power, toughness = pt if pt is not None and "creature" in types else (None, None)
    printed = Characteristics(name=name, mana_cost=mana_cost, colors=colors_of_cost(mana_cost), supertypes=supertypes,
                              types=types, subtypes=subtypes, power=power, toughness=toughness, abilities=abilities)
    out = Probed()
    permanent = bool(types & {"artifact", "creature", "enchantment", "land", "planeswalker", "battle"})
    for ability in abilities:
        verdicts: list[tuple[str, str | None]] = []
        if permanent and ability.kind in ("static", "cda", "restriction"):
            verdicts.append(("static effect", _static(printed, ability)))
        if permanent and ability.events is not None and ability.events.event == "enters" \
                and ability.events.mode == "tapped":
            verdicts.append(("enters replacement", _enters_tapped(printed, ability)))
        if permanent and ability.kind == "triggered" and ability.trigger is not None:
            verdicts.append(("look-back trigger", _look_back(printed, ability)))
        if ability.kind == "spell" and ability.effect is not None:
            verdicts.append(("own card moved", _own_card(printed, ability)))
        for family, why in verdicts:
            if why == SKIPPED:
                continue
            out.probed.append(family)
            if why:
                out.inert.append(Inert(family, ability.text, why))
    if "land" in types and sum(s.lower() in BASIC_LAND_TYPES for s in subtypes) >= 2:
        out.probed.append("basic land types")
        why = _land_types(printed)
        if why:
            out.inert.append(Inert("basic land types", type_line, why))
    return out


SKIPPED = "skipped"  # the probe found nothing to try the ability on


# --- the board ------------------------------------------------------------------------------------------------

def board(printed: Characteristics, zone: str = "battlefield") -> Play:
    """The probe board: the card (owned by Alice) in `zone` among the ordinary objects, Alice's turn 3."""
    state = GameState(players={ME: Player(ME), THEM: Player(THEM)}, turn=3, active=ME)
    for oid, owner, where, type_line, cost, pt, text, token in STOCK:
        supertypes, types, subtypes = parse_type_line(type_line)
        chars = Characteristics(name=oid.replace("-", " ").title(), mana_cost=cost, colors=colors_of_cost(cost),
                                supertypes=supertypes, types=types, subtypes=subtypes,
                                power=pt[0] if pt else None, toughness=pt[1] if pt else None,
                                abilities=tuple(read_card(text)) if text else ())
        _put(state, GameObject(oid, owner, owner, where, chars, token=token, timestamp=state.next_timestamp()))
    _put(state, GameObject(SOURCE, ME, ME, zone, printed, timestamp=state.next_timestamp()))
    return Play(state, Choices())


def _put(state: GameState, obj: GameObject) -> None:
    state.objects[obj.id] = obj
    if obj.zone == "battlefield":
        state.battlefield.append(obj.id)
    elif obj.zone != STACK:
        state.players[obj.owner].zone(obj.zone).append(obj.id)


def _without(printed: Characteristics, ability: Ability) -> Characteristics:
    return dataclasses.replace(printed, abilities=tuple(a for a in printed.abilities if a is not ability))


# --- static effects ---------------------------------------------------------------------------------------------

ATTACHED = ("enchanted", "equipped", "enchanted permanent")


def _static(printed: Characteristics, ability: Ability) -> str | None:
    """The board with and without the ability: some object's characteristics or restrictions must differ."""
    hosts: list[str | None] = [None]
    if ability.affects in ATTACHED:
        hosts = _hosts(printed)
        if not hosts:
            return SKIPPED
    judged = False
    for host in hosts:
        game = board(printed)
        if host is not None:
            game.state.objects[SOURCE].attached_to = host
        if ability.condition is not None and not conditions.holds(
                conditions.Board(game.state, game.chars, SOURCE, ME), ability.condition.node):
            continue
        if ability.affects in ("described", "filter") and not _names_some(game, ability):
            continue
        if any(c.per is not None and not matching.selected(game.state, game.chars, c.per, matching.Anchor(ME, SOURCE))
               for c in ability.changes):
            continue  # "+1/+1 for each …": nothing of it on the board counts 0
        judged = True
        with_it = _seen(game, ability)
        game.state.objects[SOURCE].printed = _without(printed, ability)
        game.state.touch()
        if _seen(game, ability) != with_it:
            return None
    return f"it changes no object's characteristics or restrictions on the probe board (affects: " \
           f"{ability.affects or 'nothing said'})" if judged else SKIPPED


def _hosts(printed: Characteristics) -> list[str]:
    """What an Aura or Equipment is attached to for the probe: each ordinary object its "Enchant" allows (an
    Equipment, each creature), tried in turn."""
    enchant = next((a for a in printed.abilities if a.kind == "enchant"), None)
    game = board(printed)
    out: list[str] = []
    for oid in game.state.battlefield:
        if oid == SOURCE:
            continue
        chars = game.chars(oid)
        if enchant is None:
            fits = chars.is_creature
        elif enchant.quality is not None:
            fits = enchant.quality.matches(chars)
        else:
            fits = enchant.described is not None and matching.object_matches(
                game.state, game.chars, enchant.described, oid, matching.Anchor(ME, SOURCE))
        if fits:
            out.append(oid)
    return out


def _names_some(game: Play, ability: Ability) -> bool:
    state = game.state
    for oid in state.battlefield:
        chars = game.chars(oid)
        if ability.affects == "described" and ability.described is not None and matching.object_matches(
                state, game.chars, ability.described, oid, matching.Anchor(ME, SOURCE)):
            return True
        obj = state.objects[oid]
        if ability.affects == "filter" and ability.filter is not None and ability.filter.matches(
                chars, object_id=oid, source=SOURCE, you=ME, controller=chars.controller, owner=obj.owner,
                tapped=obj.tapped, token=obj.token):
            return True
    return False


def _seen(game: Play, ability: Ability) -> dict[str, tuple[object, ...]]:
    """Each permanent's characteristics and restrictions, the probed ability itself left out."""
    out = {}
    for oid, chars in compute_all(game.state).items():
        kept = sorted(a.text for a in chars.abilities if a != ability)
        out[oid] = (chars.name, chars.types, chars.subtypes, chars.supertypes, chars.colors, chars.power,
                    chars.toughness, chars.controller, tuple(kept),
                    tuple(bool(restrictions_on(game.state, oid, action)) for action in ACTIONS))
    return out


# --- enters tapped --------------------------------------------------------------------------------------------

def _enters_tapped(printed: Characteristics, ability: Ability) -> str | None:
    """Each card in a hand (and the card itself, for its own "enters tapped") as it would enter: one the effect
    names must be tapped."""
    spec = ability.events
    assert spec is not None
    game = board(printed)
    if spec.self_only:
        game = board(printed, "hand")
        entering_ids = [SOURCE]
    else:
        entering_ids = [oid for p in game.state.players.values() for oid in p.hand]
    named = [oid for oid in entering_ids if spec.self_only or spec.object is None or spec.object.matches(
        game.chars(oid), object_id=oid, source=SOURCE, you=ME, controller=game.state.objects[oid].owner,
        owner=game.state.objects[oid].owner)]
    if not named or ability.condition is not None:
        return SKIPPED
    for oid in named:
        events, _, _ = entering(game, game.choices, oid)
        if any(isinstance(e, StatusChange) and e.object == oid and e.tapped for e in events):
            return None
    return f"none of {', '.join(named)} enters tapped (it names {spec.object.text if spec.object else 'every one'})"


# --- look-back triggers ---------------------------------------------------------------------------------------------

def _look_back(printed: Characteristics, ability: Ability) -> str | None:
    """"Whenever a creature with a +1/+1 counter on it dies": a creature it names, given the counters the words ask
    for, dies — the ability must trigger (603.10a)."""
    trigger = ability.trigger
    assert trigger is not None
    if trigger.condition is not None:
        return SKIPPED
    named = [e for e in trigger.events if e.verb in ("die", "leave the battlefield")
             and isinstance(e.subject, n.Description)]
    if not named:
        return SKIPPED
    for event in named:
        assert isinstance(event.subject, n.Description)
        counters = {q.value: 1 for q in event.subject.qualities if q.kind == "counter" and not q.negated and q.value}
        game = board(printed)
        for oid in game.state.battlefield:
            if oid != SOURCE:
                game.state.objects[oid].counters.update(counters)
        game.state.touch()
        anchor = matching.Anchor(ME, SOURCE)
        victims = [oid for oid in game.state.battlefield if oid != SOURCE and matching.object_matches(
            game.state, game.chars, event.subject, oid, anchor)]
        if not victims:
            continue
        game.perform(ZoneChange(victims[0], "battlefield", "graveyard", "destroyed"))
        if not any(p.source == SOURCE for p in game.state.pending_triggers):
            return f"{victims[0]} ({event.subject.text}) dies and it doesn't trigger"
        return None
    return SKIPPED


# --- a spell moving its own card ------------------------------------------------------------------------------------

def _own_card(printed: Characteristics, ability: Ability) -> str | None:
    """An instruction moving the spell's own card ("Shuffle ~ into its owner's library") moves it off the stack."""
    assert ability.effect is not None
    own = [i for i in ability.effect.instructions if isinstance(i, n.Instruction) and i.verb in MOVING
           and isinstance(i.object, n.Reference) and i.object.kind == "self"]
    if not own:
        return SKIPPED
    for ins in own:
        game = board(printed, STACK)
        item = StackItem(id="probe-spell", kind="spell", source=SOURCE, controller=ME, text=ability.text,
                         name=printed.name, source_chars=printed, effect=ability.effect)
        game.state.stack.append(item)
        try:
            VERBS[ins.verb](game, Resolving(item), ins)
        except Exception:  # a verb the probe can't drive alone (it needs targets …) is not judged here
            continue
        if game.state.objects[SOURCE].zone == STACK:
            return f"\"{ins.text}\" leaves the card on the stack"
    return None


# --- basic land types (305.6) ----------------------------------------------------------------------------------

def _land_types(printed: Characteristics) -> str | None:
    game = board(printed)
    kind = produces(game, SOURCE)
    gives = set(options(kind)) if kind else set()
    wanted = {LAND_MANA[s] for s in printed.subtypes if s in LAND_MANA}
    if wanted <= gives:
        return None
    return f"its mana ability gives {', '.join(sorted(gives)) or 'nothing'}, not each of {', '.join(sorted(wanted))}"
