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
from judge_app.search.titles import Named, Titles

KIND_WEIGHT = {RULE: 1.0, GLOSSARY: 0.4, GUIDE: 0.45}
# A title or glossary term naming the whole query adds this much (the full-text top hit scores 1) …
EXACT_WEIGHT = {RULE: 2.0, GLOSSARY: 1.5, GUIDE: 0.0}
PARTIAL_TITLE = 0.2  # … and one naming part of it, this share of that (times the part it names) …
SEVERAL_TITLES = 0.2  # … or this, when the query is several rule titles ("atropelar toque mortífero").
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
    (question words, "the", "and": "what is the …") are neither required nor counted. A query made of
    several rule titles ("atropelar toque mortífero": two keywords) gives each a good share; a title
    naming only part of any other query, a small one. A rule number among the words ("702.19c
    trample") names that rule outright.
    """
    bonus: dict[str, float] = {}
    for word in words:
        number = number_token(word)
        if number in rules:
            bonus[f"{doc}|{RULE}|{number}"] = EXACT_WEIGHT[RULE]
    content = {i for i, w in enumerate(words) if not incidental(w)}
    if not content:
        return bonus
    found: list[tuple[float, Named]] = []  # (share of the content words its span covers, entry)
    by_rule_titles: set[int] = set()  # content words inside some rule title
    for size in range(min(titles.longest, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            span = range(start, start + size)
            covered = content.intersection(span)
            if not covered or any(number_token(words[i]) for i in span):
                continue
            keys = [" ".join(term(words[i], lang, chain) for i in span) for chain in CHAINS]
            for entry in titles.lookup(doc, keys):
                found.append((len(covered) / len(content), entry))
                if entry.kind == RULE:
                    by_rule_titles |= covered
    several_titles = by_rule_titles == content
    for share, entry in found:
        if share < 1:
            share = SEVERAL_TITLES if several_titles and entry.kind == RULE else PARTIAL_TITLE * share
        weight = share * EXACT_WEIGHT[entry.kind]
        bonus[entry.ref] = max(bonus.get(entry.ref, 0.0), weight)
        for i, number in enumerate(entry.rules):
            ref = f"{doc}|{RULE}|{number}"
            bonus[ref] = max(bonus.get(ref, 0.0), weight * GLOSSARY_RULE_SHARE * (0.97 ** i))
    return bonus
