"""How full-text scores become a ranking: weights per kind of entry, word coverage, and title matches.

In order of strength:
1. A query naming a keyword rule, section or glossary term ("trample", "mulligan", "legend rule",
   "what is the maximum hand size") puts that entry first, then the rules its glossary entry sends to.
2. BM25 (see `scoring`), times the rarity-weighted share of the query's words the entry holds, so a
   rule combining "deathtouch", "trample" and "lethal damage" beats an entry naming only one of them.
3. Glossary entries and guide paragraphs weigh less than rules: a short definition does not crowd
   out the rule ("mulligan" once ranked the London/Paris/Vancouver entries first), and the guides are
   the lowest authority.
The weights were tuned on the development query set (`benchmarks/search_queries.toml`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from judge_app.search.analysis import CHAINS, term
from judge_app.search.entries import GLOSSARY, GUIDE, RULE
from judge_app.search.queries import number_token
from judge_app.search.titles import Titles

KIND_WEIGHT = {RULE: 1.0, GLOSSARY: 0.4, GUIDE: 0.45}
# A title or glossary term naming the whole query adds this much (the full-text top hit scores 1) …
EXACT_WEIGHT = {RULE: 2.0, GLOSSARY: 1.5, GUIDE: 0.0}
PARTIAL_TITLE = 0.2  # … and one naming part of it, this share of that.
GLOSSARY_RULE_SHARE = 0.85  # the rules a named glossary entry sends to get this share of its bonus
COORDINATION = 2.0  # how hard entries holding only some of the query's words are pushed down


def coordination(held: list[bool], weights: list[float]) -> float:
    """(Weighted share of the query's words the entry holds) ** COORDINATION."""
    total = sum(weights)
    if len(held) < 2 or not total:
        return 1.0
    return (sum(w for h, w in zip(held, weights, strict=True) if h) / total) ** COORDINATION


def named(titles: Titles, doc: str, lang: str, words: list[str], rules: Collection[str],
          incidental: Callable[[str], bool]) -> dict[str, float]:
    """Title, glossary-term and rule-number matches in `doc`: ref → bonus.

    A title naming every content word of the query earns the full bonus; `incidental` words
    (question words, "the", "and": "what is the …") are neither required nor counted. A title naming
    only some of them earns a small share. A rule number among the words ("702.19c trample") names
    that rule outright.
    """
    bonus: dict[str, float] = {}
    for word in words:
        number = number_token(word)
        if number in rules:
            bonus[f"{doc}|{RULE}|{number}"] = EXACT_WEIGHT[RULE]
    content = sum(1 for w in words if not incidental(w))
    if not content:
        return bonus
    for size in range(min(titles.longest, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            span = words[start:start + size]
            covered = sum(1 for w in span if not incidental(w))
            if not covered or any(number_token(w) for w in span):
                continue
            keys = [" ".join(term(w, lang, chain) for w in span) for chain in CHAINS]
            share = 1.0 if covered == content else PARTIAL_TITLE * covered / content
            for entry in titles.lookup(doc, keys):
                weight = share * EXACT_WEIGHT[entry.kind]
                bonus[entry.ref] = max(bonus.get(entry.ref, 0.0), weight)
                for i, number in enumerate(entry.rules):
                    ref = f"{doc}|{RULE}|{number}"
                    bonus[ref] = max(bonus.get(ref, 0.0), weight * GLOSSARY_RULE_SHARE * (0.97 ** i))
    return bonus
