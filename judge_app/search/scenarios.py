"""Which library scenarios answer a search: "see it happen".

A scenario is matched on the rules it cites and on its words:
- rules: the search's best hits (each rule, and the rules a glossary hit sends to), numbered in the 2026
  rules through the alignment, against the rules the scenario's answer names (they weigh most) and those
  its replay cites (each weighing by how few scenarios cite it: every replay cites 117.4 and 500.2); a cited
  subrule of the same rule as a hit counts in part ("702.19c" for a hit on "702.19b");
- words: the question's units against the scenario's title, question and tags (English; in other
  languages a unit matches through its English form when the corpus pairs one with it, and words with no
  English form are left out), each unit by the share of its words the scenario holds: a scenario tells its
  story in its own words ("discarding to hand size" for "discard down to 7").
A scenario is shown when both agree enough (`THRESHOLD`) and it is not far behind the best (`RELATIVE`); at most
`LIMIT`, best first.
"""

from __future__ import annotations

import copy
import math
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from judge_app.search.analysis import CHAINS, terms
from judge_app.search.questions import Question

ENGINE_DOC = "en-2026"  # the numbering scenarios cite
HITS = 8  # the search's best hits that vote
RULE_NORM = 3  # the rule score is out of the weight of this many best hits
ANSWER_WEIGHT = 1.0  # a rule the answer names …
CITED_WEIGHT = 0.35  # … and one the replay cites (times its rarity in the library, 0–1)
FAMILY = 0.5  # a cited subrule of the same rule as a hit counts this share
RULES_SHARE = 0.6  # the score: this much from rules, the rest from words
TOLD = 0.8  # a unit the scenario holds in its title or question, not its tags, counts this much
THRESHOLD = 0.40
RELATIVE = 0.6  # a scenario scoring less than this share of the best one rides on a rule or two of its hits: left out
LIMIT = 3


@dataclass(slots=True)
class ScenarioHit:
    id: str
    title: str
    question: str
    tags: list[str]
    rules: list[str] = field(default_factory=list)  # rules it shares with the results, numbered as searched
    score: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "question": self.question, "tags": self.tags,
                "rules": self.rules, "score": self.score}


@dataclass(slots=True)
class _Profile:
    summary: Any  # catalogue.Summary
    rules: dict[str, float]  # 2026 number → weight
    families: dict[str, float]  # 2026 rule ("702.19") → the weight of its best cited subrule
    words: frozenset[str]  # index terms of title, question and tags (English, both chains)
    tags: frozenset[str]


class ScenarioFinder:
    """The catalogue, prepared for matching; `find` answers one search."""

    def __init__(self, summaries, alignment):
        self.summaries = summaries
        self.alignment = alignment
        cited_by = Counter(n for s in summaries for n in set(s.cited))
        total = max(len(summaries), 1)
        self.profiles: list[_Profile] = []
        self._by_family: dict[str, list[_Profile]] = {}
        for s in summaries:
            rules: dict[str, float] = {}
            for number in s.cited:
                rarity = math.log(total / cited_by[number]) / math.log(total) if total > 1 else 1.0
                rules[number] = max(rules.get(number, 0.0), CITED_WEIGHT * rarity)
            for number in s.answer_rules:
                rules[number] = ANSWER_WEIGHT
            families: dict[str, float] = {}
            for number, weight in rules.items():
                families[_family(number)] = max(families.get(_family(number), 0.0), weight)
            text = " ".join([s.title, s.question])
            words = frozenset(t for chain in CHAINS for t in terms(text, "en", chain))
            tags = frozenset(t for tag in s.tags for chain in CHAINS for t in terms(tag, "en", chain))
            profile = _Profile(s, rules, families, words | tags, tags)
            self.profiles.append(profile)
            for family in families:
                self._by_family.setdefault(family, []).append(profile)

    def using(self, alignment) -> ScenarioFinder:
        """This finder with `alignment` (one kept in a file is kept without)."""
        made = copy.copy(self)
        made.alignment = alignment
        return made

    def find(self, hits: list[tuple[str, list[str]]], questions: list[Question], words_needed: bool = True
             ) -> list[ScenarioHit]:
        """`hits`: the search's best hits in rank order, each as (document, the rule numbers it stands for);
        `questions`: the query as read in the searched document and in English (either may be missing).
        With `words_needed` false (a rule number was asked), the rules alone decide."""
        wanted = [_wanted(q) for q in questions]
        found = []
        for profile, rule_score, shared in self._rule_scores(self._votes(hits)):
            if words_needed:
                word_score = max((self._word_score(profile, w) for w in wanted), default=0.0)
                score = RULES_SHARE * rule_score + (1 - RULES_SHARE) * word_score
                if not (score >= THRESHOLD and rule_score > 0 and word_score > 0):
                    continue
            else:
                score = rule_score
                if score < ANSWER_WEIGHT * FAMILY:
                    continue
            s = profile.summary
            found.append(ScenarioHit(s.id, s.title, s.question, list(s.tags), shared, round(score, 4)))
        found.sort(key=lambda hit: (-hit.score, hit.id))
        return [hit for hit in found[:LIMIT] if hit.score >= RELATIVE * found[0].score]

    def _votes(self, hits: list[tuple[str, list[str]]]) -> list[tuple[float, dict[str, str]]]:
        """Per hit: its weight, and its 2026 numbers mapped to the numbers shown (the hit's document's)."""
        out = []
        for rank, (doc, numbers) in enumerate(hits[:HITS]):
            mapped = {}
            for number in numbers:
                there = number if doc == ENGINE_DOC else self.alignment.counterpart(doc, number, ENGINE_DOC)
                if there:
                    mapped[there] = number
            if mapped:
                out.append((1 / math.sqrt(rank + 1), mapped))
        return out

    def _rule_scores(self, votes) -> list[tuple[_Profile, float, list[str]]]:
        """Each scenario sharing a rule family with a hit: how well its rules match the
        hits' (each hit's best: a rule it names exactly, or `FAMILY` of one of the same rule), out of the
        `RULE_NORM` best hits' weight, and the rules it shares with them exactly, as numbered in the results."""
        total = sum(weight for weight, _ in votes[:RULE_NORM]) or 1.0
        profiles: dict[int, _Profile] = {}
        scores: dict[int, float] = {}
        shared: dict[int, list[str]] = {}
        for weight, mapped in votes:
            best: dict[int, float] = {}
            for number, shown in mapped.items():
                family = _family(number)
                for profile in self._by_family.get(family, ()):
                    key = id(profile)
                    profiles[key] = profile
                    exact = profile.rules.get(number, 0.0)
                    best[key] = max(best.get(key, 0.0), exact, profile.families[family] * FAMILY)
                    if exact and shown not in shared.setdefault(key, []):
                        shared[key].append(shown)
            for key, value in best.items():
                scores[key] = scores.get(key, 0.0) + weight * value
        return [(profiles[key], min(1.0, score / total), shared.get(key, [])) for key, score in scores.items()]

    @staticmethod
    def _word_score(profile: _Profile, wanted: _Wanted) -> float:
        units, total = wanted
        if not total:
            return 0.0
        held = 0.0
        for weight, forms in units:
            held += weight * max((_share(found, profile) for found in forms), default=0.0)
        return held / total


_Wanted = tuple[list[tuple[float, list[list[set[str]]]]], float]  # per unit: weight, its forms' words' terms; total


def _wanted(question: Question | None) -> _Wanted:
    """What `_word_score` looks for in each scenario, worked out once per search: per unit of the question, its
    weight and, per form (as typed first: scenarios are told in players' words too), each word's English terms."""
    if question is None:
        return [], 0.0
    units = [u for u in question.counted if u.source != "number"]
    found = [(u.weight, [forms for form in [u.typed, *u.forms]
                         if (forms := [{t for chain in CHAINS for t in terms(w, "en", chain)} for w in form])])
             for u in units]
    return found, sum(u.weight for u in units)


def paired(question: Question) -> Question:
    """A question of another language read as English keeps only the words it found an English form for (a
    keyword, a title, a pair of the corpus): "el" or "com" read as English words would only weigh the rest down."""
    return replace(question, units=[u for u in question.units if u.source != "word"], fitting=None)


def _share(form: list[set[str]], profile: _Profile) -> float:
    """How much of one form of a unit the scenario holds: the share of its words in its title, question or tags
    ("discard down to seven" is told "discarding to hand size"), all of them in its tags weighing most."""
    found = sum(1 for word in form if word & profile.words)
    if found == len(form) and all(word & profile.tags for word in form):
        return 1.0
    return TOLD * found / len(form)


def _family(number: str) -> str:
    """The rule a subrule belongs to: "702.19c" → "702.19" (a rule is its own family)."""
    return number.rstrip("abcdefghijklmnopqrstuvwxyz")
