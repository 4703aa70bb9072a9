"""Builders for what a sentence says: verb phrases (`vp_…`) → Instructions, clauses with their subject,
"may"/"can't", suffixes and prefixes, statements, durations, conditions, what something becomes or is,
mana, tokens and choices."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from judge_app.cardtext import rules as R
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
from judge_app.cardtext.lexer import action_name, keyword_name
from judge_app.cardtext.nodes import (
    PT,
    Amount,
    Characteristics,
    Condition,
    Cost,
    DelayedTrigger,
    Description,
    Duration,
    Effect,
    Event,
    Group,
    Instruction,
    KeywordAbility,
    Mana,
    ManaCost,
    Modal,
    Quality,
    Reference,
    Selector,
    Step,
    Trigger,
    Unless,
    Zone,
)
from judge_app.cardtext.things import YOU, mana_symbol, qualities_of

# --- verb phrases ---------------------------------------------------------------------------------------------

# alternative name → (verb, roles of its things in order); anything else is "vp_<verb>" with one object
VERBS: dict[str, tuple[str, tuple[str, ...]]] = {
    "vp_deal_damage": ("deal damage", ("recipient", "recipient")),
    "vp_deal_divided": ("deal damage", ("recipient",)),
    "vp_deal_divided_equal": ("deal damage", ("recipient",)),
    "vp_deal_any_damage": ("deal damage", ()),
    "vp_deal_damage_equal": ("deal damage", ("recipient",)),
    "vp_deal_damage_equal_after": ("deal damage", ("recipient",)),
    "vp_deal_that_much": ("deal damage", ("recipient",)),
    "vp_deal_twice": ("deal damage", ("recipient",)),
    "vp_deal_double": ("deal damage", ("recipient",)),
    "vp_deal_some_damage": ("deal damage", ("recipient",)),
    "vp_deal_plus": ("deal damage", ("recipient",)),
    "vp_fight_damage": ("deal damage", ()),
    "vp_deal_combat_damage_event": ("deal damage", ("recipient",)),
    "vp_be_dealt_damage": ("be dealt damage", ("object",)),
    "vp_be_dealt_combat": ("be dealt damage", ()),
    "vp_deal_no_damage": ("deal no damage", ()),
    "vp_assign_no_damage": ("assign no combat damage", ()),
    "vp_assign_damage": ("assign combat damage", ()),
    "vp_be_destroyed": ("be destroyed", ()),
    "vp_exile_top": ("exile", ()),
    "vp_exile_graveyard": ("exile", ()),
    "vp_exile_hand": ("exile", ()),
    "vp_exile_until": ("exile until", ("object", "recipient")),
    "vp_be_exiled": ("be exiled", ("object",)),
    "vp_return_self": ("return", ()),
    "vp_be_returned": ("be returned", ()),
    "vp_bounce_simple": ("return", ("object", "object")),
    "vp_put_rest": ("put", ()),
    "vp_put_land": ("put", ("object",)),
    "vp_put_into_graveyard": ("put into graveyard", ()),
    "vp_be_put_onto_battlefield": ("enter", ()),
    "vp_enter": ("enter", ()),
    "vp_enter_under": ("enter", ()),
    "vp_enters_tapped": ("enter", ()),
    "vp_enters_with": ("enter with counters", ()),
    "vp_enters_with_additional": ("enter with counters", ()),
    "vp_enters_with_x": ("enter with counters", ()),
    "vp_enters_with_equal": ("enter with counters", ()),
    "vp_enter_as_copy": ("enter as copy", ("object",)),
    "vp_die": ("die", ()),
    "vp_die_past": ("die", ()),
    "vp_leave": ("leave the battlefield", ()),
    "vp_leave_graveyard": ("leave graveyard", ()),
    "vp_leave_zone": ("leave zone", ()),
    "vp_shuffle": ("shuffle", ()),
    "vp_shuffle_graveyard": ("shuffle", ()),
    "vp_shuffle_hand": ("shuffle", ()),
    "vp_shuffle_into": ("shuffle", ("object",)),
    "vp_search_zones": ("search", ("object",)),
    "vp_search_top": ("search", ("object",)),
    "vp_search_event": ("search", ()),
    "vp_reveal_top": ("reveal", ()),
    "vp_reveal_hand": ("reveal", ()),
    "vp_reveal_until": ("reveal until", ("object", "recipient")),
    "vp_reveal_hand_play": ("play with hand revealed", ()),
    "vp_look": ("look at", ("object",)),
    "vp_look_hand": ("look at", ()),
    "vp_look_top": ("look at", ()),
    "vp_mill": ("mill", ()),
    "vp_draw": ("draw", ()),
    "vp_draw_equal": ("draw", ()),
    "vp_draw_that_many": ("draw", ()),
    "vp_draw_up_to": ("draw", ()),
    "vp_draw_first": ("draw", ()),
    "vp_draw_second": ("draw", ()),
    "vp_draw_additional": ("draw", ()),
    "vp_discard": ("discard", ()),
    "vp_discard_thing": ("discard", ("object",)),
    "vp_discard_hand": ("discard", ()),
    "vp_discard_up_to": ("discard", ()),
    "vp_loot": ("discard", ()),
    "vp_discard_unless": ("discard", ()),
    "vp_gain_life": ("gain life", ()),
    "vp_gain_life_equal": ("gain life", ()),
    "vp_gain_life_twice": ("gain life", ()),
    "vp_gain_life_that_much": ("gain life", ()),
    "vp_gain_life_each": ("gain life", ()),
    "vp_gain_life_event": ("gain life", ()),
    "vp_lose_life": ("lose life", ()),
    "vp_lose_life_equal": ("lose life", ()),
    "vp_lose_any_life": ("lose life", ()),
    "vp_lose_half_life": ("lose life", ()),
    "vp_lose_life_that_much": ("lose life", ()),
    "vp_pay_life": ("pay life", ()),
    "vp_pay_life_equal": ("pay life", ()),
    "vp_pay_mana": ("pay mana", ()),
    "vp_pay_generic": ("pay mana", ()),
    "vp_win": ("win the game", ()),
    "vp_lose_game": ("lose the game", ()),
    "vp_cant_lose_game": ("lose the game", ()),
    "vp_take_extra_turn": ("take an extra turn", ()),
    "vp_skip": ("skip", ()),
    "vp_get": ("get", ()),
    "vp_get_gain": ("get", ()),
    "vp_gain": ("gain", ()),
    "vp_gain_choice": ("gain", ()),
    "vp_gain_activated": ("gain", ("object",)),
    "vp_have": ("have", ()),
    "vp_have_all_activated": ("have", ("object",)),
    "vp_have_all": ("have", ("object",)),
    "vp_lose": ("lose", ()),
    "vp_lose_all": ("lose", ()),
    "vp_lose_all_other": ("lose", ()),
    "vp_lose_all_base": ("lose", ()),
    "vp_become": ("become", ("object",)),
    "vp_base_pt": ("set base pt", ()),
    "vp_base_power": ("set base pt", ()),
    "vp_base_toughness": ("set base pt", ()),
    "vp_is": ("is", ()),
    "vp_is_not": ("is", ()),
    "vp_phase_out": ("phase out", ()),
    "vp_phase_in": ("phase in", ()),
    "vp_cast_or_copy": ("cast or copy", ("object",)),
    "vp_distribute_counters": ("put counters", ("recipient",)),
    "vp_win_flip": ("win a coin flip", ()),
    "vp_tap_or_untap": ("tap or untap", ("object",)),
    "vp_play_top_revealed": ("play with top card revealed", ()),
    "vp_untap_during": ("untap during untap step", ()),
    "vp_put_counters": ("put counters", ("recipient",)),
    "vp_put_counters_that_many": ("put counters", ("recipient",)),
    "vp_put_counters_equal": ("put counters", ("recipient",)),
    "vp_put_counters_x": ("put counters", ("recipient",)),
    "vp_put_counters_choice": ("put counters", ("recipient",)),
    "vp_put_counters_any": ("put counters", ("recipient",)),  # "one or more counters", "twice that many of those …"
    "vp_remove_counters": ("remove counters", ("object",)),
    "vp_remove_all_counters": ("remove counters", ("object",)),
    "vp_get_counters_event": ("put counters", ()),
    "vp_proliferate": ("proliferate", ()),
    "vp_investigate": ("investigate", ()),
    "vp_tap_n": ("tap", ("object",)),
    "vp_tap_for_mana": ("tap for mana", ("object",)),
    "vp_become_tapped": ("become tapped", ()),
    "vp_become_untapped": ("become untapped", ()),
    "vp_exchange_control": ("exchange control", ("object", "recipient")),
    "vp_exchange_control_two": ("exchange control", ("object",)),
    "vp_double_damage": ("double damage", ("object", "recipient")),
    "vp_escape_with": ("escape with counters", ()),
    "vp_scry_event": ("scry", ()),
    "vp_discard_equal": ("discard", ()),
    "vp_gain_life_plus": ("gain life", ()),
    "vp_surveil_event": ("surveil", ()),
    "vp_mill_equal": ("mill", ()),
    "vp_lose_life_or_more": ("lose life", ()),
    "vp_gain_life_or_more": ("gain life", ()),
    "vp_copy_times": ("copy", ("object",)),
    "vp_remove_every_counter": ("remove counters", ("object",)),
    "vp_be_sacrificed": ("be sacrificed", ()),
    "vp_be_countered": ("be countered", ("object",)),
    "vp_attach": ("attach", ("object", "recipient")),
    "vp_fight_each_other": ("fight", ("object",)),
    "vp_exchange": ("exchange", ("object", "recipient")),
    "vp_choose_new_targets": ("choose new targets", ("object", "object")),
    "vp_separate": ("separate into piles", ("object",)),
    "vp_vote": ("vote", ()),
    "vp_expend": ("expend", ()),
    "vp_commit_crime": ("commit a crime", ()),
    "vp_spend_mana": ("spend mana", ("object",)),
    "vp_do_so": ("do so", ()),
    "vp_become_monstrous": ("become monstrous", ()),
    "vp_level_up": ("level up", ()),
    "vp_become_blocked": ("become blocked", ("object",)),
    "vp_be_turned_face_up": ("turn face up", ()),
    "vp_turn_face": ("turn face up", ("object",)),
    "vp_get_emblem": ("get an emblem", ()),
    "vp_cast_next": ("cast", ("object",)),
    "vp_be_cast": ("be cast", ()),
    "vp_play_additional_land": ("play additional land", ()),
    "vp_cost_more_less": ("cost", ()),
    "vp_add_mana": ("add mana", ()),
    "vp_add_mana_produced": ("add mana", ("object",)),
    "vp_create": ("create", ()),
    "vp_create_named": ("create", ()),
    "vp_create_copy": ("create", ("object",)),
    "vp_create_equal": ("create", ()),
    "vp_prevent": ("prevent", ()),
    "vp_prevent_next": ("prevent", ()),
    "vp_prevent_that": ("prevent", ()),
    "vp_prevent_part": ("prevent", ()),
    "vp_prevent_by": ("prevent", ("object",)),
    "vp_prevent_to_and_by": ("prevent", ("object",)),
    "vp_attack": ("attack", ("recipient",)),
    "vp_attack_or_block": ("attack or block", ()),
    "vp_attack_with": ("attack", ("object",)),
    "vp_attack_with_many": ("attack", ()),
    "vp_attack_unblocked": ("attack", ()),
    "vp_attack_alone": ("attack", ()),
    "vp_block_only": ("block", ("object",)),
    "vp_block_or_blocked": ("block or become blocked", ("object",)),
    "vp_be_blocked": ("be blocked", ("object",)),
    "vp_attacks_if_able": ("attack", ("recipient",)),
    "vp_blocks_if_able": ("block", ("object",)),
    "vp_can_block_extra": ("block", ("object",)),
    "vp_be_target": ("become target", ("object",)),
    "vp_become_target": ("become target", ("object",)),
    "vp_has_count": ("have", ()),
    "vp_choose_inline": ("choose", ("object",)),
    "vp_copy": ("copy", ("object",)),
    "vp_scry": ("scry", ()),
    "vp_be_passive": ("be", ("object",)),
    "vp_deal_triple": ("deal damage", ("recipient",)),
    "vp_put_back": ("put", ("object",)),
    "vp_move_counters": ("move counters", ("object", "recipient")),
    "vp_get_counters": ("put counters", ()),
    "vp_exploit": ("exploit", ("object",)),
    "vp_mutate": ("mutate", ()),
    "vp_transform_into": ("transform", ("object",)),
    "vp_be_kicked": ("kicked", ()),
    "vp_put_token": ("create", ()),
    "vp_discard_all": ("discard", ()),
    "vp_create_more": ("create", ()),
    "vp_control": ("control", ("object",)),
    "vp_target": ("target", ("object",)),
    "vp_begin_game": ("begin the game on the battlefield", ("object",)),
    "vp_be_put": ("be put", ()),
    "vp_surveil": ("surveil", ()),
}

_QUALIFIERS = {
    "vp_deal_divided": "divided", "vp_deal_divided_equal": "divided", "vp_fight_damage": "to each other",
    "vp_exile_top": "top of library", "vp_distribute_counters": "divided", "vp_exile_graveyard": "graveyard",
    "vp_exile_hand": "hand",
    "vp_reveal_top": "top of library", "vp_reveal_hand": "hand", "vp_look_hand": "hand",
    "vp_look_top": "top of library", "vp_discard_hand": "hand", "vp_discard_up_to": "up to",
    "vp_draw_up_to": "up to", "vp_draw_first": "first each turn", "vp_draw_second": "second each turn",
    "vp_draw_additional": "additional", "vp_lose_all_other": "all other abilities", "vp_lose_half_life": "half",
    "vp_attack_unblocked": "unblocked", "vp_attack_alone": "alone", "vp_attacks_if_able": "if able",
    "vp_blocks_if_able": "if able", "vp_can_block_extra": "additional", "vp_block_only": "only",
    "vp_put_rest": "the rest", "vp_loot": "then draw", "vp_shuffle_graveyard": "graveyard",
    "vp_shuffle_hand": "hand", "vp_enters_tapped": "tapped, doesn't untap", "vp_cant_lose_game": "can't",
    "vp_gain_choice": "your choice of", "vp_prevent_to_and_by": "to and by", "vp_prevent_by": "by",
    "vp_base_power": "power", "vp_base_toughness": "toughness", "vp_tap_for_mana": "for mana",
    "vp_assign_damage": "by toughness", "vp_enters_with_additional": "additional",
    "vp_lose_all": "all abilities", "vp_discard_all": "hand", "vp_put_back": "back",
    "vp_lose_all_base": "all abilities", "vp_prevent_that": "that damage",
    "vp_prevent_part": "of that damage", "vp_leave_graveyard": "graveyard",
    "vp_copy_times": "more than once", "vp_keyword_action_times": "more than once",
    "vp_lose_life_or_more": "or more", "vp_gain_life_or_more": "or more", "vp_remove_every_counter": "of every kind",
}


def instruction(name: str, children: list[Any], text: str) -> Instruction:
    """A verb phrase: its verb, its things placed by role, and every typed child in its field."""
    children = flatten(children)
    verb, roles = VERBS.get(name, (name.removeprefix("vp_").replace("_", " "), ("object",)))
    if name in ("vp_keyword_action", "vp_keyword_action_times", "vp_keyword_action_dread"):
        action = tokens(children, "ACTION")
        verb = action_name(action[0].value).lower() if action else " ".join(words(children)[:4])
        if name == "vp_keyword_action_dread":  # "manifest dread" (701.62)
            verb = f"{action[0].value.lower()} dread" if action else "manifest dread"
    if name == "vp_be_passive":
        verb = "be " + (part(children, "qualifier") or "").split(" by ")[0]
        children = [ch for ch in children if not (isinstance(ch, Part) and ch.role == "qualifier")]
    override = part(children, "verb")
    if override:
        verb = override
    values: dict[str, Any] = {"verb": verb, "text": text}
    things = nodes(children, THINGS)
    for role, thing in zip(roles, things, strict=False):
        if role in values:
            values[role] = Group((values[role], thing), "and")
        else:
            values[role] = thing
    if len(things) > len(roles) and "recipient" not in values:
        values["recipient"] = things[len(roles)]
    amounts = nodes(children, Amount)
    if amounts:
        values["amount"] = amounts[0]
    for child in children:
        if isinstance(child, PT):
            values["pt"] = child
        elif isinstance(child, Zone):
            values["destination"] = child
        elif isinstance(child, Duration):
            values["duration"] = child
        elif isinstance(child, Condition):
            values["condition"] = child
        elif isinstance(child, Characteristics):
            values["characteristics"] = child
        elif isinstance(child, Mana):
            values["mana"] = child
        elif isinstance(child, ManaCost):
            values["mana"] = Mana(symbols=child, text=child.text)
        elif isinstance(child, Part):
            _place_part(values, child)
        elif isinstance(child, KeywordAbility):
            values["abilities"] = (*values.get("abilities", ()), child)
    ws = words(children)
    qualifier = _QUALIFIERS.get(name)
    if qualifier:
        earlier = values.get("qualifier")  # "prevent all combat damage … would deal": "combat, by"
        values["qualifier"] = f"{earlier}, {qualifier}" if earlier and verb == "prevent" else qualifier
    if "combat" in ws and verb.startswith(("deal", "prevent", "be dealt")):
        kind = "noncombat" if "non" in ws else "combat"  # "all combat damage … to and dealt by": both kept
        values["qualifier"] = f"{kind}, {qualifier}" if qualifier and verb == "prevent" else kind
    if verb == "exile" and "face" in ws and "down" in ws:
        values["qualifier"] = "face down"
    _special(name, values, children, text)
    values["rules"] = R.verb_rules(values["verb"])
    return Instruction(**{k: v for k, v in values.items() if v is not None})


def _special(name: str, values: dict[str, Any], children: list[Any], text: str) -> None:
    amounts = nodes(children, Amount)
    event = Amount("event", text="that much")
    if name == "vp_is_not":
        values["negated"] = True
    elif name == "vp_deal_twice" or name == "vp_gain_life_twice":
        values["amount"] = Amount("times", factor=2, base=event, text="twice that much")
    elif name == "vp_deal_triple":
        values["amount"] = Amount("times", factor=3, base=Amount("event", text="that damage"),
                                  text="triple that damage")
    elif name == "vp_deal_double":
        values["amount"] = Amount("times", factor=2, base=Amount("event", text="that damage"),
                                  text="double that damage")
    elif name in ("vp_deal_that_much", "vp_gain_life_that_much", "vp_lose_life_that_much"):
        values["amount"] = event
    elif name == "vp_gain_life_plus" or name == "vp_deal_plus":
        values["amount"] = Amount("plus", base=event, other=amounts[0] if amounts else None, text=text)
    elif name in ("vp_put_counters_that_many", "vp_draw_that_many"):
        values["amount"] = Amount("event", text="that many")
    elif name in ("vp_put_counters_x", "vp_enters_with_x"):
        values["amount"] = Amount("variable", name="X", text="X", rules=(R.VARIABLE_X,))
    elif name in ("vp_create_copy", "vp_enter_as_copy"):
        copied = values.pop("object", None)
        values["characteristics"] = Characteristics(copy_of=copied, exceptions=tuple(parts(children, "except")),
                                                    text=text)
        if name == "vp_create_copy":
            values["amount"] = values.get("amount") or Amount("number", 1, text="a")
    elif name == "vp_pay_energy" and "amount" not in values:
        values["amount"] = Amount("number", len(tokens(children, "ENERGY")), text=text)
    elif name == "vp_draft" and "face" in words(children):
        values["qualifier"] = "face up" if "up" in words(children) else "face down"
    elif name == "vp_unlock" and "fully" in words(children):
        values["verb"] = "fully unlock"
    elif name == "vp_spend_mana" and "activate" in words(children):
        values["qualifier"] = "only to activate abilities"
    elif name in ("vp_remove_all_counters", "vp_remove_every_counter"):
        values["amount"] = Amount("all", text="all")
    elif name == "vp_lose_all_base":
        values["pt"] = first(children, PT)
    elif name in ("vp_be_blocked",) and "except" in words(children):
        values["qualifier"] = "except"
    if values["verb"] in ("draw", "discard", "mill") and "amount" not in values and name not in (
            "vp_discard_thing", "vp_discard_hand"):
        values["amount"] = Amount("number", 1, text="a")
    if values["verb"] == "gain" and "control" in words(children):
        values["verb"] = "gain control"


def _place_part(values: dict[str, Any], child: Part) -> None:
    role, value = child.role, child.value
    if role in ("origin", "counter", "choice", "unless", "characteristics", "mana", "pt", "cost"):
        values[role] = value
    elif role == "abilities":
        abilities, qualifiers = value
        values["abilities"] = (*values.get("abilities", ()), *abilities)
        if qualifiers:
            values["qualifier"] = ", ".join(qualifiers)
    elif role == "counters":
        values["amount"], values["counter"] = value
    elif role == "for each":
        values["amount"] = Amount("for each", base=values.get("amount"), of=value,
                                  text=f"for each {getattr(value, 'text', '')}")
    elif role == "qualifier":
        values["qualifier"] = f"{values['qualifier']}, {value}" if values.get("qualifier") else value
    elif role == "token":
        amount, characteristics, zone = value
        values["amount"], values["characteristics"] = amount, characteristics
        if zone is not None:
            values["destination"] = zone
    elif role == "dealt to":
        values["recipient"] = value
    elif role == "dealt by":
        values["object"] = value
    elif role == "destination":
        values["destination"] = value


def _put_two(children: list[Any], text: str) -> list[Instruction]:
    """"Put one of them into your hand and the rest on the bottom of your library in any order", "put one onto
    the battlefield tapped and the other into your hand", "Put one of them back and the rest into that player's
    graveyard": two placements, each its own "put" with its own destination (400.1). The second's cards, "the
    rest" / "the other", are a description with the status "rest": the cards chosen among that the first didn't
    take; a bare "one" is "one of them"."""
    children = flatten(children)
    things = nodes(children, THINGS)
    zones = nodes(children, Zone)
    back = "back" in words(children)
    chosen = things[0]
    if isinstance(chosen, Description) and chosen.nouns == ("one",) and not chosen.qualities:
        chosen = Description(Selector("a"), (), (Quality("among", of=Reference("they", text="them")),),
                             text=chosen.text)
    rest = things[1] if len(things) > 1 else None
    if rest is None or (isinstance(rest, Reference) and rest.text.lower() in ("the other", "the rest")):
        rest = Description(Selector("all"), ("card",), (Quality("status", "rest"),),
                           text=rest.text if rest is not None else "the rest")
    cut = text.lower().find(f" and {rest.text.lower()} ")
    cut = cut if cut >= 0 else text.lower().rfind(" and ")
    qualifiers = [c for c in children if isinstance(c, Part) and c.role == "qualifier"]
    first_put = instruction("vp_put_back" if back else "vp_put", [chosen, *([] if back else zones[:1])],
                            text[:cut])
    second_put = instruction("vp_put", [rest, zones[-1], *qualifiers], f"put {text[cut + 5:]}")
    return [first_put, second_put]


@builds("vp_")
def _vp(name: str, children: list[Any], text: str) -> Any:
    if name == "vp_put_two":
        return _put_two(children, text)
    if name == "vp_put_counters_two":  # "a -1/-1 counter on this creature and a -1/-1 counter on target creature"
        specs = [c for c in flatten(children) if isinstance(c, Part) and c.role == "counters"]
        places = nodes(flatten(children), THINGS)
        return [instruction("vp_put_counters", [spec, place], text) for spec, place in zip(specs, places, strict=False)]
    if name == "vp_put_counters_several":  # "put two +1/+1 counters and a flying counter on target creature"
        rest = [c for c in flatten(children) if not (isinstance(c, Part) and c.role == "counters")]
        return [instruction("vp_put_counters", [spec, *rest], text) for spec in flatten(children)
                if isinstance(spec, Part) and spec.role == "counters"]
    if name == "vp_create" and len(parts(flatten(children), "token")) > 1:
        out = []
        for token in parts(flatten(children), "token"):
            out.append(instruction(name, [Part("token", token)], text))
        return out
    return instruction(name, children, text)


@builds("vp_switch_pt")
def _vp_switch_pt(name: str, children: list[Any], text: str) -> Instruction:
    """"Switch target creature's power and toughness": whose power and toughness is the object switched (613.4d)."""
    whose = part(flatten(children), "possessor")
    rest = [c for c in flatten(children) if not (isinstance(c, Part) and c.role == "possessor")]
    return instruction(name, [*rest, whose] if whose is not None else rest, text)


@builds("vp_chain", "vp_more", "vp_or", "vp_past")
def _vp_list(name: str, children: list[Any], text: str) -> Part:
    found = [c for c in flatten(children) if isinstance(c, Instruction)]
    for c in children:
        if isinstance(c, Part) and c.role == "chain":
            found.extend(c.value)
    if name == "vp_past":
        found = apply_suffixes(found, children)
    return Part("chain", found)


# --- clauses ------------------------------------------------------------------------------------------------

def _subject_before_verb(children: list[Any]) -> Any:
    for c in children:
        if isinstance(c, THINGS):
            return c
        if isinstance(c, Part) and c.role in ("chain", "aux"):
            return None
    return None


def _set(instr: Instruction, **values: Any) -> Instruction:
    return replace(instr, **values)


def apply_aux(instructions: list[Instruction], aux: str | None, subject: Any) -> list[Instruction]:
    out = []
    for instr in instructions:
        if subject is not None and instr.subject is None:
            instr = _set(instr, subject=subject)
        if aux in ("may", "may instead"):
            instr = _set(instr, optional=True, rules=(*instr.rules, R.CHOICES_ON_RESOLUTION))
        elif aux in ("can't", "may not"):
            instr = Instruction("can't", subject=instr.subject, action=_set(instr, subject=None),
                                duration=instr.duration, condition=instr.condition, text=instr.text,
                                rules=instr.rules)
        elif aux == "not":
            instr = _set(instr, negated=True)
        elif aux == "must":
            instr = Instruction("must", subject=instr.subject, action=_set(instr, subject=None), text=instr.text,
                                rules=instr.rules)
        out.append(instr)
    return out


def _substitute_x(instr: Instruction, definition: Amount) -> Instruction:
    def fix(amount: Amount | None) -> Amount | None:
        if amount is None:
            return None
        if amount.kind == "variable" and amount.name == "X":
            return Amount("variable", name="X", base=definition, text=f"X, where X is {definition.text}",
                          rules=amount.rules)
        if amount.base is not None or amount.other is not None:
            return replace(amount, base=fix(amount.base), other=fix(amount.other))
        return amount

    values: dict[str, Any] = {"amount": fix(instr.amount)}
    if instr.pt is not None:
        values["pt"] = replace(instr.pt, power=fix(instr.pt.power), toughness=fix(instr.pt.toughness))
    if instr.characteristics is not None and instr.characteristics.pt is not None:
        pt = instr.characteristics.pt
        values["characteristics"] = replace(instr.characteristics,
                                            pt=replace(pt, power=fix(pt.power), toughness=fix(pt.toughness)))
    return _set(instr, **values)


def _qualifies(instr: Any, value: str, clause: list[Any]) -> bool:
    """A clause's qualifier applies to each of its instructions, except an order ("in any order") after two
    placements: it is the order of the cards put into a library (401.4), not of those put elsewhere."""
    if not value.startswith("in ") or not value.endswith(" order"):
        return True
    into_library = [i for i in clause if isinstance(i, Instruction) and i.destination is not None
                    and i.destination.zone == "library"]
    return not into_library or instr in into_library


def apply_suffixes(instructions: list[Instruction], children: list[Any]) -> list[Any]:
    """Suffixes of a clause apply to each of its instructions (a duration after "gets +1/+0 and gains first
    strike" lasts for both) unless they say otherwise; "for each" and "unless" to the last one."""
    out: list[Any] = list(instructions)
    if not out:
        return out
    delayed: Step | None = None
    for child in flatten(children):
        if isinstance(child, Duration):
            out = [_set(i, duration=i.duration or child) for i in out]
        elif isinstance(child, Condition):
            out = [_set(i, condition=_and(i.condition, child)) for i in out]
        elif isinstance(child, Part):
            role, value = child.role, child.value
            if role == "for each":
                last = out[-1]
                out[-1] = _set(last, amount=Amount("for each", base=last.amount, of=value,
                                                   text=f"for each {getattr(value, 'text', '')}"))
            elif role == "unless":
                out[-1] = _set(out[-1], unless=value, rules=(*out[-1].rules, R.UNLESS))
            elif role == "instead":
                out = [_set(i, instead=True) for i in out]
            elif role == "as long as":
                out = [_set(i, condition=_and(i.condition, value)) for i in out]
            elif role == "qualifier":
                out = [_set(i, qualifier=f"{i.qualifier}, {value}" if i.qualifier else value)
                       if _qualifies(i, value, out) else i for i in out]
            elif role == "where x":
                out = [_substitute_x(i, value) for i in out]
            elif role == "delayed":
                delayed = value
            elif role == "origin":
                out = [_set(i, origin=i.origin or value) for i in out]
            elif role == "blocked by":
                out = [_set(i, action=_set(i.action, object=value)) if i.action is not None else i for i in out]
            elif role == "except by":
                out = [_set(i, qualifier="except by", recipient=i.recipient or value) for i in out]
            elif role == "in addition":
                out = [_in_addition(i) for i in out]
            elif role == "to cast":
                out = [_set(i, recipient=i.recipient or value) for i in out]
    if delayed is not None:
        trigger = Trigger("at", step=delayed, text=f"at {delayed.text}", rules=(R.DELAYED_TRIGGER,))
        return [DelayedTrigger(trigger, Effect(tuple(out)), text=" ".join(i.text for i in out),
                               rules=(R.DELAYED_TRIGGER,))]
    return out


def _in_addition(instr: Instruction) -> Instruction:
    if instr.characteristics is not None:
        return _set(instr, characteristics=replace(instr.characteristics, in_addition=True))
    return _set(instr, qualifier="in addition to its other types")


def _and(left: Condition | None, right: Condition) -> Condition:
    if left is None:
        return right
    return Condition("and", parts=(left, right), text=f"{left.text} and {right.text}")


def _aux(children: list[Any]) -> str | None:
    return part(children, "aux")


@builds("clause", "clause_where_x")
def _clause(name: str, children: list[Any], text: str) -> Part:
    chain = part(children, "chain", [])
    if not chain and _items(children):  # a clause built whole: "~'s power is equal to …" (604.3)
        return Part("items", _items(children))
    subject = _subject_before_verb(children)
    out = apply_aux(chain, _aux(children), subject)
    if name == "clause_where_x":
        definition = [c for c in children if isinstance(c, Amount)]
        if definition:
            out = [_substitute_x(i, definition[-1]) for i in out]
    out = apply_suffixes(out, [c for c in children if not (isinstance(c, Part) and c.role == "chain")])
    return Part("items", out)


@builds("clause_perpetual", "clause_also")
def _clause_adverb(name: str, children: list[Any], text: str) -> Part:
    """"It perpetually gets +1/+1" (an Alchemy effect that lasts for the rest of the game, in every zone);
    "~ also deals X damage to that creature's controller" (in addition to what the sentence before did)."""
    items = _clause("clause", children, text).value
    if name == "clause_perpetual":
        forever = Duration("perpetually", text="perpetually")
        return Part("items", [_set(i, duration=forever) if isinstance(i, Instruction) else i for i in items])
    return Part("items", [_set(i, qualifier=f"{i.qualifier}, also" if i.qualifier else "also")
                          if isinstance(i, Instruction) else i for i in items])


@builds("clause_have", "clause_each_may")
def _clause_have(name: str, children: list[Any], text: str) -> Part:
    chain = part(children, "chain", [])
    things = nodes(children, THINGS)
    doer = things[-1] if name == "clause_have" and things else Description(Selector("each"), ("player",),
                                                                            text="each player")
    optional = "may" in words(children)
    out = [_set(i, subject=doer, optional=optional or i.optional) for i in chain]
    out = apply_suffixes(out, [c for c in children if not (isinstance(c, Part) and c.role == "chain")])
    return Part("items", out)


@builds("aux_")
def _aux_word(name: str, children: list[Any], text: str) -> Part:
    return Part("aux", {"aux_may": "may", "aux_cant": "can't", "aux_not": "not", "aux_can": "can",
                        "aux_may_not": "may not", "aux_must": "must"}[name])


def _simple(verb: str, text: str, **values: Any) -> Part:
    return Part("items", [Instruction(verb, text=text, rules=R.verb_rules(verb), **values)])


@builds("cda_")
def _cda(name: str, children: list[Any], text: str) -> Part:
    subject = part(children, "possessor") or Reference("self", text="~")
    amounts = nodes(children, Amount)
    ws = words(children)
    which = "power and toughness" if name in ("cda_both", "cda_both_plus", "cda_split") else (
        "power" if "power" in ws else "toughness")
    amount = amounts[0] if amounts else None
    if name == "cda_both_plus" and len(amounts) > 1:
        amount = Amount("plus", base=amounts[0], other=amounts[1], text=text)
    return Part("items", [Instruction("characteristic pt", subject=subject, amount=amount, qualifier=which,
                                      text=text, rules=(R.CDA, "613.4a"))])


@builds("pt_cda")
def _pt_cda(name: str, children: list[Any], text: str) -> Any:
    return children[0]


@builds("life_total_becomes", "life_total_becomes_each")
def _life_total(name: str, children: list[Any], text: str) -> Part:
    subject = part(children, "possessor") or Description(Selector("each"), ("player",), text="each player")
    return _simple("set life total", text, subject=subject, amount=first(children, Amount))


@builds("still_type")
def _still(name: str, children: list[Any], text: str) -> Part:
    return Part("items", [Part("still", next((c for c in children if built_word(c)), ""))])


@builds("there_is")
def _there_is(name: str, children: list[Any], text: str) -> Part:
    return _simple("exist", text, object=first(children, THINGS))


@builds("max_hand_size", "no_max_hand_size", "devotion_increase", "flip_coin", "win_clash",
        "damage_floor", "no_more_than", "get_energy", "round_each_time", "repeat_process", "additional_phase",
        "no_triggers", "deck_limit", "mana_any_type_spent")
def _misc_statement(name: str, children: list[Any], text: str) -> Part:
    verbs = {"max_hand_size": "reduce maximum hand size", "no_max_hand_size": "no maximum hand size",
             "devotion_increase": "increase devotion", "flip_coin": "flip a coin",
             "win_clash": "win the clash", "damage_floor": "damage floor", "no_more_than": "can't",
             "get_energy": "get energy", "round_each_time": "round", "repeat_process": "repeat",
             "additional_phase": "additional phase", "no_triggers": "don't cause abilities to trigger",
             "deck_limit": "deck construction", "mana_any_type_spent": "spend mana as though any type"}
    amount = first(children, Amount)
    if name == "get_energy":
        amount = Amount("number", len(tokens(children, "ENERGY")), text=text)
    subject = part(children, "possessor") or (YOU if name in ("get_energy", "no_max_hand_size") else None)
    values: dict[str, Any] = {"amount": amount, "subject": subject}
    if name == "no_more_than":
        chain = [c for c in flatten(children) if isinstance(c, Instruction)]
        values["action"] = chain[0] if chain else None
        values["qualifier"] = "no more than"
        values["subject"] = first(children, THINGS)
    return _simple(verbs[name], text, **{k: v for k, v in values.items() if v is not None})


@builds("effect_keeps_attached", "reduction_limit")
def _effect_note(name: str, children: list[Any], text: str) -> Part:
    """What an effect of the sentence before doesn't do: "This effect doesn't remove this Aura" (it stays attached
    though its creature has protection), "This effect reduces only the amount of colored mana you pay"
    (a cost reduction's limit, 601.2f)."""
    if name == "effect_keeps_attached":
        return _simple("doesn't remove", text, object=first(children, THINGS))
    mana = first(children, ManaCost)
    qualifier = " ".join(w for w in words(children) if w in ("colored", "generic", "only", "more", "less"))
    extra = {"mana": Mana(symbols=mana, text=mana.text)} if mana else {}
    return _simple("limit cost reduction", text, qualifier=qualifier, **extra)


@builds("can_be_commander", "triggers_only_once", "keep_mana")
def _rules_statement(name: str, children: list[Any], text: str) -> Part:
    """"~ can be your commander" (903.3a), "This ability triggers only once" (no more than once a game), "you
    don't lose this mana as steps and phases end" (unlike 500.5)."""
    if name == "can_be_commander":
        return _simple("can be your commander", text, subject=first(children, THINGS))
    if name == "triggers_only_once":
        return _simple("limit", text, qualifier="triggers only once")
    duration = next((p for p in parts(children, "prefix") if isinstance(p, Duration)), None)
    return _simple("keep unspent mana", text, subject=YOU, **({"duration": duration} if duration else {}))


@builds("clause_its")
def _clause_its(name: str, children: list[Any], text: str) -> Part:
    """"It's a Forest land", "It's a 1/1 Spirit creature with flying in addition to its other types": what it is,
    said of "it" or "they"."""
    subject = Reference("they", text="they") if text.lower().startswith("they") else Reference("it", text="it")
    instr = _set(_vp_is("vp_is", children, text), subject=subject)
    if "addition" in text.lower().split() and instr.characteristics is not None:
        instr = _set(instr, characteristics=replace(instr.characteristics, in_addition=True))
    return Part("items", [instr])


@builds("legend_rule_off")
def _legend_rule_off(name: str, children: list[Any], text: str) -> Part:
    """"The "legend rule" doesn't apply to tokens you control" (704.5j doesn't apply to them)."""
    return _simple("legend rule doesn't apply", text, object=first(children, THINGS))


@builds("class_level_up")
def _class_level_up(name: str, children: list[Any], text: str) -> Part:
    """"{1}{B}: Level 2": a Class's level becomes 2; activate only if it is level 1, and only as a sorcery (716.2a)."""
    return Part("items", [Instruction("gain a class level", subject=Reference("self", text="~"),
                                      amount=first(children, Amount), text=text, rules=(R.CLASS_LEVEL,))])


@builds("x_limit")
def _x_limit(name: str, children: list[Any], text: str) -> Part:
    """"X can't be 0": a limit on the value chosen for X (107.3)."""
    return _simple("limit x", text, amount=first(children, Amount), qualifier=" ".join(words(children)[1:4]))


@builds("only_once_each_turn")
def _only_once(name: str, children: list[Any], text: str) -> Part:
    """"Do this only once each turn": what the sentence before allows happens at most once a turn."""
    return _simple("limit", text, qualifier="once each turn")


@builds("vp_roll")
def _vp_roll(name: str, children: list[Any], text: str) -> Instruction:
    """"roll a d20", "roll two six-sided dice" (706.1); "roll a 5 or higher on a die": a result rolled (706.2)."""
    children = flatten(children)
    die = part(children, "die", "")
    amount = first(children, Amount)
    ws = words(children)
    if "planar" in ws:
        return Instruction("roll the planar die", text=text, rules=("901.9",))
    result = (not die and amount is not None and "dice" not in ws) or ("die" in ws and "on" in ws)
    if result:  # "Whenever you roll a 4 or higher"
        comparison = ">=" if ("higher" in ws or "greater" in ws) else "<=" if ("lower" in ws or "less" in ws) else "=="
        return Instruction("roll a result", amount=replace(amount, comparison=comparison) if amount else None,
                           qualifier=die, text=text, rules=("706.2",))
    return Instruction("roll a die", amount=amount or Amount("number", 1, text="a"), qualifier=die or "die",
                       text=text, rules=("706.1",))


@builds("die", "dice")
def _die(name: str, children: list[Any], text: str) -> Part:
    return Part("die", text.lower())


@builds("spellbook", "library_depth")
def _alchemy_zone(name: str, children: list[Any], text: str) -> Part:
    """"from ~'s spellbook" (an Alchemy card's list of cards it may conjure or draft from); "into the top eight
    cards of your library"."""
    owner = part(children, "possessor")
    if name == "spellbook":
        return Part("origin", Zone("spellbook", owner=owner, text=text))
    amount = first(children, Amount)
    return Part("destination", Zone("library", owner=owner, position=f"among the top {amount.text if amount else ''}",
                                    text=text))


@builds("keyword_cost_is")
def _keyword_cost_is(name: str, children: list[Any], text: str) -> Part:
    """"The flashback cost is equal to its mana cost": what a granted keyword costs."""
    return _simple("set keyword cost", text, qualifier=text)


@builds("get_emblem")
def _get_emblem(name: str, children: list[Any], text: str) -> Part:
    abilities = tuple(c for c in flatten(children) if c.__class__.__name__.endswith("Ability"))
    return _simple("get an emblem", text, subject=YOU, abilities=abilities)


@builds("choose_more_modes")
def _choose_more_modes(name: str, children: list[Any], text: str) -> Part:
    minimum, maximum = part(children, "count", (1, 1))
    return _simple("choose modes", text, qualifier=f"{minimum} to {maximum if maximum is not None else 'any number'}",
                   instead=True)


@builds("counters_cant_be_put")
def _counters_cant_be_put(name: str, children: list[Any], text: str) -> Part:
    """"Counters can't be put on artifacts, creatures …": what "… can't have counters put on them" says."""
    put = Instruction("put counters", text=text, rules=R.verb_rules("put counters"))
    instr = Instruction("can't", subject=first(children, THINGS), action=put, text=text, rules=put.rules)
    return Part("items", apply_suffixes([instr], children))


@builds("life_total_cant_change")
def _life_total_cant_change(name: str, children: list[Any], text: str) -> Part:
    """"Your life total can't change": neither gaining nor losing life happens (119.3)."""
    change = Instruction("change life total", text=text, rules=R.verb_rules("gain life"))
    return Part("items", [Instruction("can't", subject=part(children, "possessor") or YOU, action=change, text=text,
                                      rules=change.rules)])


@builds("vp_cant_have_or_gain")
def _vp_cant_have_or_gain(name: str, children: list[Any], text: str) -> Instruction:
    have = instruction("vp_have", children, text)
    return Instruction("can't", action=have, text=text, rules=have.rules)


@builds("counters_put")
def _counters_put(name: str, children: list[Any], text: str) -> Part:
    amount, counter = part(children, "counters", (None, ""))
    instr = Instruction("put counters", recipient=first(children, THINGS), amount=amount, counter=counter, text=text,
                        rules=R.verb_rules("put counters"))
    return Part("items", apply_suffixes([instr], children))


@builds("passive_word")
def _passive_word(name: str, children: list[Any], text: str) -> Part:
    return Part("qualifier", text.lower())


@builds("redirect_next", "redirect_all")
def _redirect(name: str, children: list[Any], text: str) -> Part:
    things = nodes(children, THINGS)
    return _simple("redirect damage", text, amount=first(children, Amount), object=things[0] if things else None,
                   recipient=things[1] if len(things) > 1 else None, instead=True,
                   duration=first(children, Duration))


@builds("next_time")
def _next_time(name: str, children: list[Any], text: str) -> Part:
    event = first(children, Event)
    items = [c for c in flatten(children) if isinstance(c, Instruction)]
    condition = Condition("would", event=event, text=event.text if event else "")
    return Part("items", [_set(i, condition=condition, qualifier="the next time") for i in items])


@builds("choose")
def _choose(name: str, children: list[Any], text: str) -> Part:
    subject = first(children, THINGS) if words(children)[:1] != ["choose"] else None
    choice, thing = part(children, "choice", ("", None))
    return _simple("choose", text, subject=subject, choice=choice, object=thing)


@builds("choice_")
def _choice(name: str, children: list[Any], text: str) -> Part:
    kind = name.removeprefix("choice_").replace("_", " ")
    thing = first(children, THINGS)
    if kind == "thing" or kind == "one of them":
        return Part("choice", ("object", thing))
    return Part("choice", (kind, thing))


@builds("vp_choose_inline")
def _choose_inline(name: str, children: list[Any], text: str) -> Instruction:
    choice, thing = part(children, "choice", ("", None))
    values = {"choice": choice, "object": thing}
    return Instruction("choose", text=text, **{k: v for k, v in values.items() if v is not None})


# --- statements -------------------------------------------------------------------------------------------

def _items(children: list[Any]) -> list[Any]:
    out: list[Any] = []
    for c in children:
        if isinstance(c, Part) and c.role == "items":
            out.extend(c.value)
    return out


@builds("clause_chain")
def _clause_chain(name: str, children: list[Any], text: str) -> Part:
    """Clauses joined by "and"/"then": a clause without a subject whose verb agrees with the one before
    ("Target player draws a card and loses 1 life") has that subject; an imperative one is the controller's."""
    out: list[Any] = []
    subject = None
    for item in _items(children):
        if isinstance(item, Instruction):
            if item.subject is None and subject is not None and _third_person(item):
                item = _set(item, subject=subject)
            subject = item.subject if item.subject is not None else subject
        out.append(item)
    return Part("items", out)


def _third_person(instr: Instruction) -> bool:
    verb = instr.text.split()[0].lower() if instr.text else ""
    return verb.endswith("s") and verb not in ("is", "this")


def _each_instruction(items: list[Any], function) -> list[Any]:
    return [function(i) if isinstance(i, Instruction) else i for i in items]


@builds("statement", "statement_if", "statement_otherwise", "statement_if_not_do", "statement_instead",
        "statement_if_instead", "statement_as_long_as", "statement_for_each", "statement_until_eot_may")
def _statement(name: str, children: list[Any], text: str) -> Part:
    items = _items(children)
    for prefix in parts(children, "prefix"):
        items = _apply_prefix(items, prefix)
    condition = first(children, Condition)
    if name in ("statement_if", "statement_if_instead") and condition is not None:
        items = _each_instruction(items, lambda i: _set(i, condition=_and(i.condition, condition)))
    if name == "statement_otherwise":
        cond = Condition("did", subject=YOU, negated=True, text="otherwise")
        items = _each_instruction(items, lambda i: _set(i, condition=_and(i.condition, cond)))
    if name == "statement_if_not_do":
        cond = Condition("did", subject=YOU, negated=True, text="if you don't")
        items = _each_instruction(items, lambda i: _set(i, condition=_and(i.condition, cond)))
    if name in ("statement_instead", "statement_if_instead"):
        items = _each_instruction(items, lambda i: _set(i, instead=True))
    if name == "statement_as_long_as" and condition is not None:
        return Part("items", [Part("static condition", condition), *items])
    if name == "statement_for_each":
        each = first(children, THINGS)
        items = _each_instruction(items, lambda i: _set(i, qualifier="for each", recipient=i.recipient or each))
    if name == "statement_until_eot_may":
        eot = Duration("until end of turn", text="until end of turn", rules=(R.UNTIL_END_OF_TURN,))
        items = _each_instruction(items, lambda i: _set(i, optional=True, duration=i.duration or eot))
    return Part("items", items)


def _apply_prefix(items: list[Any], prefix: Any) -> list[Any]:
    if isinstance(prefix, Duration):
        return _each_instruction(items, lambda i: _set(i, duration=i.duration or prefix))
    if isinstance(prefix, Condition):
        return _each_instruction(items, lambda i: _set(i, condition=_and(i.condition, prefix)))
    if isinstance(prefix, str) and prefix:
        return _each_instruction(items, lambda i: _set(i, qualifier=prefix if not i.qualifier else
                                                       f"{i.qualifier}, {prefix}"))
    return items


@builds("prefix_")
def _prefix(name: str, children: list[Any], text: str) -> Part:
    kind = name.removeprefix("prefix_")
    if kind == "eot":
        return Part("prefix", Duration("until end of turn", text="until end of turn",
                                       rules=(R.UNTIL_END_OF_TURN, R.RESOLVED_EFFECT_DURATION)))
    if kind == "this_turn":
        return Part("prefix", Duration("this turn", text="this turn"))
    if kind == "next_turn":
        return Part("prefix", Duration("until your next turn", text="until your next turn"))
    if kind == "your_turn":
        return Part("prefix", Condition("turn", subject=YOU, text="during your turn"))
    if kind == "for_as_long_as":
        condition = first(children, Condition)
        return Part("prefix", Duration("for as long as", condition=condition, text=text, rules=(R.AS_LONG_AS,)))
    if kind == "if_able":
        return Part("prefix", "if able")
    if kind == "once_each_turn":
        return Part("prefix", "once each turn")
    if kind == "not_your_turn":
        return Part("prefix", Condition("turn", subject=YOU, negated=True, text="during turns other than yours"))
    if kind == "end_next_turn":
        return Part("prefix", Duration("until end of your next turn", text="until the end of your next turn",
                                       rules=(R.RESOLVED_EFFECT_DURATION,)))
    if kind == "starting":
        return Part("prefix", "starting with you")
    return Part("prefix", "")


@builds("statement_additional_cost")
def _additional_cost(name: str, children: list[Any], text: str) -> Part:
    cost = first(children, Cost)
    optional = "may" in words(children)
    return Part("items", [Instruction("additional cost", cost=cost, optional=optional, text=text,
                                      rules=(R.ADDITIONAL_COST, R.TOTAL_COST))])


@builds("statement_delayed")
def _delayed(name: str, children: list[Any], text: str) -> Part:
    trigger = first(children, Trigger)
    items = _items(children)
    reflexive = trigger is not None and trigger.word == "when" and any(e.verb == "do" for e in trigger.events)
    rules = (R.REFLEXIVE_TRIGGER,) if reflexive else (R.DELAYED_TRIGGER,)
    duration = first(children, Duration)  # "Until your next turn, whenever …": it triggers until then (603.7b)
    return Part("items", [DelayedTrigger(trigger, Effect(tuple(items), text=text), reflexive, text=text, rules=rules,
                                         duration=duration)])


@builds("statement_as_enters")
def _as_enters(name: str, children: list[Any], text: str) -> Part:
    items = _items(children)
    return Part("items", [Part("as enters", (first(children, THINGS), items))])


@builds("statement_copy")
def _statement_copy(name: str, children: list[Any], text: str) -> Part:
    thing = first(children, THINGS)
    return Part("items", [Instruction("copy", object=thing, text=text, rules=R.verb_rules("copy")),
                          Instruction("choose new targets", optional=True, text="You may choose new targets for the "
                                      "copy", object=Reference("that", noun="copy", text="the copy"))])


@builds("sentence_body", "next")
def _sentence(name: str, children: list[Any], text: str) -> Part:
    return Part("items", _items(children))


@builds("activation_restriction", "activate_only", "activate_limit", "activate_once", "any_player_may_activate")
def _restriction(name: str, children: list[Any], text: str) -> Any:
    if name == "activation_restriction":
        return Part("items", [c for c in children if isinstance(c, Instruction)])
    whens = parts(children, "when")
    condition = first(children, Condition)
    qualifier = {"activate_limit": "no more than " + " ".join(w for w in words(children)[4:-2]),
                 "activate_once": "once each turn", "any_player_may_activate": "any player"}.get(name,
                                                                                                 ", ".join(whens))
    values = {"qualifier": qualifier, "condition": condition}
    return Instruction("activate only", text=text, rules=(R.ACTIVATION_INSTRUCTIONS,),
                       **{k: v for k, v in values.items() if v is not None})


@builds("when_")
def _when(name: str, children: list[Any], text: str) -> Any:
    if name == "when_if":
        return first(children, Condition)
    if name in _WHEN_AS_WRITTEN:  # "during the declare attackers step": which step is in the words
        return Part("when", text.lower())
    return Part("when", name.removeprefix("when_").replace("_", " "))


_WHEN_AS_WRITTEN = {"when_step", "when_opponent_turn_after_upkeep", "when_before_declared", "when_before_damage",
                    "when_after_combat"}


@builds("cast_only")
def _cast_only(name: str, children: list[Any], text: str) -> Part:
    """"Cast this spell only during combat": when the spell may be cast (601.3, a restriction on casting it)."""
    values = {"qualifier": ", ".join(parts(children, "when")), "condition": first(children, Condition)}
    return Part("items", [Instruction("cast only", subject=YOU, text=text, rules=(R.CASTING,),
                                      **{k: v for k, v in values.items() if v})])


@builds("under_control")
def _under_control(name: str, children: list[Any], text: str) -> Part:
    """"A permanent left the battlefield under your control": whose control it was under."""
    return Part("qualifier", text.lower())


@builds("triggers_once")
def _triggers_once(name: str, children: list[Any], text: str) -> Part:
    return Part("items", [Part("triggers once", True)])


# --- suffixes -------------------------------------------------------------------------------------------

@builds("suffix_")
def _suffix(name: str, children: list[Any], text: str) -> Any:
    kind = name.removeprefix("suffix_")
    thing = first(children, THINGS)
    if kind == "if":
        return first(children, Condition)
    if kind == "unless":
        return Part("unless", first(children, Unless))
    if kind == "unless_they":
        chain = [c for c in flatten(children) if isinstance(c, Instruction)]
        return Part("unless", Unless(Reference("they", text="they"), action=chain[0] if chain else None, text=text))
    if kind == "instead":
        return Part("instead", True)
    if kind == "as_long_as":
        return Part("as long as", first(children, Condition))
    if kind == "this_turn":
        return Duration("this turn", text="this turn")
    if kind in ("delayed", "delayed_eot"):
        step = first(children, Step) or Step("end", next=True, text="end of turn")
        return Part("delayed", step)
    if kind == "your_turn":
        return Condition("turn", subject=YOU, text=text)
    if kind == "opponent_turn":
        return Condition("turn", subject=Description(Selector("an"), ("opponent",), text="an opponent"), text=text)
    if kind == "blocked_by_power":  # "can't be blocked by creatures with power 2 or less" (509.1b)
        op, amount = part(children, "cmp", ("==", None))
        return Part("blocked by", Description(Selector("all"), ("creature",), (
            Quality("compare", "power", comparison=op, amount=amount),), text=text.removeprefix("by ")))
    if kind in ("except_by", "except_by_many"):
        return Part("except by", thing or Description(Selector("a"), ("creature",), text=text))
    if kind in ("where_x", "x_equal"):
        return Part("where x", first(children, Amount))
    if kind == "from":
        return Part("origin", part(children, "origin"))
    if kind == "in_addition":
        return Part("in addition", True)
    if kind == "still":
        return Part("in addition", True)
    if kind == "to_cast":
        return Part("to cast", thing)
    if kind == "as_though":
        return Part("qualifier", text)
    if kind == "unless_condition":
        condition = first(children, Condition)
        return Condition("not", parts=(condition,) if condition else (), text=text)
    if kind == "additional_cost":  # "by sacrificing a creature in addition to paying its other costs" (118.8)
        verb = {"sacrificing": "sacrifice", "discarding": "discard", "exiling": "exile",
                "paying": "pay life"}[words(children)[1]]
        action = Instruction(verb, object=thing, amount=first(children, Amount) if verb == "pay life" else None,
                             text=text, rules=R.verb_rules(verb))
        return Part("cost", Cost(actions=(action,), text=text, rules=(R.ADDITIONAL_COST,)))
    if kind == "rather_than_pay_for":  # "rather than pay the mana cost for Rune spells you cast"
        return [Part("qualifier", "rather than pay its mana cost"), Part("to cast", thing)]
    if kind == "with_counters":
        amount, counter = part(children, "counters", (None, ""))
        return Part("qualifier", f"with {amount.text if amount else ''} {counter} counter".replace("  ", " "))
    qualifiers = {"if_able": "if able", "each_combat": "each combat", "random": "at random", "order": text,
                  "this_way": "this way", "by_more_than_one": "by more than one creature",
                  "as_though_had": text, "free": "without paying its mana cost",
                  "rather_than_pay": "rather than pay its mana cost", "sorcery_speed": "as a sorcery",
                  "instant_speed": "as an instant", "any_time": "any time", "for_mana": "for mana",
                  "rounded": text, "each_turn": "each turn", "to_attack": "to attack",
                  "combination": "in any combination of colors", "face_down": "face down"}
    return Part("qualifier", qualifiers.get(kind, text))


@builds("for_each", "for_each_time", "for_each_color_spent", "for_each_both")
def _for_each(name: str, children: list[Any], text: str) -> Part:
    if name == "for_each_both":  # "for each other Zombie you control and each Zombie card in your graveyard"
        both = nodes(children, THINGS)
        return Part("for each", Group(tuple(both), "and", text=text.removeprefix("for each ")))
    if name == "for_each_time":  # "for each time you've cast your commander from the command zone this game"
        chain = [c for c in flatten(children) if isinstance(c, Instruction)]
        subject = YOU if "you've" in words(children) else _subject_before_verb(children)
        happened = as_event(chain[0], subject) if chain else None
        return Part("for each", Description(Selector("each"), ("time",), (Quality("event", event=happened),),
                                            text=text.removeprefix("for each ")))
    if name == "for_each_color_spent":
        return Part("for each", Description(Selector("each"), ("color",), (Quality("status", "of mana spent to cast",
                                                                                  of=first(children, THINGS)),),
                                            text=text.removeprefix("for each ")))
    return Part("for each", first(children, THINGS) or Description(Selector("each"), (), text=text))


@builds("unless_clause")
def _unless(name: str, children: list[Any], text: str) -> Unless:
    payer = first(children, THINGS)
    payment = first(children, Cost)
    action = next((c for c in flatten(children) if isinstance(c, Instruction)), None)
    return Unless(payer, cost=payment, action=action, text=text)


@builds("cost_payment")
def _cost_payment(name: str, children: list[Any], text: str) -> Cost:
    mana = first(children, ManaCost)
    life = first(children, Amount)
    actions = ()
    if "life" in words(children) and life is not None:
        actions = (Instruction("pay life", amount=life, text=text, rules=R.verb_rules("pay life")),)
    return Cost(mana=mana, actions=actions, text=text, rules=(R.UNLESS,))


@builds("rel_clause", "rel_you", "rel_subject")
def _rel_clause(name: str, children: list[Any], text: str) -> Quality:
    instructions = [c for c in flatten(children) if c.__class__.__name__ == "Instruction"]
    subject = YOU if name == "rel_you" else (first(children, THINGS) if name == "rel_subject" else None)
    if not instructions:
        return Quality("raw", text)
    instr = apply_suffixes(instructions, children)[0]
    return Quality("event", event=as_event(instr, subject))


# --- durations and conditions ------------------------------------------------------------------------

@builds("dur_")
def _duration(name: str, children: list[Any], text: str) -> Duration:
    kind = name.removeprefix("dur_")
    kinds = {"eot": "until end of turn", "this_turn": "this turn", "next_turn": "until your next turn",
             "end_next_turn": "until end of your next turn", "end_of_combat": "until end of combat",
             "this_combat": "this combat", "next_end_step": "until your next end step",
             "rest_of_game": "for the rest of the game"}
    if kind in kinds:
        rules = (R.UNTIL_END_OF_TURN, R.RESOLVED_EFFECT_DURATION) if kind == "eot" else (R.RESOLVED_EFFECT_DURATION,)
        return Duration(kinds[kind], text=text, rules=rules)
    if kind == "as_long_as":
        return Duration("for as long as", condition=first(children, Condition), text=text, rules=(R.AS_LONG_AS,))
    event = first(children, Event)
    return Duration("until", condition=Condition("event", event=event, text=event.text if event else text),
                    text=text, rules=(R.RESOLVED_EFFECT_DURATION,))


@builds("clause_event_simple", "clause_past", "clause_past_event")
def _simple_event(name: str, children: list[Any], text: str) -> Event:
    subject = first(children, THINGS)
    chain = [c for c in flatten(children) if isinstance(c, Instruction)]
    if not chain:
        chain = [c for p in parts(children, "chain") for c in p]
    instr = chain[0] if chain else Instruction("happen", text=text)
    return as_event(instr, subject)


@builds("condition")
def _condition(name: str, children: list[Any], text: str) -> Condition:
    found = nodes(children, Condition)
    if len(found) == 1:
        return found[0]
    kind = "or" if "or" in words(children) else "and"
    return Condition(kind, parts=tuple(found), text=text)


def _said(thing: Any) -> str:
    return getattr(thing, "text", "") if thing is not None else ""


def _count_condition(subject: Any, count: tuple, text: str) -> Condition:
    what, op, amount, thing = count
    if what == "things":
        return Condition("compare", subject=subject, amount=Amount("count", of=thing, text=text), comparison=op,
                         other=amount, text=text)
    return Condition("compare", subject=subject, amount=Amount("property", property=what, of=subject),
                     comparison=op, other=amount, text=text)


@builds("cond_")
def _cond(name: str, children: list[Any], text: str) -> Condition:
    kind = name.removeprefix("cond_")
    things = nodes(children, THINGS)
    subject = things[0] if things else None
    ws = words(children)
    rules = ()
    if kind in ("you_do", "you_dont", "they_do", "they_dont"):
        who = YOU if kind.startswith("you") else (subject or Reference("they", text="they"))
        return Condition("did", subject=who, negated=kind.endswith("dont"), text=text)
    if kind in ("your_turn", "not_your_turn"):
        return Condition("turn", subject=YOU, negated=kind.startswith("not"), text=text)
    if kind == "library_empty":  # "your library has no cards in it" (121.4, 614.11a)
        who = YOU if ws[:1] == ["your"] else Reference("that player", text="that player")
        return Condition("library empty", subject=who, text=text)
    if kind in ("control", "control_none"):
        return Condition("control", subject=subject, object=things[1] if len(things) > 1 else None,
                         negated=kind == "control_none", text=text)
    if kind == "have":
        count = part(children, "count")
        who = subject or (Description(Selector("a"), ("opponent",)) if "opponent" in ws else
                          Description(Selector("a"), ("player",)))
        return _count_condition(who, count, text) if count else Condition("raw", text=text)
    if kind in ("has_ability", "has_ability_not"):
        abilities, _ = part(children, "abilities", ((), ()))
        keyword = abilities[0].keyword if abilities and hasattr(abilities[0], "keyword") else text
        return Condition("has", subject=subject, quality=Quality("keyword", keyword), negated=kind.endswith("not"),
                         text=text)
    if kind in ("is", "is_not"):
        found = qualities_of(children)
        quality = found[0] if len(found) == 1 else Quality("all", parts=tuple(found))
        return Condition("is", subject=subject, quality=quality, negated=kind == "is_not" or "wasn't" in ws,
                         text=text)
    if kind in ("kicked", "bargained", "gift"):
        mana = first(children, ManaCost)  # "if it was kicked with its {W} kicker": which of its kicker costs
        value = "twice" if "twice" in ws else (mana.text if mana is not None else "")
        return Condition(kind, subject=subject, value=value, negated="not" in ws, text=text)
    if kind == "as_cast":  # "if you control a commander as you cast this spell": checked as it is cast (601.2)
        inner = first(children, Condition)
        return Condition("as cast", parts=(inner,) if inner else (), text=text)
    if kind == "you_didnt":  # "If you don't put it onto the battlefield": that event didn't happen
        chain = [i for i in flatten(children) if isinstance(i, Instruction)]
        return Condition("event", event=as_event(chain[0], YOU) if chain else None, negated=True, text=text)
    if kind in ("total", "control_total"):  # "if creatures you control have total power 8 or greater"
        op, other = part(children, "cmp", ("==", None))
        stat = "total " + ("power" if "power" in ws else "toughness" if "toughness" in ws else "mana value")
        of = things[-1] if kind == "control_total" and len(things) > 1 else subject
        return Condition("compare", subject=subject if kind == "control_total" else None,
                         amount=Amount("property", property=stat, of=of, text=text), comparison=op, other=other,
                         text=text)
    if kind in ("amount", "property", "life"):
        op, other = part(children, "cmp", ("==", None))
        amount = first(children, Amount)
        if kind == "property":
            stat = "life total" if "life" in ws else "mana value" if "mana" in ws else (
                "toughness" if "toughness" in ws else "power")
            of = part(children, "possessor") or Reference("it", text="it")
            amount = Amount("property", property=stat, of=of)
        if kind == "life":
            amount = Amount("property", property="life total", of=YOU)
        return Condition("compare", amount=amount, comparison=op, other=other, text=text)
    if kind == "there":
        count = part(children, "count")
        return _count_condition(None, count, text) if count else Condition("raw", text=text)
    if kind == "would":
        event = first(children, Event)
        return Condition("would", event=event, text=text)
    if kind in ("event", "attacked"):
        event = first(children, Event) or Event("attack", subject=YOU, text=text)
        return Condition("event", event=event, text=text)
    if kind == "completed_dungeon":  # "If you've completed a dungeon" (309.7)
        return Condition("event", event=Event("complete", subject=YOU, object=subject, text=text), text=text)
    if kind == "no_counters":  # "When ~ has no oil counters on it"
        return Condition("has", subject=subject, quality=Quality("counter", part(children, "counter", "")),
                         negated=True, text=text)
    if kind == "controlled":  # "If you controlled that artifact": control when it last existed, not now
        return Condition("controlled", subject=subject, object=things[1] if len(things) > 1 else None, text=text)
    if kind == "had_enter":  # "if you had a land enter the battlefield under your control this turn"
        return Condition("event", event=Event("enter", subject=subject, qualifier=part(children, "qualifier", ""),
                                              text=text), text=text)
    if kind == "keyword_paid":  # "if tribute wasn't paid" (702.104b)
        keyword = next((c for c in children if isinstance(c, Token) and c.type == "KEYWORD"), None)
        return Condition("paid", value=keyword_name(keyword.value) if keyword else "", negated="wasn't" in ws,
                         text=text)
    if kind == "starting_player":  # "If you weren't the starting player" (103.1)
        return Condition("is", subject=YOU, quality=Quality("status", "the starting player"),
                         negated="weren't" in ws or "aren't" in ws, text=text)
    if kind == "initiative":
        return Condition("is", subject=YOU, quality=Quality("status", "the initiative"), text=text)
    if kind == "spells_last_turn":  # werewolves: "if no spells were cast last turn" (a count of the turn before)
        op, amount = part(children, "cmp", ("==", Amount("number", 0, text="no")))
        return Condition("spells cast last turn", amount=amount, comparison=op,
                         subject=Description(Selector("a"), ("player",), text="a player") if "player" in ws else None,
                         text=text)
    if kind == "spent_amount":  # "if at least three mana of the same color was spent to cast this spell"
        op, amount = part(children, "cmp", (">=", None))
        color = next((c for c in children if built_word(c)), "")
        return Condition("mana spent", amount=amount, comparison=op,
                         value="same color" if "same" in ws else color, text=text)
    if kind in ("spent", "spent_none"):
        return Condition("paid", mana=first(children, ManaCost), negated=kind == "spent_none", text=text)
    if kind == "cast_from":
        origin = part(children, "origin")
        return Condition("cast from", value=origin.zone if origin else "", negated="didn't" in ws or "not" in ws,
                         text=text)
    if kind == "control_more":
        what = things[1] if len(things) > 1 else None
        other = things[2] if len(things) > 2 else None
        return Condition("compare", subject=subject, amount=Amount("count", of=what, text=f"what {_said(subject)} "
                                                                                           "controls"),
                         comparison="<" if "fewer" in ws else ">",
                         other=Amount("count", of=what, property="controlled by", name=_said(other)), object=other,
                         text=text)
    if kind == "none_are":
        found = qualities_of(children)
        return Condition("is", subject=subject, quality=found[0] if found else None, negated=True, text=text)
    return Condition("raw", value=" ".join(ws), text=text, rules=rules)


@builds("count_")
def _count(name: str, children: list[Any], text: str) -> Part:
    kind = name.removeprefix("count_")
    op, amount = part(children, "cmp", ("==", None))
    thing = first(children, THINGS)
    table = {"hand": "cards in hand", "life": "life total", "graveyard": "cards in graveyard",
             "poison": "poison counters", "counters": "counters"}
    if kind in table:
        if kind == "counters":
            amount, _counter = part(children, "counters", (None, ""))
            op = ">="
        return Part("count", (table[kind], op, amount, None))
    if kind == "no_hand":
        return Part("count", ("cards in hand", "==", Amount("number", 0, text="no"), None))
    if kind in ("things", "none"):
        if kind == "none":
            op, amount = "==", Amount("number", 0, text="no")
        return Part("count", ("things", op, amount, thing))
    comparisons = {"more_life": ("life total", ">"), "less_life": ("life total", "<"),
                   "more_cards": ("cards in hand", ">"), "fewer_cards": ("cards in hand", "<")}
    if kind in comparisons:
        what, op = comparisons[kind]
        return Part("count", (what, op, Amount("property", property=what, of=thing), None))
    return Part("count", (text, "", None, None))


@builds("would_damage_to")
def _would_damage_to(name: str, children: list[Any], text: str) -> Event:
    """"If damage would be dealt to this creature, …" (615): the damage, from any source."""
    return Event("deal damage", recipient=first(children, THINGS), text=text)


@builds("would_clause", "would_one_or_more", "would_counters")
def _would(name: str, children: list[Any], text: str) -> Event:
    things = nodes(children, THINGS)
    chain = part(children, "chain", [])
    if name == "would_counters":
        amount, counter = part(children, "counters", (None, ""))
        return Event("put counters", recipient=things[0] if things else None, amount=amount, counter=counter,
                     text=text)
    subject = things[0] if things else YOU
    instr = chain[0] if chain else Instruction("happen", text=text)
    event = as_event(instr, subject)
    during = part(children, "as long as")  # "… would draw a card while your library has no cards in it" (614.11a)
    if during is not None and event.condition is None:
        event = replace(event, condition=during)
    if name == "would_one_or_more":
        event = replace(event, qualifier="one or more")
    return event


# --- what something is or becomes -------------------------------------------------------------------------

def characteristics_from(qualities: list[Quality], **values: Any) -> Characteristics:
    colors, types, subtypes, supertypes = [], [], [], []
    for q in qualities:
        if q.kind == "color":
            colors.append(q.value)
        elif q.kind == "type":
            types.append(q.value)
        elif q.kind == "subtype":
            subtypes.append(q.value)
        elif q.kind == "supertype":
            supertypes.append(q.value)
    return Characteristics(colors=tuple(colors), types=tuple(types), subtypes=tuple(subtypes),
                           supertypes=tuple(supertypes), **values)


@builds("is_")
def _is(name: str, children: list[Any], text: str) -> Any:
    kind = name.removeprefix("is_")
    thing = first(children, THINGS)
    ws = words(children)
    if kind == "description":
        desc = thing
        if isinstance(desc, Description):
            types = [Quality("type", n) if not n[:1].isupper() else Quality("subtype", n) for n in desc.nouns]
            found = list(desc.qualities)
            found.extend(types if len(types) <= 1 else [Quality("any", parts=tuple(types))])
            return tuple(found)
        return Quality("raw", text)
    if kind == "colors":
        colors = part(children, "colors", ())
        return tuple(Quality("color", c) for c in colors)
    statuses = {"every_type": "every creature type", "all_colors": "all colors", "tapped": "tapped",
                "untapped": "untapped", "kicked": "kicked", "your_turn": "your turn", "unblocked": "unblocked",
                "attacking_alone": "attacking alone", "face_down": "face-down", "monarch": "the monarch",
                "attacking_you": "attacking you", "same_color": "same color", "starting_life": "starting life total",
                "on_battlefield": "on the battlefield", "every_land_type": "every basic land type"}
    if kind in statuses:
        return Quality("status", statuses[kind])
    if kind == "colorless":
        return Quality("color", "colorless")
    if kind == "status":
        return Quality("status", next((c for c in children if built_word(c)), text.lower()))
    if kind == "chosen":
        return Quality("chosen", (ws[-1] if ws else ""))
    if kind == "legendary":
        return Quality("supertype", "legendary")
    if kind == "pt_description":
        pt = first(children, PT)
        desc = first(children, THINGS)
        nouns, _ = part(children, "nouns", ((), False))
        found = [Quality("type", n) if not n[:1].isupper() else Quality("subtype", n) for n in nouns]
        found.extend(part(children, "adjs", ()))
        found.extend(qualities_of([ch for ch in children if not isinstance(ch, Part)]))
        return (*found, pt) if pt is not None else tuple(found)
    if kind == "pt":
        return first(children, PT)
    if kind == "in_zone":
        return first(children, Quality)
    if kind == "in_opening_hand":
        return Quality("zone", "opening hand", of=YOU)
    if kind == "in_graveyard":
        return Quality("zone", "graveyard", of=YOU)
    if kind == "copy":
        return Quality("copy", of=thing)
    if kind == "only":
        return Quality("status", "only", of=thing)
    if kind == "paired":  # soulbond (702.95)
        return Quality("status", "paired", of=thing)
    if kind == "greater":
        return Quality("compare", comparison=">", amount=first(children, Amount))
    if kind == "named":
        return Quality("named", part(children, "name", ""))
    if kind == "still":
        return Quality("type", next((c for c in children if built_word(c)), ""))
    if kind == "keyword":
        keyword = next((c for c in children if isinstance(c, Token)), None)
        return Quality("keyword", keyword.value if keyword is not None else text)
    return Quality("raw", text)


@builds("vp_is", "vp_is_not")
def _vp_is(name: str, children: list[Any], text: str) -> Instruction:
    found = qualities_of(children)
    pt = next((x for ch in children for x in (ch if isinstance(ch, tuple) and not isinstance(ch, Part) else (ch,))
               if isinstance(x, PT)), None)
    characteristics = characteristics_from(found, pt=pt, text=text,
                                           in_addition=any(q.kind == "status" and "in addition" in q.value
                                                           for q in found))
    others = [q for q in found if q.kind not in ("color", "type", "subtype", "supertype")]
    values: dict[str, Any] = {"characteristics": characteristics}
    if others:
        values["qualifier"] = ", ".join(q.value or q.kind for q in others)
    return Instruction("is", negated=name == "vp_is_not", text=text, rules=("613.1d",), **values)


@builds("become_what")
def _become_what(name: str, children: list[Any], text: str) -> Any:
    return children[0] if children else None


@builds("become_")
def _become(name: str, children: list[Any], text: str) -> Any:
    kind = name.removeprefix("become_")
    thing = first(children, THINGS)
    events = {"target_event": "become target", "tapped_event": "become tapped", "untapped_event": "become untapped",
              "blocked_event": "become blocked", "monstrous": "become monstrous", "renowned": "become renowned",
              "attached": "become attached", "monarch": "become the monarch", "saddled": "become saddled",
              "prepared": "become prepared", "crewed": "become crewed", "plotted": "become plotted",
              "suspected": "become suspected"}
    if kind in events:
        return [Part("verb", events[kind]), *([thing] if thing is not None else [])]
    if kind == "level":  # "When this Class becomes level 2" (716.2a)
        return [Part("verb", "become level"), first(children, Amount)]
    if kind == "chars":
        types, subtypes, supertypes = part(children, "types", ((), (), ()))
        abilities, _qualifiers = part(children, "abilities", ((), ()))
        return Characteristics(pt=first(children, PT), colors=part(children, "colors", ()), types=types,
                               subtypes=subtypes, supertypes=supertypes, abilities=tuple(abilities),
                               name=part(children, "name", ""), in_addition=part(children, "in addition", False),
                               text=text)
    if kind == "pt":
        return Characteristics(pt=first(children, PT), text=text)
    if kind == "colors":
        return Characteristics(colors=part(children, "colors", ()), text=text)
    if kind == "artifact":
        return Characteristics(types=("artifact",), in_addition=True, text=text)
    if kind == "colorless":
        return Characteristics(colors=("colorless",), text=text)
    if kind == "copy":
        return Characteristics(copy_of=thing, exceptions=tuple(parts(children, "except")), text=text)
    if kind in ("color_choice", "land_choice", "type_choice"):
        what = {"color_choice": "color", "land_choice": "basic land type", "type_choice": "creature type"}[kind]
        return [Characteristics(text=text), Part("choice", what)]
    return Characteristics(text=text)


@builds("char_types")
def _char_types(name: str, children: list[Any], text: str) -> Part:
    types, subtypes, supertypes = [], [], []
    supers = ("basic", "legendary", "snow", "world", "ongoing")
    for c in children:
        if built_word(c):
            (supertypes if c in supers else types).append(c)
        elif isinstance(c, Part) and c.role == "subtype":
            subtypes.append(c.value)
    return Part("types", (tuple(types), tuple(subtypes), tuple(supertypes)))


@builds("in_addition")
def _in_addition_part(name: str, children: list[Any], text: str) -> Part:
    return Part("in addition", True)


@builds("copy_except")
def _copy_except(name: str, children: list[Any], text: str) -> list[Part]:
    return [Part("except", c) for c in children if isinstance(c, Instruction)]


@builds("except_part")
def _except_part(name: str, children: list[Any], text: str) -> Instruction:
    found = qualities_of(children)
    abilities, _ = part(children, "abilities", ((), ()))
    values: dict[str, Any] = {}
    if found or first(children, PT):
        values["characteristics"] = characteristics_from(found, pt=first(children, PT), text=text,
                                                         in_addition="addition" in words(children))
    if abilities:
        values["abilities"] = tuple(abilities)
    return Instruction("except", text=text, rules=(R.COPY_EXCEPTIONS,), **values)


# --- mana ------------------------------------------------------------------------------------------------

@builds("mana_")
def _mana(name: str, children: list[Any], text: str) -> Mana:
    kind = name.removeprefix("mana_")
    costs = nodes(children, ManaCost)
    amount = first(children, Amount)
    each = part(children, "for each")
    if kind == "symbols":
        symbols = costs[0] if costs else None
        if each is None and "each" in words(children):
            each = first(children, THINGS)
        if each is not None:
            amount = Amount("for each", base=Amount("number", 1), of=each, text=text)
        return Mana(symbols=symbols, amount=amount, text=text)
    if kind == "either":
        symbols = tuple(s for c in costs for s in c.symbols)
        return Mana(amount=Amount("number", 1), choice="one of", options=ManaCost(symbols, text=text), text=text)
    if kind == "either_chosen":  # "{W} or one mana of the chosen color"
        return Mana(amount=Amount("number", 1), choice="one of, or the chosen color", options=costs[0], text=text)
    choices = {"any_color": "any color", "any_type": "any type", "chosen_color": "the chosen color",
               "combination": "any combination of colors"}
    if kind in choices:
        return Mana(amount=amount or Amount("number", 1), choice=choices[kind], text=text)
    if kind == "combination_of":
        symbols = tuple(s for c in costs for s in c.symbols)
        return Mana(amount=amount, choice="combination", options=ManaCost(symbols), text=text)
    if kind == "amount_of":
        return Mana(symbols=costs[0] if costs else None, amount=amount, choice="amount", text=text)
    return Mana(text=text)


@builds("vp_add_mana_produced")
def _mana_produced(name: str, children: list[Any], text: str) -> Instruction:
    return Instruction("add mana", mana=Mana(amount=Amount("number", 1), choice="type produced",
                                             text=text), object=first(children, THINGS), text=text,
                       rules=R.verb_rules("add mana"))


# --- tokens ----------------------------------------------------------------------------------------------

@builds("token_spec")
def _token_spec(name: str, children: list[Any], text: str) -> Part:
    amount = first(children, Amount) or Amount("number", 1, text="a")
    characteristics, zone = part(children, "token body", (Characteristics(text=text), None))
    return Part("token", (amount, characteristics, zone))


@builds("token_body")
def _token_body(name: str, children: list[Any], text: str) -> Part:
    types, subtypes, supertypes = part(children, "types", ((), (), ()))
    abilities: list[Any] = []
    for value in parts(children, "abilities"):
        abilities.extend(value[0] if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], tuple)
                         else value)
    supertypes = tuple(supertypes) + (("legendary",) if has_flag(children, "legendary") else ()) + (
        ("snow",) if has_flag(children, "snow") else ())
    characteristics = Characteristics(pt=first(children, PT), colors=part(children, "colors", ()), types=types,
                                      subtypes=subtypes, supertypes=supertypes, abilities=tuple(abilities),
                                      name=part(children, "name", ""), text=text)
    zone = None
    tapped, attacking = has_flag(children, "tapped"), has_flag(children, "attacking")
    counters = part(children, "counters")
    if tapped or attacking or counters:
        zone = Zone("battlefield", tapped=tapped, attacking=attacking,
                    counter=counters[1] if counters else "", counter_amount=counters[0] if counters else None,
                    text=text)
    return Part("token body", (characteristics, zone))


def has_flag(children: list[Any], role: str) -> bool:
    return any(isinstance(c, Part) and c.role == role and c.value for c in children)


@builds("tok_")
def _token_part(name: str, children: list[Any], text: str) -> Any:
    kind = name.removeprefix("tok_")
    if kind in ("tapped", "legendary", "snow", "attacking"):
        return Part(kind, True)
    if kind == "tapped_attacking":
        return [Part("tapped", True), Part("attacking", True)]
    if kind == "with":
        abilities, _ = part(children, "abilities", ((), ()))
        quoted = [c for c in flatten(children) if c.__class__.__name__.endswith("Ability")]
        return Part("abilities", tuple(abilities) + tuple(q for q in quoted if q not in abilities))
    if kind == "named":
        return Part("name", part(children, "name", ""))
    if kind == "counters":
        return Part("counters", part(children, "counters"))
    if kind == "for_each":
        return Part("for each", first(children, THINGS))
    return Part("raw", text)


# --- keyword names, used by structure.py --------------------------------------------------------------------

def canonical_keyword(text: str) -> tuple[str, str]:
    """A KEYWORD token's text → (name as 702 titles it, variant as written if it differs)."""
    name = keyword_name(text)
    variant = text if text.lower() != name.lower() else ""
    return name, variant


__all__ = ["Effect", "Event", "Modal", "Token", "apply_suffixes", "as_event", "canonical_keyword",
           "characteristics_from", "instruction", "mana_symbol"]
