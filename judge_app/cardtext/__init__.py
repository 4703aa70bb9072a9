"""Oracle text → a typed syntax tree: what a card's abilities say, with the CR rules that govern them.

    from judge_app.cardtext import read
    card = read("Lightning Helix deals 3 damage to any target and you gain 3 life.",
                name="Lightning Helix", type_line="Instant")
    card.ok                      # True; else card.errors: ReadError(line, column, message, text)
    card.abilities[0]            # SpellAbility(effect=Effect(instructions=(Instruction("deal damage", …),
                                 #                                          Instruction("gain life", …))))
    card.targets(card.abilities[0])   # (Description(target=0, text="any target"),)

`read` never raises. Reminder text is ignored; the card's name, a legendary card's short name ("Teysa"
for "Teysa Karlov"), "this creature", "this spell" … are `Reference("self")`. Without a name, names the
text uses the way a card names itself ("Glacial Ray deals 2 damage …") are guessed. Without a type
line, a line is read as a permanent's ability when it reads as one, else as a spell's instructions.

The tree (nodes.py; every node is a frozen dataclass, `as_json()` gives plain data; fields only grow):

- CardText(abilities, errors, name, type_line)
- abilities, each with `text`, `line` and `rules` (AbilityNode, keyword-only):
  KeywordAbility(keyword, rule, cost, costs, amount, qualities, object, variant, name, ability) — every
  keyword of CR 702, named as 702 titles it ("Flying" 702.9, "Landwalk" 702.14 with the land as a
  Quality, "Cycling" for "Islandcycling" with `variant`);
  StaticAbility(effect, condition, cda); TriggeredAbility(trigger, effect);
  ActivatedAbility(cost, effect, restrictions); ManaAbility(cost, effect, restrictions) (605.1a);
  LoyaltyAbility(loyalty, effect); SpellAbility(effect); ReplacementAbility(mode, event, effect,
  condition, amount) — mode "instead", "prevent", "skip", "enters", "redirect".
- Effect(instructions): in order (608.2c), each an Instruction, a Modal(minimum, maximum, modes,
  chooser, mode_costs) or a DelayedTrigger(trigger, effect, reflexive,
  duration) (603.7, 603.12; "until your next turn, whenever …", 603.7b).
- Instruction(verb, subject, object, recipient, amount, origin, destination, pt, abilities,
  characteristics, mana, counter, choice, duration, condition, optional, negated, unless, action,
  qualifier, instead, cost, rules). `subject` None means the ability's controller. Keyword actions of
  701 are verbs by their name ("scry", "investigate", "amass"), with their rule in `rules`.
  "can't"/"must" wrap the forbidden or required action in `action`.
- Things: Description(selector, nouns, qualities, target) — "another target nonblack creature an
  opponent controls" is Selector("target", other=True), nouns ("creature",), qualities (color black
  negated, control opponent); `target` numbers the ability's targets in text order. Reference(kind,
  noun, of, refers_to) — "it", "that creature", "its controller", "enchanted creature", "you", self;
  `refers_to` resolves anaphora: "target:N", "event", "event subject", "self", "instruction:N".
  Group(things, conjunction) — "you and target opponent".
- Amount(kind: number, variable (X, with `base` when "where X is …"), count, property, event ("that
  much"), times, half, for each, plus, minus, all), Duration, Condition (kind control, compare, has,
  is, did ("if you do"), kicked, turn, event, would (a replacement's event), paid, level, and/or,
  raw), Quality, Selector, Zone, PT, Characteristics (what something becomes or a token is), Mana,
  Cost(mana, tap, untap, energy, actions, alternatives), ManaCost/ManaSymbol (107.4: generic,
  colored, colorless, hybrid, twobrid, phyrexian, variable, snow), Trigger(word, events, step,
  condition, chapters), Event, Step, Unless.

Grammar: `oracle.lark`, compiled by lark (parser.py) and read by our Earley loop with one token of
lookahead (earley.py) over tokens from our lexer (lexer.py); builders in things.py, clauses.py,
structure.py turn parse trees into nodes; assemble.py decides the ability kind; references.py numbers
targets and resolves pronouns. Keyword names, keyword actions, types and subtypes come from the 2026 CR
(terms.py, cr_terms.json). This package imports nothing of `judge_app.engine`.
"""

from __future__ import annotations

from judge_app.cardtext.nodes import (
    ABILITY_TYPES,
    PT,
    ActivatedAbility,
    Amount,
    CardText,
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
    LoyaltyAbility,
    Mana,
    ManaAbility,
    ManaCost,
    ManaSymbol,
    Modal,
    Quality,
    ReadError,
    Reference,
    ReplacementAbility,
    Selector,
    SpellAbility,
    StaticAbility,
    Step,
    Trigger,
    TriggeredAbility,
    Unless,
    Zone,
    as_json,
    targets,
)


def read(text: str, *, name: str | None = None, type_line: str | None = None) -> CardText:
    """A card's Oracle text → CardText (abilities, or positioned errors). Never raises."""
    from judge_app.cardtext.reader import read as _read

    return _read(text, name=name, type_line=type_line)


__all__ = [
    "ABILITY_TYPES", "PT", "ActivatedAbility", "Amount", "CardText", "Characteristics", "Condition", "Cost",
    "DelayedTrigger", "Description", "Duration", "Effect", "Event", "Group", "Instruction", "KeywordAbility",
    "LoyaltyAbility", "Mana", "ManaAbility", "ManaCost", "ManaSymbol", "Modal", "Quality", "ReadError", "Reference",
    "ReplacementAbility", "Selector", "SpellAbility", "StaticAbility", "Step", "Trigger", "TriggeredAbility",
    "Unless", "Zone", "as_json", "read", "targets",
]
