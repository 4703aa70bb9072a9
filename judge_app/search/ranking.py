"""How full-text scores become a ranking: weights per kind of entry, word coverage, and title matches.

In order of strength:
1. A query naming a keyword rule, section or glossary term ("trample", "mulligan", "legend rule") puts that
   entry first, then the rules its glossary entry sends to; asked what it means ("what is the maximum hand
   size", "how does exalted work"), the rules themselves first: those the entry sends to, and the subrule
   stating a rule that is only a title (702.83a for 702.83 "Exalted").
2. BM25 (see `scoring`), times the rarity-weighted share of the query's words the entry holds, so a
   rule combining "deathtouch", "trample" and "lethal damage" beats an entry naming only one of them.
   For two mechanics or more, the entries holding them all (where they meet) weigh more; an entry holding one and
   the concept another acts through (`lexicon/concepts.toml`: deathtouch → "lethal damage") meets that one too.
3. Glossary entries and guide paragraphs weigh less than rules: a short definition does not crowd
   out the rule ("mulligan" once ranked the London/Paris/Vancouver entries first), and the guides are
   the lowest authority.
4. A short story's cues ("in response", "dies", "gain control") lift the rules that decide such situations
   (`lexicon/situations.toml`: the stack, look-back, state-based actions …), each by how much of the
   question it holds: the deciding rule rarely uses the story's words, but the best of them holds some.
   An event of the story, a combination of happenings (`lexicon/events.toml`: "a cast trigger" and "the spell
   was countered"), lifts the rules that decide it more, and even a rule holding little of the question; in a
   question naming two mechanics or more, less when none of its cues names one of them.
5. The question's shape: "who chooses …" prefers entries saying who chooses, "how many …" entries with a count
   (the lexicon's [hints], or a number), "which happens first" entries saying what goes on top or in which order;
   "when do/can …" and "is there a window …" the rules of timing and priority and of the turn's steps.
6. A subrule holding no more of the question than its rule, or than an earlier subrule of the same rule, found
   too, steps behind it: the rule states the general case (305.2 "A player can normally play one land during their
   turn"), the subrule a detail; under a heading (702.61 Split Second) the first subrule holding the question
   states it (702.61a), later ones treat cases (702.61b); the heading itself, for a question asking more than its
   term, steps behind them all ("what does protection from red stop": 702.16a–f before 702.16 "Protection").
7. A rule within a rule or section the question names (a rule title, or the rules a glossary term it names sends
   to) weighs more, by the share of the question naming it: the question's topic ("can a tapped creature block":
   the glossary's Block sends to 509, so 509.1a before 702.39a Provoke, which also holds "untapped" and "block").
8. The rules of a multiplayer or casual variant (Two-Headed Giant, Commander, Archenemy …) weigh less when the
   question names no word of that variant (its title, its chapter's, or a glossary term only it uses): they
   restate ordinary rules for the variant ("how many poison counters to lose": 704.5c, not 810.10b).
The weights were tuned on the development query set (`benchmarks/search_queries.toml`) and the development
half of the player questions.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from judge_app.corpus.model import Rule
from judge_app.search.entries import GLOSSARY, GUIDE, RULE
from judge_app.search.questions import Question

KIND_WEIGHT = {RULE: 1.0, GLOSSARY: 0.4, GUIDE: 0.45}
# A title or glossary term naming the whole query adds this much (the full-text top hit scores 1) …
EXACT_WEIGHT = {RULE: 2.0, GLOSSARY: 1.5, GUIDE: 0.0}
PARTIAL_TITLE = 0.2  # … and one naming part of it, this share of that (times the part it names) …
SEVERAL_TITLES = 0.2  # … or this, when the query is several rule titles ("atropelar toque mortífero").
GLOSSARY_RULE_SHARE = 0.85  # the rules a named glossary entry sends to get this share of its bonus (asked what a
#                             term means, the other way round: "cómo funciona la regla de leyendas" wants 704.5j)
HEADING_SHARE = 0.75  # asked what a rule that is only a title means (a keyword, a section), its first subrule, which
#                       states it, takes the title's bonus and the title keeps this share ("how does exalted work" →
#                       702.82a, "what counts as a permanent" → 110.1; "exalted" alone → 702.82)
COORDINATION = 2.0  # how hard entries holding only some of the query's words are pushed down
AROUND = 0.7  # a word only in an entry's examples holds this much of a unit …
STORY_AROUND = 1.0  # … and all of it when the question tells a story: the rules' examples are stories too ("my
#                     blocker got bounced before damage, does the attacker hit me": 510.1c, whose example tells of
#                     an attacker, its blockers and the damage it assigns)
MEETING = 1.3  # an entry holding every mechanic a question names (two or more) weighs this much more
CONCEPT_HOLD = 0.7  # an entry holding one mechanic the question names and the concept another acts through
#                    (`lexicon/concepts.toml`: deathtouch → "lethal damage", in 702.19b of trample) holds this much
#                    of the other, as a word in its examples, and meets both
LISTING = 5  # an entry naming this many keywords is a list, not where two of them meet …
LISTED = 0.5  # … and weighs this much for a question naming two or more mechanics
NAMED_COVERAGE = 1.0  # how much a title bonus shrinks when the entry holds only some of the question
SUBRULE_STEP = 0.04  # see `position`
TIMING_RULES = ("117", "5")  # Timing and Priority, and the turn's steps and phases (chapter 5; 2026 numbers) …
TIMING_LIFT = 1.3  # … weigh this much more for a question asking when ("when do I draw" → 504.1, the draw step)
SHAPE_HINT = 1.15  # an entry holding a word the answer to the question's shape uses ("who chooses" → "chooses")
NUMBER_SHAPES = ("count",)  # … or, asked how many, a number ("how many cards in a commander deck" → 903.5a, "100")
CUE_WEIGHT = 1.2  # a family of rules a story's cue points to: each of its rules gets this (times its coverage) …
CUE_REPEAT = 0.25  # … and this share more for each further cue pointing to it, …
CUE_MOST = 1.5  # … up to this many times CUE_WEIGHT
LONE_CUE = 0.5  # a cue in a question that tells no story ("what happens to my commander when it dies") weighs this
CUE_COVERAGE = 1.0  # how much a cue's bonus shrinks when the rule holds only some of the question
EVENT_WEIGHT = 2.0  # an event of the story (`lexicon/events.toml`: "a cast trigger" and "countered") lifts its rules
#                     this much, more than a family cue: a combination of happenings names the deciding rule …
EVENT_ORDER = 0.9  # … each later rule of the event this share of the one before (the deciding rule comes first) …
EVENT_FLOOR = 0.5  # … and a rule holding none of the question's words still this share of it (the deciding rule
#                    rarely uses the story's words: 601.2i says "cast" and "trigger", not "countered")
EVENT_UNTOLD = 0.5  # in a question naming two mechanics or more, an event none of whose cues names one of them
#                     weighs this much: what is asked is where they meet, which the event does not know
PARENT_FIRST = 0.85  # a subrule holding no more of the question than its rule (found too) weighs this much
HEADING_ASKED = 0.6  # a rule that is only a title ("702.16 Protection") weighs this much for a question asking more
#                     than the term ("what does pro red stop"): what it asks is said in its subrules
VARIANT_CHAPTERS = ("8", "9")  # multiplayer rules and casual variants (Two-Headed Giant, Commander, Archenemy …)
TOPIC_LIFT = 0.5  # a rule within a rule or section the question names (its title, or where a glossary term it names
#                   sends) weighs up to this much more, times the share of the question naming it: "can a tapped
#                   creature block" → 509.1a (the glossary's Block sends to 509) before 702.39a (Provoke)
UNASKED_VARIANT = 0.7  # a rule of a variant the question names no word of ("how many poison counters to lose":
#                        704.5c, not 810.10b of Two-Headed Giant) weighs this much


def position(kind: str, key: str) -> float:
    """A rule's first subrules state it ("702.11b: Hexproof on a permanent means …"); later ones treat
    cases. Between otherwise equal subrules, the earlier wins: each letter costs SUBRULE_STEP."""
    if kind != RULE or not key[-1:].isalpha():
        return 1.0
    return max(1 - SUBRULE_STEP * (ord(key[-1]) - ord("a")), 1 - 10 * SUBRULE_STEP)


def held_share(held: list[float], weights: list[float]) -> float:
    """The weighted share of the query's units an entry holds; `held` is, per unit, the share of its best
    form's words the entry holds (1: all of them). Scores are multiplied by it ** COORDINATION, and
    title bonuses by it ** NAMED_COVERAGE (naming one part of a question is not answering it)."""
    total = sum(weights)
    if len(held) < 2 or not total:
        return 1.0
    return sum(w * h for h, w in zip(held, weights, strict=True)) / total


def several_titles(question: Question) -> bool:
    """The question is only rule titles, two or more ("atropelar toque mortífero")."""
    words = [u for u in question.counted if u.source != "number"]
    return len(words) > 1 and all(any(n.kind == RULE for n in u.named) for u in words)


def named(question: Question, rules: Collection[str]) -> dict[str, float]:
    """Title, glossary-term and rule-number matches in the question's document: ref → bonus.

    A unit naming a title or glossary term earns that entry a bonus in proportion to its share of the
    question's weight: the full bonus when it is the whole question ("what is the maximum hand size"),
    a small one when it is one part of a longer one. A question made of several rule titles ("atropelar
    toque mortífero": two keywords) gives each a good share. A rule number among the words ("702.19c
    trample") names that rule outright. The rules a named glossary entry sends to get most of its bonus.
    """
    doc = question.doc
    bonus: dict[str, float] = {}
    units = question.counted
    for unit in units:
        if unit.source == "number" and unit.forms[0][0] in rules:
            bonus[f"{doc}|{RULE}|{unit.forms[0][0]}"] = EXACT_WEIGHT[RULE]
    words = [u for u in units if u.source != "number"]
    total = sum(u.weight for u in words)
    if not total:
        return bonus
    several = several_titles(question)
    asked = question.shape == "definition"  # "what is …", not a bare term: the rules themselves before their names
    for unit in words:
        if unit.condition and not several:
            continue  # "what happens to my commander when it dies" asks about the commander, not what dying is
        share = unit.weight / total
        for entry in unit.named:
            if share > 0.999:
                part = 1.0
            elif several and entry.kind == RULE:
                part = SEVERAL_TITLES
            else:
                part = PARTIAL_TITLE * share
            weight = part * EXACT_WEIGHT[entry.kind]
            own, sent = (GLOSSARY_RULE_SHARE, 1.0) if asked and entry.rules else (1.0, GLOSSARY_RULE_SHARE)
            bonus[entry.ref] = max(bonus.get(entry.ref, 0.0), weight * own)
            for i, number in enumerate(entry.rules):
                ref = f"{doc}|{RULE}|{number}"
                bonus[ref] = max(bonus.get(ref, 0.0), weight * sent * (0.97 ** i))
            defining = asked and entry.kind == RULE and _defining(entry.ref, rules)
            if defining:  # the heading steps back for the subrule that states it
                bonus[entry.ref] = weight * HEADING_SHARE
                ref = f"{doc}|{RULE}|{defining}"
                bonus[ref] = max(bonus.get(ref, 0.0), weight)
    return bonus


def _defining(ref: str, rules: Collection[str]) -> str | None:
    """The subrule that states a rule which is only a title ("702.82 Exaltado" → 702.82a), or None."""
    number = ref.rsplit("|", 1)[1]
    rule = rules.get(number) if isinstance(rules, Mapping) else None
    if rule is None or not rule.children or not only_title(rule):
        return None
    return rule.children[0]


def only_title(rule: Rule) -> bool:
    """Whether the rule says nothing but its title ("702.82 Exalted", "110 Permanents"): a heading over its subrules."""
    return rule.text.strip() == (rule.title or "").strip()


def cued(question: Question, family_rules: dict[str, tuple[str, ...]]) -> dict[str, float]:
    """The rules of the families the question's cues point to (numbers in its document): ref → bonus.
    A rule in several of them (113.7a: resolution and look-back) takes the best."""
    bonus: dict[str, float] = {}
    for family, cues in question.situation.items():
        weight = CUE_WEIGHT * min(1 + CUE_REPEAT * (cues - 1), CUE_MOST) * (1.0 if question.story else LONE_CUE)
        for number in family_rules.get(family, ()):
            ref = f"{question.doc}|{RULE}|{number}"
            bonus[ref] = max(bonus.get(ref, 0.0), weight)
    return bonus


def evented(question: Question, event_rules: dict[str, tuple[str, ...]],
            factors: Mapping[str, float] | None = None) -> dict[str, float]:
    """The rules of the events recognised in the question's story (numbers in its document, the deciding rule
    first): ref → bonus, before it is scaled by how much of the question the rule holds (`event_share`); `factors`:
    events weighing less (`EVENT_UNTOLD`). A rule of several events takes the best."""
    bonus: dict[str, float] = {}
    for event in question.events:
        weight = EVENT_WEIGHT * (factors or {}).get(event, 1.0)
        for i, number in enumerate(event_rules.get(event, ())):
            ref = f"{question.doc}|{RULE}|{number}"
            bonus[ref] = max(bonus.get(ref, 0.0), weight * EVENT_ORDER ** i)
    return bonus


def event_share(held: float) -> float:
    """How much of an event's bonus a rule holding `held` of the question gets: `EVENT_FLOOR` at least."""
    return EVENT_FLOOR + (1 - EVENT_FLOOR) * held
