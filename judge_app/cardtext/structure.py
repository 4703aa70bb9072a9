"""Builders for the frame of an ability: keyword abilities (`kw_…`), costs, loyalty, triggers and their
events and steps, modal heads, granted abilities in quotes, and the pieces the reader asks for
(`first`, `next`, `mode`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from judge_app.cardtext import assemble
from judge_app.cardtext import rules as R
from judge_app.cardtext.clauses import _items, apply_suffixes, canonical_keyword, instruction
from judge_app.cardtext.families import (
    THINGS,
    Part,
    as_event,
    builds,
    built_word,
    first,
    flatten,
    nodes,
    part,
    parts,
    tokens,
    words,
)
from judge_app.cardtext.lexer import action_name, subtype_of
from judge_app.cardtext.nodes import (
    ABILITY_TYPES,
    Amount,
    Condition,
    Cost,
    Description,
    Event,
    Instruction,
    KeywordAbility,
    ManaCost,
    Modal,
    Quality,
    Reference,
    Selector,
    Step,
    Trigger,
)
from judge_app.cardtext.things import YOU, qualities_of

# --- keyword abilities (702) ---------------------------------------------------------------------------------


def _keyword(children: list[Any], text: str, **values: Any) -> KeywordAbility:
    token = next((c for c in children if isinstance(c, Token) and c.type == "KEYWORD"), None)
    return keyword_node(token.value if token is not None else text, text, **values)


def keyword_node(written: str, text: str = "", **values: Any) -> KeywordAbility:
    """A keyword ability as written ("first strike", "Megamorph") → its node, named as 702 titles it."""
    text = text or written
    name, variant = canonical_keyword(written)
    rule = R.keyword_rules().get(name.lower(), "")
    if not rule and name in ("Daybound", "Nightbound"):
        rule = R.keyword_rules()["daybound and nightbound"]
    return KeywordAbility(name, rule, variant=variant, text=text, rules=(rule,) if rule else (), **values)


def _cost_of(children: list[Any]) -> Cost | None:
    cost = first(children, Cost)
    if cost is not None:
        return cost
    mana = first(children, ManaCost)
    return Cost(mana=mana, text=mana.text) if mana is not None else None


@builds("kw_")
def _kw(name: str, children: list[Any], text: str) -> KeywordAbility:
    kind = name.removeprefix("kw_")
    if kind == "plain":
        return _keyword(children, text)
    if kind == "cost":
        return _keyword(children, text, cost=_cost_of(children))
    if kind == "two_costs":
        costs = tuple(Cost(mana=m, text=m.text) for m in nodes(children, ManaCost))
        return _keyword(children, text, costs=costs)
    if kind in ("amount", "amount_x"):
        amount = first(children, Amount) or Amount("variable", name="X", text="X", rules=(R.VARIABLE_X,))
        return _keyword(children, text, amount=amount)
    if kind == "amount_cost":
        return _keyword(children, text, amount=first(children, Amount), cost=_cost_of(children))
    if kind == "from":
        return _keyword(children, text, qualities=tuple(part(children, "qualities", ())))
    if kind in ("object", "object_cost", "object_amount"):
        return _keyword(children, text, object=first(children, THINGS), cost=_cost_of(children),
                        amount=first(children, Amount))
    if kind == "subtype_cost":
        return _keyword(children, text, qualities=(Quality("subtype", part(children, "subtype", "")),),
                        cost=_cost_of(children))
    if kind == "with":
        return _keyword(children, text, name=part(children, "name", ""))
    if kind in ("ability", "effect", "triggered", "nested"):
        ability = next((c for c in flatten(children) if isinstance(c, ABILITY_TYPES)), None)
        if ability is None:
            trigger = first(children, Trigger)
            items = _items(children)
            ability = (assemble.triggered(trigger, items, text) if trigger is not None
                       else assemble.static(items, text))
        return _keyword(children, text, ability=ability)
    if kind == "modal":  # "Visit — Choose one.": the modes, on the lines after it, are filled in by the reader
        minimum, maximum, chooser, more, _ = part(children, "modal head")
        modal = Modal(minimum, maximum, (), chooser, condition_more=more, text=text, rules=(R.MODAL, R.MODE_CHOICE))
        return _keyword(children, text, ability=assemble.static([modal], text))
    if kind == "typecycling":
        token = tokens(children, "TYPECYCLING")[0]
        word = token.value[:-len("cycling")]
        supertypes = [c for c in children if built_word(c)]
        quality = Quality("type", word.lower()) if word.lower() in ("land", "artifact", "creature") else Quality(
            "subtype", subtype_of(word))
        qualities = (*(Quality("supertype", s) for s in supertypes), quality)
        rule = R.keyword_rules()["cycling"]
        return KeywordAbility("Cycling", rule, cost=_cost_of(children), qualities=qualities,
                              variant=" ".join([*supertypes, token.value]), text=text, rules=(rule,))
    if kind == "prefixed":
        keyword = _keyword(children, text)
        sub = part(children, "subtype", "")
        return KeywordAbility(keyword.keyword, keyword.rule, qualities=(Quality("subtype", sub),),
                              variant=keyword.variant, text=text, rules=keyword.rules)
    return _keyword(children, text)


@builds("landwalk")
def _landwalk(name: str, children: list[Any], text: str) -> KeywordAbility:
    token = tokens(children, "LANDWALK")[0]
    land = token.value[:-len("walk")]
    qualities = []
    modifiers = [c for c in children if built_word(c)]
    negated = "non" in words(children)
    qualities.extend(Quality("supertype", m, negated=negated) for m in modifiers)
    sub = part(children, "subtype")
    if sub:
        qualities.append(Quality("subtype", sub))
    qualities.append(Quality("type", "land") if land.lower() == "land" else Quality("subtype", subtype_of(land)))
    rule = R.keyword_rules()["landwalk"]
    return KeywordAbility("Landwalk", rule, qualities=tuple(qualities), variant=text, text=text,
                          rules=(rule, R.LANDWALK))


@builds("keyword_line", "inner_keywords")
def _keyword_line(name: str, children: list[Any], text: str) -> Part:
    return Part("keywords", [c for c in children if isinstance(c, KeywordAbility)])


@builds("keyword_item")
def _keyword_item(name: str, children: list[Any], text: str) -> Any:
    return first(children, KeywordAbility)


# --- costs -------------------------------------------------------------------------------------------------

@builds("cost")
def _cost(name: str, children: list[Any], text: str) -> Cost:
    mana = None
    tap = untap = False
    energy = 0
    actions: list[Instruction] = []
    for c in flatten(children):
        if isinstance(c, ManaCost):
            mana = c if mana is None else ManaCost(mana.symbols + c.symbols, text=f"{mana.text}{c.text}")
        elif isinstance(c, Part) and c.role == "tap":
            tap = True
        elif isinstance(c, Part) and c.role == "untap":
            untap = True
        elif isinstance(c, Part) and c.role == "energy":
            energy += c.value
        elif isinstance(c, Instruction):
            actions.append(c)
    rules = [R.COST]
    if tap:
        rules.append(R.TAP_SYMBOL)
    if untap:
        rules.append(R.UNTAP_SYMBOL)
    if energy:
        rules.append(R.ENERGY_SYMBOL)
    return Cost(mana, tap, untap, energy, tuple(actions), text=text, rules=tuple(rules))


@builds("cost_or")
def _cost_or(name: str, children: list[Any], text: str) -> Cost:
    alternatives = []
    for c in flatten(children):
        if isinstance(c, ManaCost):
            alternatives.append(Cost(mana=c, text=c.text))
        elif isinstance(c, Instruction):
            alternatives.append(Cost(actions=(c,), text=c.text))
        elif isinstance(c, Part) and c.role == "tap":
            alternatives.append(Cost(tap=True, text="{T}"))
    return Cost(alternatives=tuple(alternatives), text=text, rules=(R.COST,))


@builds("cost_tap", "cost_untap", "cost_energy", "cost_action", "cost_half_life")
def _cost_part(name: str, children: list[Any], text: str) -> Any:
    if name == "cost_tap":
        return Part("tap", True)
    if name == "cost_untap":
        return Part("untap", True)
    if name == "cost_energy":
        return Part("energy", len(tokens(children, "ENERGY")))
    if name == "cost_half_life":
        life = Amount("property", property="life total", of=YOU)
        return Instruction("pay life", amount=Amount("half", base=life, rounding="up" if "up" in words(children)
                                                     else "down", text=text), text=text,
                           rules=R.verb_rules("pay life"))
    return first(flatten(children), Instruction)


@builds("loyalty_cost")
def _loyalty_cost(name: str, children: list[Any], text: str) -> Amount:
    value = text.strip()
    if value.lower().lstrip("+-") == "x":
        x = Amount("variable", name="X", text="X", rules=(R.VARIABLE_X,))
        return x if value.startswith("+") else Amount("times", factor=-1, base=x, text=value)
    return Amount("number", int(value), text=value)


# --- triggers (603) ------------------------------------------------------------------------------------------

_TRIGGER_EVENTS = {"trigger_chaos": "chaos ensues", "trigger_set_in_motion": "set in motion",
                   "trigger_planeswalk": "planeswalk", "trigger_crank": "crank", "trigger_encounter": "encounter"}
_TRIGGER_RULES = {"trigger_chaos": ("311.7",), "trigger_set_in_motion": ("701.32a",),
                  "trigger_planeswalk": ("701.31a",), "trigger_crank": (), "trigger_encounter": ("312.5",)}


@builds("trigger_event", "trigger_event_if", "trigger_step", "trigger_step_if", "trigger_reflexive",
        "trigger_cycle_discard", "trigger_chaos", "trigger_set_in_motion", "trigger_planeswalk", "trigger_crank",
        "trigger_you_next", "trigger_state", "trigger_event_and_step", "trigger_mana_spent", "trigger_encounter")
def _trigger(name: str, children: list[Any], text: str) -> Trigger:
    word = (words(children) or ["when"])[0]
    condition = first(children, Condition)
    rules = [R.TRIGGERED]
    if name.endswith("_if"):
        rules.append(R.INTERVENING_IF)
    if name in ("trigger_step", "trigger_step_if"):
        return Trigger("at", step=first(children, Step), condition=condition, text=text, rules=tuple(rules))
    if name == "trigger_reflexive":
        who = first(children, THINGS) or (Reference("they", text="they") if "they" in words(children) else YOU)
        return Trigger("when", events=(Event("do", subject=who, text=text),), text=text,
                       rules=(R.REFLEXIVE_TRIGGER,))
    if name in _TRIGGER_EVENTS:  # events of planes, schemes and Contraptions: "Whenever chaos ensues" (901.9)
        verb = _TRIGGER_EVENTS[name]
        action = tokens(children, "ACTION")
        if action and action_name(action[0].value).lower() != verb:  # "When you explore to ~" is no trigger we know
            verb = action_name(action[0].value).lower()
        if name == "trigger_planeswalk" and "away" in words(children):
            verb = "planeswalk away"
        events = (Event(verb, subject=YOU if name != "trigger_chaos" else None,
                        object=first(children, Reference) if name != "trigger_chaos" else None, text=text),)
        step = first(children, Step)
        rules.extend(_TRIGGER_RULES[name])
        return Trigger(word, events=events, step=step, condition=condition, text=text, rules=tuple(rules))
    if name == "trigger_mana_spent":  # "When this mana is spent to cast a legendary spell" (106.6)
        return Trigger("when", events=(Event("spend this mana", subject=YOU, object=first(children, THINGS),
                                             text=text),), text=text, rules=(*rules, "106.6"))
    if name == "trigger_state":  # "When you control no Islands, sacrifice ~": a state trigger (603.8)
        return Trigger("when", condition=condition, text=text, rules=(R.STATE_TRIGGER,))
    if name == "trigger_event_and_step":  # "When this creature enters and at the beginning of your upkeep"
        events = tuple(part(children, "events", ()))
        return Trigger(word, events=events, step=first(children, Step), text=text, rules=tuple(rules))
    if name == "trigger_you_next":  # "When you next cast a Lesson spell this turn": once, the next time (603.7b)
        chain = [i for i in part(children, "chain", []) if isinstance(i, Instruction)]
        events = tuple(as_event(i, YOU) for i in apply_suffixes(chain, children))
        return Trigger("when", events=events, text=text, rules=(R.DELAYED_TRIGGER,))
    if name == "trigger_cycle_discard":
        return Trigger(word, events=(Event("cycle or discard", subject=YOU, object=first(children, THINGS),
                                           text=text),), text=text, rules=tuple(rules))
    events = tuple(part(children, "events", ()))
    for event in events:
        rules.extend(_event_rules(event))
    return Trigger(word, events=events, condition=condition, text=text, rules=tuple(dict.fromkeys(rules)))


def _event_rules(event: Event) -> list[str]:
    if event.verb == "enter":
        return [R.ENTERS_TRIGGER]
    if event.verb in ("leave the battlefield", "die"):
        return [R.LEAVES_TRIGGER] + ([R.DIES] if event.verb == "die" else [])
    if event.verb.startswith("become"):
        return [R.BECOMES_TRIGGER]
    if event.verb in ("have", "is", "control"):
        return [R.STATE_TRIGGER]
    return []


@builds("event_list")
def _event_list(name: str, children: list[Any], text: str) -> Part:
    events: list[Event] = []
    for c in children:
        if isinstance(c, Part) and c.role == "events":
            events.extend(c.value)
        elif isinstance(c, Event):
            events.append(c)
    return Part("events", tuple(events))


@builds("event", "clause_event")
def _event(name: str, children: list[Any], text: str) -> Any:
    found = part(children, "events")
    if found is not None:
        return Part("events", found)
    return first(children, Event)


@builds("event_subject", "event_one_or_more")
def _event_subject(name: str, children: list[Any], text: str) -> Part:
    subject = first(children, THINGS)
    if name == "event_one_or_more" and isinstance(subject, Description):
        s = subject.selector
        subject = Description(Selector("one or more", s.count, s.up_to, s.any_number, s.other), subject.nouns,
                              subject.qualities, text=f"one or more {subject.text}")
    chain = apply_suffixes([i for i in part(children, "chain", []) if isinstance(i, Instruction)], children)
    events = [as_event(i, subject) for i in chain if isinstance(i, Instruction)]  # "attacks alone": its suffix kept
    if name == "event_one_or_more":
        events = [Event(e.verb, e.subject, e.object, e.recipient, e.amount, e.origin, e.destination, "one or more",
                        e.condition, e.counter, e.text) for e in events]
    return Part("events", tuple(events))


@builds("event_damage_dealt_to")
def _damage_dealt_to(name: str, children: list[Any], text: str) -> Part:
    """"Whenever combat damage is dealt to you or a planeswalker you control"."""
    return Part("events", (Event("be dealt damage", subject=first(children, THINGS),
                                 qualifier=part(children, "qualifier", ""), text=text),))


@builds("vp_or_passive", "event_counter_put")
def _counter_put(name: str, children: list[Any], text: str) -> Part:
    amount, counter = part(children, "counters", (None, ""))
    return Part("events", (Event("put counters", recipient=first(children, THINGS), amount=amount, counter=counter,
                                 text=text),))


@builds("step_spec", "step_end_of_combat", "step_next_turn", "step_of")
def _step_spec(name: str, children: list[Any], text: str) -> Step:
    if name == "step_end_of_combat":
        return Step("end of combat", end_of=True, text=text)
    if name == "step_of":  # "the beginning of the upkeep of enchanted creature's controller"
        return Step(part(children, "step", ""), whose=first(children, THINGS), text=text)
    step = part(children, "step", "")
    whose, each, next_ = part(children, "whose", (None, True, False))
    turn = part(children, "turn")
    if turn == "your":
        whose, each = YOU, False
    if name == "step_next_turn":
        next_ = True
    return Step(step, whose=whose, each=each, next=next_, text=text)


@builds("step_")
def _step_name(name: str, children: list[Any], text: str) -> Part:
    return Part("step", name.removeprefix("step_").replace("_", " "))


@builds("whose_")
def _whose(name: str, children: list[Any], text: str) -> Part:
    kind = name.removeprefix("whose_")
    table: dict[str, tuple[Any, bool, bool]] = {
        "your": (YOU, False, False), "each": (None, True, False), "the": (None, False, False),
        "opponent": (Description(Selector("each"), ("opponent",), text="each opponent"), True, False),
        "that_player": (Reference("that", noun="player", text="that player"), False, False),
        "your_next": (YOU, False, True), "next": (None, False, True),
        "target_opponent": (Description(Selector("target", rules=(R.TARGETS,)), ("opponent",),
                                        text="target opponent"), False, False),
        "enchanted_player": (Reference("attached", noun="player", text="enchanted player"), False, False),
        "its_controller": (Reference("controller", of=Reference("it", text="its"), text="its controller"),
                           False, False),
        "that_turn": (None, False, False),
    }
    if kind == "possessor":
        return Part("whose", (part(children, "possessor"), False, False))
    return Part("whose", table.get(kind, (None, False, False)))


@builds("on_your_turn", "on_each_turn", "on_this_turn")
def _on_turn(name: str, children: list[Any], text: str) -> Part:
    return Part("turn", {"on_your_turn": "your", "on_each_turn": "each", "on_this_turn": "this"}[name])


# --- modes (700.2) -----------------------------------------------------------------------------------------

@builds("modal_head", "modal_head_more", "modal_head_chooser")
def _modal_head(name: str, children: list[Any], text: str) -> Part:
    counts = parts(children, "count")
    minimum, maximum = counts[0] if counts else (1, 1)
    more = None
    if name == "modal_head_more":
        more = first(children, Condition)
        if len(counts) > 1:
            more = Condition(more.kind if more else "raw", **({} if more is None else {
                "subject": more.subject, "value": more.value}), text=more.text if more else text)
    chooser = first(children, THINGS) if name == "modal_head_chooser" else None
    return Part("modal head", (minimum, maximum, chooser, more, text))


@builds("choose_")
def _choose_count(name: str, children: list[Any], text: str) -> Part:
    kind = name.removeprefix("choose_")
    amount = first(children, Amount)
    n = amount.value if amount is not None and amount.value is not None else 1
    table = {"one": (1, 1), "one_or_both": (1, 2), "one_or_more": (1, None), "any_number": (0, None),
             "up_to": (0, n), "n": (n, n), "n_or_more": (n, None), "x": (0, None), "one_or_more_repeat": (1, None)}
    return Part("count", table.get(kind, (1, 1)))


# --- the pieces the reader asks for --------------------------------------------------------------------------

@builds("first")
def _first(name: str, children: list[Any], text: str) -> Any:
    keywords = part(children, "keywords")
    if keywords is not None:
        return ("keywords", keywords)
    for c in children:
        if isinstance(c, tuple) and not isinstance(c, Part):
            return c
    return ("plain", _items(children))


@builds("triggered_first", "triggered_modal")
def _triggered_first(name: str, children: list[Any], text: str) -> tuple:
    trigger = first(children, Trigger)
    once = any(isinstance(i, Part) and i.role == "triggers once" for i in _items(children))
    if once:
        trigger = Trigger(trigger.word, trigger.events, trigger.step, trigger.condition, trigger.chapters, True,
                          trigger.text, trigger.rules)
    return ("triggered", trigger, _items(children), part(children, "modal head"))


@builds("activated_first", "activated_modal")
def _activated_first(name: str, children: list[Any], text: str) -> tuple:
    return ("activated", first(children, Cost), _items(children), part(children, "modal head"))


@builds("loyalty_first", "loyalty_modal")
def _loyalty_first(name: str, children: list[Any], text: str) -> tuple:
    return ("loyalty", first(children, Amount), _items(children), part(children, "modal head"))


@builds("plain_first")
def _plain_first(name: str, children: list[Any], text: str) -> tuple:
    return ("plain", _items(children))


@builds("modal_first")
def _modal_first(name: str, children: list[Any], text: str) -> tuple:
    return ("modal", part(children, "modal head"))


@builds("mode")
def _mode(name: str, children: list[Any], text: str) -> tuple:
    return ("mode", _items(children))


@builds("spree_mode")
def _spree_mode(name: str, children: list[Any], text: str) -> tuple:
    mana = first(children, ManaCost)
    return ("spree", Cost(mana=mana, text=mana.text if mana else ""), _items(children))


@builds("activated_body")
def _activated_body(name: str, children: list[Any], text: str) -> Any:
    return assemble.activated(first(children, Cost), _items(children), text)


# --- abilities named inside a sentence: keywords and quoted abilities ------------------------------------

@builds("ability_list", "ability_choice")
def _ability_list(name: str, children: list[Any], text: str) -> Part:
    abilities: list[Any] = []
    qualifiers: list[str] = []
    for c in flatten(children):
        if isinstance(c, ABILITY_TYPES):
            abilities.append(c)
        elif isinstance(c, Part) and c.role == "ability qualifier":
            qualifiers.append(c.value)
    return Part("abilities", (tuple(abilities), tuple(qualifiers)))


@builds("abl_")
def _ability_item(name: str, children: list[Any], text: str) -> Any:
    kind = name.removeprefix("abl_")
    if kind in ("keyword", "quoted"):
        return next((c for c in flatten(children) if isinstance(c, ABILITY_TYPES)), None)
    qualifiers = {"this": "this ability", "all": "all abilities", "those": "those abilities"}
    return Part("ability qualifier", qualifiers.get(kind, text))


@builds("quoted_ability")
def _quoted(name: str, children: list[Any], text: str) -> Any:
    found = [c for c in flatten(children) if isinstance(c, ABILITY_TYPES)]
    return found if len(found) != 1 else found[0]


@builds("inner_triggered", "inner_activated", "inner_static")
def _inner(name: str, children: list[Any], text: str) -> Any:
    items = part(children, "items", [])
    if name == "inner_triggered":
        return assemble.triggered(first(children, Trigger), items, text)
    if name == "inner_activated":
        return assemble.activated(first(children, Cost), items, text)
    return assemble.plain(items, text, spell=False)


@builds("inner_sentences")
def _inner_sentences(name: str, children: list[Any], text: str) -> Part:
    items: list[Any] = []
    for c in children:
        if isinstance(c, Part) and c.role == "items":
            items.extend(c.value)
    return Part("items", items)


# --- small pieces of verb phrases -------------------------------------------------------------------------

@builds("enter_")
def _enter_mod(name: str, children: list[Any], text: str) -> Part:
    kind = name.removeprefix("enter_")
    if kind == "from":
        return Part("origin", part(children, "origin"))
    return Part("qualifier", kind.replace("_", " "))


@builds("dealt_clause")
def _dealt_clause(name: str, children: list[Any], text: str) -> list[Any]:
    return [c for c in children if isinstance(c, Part)]


@builds("dealt_to", "dealt_by")
def _dealt(name: str, children: list[Any], text: str) -> Part:
    return Part("dealt to" if name == "dealt_to" else "dealt by", first(children, THINGS))


@builds("damage_part")
def _damage_part(name: str, children: list[Any], text: str) -> Part:
    return Part("damage", (first(children, Amount), first(children, THINGS), part(children, "qualifier", ""), text))


@builds("damage_kind", "kind_combat", "kind_noncombat")
def _damage_kind(name: str, children: list[Any], text: str) -> Part:
    return Part("qualifier", "noncombat" if "non" in words(children) or name == "kind_noncombat" else "combat")


@builds("search_tail")
def _search_tail(name: str, children: list[Any], text: str) -> Part:
    return Part("qualifier", text.strip(", "))


@builds("attack_target")
def _attack_target(name: str, children: list[Any], text: str) -> Any:
    return first(children, THINGS) or (YOU if "you" in words(children) else Description(Selector("a"), ("player",)))


@builds("cost_change")
def _cost_change(name: str, children: list[Any], text: str) -> list[Any]:
    ws = words(children)
    out: list[Any] = [first(children, ManaCost), Part("qualifier", "less" if "less" in ws else "more")]
    each = first(children, THINGS)
    if each is not None:
        out.append(Part("for each", each))
    return [c for c in out if c is not None]


@builds("vp_deal_damage")
def _vp_deal_damage(name: str, children: list[Any], text: str) -> Any:
    damages = parts(flatten(children), "damage")
    if len(damages) <= 1:
        extra = [d[0] for d in damages] + [d[1] for d in damages if d[1] is not None] + [
            Part("qualifier", d[2]) for d in damages if d[2]]
        return instruction(name, [*children, *extra], text)
    return [instruction(name, [d[0], d[1], *([Part("qualifier", d[2])] if d[2] else [])], d[3]) for d in damages]


__all__ = ["apply_suffixes", "qualities_of"]
