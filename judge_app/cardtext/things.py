"""Builders for the shared vocabulary: object and player descriptions, references, possessors, zones,
amounts and comparisons (the `desc…`, `sel_…`, `adj_…`, `post_…`, `with_…`, `rel_…`, `ref_…`, `poss_…`,
`dest_…`, `zone_…`, `bf_…`, `amt_…`, `val_…`, `cmp_…`, `pq_…` rules of oracle.lark)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from judge_app.cardtext import rules as R
from judge_app.cardtext.families import (
    THINGS,
    Part,
    builds,
    built_word,
    first,
    flatten,
    has_part,
    nodes,
    number_value,
    part,
    parts,
    words,
)
from judge_app.cardtext.lexer import keyword_name, subtype_of
from judge_app.cardtext.nodes import (
    Amount,
    Description,
    Group,
    KeywordAbility,
    ManaCost,
    ManaSymbol,
    Quality,
    Reference,
    Selector,
    Zone,
)

YOU = Reference("you", text="you")
_SINGULAR = {"sorceries": "sorcery", "abilities": "ability", "copies": "copy", "ones": "one", "libraries": "library"}
PLAYER_NOUNS = ("player", "opponent")


def singular(word: str) -> str:
    word = word.lower()
    if word in _SINGULAR:
        return _SINGULAR[word]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def qualities_of(children: list[Any]) -> list[Quality]:
    out: list[Quality] = []
    for c in flatten(children):
        if isinstance(c, Quality):
            out.append(c)
        elif isinstance(c, tuple) and not isinstance(c, Part):
            out.extend(q for q in c if isinstance(q, Quality))
    return out


# --- words ---------------------------------------------------------------------------------------------

@builds("type_word", "supertype", "color_word", "status_word", "article", "superlative", "ordinal", "times",
        "attached_word", "self_noun", "step_name_skip", "possessor_controls")
def _word(name: str, children: list[Any], text: str) -> str:
    return " ".join(words(children))


@builds("type_plural")
def _type_plural(name: str, children: list[Any], text: str) -> str:
    return singular((words(children) or [text])[0])


@builds("subtype")
def _subtype(name: str, children: list[Any], text: str) -> Part:
    token = children[0]
    return Part("subtype", subtype_of(token.value))


@builds("noun")
def _noun(name: str, children: list[Any], text: str) -> Part:
    sub = part(children, "subtype")
    if sub:
        plural = text.lower() != sub.lower()
        return Part("noun", ((sub,), plural))
    built = [c for c in children if built_word(c)]
    if built:  # type_word or type_plural
        return Part("noun", ((built[0],), text.lower().endswith("s") and text.lower() != "sorcery"))
    ws = words(children)
    if ws == ["spell", "or", "ability"]:
        return Part("noun", (("spell", "ability"), False))
    if ws == ["aura", "spell"]:
        return Part("noun", (("spell",), False))
    word = ws[0] if ws else text.lower()
    return Part("noun", ((singular(word),), singular(word) != word))


@builds("noun_list")
def _noun_list(name: str, children: list[Any], text: str) -> Part:
    nouns: list[str] = []
    plural = False
    for value in parts(children, "noun"):
        nouns.extend(value[0])
        plural = plural or value[1]
    return Part("nouns", (tuple(nouns), plural))


@builds("color_list")
def _color_list(name: str, children: list[Any], text: str) -> Part:
    colors = [c for c in children if built_word(c)]
    if not colors:
        colors = ["colorless"] if "colorless" in words(children) else ["all"]
    return Part("colors", tuple(colors))


@builds("color_devotion")
def _color_devotion(name: str, children: list[Any], text: str) -> str:
    return " and ".join(c for c in children if built_word(c))


# --- adjectives --------------------------------------------------------------------------------------

@builds("adjs")
def _adjs(name: str, children: list[Any], text: str) -> Part:
    return Part("adjs", tuple(qualities_of(children)))


@builds("adj_")
def _adj(name: str, children: list[Any], text: str) -> Any:
    values = [c for c in children if built_word(c)]
    value = values[0] if values else ""
    sub = part(children, "subtype")
    kind = name.removeprefix("adj_")
    simple = {
        "color": Quality("color", value), "noncolor": Quality("color", value, negated=True),
        "colorless": Quality("color", "colorless"), "multicolored": Quality("color", "multicolored"),
        "monocolored": Quality("color", "monocolored"),
        "supertype": Quality("supertype", value), "nonsupertype": Quality("supertype", value, negated=True),
        "type": Quality("type", value), "nontype": Quality("type", value, negated=True),
        "subtype": Quality("subtype", sub or ""), "nonsubtype": Quality("subtype", sub or "", negated=True),
        "status": Quality("status", value), "token": Quality("type", "token"),
        "nontoken": Quality("type", "token", negated=True), "noncombat": Quality("status", "combat", negated=True),
        "historic": Quality("status", "historic"), "modified": Quality("status", "modified"),
        "outlaw": Quality("status", "outlaw"), "party": Quality("status", "party"),
        "face_down": Quality("status", "face-down"), "face_up": Quality("status", "face-up"),
        "double_faced": Quality("status", "double-faced"), "activated": Quality("ability", "activated"),
        "triggered": Quality("ability", "triggered"), "mana": Quality("ability", "mana"),
        "loyalty": Quality("ability", "loyalty"), "equipped": Quality("status", "equipped"),
        "enchanted": Quality("status", "enchanted"), "same": Quality("status", "same"),
        "different": Quality("status", "different"), "single": Quality("status", "single"),
        "nonland": Quality("type", "land", negated=True), "noncreature": Quality("type", "creature", negated=True),
        "commander": Quality("status", "commander"), "nonbasic": Quality("supertype", "basic", negated=True),
        "permanent": Quality("type", "permanent"), "ordinal": Quality("status", value),
    }
    if kind in simple:
        return simple[kind]
    if kind == "or":
        found = qualities_of(children)
        flat: list[Quality] = []
        for q in found:
            flat.extend(q.parts if q.kind == "any" else (q,))
        return Quality("any", parts=tuple(flat))
    if kind == "and":
        found = qualities_of(children)
        flat = [x for q in found for x in (q.parts if q.kind == "any" else (q,))]
        if len(flat) > 1 and all(q.kind == "type" and not q.negated for q in flat):
            return Quality("any", parts=tuple(flat))  # "artifact and enchantment spells": either kind (205.2a)
        return tuple(found)
    if kind == "instant_sorcery":
        return Quality("any", parts=(Quality("type", "instant"), Quality("type", "sorcery")))
    if kind == "basic_land":
        return (Quality("supertype", "basic"), Quality("type", "land"))
    if kind == "attacking_or_blocking":
        return Quality("any", parts=(Quality("status", "attacking"), Quality("status", "blocking")))
    if kind == "creature_or_planeswalker":
        return Quality("any", parts=(Quality("type", "creature"), Quality("type", "planeswalker")))
    return Quality("raw", text)


# --- selectors and descriptions -------------------------------------------------------------------------

@builds("sel_")
def _selector(name: str, children: list[Any], text: str) -> Any:
    kind = name.removeprefix("sel_")
    count = first(children, Amount)
    target_rules = (R.TARGETS,)
    table = {
        "target": Selector("target", rules=target_rules),
        "another_target": Selector("target", other=True, rules=target_rules),
        "up_to_target": Selector("target", count=count, up_to=True, rules=target_rules),
        "up_to_other_target": Selector("target", count=count, up_to=True, other=True, rules=target_rules),
        "up_to": Selector("a", count=count, up_to=True),
        "up_to_other": Selector("a", count=count, up_to=True, other=True),
        "any_number_target": Selector("target", any_number=True, rules=target_rules),
        "any_number_other_target": Selector("target", any_number=True, other=True, rules=target_rules),
        "any_number": Selector("a", any_number=True),
        "any_number_other": Selector("a", any_number=True, other=True),
        "n_target": Selector("target", count=count, rules=target_rules),
        "n_other_target": Selector("target", count=count, other=True, rules=target_rules),
        "x_target": Selector("target", count=Amount("variable", name="X", text="X"), rules=target_rules),
        "each": Selector("each"), "each_other": Selector("each", other=True), "all": Selector("all"),
        "all_other": Selector("all", other=True), "a": Selector("a"), "another": Selector("a", other=True),
        "other": Selector("all", other=True), "the": Selector("the"), "no": Selector("no"), "any": Selector("any"),
        "one_or_more": Selector("one or more"), "x": Selector("a", count=Amount("variable", name="X", text="X")),
        "n": Selector("a", count=count), "n_other": Selector("a", count=count, other=True),
        "that_many": Selector("a", count=Amount("event", text="that many")), "the_other": Selector("the", other=True),
        "next": Selector("the"),
        "more_than": Selector("a", count=replace(count, comparison=">") if count else None),
        "at_least": Selector("a", count=replace(count, comparison=">=") if count else None),
        "at_least_other": Selector("a", count=replace(count, comparison=">=") if count else None, other=True),
        "n_or": Selector("a", count=replace(count, comparison="<=" if any(
            w in text.lower().split() for w in ("fewer", "less")) else ">=") if count else None),
    }
    if kind in table:
        return table[kind]
    status = {"chosen": "chosen", "sacrificed": "sacrificed", "exiled": "exiled", "revealed": "revealed",
              "discarded": "discarded", "milled": "milled", "random": "random"}
    if kind in status:
        return Part("selector+", (Selector("the"), Quality("status", status[kind])))
    return Selector("the")


def _description(children: list[Any], text: str, selector: Selector | None = None) -> Description:
    extra: list[Quality] = []
    for c in children:
        if isinstance(c, Selector) and selector is None:
            selector = c
        elif isinstance(c, Part) and c.role == "selector+":
            selector, quality = c.value
            extra.append(quality)
    nouns, plural = part(children, "nouns", ((), False))
    adjs = list(part(children, "adjs", ()))
    posts = qualities_of([c for c in children if not isinstance(c, Part) and not isinstance(c, Selector)])
    if selector is None:
        selector = Selector("all") if plural else Selector("a")
    if selector.kind == "target" and "other" in text.lower().split()[:4] and not selector.other:
        selector = Selector(selector.kind, selector.count, selector.up_to, selector.any_number, True, selector.rules)
    return Description(selector, tuple(nouns), tuple(extra + adjs + posts), text=text)


@builds("desc", "desc_bare", "desc_other", "desc_count_target")
def _desc(name: str, children: list[Any], text: str) -> Description:
    desc = _description(children, text)
    if name == "desc_other":
        s = desc.selector
        desc = Description(Selector(s.kind, s.count, s.up_to, s.any_number, True, s.rules), desc.nouns, desc.qualities,
                           text=text)
    if name == "desc_count_target":
        desc = Description(Selector("target", count=first(children, Amount), rules=(R.TARGETS,)), desc.nouns,
                           desc.qualities, text=text)
    return desc


ANY_TARGET_NOUNS = ("creature", "planeswalker", "battle", "player")


@builds("desc_any_target", "desc_any_other_target")
def _any_target(name: str, children: list[Any], text: str) -> Description:
    qualities = (Quality("chosen", "opponent"),) if "choice" in text.lower() else ()
    return Description(Selector("target", other=name.endswith("other_target"), rules=(R.TARGETS, R.ANY_TARGET)),
                       ANY_TARGET_NOUNS, qualities, text=text)


@builds("desc_some_targets")
def _some_targets(name: str, children: list[Any], text: str) -> Description:
    amounts = nodes(children, Amount)
    selector = Selector("target", count=amounts[-1] if amounts else None, up_to=bool(amounts),
                        any_number=not amounts, rules=(R.TARGETS, R.ANY_TARGET))
    return Description(selector, ANY_TARGET_NOUNS, text=text)


@builds("desc_counters")
def _desc_counters(name: str, children: list[Any], text: str) -> Description:
    return Description(Selector("each"), ("counter",), (Quality("counter", part(children, "counter", "")),
                                                         Quality("on", of=first(children, THINGS))), text=text)


@builds("desc_keyword_abilities")
def _desc_keyword_abilities(name: str, children: list[Any], text: str) -> Description:
    """"Ninjutsu abilities you activate": abilities of that keyword."""
    keyword = next((c for c in children if isinstance(c, Token) and c.type == "KEYWORD"), None)
    found = [Quality("ability", keyword_name(keyword.value) if keyword is not None else text)]
    found.extend(qualities_of([c for c in children if not isinstance(c, Token)]))
    return Description(Selector("all"), ("ability",), tuple(found), text=text)


@builds("desc_duplicate")
def _desc_duplicate(name: str, children: list[Any], text: str) -> Description:
    """"a duplicate of the sacrificed creature" (an Alchemy card conjured as a copy of another card)."""
    return Description(Selector("a"), ("duplicate",), (Quality("of", of=first(children, THINGS)),), text=text)


@builds("desc_counters_removed")
def _desc_counters_removed(name: str, children: list[Any], text: str) -> Description:
    return Description(Selector("each"), ("counter",), (Quality("counter", part(children, "counter", "")),
                                                         Quality("status", "removed this way")), text=text)


@builds("desc_damage")
def _desc_damage(name: str, children: list[Any], text: str) -> Description:
    kind = part(children, "qualifier", "")
    return Description(Selector("all"), ("damage",), (Quality("status", kind),) if kind else (), text=text)


@builds("desc_each_other_player")
def _each_other_player(name: str, children: list[Any], text: str) -> Description:
    return Description(Selector("each", other=True), ("player",), text=text)


@builds("desc_of", "desc_of_those")
def _desc_of(name: str, children: list[Any], text: str) -> Description:
    selector = first(children, Selector) or Selector("each")
    of = first(children, THINGS) or Reference("they", text="those")
    nouns = (singular(words(children)[-1]),) if name == "desc_of_those" else ()
    return Description(selector, nouns, (Quality("among", of=of),), text=text)


@builds("desc_one_of_them")
def _one_of_them(name: str, children: list[Any], text: str) -> Description:
    return Description(Selector("a"), (), (Quality("among", of=Reference("they", text="them")),), text=text)


@builds("desc_rest")
def _rest(name: str, children: list[Any], text: str) -> Description:
    return Description(Selector("all"), ("card",), (Quality("status", "rest"),), text=text)


@builds("desc_superlative")
def _desc_superlative(name: str, children: list[Any], text: str) -> Description:
    stat = " ".join(w for w in words(children) if w in ("greatest", "least", "highest", "lowest", "power", "toughness",
                                                         "mana", "value"))
    return Description(Selector("the"), (), (Quality("superlative", stat, of=first(children, THINGS)),), text=text)


@builds("desc_target_card_graveyard")
def _target_card_graveyard(name: str, children: list[Any], text: str) -> Description:
    return Description(Selector("target", rules=(R.TARGETS,)), ("card",), (Quality("zone", "graveyard"),), text=text)


@builds("desc_top_cards", "desc_bottom_card")
def _top_cards(name: str, children: list[Any], text: str) -> Description:
    owner = part(children, "possessor", YOU)
    zone = "graveyard" if "graveyard" in words(children) else "library"
    count = first(children, Amount) or (Amount("number", 1, text="1") if "card" in words(children) else None)
    position = "bottom" if name == "desc_bottom_card" else "top"
    return Description(Selector("the", count=count), ("card",),
                       (Quality("zone", zone, of=owner), Quality("position", position)), text=text)


@builds("desc_all_graveyard")
def _all_graveyard(name: str, children: list[Any], text: str) -> Description:
    return Description(Selector("all"), ("card",), (Quality("zone", "graveyard", of=part(children, "possessor")),),
                       text=text)


@builds("thing", "subject")
def _thing(name: str, children: list[Any], text: str) -> Any:
    return first(children, THINGS)


@builds("thing_or")
def _thing_or(name: str, children: list[Any], text: str) -> Group:
    ws = words(children)
    conjunction = "or" if "or" in ws or "and/or" in ws else "and"
    return Group(tuple(nodes(children, THINGS)), conjunction, text=text)


# --- what follows a noun ---------------------------------------------------------------------------------

@builds("post_")
def _post(name: str, children: list[Any], text: str) -> Any:
    kind = name.removeprefix("post_")
    thing = first(children, THINGS)
    ws = words(children)
    table = {
        "you_control": Quality("control", "you"), "you_dont_control": Quality("control", "you", negated=True),
        "opponent_controls": Quality("control", "opponent"), "anyone_controls": Quality("control", "any"),
        "you_own": Quality("owner", "you"), "you_dont_own": Quality("owner", "you", negated=True),
        "opponent_owns": Quality("owner", "opponent"), "battlefield": Quality("zone", "battlefield"),
        "your_choice": Quality("chosen", "your choice"), "you_cast": Quality("cast", of=YOU),
        "opponents_cast": Quality("cast", "opponent"),
        "cast_this_turn": Quality("cast", "this turn"), "attacking_you": Quality("status", "attacking", of=YOU),
        "dealt_damage": Quality("status", "dealt damage this turn"),
        "among_them": Quality("among", of=Reference("they", text="them")),
        "opponent_choice": Quality("chosen", "opponent"), "random": Quality("status", "at random"),
        "on_it": Quality("status", "on it"), "each_turn": Quality("status", "each turn"),
        "you_own_control": (Quality("owner", "you"), Quality("control", "you")),
    }
    if kind in table:
        return table[kind]
    if kind in ("controlled_by", "not_controlled_by"):
        return Quality("control", of=thing, negated=kind.startswith("not"))
    if kind == "owned_by":
        return Quality("owner", of=thing)
    if kind in ("with", "without"):
        found = qualities_of(children)
        if kind == "without":
            found = [Quality(q.kind, q.value, not q.negated, q.comparison, q.amount, q.of, q.parts, q.event)
                     for q in found]
        return tuple(found)
    if kind in ("zone",):
        return first(children, Quality) or Quality("zone", text)
    if kind == "from_zone":
        zone = part(children, "origin")
        return Quality("zone", zone.zone if zone else text, of=zone.owner if zone else None)
    if kind in ("named", "not_named"):
        return Quality("named", part(children, "name", ""), negated=kind == "not_named")
    if kind in ("named_self", "not_named_self"):  # "cards named ~": its own name, whichever card has it
        return Quality("named", "~", negated=kind == "not_named_self")
    if kind == "chosen":
        what = "color" if "color" in ws else "type"
        return Quality("chosen", what)
    if kind == "other_than" or kind == "in_addition":
        return Quality("other than", of=thing)
    if kind == "cast_by":
        return Quality("cast", of=thing)
    if kind in ("attacking", "blocking", "blocked_by", "blocking_or_blocked_by", "attached_to", "able_to_block",
                "exiled_with"):
        status = {"blocked_by": "blocked", "blocking_or_blocked_by": "blocking or blocked",
                  "attached_to": "attached", "able_to_block": "able to block", "exiled_with": "exiled"}.get(kind, kind)
        return Quality("status", status, of=thing)
    if kind == "among":
        return Quality("among", of=thing)
    if kind == "this_way":
        return Quality("status", text.lower())
    if kind == "team_controls":  # Two-Headed Giant
        return Quality("control", "your team")
    if kind == "in_party":
        return Quality("status", "in your party")
    if kind == "except_for":  # "Destroy all creatures and planeswalkers except for commanders"
        return Quality("other than", of=thing)
    if kind == "you_activate":
        return Quality("status", "activated", of=YOU)
    if kind == "drawn_this_turn":
        return Quality("status", "drawn this turn", of=YOU)
    if kind == "dealt_damage_by":
        return Quality("status", "dealt damage this turn", of=thing)
    if kind == "attacked_with":
        return Quality("status", "attacked with this turn", of=YOU)
    if kind in ("that", "thats", "thats_not"):
        found = qualities_of(children)
        if kind == "thats_not":
            found = [Quality(q.kind, q.value, not q.negated, q.comparison, q.amount, q.of, q.parts, q.event)
                     for q in found]
        return tuple(found)
    if kind == "superlative":
        return Quality("superlative", " ".join(w for w in ws if w not in ("with", "the", "among", "or", "tied",
                                                                         "for")), of=thing)
    if kind == "from_source":
        return Quality("source", parts=tuple(qualities_of(children)))
    if kind == "of":
        return Quality("of", of=thing)
    return Quality("raw", text)


@builds("with_list")
def _with_list(name: str, children: list[Any], text: str) -> Any:
    """"with flying", "with flying and vigilance" (each of them), "with flying or reach" (any of them); the
    items' own builders made the qualities. Named apart so the `with_` family doesn't read the list whole."""
    found = qualities_of(children)
    if len(found) > 1 and "or" in words(children):
        return Quality("any", parts=tuple(found))
    return tuple(found)


@builds("with_")
def _with(name: str, children: list[Any], text: str) -> Any:
    kind = name.removeprefix("with_")
    ws = words(children)
    if kind == "keyword":
        keyword = first(children, KeywordAbility)
        return Quality("keyword", keyword.keyword if keyword else text, of=None)
    if kind in ("compare", "compare_equal", "compare_other"):
        stat = _stat(ws)
        op, amount = part(children, "cmp", ("==", first(children, Amount)))
        if kind == "compare_equal":
            op, amount = "==", first(children, Amount)
        if kind == "compare_other":
            op = ">" if "greater" in ws else "<"
            other_stat = "toughness" if (ws[-1] if ws else "") == "toughness" else "power"
            amount = Amount("property", property=other_stat, of=part(children, "possessor"))
        return Quality("compare", stat, comparison=op, amount=amount)
    if kind == "different":  # "three or more creatures with different powers"
        return Quality("status", text.lower().removeprefix("with "))
    if kind == "values":  # "with mana value 4, 5, or 6": any of them
        stat = _stat(ws)
        return Quality("any", parts=tuple(Quality("compare", stat, comparison="==", amount=a)
                                          for a in nodes(children, Amount)))
    if kind == "lesser_greater":  # "a spell with lesser mana value": than the one the sentence names
        return Quality("compare", "mana value", comparison="<" if "lesser" in ws else ">",
                       amount=Amount("property", property="mana value", of=Reference("it", text="it"), text=text))
    if kind == "counter":
        return Quality("counter", part(children, "counter", ""))
    if kind == "any_counter":
        return Quality("counter", "")
    if kind == "no_counters":  # "with no counters on it"
        return Quality("counter", "", negated=True)
    if kind == "same_name":
        return Quality("shares", "name", of=first(children, THINGS))
    if kind == "chosen_name":
        return Quality("chosen", "name")
    if kind == "mv_x":
        return Quality("compare", "mana value", comparison="==", amount=Amount("variable", name="X", text="X"))
    if kind == "no_abilities":
        return Quality("status", "no abilities")
    if kind == "superlative":
        return Quality("superlative", " ".join(ws[2:]))
    return Quality("raw", text)


def _stat(ws: list[str]) -> str:
    if "total" in ws:
        return "total mana value" if "mana" in ws else "total power"
    if "converted" in ws or ("mana" in ws and "value" in ws):
        return "mana value"
    if "power" in ws and "toughness" in ws and "or" in ws:
        return "power or toughness"
    return "toughness" if "toughness" in ws and "power" not in ws else "power"


@builds("rel_")
def _rel(name: str, children: list[Any], text: str) -> Any:
    kind = name.removeprefix("rel_")
    thing = first(children, THINGS)
    ws = words(children)
    statuses = {"attacked_or_blocked": "attacked or blocked this turn", "dealt_damage": "dealt damage this turn",
                "entered": "entered this turn", "died": "died this turn", "attacking": "attacking",
                "put_there": "put there from the battlefield this turn"}
    if kind == "not_shares":
        what = "creature type" if "creature" in ws else "card type" if "card" in ws else ws[-2]
        return Quality("shares", what, negated=True, of=thing)
    if kind == "convoked":  # "each creature that convoked it" (702.51)
        return Quality("status", "convoked", of=thing)
    if kind in statuses:
        return Quality("status", statuses[kind])
    if kind == "targets":
        return Quality("targets", "only" if "only" in ws else "", of=thing)
    if kind == "shares":
        what = "creature type" if "creature" in ws else "card type" if "card" in ws else ws[2]
        return Quality("shares", what, of=thing)
    if kind == "not_creature":
        return Quality("type", "creature", negated=True)
    if kind == "counters":
        return Quality("counter", part(children, "counter", ""))
    if kind == "state_status":
        value = [c for c in children if built_word(c) and c not in ("a", "an", "the")]
        return Quality("status", value[-1] if value else " ".join(ws))
    if kind in ("state_desc", "state_not"):
        nouns, _ = part(children, "nouns", ((), False))
        found = list(part(children, "adjs", ()))
        types = [Quality("type", n) for n in nouns]
        found.extend(types if len(types) <= 1 else [Quality("any", parts=tuple(types))])
        if "still" in ws:
            found.extend(Quality("type", c) for c in children if built_word(c))
        if kind == "state_not":
            found = [Quality(q.kind, q.value, not q.negated, q.comparison, q.amount, q.of, q.parts, q.event)
                     for q in found]
        return tuple(found)
    if kind == "state_color":
        return Quality("color", next(c for c in children if built_word(c)))
    if kind == "state_legendary":
        return Quality("supertype", "legendary")
    if kind == "state_chosen":
        return Quality("chosen", "color" if "color" in ws else "type")
    if kind == "state_every_land_type":
        return Quality("status", "every basic land type")
    if kind == "state_copy":
        return Quality("copy", of=thing)
    return Quality("raw", text)


@builds("pq_")
def _protection_quality(name: str, children: list[Any], text: str) -> Any:
    kind = name.removeprefix("pq_")
    if kind == "color":
        return Quality("color", next(c for c in children if built_word(c)))
    if kind == "each_color":
        return Quality("color", "each")
    if kind == "everything":
        return Quality("everything")
    if kind == "chosen_color":
        return Quality("chosen", "color")
    if kind == "chosen_player":
        return Quality("chosen", "player")
    if kind == "opponents":
        return Quality("control", "opponent")
    if kind == "adj":
        found = qualities_of(children)
        return found[0] if len(found) == 1 else Quality("all", parts=tuple(found))
    if kind == "description":
        nouns, _ = part(children, "nouns", ((), False))
        found = list(part(children, "adjs", ()))
        found.extend(qualities_of([c for c in children if not isinstance(c, Part)]))
        kinds = []
        for noun in nouns:
            if noun in ("creature", "artifact", "enchantment", "land", "planeswalker", "instant", "sorcery",
                        "battle"):
                kinds.append(Quality("type", noun))
            elif noun[:1].isupper():
                kinds.append(Quality("subtype", noun))
            else:
                kinds.append(Quality("type", noun))
        if len(kinds) > 1:
            found.append(Quality("any", parts=tuple(kinds)))
        else:
            found.extend(kinds)
        return found[0] if len(found) == 1 else Quality("all", parts=tuple(found))
    return Quality("raw", text)


@builds("quality_list")
def _quality_list(name: str, children: list[Any], text: str) -> Part:
    return Part("qualities", tuple(qualities_of(children)))


# --- references and possessors --------------------------------------------------------------------------

@builds("ref_")
def _reference(name: str, children: list[Any], text: str) -> Any:
    kind = name.removeprefix("ref_")
    possessor = part(children, "possessor")
    nouns, plural = part(children, "nouns", ((), False))
    noun = nouns[0] if nouns else ""
    ws = words(children)
    simple = {"self": Reference("self", text=text), "it": Reference("it", text=text),
              "they": Reference("they", text=text), "each_of_them": Reference("they", noun="each", text=text),
              "you": YOU, "copy": Reference("that", noun="copy", text=text),
              "token": Reference("that", noun="token", text=text),
              "the_creature": Reference("that", noun="creature", text=text),
              "the_card": Reference("that", noun="card", text=text),
              "the_player": Reference("that", noun="player", text=text),
              "defending": Reference("defending player", text=text), "active": Reference("active player", text=text),
              "chosen_player": Reference("chosen", noun="player", text=text),
              "monarch": Reference("monarch", text=text),
              "neighbour": Reference("neighbour", noun=ws[-1] if ws else "", text=text),
              "this_ability": Reference("self", noun="ability", text=text),
              "exiled": Reference("exiled", noun="card", text=text),
              "revealed": Reference("revealed", noun="card", text=text),
              "discarded": Reference("discarded", noun="card", text=text)}
    if kind in simple:
        return simple[kind]
    if kind == "opponents_of":
        return Description(Selector("each"), ("opponent",), (Quality("opponent of", of=possessor),), text=text)
    if kind == "zone_cards":
        zone = "hand" if "hand" in ws else "graveyard" if "graveyard" in ws else "library"
        return Description(Selector("all"), ("card",), (Quality("zone", zone, of=possessor),), text=text)
    if kind == "your_opponents":
        return Description(Selector("each"), ("opponent",), text=text)
    if kind == "that":
        qualities = tuple(qualities_of([c for c in children if not isinstance(c, Part)]))
        noun = noun or ("player" if "player" in ws else "")
        ref = Reference("that", noun=noun, text=text)
        if qualities or plural:
            return ref if not qualities else Reference("that", noun=noun, text=text)
        return ref
    if kind == "controller_of_the":
        return Reference("controller", of=Reference("that", noun=noun, text=text), text=text)
    if kind == "attached":
        sub = part(children, "subtype")
        noun = noun or sub or ("player" if "player" in ws else (ws[-1] if ws else ""))
        return Reference("attached", noun=noun, text=text)
    if kind in ("controller", "owner"):
        return Reference(kind, of=possessor or Reference("it", text="its"), text=text)
    if kind == "duplicate":
        return Reference("that", noun="duplicate", text=text)
    if kind in ("owner_of", "controller_of"):  # "the owner of target nonland permanent"
        return Reference(kind.removesuffix("_of"), of=first(children, THINGS), text=text)
    if kind == "chosen":
        return Reference("chosen", noun=noun or (ws[-1] if ws else ""), text=text)
    if kind == "sacrificed":
        return Reference("sacrificed", noun=noun or "creature", text=text)
    return Reference("raw", text=text)


@builds("poss_")
def _possessor(name: str, children: list[Any], text: str) -> Part:
    kind = name.removeprefix("poss_")
    thing = first(children, THINGS)
    table: dict[str, Any] = {
        "its": Reference("it", text="its"), "their": Reference("they", text="their"), "your": YOU,
        "that_player": Reference("that", noun="player", text="that player"),
        "that_creature": Reference("that", noun="creature", text="that creature"),
        "that_card": Reference("that", noun="card", text="that card"),
        "that_spell": Reference("that", noun="spell", text="that spell"),
        "that_permanent": Reference("that", noun="permanent", text="that permanent"),
        "self": Reference("self", text=text),
        "each_player": Description(Selector("each"), ("player",), text="each player"),
        "each_opponent": Description(Selector("each"), ("opponent",), text="each opponent"),
        "an_opponent": Description(Selector("a"), ("opponent",), text="an opponent"),
        "a_player": Description(Selector("a"), ("player",), text="a player"),
        "target_player": Description(Selector("target", rules=(R.TARGETS,)), ("player",), text="target player"),
        "target_opponent": Description(Selector("target", rules=(R.TARGETS,)), ("opponent",), text="target opponent"),
        "defending": Reference("defending player", text="defending player"),
        "its_owner": Reference("owner", of=Reference("it", text="its"), text="its owner"),
        "its_controller": Reference("controller", of=Reference("it", text="its"), text="its controller"),
        "enchanted": Reference("attached", noun="creature", text="enchanted creature"),
        "equipped": Reference("attached", noun="creature", text="equipped creature"),
        "chosen_player": Reference("chosen", noun="player", text="the chosen player"),
        "sacrificed": Reference("sacrificed", noun="creature", text="the sacrificed creature"),
        "exiled": Reference("exiled", noun="card", text="the exiled card"),
    }
    if kind == "thing":
        return Part("possessor", thing)
    return Part("possessor", table.get(kind, Reference("raw", text=text)))


# --- zones --------------------------------------------------------------------------------------------

_ZONE_WORDS = {"graveyard": "graveyard", "graveyards": "graveyard", "hand": "hand", "hands": "hand",
               "library": "library", "libraries": "library"}


def _zone_word(ws: list[str]) -> str:
    for w in reversed(ws):
        if w in _ZONE_WORDS:
            return _ZONE_WORDS[w]
    return ""


@builds("dest_")
def _destination(name: str, children: list[Any], text: str) -> Zone:
    kind = name.removeprefix("dest_")
    owner = part(children, "possessor")
    its_owner = Reference("owner", of=Reference("it", text="its"), text="its owner")
    if kind == "hand":
        return Zone("hand", owner=owner, text=text)
    if kind == "owner_hand":
        return Zone("hand", owner=its_owner, text=text)
    if kind == "owner_library":
        return Zone("library", owner=its_owner, text=text)
    if kind == "graveyard":
        return Zone("graveyard", owner=owner, text=text)
    if kind == "owner_graveyard":
        return Zone("graveyard", owner=its_owner, text=text)
    if kind == "graveyard_any":
        return Zone("graveyard", text=text)
    if kind == "battlefield":
        values: dict[str, Any] = {}
        for c in children:
            if isinstance(c, Part):
                if c.role == "controller":
                    values["controller"] = c.value
                elif c.role in ("tapped", "attacking", "face_down", "transformed"):
                    values[c.role] = True
                elif c.role == "counters":
                    values["counter"], values["counter_amount"] = c.value[1], c.value[0]
                elif c.role == "attached to":
                    values["attached_to"] = c.value
        return Zone("battlefield", text=text, **values)
    if kind.startswith("library"):
        position = {"library_top": "top", "library_bottom": "bottom", "library_top_or_bottom": "top or bottom",
                    "library_nth": "second from the top" if "second" in words(children) else "third from the top",
                    "library": ""}[kind]
        if "random" in words(children):
            position = position or "random"
        return Zone("library", owner=owner or (its_owner if "owners" in words(children) else None), position=position,
                    text=text)
    if kind == "exile":
        return Zone("exile", text=text)
    if kind == "command":
        return Zone("command", text=text)
    if kind == "stack":
        return Zone("stack", text=text)
    return Zone("anywhere", text=text)


@builds("bf_")
def _battlefield_mod(name: str, children: list[Any], text: str) -> Part:
    kind = name.removeprefix("bf_")
    if kind == "under":
        return Part("controller", part(children, "possessor"))
    if kind == "under_owner":
        return Part("controller", Reference("owner", of=Reference("it", text="its"), text="its owner"))
    if kind == "tapped_attacking":
        return Part("both", None)
    if kind == "attached":
        return Part("attached to", first(children, THINGS))
    if kind == "counters":
        spec = part(children, "counters")
        if spec is None:
            spec = (Amount("number", 1, text="an additional"), part(children, "counter", ""))
        return Part("counters", spec)
    return Part(kind, True)


@builds("zone_")
def _zone(name: str, children: list[Any], text: str) -> Any:
    kind = name.removeprefix("zone_")
    owner = part(children, "possessor")
    ws = words(children)
    if kind == "in":
        return Quality("zone", _zone_word(ws), of=owner if owner is not None else
                       (Description(Selector("a"), ("opponent",)) if "opponent" in ws else None))
    if kind == "in_any_graveyard":
        return Quality("zone", "graveyard")
    if kind == "in_exile":
        return Quality("zone", "exile")
    if kind == "stack":
        return Quality("zone", "stack")
    if kind == "top_library":
        return Quality("zone", "top of library", of=owner)
    if kind == "command":
        return Quality("zone", "command")
    if kind == "command_or_battlefield":
        return Quality("zone", "command zone or battlefield")
    if kind == "battlefield":
        return Quality("zone", "battlefield")
    # zone_from…: where something comes from
    if kind == "from":
        zones = [w for w in ws if w in _ZONE_WORDS]
        zone = " or ".join(_ZONE_WORDS[w] for w in zones) if len(zones) > 1 else (_zone_word(ws) or "anywhere")
        return Part("origin", Zone(zone, owner=owner, text=text))
    origins = {"from_any_graveyard": "graveyard", "from_exile": "exile", "from_battlefield": "battlefield",
               "from_anywhere": "anywhere", "from_top": "library", "from_command": "command",
               "from_outside": "outside the game", "from_among": "among", "from_single_graveyard": "single graveyard",
               "from_top_graveyard": "graveyard"}
    zone = origins.get(kind, "anywhere")
    position = "top" if kind in ("from_top", "from_top_graveyard") else ""
    return Part("origin", Zone(zone, owner=owner or first(children, THINGS), position=position, text=text))


# --- amounts --------------------------------------------------------------------------------------------

@builds("number")
def _number(name: str, children: list[Any], text: str) -> Amount:
    word = text.lower()
    if word == "x":
        return Amount("variable", name="X", text="X", rules=(R.VARIABLE_X,))
    value = number_value(word)
    return Amount("number", value, text=text) if value is not None else Amount("raw", property=text, text=text)


@builds("pt", "pt_mod")
def _pt(name: str, children: list[Any], text: str) -> Any:
    return pt_of(text)


def pt_of(text: str) -> Any:
    from judge_app.cardtext.nodes import PT

    power, toughness = text.split("/")

    def side(value: str) -> Amount:
        bare = value.lstrip("+-")
        sign = -1 if value.startswith("-") else 1
        if bare.lower() in ("x", "y"):
            base = Amount("variable", name=bare.upper(), text=bare.upper(), rules=(R.VARIABLE_X,))
            return base if sign > 0 else Amount("times", factor=-1, base=base, text=value)
        if bare == "*":
            return Amount("raw", property="*", text="*")
        return Amount("number", sign * int(bare), text=value)

    return PT(side(power), side(toughness), signed=text[:1] in "+-", text=text)


@builds("pt_value")
def _pt_value(name: str, children: list[Any], text: str) -> Amount:
    return _number(name, children, text)


@builds("amt_")
def _amount(name: str, children: list[Any], text: str) -> Amount:
    kind = name.removeprefix("amt_")
    inner = first(children, Amount)
    x = Amount("variable", name="X", text="X", rules=(R.VARIABLE_X,))
    if kind == "number":
        return inner
    if kind == "more_than":
        return replace(inner, comparison=">", text=text)
    if kind == "x":
        return x
    if kind in ("that_much", "that_many"):
        return Amount("event", text=text)
    if kind == "twice_that":
        return Amount("times", factor=2, base=Amount("event", text="that much"), text=text)
    if kind == "twice_x":
        return Amount("times", factor=2, base=x, text=text)
    if kind == "half":
        return Amount("half", base=x, rounding="down", text=text)
    if kind == "x_plus":
        return Amount("plus", base=x, other=inner, text=text)
    if kind == "count":
        return Amount("count", of=first(children, THINGS), text=text)
    if kind == "plus_count":
        return Amount("plus", base=inner, other=Amount("count", of=first(children, THINGS)), text=text)
    if kind in ("a_number", "any_number"):
        return Amount("any" if kind == "any_number" else "equal", text=text)
    if kind == "up_to":
        return Amount("number", inner.value if inner else None, comparison="<=", text=text)
    if kind == "one_or_more":
        return Amount("number", 1, comparison=">=", text=text)
    if kind == "all":
        return Amount("all", text=text)
    if kind == "that_many_plus":
        return Amount("plus", base=Amount("event", text="that many"), other=inner, text=text)
    if kind == "times_x":
        return Amount("times", factor=inner.value if inner and inner.value else 3, base=x, text=text)
    return Amount("raw", property=text, text=text)


@builds("val_")
def _value(name: str, children: list[Any], text: str) -> Amount:
    kind = name.removeprefix("val_")
    possessor = part(children, "possessor")
    thing = first(children, THINGS)
    amounts = nodes(children, Amount)
    ws = words(children)
    properties = {"power": "power", "toughness": "toughness", "mana_value": "mana value", "life": "life total",
                  "loyalty": "loyalty"}
    if kind == "of":
        stat = "mana value" if "mana" in ws else next(w for w in ws if w in ("power", "toughness", "loyalty"))
        return Amount("property", property=stat, of=thing, text=text)
    if kind in properties:
        of = possessor or (Reference("that", noun="creature", text="that creature") if "creature" in ws else
                           Reference("that", noun="spell", text="that spell") if "spell" in ws else None)
        return Amount("property", property=properties[kind], of=of, text=text)
    if kind == "count":
        return Amount("count", of=thing, text=text)
    if kind == "counters":
        return Amount("count", property="counters", name=part(children, "counter", ""), of=thing, text=text)
    if kind in ("hand", "graveyard"):
        return Amount("property", property=f"cards in {kind}", of=possessor, text=text)
    if kind == "devotion":
        colors = next((c for c in children if built_word(c)), "")
        return Amount("property", property="devotion", name=colors, of=YOU, text=text)
    if kind in ("damage_dealt", "damage_prevented", "life_lost"):
        return Amount("event", property=kind.replace("_", " "), text=text)
    if kind in ("superlative", "total_power"):
        stat = " ".join(w for w in ws if w in ("greatest", "least", "highest", "lowest", "total", "power",
                                                "toughness", "mana", "value"))
        return Amount("property", property=stat, of=thing, text=text)
    if kind in ("half_life", "half"):
        base = amounts[0] if kind == "half" and amounts else Amount("property", property="life total", of=possessor)
        return Amount("half", base=base, rounding="up" if "up" in ws else "down", text=text)
    if kind in ("plus", "minus"):
        return Amount(kind, base=amounts[0] if amounts else None, other=amounts[1] if len(amounts) > 1 else None,
                      text=text)
    if kind == "twice":
        return Amount("times", factor=2, base=amounts[0] if amounts else None, text=text)
    if kind == "amount":
        return amounts[0] if amounts else Amount("raw", property=text, text=text)
    if kind == "difference":  # "equal to the difference": between the two amounts the sentence named
        return Amount("raw", property="the difference", text=text)
    if kind == "party":  # "the number of creatures in your party" (700.8)
        return Amount("property", property="party size", of=YOU, text=text)
    if kind == "damage_dealt_to":
        return Amount("property", property="damage dealt this turn", of=thing, text=text)
    if kind in ("sacrificed", "exiled"):
        stat = "mana value" if "mana" in ws else ("toughness" if "toughness" in ws else "power")
        ref = Reference(kind, noun="creature" if kind == "sacrificed" else "card", text=kind)
        return Amount("property", property=stat, of=ref, text=text)
    return Amount("raw", property=text, text=text)


@builds("cmp_")
def _comparison(name: str, children: list[Any], text: str) -> Part:
    kind = name.removeprefix("cmp_")
    inner = part(children, "cmp")
    if inner is not None:
        return Part("cmp", inner)
    amount = first(children, Amount)
    ops = {"at_least": ">=", "at_most": "<=", "exactly": "==", "more_than": ">", "less_than": "<",
           "greater_value": ">", "less_value": "<", "at_most_value": "<=", "at_least_value": ">=",
           "equal_value": "==", "even": "even", "odd": "odd"}
    if amount is None and "starting" in words(children):
        amount = Amount("property", property="starting life total", of=YOU, text="your starting life total")
    if amount is None and "power" in words(children):
        amount = Amount("property", property="power", of=Reference("it", text="its"), text="its power")
    return Part("cmp", (ops.get(kind, "=="), amount))


@builds("cmp", "cmp_number")
def _cmp_pass(name: str, children: list[Any], text: str) -> Part:
    inner = part(children, "cmp")
    if inner is not None:
        return Part("cmp", inner)
    return Part("cmp", ("==", first(children, Amount)))


@builds("counter_kind")
def _counter_kind(name: str, children: list[Any], text: str) -> Part:
    return Part("counter", text.lower() if not text.startswith(("+", "-")) else text)


@builds("counter_spec")
def _counter_spec(name: str, children: list[Any], text: str) -> Part:
    amount = first(children, Amount) or Amount("number", 1, text="an additional")
    return Part("counters", (amount, part(children, "counter", "")))


@builds("name", "name_word")
def _name(name: str, children: list[Any], text: str) -> Part:
    return Part("name", text)


def mana_symbol(text: str) -> ManaSymbol:
    """"{2/W}" → ManaSymbol (107.4)."""
    inner = text.strip("{}").upper()
    pieces = inner.split("/")
    if inner.isdigit():
        return ManaSymbol(f"{{{inner}}}", "generic", generic=int(inner), rules=(R.MANA_SYMBOLS,))
    if len(inner) == 1 and inner in "WUBRG":
        return ManaSymbol(f"{{{inner}}}", "colored", (inner,), rules=(R.MANA_SYMBOLS,))
    if inner == "C":
        return ManaSymbol("{C}", "colorless", rules=(R.MANA_SYMBOLS,))
    if inner in ("X", "Y", "Z"):
        return ManaSymbol(f"{{{inner}}}", "variable", rules=(R.VARIABLE_X,))
    if inner == "S":
        return ManaSymbol("{S}", "snow", rules=(R.SNOW_SYMBOL,))
    if pieces[-1] == "P":
        colors = tuple(p for p in pieces[:-1] if p in "WUBRG")
        return ManaSymbol(f"{{{inner}}}", "phyrexian hybrid" if len(colors) > 1 else "phyrexian", colors,
                          rules=(R.PHYREXIAN,))
    if len(pieces) == 2 and pieces[0] == "2":
        return ManaSymbol(f"{{{inner}}}", "twobrid", (pieces[1],), generic=2, rules=(R.HYBRID,))
    if len(pieces) == 2:
        return ManaSymbol(f"{{{inner}}}", "hybrid", tuple(p for p in pieces if p in "WUBRG"), rules=(R.HYBRID,))
    return ManaSymbol(f"{{{inner}}}", "other", rules=(R.MANA_SYMBOLS,))


@builds("mana_cost")
def _mana_cost(name: str, children: list[Any], text: str) -> ManaCost:
    return ManaCost(tuple(mana_symbol(t.value) for t in children if isinstance(t, Token)), text=text)


__all__ = ["PLAYER_NOUNS", "YOU", "has_part", "pt_of", "singular"]
