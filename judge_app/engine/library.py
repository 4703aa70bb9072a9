"""Libraries and the cards an effect sees (401, 701.20, 701.22–701.25): searching, looking at and revealing cards,
and putting them where the text says — "Look at the top four cards of your library. Put one of them into your
hand and the rest on the bottom of your library in any order."

The cards an instruction looks at, reveals or finds are the effect's `seen` cards (`Resolving.seen`): "one of
them", "a land card from among them" are chosen among those not yet put anywhere (608.2d: the scenario's `choose`
for the source, else the first from the top, said in the trace); "the rest" / "the other" are all of those left.
An order a player chooses (401.4: "in any order", "put them back in any order") is the order `choose` names the
cards in, else the order they were in; "in a random order" keeps the order too, as shuffles do in a replay.
"""

from __future__ import annotations

from judge_app.cardtext import nodes as n
from judge_app.engine import matching, rules
from judge_app.engine.events import Event, StatusChange, ZoneChange
from judge_app.engine.interpret import among_seen, rest_of_seen, top_cards, whole_hand
from judge_app.engine.perform import Play
from judge_app.engine.replacement import entering
from judge_app.engine.words import (
    Resolving,
    amount,
    controller_of,
    evaluated,
    names_of,
    players_in,
    record,
    things,
)

Result = tuple[str, list[rules.Cite]]


def pick_cards(r: Resolving, pool: list[str], count: int, default: str) -> tuple[list[str], str]:
    """Cards a player picks from `pool` (608.2d): the scenario's `choose` for this source, else `default`'s
    order (the order of `pool`), said in the trace."""
    named = [x for x in r.picks if x in pool][:count]
    for x in named:
        r.picks.remove(x)
    chosen = named + [x for x in pool if x not in named][: count - len(named)]
    return chosen, "" if len(named) == len(chosen) else f" (default: {default})"


def _see(r: Resolving, cards: list[str]) -> None:
    """The cards the following "one of them" and "the rest" are about."""
    r.seen, r.placed = list(cards), []
    record(r, cards)


def search(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """701.23a: look through the library and find the cards it asks for; a search for cards with a stated
    quality may find none (701.23b). What the next instruction does with them ("put it onto the battlefield")
    follows."""
    lines, found = [], []
    desc = evaluated(game, r, ins.object) if isinstance(ins.object, n.Description) else None
    count = amount(game, r, desc.selector.count, 1) if desc is not None else 1
    for player in players_in(game, r, ins.subject):
        library = game.state.players[player].library
        pool = [c for c in library if desc is None or matching.object_matches(
            game.state, game.chars, desc, c, r.anchor, zone="library")]
        chosen, default = pick_cards(r, pool, count, "the first such cards from the top")
        found += chosen
        what = desc.text if desc is not None else "a card"
        lines.append(f"{player} searches their library for {what} and finds {names_of(game, chosen)}{default}"
                     if chosen else f"{player} searches their library for {what} and finds none")
    _see(r, found)
    text = "; ".join(lines)
    cited = [rules.SEARCH]
    if ins.qualifier.startswith("reveal") and found:  # "Search your library for …, reveal it, then shuffle"
        r.revealed = found
        text += f"; {', '.join(players_in(game, r, ins.subject))} reveals {names_of(game, found)}"
        cited.append(rules.REVEAL)
    if ins.destination is not None:
        more, put_cited = put_into(game, r, found, ins.destination)
        return f"{text}; {more}", [*cited, *put_cited]
    return text, [*cited, *([rules.SEARCH_MAY_FAIL] if not found else [])]


def look_at(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """701.20e: looking at cards follows the rules of revealing them, shown only to the player who looks — the top
    N cards of a library ("Look at the top three cards of your library"), or a hand ("Look at target player's
    hand"). The cards stay where they are (701.20b)."""
    looker = r.item.controller
    if top_cards(ins.object) is not None:
        return _top(game, r, ins.object, looker, "looks at", [rules.LOOK_AT, rules.REVEALED_STAYS])
    lines, cards = [], []
    for quality in (q for q in ins.object.qualities if q.kind == "zone"):
        for player in (x for x in things(game, r, quality.of) if x in game.state.players):
            hand = game.state.players[player].hand
            cards += hand
            lines.append(f"{looker} looks at {player}'s hand: {names_of(game, hand) if hand else 'no cards'}")
    _see(r, cards)
    return "; ".join(lines), [rules.LOOK_AT]


def top_of(game: Play, r: Resolving, desc: n.Description) -> list[str]:
    """The cards "the top N cards of …'s library" names, top first, for each library it names (401.1)."""
    count = amount(game, r, desc.selector.count, 1)
    quality = top_cards(desc)
    assert quality is not None
    return [c for player in things(game, r, quality.of) if player in game.state.players
            for c in game.state.players[player].library[:count]]


def _top(game: Play, r: Resolving, desc: n.Description, who: str, does: str, cited: list[rules.Cite]) -> Result:
    """The top N cards of the libraries a "the top N cards of …'s library" names, seen by the effect."""
    count = amount(game, r, desc.selector.count, 1)
    quality = top_cards(desc)
    assert quality is not None
    lines, cards = [], []
    for player in (x for x in things(game, r, quality.of) if x in game.state.players):
        top = game.state.players[player].library[:count]
        cards += top
        whose = "their" if player == who else f"{player}'s"
        what = f"the top {count} card{'s' if count != 1 else ''} of {whose} library"
        lines.append(f"{who} {does} {what}: {names_of(game, top) if top else 'the library is empty'}")
    _see(r, cards)
    return "; ".join(lines), cited


def reveal(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """701.20a: revealed cards are shown to every player and stay where they are (701.20b) — a hand ("Target
    opponent reveals their hand"), the top N cards of a library, the cards an earlier instruction found ("search
    your library for a Goblin card, reveal it"), or one chosen among the cards seen ("You may reveal a colorless
    card from among them")."""
    if whole_hand(ins.object):
        lines, cards = [], []
        for player in players_in(game, r, ins.subject):
            hand = game.state.players[player].hand
            cards += hand
            lines.append(f"{player} reveals their hand: {names_of(game, hand) if hand else 'no cards'}")
        record(r, cards)
        return "; ".join(lines), [rules.REVEAL]
    who = ", ".join(players_in(game, r, ins.subject))
    if top_cards(ins.object) is not None:
        return _top(game, r, ins.object, who, "reveals", [rules.REVEAL, rules.REVEALED_STAYS])
    among = among_seen(ins.object, ins.origin)
    if among is not None:
        cards, default = _chosen_among(game, r, among)
        r.revealed = cards
        record(r, cards)
        if not cards:
            what = among.text.split(" from among")[0].removeprefix("a ").removeprefix("an ")
            return f"{who} reveals nothing: there is no {what} among them", [rules.REVEAL]
        return f"{who} reveals {names_of(game, cards)} from among them{default}", [rules.REVEAL, rules.RESOLVE_CHOICES]
    cards = [x for x in things(game, r, ins.object) if x in game.state.objects]
    r.revealed = cards
    record(r, cards)
    return (f"{who} reveals {names_of(game, cards)}" if cards else "there is nothing to reveal"), [rules.REVEAL]


def _chosen_among(game: Play, r: Resolving, desc: n.Description) -> tuple[list[str], str]:
    """"Put up to two creature cards with mana value 3 or less from among them": the cards seen and not yet
    placed that fit the description, as many as it says ("up to": as many as there are, by default)."""
    desc = evaluated(game, r, desc)
    pool = [c for c in r.seen if c not in r.placed and c in game.state.objects and (not desc.nouns or
            matching.object_matches(game.state, game.chars, desc, c, r.anchor, zone=game.state.objects[c].zone))]
    count = amount(game, r, desc.selector.count, 1)
    return pick_cards(r, pool, count, "the first such cards from the top")


def put(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """Cards or permanents put into a zone: onto the battlefield (tapped, under whose control), into a hand, on
    top of or at the bottom of a library (401.4), into a graveyard; among the cards seen, the ones chosen ("one of
    them") or those left ("the rest"); "put them back" on top of the library."""
    thing = ins.object
    among = among_seen(thing, ins.origin)
    if among is not None:
        refs, default = _chosen_among(game, r, among)
        r.chose.append(f"{names_of(game, refs)}{default}")
    elif rest_of_seen(thing):
        refs = [c for c in r.seen if c not in r.placed and c in game.state.objects]
    elif isinstance(thing, n.Description) and any(q.kind == "status" and q.value == "revealed"
                                                  for q in thing.qualities):
        refs = [c for c in r.revealed if c in game.state.objects]  # "the revealed card"
    else:
        refs = [x for x in things(game, r, thing) if x in game.state.objects]
        if isinstance(thing, n.Description) and thing.selector.kind == "a" and ins.origin is not None:
            zones = ins.origin.zone.split(" or ")  # "from your hand or graveyard": either zone
            pool = [x for x in refs if game.state.objects[x].zone in zones]
            if zones[0] == "hand":
                pool = list(reversed(pool))
            count = amount(game, r, thing.selector.count, 1)
            refs, default = pick_cards(r, pool, count, f"the cards put into the {ins.origin.zone} last"
                                       if ins.origin.zone == "hand" else "the first ones")
            r.chose.append(f"{names_of(game, refs)}{default}")
    r.placed += refs
    if ins.destination is None:  # "put them back (in any order)": on top of the library they are in (401.4)
        return _back_on_top(game, r, refs)
    if ins.destination.zone == "library" and ins.destination.position == "bottom":
        return _on_bottom(game, r, refs, ins.qualifier)
    return put_into(game, r, refs, ins.destination)


def _ordered(r: Resolving, refs: list[str]) -> tuple[list[str], bool]:
    """401.4: the order a player puts cards in — `choose` names them first to last — else the order they were in.
    Returns the order and whether the scenario gave it."""
    named = [x for x in r.picks if x in refs]
    for x in named:
        r.picks.remove(x)
    return named + [x for x in refs if x not in named], bool(named)


def _back_on_top(game: Play, r: Resolving, refs: list[str]) -> Result:
    cards = [x for x in refs if game.state.objects[x].zone == "library"]
    order, given = _ordered(r, cards)
    for ref in reversed(order):
        library = game.state.players[game.state.objects[ref].owner].library
        library.remove(ref)
        library.insert(0, ref)
    game.state.touch()
    record(r, order)
    if not order:
        return "nothing is put back", [rules.SAME_TIME_IN_LIBRARY]
    how = "" if given or len(order) < 2 else " (default: in the order they were)"
    return f"{names_of(game, order)} {'is' if len(order) == 1 else 'are'} put back on top of the library, " \
           f"top first{how}", [rules.SAME_TIME_IN_LIBRARY]


def _on_bottom(game: Play, r: Resolving, refs: list[str], qualifier: str) -> Result:
    """Cards put on the bottom of their owner's library (401.4): those already in it move there, the others
    move from their zone."""
    state = game.state
    order, given = _ordered(r, refs)
    elsewhere = [x for x in order if state.objects[x].zone not in ("library", "stack")]
    game.perform(*(ZoneChange(x, state.objects[x].zone, "library", "put") for x in elsewhere))
    for ref in order:
        if state.objects[ref].zone == "library":
            library = state.players[state.objects[ref].owner].library
            library.remove(ref)
            library.append(ref)
    state.touch()
    record(r, order)
    if not order:
        return "nothing is put on the bottom of a library", [rules.SAME_TIME_IN_LIBRARY]
    how = ""
    if len(order) > 1 and not given:
        how = " (the replay keeps the order they were in)" if "random" in qualifier else \
            " (default: in the order they were)"
    return f"{names_of(game, order)} {'is' if len(order) == 1 else 'are'} put on the bottom of the library{how}", \
        [rules.SAME_TIME_IN_LIBRARY, *([rules.NEW_OBJECT] if elsewhere else [])]


def put_into(game: Play, r: Resolving, refs: list[str], zone: n.Zone) -> Result:
    state = game.state
    changes: list[Event] = []
    moved = []
    for ref in refs:
        obj = state.objects[ref]
        if obj.zone == "stack":
            continue
        if zone.zone == "battlefield":
            if obj.zone == "battlefield":
                continue
            extra, _, _ = entering(game, game.choices, ref)
            changes += [ZoneChange(ref, obj.zone, "battlefield", "put", controller=controller_of(game, r, zone,
                                                                                                  obj.owner)), *extra]
            if zone.tapped:
                changes.append(StatusChange(ref, True))
        else:
            changes.append(ZoneChange(ref, obj.zone, zone.zone, "put"))
        moved.append(ref)
    game.perform(*changes)
    if zone.zone == "library" and zone.position != "bottom":
        for ref in reversed(moved):  # on top, the first named topmost (401.4: its owner orders them)
            library = state.players[state.objects[ref].owner].library
            library.remove(ref)
            library.insert(0, ref)
        state.touch()
    record(r, moved)
    where = {"battlefield": "onto the battlefield" + (" tapped" if zone.tapped else ""), "hand": "into its owner's "
             "hand", "graveyard": "into its owner's graveyard", "library": f"on the {zone.position or 'top'} of "
             "its owner's library"}[zone.zone]
    cited = [rules.NEW_OBJECT, *([rules.SAME_TIME_IN_LIBRARY] if zone.zone == "library" and len(moved) > 1 else [])]
    return f"{names_of(game, moved)} {'is' if len(moved) == 1 else 'are'} put {where}" if moved else \
        "nothing is put anywhere", cited


def shuffle(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """701.24a: the library is randomized. A replay is repeatable, so the engine keeps the order the scenario
    gave: later draws come as the scenario listed the library. "Shuffle ~ into its owner's library": the card goes
    to its owner's library first — a spell's own card as it resolves, so it isn't put into a graveyard (608.2n)."""
    state = game.state
    moving = [x for x in (things(game, r, ins.object) if ins.object is not None else []) if x in state.objects
              and state.objects[x].zone != "library"
              and (state.objects[x].zone != "stack" or (x == r.item.source and r.item.kind == "spell"))]
    game.perform(*(ZoneChange(x, state.objects[x].zone, "library", "shuffled into its owner's library")
                   for x in moving))
    record(r, moving)
    players = list(dict.fromkeys(state.objects[x].owner for x in moving)) or players_in(game, r, ins.subject)
    said = f"{names_of(game, moving)} {'is' if len(moving) == 1 else 'are'} put into " \
        f"{'its owner' if len(moving) == 1 else 'their owners'}'s library; " if moving else ""
    return said + f"{', '.join(players)} shuffle{'s' if len(players) == 1 else ''} their library (the replay keeps " \
        "the library's order as the scenario lists it)", [*([rules.NEW_OBJECT] if moving else []), rules.SHUFFLE]


def scry(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """701.22a: look at the top N cards, put any number of them on the bottom in any order, the rest on top.
    The scenario names the cards to put on the bottom (`choose`); by default all stay on top."""
    count = amount(game, r, ins.amount, 1)
    lines = []
    for player in players_in(game, r, ins.subject):
        library = game.state.players[player].library
        top = library[:count]
        bottom = [x for x in r.picks if x in top]
        for x in bottom:
            r.picks.remove(x)
            library.remove(x)
            library.append(x)
        game.state.touch()
        kept = [x for x in top if x not in bottom]
        lines.append(f"{player} scries {count}: {names_of(game, bottom)} to the bottom, {names_of(game, kept)} on "
                     "top" + ("" if bottom else " (default: all stay on top)"))
    return "; ".join(lines), [rules.SCRY]


def surveil(game: Play, r: Resolving, ins: n.Instruction) -> Result:
    """701.25a: look at the top N cards, put any number of them into the graveyard, the rest on top in any order.
    The scenario names the cards to put into the graveyard (`choose`); by default all stay on top."""
    count = amount(game, r, ins.amount, 1)
    lines, milled = [], []
    for player in players_in(game, r, ins.subject):
        top = game.state.players[player].library[:count]
        chosen = [x for x in r.picks if x in top]
        for x in chosen:
            r.picks.remove(x)
        milled += chosen
        kept = [x for x in top if x not in chosen]
        lines.append(f"{player} surveils {count}: {names_of(game, chosen)} into the graveyard, "
                     f"{names_of(game, kept)} on top" + ("" if chosen else " (default: all stay on top)"))
    game.perform(*(ZoneChange(x, "library", "graveyard", "surveil") for x in milled))
    record(r, milled)
    return "; ".join(lines), [rules.SURVEIL]
