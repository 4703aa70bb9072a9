"""Card text → the engine's abilities: the tree `judge_app.cardtext` reads, interpreted into what the engine plays.

Keywords become keyword abilities (with their qualities: protection's, landwalk's, enchant's); static
abilities become continuous effects by layer (`Change`s, 611.3, 613); replacement statics become the
replacement effects the engine has (614, 615); triggered, activated, mana and loyalty abilities and a spell's
instructions keep the tree's `Effect` and `Trigger`, which `effects.py` and `triggers.py` follow.

Nothing the tree says is ignored: a node the engine doesn't play yet raises `Unplayable`, naming the ability,
what in it, and the rule that governs it ("bushido (702.45) is recognised but not yet played"). Text the
grammar can't read raises `CardTextError` with its line and column.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass

from judge_app.cardtext import nodes as n
from judge_app.cardtext.reader import read
from judge_app.engine import conditions, matching, rules
from judge_app.engine import mana as mana_words
from judge_app.engine.ability import (
    CARD_TYPES,
    COLORS,
    Ability,
    Change,
    Cost,
    EventEffect,
    Filter,
    Quality,
    StaticCondition,
)
from judge_app.engine.keywords import SIMPLE_KEYWORDS
from judge_app.engine.predefined import Predefined, predefined
from judge_app.engine.subtypes import CREATURE_TYPES, SUBTYPES

# the verbs of instructions the engine follows (`effects.py`), with the rule each one's words come from
PLAYED_VERBS: dict[str, rules.Cite] = {
    "deal damage": rules.DAMAGE_SOURCE, "destroy": rules.DESTROY, "exile": rules.EXILE, "return": rules.NEW_OBJECT,
    "sacrifice": rules.SACRIFICE, "counter": rules.COUNTER, "get": rules.LAYER_7C, "set base pt": rules.LAYER_7B,
    "switch pt": rules.LAYER_7D, "gain": rules.LAYER_6, "lose": rules.LAYER_6, "become": rules.LAYERS,
    "gain control": rules.LAYER_2, "put counters": rules.COUNTERS, "remove counters": rules.COUNTERS,
    "proliferate": rules.PROLIFERATE, "tap": rules.TAP, "untap": rules.UNTAP_PERMANENT, "draw": rules.DRAW_CARD,
    "discard": rules.DISCARD, "mill": rules.MILL, "gain life": rules.LIFE_GAIN_LOSS,
    "lose life": rules.LIFE_GAIN_LOSS, "add mana": rules.MANA_POOL, "create": rules.TOKENS,
    "prevent": rules.PREVENTION, "fight": rules.FIGHT, "attach": rules.ATTACH, "regenerate can't":
    rules.CANT_REGENERATE, "change text": rules.TEXT_CHANGE, "regenerate": rules.REGENERATE,
    "search": rules.SEARCH, "shuffle": rules.SHUFFLE, "scry": rules.SCRY, "surveil": rules.SURVEIL,
    "put": rules.NEW_OBJECT,
    "win the game": rules.WIN_EFFECT, "lose the game": rules.LOSE_EFFECT, "copy": rules.COPY_SPELL,
    "reveal": rules.REVEAL, "look at": rules.LOOK_AT, "choose": rules.RESOLVE_CHOICES,
    "restrict": rules.ATTACK_RESTRICTIONS, "investigate": rules.INVESTIGATE, "pay mana": rules.UNLESS_PAYS,
    "play": rules.CAST_PERMISSION, "cast": rules.CAST_PERMISSION,
    "pay life": rules.UNLESS_PAYS,
}
AMOUNT_KINDS = ("number", "variable", "count", "property", "event", "times", "half", "for each", "plus", "minus")
PROPERTIES = ("power", "toughness", "mana value", "life total", "life", "cards in hand", "loyalty")
REFERENCES = ("self", "you", "it", "they", "that", "attached", "controller", "owner", "event", "each of them",
              "sacrificed", "exiled", "discarded", "defending player")
PUT_ZONES = ("battlefield", "hand", "library", "graveyard")
QUALIFIERS = ("combat", "tapped", "half", "divided", "all abilities", "in any order", "in a random order", "back",
              "back, in any order", "back, in a random order")
SEARCH_REVEALS = ("reveal it", "reveal them", "reveal that card", "reveal those cards")  # "…, reveal it, then shuffle"
DURATIONS = ("until end of turn", "this turn", "indefinitely")
CONDITIONS = ("did", "kicked", "compare", "control")
EVENT_VERBS = ("enter", "die", "leave", "leave the battlefield", "attack", "block", "deal damage", "be dealt damage",
               "gain life", "lose life", "cast", "draw", "discard", "put into graveyard", "put counters",
               "become tapped", "tap", "cycle", "become blocked")
STEPS = ("upkeep", "draw", "end", "beginning of combat", "combat", "precombat main", "postcombat main", "end of combat")


class Unplayable(ValueError):
    """Card text the grammar reads but the engine doesn't play yet."""

    def __init__(self, what: str, rule: str, ability: str = "", line: int = 0):
        """`rule` is a `rules` constant, or the number a keyword's tree node gives (702.x)."""
        self.what, self.rule, self.ability, self.line = what, rule, ability, line
        super().__init__(f"{what} ({rule}) is recognised but not yet played" + (f", in \"{ability}\"" if ability
                                                                                else ""))


@dataclass
class CardTextError(ValueError):
    """Card text the grammar can't read: where and why."""

    line: int
    column: int
    message: str
    text: str = ""

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}: {self.message}"


def read_card(text: str, name: str = "", type_line: str | None = None,
              placeholder: Callable[[n.Ability, Unplayable], Ability] | None = None) -> list[Ability]:
    """Every ability of a card's text as the engine plays it. Raises `CardTextError` or `Unplayable`; with a
    `placeholder`, an ability refused is what it makes of the ability and the refusal instead."""
    if not text.strip():
        return []
    card = read(text, name=name or None, type_line=type_line)
    if card.errors:
        e = card.errors[0]
        raise CardTextError(e.line, e.column, e.message, e.text)
    out: list[Ability] = []
    for node in card.abilities:
        try:
            out += ability(node)
        except Unplayable as exc:
            if placeholder is None:
                raise Unplayable(exc.what, exc.rule, node.text, node.line) from None
            out.append(placeholder(node, exc))
    while True:
        try:
            _check_paid_references(out)
            return _one_spell_ability(out)
        except Unplayable as exc:  # what only the whole card refuses: the ability it names becomes a placeholder
            at = next((i for i, a in enumerate(out) if a.text == exc.ability and a.kind != "unmodelled"), None)
            if placeholder is None or at is None:
                raise
            out[at] = placeholder(out[at].node, exc)


def _one_spell_ability(abilities: list[Ability]) -> list[Ability]:
    """An instant's or sorcery's paragraphs are one spell ability followed in order as it resolves (608.2c):
    "Add two mana in any combination of colors. / Draw a card." A later paragraph with targets or pointing back
    at an earlier instruction is refused rather than renumbered."""
    spells = [a for a in abilities if a.kind == "spell"]
    if len(spells) < 2:
        return abilities
    for later in spells[1:]:
        for node in later.effect.walk():
            if (isinstance(node, n.Description) and node.is_target) or (
                    isinstance(node, n.Reference) and node.refers_to.startswith(("instruction:", "target:"))):
                raise Unplayable("a later paragraph with its own targets or references", rules.RESOLVE_INSTRUCTIONS,
                                 later.text, getattr(later.node, "line", 0))
        if any(isinstance(i, n.Modal) for i in later.effect.instructions):
            raise Unplayable("a modal later paragraph", rules.MODES, later.text, getattr(later.node, "line", 0))
    first = spells[0]
    effect = dataclasses.replace(first.effect, instructions=tuple(i for s in spells for i in s.effect.instructions),
                                 text="\n".join(s.effect.text for s in spells))
    merged = dataclasses.replace(first, text="\n".join(s.text for s in spells), effect=effect)
    return [merged if a is first else a for a in abilities if a.kind != "spell" or a is first]


def _check_paid_references(abilities: list[Ability]) -> None:
    """"The sacrificed creature", "the exiled card" name what a cost of the same spell or ability paid with, or
    the cards another triggered or activated ability of the object exiled (a linked ability, 607.2a: Fiend Hunter,
    Oblivion Ring); a sacrifice or discard by another ability isn't played yet."""
    spell_costs = {a.verb for x in abilities if x.kind == "additional cost" and x.cost for a in x.cost.actions}
    for ability in abilities:
        if ability.effect is None:
            continue
        paid = spell_costs if ability.kind == "spell" else {a.verb for a in ability.cost.actions} \
            if ability.cost is not None else set()
        if ability.kind in ("triggered", "activated") and any(_exiles(other) for other in abilities
                                                             if other is not ability):
            paid = paid | {"exile"}
        for node in ability.effect.walk():
            if isinstance(node, n.Description) and node.selector.kind == "the":
                for q in node.qualities:
                    verb = {"sacrificed": "sacrifice", "exiled": "exile", "discarded": "discard"}.get(q.value)
                    if q.kind == "status" and verb is not None and verb not in paid:
                        raise Unplayable(f"\"{node.text}\" (what another ability of the card did)",
                                         rules.LINKED_ABILITIES, ability.text, getattr(ability.node, "line", 0))


def until_source_leaves(duration: n.Duration | None) -> bool:
    """"Exile target … until this enchantment leaves the battlefield" (610.3): the one "until" the engine plays."""
    condition = duration.condition if duration is not None and duration.kind == "until" else None
    event = condition.event if condition is not None and condition.kind == "event" else None
    return event is not None and event.verb == "leave the battlefield" and isinstance(event.subject, n.Reference) \
        and event.subject.kind == "self"


def _exiles(ability: Ability) -> bool:
    """A triggered or activated ability that exiles something: the one "the exiled card" is linked to (607.2a)."""
    return ability.kind in ("triggered", "activated") and ability.effect is not None and any(
        isinstance(node, n.Instruction) and node.verb == "exile" for node in ability.effect.walk())


def keyword_kinds(text: str) -> list[str]:
    """"flying, first strike" → the engine's ability kinds of those keywords (for expectations and grants)."""
    return [a.kind for a in read_card(text.replace(", ", "\n").replace(",", "\n"))]


# --- abilities ------------------------------------------------------------------------------------------

def ability(node: n.Ability) -> list[Ability]:
    node = mend(node)
    if isinstance(node, n.KeywordAbility):
        return keyword(node)
    if isinstance(node, n.StaticAbility):
        return static(node)
    if isinstance(node, n.ReplacementAbility):
        return [replacement(node)]
    if isinstance(node, n.TriggeredAbility):
        check_trigger(node.trigger)
        check_effect(node.effect)
        return [Ability("triggered", node.text, trigger=node.trigger, effect=node.effect, node=node)]
    if isinstance(node, n.ActivatedAbility | n.ManaAbility):
        cost = activation_cost(node.cost, node.restrictions)
        check_effect(node.effect)
        kind = "mana" if isinstance(node, n.ManaAbility) else "activated"
        return [Ability(kind, node.text, cost=cost, effect=node.effect, node=node)]
    if isinstance(node, n.LoyaltyAbility):
        loyalty = node.loyalty
        if loyalty.kind != "number" or loyalty.value is None:
            raise Unplayable(f"the loyalty cost {loyalty.text}", rules.LOYALTY_COST)
        check_effect(node.effect)
        return [Ability("activated", node.text, cost=Cost(loyalty=loyalty.value, text=loyalty.text),
                        effect=node.effect, node=node)]
    if isinstance(node, n.SpellAbility):
        check_effect(node.effect)
        return [Ability("spell", node.text, effect=node.effect, node=node)]
    raise Unplayable(f"a {type(node).__name__}", rules.ABILITY_CATEGORIES)


def keyword(node: n.KeywordAbility) -> list[Ability]:
    name = node.keyword.lower()
    if name == "trample" and node.variant.lower() == "trample over planeswalkers":  # 702.19c
        return [Ability("trample over planeswalkers", node.text, node=node)]
    if name in SIMPLE_KEYWORDS and not (node.qualities or node.amount or node.cost):
        return [Ability(name, node.text, node=node)]
    if name == "protection":
        return [Ability("protection", f"Protection from {_quality_word(q)}", quality=_protection(q), node=node)
                for q in node.qualities]
    if name == "landwalk":
        return [Ability("landwalk", node.text, quality=_landwalk(node), node=node)]
    if name == "enchant" and node.object is not None:
        plain = _plain_enchant(node.object)
        if plain is not None:
            return [Ability("enchant", node.text, quality=plain, node=node)]
        return [Ability("enchant", node.text, described=_enchant_described(node.object), node=node)]
    if name == "ward" and node.cost is not None and node.cost.mana is not None and not node.cost.actions:
        return [Ability("ward", node.text, cost=Cost(mana=_mana_text(node.cost.mana), text=node.cost.text), node=node)]
    if name == "kicker" and node.cost is not None and not node.costs and node.variant.lower() != "multikicker":
        cost = node.cost
        if cost.actions or cost.mana is None:
            raise Unplayable(f"the kicker cost \"{cost.text}\"", node.rule)
        return [Ability("kicker", node.text, cost=Cost(mana=_mana_text(cost.mana), text=cost.text), node=node)]
    if name == "equip" and node.cost is not None and not node.variant and not node.cost.actions:
        return [equip(node)]
    if name in ("persist", "undying") and not (node.qualities or node.amount or node.cost):
        return [_persist(node, name)]
    if name in _SPELLED_OUT and not (node.qualities or node.amount or node.cost):
        return [_spelled_out(node, name)]
    if name in _CDA_KEYWORDS and not (node.qualities or node.amount or node.cost):
        kind, rule = _CDA_KEYWORDS[name]
        return [Ability("cda", node.text, affects="self", changes=(Change(kind),), rule=rule, node=node)]
    if name == "partner" and not node.text.lower().startswith("partner with"):
        return [Ability("before the game", node.text, rule=rules.PARTNER, node=node)]  # deck construction only
    if name == "toxic" and node.amount is not None and node.amount.kind == "number" and not node.cost:
        return [Ability("toxic", node.text, value=node.amount.value or 0, rule=rules.TOXIC, node=node)]
    if name in _SPELLED_OUT_N and node.amount is not None and node.amount.kind == "number" and not node.cost:
        text, rule = _SPELLED_OUT_N[name]
        return [_meaning(node, text.format(n=node.amount.value), rule)]
    if name == "living weapon" and not (node.qualities or node.amount or node.cost):
        return [_meaning(node, _LIVING_WEAPON, rules.LIVING_WEAPON, "Artifact — Equipment")]
    if name == "annihilator" and node.amount is not None and node.amount.kind == "number" and not node.cost:
        return [_annihilator(node, node.amount.value or 0)]
    if name == "cycling" and node.cost is not None and node.cost.mana is not None and not node.cost.actions:
        return [_cycling(node)]
    if name == "flashback" and node.cost is not None and node.cost.mana is not None and not node.cost.actions \
            and not node.variant:  # 702.34a: cast from the graveyard for this cost; exiled as it leaves the stack
        return [Ability("flashback", node.text, cost=Cost(mana=_mana_text(node.cost.mana), text=node.cost.text),
                        zone="graveyard", rule=rules.FLASHBACK, node=node)]
    if name == "crew" and node.amount is not None and node.amount.kind == "number" and not node.cost:
        return [_crew(node, node.amount.value or 0)]
    if name == "delve" and not (node.qualities or node.amount or node.cost):  # 702.66a, paid as it is cast
        return [Ability("delve", node.text, rule=rules.DELVE, node=node)]
    if name == "affinity" and node.object is not None and not node.object.qualities:  # 702.41a
        counted = dataclasses.replace(node.object, qualities=(n.Quality("control", "you"),))
        if matching.unplayable(counted) is None:
            return [Ability("cost change", node.text, affects="self", value=-1, per=counted, rule=rules.AFFINITY,
                            node=node)]
    if name == "morph" and node.cost is not None and node.cost.mana is not None and not node.cost.actions:
        variant = (node.variant or "morph").lower()
        if variant in ("morph", "megamorph"):  # 702.37: turned face up for this cost (702.37e)
            return [Ability("morph", node.text, cost=Cost(mana=_mana_text(node.cost.mana), text=node.cost.text),
                            word=variant, node=node)]
    raise Unplayable(name, node.rule)


def _persist(node: n.KeywordAbility, name: str) -> Ability:
    """702.79a / 702.93a: "When this permanent is put into a graveyard from the battlefield, if it had no -1/-1
    (+1/+1) counters on it, return it to the battlefield under its owner's control with a -1/-1 (+1/+1) counter
    on it." — a triggered ability whose intervening "if" looks back at the counters it had (603.10a)."""
    counter = "-1/-1" if name == "persist" else "+1/+1"
    self_ref = n.Reference("self", text="this permanent")
    it = n.Reference("it", refers_to="self", text="it")
    condition = n.Condition("had counters", subject=it, value=counter, negated=True,
                            text=f"if it had no {counter} counters on it")
    trigger = n.Trigger("when", events=(n.Event("die", subject=self_ref, text="dies"),), condition=condition,
                        text="When this permanent dies")
    back = n.Instruction("return", object=it, origin=n.Zone("graveyard", text="the graveyard"),
                         destination=n.Zone("battlefield", controller=n.Reference("owner", of=it, text="its owner"),
                                            counter=counter, counter_amount=n.Amount("number", value=1, text="a"),
                                            text="the battlefield under its owner's control"),
                         text=f"return it to the battlefield under its owner's control with a {counter} counter on it")
    effect = n.Effect((back,), text=back.text)
    return Ability("triggered", node.text, trigger=trigger, effect=effect, node=node,
                   rule=rules.PERSIST if name == "persist" else rules.UNDYING)


# triggered keywords whose rule spells out the ability: keyword → (its text, the rule)
_SPELLED_OUT = {
    "prowess": ("Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.", rules.PROWESS),
    "exalted": ("Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn.",
                rules.EXALTED),
}


def _spelled_out(node: n.KeywordAbility, name: str) -> Ability:
    """702.108a, 702.83a: prowess and exalted are the triggered abilities their rules spell out, read by the
    grammar like any other text; each instance triggers on its own (702.108b says so of prowess)."""
    text, rule = _SPELLED_OUT[name]
    [meaning] = read(text, type_line="Creature").abilities
    assert isinstance(meaning, n.TriggeredAbility)
    return Ability("triggered", node.text, trigger=meaning.trigger, effect=meaning.effect, node=node, rule=rule)


# characteristic-defining keywords (604.3), which function in every zone: keyword → (effect kind, rule)
_CDA_KEYWORDS = {"devoid": ("devoid", rules.DEVOID), "changeling": ("changeling", rules.CHANGELING)}

# triggered keywords with a number whose rule spells out the ability: keyword → (its text, the rule)
_SPELLED_OUT_N = {
    "bushido": ("Whenever this creature blocks or becomes blocked, it gets +{n}/+{n} until end of turn.",
                rules.BUSHIDO),
    "soulshift": ("When this permanent is put into a graveyard from the battlefield, you may return target Spirit "
                  "card with mana value {n} or less from your graveyard to your hand.", rules.SOULSHIFT),
}
_LIVING_WEAPON = "When this Equipment enters, create a 0/0 black Phyrexian Germ creature token, then attach this " \
    "Equipment to it."


def _meaning(node: n.KeywordAbility, text: str, rule: str, type_line: str = "Creature") -> Ability:
    """A keyword whose rule spells out a triggered ability (702.45a bushido, 702.46a soulshift, 702.92a living
    weapon): the rule's words read by the grammar and played like printed text, or refused as such."""
    [meaning] = read_card(text, type_line=type_line)
    return dataclasses.replace(meaning, text=node.text, rule=rule, node=node)


@functools.cache
def meaning_of(text: str) -> n.Instruction:
    """The one instruction a rule's words spell out ("Create a Clue token.", 701.16a), read by the grammar."""
    [spell] = read(text, type_line="Sorcery").abilities
    [instruction] = spell.effect.instructions
    check_instruction(instruction)
    return instruction


def _annihilator(node: n.KeywordAbility, count: int) -> Ability:
    """702.86a: "Annihilator N" means "Whenever this creature attacks, defending player sacrifices N permanents." —
    read by the grammar like the printed text; each instance triggers separately (702.86b)."""
    [meaning] = read(f"Whenever this creature attacks, defending player sacrifices {count} permanents.",
                     type_line="Creature").abilities
    assert isinstance(meaning, n.TriggeredAbility)
    return Ability("triggered", node.text, trigger=meaning.trigger, effect=meaning.effect, node=node,
                   rule=rules.ANNIHILATOR)


def _cycling(node: n.KeywordAbility) -> Ability:
    """702.29a: "Cycling [cost]" means "[Cost], Discard this card: Draw a card.", an activated ability that
    functions only while the card is in its owner's hand; read by the grammar like the printed text."""
    assert node.cost is not None
    if node.variant:  # 702.29e: "[Type]cycling [cost]" searches for a card of that type instead of drawing
        kind = " ".join(q.value for q in node.qualities)  # "Swamp", "basic land": a subtype keeps its capital
        if not kind or any(q.negated or q.kind not in ("subtype", "supertype", "type") for q in node.qualities):
            raise Unplayable(f"\"{node.text}\"", rules.TYPECYCLING)
        [meaning] = read_card(f"{node.cost.text}, Discard this card: Search your library for a {kind} card, reveal "
                              "it, put it into your hand, then shuffle.", type_line="Instant")
        return dataclasses.replace(meaning, text=node.text, zone="hand", rule=rules.TYPECYCLING, node=node)
    [meaning] = read_card(f"{node.cost.text}, Discard this card: Draw a card.", type_line="Instant")
    return dataclasses.replace(meaning, text=node.text, zone="hand", rule=rules.CYCLING, node=node)


_CREWED = "This Vehicle becomes an artifact creature until end of turn."  # 702.122a


def _crew(node: n.KeywordAbility, power: int) -> Ability:
    """702.122a: "Crew N" means "Tap any number of other untapped creatures you control with total power N or
    greater: This permanent becomes an artifact creature until end of turn." — its effect read by the grammar like
    the printed text, its cost paid by `vehicles.crew_with`."""
    [meaning] = read_card(_CREWED, type_line="Instant")  # an instruction (on a permanent: a static statement)
    return Ability("activated", node.text, cost=Cost(crew=power, text=f"Crew {power}"), effect=meaning.effect,
                   rule=rules.CREW, word="crew", node=node)


def _quality_word(q: n.Quality) -> str:
    if q.kind == "chosen":
        return f"the chosen {q.value}"
    if q.kind == "color" and q.value in ("each", "all"):
        return "all colors"
    if q.kind == "subtype":
        return q.value + "s"
    return "everything" if q.kind == "everything" else (q.value.lower() + ("s" if q.kind == "type" else ""))


def _protection(q: n.Quality) -> Quality:
    if q.kind == "everything":
        return Quality("everything")
    if q.kind == "color" and q.value in ("multicolored", "monocolored"):
        return Quality(q.value)
    if q.kind == "color" and not q.negated and q.value in ("each", "all"):  # "protection from all colors" (702.16a)
        return Quality("colored")
    if q.kind == "color" and not q.negated and q.value in COLORS:
        return Quality("color", q.value)
    if q.kind == "chosen" and q.value == "color":  # "the chosen color": linked to "As ~ enters, choose a color"
        return Quality("chosen", "color")
    if q.kind == "type" and not q.negated:
        return Quality("type", q.value.lower())
    if q.kind == "subtype" and not q.negated:  # "protection from Demons"
        return Quality("subtype", q.value)
    raise Unplayable(f"protection from \"{q.value or q.kind}\"", rules.PROTECTION)


def _landwalk(node: n.KeywordAbility) -> Quality:
    subtype = next((q.value for q in node.qualities if q.kind == "subtype"), "")
    modifiers = [q for q in node.qualities if q.kind == "supertype" and not q.value.lower().endswith("walk")]
    modifier = ""
    for q in modifiers:
        modifier = "nonbasic" if (q.value.lower() == "basic" and q.negated) else q.value.lower()
    if node.variant.lower().startswith("nonbasic"):
        modifier = "nonbasic"
    value = subtype.lower() or ("land" if "landwalk" in node.text.lower() else "")
    if not value:
        raise Unplayable(f"\"{node.text}\"", node.rule)
    return Quality("land", value, modifier)


def _plain_enchant(desc: n.Description) -> Quality | None:
    """"Enchant creature", "Enchant permanent": one card type, as a quality; None for any other description."""
    nouns = matching.nouns(desc)
    if desc.qualities or len(nouns) != 1 or nouns[0] not in ("creature", "artifact", "land", "permanent",
                                                              "planeswalker", "enchantment"):
        return None
    return Quality("everything") if nouns[0] == "permanent" else Quality("type", nouns[0])


def _enchant_described(desc: n.Description) -> n.Description:
    """"Enchant creature you control", "Enchant artifact or creature", "Enchant Forest" (702.5a, 303.4a): the
    permanents the Aura may enchant, as a description matched from its controller's point of view."""
    if matching.unplayable(desc) or not matching.names_objects(desc) or matching.names_players(desc):
        raise Unplayable(f"enchant \"{desc.text}\"", rules.ENCHANT)
    return desc


def equip(node: n.KeywordAbility) -> Ability:
    """702.6a: "[Cost]: Attach this permanent to target creature you control. Activate only as a sorcery."."""
    assert node.cost is not None
    target = n.Description(n.Selector("target"), ("creature",), (n.Quality("control", "you"),), target=0,
                           text="target creature you control")
    effect = n.Effect((n.Instruction("attach", object=n.Reference("self", text="~"), recipient=target,
                                     text="attach ~ to target creature you control"),), text=node.text)
    cost = Cost(mana=_mana_text(node.cost.mana) if node.cost.mana else "", sorcery=True, text=node.cost.text)
    return Ability("activated", node.text, cost=cost, effect=effect, word="equip", node=node)


def _mana_text(mana: n.ManaCost) -> str:
    return "".join(s.symbol for s in mana.symbols)


def activation_cost(cost: n.Cost, restrictions: tuple[n.Instruction, ...] = ()) -> Cost:
    """602.1a: mana, {T}, sacrificing the source, life, and the other actions (kept for `casting.py`)."""
    if cost.untap or cost.energy or cost.alternatives:
        raise Unplayable(f"the cost \"{cost.text}\"", rules.COSTS)
    sacrifice, life, actions = False, 0, []
    for action in cost.actions:
        if action.verb == "sacrifice" and isinstance(action.object, n.Reference) and action.object.kind == "self":
            sacrifice = True
        elif action.verb == "pay life" and action.amount is not None and action.amount.kind == "number":
            life += action.amount.value or 0
        elif action.verb in COST_VERBS:
            check_cost_action(action)
            actions.append(action)
        else:
            raise Unplayable(f"the cost \"{action.text}\"", rules.COSTS)
    sorcery = False
    for restriction in restrictions:
        if restriction.qualifier == "sorcery" and restriction.condition is None:
            sorcery = True
        else:
            raise Unplayable(f"\"{restriction.text}\"", rules.ACTIVATION_RESTRICTIONS)
    return Cost(mana=_mana_text(cost.mana) if cost.mana else "", tap=cost.tap, sacrifice=sacrifice, life=life,
                sorcery=sorcery, actions=tuple(actions), text=cost.text)


# the actions a cost may hold besides mana, {T}, life and sacrificing the source (`casting.pay_actions`)
COST_VERBS = ("sacrifice", "discard", "remove counters", "exile", "tap", "return", "put counters", "mill")


def check_cost_action(action: n.Instruction) -> None:
    """Costs beyond mana, {T}, life and sacrificing the source (118.3, 602.2b): sacrifice a described permanent,
    discard cards, remove counters from the source or put counters on it, exile cards from your graveyard or the
    source itself, tap untapped permanents you control ("Tap two untapped creatures you control", 701.26a),
    return the source or a permanent you control to its owner's hand, mill cards (701.17b)."""
    if action.amount is not None and action.amount.kind != "number":
        raise Unplayable(f"the cost \"{action.text}\"", rules.COSTS)
    itself = _is_self(action.object)
    if action.verb in ("remove counters", "put counters"):
        if not (_is_self(action.object) or (action.object is None and _is_self(action.recipient))) \
                or (action.verb == "put counters" and not action.counter):
            raise Unplayable(f"the cost \"{action.text}\"", rules.COSTS)
        return
    if action.verb == "mill":
        if not (action.subject is None or (isinstance(action.subject, n.Reference) and action.subject.kind == "you")):
            raise Unplayable(f"the cost \"{action.text}\"", rules.COSTS)
        return
    if action.verb == "exile" and not (itself and action.origin is None) \
            and (action.origin is None or action.origin.zone != "graveyard"):
        raise Unplayable(f"the cost \"{action.text}\"", rules.COSTS)
    if action.verb == "return" and (action.destination is None or action.destination.zone != "hand"
                                    or action.origin is not None or not (itself or _yours(action.object))):
        raise Unplayable(f"the cost \"{action.text}\"", rules.COSTS)
    if action.verb == "tap" and not (_yours(action.object) and ("status", "untapped") in [
            (q.kind, q.value) for q in action.object.qualities if not q.negated]):
        raise Unplayable(f"the cost \"{action.text}\"", rules.COSTS)
    check_thing(action.object, action.text)


def _yours(thing: n.Thing | None) -> bool:
    """"A land you control", "two untapped creatures you control": permanents of the one who pays."""
    return isinstance(thing, n.Description) and ("control", "you") in [(q.kind, q.value) for q in thing.qualities
                                                                      if not q.negated]


# --- static abilities -------------------------------------------------------------------------------------

def static(node: n.StaticAbility) -> list[Ability]:
    """Statics become continuous effects: who they affect, and what each does, by layer (611.3, 613)."""
    if _opening_hand(node):
        return [Ability("before the game", node.text, node=node)]  # 103.6a: it does its work before the first turn
    condition = static_condition(node.condition) if node.condition is not None else None
    instructions = list(node.effect.instructions)
    combat = combat_static(node, instructions)
    if combat is not None:
        return [dataclasses.replace(a, condition=condition) for a in combat]
    if len(instructions) == 1 and instructions[0].verb == "additional cost":
        return [_additional_cost(instructions[0])]
    player_rule = _player_rule(node, instructions)
    if player_rule is not None:
        return [dataclasses.replace(player_rule, condition=condition)]
    if node.cda:
        return [_cda(node)]
    if len(instructions) == 1 and isinstance(instructions[0], n.Instruction) and instructions[0].verb == "cost":
        return [cost_change(node, instructions[0], condition)]
    if _is_control_magic(instructions):  # "You control enchanted creature." (613.1b)
        return [Ability("static", node.text, affects="enchanted", changes=(Change("control"),), node=node)]
    if instructions and all(isinstance(i, n.Instruction) and i.verb == "untap during untap step" and i.negated
                            and "next" not in i.text for i in instructions):
        return [_doesnt_untap(node, ins, condition) for ins in instructions]
    if instructions and all(isinstance(i, n.Instruction) and i.verb == "can't" for i in instructions):
        subjects = list(itertools.accumulate((i.subject for i in instructions), lambda before, now: now or before))
        return [dataclasses.replace(_cant(node, dataclasses.replace(ins, subject=subject)), condition=condition)
                for ins, subject in zip(instructions, subjects, strict=True)]
    cants = [i for i in instructions if isinstance(i, n.Instruction) and i.verb == "can't"]
    if cants and len(cants) < len(instructions):  # "Equipped creature gets +1/+0 and can't be blocked."
        return _with_restrictions(node, instructions)
    changes: list[Change] = []
    subject: n.Thing | None = None
    kinds: list[str] = []
    for ins in instructions:
        if not isinstance(ins, n.Instruction):
            raise Unplayable("a modal static ability", rules.MODES)
        subject = ins.subject if ins.subject is not None else subject
        if ins.verb == "can't":
            raise Unplayable(f"the restriction \"{ins.text}\" with other statements", rules.ATTACK_RESTRICTIONS)
        kinds.append(ins.verb)
        changes += _static_changes(ins)
    if subject is None:
        raise Unplayable(f"\"{node.text}\" (whom it affects)", rules.STATIC_EFFECTS)
    affects, described = _affects(subject)
    if affects != "self" and any(a.quality is not None and a.quality.kind == "chosen"
                                 for c in changes for a in c.abilities):  # the choice is this object's (607.2d)
        raise Unplayable(f"granting \"{node.text}\" to another object", rules.LINKED_ABILITIES)
    return [Ability("static", node.text, affects=affects, described=described, changes=tuple(changes),
                    condition=condition, node=node)]


_LURE = re.compile(r"all creatures able to block (this creature|~|enchanted creature|equipped creature) do so\.?",
                   re.IGNORECASE)


def _player_rule(node: n.StaticAbility, instructions: list) -> Ability | None:
    """Statics that change a rule of the game for their controller or a requirement on blockers: "You have no maximum
    hand size" (402.2, 514.1), "You may play an additional land on each of your turns" (305.2), "All creatures able
    to block this creature do so" (509.1c); None for any other."""
    if len(instructions) != 1 or not isinstance(instructions[0], n.Instruction):
        return None
    ins = instructions[0]
    you = isinstance(ins.subject, n.Reference) and ins.subject.kind == "you"
    if ins.verb == "no maximum hand size" and you and not (ins.object or ins.amount or ins.qualifier):
        return Ability("no maximum hand size", node.text, affects="you", rule=rules.MAX_HAND_SIZE, node=node)
    if ins.verb == "play additional land" and you and ins.qualifier == "each turn" and ins.amount is None \
            and re.search(r"\ban additional land on each of your turns\b", node.text, re.IGNORECASE):
        return Ability("additional land", node.text, affects="you", value=1, rule=rules.LAND_PER_TURN, node=node)
    lure = _LURE.fullmatch(node.text.strip()) if ins.verb == "do so" else None
    if lure is not None:
        affects = {"enchanted creature": "enchanted", "equipped creature": "equipped"}.get(lure.group(1).lower(),
                                                                                          "self")
        return Ability("lure", node.text, affects=affects, node=node)
    return None


def _with_restrictions(node: n.StaticAbility, instructions: list) -> list[Ability]:
    """A static ability whose statements are continuous effects and restrictions ("Enchanted creature gets +2/+2
    and can't block."): each "can't" is a restriction on the same objects (508.1c, 509.1b), the rest the effects
    of one ability (611.3); every part is played or the whole is refused."""
    subjects = list(itertools.accumulate((getattr(i, "subject", None) for i in instructions),
                                         lambda before, now: now or before))
    parts = [dataclasses.replace(i, subject=subject) if isinstance(i, n.Instruction) else i
             for i, subject in zip(instructions, subjects, strict=True)]
    others = [i for i in parts if not (isinstance(i, n.Instruction) and i.verb == "can't")]
    rest = dataclasses.replace(node, effect=dataclasses.replace(node.effect, instructions=tuple(others)))
    out = static(rest)
    out += static(dataclasses.replace(node, effect=dataclasses.replace(
        node.effect, instructions=tuple(i for i in parts if i not in others))))
    return [dataclasses.replace(a, text=node.text, node=node) for a in out]


def cost_change(node: n.StaticAbility, ins: n.Instruction, condition: StaticCondition | None) -> Ability:
    """601.2f, 118.7a: "This spell costs {1} less to cast for each instant and sorcery card in your graveyard",
    "… {2} less to cast if you control a Wizard", "Noncreature spells cost {1} more to cast", "Spells your opponents
    cast cost {1} more to cast": generic mana added to or taken off the total cost of the spells it names as they
    are cast (`costs.py`), `value` per time (signed), `per` what is counted for "for each"."""
    symbols = ins.mana.symbols.symbols if ins.mana is not None and ins.mana.symbols is not None else ()
    counted = ins.amount.of if ins.amount is not None else None
    if ins.qualifier not in ("more", "less") or len(symbols) != 1 or symbols[0].kind != "generic" or (
            ins.amount is not None and (ins.amount.kind != "for each" or ins.amount.base is not None
                                        or not isinstance(counted, n.Description) or not counted.nouns
                                        or matching.unplayable(counted) or matching.names_players(counted))):
        if _is_self(ins.subject):  # read; casting the card stops the replay, naming the rule (`costs.py`)
            return Ability("cost change", node.text, affects="self", word="not modelled", node=node)
        raise Unplayable(f"the cost change \"{node.text}\"", rules.CAST_TOTAL_COST)
    value = symbols[0].generic if ins.qualifier == "more" else -symbols[0].generic
    per = counted if isinstance(counted, n.Description) else None
    if _is_self(ins.subject):
        return Ability("cost change", node.text, affects="self", value=value, per=per, condition=condition, node=node)
    return Ability("cost change", node.text, affects="filter", filter=_spells(ins.subject, node.text), value=value,
                   per=per, condition=condition, node=node)


def _spells(subject: n.Thing | None, text: str) -> Filter:
    """"Noncreature spells", "White spells you cast", "Artifact and enchantment spells your opponents cast": the
    spells a cost change applies to, as a `Filter` (`controller`: who casts them, 110.2)."""
    if not isinstance(subject, n.Description) or matching.nouns(subject) != ["spell"]:
        raise Unplayable(f"the cost change \"{text}\" (which spells)", rules.CAST_TOTAL_COST)
    values: dict = {"text": subject.text}
    for q in subject.qualities:
        parts = q.parts if q.kind == "any" else (q,)
        if q.kind == "cast" and (q.value == "opponent" or (isinstance(q.of, n.Reference) and q.of.kind == "you")):
            values["controller"] = "opponent" if q.value == "opponent" else "you"
        elif all(p.kind == "type" and not p.negated and p.value.lower() in CARD_TYPES for p in parts) \
                and (q.kind == "any" or not q.negated):
            values["any_types"] = frozenset(p.value.lower() for p in parts)
        elif q.kind == "type" and q.negated and q.value.lower() in CARD_TYPES:
            values["not_types"] = values.get("not_types", frozenset()) | {q.value.lower()}
        elif q.kind == "color" and q.value in COLORS:
            key = "not_colors" if q.negated else "colors"
            values[key] = values.get(key, frozenset()) | {q.value}
        else:
            raise Unplayable(f"the cost change \"{text}\" ({subject.text})", rules.CAST_TOTAL_COST)
    return Filter(**values)


def static_condition(condition: n.Condition) -> StaticCondition:
    """"As long as …" (611.3a): the condition's tree, kept to be evaluated wherever the effect applies
    (`conditions.holds`); refused here if the engine can't evaluate it."""
    why = conditions.unplayable(condition)
    if why is not None:
        raise Unplayable(f"a static ability with the condition \"{condition.text}\" ({why})", rules.STATIC_EFFECT)
    return StaticCondition(condition, condition.text)


_EXCEPTION_CLAUSE = re.compile(r", except (.*?)\.?$", re.IGNORECASE | re.DOTALL)


def copy_exceptions(text: str) -> tuple[Change, ...]:
    """"… enter as a copy of …, except it's 7/7 / it's an artifact in addition to its other types / it isn't
    legendary": modifications of the copying process, which become part of the copy's copiable values (707.9b).
    Read from the ability's words after "except"; any other exception is refused."""
    found = _EXCEPTION_CLAUSE.search(text)
    if found is None or '"' in found.group(1):
        raise Unplayable(f"the copy exception in \"{text}\"", rules.COPY_EXCEPTIONS)
    out: list[Change] = []
    for clause in re.split(r",? and |, ", found.group(1).strip().lower()):
        pt = re.fullmatch(r"it's (\d+)/(\d+)", clause)
        added = re.fullmatch(r"it's an? ([\w-]+) in addition to its other types", clause)
        if pt:
            out.append(Change("set power/toughness", power=int(pt.group(1)), toughness=int(pt.group(2))))
        elif added and added.group(1) in CARD_TYPES:
            out.append(Change("type", types=frozenset({added.group(1)})))
        elif added and added.group(1).capitalize() in SUBTYPES:
            out.append(Change("type", subtypes=(added.group(1).capitalize(),)))
        elif clause in ("it isn't legendary", "it's not legendary"):
            out.append(Change("not legendary"))
        else:
            raise Unplayable(f"the copy exception \"{clause}\"", rules.COPY_EXCEPTIONS)
    return tuple(out)


def _is_control_magic(instructions: list) -> bool:
    if len(instructions) != 1 or not isinstance(instructions[0], n.Instruction):
        return False
    ins = instructions[0]
    obj = ins.object
    return ins.verb == "control" and isinstance(ins.subject, n.Reference) and ins.subject.kind == "you" \
        and isinstance(obj, n.Description) and matching.nouns(obj) == ["creature"] \
        and [(q.kind, q.value) for q in obj.qualities] == [("status", "enchanted")]


_EACH_COMBAT = "each combat, if able"


def combat_static(node: n.StaticAbility, instructions: list) -> list[Ability] | None:
    """Statics about attacking and blocking with the object itself as subject (508.1c–d, 509.1a–c): blocking
    several attackers, "attacks/blocks each combat if able", "can't be blocked by more than one creature / by
    [creatures]", "can block only [creatures]"; None if it is no such ability."""
    musts = {"attack": ["attacks"], "block": ["blocks"], "attack or block": ["attacks", "blocks"]}
    if instructions and all(isinstance(i, n.Instruction) and _is_self(i.subject) and i.verb in musts
                            and i.qualifier == _EACH_COMBAT for i in instructions):
        kinds = dict.fromkeys(k for i in instructions for k in musts[i.verb])
        return [Ability(f"{k} each combat", node.text, node=node) for k in kinds]
    if instructions and all(isinstance(i, n.Instruction) and i.verb == "can't" and i.qualifier == "alone"
                            and _is_self(i.subject) and i.action is not None
                            and i.action.verb in ("attack or block", "block", "attack") for i in instructions):
        return [Ability("not alone", node.text, word=word, node=node)  # "can't attack or block alone" (508.1c, 509.1b)
                for i in instructions for word in i.action.verb.split(" or ")]
    if len(instructions) != 1 or not isinstance(instructions[0], n.Instruction):
        return None
    ins = instructions[0]
    if not _is_self(ins.subject):
        return None
    text, verb = node.text, ins.verb
    if verb == "block" and ins.qualifier == "additional":
        return [Ability("block additional", text, value=1, node=node)]
    if verb == "block" and isinstance(ins.object, n.Description) and ins.object.selector.any_number:
        return [Ability("block additional", text, value=0, node=node)]
    if verb == "block" and ins.qualifier == "only" and isinstance(ins.object, n.Description):
        return [Ability("blocks only", text, filter=restriction_filter(ins.object, text), node=node)]
    action = ins.action
    if verb == "can't" and action is not None and action.verb == "be blocked":
        if ins.qualifier == "by more than one creature" and action.object is None:
            return [Ability("max one blocker", text, node=node)]
        if isinstance(action.object, n.Description) and not ins.qualifier:
            return [Ability("unblockable by", text, filter=restriction_filter(action.object, text), node=node)]
    return None


def restriction_filter(desc: n.Description, text: str) -> Filter:
    """"Walls", "creatures with flying", "creatures with power 2 or less" → a `Filter` over characteristics."""
    plain = dataclasses.replace(desc, qualities=tuple(q for q in desc.qualities
                                                      if q.kind not in ("keyword", "compare")))
    values: dict = {}
    for q in desc.qualities:
        if q.kind == "keyword":
            key = "not_keywords" if q.negated else "keywords"
            values[key] = (*values.get(key, ()), q.value.lower())
        elif q.kind == "compare" and q.value == "power" and q.comparison in ("<=", ">=") and not q.negated \
                and matching.fixed_amount(q.amount) is not None:
            values["power"] = (q.comparison, matching.fixed_amount(q.amount))
        elif q.kind in ("raw", "compare"):
            raise Unplayable(f"\"{desc.text}\" in \"{text}\"", rules.ATTACK_RESTRICTIONS)
    found = to_filter(plain, text) or Filter(text=desc.text)
    return dataclasses.replace(found, text=desc.text, **values)


def _opening_hand(node: n.StaticAbility) -> bool:
    """"If ~ is in your opening hand, you may begin the game with it on the battlefield" (103.6a)."""
    condition = node.condition
    return condition is not None and condition.quality is not None and condition.quality.kind == "zone" \
        and condition.quality.value == "opening hand" and [i.verb for i in node.effect.instructions if isinstance(
            i, n.Instruction)] == ["begin the game on the battlefield"]


_CARD_TYPES_IN_GRAVEYARDS = "the number of card types among cards in all graveyards"  # Tarmogoyf


def _cda(node: n.StaticAbility) -> Ability:
    """604.3: "~'s power and toughness are each equal to the number of creatures you control", "~'s power is equal
    to the number of instant and sorcery cards in your graveyard" (its toughness printed): the description counted
    in layer 7a wherever the object is (`layers._counted`); Tarmogoyf's "the number of card types among cards in all
    graveyards" and "that number plus 1" for its toughness."""
    instructions = [i for i in node.effect.instructions if isinstance(i, n.Instruction)]
    first = instructions[0] if instructions else None
    if first is None or any(i.verb != "characteristic pt" or i.amount is None for i in instructions) \
            or not (_is_self(first.subject) or (isinstance(first.subject, n.Reference) and first.subject.kind == "it")):
        raise Unplayable(f"the characteristic-defining ability \"{node.text}\"", rules.CDA)
    if first.amount.text.lower() == _CARD_TYPES_IN_GRAVEYARDS and len(instructions) == 2 \
            and instructions[1].amount.kind == "plus" and instructions[1].amount.other is not None:
        change = Change("characteristic-defining power/toughness", count="card types in all graveyards",
                        toughness=instructions[1].amount.other.value or 0)
        return Ability("cda", node.text, affects="self", changes=(change,), node=node)
    counted = first.amount.of
    if len(instructions) != 1 or first.amount.kind != "count" or not isinstance(counted, n.Description) \
            or matching.unplayable(counted) or matching.names_players(counted):
        raise Unplayable(f"the characteristic-defining ability \"{node.text}\"", rules.CDA)
    which = "" if first.qualifier == "power and toughness" else first.qualifier
    change = Change("characteristic-defining power/toughness", per=counted, which=which)
    return Ability("cda", node.text, affects="self", changes=(change,), node=node)


_PLAYER_CANTS = {"lose the game": "lose game", "win the game": "win game", "gain life": "life gain"}


def _cant(node: n.StaticAbility, ins: n.Instruction) -> Ability:
    """"~ can't block / can't attack / can't be blocked" (508.1c, 509.1b); "You can't lose the game", "Players
    can't gain life" (101.2, 614.17): a "can't" effect on players' events."""
    action = ins.action.verb if ins.action is not None else ""
    if action == "be prevented" and isinstance(ins.subject, n.Description) and ins.subject.nouns == ("damage",) \
            and not ins.subject.qualities:  # "Damage can't be prevented" (615.12)
        return Ability("replacement", node.text, events=EventEffect("damage", "unpreventable", text=node.text),
                       node=node)
    if action in _PLAYER_CANTS and ins.action is not None and not (ins.action.object or ins.action.condition):
        return Ability("cant", node.text, events=EventEffect(_PLAYER_CANTS[action], "can't",
                                                             player=_whose(ins.subject, node.text), text=node.text),
                       node=node)
    if action == "put counters" and ins.action is not None and ins.action.counter:  # 614.17, 122.1
        counter = ins.action.counter
        if isinstance(ins.subject, n.Reference) and ins.subject.kind == "you":  # "You can't get poison counters."
            return Ability("cant", node.text, events=EventEffect("counters", "can't", counter=counter, player="you",
                                                                 text=node.text), node=node)
        if isinstance(ins.subject, n.Description):  # "Creatures you control can't have -1/-1 counters put on them."
            return Ability("cant", node.text, events=EventEffect("counters", "can't", counter=counter,
                                                                 object=to_filter(ins.subject, node.text),
                                                                 text=node.text), node=node)
    unless = ins.unless
    if action == "attack" and _is_self(ins.subject) and unless is not None and unless.cost is None \
            and isinstance(unless.payer, n.Reference) and unless.payer.kind == "defending player" \
            and unless.action is not None and unless.action.verb == "control" \
            and isinstance(unless.action.object, n.Description) and not matching.unplayable(unless.action.object) \
            and ins.action is not None and not (ins.action.object or ins.action.condition or ins.qualifier):
        # "This creature can't attack unless defending player controls an Island." (508.1c)
        return Ability("cant_attack", node.text, word="unless defending player controls",
                       described=unless.action.object, node=node)
    kinds = {"block": "cant_block", "attack": "cant_attack", "be blocked": "unblockable",
             "be countered": "uncounterable"}  # "This spell can't be countered." (101.2)
    if action not in kinds or ins.amount or ins.condition is not None or not plain_restriction(ins):
        raise Unplayable(f"the restriction \"{node.text}\"", rules.ATTACK_RESTRICTIONS)
    if _is_self(ins.subject):
        return Ability(kinds[action], node.text, node=node)
    if action == "be countered":  # "Creature spells you control can't be countered."
        raise Unplayable(f"the restriction \"{node.text}\"", rules.CANT_WINS)
    # "Enchanted creature can't attack or block.", "Creatures without flying can't attack." (508.1c, 509.1b):
    # a restriction on other objects, not an ability they gain (`layers.restrictions_on`)
    affects, described = _affects(ins.subject)
    return Ability("restriction", node.text, affects=affects, described=described, word=action, node=node)


def plain_restriction(ins: n.Instruction) -> bool:
    """A "can't" the engine plays as written: a subject that can't do one thing, with no "unless", qualifier
    ("alone"), object, recipient or condition of its own ("can't attack you unless …" is refused)."""
    return ins.subject is not None and ins.unless is None and not ins.qualifier and ins.action is not None \
        and not (ins.action.object or ins.action.recipient or ins.action.condition)


def _doesnt_untap(node: n.StaticAbility, ins: n.Instruction, condition: StaticCondition | None) -> Ability:
    """"Enchanted creature doesn't untap during its controller's untap step.", "This artifact doesn't untap during
    your untap step." (502.3): a restriction on the untap step's turn-based action, like "can't" ones."""
    if ins.subject is None or ins.condition is not None or ins.unless is not None or ins.qualifier:
        raise Unplayable(f"the static ability \"{node.text}\"", rules.UNTAP)
    affects, described = _affects(ins.subject)
    return Ability("restriction", node.text, affects=affects, described=described, word="untap", condition=condition,
                   node=node)


def _additional_cost(ins: n.Instruction) -> Ability:
    """601.2b, 601.2f: "As an additional cost to cast this spell, …"."""
    if ins.cost is None:
        raise Unplayable(f"\"{ins.text}\"", rules.CAST_TOTAL_COST)
    cost = activation_cost(ins.cost)
    if cost.tap or cost.sacrifice:
        raise Unplayable(f"the additional cost \"{ins.cost.text}\"", rules.CAST_TOTAL_COST)
    return Ability("additional cost", ins.text, cost=cost)


def _affects(subject: n.Thing) -> tuple[str, n.Description | None]:
    if isinstance(subject, n.Reference):
        if subject.kind == "self" or subject.refers_to == "self":  # "As long as ~ is enchanted, it gets …"
            return "self", None
        if subject.kind == "attached" and subject.noun in ("creature", "permanent"):
            if "equipped" in subject.text.lower():
                return "equipped", None
            return ("enchanted" if subject.noun == "creature" else "enchanted permanent"), None
    if isinstance(subject, n.Description):
        for q in subject.qualities:
            if q.kind == "status" and q.value in ("enchanted", "equipped") and not q.negated \
                    and len(subject.qualities) == 1:
                # "enchanted land / artifact / permanent": whatever the Aura is attached to, not only a creature
                creature = q.value == "equipped" or list(subject.nouns) == ["creature"]
                return (q.value if creature else "enchanted permanent"), None
        why = matching.unplayable(subject)
        if why:
            raise Unplayable(f"a static ability affecting {why}", rules.STATIC_EFFECTS)
        return "described", subject
    raise Unplayable(f"a static ability affecting \"{getattr(subject, 'text', '')}\"", rules.STATIC_EFFECTS)


def _static_changes(ins: n.Instruction) -> list[Change]:
    verb = ins.verb
    if verb == "get" and ins.pt is not None and ins.pt.signed:
        per = None
        if ins.amount is not None:  # "+1/+1 for each Forest you control": counted each time it applies (611.3a)
            if ins.amount.kind != "for each" or not isinstance(ins.amount.of, n.Description) \
                    or matching.unplayable(ins.amount.of) or matching.names_players(ins.amount.of):
                raise Unplayable(f"the amount \"{ins.amount.text}\"", rules.STATIC_EFFECTS)
            per = ins.amount.of
        return [Change("modify power/toughness", power=_fixed(ins.pt.power), toughness=_fixed(ins.pt.toughness),
                       per=per)]
    if verb == "set base pt" and ins.pt is not None:
        return [Change("set power/toughness", power=_fixed(ins.pt.power), toughness=_fixed(ins.pt.toughness))]
    if verb == "set base pt" and ins.pt is None and ins.amount is not None and ins.amount.kind == "property" \
            and ins.amount.property == "mana value":  # Opalescence: "… each equal to its mana value" (7b)
        return [Change("set power/toughness to mana value")]
    if verb in ("have", "gain") and ins.abilities:
        return [Change("add abilities", abilities=granted(ins.abilities))]
    if verb == "lose":
        if ins.qualifier == "all abilities" or (not ins.abilities and "all abilities" in ins.text):
            return [Change("remove all abilities")]
        return [Change("remove abilities", abilities=granted(ins.abilities))]
    if verb == "is" and ins.negated and ins.characteristics is not None and not ins.characteristics.types \
            and ins.qualifier.lower().removeprefix("a ").removeprefix("an ") in CARD_TYPES:
        return [Change("remove type", types=frozenset({ins.qualifier.lower().split()[-1]}))]  # "~ isn't a creature"
    if verb in ("is", "become") and ins.characteristics is not None:
        return becomes(ins, ins.characteristics)
    raise Unplayable(f"the static ability \"{ins.text}\"", PLAYED_VERBS.get(verb, rules.STATIC_EFFECTS))


def becomes(ins: n.Instruction, c: n.Characteristics) -> list[Change]:
    out = []
    land_types = {"plains": "Plains", "islands": "Island", "island": "Island", "swamps": "Swamp", "swamp": "Swamp",
                  "mountains": "Mountain", "mountain": "Mountain", "forests": "Forest", "forest": "Forest"}
    qualifier = ins.qualifier.lower().removeprefix("a ").removeprefix("an ")
    named = [x.lower() for x in c.subtypes if x.lower() in land_types]
    if named and len(named) == len(c.subtypes) and not c.types:
        qualifier = named[0]
    if qualifier in land_types:
        kind = "add land type" if c.in_addition else "set land type"
        out.append(Change(kind, subtypes=(land_types[qualifier],)))
    elif qualifier.rstrip("s") in ("artifact", "enchantment", "creature", "land") and c.in_addition:
        out.append(Change("type", types=frozenset({qualifier.rstrip("s")}), in_addition=True))
    elif c.types or c.subtypes:
        types = frozenset(t.lower() for t in c.types)
        keeps = types == {"artifact", "creature"} and not c.subtypes  # "becomes an artifact creature" (205.1b)
        out.append(Change("type", types=types, subtypes=tuple(c.subtypes), in_addition=c.in_addition or keeps))
    if c.colors:
        out.append(Change("set colors", colors=frozenset(c.colors)))
    if c.pt is not None:
        out.append(Change("set power/toughness", power=_fixed(c.pt.power), toughness=_fixed(c.pt.toughness)))
    if c.abilities:  # "becomes a 3/3 green Ape creature with trample": it gains trample too (613.1f)
        out.append(Change("add abilities", abilities=granted(c.abilities)))
    if c.name or c.copy_of is not None or not out or not all(x[:1].isupper() for x in c.subtypes) \
            or "chosen" in ins.qualifier:  # "is the chosen color" is no subtype "The Chosen Color"
        raise Unplayable(f"\"{ins.text}\"", rules.LAYERS)
    return out


def _fixed(amount: n.Amount) -> int:
    if amount.kind != "number" or amount.value is None:
        raise Unplayable(f"the amount \"{amount.text}\"", rules.NUMBERS)
    return amount.value


def granted(abilities: tuple[n.Ability, ...]) -> tuple[Ability, ...]:
    """Abilities granted or removed by an effect ("gains flying and first strike", "has \"{T}: …\"")."""
    out: list[Ability] = []
    for a in abilities:
        if isinstance(a, n.ActivatedAbility | n.TriggeredAbility | n.ManaAbility):
            out += ability(a)  # an ability in quotes: "this creature" is the object that has it (113.10)
        elif not isinstance(a, n.KeywordAbility):
            raise Unplayable(f"granting the ability \"{a.text}\"", rules.GRANTED_ABILITIES)
        else:
            out += keyword(a)
    return tuple(out)


# --- replacement effects ----------------------------------------------------------------------------------

# "As ~ enters, choose a …": the values a scenario gives (`chosen`) or the engine picks by default (614.12a)
CHOSEN_AS_ENTERS = ("color", "creature type", "card name")

def replacement(node: n.ReplacementAbility) -> Ability:
    """The replacement and prevention effects of static abilities the engine has (614.1, 615)."""
    effects = [i for i in node.effect.instructions if isinstance(i, n.Instruction)]
    if _shuffled_instead(node, effects):  # "reveal ~ and shuffle it into its owner's library instead"
        return Ability("replacement", node.text, node=node,
                       events=EventEffect("zone", "library", self_only=True, to_zone="graveyard", text=node.text))
    first = effects[0] if effects else None
    shock = _SHOCK.fullmatch(node.text.strip())
    if shock is not None and node.mode == "enters" and [(i.verb, i.optional) for i in effects] == [("pay life", True)]:
        # "As this land enters, you may pay 2 life. If you don't, it enters tapped." (614.12, 119.4)
        return Ability("replacement", node.text, word="pay life or enters tapped", affects="self",
                       value=int(shock.group(1)), node=node)
    if is_kicked(node.condition) and node.mode == "enters" and first is not None and len(effects) == 1 \
            and first.verb == "enter with counters" and first.amount is not None and first.amount.kind == "number":
        return Ability("replacement", node.text, word="enters with counters if kicked", affects="self",  # 702.33d
                       value=first.amount.value or 0, counter=first.counter or "+1/+1", node=node)
    if node.condition is not None or first is None or len(effects) != 1:
        raise Unplayable(f"the replacement effect \"{node.text}\"", rules.REPLACEMENT)
    event = node.event
    self_event = _is_self(event.subject) or _is_self(event.recipient)
    if node.mode == "enters" and _is_self(event.subject):
        if first.verb == "enter" and first.qualifier == "tapped":
            return Ability("replacement", node.text, word="enters tapped", affects="self", node=node,
                           condition=_unless_control(first.unless, node.text))
        if first.verb == "enter with counters" and first.amount is not None and first.amount.kind == "number":
            return Ability("replacement", node.text, word="enters with counters", affects="self",
                           value=first.amount.value or 0, counter=first.counter or "+1/+1", node=node)
        if first.verb == "enter with counters" and first.amount is not None and first.amount.kind == "variable" \
                and first.amount.base is None:  # X: the value the spell was cast with (107.3m)
            return Ability("replacement", node.text, word="enters with X counters", affects="self",
                           counter=first.counter or "+1/+1", node=node)
        c = first.characteristics
        if first.verb == "enter as copy" and c is not None and isinstance(c.copy_of, n.Description):
            check_thing(c.copy_of, node.text)
            return Ability("replacement", node.text, word="enters as a copy", affects="self", described=c.copy_of,
                           changes=copy_exceptions(node.text) if c.exceptions else (), node=node)
        if first.verb == "choose" and first.choice in CHOSEN_AS_ENTERS and first.object is None:
            return Ability("replacement", node.text, word=f"choose {first.choice}", affects="self", node=node)
    if node.mode == "skip" and "draw step" in node.text.lower() and "your" in node.text.lower():
        return Ability("replacement", node.text, word="skip draw", affects="you", node=node)
    if node.mode == "instead" and event.verb == "die" and first.verb == "exile" and first.instead:
        if self_event:
            return Ability("replacement", node.text, word="die exile", affects="self", node=node)
        subject = event.subject
        if isinstance(subject, n.Description) and matching.nouns(subject) == ["creature"] \
                and not subject.qualities:
            return Ability("replacement", node.text, word="die exile", affects="all", node=node)
    if node.mode == "instead" and event.verb == "deal damage" and first.verb == "deal damage" \
            and first.amount is not None and first.amount.kind == "times" and first.amount.factor == 2 \
            and isinstance(event.subject, n.Description) and "source" in event.subject.nouns:
        return Ability("replacement", node.text, word="double damage", node=node)
    if node.mode == "prevent" and first.verb == "prevent" and _is_self(event.recipient) and node.amount is None \
            and event.subject is None and first.amount is None:
        return Ability("replacement", node.text, word="prevent all", affects="self", node=node)
    spec = _event_effect(node, event, first)
    if spec is not None:
        return Ability("replacement", node.text, events=spec, node=node)
    raise Unplayable(f"the replacement effect \"{node.text}\"", rules.REPLACEMENT)


_SHOCK = re.compile(r"As (?:this land|~) enters, you may pay (\d+) life\. If you don't, it enters tapped\.")


def _unless_control(unless: n.Unless | None, text: str) -> StaticCondition | None:
    """"… enters tapped unless you control a Plains or an Island / two or fewer other lands" (614.1d): the
    condition under which it enters untapped, evaluated as it would enter."""
    if unless is None:
        return None
    action = unless.action
    if unless.cost is not None or action is None or action.verb != "control" or action.object is None \
            or not (unless.payer is None or (isinstance(unless.payer, n.Reference) and unless.payer.kind == "you")):
        raise Unplayable(f"the replacement effect \"{text}\" (unless {unless.text})", rules.REPLACEMENT)
    return static_condition(n.Condition("control", subject=unless.payer, object=action.object, text=unless.text))


def _shuffled_instead(node: n.ReplacementAbility, effects: list[n.Instruction]) -> bool:
    """"If ~ would be put into a graveyard from anywhere, reveal ~ and shuffle it into its owner's library
    instead" (Blightsteel Colossus): the card goes to its owner's library; revealing changes nothing here."""
    verbs = [i.verb for i in effects if not (i.verb == "reveal" and _is_self(i.object))]
    shuffle = effects[-1] if effects else None
    return node.mode == "instead" and node.condition is None and node.event.verb == "put into graveyard" \
        and _is_self(node.event.subject) and verbs == ["shuffle"] and shuffle is not None \
        and shuffle.destination is not None and shuffle.destination.zone == "library"


def _event_effect(node: n.ReplacementAbility, event: n.Event, first: n.Instruction) -> EventEffect | None:
    """The replacement and prevention effects `replacement.py` plays on any event (614, 615), as `EventEffect`s:
    life gained twice or not at all, damage to you prevented in part, cards put into a graveyard exiled instead,
    permanents entering tapped."""
    text = node.text
    if node.mode == "instead" and event.verb == "draw" and first.verb == "win the game" \
            and event.condition is not None and event.condition.kind == "library empty" \
            and _whose(event.subject, text) == "you":  # Laboratory Maniac (614.11a)
        return EventEffect("draw", "win", player="you", condition="library empty", text=text)
    if node.mode == "instead" and event.verb == "gain life" and first.verb == "gain life" and first.amount is not None:
        player = _whose(event.subject, text)
        if first.amount.kind == "times" and first.amount.factor == 2:
            return EventEffect("life gain", "double", player=player, text=text)
        if first.amount.kind == "number" and first.amount.value == 0:
            return EventEffect("life gain", "none", player=player, text=text)
    if node.mode == "prevent" and event.verb == "deal damage" and first.verb == "prevent" and first.amount is not None \
            and first.amount.kind == "number" and event.subject is not None and not node.condition \
            and isinstance(event.recipient, n.Reference) and event.recipient.kind in ("you", "self"):
        you = event.recipient.kind == "you"
        return EventEffect("damage", "prevent", amount=first.amount.value or 0, player="you" if you else "",
                           self_only=not you, text=text)
    if node.mode == "instead" and event.verb in ("die", "put into graveyard") and first.verb == "exile" \
            and first.instead and isinstance(event.subject, n.Description):
        dies = event.verb == "die"
        owner = event.destination.owner if event.destination is not None else None  # "into an opponent's graveyard"
        # "its owner's graveyard" names every card's own graveyard
        anyone = owner is None or (isinstance(owner, n.Reference) and owner.kind == "owner")
        return EventEffect("zone", "exile", object=to_filter(event.subject, text), to_zone="graveyard",
                           from_zone="battlefield" if dies else "", player="" if anyone else _whose(owner, text),
                           text=text)
    if node.mode == "instead" and event.verb == "put counters" and first.verb == "put counters" and first.instead \
            and first.amount is not None and (event.recipient is None or isinstance(event.recipient, n.Description)):
        kind = first.amount.kind
        more = first.amount.other.value if kind == "plus" and first.amount.other is not None else None
        if (kind == "times" and first.amount.factor == 2) or (kind == "plus" and more):
            target = to_filter(event.recipient, text) if isinstance(event.recipient, n.Description) else None
            return EventEffect("counters", "double" if kind == "times" else "plus", amount=more or 0,
                               counter=event.counter, object=target, text=text)
    if node.mode == "instead" and event.verb == "create" and first.verb == "create" and first.amount is not None \
            and first.amount.kind == "times" and first.amount.factor == 2 and event.object is None \
            and event.text.lower() == "create one or more tokens under your control":
        return EventEffect("tokens", "double", player="you", text=text)  # 614.16
    if node.mode == "enters" and first.verb == "enter" and first.qualifier == "tapped" \
            and isinstance(event.subject, n.Description):
        return EventEffect("enters", "tapped", object=to_filter(event.subject, text), text=text)
    return None


def _whose(thing: n.Thing | None, text: str) -> str:
    """Whose event a player effect watches: "you", "opponent", or "" for any player."""
    if thing is None or (isinstance(thing, n.Reference) and thing.kind == "you"):
        return "you"
    if isinstance(thing, n.Description) and matching.nouns(thing) == ["opponent"]:
        return "opponent"
    if isinstance(thing, n.Description) and matching.nouns(thing) == ["player"] \
            and not thing.qualities:
        return ""
    raise Unplayable(f"\"{text}\" (whose event)", rules.REPLACEMENT)


def to_filter(desc: n.Description, text: str) -> Filter | None:
    """A description as the engine's `Filter` for event effects ("a nontoken creature", "a card or token",
    "creatures your opponents control"); None when it names anything."""
    nouns = matching.nouns(desc)
    types = {x for x in nouns if x in ("artifact", "battle", "creature", "enchantment", "land", "planeswalker",
                                       "instant", "sorcery")}
    subtypes = tuple(x for x in desc.nouns if x[:1].isupper())
    if set(nouns) - types - {"card", "token", "permanent"} - {s.lower() for s in subtypes}:
        raise Unplayable(f"\"{desc.text}\" in \"{text}\"", rules.REPLACEMENT)
    values: dict = {"text": desc.text}
    if types:
        values["any_types" if len(types) > 1 else "types"] = frozenset(types)
    if subtypes:
        values["subtypes"] = subtypes
    for q in desc.qualities:
        key = _FILTER_QUALITIES.get((q.kind, q.negated))
        if key is None or (q.kind == "type" and q.value.lower() == "token" and q.negated is False):
            raise Unplayable(f"\"{desc.text}\" in \"{text}\"", rules.REPLACEMENT)
        if q.kind == "type" and q.value.lower() == "token":
            values["token"] = False
        elif key in ("controller", "owner"):
            values[key] = "you" if q.value == "you" else "opponent"
        elif key in ("colors", "not_colors", "supertypes", "not_supertypes", "not_types"):
            values[key] = frozenset({q.value.lower()}) | values.get(key, frozenset())
        elif key == "other":
            values["other"] = True
    if desc.selector.other:
        values["other"] = True
    return Filter(**values) if len(values) > 1 else None


_FILTER_QUALITIES = {("color", False): "colors", ("color", True): "not_colors", ("supertype", False): "supertypes",
                     ("supertype", True): "not_supertypes", ("type", True): "not_types", ("control", False):
                     "controller", ("owner", False): "owner", ("other", False): "other"}


def _is_self(thing: n.Thing | None) -> bool:
    return isinstance(thing, n.Reference) and thing.kind == "self"


# --- what the engine follows: effects, triggers -----------------------------------------------------------

def check_effect(effect: n.Effect) -> None:
    """Raise `Unplayable` for the first instruction, thing, amount or condition `effects.py` can't follow."""
    for item in effect.instructions:
        if isinstance(item, n.Modal):
            if item.chooser is not None or any(c is not None for c in item.mode_costs) or item.condition_more:
                raise Unplayable(f"the modal choice \"{item.text.splitlines()[0]}\"", rules.MODES)
            for mode in item.modes:
                check_effect(mode)
        elif isinstance(item, n.DelayedTrigger):
            step = item.trigger.step
            inner = list(n.targets(item.effect))
            if item.reflexive and _when_you_do(item) and all(d in inner for d in n.targets(effect)):
                check_effect(item.effect)  # 603.12: "When you do, …" after an optional action, its own targets
                continue
            at_end_of_combat = step is not None and step.step == "end of combat" and step.whose is None
            if item.reflexive or step is None or not (step.next or at_end_of_combat) or step.step not in STEPS \
                    or item.trigger.events:
                raise Unplayable(f"the delayed triggered ability \"{item.text}\"", rules.DELAYED_TRIGGER)
            check_effect(item.effect)
        else:
            check_instruction(item)


def _when_you_do(item: n.DelayedTrigger) -> bool:
    """"When you do, …": a reflexive trigger on the optional action just before it (603.12)."""
    events = item.trigger.events
    return len(events) == 1 and events[0].verb == "do" and isinstance(events[0].subject, n.Reference) \
        and events[0].subject.kind == "you" and item.trigger.condition is None


RESTRICTED = ("attack", "block", "be blocked", "attack or block")  # "Target creature can't block this turn."


def instruction_verb(ins: n.Instruction) -> str:
    """The verb `effects.py` follows: "can't" is "regenerate can't" (701.19c) or "restrict" (508.1c, 509.1b)
    by what can't happen."""
    if ins.verb == "can't" and ins.action is not None and ins.action.verb == "be regenerated":
        return "regenerate can't"
    if ins.verb == "can't" and ins.action is not None and ins.action.verb in RESTRICTED:
        return "restrict"
    if ins.verb == "untap during untap step" and ins.negated and "next untap step" in ins.text:
        return "restrict"  # "Those creatures don't untap during their controller's next untap step." (502.3)
    return ins.verb


# what "Prevent all … damage" may say of the damage: its kind, and whether the thing named is dealt it, deals it or both
PREVENT_QUALIFIERS = frozenset({"combat", "noncombat", "by", "to and by"})


# keyword actions played only as written alone ("Investigate", not "Investigate twice", nor a player's): the words
_BARE_ACTIONS = {"investigate": ("investigate",)}


PERMISSION_DURATIONS = ("this turn", "until end of turn", "until end of your next turn")


def _may_play_exiled(ins: n.Instruction) -> bool:
    """"You may play it this turn", "Until the end of your next turn, you may cast those cards": the cards an
    earlier instruction of the same effect exiled, played or cast as usual (601.3) for that long."""
    obj = ins.object
    return ins.optional and isinstance(ins.subject, n.Reference) and ins.subject.kind == "you" \
        and isinstance(obj, n.Reference) and obj.refers_to.startswith("instruction:") and not ins.qualifier \
        and ins.duration is not None and ins.duration.kind in PERMISSION_DURATIONS and ins.condition is None \
        and ins.amount is None and ins.recipient is None and ins.destination is None and ins.origin is None


def _paid_by_you(ins: n.Instruction) -> bool:
    """"You may pay {2}", "pay 3 life": a cost of fixed mana symbols or life its controller pays as it resolves."""
    if not (ins.subject is None or (isinstance(ins.subject, n.Reference) and ins.subject.kind == "you")):
        return False
    if ins.verb == "pay life":
        return ins.amount is not None and ins.amount.kind == "number" and ins.mana is None
    symbols = ins.mana.symbols if ins.mana is not None else None
    return symbols is not None and ins.amount is None and not ins.mana.choice and bool(symbols.symbols) \
        and all(s.kind in ("generic", "colored", "colorless", "hybrid", "phyrexian") for s in symbols.symbols)


def check_instruction(ins: n.Instruction) -> None:
    verb = instruction_verb(ins)
    if verb in ("play", "cast") and not _may_play_exiled(ins):
        raise Unplayable(f"the instruction \"{ins.text}\" ({verb})", rules.CAST_PERMISSION)
    if verb in ("pay mana", "pay life") and not _paid_by_you(ins):
        raise Unplayable(f"the instruction \"{ins.text}\" ({verb})", rules.UNLESS_PAYS)
    if verb in _BARE_ACTIONS and (ins.subject is not None or ins.amount is not None
                                  or ins.text.lower().strip(" .") not in _BARE_ACTIONS[verb]):
        raise Unplayable(f"the instruction \"{ins.text}\" ({verb})", PLAYED_VERBS[verb])
    if verb == "restrict" and ins.verb == "can't" and not plain_restriction(ins):
        raise Unplayable(f"the restriction \"{ins.text}\"", rules.ATTACK_RESTRICTIONS)
    if verb not in PLAYED_VERBS:
        raise Unplayable(f"the instruction \"{ins.text}\" ({verb})",
                         ins.rules[0] if ins.rules else rules.RESOLVE_INSTRUCTIONS)
    if verb == "choose":
        check_thing(chosen_among(ins), ins.text)  # "You choose a nonland card from it": what it may be
    seen = _seen_cards(verb, ins)
    exile_top = top_cards(ins.object) if verb == "exile" else None  # "Exile the top card of your library"
    if exile_top is not None:
        check_thing(exile_top.of, ins.text)
        check_amount(ins.object.selector.count, ins.text)
        seen = True
    for thing in (ins.subject, ins.object, ins.recipient):
        if not (verb == "discard" and thing is ins.object and whole_hand(thing)) \
                and not (verb == "choose" and thing is ins.object) and not (seen and thing is ins.object):
            check_thing(thing, ins.text)
    for amount in (ins.amount, *(((ins.pt.power, ins.pt.toughness)) if ins.pt is not None else ())):
        check_amount(amount, ins.text)
    if ins.duration is not None and ins.duration.kind not in DURATIONS \
            and not (verb == "exile" and until_source_leaves(ins.duration)) \
            and not (verb in ("play", "cast") and ins.duration.kind in PERMISSION_DURATIONS):
        raise Unplayable(f"the duration \"{ins.duration.text}\"", rules.EFFECT_DURATION)
    if ins.condition is not None:
        check_condition(ins.condition)
    if ins.unless is not None and (ins.unless.cost is None or ins.unless.cost.mana is None or ins.unless.action
                                   or ins.unless.cost.actions):
        raise Unplayable(f"\"{ins.unless.text}\"", rules.UNLESS_PAYS)
    if ins.abilities:
        granted(ins.abilities)
    if verb == "create" and ins.characteristics is not None:
        _check_token(ins)
    if verb == "add mana" and not _plays_mana(ins.mana):
        raise Unplayable(f"adding mana \"{ins.text}\"", rules.MANA_POOL)
    if ins.qualifier and ins.qualifier not in QUALIFIERS and verb not in ("become", "is") \
            and not (verb == "copy" and ins.qualifier == "new targets") \
            and not (verb == "discard" and ins.qualifier == "at random") \
            and not (verb == "search" and ins.qualifier in SEARCH_REVEALS) \
            and not (verb == "prevent" and set(ins.qualifier.split(", ")) <= PREVENT_QUALIFIERS):
        raise Unplayable(f"\"{ins.text}\" ({ins.qualifier})", PLAYED_VERBS[verb])
    if verb == "return" and (ins.destination is None or ins.destination.zone not in ("hand", "battlefield")):
        raise Unplayable(f"returning \"{ins.text}\"", rules.NEW_OBJECT)
    where = ins.destination
    if where is not None and where.attached_to is not None:  # "onto the battlefield attached to …"
        raise Unplayable(f"putting \"{ins.text}\" onto the battlefield attached", rules.ATTACH)
    if verb == "put" and ((not ins.qualifier.startswith("back")) if where is None  # "put them back": on top
                          else (where.zone not in PUT_ZONES or where.position not in ("", "top", "bottom"))):
        raise Unplayable(f"putting \"{ins.text}\"", rules.NEW_OBJECT)
    if verb == "become" and ins.characteristics is not None:
        becomes(ins, ins.characteristics)


def _check_token(ins: n.Instruction) -> None:
    c = ins.characteristics
    assert c is not None
    if c.copy_of is not None:
        check_thing(c.copy_of, ins.text)
        if c.exceptions:
            raise Unplayable(f"a copy with exceptions (\"{ins.text}\")", rules.COPY_EXCEPTIONS)
        return
    if c.pt is None and predefined_token(c) is not None:  # "Create a Treasure token" (111.10)
        return
    if c.pt is None or c.name or c.supertypes:
        raise Unplayable(f"the token \"{ins.text}\"", rules.TOKEN_NAME)
    granted(c.abilities)


def predefined_token(c: n.Characteristics) -> tuple[Predefined, list[Ability]] | None:
    """"a Treasure token", "two Food tokens": a predefined token named by its subtype alone (111.10), with its
    rule's ability as the engine plays it; None for any other token."""
    token = predefined(c.subtypes)
    if token is None or c.pt is not None or c.name or c.supertypes or c.colors or c.types or c.abilities:
        return None
    return token, read_card(token.text, f"{token.subtype} Token", f"Token Artifact — {token.subtype}")


def check_thing(thing: n.Thing | None, text: str) -> None:
    if thing is None or graveyards(thing):
        return
    if isinstance(thing, n.Group):
        for part in thing.things:
            check_thing(part, text)
        return
    if isinstance(thing, n.Reference):
        if thing.kind not in REFERENCES and not (thing.kind == "that" and thing.noun):
            raise Unplayable(f"\"{thing.text}\" in \"{text}\"", rules.RESOLVE_INSTRUCTIONS)
        if thing.of is not None:
            check_thing(thing.of, text)
        return
    why = matching.unplayable(thing if thing.is_target else _compared_as_numbers(thing, text))
    if why:
        raise Unplayable(f"{why} in \"{text}\"", rules.TARGETS if thing.is_target else rules.OBJECTS)
    count = thing.selector.count
    if count is not None and count.kind != "number":
        raise Unplayable(f"\"{thing.text}\"", rules.TARGETS)


def _compared_as_numbers(desc: n.Description, text: str) -> n.Description:
    """"With mana value X or less", "equal to 1 plus the sacrificed creature's mana value": comparisons with an
    amount the engine evaluates as it resolves (`words.evaluated`), checked here as numbers would be; the amount
    itself is checked as any amount (107.3). Targets keep numbers only: they are chosen before anything resolves."""
    def number(q: n.Quality) -> n.Quality:
        if q.kind in ("any", "all"):
            return dataclasses.replace(q, parts=tuple(number(p) for p in q.parts))
        if q.kind != "compare" or q.amount is None or q.amount.kind == "number":
            return q
        check_amount(q.amount, text)
        return dataclasses.replace(q, amount=n.Amount("number", value=0, text=q.amount.text))
    return dataclasses.replace(desc, qualities=tuple(number(q) for q in desc.qualities))


def check_amount(amount: n.Amount | None, text: str) -> None:
    if amount is None:
        return
    if amount.kind not in AMOUNT_KINDS:
        raise Unplayable(f"the amount \"{amount.text or amount.kind}\" in \"{text}\"", rules.NUMBERS)
    if amount.kind == "property" and amount.property not in PROPERTIES:
        raise Unplayable(f"the amount \"{amount.text}\" in \"{text}\"", rules.NUMBERS)
    if amount.kind == "variable" and amount.base is not None:
        check_amount(amount.base, text)
    for part in (amount.base, amount.other):
        check_amount(part, text)
    check_thing(amount.of, text)


def is_kicked(condition: n.Condition | None) -> bool:
    """"If this spell was kicked", "if it was kicked" (of the permanent that spell became): 702.33d."""
    subject = condition.subject if condition is not None else None
    return condition is not None and condition.kind == "is" and condition.quality is not None \
        and condition.quality.value == "kicked" and not condition.negated and isinstance(subject, n.Reference) \
        and (subject.kind == "self" or subject.refers_to in ("self", "event"))


def check_condition(condition: n.Condition) -> None:
    kicked = is_kicked(condition)
    if conditions.unplayable(condition) is None and condition.kind not in CONDITIONS:
        return  # evaluated on the board as a static's would be (`conditions.holds`): "if it's not your turn"
    if (condition.kind not in CONDITIONS and not kicked) or condition.parts or condition.event is not None:
        kind = f"event: {condition.event.verb}" if condition.event is not None else f"kind: {condition.kind}"
        raise Unplayable(f"the condition \"{condition.text}\" ({kind})", rules.RESOLVE_INSTRUCTIONS)
    if condition.kind == "kicked" and condition.value.startswith("{"):  # "kicked with its {W} kicker": which one
        raise Unplayable(f"the condition \"{condition.text}\"", rules.RESOLVE_INSTRUCTIONS)
    if condition.kind == "compare":
        check_amount(condition.amount, condition.text)
        check_amount(condition.other, condition.text)
    if condition.kind == "control":
        check_thing(condition.object, condition.text)


def _seen_cards(verb: str, ins: n.Instruction) -> bool:
    """Whether the instruction looks at, reveals or puts away cards as `library.py` plays them (checking what it
    names itself); False for an instruction of another verb; `Unplayable` for another look or reveal."""
    thing = ins.object
    if verb not in ("look at", "reveal", "put"):
        return False
    among = among_seen(thing, ins.origin)
    if among is not None:
        check_thing(among, ins.text)
        return True
    if verb == "put":
        revealed = isinstance(thing, n.Description) and [(q.kind, q.value) for q in thing.qualities] == [
            ("status", "revealed")] and thing.selector.kind == "the"  # "the revealed card"
        return rest_of_seen(thing) or revealed
    top = top_cards(thing)
    hand = _hand_of(thing)
    if top is not None or (verb == "look at" and hand is not None):
        check_thing((top or hand).of, ins.text)
        if top is not None:
            check_amount(thing.selector.count, ins.text)
        return True
    if verb == "reveal" and (whole_hand(thing) or (isinstance(thing, n.Reference) and thing.kind in _ANAPHORA
                                                   and thing.refers_to.startswith("instruction:"))):
        return True  # "Target opponent reveals their hand"; "search … for a Goblin card, reveal it"
    raise Unplayable(f"the instruction \"{ins.text}\" ({verb})", rules.LOOK_AT if verb == "look at" else rules.REVEAL)


_ANAPHORA = ("it", "they", "that")


def _hand_of(thing: n.Thing | None) -> n.Quality | None:
    """"Target player's hand", "target opponent's hand": the quality naming whose hand (402)."""
    if not isinstance(thing, n.Description) or matching.nouns(thing) != ["card"] \
            or thing.selector.kind != "all" or len(thing.qualities) != 1:
        return None
    quality = thing.qualities[0]
    return quality if quality.kind == "zone" and quality.value == "hand" and not quality.negated \
        and quality.of is not None else None


def state_trigger(event: n.Event) -> bool:
    """"When you control no Islands": a state trigger (603.8), the game state it waits for."""
    return event.verb == "control" and isinstance(event.subject, n.Reference) and event.subject.kind == "you" \
        and isinstance(event.object, n.Description) and event.object.selector.kind == "no" \
        and event.object.selector.count is None and not event.qualifier and event.condition is None


def check_trigger(trigger: n.Trigger) -> None:
    if trigger.word not in ("when", "whenever", "at") or trigger.once_each_turn or trigger.chapters:
        raise Unplayable(f"the trigger \"{trigger.text}\"", rules.TRIGGER_CONDITION)
    if trigger.condition is not None:
        check_condition(trigger.condition)
    if trigger.step is not None and trigger.events:  # "When this creature enters and at the beginning of your upkeep"
        raise Unplayable(f"the trigger \"{trigger.text}\" (an event and a step)", rules.TRIGGER_CONDITION)
    if trigger.step is not None:
        step = trigger.step
        whose = step.whose
        if step.step not in STEPS or step.end_of or step.next or (whose is not None and not (
                isinstance(whose, n.Reference) and whose.kind == "you")):
            raise Unplayable(f"the trigger \"{trigger.text}\"", rules.TRIGGER_STEP)
        return
    if not trigger.events:
        raise Unplayable(f"the trigger \"{trigger.text}\"", rules.TRIGGER_CONDITION)
    if len(trigger.events) == 1 and state_trigger(trigger.events[0]):  # "When you control no Islands" (603.8)
        why = matching.unplayable(dataclasses.replace(trigger.events[0].object, selector=n.Selector("all")))
        if why:
            raise Unplayable(f"{why} in \"{trigger.text}\"", rules.STATE_TRIGGER)
        return
    for event in trigger.events:
        if event.verb not in EVENT_VERBS or event.condition is not None or (
                event.origin is not None and event.verb != "put into graveyard"):
            why = "with a condition" if event.condition is not None else "from a zone" if event.verb in EVENT_VERBS \
                else "event"
            raise Unplayable(f"the trigger event \"{event.text or trigger.text}\" ({why}: {event.verb})", rules.TRIGGER)
        if event.qualifier and event.qualifier not in ("combat", "noncombat", "one or more") \
                and (event.verb, event.qualifier) != ("attack", "alone"):
            raise Unplayable(f"the trigger event \"{event.text}\" (event: {event.verb}, {event.qualifier})",
                             rules.TRIGGER)
        if event.verb == "become blocked" and event.object is not None:  # "by a creature": once per blocker
            raise Unplayable(f"the trigger event \"{event.text}\" (by {event.object.text})", rules.TRIGGER)
        if event.verb == "cast" and event.origin is None and re.search(r"\bcasts? [^,]*\bfrom\b", trigger.text):
            raise Unplayable(f"the trigger \"{trigger.text}\" (where the spell is cast from)", rules.TRIGGER)
        for thing in (event.subject, event.object, event.recipient):
            check_thing(thing, trigger.text)


_MANA_TYPES = frozenset({"{W}", "{U}", "{B}", "{R}", "{G}", "{C}"})


def _plays_mana(mana: n.Mana | None) -> bool:
    """Mana in symbols ("{R}{R}"), one of several ("{W} or {U}"), or N mana "of any color" / "of any one color" /
    "in any combination of colors" (106.4), the colours chosen as it resolves."""
    if mana is None:
        return False
    if mana.symbols is not None:  # each a type of mana (106.1b): no hybrid, Phyrexian, generic or snow symbol
        return not mana.choice and all(s.symbol in _MANA_TYPES for s in mana.symbols.symbols)
    if mana_words.one_of(mana):
        return True
    return mana.choice in mana_words.ANY_COLOR_CHOICES and mana.amount is not None and mana.amount.kind == "number" \
        and bool(mana.amount.value)


def chosen_among(ins: n.Instruction) -> n.Description:
    """"You choose a nonland card from it" (the revealed hand, 608.2d): the description without its "from it",
    which names what the previous instruction acted on; refused for any other choice ("Choose a color")."""
    desc = ins.object
    among = [q for q in desc.qualities if q.kind == "among"] if isinstance(desc, n.Description) else []
    if not isinstance(desc, n.Description) or len(among) != 1 or not isinstance(among[0].of, n.Reference) \
            or among[0].of.kind not in ("they", "it") or desc.selector.kind != "a" or desc.selector.count \
            or not (ins.subject is None or (isinstance(ins.subject, n.Reference) and ins.subject.kind == "you")):
        raise Unplayable(f"the instruction \"{ins.text}\" (choose)", rules.RESOLVE_CHOICES)
    return dataclasses.replace(desc, qualities=tuple(q for q in desc.qualities if q.kind != "among"))


def whole_hand(thing: n.Thing | None) -> bool:
    """"discards their hand", "discard your hand": every card in it (402)."""
    return isinstance(thing, n.Description) and matching.nouns(thing) == ["card"] \
        and thing.selector.kind == "all" and len(thing.qualities) == 1 and thing.qualities[0].kind == "zone" \
        and thing.qualities[0].value == "hand" and not thing.qualities[0].negated \
        and isinstance(thing.qualities[0].of, n.Reference) and thing.qualities[0].of.kind in ("they", "you")


def top_cards(thing: n.Thing | None) -> n.Quality | None:
    """"The top three cards of your library", "the top card of target player's library": the quality naming whose
    library (401), or None for anything else."""
    if not isinstance(thing, n.Description) or thing.selector.kind != "the" or \
            matching.nouns(thing) != ["card"] or thing.selector.up_to:
        return None
    kinds = sorted((q.kind, q.value) for q in thing.qualities)
    zone = next((q for q in thing.qualities if q.kind == "zone" and q.value == "library" and not q.negated), None)
    return zone if kinds == [("position", "top"), ("zone", "library")] else None


def among_seen(thing: n.Thing | None, origin: n.Zone | None = None) -> n.Description | None:
    """"One of them", "up to two creature cards … from among them", "a land card from among them": a choice among
    the cards the effect looked at, revealed or found (608.2d), as the description of what may be chosen (without
    its "among"); None for anything else."""
    if not isinstance(thing, n.Description) or thing.selector.kind != "a":
        return None
    among = [q for q in thing.qualities if q.kind == "among" or (q.kind == "zone" and q.value == "among")]
    from_among = origin is not None and origin.zone == "among"
    if len(among) + from_among != 1 or (among and isinstance(among[0].of, n.Description)):
        return None
    return dataclasses.replace(thing, qualities=tuple(q for q in thing.qualities if q not in among))


def rest_of_seen(thing: n.Thing | None) -> bool:
    """"The rest", "the other", "the rest of the cards": the cards seen that no instruction has put anywhere yet."""
    return isinstance(thing, n.Description) and [(q.kind, q.value) for q in thing.qualities] == [("status", "rest")]


def graveyards(thing: n.Thing | None) -> bool:
    """"Exile all graveyards", "your graveyard": a zone named as a whole (every card in it, 404)."""
    return isinstance(thing, n.Description) and matching.nouns(thing) == ["graveyard"] \
        and thing.selector.kind in ("all", "each") and not thing.qualities


# --- readings around gaps in the card-text tree ---------------------------------------------------------------
#
# TEMPORARY: the tree `judge_app.cardtext` gives today leaves out, for these wordings, fields its node types
# document (reported to its maintainer). Each mending below fills the documented field from what the tree does
# carry, and is to be deleted when the tree carries it: an intervening "if" left on the first instruction
# instead of `Trigger.condition`; "enters with N counters" kept as a `qualifier` string instead of `amount` and
# `counter`; a `Characteristics` with only its `text` ("black", "a 3/3 Elemental creature", "token that's a copy
# of target creature"); "Counter target spell" read as a verb "target".

_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def mend(node: n.Ability) -> n.Ability:
    if isinstance(node, n.TriggeredAbility):
        node = _mend_intervening_if(node)
    if isinstance(node, n.ReplacementAbility) and node.mode == "enters":
        node = dataclasses.replace(node, effect=_mend_effect(node.effect, _mend_enters_with))
    if hasattr(node, "effect") and not isinstance(node, n.ReplacementAbility):
        node = dataclasses.replace(node, effect=_mend_shared_subject(_mend_new_targets(
            _mend_effect(node.effect, _mend_instruction, _next_target(node.effect)))))
    return node


def _mend_shared_subject(effect: n.Effect) -> n.Effect:
    """"Target creature gets +1/+0 until end of turn and can't be blocked this turn": the "can't" shares the
    subject of the instruction before it, as "… and gains flying" does (the tree leaves it empty)."""
    out: list = []
    for item in effect.instructions:
        last = out[-1] if out else None
        if isinstance(item, n.Instruction) and item.verb == "can't" and item.subject is None \
                and isinstance(last, n.Instruction) and last.subject is not None:
            item = dataclasses.replace(item, subject=last.subject)
        elif isinstance(item, n.Modal):
            item = dataclasses.replace(item, modes=tuple(_mend_shared_subject(m) for m in item.modes))
        elif isinstance(item, n.Instruction) and item.verb == "attach" and _is_self(item.object) \
                and isinstance(item.recipient, n.Reference) and item.recipient.refers_to == "self" \
                and isinstance(last, n.Instruction) and last.verb == "create":
            # "create a … token, then attach this Equipment to it" (702.92a): "it" is the token just created
            item = dataclasses.replace(item, recipient=dataclasses.replace(
                item.recipient, refers_to=f"instruction:{len(out) - 1}"))
        out.append(item)
    return dataclasses.replace(effect, instructions=tuple(out))


def _mend_new_targets(effect: n.Effect) -> n.Effect:
    """"Copy target … spell. You may choose new targets for the copy." (707.10c): one instruction, "copy",
    whose qualifier says the new targets may be chosen."""
    out: list = []
    for item in effect.instructions:
        last = out[-1] if out else None
        if isinstance(item, n.Instruction) and item.verb == "choose new targets" and isinstance(last, n.Instruction) \
                and last.verb == "copy":
            out[-1] = dataclasses.replace(last, qualifier="new targets", text=f"{last.text}. {item.text}")
            continue
        out.append(item)
    return dataclasses.replace(effect, instructions=tuple(out))


def _next_target(effect: n.Effect) -> list[int]:
    return [max((d.target for d in n.targets(effect)), default=-1) + 1]


def _mend_effect(effect: n.Effect, mending, *state) -> n.Effect:
    out: list = []
    for item in effect.instructions:
        if isinstance(item, n.Modal):
            item = dataclasses.replace(item, modes=tuple(_mend_effect(m, mending, *state) for m in item.modes))
        elif isinstance(item, n.Instruction):
            item = mending(item, *state)
        out.append(item)
    return dataclasses.replace(effect, instructions=tuple(out))


def _mend_intervening_if(node: n.TriggeredAbility) -> n.TriggeredAbility:
    """603.4: "[trigger], if [condition], [effect]" — the condition belongs to the trigger."""
    first = node.effect.instructions[0] if node.effect.instructions else None
    trigger = node.trigger
    if trigger.condition is not None or not isinstance(first, n.Instruction) or first.condition is None:
        return node
    written = re.escape(trigger.text).replace(re.escape("~"), ".+?") + ", if " + re.escape(first.condition.text)
    if not re.search(written, node.text, re.IGNORECASE):  # after an ability word; "~" is the card's name
        return node
    condition = first.condition  # the reader repeats it on the instructions after: it is checked once (603.4)
    subject = condition.subject
    if isinstance(subject, n.Reference) and subject.kind == "it" and subject.refers_to.startswith("target:"):
        # checked as it triggers, before any target is chosen (603.4): "it" is the object of the event
        condition = dataclasses.replace(condition, subject=dataclasses.replace(subject, refers_to="event"))
    rest = tuple(dataclasses.replace(i, condition=None) if isinstance(i, n.Instruction)
                 and i.condition == first.condition else i for i in node.effect.instructions)
    return dataclasses.replace(node, trigger=dataclasses.replace(trigger, condition=condition),
                               effect=dataclasses.replace(node.effect, instructions=rest))


def _mend_enters_with(ins: n.Instruction) -> n.Instruction:
    words = ins.qualifier.lower().split()
    if ins.verb == "enter" and len(words) == 4 and words[0] == "with" and words[3].startswith("counter") \
            and (words[1] in _NUMBER_WORDS or words[1].isdigit() or words[1] == "x"):
        amount = n.Amount("variable", name="X", text="X") if words[1] == "x" else \
            n.Amount("number", value=_NUMBER_WORDS.get(words[1]) or int(words[1]), text=words[1])
        return dataclasses.replace(ins, verb="enter with counters", qualifier="", amount=amount, counter=words[2])
    return ins


def _mend_instruction(ins: n.Instruction, next_target: list[int]) -> n.Instruction:
    if ins.verb == "target" and isinstance(ins.subject, n.Description) and ins.subject.nouns in (("counter",),
                                                                                                 ("copy",)) \
            and isinstance(ins.object, n.Description):
        spell = dataclasses.replace(ins.object, selector=n.Selector("target"), target=next_target[0],
                                    text=f"target {ins.object.text}")
        next_target[0] += 1
        return dataclasses.replace(ins, verb=ins.subject.nouns[0], subject=None, object=spell)
    c = ins.characteristics
    if c is None or c.colors or c.types or c.subtypes or c.pt is not None or c.copy_of is not None or not c.text:
        return ins
    words = c.text.lower().removeprefix("is ").removeprefix("are ").split()
    if len(words) >= 5 and words[:4] == ["token", "that's", "a", "copy"] and words[4] == "of" and ins.verb == "create":
        described = " ".join(words[5:])
        if described.startswith("target "):
            noun, *rest = described.removeprefix("target ").split(" ", 1)
            qualities = (n.Quality("control", "you"),) if rest == ["you control"] else ()
            if rest in ([], ["you control"]):
                target = n.Description(n.Selector("target"), (noun,), qualities, target=next_target[0],
                                       text=described)
                next_target[0] += 1
                return dataclasses.replace(ins, characteristics=dataclasses.replace(c, copy_of=target))
        return ins
    return dataclasses.replace(ins, characteristics=_characteristics_from_words(c, words))


def _characteristics_from_words(c: n.Characteristics, words: list[str]) -> n.Characteristics:
    """"black", "blue and red", "a 3/3 Elemental creature", "an artifact": colours, P/T, subtypes, types; "… with
    all creature types" (205.3m: every one of them), "… with trample" (keywords it gains, 613.1f)."""
    colors, types, subtypes, pt, abilities = [], [], [], None, ()
    text = " ".join(words)
    if " with base power and toughness " in text:  # "a blue Frog with base power and toughness 1/1"
        text, value = text.split(" with base power and toughness ", 1)
        words = [*text.split(), value]
    elif text.endswith(" with all creature types"):  # Mutavault
        words = text.removesuffix(" with all creature types").split()
        subtypes = sorted(CREATURE_TYPES)
    elif " with " in text:  # "a 3/3 green Ape creature with trample"
        text, keywords = text.split(" with ", 1)
        read_keywords = read(keywords.replace(" and ", ", ").capitalize()).abilities
        if not read_keywords or not all(isinstance(a, n.KeywordAbility) for a in read_keywords):
            return c
        words, abilities = text.split(), tuple(read_keywords)
    for word in (w.strip(",") for w in words):
        if word in ("a", "an", "and"):
            continue
        if word in COLOR_WORDS:
            colors.append(word)
        elif word in CARD_TYPE_WORDS:
            types.append(word)
        elif "/" in word and all(x.isdigit() for x in word.split("/")):
            power, toughness = word.split("/")
            pt = n.PT(n.Amount("number", value=int(power), text=power),
                      n.Amount("number", value=int(toughness), text=toughness), text=word)
        elif word in _SUBTYPE_WORDS:  # "Elemental", "Assembly-Worker"
            subtypes.append(_SUBTYPE_WORDS[word])
        else:
            return c  # not read: the instruction is refused rather than guessed
    return dataclasses.replace(c, colors=tuple(colors), types=tuple(types), subtypes=tuple(subtypes), pt=pt,
                               abilities=abilities)


_SUBTYPE_WORDS = {s.lower(): s for s in SUBTYPES if " " not in s}


COLOR_WORDS = ("white", "blue", "black", "red", "green", "colorless")
CARD_TYPE_WORDS = ("artifact", "creature", "enchantment", "land", "planeswalker")
