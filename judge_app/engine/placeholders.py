"""Abilities the engine reads but doesn't play yet, kept in their place on the object as "unmodelled" abilities
that say when they would act (113.6): a replay stops there, and not before, rather than refusing a whole card for a
line the scenario never uses.

    abilities = read_for_replay(text, name, type_line)   # `interpret.read_card`, each refusal as a placeholder
    [a.unmodelled for a in abilities if a.kind == "unmodelled"]  # Unmodelled(acts, what, rule, zones, …)

When each kind acts: an activated, mana or loyalty ability when it is activated (602.2); a triggered ability when
its event happens (603.2) — matched exactly when the engine reads its trigger condition, else at the first event
that might match; a static or replacement ability wherever it functions (604.1, 113.6): a permanent's on the
battlefield, any object's as its card is cast, a characteristic-defining ability everywhere (604.3); a spell's
instructions, its additional costs and the keywords that change how it is cast when it is cast (601.2). Keywords
act as their 702 rule says (each one's category is checked against the CR by the tests). Floor 2 (reading).
"""

from __future__ import annotations

from judge_app.cardtext import nodes as n
from judge_app.engine.ability import Ability, Unmodelled
from judge_app.engine.interpret import PLAYED_VERBS, Unplayable, check_trigger, read_card

ENTERING = "entering"  # a replacement of how the object itself enters acts only as it enters (614.1c–d)
ZONES = ("battlefield", "hand", "graveyard", "library", "exile", "stack", "command")
ALL = frozenset(ZONES)

# what a keyword's 702 rule makes it (its "a" rule: "… is a triggered ability"), by its CR title: the events a
# triggered one names (verbs as `triggers` sees events, or the step); "cast" for those that change only how the
# spell is cast or what it does as it resolves; "static" wherever the object is where it functions; "never" for
# those that work outside the game (the tests check each against the CR)
TRIGGERED_KEYWORDS: dict[str, tuple[str, ...]] = {
    "rampage": ("block",), "flanking": ("block",), "provoke": ("attack",), "storm": ("cast",),
    "bushido": ("block",), "soulshift": ("die",), "haunt": ("die", "cast"), "recover": ("put into graveyard",),
    "ripple": ("cast",), "frenzy": ("attack",), "gravestorm": ("cast",), "poisonous": ("deal damage",),
    "champion": ("enter",), "hideaway": ("enter",), "cascade": ("cast",), "battle cry": ("attack",),
    "living weapon": ("enter",), "soulbond": ("enter",), "evolve": ("enter",), "extort": ("cast",),
    "dethrone": ("attack",), "exploit": ("enter",), "renown": ("deal damage",), "ingest": ("deal damage",),
    "myriad": ("attack",), "melee": ("attack",), "fabricate": ("enter",), "afflict": ("block",),
    "mentor": ("attack",), "afterlife": ("die",), "demonstrate": ("cast",), "training": ("attack",),
    "enlist": ("attack",), "ravenous": ("enter",), "for mirrodin!": ("enter",), "backup": ("enter",),
    "mobilize": ("attack",), "job select": ("enter",), "firebending": ("attack",),
    "cumulative upkeep": ("upkeep",), "echo": ("upkeep",),
}
UPKEEP_KEYWORDS = ("cumulative upkeep", "echo")  # "At the beginning of your upkeep"
CAST_KEYWORDS = frozenset({
    "aftermath", "assist", "awaken", "bargain", "bestow", "blitz", "buyback", "casualty", "cipher", "cleave",
    "compleated", "conspire", "convoke", "dash", "delve", "emerge", "entwine", "epic", "escalate", "escape", "evoke",
    "flashback", "foretell", "freerunning", "fuse", "gift", "harmonize", "impending", "improvise", "jump-start",
    "kicker", "mayhem", "offering", "offspring", "overload", "plot", "prototype", "prowl", "rebound", "replicate",
    "retrace", "spectacle", "spree", "squad", "sunburst", "surge", "undaunted", "warp", "web-slinging",
})
EVERYWHERE_KEYWORDS = frozenset({"changeling", "devoid"})  # characteristic-defining abilities (604.3)
OUTSIDE_KEYWORDS = frozenset({"partner", "companion"})  # deck construction, before the game
OTHER_ZONE_KEYWORDS = {"madness": {"hand"}, "splice": {"hand"}, "suspend": {"exile"}}
ZONE_WORDS = {"graveyard": "graveyard", "hand": "hand", "library": "library", "exile": "exile",
              "command zone": "command", "this spell": "stack"}


def read_for_replay(text: str, name: str = "", type_line: str | None = None) -> list[Ability]:
    """Every ability of a card's text for a replay: what the engine plays, and a placeholder for each ability it
    refuses (`interpret.Unplayable`). Raises `interpret.CardTextError` only."""
    permanent = type_line is None or not any(word in type_line.lower() for word in ("instant", "sorcery"))
    return read_card(text, name, type_line, placeholder=lambda node, exc: placeholder(node, exc, permanent))


def placeholder(node: n.Ability, exc: Unplayable, permanent: bool = True) -> Ability:
    """The ability `node`, refused as `exc` says, as an unmodelled ability that knows when it would act."""
    return Ability("unmodelled", node.text, rule=str(exc.rule), node=node, unmodelled=acting(node, exc, permanent),
                   trigger=getattr(node, "trigger", None))


def acting(node: n.Ability, exc: Unplayable, permanent: bool) -> Unmodelled:
    what, rule = str(exc.what), str(exc.rule)
    if isinstance(node, n.KeywordAbility):
        return _keyword(node, what, rule, permanent)
    if isinstance(node, n.ActivatedAbility | n.ManaAbility | n.LoyaltyAbility):
        return Unmodelled("activated", what, rule)
    if isinstance(node, n.SpellAbility):
        return Unmodelled("cast", what, rule)
    if isinstance(node, n.TriggeredAbility):
        return _triggered(node, what, rule)
    if isinstance(node, n.ReplacementAbility) and node.mode == "enters" and _self(node.event.subject):
        return Unmodelled("static", what, rule, zones=frozenset({ENTERING}))  # how it enters (614.1c–d)
    cda = isinstance(node, n.StaticAbility) and node.cda
    return Unmodelled("static", what, rule, zones=ALL if cda else _zones(node.text, permanent))


def _triggered(node: n.TriggeredAbility, what: str, rule: str) -> Unmodelled:
    """Matched exactly when the engine reads the trigger condition (only what it does is refused), else by the
    events it names; any event at all when it names none the engine knows."""
    trigger = node.trigger
    zones = frozenset({"battlefield"} | {zone for word, zone in ZONE_WORDS.items()
                                         if word in trigger.text.lower() and zone != "stack"})
    try:
        check_trigger(trigger)
    except Unplayable:
        verbs = tuple(dict.fromkeys(_verb(e.verb) or _never_played(e.verb) for e in trigger.events))
        return Unmodelled("triggered", what, rule, zones=zones, verbs=() if "" in verbs else verbs,
                          step=trigger.step is not None)
    return Unmodelled("triggered", what, rule, zones=zones, exact=True, step=trigger.step is not None)


# events only an instruction or keyword action makes happen (701): while the engine refuses that instruction wherever
# it meets it, the event can't happen in a replay unseen
ACTION_EVENTS = {"become monstrous": "monstrosity", "transform": "transform", "explore": "explore",
                 "become renowned": "renown", "adapt": "adapt"}


def _never_played(verb: str) -> str:
    """The event verb itself (which no event of the engine's matches) when only an instruction the engine doesn't
    play makes it happen, else "" (any event might be it)."""
    action = ACTION_EVENTS.get(verb)
    return verb if action is not None and action not in PLAYED_VERBS else ""


def _self(thing: n.Thing | None) -> bool:
    return thing is None or (isinstance(thing, n.Reference) and thing.kind == "self")


def _verb(verb: str) -> str:
    """An event verb as the engine's events name it ("" when no event of the engine's could be it)."""
    known = {"enter": "enter", "die": "die", "leave": "leave", "leave the battlefield": "leave", "attack": "attack",
             "block": "block", "become blocked": "block", "deal damage": "deal damage",
             "be dealt damage": "deal damage", "gain life": "gain life", "lose life": "lose life", "cast": "cast",
             "draw": "draw", "discard": "discard", "put into graveyard": "put into graveyard",
             "put counters": "put counters", "become tapped": "become tapped", "tap": "become tapped",
             "cycle": "cycle", "sacrifice": "leave"}
    return known.get(verb, "")


def _keyword(node: n.KeywordAbility, what: str, rule: str, permanent: bool) -> Unmodelled:
    title = node.keyword.lower()
    if title == "partner" and node.name:  # "partner with [name]" also triggers as it enters (702.124j)
        return Unmodelled("triggered", what, rule, zones=frozenset({"battlefield"}), verbs=("enter",))
    if title in OUTSIDE_KEYWORDS:
        return Unmodelled("never", what, rule)
    if title in EVERYWHERE_KEYWORDS:
        return Unmodelled("static", what, rule, zones=ALL)
    if title in TRIGGERED_KEYWORDS:
        verbs = TRIGGERED_KEYWORDS[title]
        return Unmodelled("triggered", what, rule, zones=frozenset({"battlefield"}), verbs=verbs,
                          step=title in UPKEEP_KEYWORDS)
    if title in CAST_KEYWORDS:
        return Unmodelled("cast", what, rule)
    if node.cost is not None or node.costs:  # cycling, equip, ninjutsu, unearth …: activated abilities (602)
        return Unmodelled("activated", what, rule)
    return Unmodelled("static", what, rule, zones=_zones(node.text, permanent) | OTHER_ZONE_KEYWORDS.get(title, set()))


def _zones(text: str, permanent: bool) -> frozenset[str]:
    """Where a static ability functions (113.6): a permanent's on the battlefield, an instant's or sorcery's on
    the stack, and as its card is cast (the stack) in any case; and in any zone its text names."""
    lowered = text.lower()
    named = {zone for word, zone in ZONE_WORDS.items() if word in lowered}
    if "from anywhere" in lowered:
        return ALL
    return frozenset({"battlefield" if permanent else "stack", "stack"} | named)
